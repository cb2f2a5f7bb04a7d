"""Tests of core.memory."""
