"""Tests of core.models."""
