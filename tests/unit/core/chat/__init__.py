"""Tests of core.chat."""
