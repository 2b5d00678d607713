"""Random games over 2–6 players with every invariant of ``ENGINE.invariants`` checked after
every move (token and tile conservation, knowledge, protection, end conditions, JSON round
trip). 1,000 games: ``python -m games.infinitecity.engine.selfplay --games 1000``."""

from __future__ import annotations

import random
from collections import Counter

from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.invariants import ALL
from games.infinitecity.engine.selfplay import play


def test_invariants_are_the_engines():
    assert ENGINE.invariants == ALL
    names = {fn.__name__ for fn in ENGINE.invariants}
    assert {"tokens_conserved", "tiles_conserved", "protection_respected", "end_conditions",
            "json_roundtrip"} <= names


def test_three_dozen_random_games_keep_every_invariant():
    rnd = random.Random(2024)
    counts: dict = {}
    endings: Counter = Counter()
    for g in range(36):
        players = 2 + g % 5
        options = {"marks": ("known-only", "none")[g % 2]}
        state, moves, _ = play(options, players, 7000 + g, rnd, ENGINE.invariants, counts)
        assert ENGINE.is_over(state) and moves > 10
        endings[state.over_reason] += 1
    assert min(counts.values()) > 1000
    assert endings["last_token"] > 20


def test_a_broken_invariant_is_reported():
    state = ENGINE.new_game({}, 3, 1).state
    state.supply[0] -= 1
    broken = {fn.__name__: fn(state) for fn in ENGINE.invariants if fn.__name__ != "json_roundtrip"}
    assert broken["tokens_conserved"] and not broken["tiles_conserved"]
    state.supply[0] += 1
    state.pile.append("capitol")
    state.pile_known.append(0)
    assert "tiles" in ENGINE.invariants[1](state)
