"""Tests of core.lemonade."""
