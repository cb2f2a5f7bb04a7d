"""Tests of core.batch."""
