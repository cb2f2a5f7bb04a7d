"""Tests of runtime.control."""
