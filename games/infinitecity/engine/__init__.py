"""Infinite City rules engine (docs to come)."""
