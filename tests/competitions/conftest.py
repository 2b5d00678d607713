import itertools

import pytest

from play.models import Game


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch):
    """Every game's seed from a counter (the deals, the bots' choices), so each run plays the same."""
    counter = itertools.count(1000)
    monkeypatch.setattr(Game._meta.get_field("seed"), "default", lambda: next(counter))
