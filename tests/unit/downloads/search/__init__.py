"""Tests of downloads.search."""
