"""Race: the tiny test-only game the platform's tests play (engine.py says its rules)."""
