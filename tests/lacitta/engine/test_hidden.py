"""R80: hidden information never leaves the engine except to whoever may see it."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.lacitta.engine.engine import ENGINE
from tests.lacitta.engine.helpers import act, castle, make_state, turns
from tests.lacitta.engine.maps import walk

SERVICES = ["culture", "education", "health"]
CARDS = ["palace", "hospital", "domain", "master_builder", "rich_harvest", "golden_times"]


def scramble(s, seat, rnd: random.Random):
    """A state that differs from ``s`` only in what ``seat`` (None: a spectator) may not know."""
    t = s.copy()
    if t.voice and not t.voice_revealed:
        known = t.players[seat]["peeks"] if seat is not None else (None, None, None)
        voice = list(t.voice)
        for i in range(3):
            if known[i] is None:
                voice[1 + i] = rnd.choice(SERVICES)
        t.voice = voice
        for p in t.players:  # other players' peeks stay consistent with the new cards
            p["peeks"] = tuple(voice[1 + i] if v is not None else None for i, v in enumerate(p["peeks"]))
    t.voice_deck = [rnd.choice(SERVICES) for _ in t.voice_deck]
    t.pol_deck = [rnd.choice(CARDS) for _ in t.pol_deck]
    t.pol_discard = [rnd.choice(CARDS) for _ in t.pol_discard]
    for p in t.players:
        p["passed"] = tuple(rnd.choice(CARDS) for _ in p["passed"])
    if t.phase == "choice" and t.voice_tie == "at_once":  # in turn, the choices made are public
        t.choice_made = [(c, owner, svc if owner == seat else rnd.choice(t.voice_winners))
                         for c, owner, svc in t.choice_made]
    t.rng = rnd.getrandbits(64)
    return t


def test_R80_face_down_voice_and_peeks():
    b = walk()
    s = make_state(b, 3, voice=["health", "culture", "education", "culture"],
                   row=["close_to_people"] * 2 + ["palace"] * 5)
    castle(s, 0, b.cell(2, 1), 4)
    turns(s, 0, 1)
    s, log = act(s, 0, {"type": "politics", "slot": 0, "look": [1, 2]})
    public = [e for e in log if e.visible_to is None]
    assert not any("education" in json.dumps(e.params) for e in public)
    for seat in (None, 1, 2):
        text = json.dumps(ENGINE.view(s, seat))
        assert ENGINE.view(s, seat)["voice"]["known"] == {}
        assert ENGINE.view(s, seat)["voice"]["face_down"] == 3
        assert "rng" not in text
    assert ENGINE.view(s, 0)["voice"]["known"] == {"1": "education", "2": "culture"}


def test_R80_a_passed_card_is_seen_by_nobody():
    b = walk()
    s = make_state(b, 2)
    castle(s, 0, b.cell(2, 1), 4)
    turns(s, 0, 1)
    top = s.pol_deck[-1]
    s, log = act(s, 0, {"type": "pass"})
    assert s.players[0]["passed"] == (top,)
    assert [e.params for e in log] == [{"seat": 0, "drew": True}]
    for seat in (0, 1, None):
        v = ENGINE.view(s, seat)
        assert v["players"][0]["passed_cards"] == 1 and v["players"][0]["politics_used"] == []
        assert "deck_order" not in v and isinstance(v["politics"]["deck"], int)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), options=st.sampled_from([
    {"edition": "classic", "expansion": "none", "setup": "beginner"},
    {"edition": "modern", "expansion": "none", "setup": "advanced"},
    {"edition": "modern", "expansion": "none", "setup": "advanced", "voice_tie": "at_once"},
    {"edition": "modern", "expansion": "cocagne", "setup": "beginner"},
]), players=st.integers(2, 5), stop=st.integers(0, 400))
def test_R80_views_do_not_depend_on_what_a_seat_may_not_know(seed, options, players, stop):
    rnd = random.Random(seed)
    s = ENGINE.new_game(options, players, seed).state
    for _ in range(stop):
        if ENGINE.is_over(s):
            break
        seat = rnd.choice(sorted(ENGINE.pending(s)))
        s = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_moves(s, seat))).state
    for seat in [None, *range(players)]:
        other = scramble(s, seat, rnd)
        assert ENGINE.view(other, seat) == ENGINE.view(s, seat)
        if seat is not None:
            assert ENGINE.legal_moves(other, seat) == ENGINE.legal_moves(s, seat)


@pytest.mark.parametrize("voice_tie", ["in_turn", "at_once"])
def test_R80_private_log_lines_are_marked(voice_tie):
    rnd = random.Random(3)
    s = ENGINE.new_game({"edition": "modern", "voice_tie": voice_tie}, 4, 3).state
    private = 0
    while not ENGINE.is_over(s):
        seat = rnd.choice(sorted(ENGINE.pending(s)))
        res = ENGINE.apply(s, seat, rnd.choice(ENGINE.legal_moves(s, seat)))
        for e in res.log:
            if e.key == "lacitta.peek_seen" or (e.key == "lacitta.voice_choice" and voice_tie == "at_once"):
                assert e.visible_to == (e.params["seat"],)
                private += 1
            elif e.key == "lacitta.voice_choice":  # in turn: the later seats see it
                assert e.visible_to is None
            if e.key == "lacitta.pass":
                assert set(e.params) == {"seat", "drew"}
        s = res.state
    assert private >= 0
