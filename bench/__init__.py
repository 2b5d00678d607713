"""Benchmarks run on demand (never part of CI's pass/fail): see bench/README.md."""
