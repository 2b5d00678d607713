"""Property tests: random legal games for every option combination keep every invariant,
and ``apply`` accepts exactly the moves ``legal_moves`` lists."""

from __future__ import annotations

import itertools
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.lacitta.engine.engine import ALL_CHECKS as ALL
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.invariants import CHEAP, check
from kit.base import IllegalMove

COMBOS = [
    {"edition": e, "expansion": x, "setup": st_}
    for e, x in (("classic", "none"), ("modern", "none"), ("modern", "cocagne"))
    for st_ in ("beginner", "advanced")
]
CASES = [(o, p) for o, p in itertools.product(COMBOS, (2, 3, 4, 5))]
# A few examples per case keep the default run at seconds; LACITTA_EXAMPLES=50 for a deep run.
SCALE = max(1, int(os.environ.get("LACITTA_EXAMPLES", "3")))
FAST = settings(max_examples=SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(options, players, seed, on_move=None):
    rnd = random.Random(seed)
    s = ENGINE.new_game(options, players, seed).state
    history = []
    while not ENGINE.is_over(s):
        waiting = sorted(ENGINE.pending(s))
        assert waiting, "nobody to move but the game is not over"
        seat = rnd.choice(waiting)
        legal = ENGINE.legal_moves(s, seat)
        # A decision with a single answer is never left waiting for anybody.
        for w in waiting:
            assert len(ENGINE.legal_moves(s, w)) >= 2, (s.phase, ENGINE.legal_moves(s, w))
        move = rnd.choice(legal)
        history.append((seat, move))
        s = ENGINE.apply(s, seat, move).state
        if on_move:
            on_move(s, len(history))
    return s, history


@pytest.mark.parametrize("options,players", CASES, ids=[f"{o['edition']}-{o['expansion']}-{o['setup']}-{p}"
                                                        for o, p in CASES])
@FAST
@given(seed=st.integers(0, 2**31))
def test_random_games_keep_every_invariant(options, players, seed):
    def on_move(s, n):
        broken = check(s, ALL if n % 7 == 0 else CHEAP)
        assert not broken, broken
        if n % 11 == 0:
            for seat in (None, *range(players)):
                json.dumps(ENGINE.view(s, seat))

    s, history = _play(options, players, seed, on_move)
    assert not check(s, ALL)
    # Replaying the moves from the seed gives the very same state.
    r = ENGINE.new_game(options, players, seed).state
    for seat, move in history:
        r = ENGINE.apply(r, seat, move).state
    assert r == s
    res = ENGINE.result(s)
    assert res is not None and min(res.ranks) == 1


def _variants(move: dict, s) -> list[dict]:
    """Near misses of a legal move: other cells, buildings, slots, counts, services."""
    out = []
    for key, value in move.items():
        if key == "type":
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            for d in (-1, 1, 2, 7):
                out.append({**move, key: value + d})
        elif isinstance(value, str):
            for other in ("farm", "market", "fountain", "palace", "road", "port", "culture", "health", "castle"):
                out.append({**move, key: other})
        elif isinstance(value, list):
            out.append({**move, key: value[::-1]})
            out.append({**move, key: value[:1]})
            out.append({**move, key: value + [value[-1] + 1]})
        out.append({k: v for k, v in move.items() if k != key})
    out.append({**move, "extra": 1})
    return out


@pytest.mark.parametrize("options", COMBOS[::2] + [COMBOS[-1]], ids=lambda o: "-".join(o.values()))
@settings(max_examples=SCALE + 1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5), stop=st.integers(0, 300))
def test_apply_accepts_exactly_the_legal_moves(options, seed, players, stop):
    rnd = random.Random(seed)
    s = ENGINE.new_game(options, players, seed).state
    for _ in range(stop):
        if ENGINE.is_over(s):
            return
        seat = rnd.choice(sorted(ENGINE.pending(s)))
        s = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_moves(s, seat))).state
    if ENGINE.is_over(s):
        return
    for seat in range(players):
        legal = ENGINE.legal_moves(s, seat)
        keyed = {json.dumps(m, sort_keys=True) for m in legal}
        assert len(keyed) == len(legal), "duplicate legal moves"
        for move in rnd.sample(legal, min(len(legal), 12)):
            ENGINE.apply(s, seat, move)
            for near in rnd.sample(_variants(move, s), min(25, len(_variants(move, s)))):
                ok = json.dumps(near, sort_keys=True) in keyed
                try:
                    ENGINE.apply(s, seat, near)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == ok, (s.phase, move, near)


def _resolve(s, order):
    """Answer every pending decision with each seat's first legal move, seats taken in
    ``order``, until the phase is over (the engine then runs on by itself)."""
    phase, year = s.phase, s.year
    while ENGINE.pending(s) and (s.phase, s.year) == (phase, year):
        seat = next(x for x in order if x in ENGINE.pending(s))
        s = ENGINE.apply(s, seat, ENGINE.legal_moves(s, seat)[0]).state
    return s


@settings(max_examples=4 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), options=st.sampled_from(COMBOS), players=st.integers(3, 5))
def test_simultaneous_decisions_do_not_depend_on_answer_order(seed, options, players):
    rnd = random.Random(seed)
    s = ENGINE.new_game(options, players, seed).state
    compared = 0
    while not ENGINE.is_over(s) and compared < 3:
        waiting = sorted(ENGINE.pending(s))
        if len(waiting) >= 2 and s.phase != "actions":
            forward = _resolve(s, waiting)
            backward = _resolve(s, waiting[::-1])
            assert forward == backward, s.phase
            compared += 1
        seat = rnd.choice(waiting)
        s = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_moves(s, seat))).state


@pytest.mark.parametrize("options", [COMBOS[1], COMBOS[4]], ids=["classic-advanced", "cocagne-beginner"])
def test_the_city_index_kept_up_to_date_equals_a_fresh_one(options):
    """``place``/``remove`` update the city index instead of rebuilding it: after every
    move it must equal (order included) the one built from the board."""
    from games.lacitta.engine.cities import _index

    def on_move(s, n):
        if s._cities is not None:
            fresh = s.copy()
            fresh._cities = None
            kept, built = s._cities, _index(fresh)
            assert [list(x.items()) for x in kept[:3]] == [list(x.items()) for x in built[:3]]

    for seed in (1, 2):
        _play(options, 4, seed, on_move)
