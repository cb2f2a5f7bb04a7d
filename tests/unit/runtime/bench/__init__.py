"""Tests of runtime.bench."""
