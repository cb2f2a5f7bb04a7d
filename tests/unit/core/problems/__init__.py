"""Tests of core.problems."""
