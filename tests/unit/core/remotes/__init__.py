"""Tests of core.remotes."""
