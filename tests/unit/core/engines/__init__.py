"""Tests of core.engines."""
