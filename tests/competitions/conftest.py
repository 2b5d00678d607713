import itertools

import pytest

from play.models import Game


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    """Every game's seed from a counter (the deals, the bots' choices), so each run plays the same."""
    counter = itertools.count(1000)
    field = Game._meta.get_field("seed")
    # Django keeps the field's default in a cached property once read: both are replaced for the test.
    monkeypatch.setattr(field, "default", lambda: next(counter))
    monkeypatch.setattr(field, "_get_default", lambda: next(counter))
