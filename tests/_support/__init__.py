"""Helpers the tests share: imported by test modules, never a test module imported by another."""
