"""Tests of core.bench."""
