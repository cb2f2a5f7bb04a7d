"""Tests of core.cluster."""
