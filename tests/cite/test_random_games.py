"""Random games through the kit's selfplay, every invariant checked after every move (resources
conserved except production, payment and conversion; no building outside its quarter; squares paid =
squares built; contracts executed or shown breached; offers within limits; JSON round trip). The
1,000-game run: ``python -m games.cite.measure selfplay --games 1000``."""

from __future__ import annotations

import random
from collections import Counter

from games.cite.engine.engine import ENGINE
from games.cite.engine.invariants import CHEAP
from games.cite.measure import RandomConcrete, run_selfplay
from kit import selfplay

from .helpers import give, window


def test_invariants_are_the_engines():
    names = {fn.__name__ for fn in selfplay.checks_for(ENGINE, "all")}
    assert {"resources_conserved", "buildings_in_quarters", "squares_paid_equal_built",
            "contracts_executed_or_breached", "offers_within_limits", "json_roundtrip"} <= names
    assert ENGINE.invariants == CHEAP


def test_random_games_keep_every_invariant():
    summary = run_selfplay(8, 2026, "3-4", "all")
    assert summary["games"] == 8 and summary["endings"]["last_round"] + summary["endings"].get("all_built", 0) == 8
    assert min(summary["checks_passed"].values()) > 400


def test_random_games_with_answers_from_done_seats_trade_and_sign_contracts():
    """Seats that may act (done, an offer waiting) answer too; trades and contracts happen."""
    rnd = random.Random(5)
    keys: Counter = Counter()
    for g in range(8):
        s = ENGINE.new_game({"first_game_gift": "yes"}, 3 + g % 2, 900 + g).state
        while not ENGINE.is_over(s):
            seat = rnd.choice(sorted(ENGINE.pending(s) | ENGINE.may_act(s)))
            legal = ENGINE.legal_moves(s, seat)
            r = ENGINE.apply(s, seat, ENGINE.sample_move(s, seat, rnd.choice(legal), rnd))
            keys.update(e.key for e in r.log)
            s = r.state
            for check in CHEAP:
                assert check(s) is None, check.__name__
    assert keys["cite.accepted"] > 10 and keys["cite.built"] > 10
    assert keys["cite.contract_paid"] + keys["cite.contract_breached"] > 0


def test_a_broken_invariant_is_reported():
    s = window()
    give(s, 0, wood=3)
    s.seats[0]["res"]["wood"] += 1
    assert "wood" in CHEAP[0](s)
    s.seats[0]["res"]["wood"] -= 1
    s.buildings["bx"] = {"kind": "bank", "owner": 0, "cells": [[50, 50]] if s.seats[0]["quarter"] != 1 else [[-50, 5]],
                         "round": 2, "paid": 1}
    s.reindex()
    assert "outside" in CHEAP[1](s)
    assert "paid" in CHEAP[2](s)


def test_adapter_hands_the_kit_concrete_moves():
    s = ENGINE.new_game({}, 4, 1).state
    assert all("ranges" not in m for m in RandomConcrete(ENGINE, 1).legal_moves(s, 0))
