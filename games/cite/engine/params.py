"""Moves with parameters (contract v2, item 4): the kit's ``conforms`` and ``sample``."""

from kit.params import conforms, sample

__all__ = ["conforms", "sample"]
