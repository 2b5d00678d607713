"""The engine behind the platform protocol: options, determinism, purity, JSON, replay."""

from __future__ import annotations

import json
import random

import pytest

from games.lacitta.engine.engine import ENGINE
from kit.base import Engine, IllegalMove, InvalidOptions
from play import registry


def test_engine_is_registered_and_follows_the_protocol():
    assert isinstance(ENGINE, Engine)
    assert registry.get("lacitta") is ENGINE
    assert (ENGINE.slug, ENGINE.name, ENGINE.min_players, ENGINE.max_players) == ("lacitta", "La Città", 2, 5)
    specs = {o.name: o for o in ENGINE.options}
    assert specs["edition"].choices == ("classic", "modern")
    assert specs["expansion"].choices == ("none", "cocagne")
    assert specs["setup"].choices == ("beginner", "advanced")


def test_validate_options():
    assert ENGINE.validate_options({}, 3) == {"edition": "modern", "expansion": "none", "setup": "beginner",
                                              "voice_tie": "in_turn"}
    for bad, players, text in [({"edition": "classic", "expansion": "cocagne"}, 3, "modern edition only"),
                               ({"edition": "deluxe"}, 3, "edition must be one of"),
                               ({"colour": "red"}, 3, "Unknown option"),
                               ({}, 6, "2 to 5 players"), ({}, 1, "2 to 5 players")]:
        with pytest.raises(InvalidOptions, match=text):
            ENGINE.validate_options(bad, players)
    with pytest.raises(InvalidOptions):
        ENGINE.new_game({"edition": "classic", "expansion": "cocagne"}, 3, 1)


def test_new_game_is_deterministic_per_seed():
    a = ENGINE.dump(ENGINE.new_game({"setup": "advanced"}, 4, 42).state)
    b = ENGINE.dump(ENGINE.new_game({"setup": "advanced"}, 4, 42).state)
    c = ENGINE.dump(ENGINE.new_game({"setup": "advanced"}, 4, 43).state)
    assert a == b and a != c
    assert a["schema_version"] == 2 and isinstance(a["rng"], int)


def test_apply_never_mutates_and_never_half_applies():
    s = ENGINE.new_game({"expansion": "cocagne", "setup": "advanced"}, 3, 5).state
    rnd = random.Random(5)
    for _ in range(60):
        before = json.dumps(ENGINE.dump(s), sort_keys=True)
        seat = rnd.choice(sorted(ENGINE.pending(s)))
        legal = ENGINE.legal_moves(s, seat)
        bad = dict(rnd.choice(legal), cell=-5) if rnd.random() < 0.5 else {"type": "pass", "extra": 1}
        with pytest.raises(IllegalMove):
            ENGINE.apply(s, seat, bad)
        other = next(iter(set(range(3)) - ENGINE.pending(s)), None)
        if other is not None:
            with pytest.raises(IllegalMove) as err:
                ENGINE.apply(s, other, legal[0])
            assert err.value.key == "lacitta.error.not_your_turn"
        nxt = ENGINE.apply(s, seat, rnd.choice(legal)).state
        assert json.dumps(ENGINE.dump(s), sort_keys=True) == before
        s = nxt


def test_illegal_move_messages_are_readable_and_translatable():
    s = ENGINE.new_game({}, 2, 1).state
    seat = next(iter(ENGINE.pending(s)))
    for move in ({"type": "fly"}, {"type": "build", "building": "castle", "cell": 0}, "pass", None,
                 {"type": "politics", "slot": 99}):
        with pytest.raises(IllegalMove) as err:
            ENGINE.apply(s, seat, move)
        assert err.value.key.startswith("lacitta.error.") and err.value.message and \
            isinstance(err.value.params, dict)


def test_dump_load_round_trip_and_schema_check():
    s = ENGINE.new_game({"edition": "classic"}, 5, 9).state
    data = json.loads(json.dumps(ENGINE.dump(s)))
    assert ENGINE.load(data) == s and ENGINE.dump(ENGINE.load(data)) == data
    with pytest.raises(ValueError):
        ENGINE.load(dict(data, schema_version=99))


def test_replay_from_the_seed_rebuilds_the_same_state():
    options = {"edition": "modern", "expansion": "cocagne", "setup": "advanced"}
    rnd = random.Random(77)
    s = ENGINE.new_game(options, 4, 77).state
    history = []
    while not ENGINE.is_over(s):
        seat = rnd.choice(sorted(ENGINE.pending(s)))
        move = rnd.choice(ENGINE.legal_moves(s, seat))
        history.append((seat, json.loads(json.dumps(move))))
        s = ENGINE.apply(s, seat, move).state
    r = ENGINE.new_game(options, 4, 77).state
    for seat, move in history:
        r = ENGINE.apply(ENGINE.load(json.loads(json.dumps(ENGINE.dump(r)))), seat, move).state
    assert r == s and ENGINE.result(r) == ENGINE.result(s)
    assert ENGINE.pending(s) == set() and ENGINE.legal_moves(s, 0) == []
    res = ENGINE.result(s)
    assert len(res.scores) == len(res.ranks) == len(res.details) == 4 and 1 in res.ranks
    assert set(res.details[0]) >= {"citizens", "service_bonus", "cities_with_bonus", "famine_penalty", "gold",
                                   "eliminated"}
    assert ENGINE.view(s, None)["result"]["ranks"] == res.ranks


def test_result_is_none_until_the_end():
    s = ENGINE.new_game({}, 2, 1).state
    assert ENGINE.result(s) is None and not ENGINE.is_over(s)
