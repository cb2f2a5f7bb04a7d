"""Tests of runtime.batch."""
