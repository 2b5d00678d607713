"""Cité's rules, pure Python (never imports Django). ``engine.ENGINE`` is the platform's entry point."""
