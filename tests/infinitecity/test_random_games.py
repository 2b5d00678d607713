"""Random games over 2–6 players with every invariant checked after every move (token and tile
conservation, knowledge, protection, end conditions, JSON round trip), through the platform's
generic selfplay. 1,000 games: ``manage.py selfplay --game infinitecity --players 2-6 --games 1000
--checks all``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.infinitecity.engine.engine import ALL_CHECKS as ALL
from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.invariants import CHEAP
from kit import selfplay
from kit.selfplay import play


def test_invariants_are_the_engines():
    assert ENGINE.invariants == CHEAP and ALL == CHEAP + (ALL[-1],)
    names = {fn.__name__ for fn in selfplay.checks_for(ENGINE, "all")}
    assert {"tokens_conserved", "tiles_conserved", "knowledge_consistent", "protection_respected",
            "end_conditions", "json_roundtrip"} <= names


@pytest.mark.slow
def test_three_dozen_random_games_keep_every_invariant():
    rnd = random.Random(2024)
    counts: dict = {}
    endings: Counter = Counter()
    for g in range(36):
        players = 2 + g % 5
        options = {"marks": ("known-only", "none")[g % 2]}
        state, moves, _ = play(ENGINE, options, players, 7000 + g, rnd, ALL, counts)
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


def test_selfplay_cycles_through_player_counts_and_counts_the_endings():
    summary = selfplay.run(ENGINE, {}, "2-6", games=10, seed=3, checks="all")
    assert summary["players"] == "2-6" and summary["marks"] == "known-only"
    assert sum(summary["endings"].values()) == 10
    assert set(summary["endings"]) <= {"last_token", "power_stations", "all_passed"}
    assert summary["checks_passed"]["json_roundtrip"] == summary["checks_passed"]["tokens_conserved"]
