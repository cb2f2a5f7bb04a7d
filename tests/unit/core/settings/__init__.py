"""Tests of core.settings."""
