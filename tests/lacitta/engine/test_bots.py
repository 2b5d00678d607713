"""La Città bots (``games.lacitta.bots``): legal answers in every decision, the
same answer for the same view and seed, nothing read but the view, and greedy beats
random. No database; strength targets are measured by ``bench/bots.py`` and
``manage.py arena``, never asserted here."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.lacitta.bots import LEVELS, choose_expert, choose_greedy
from games.lacitta.bots.determinize import sample_state, voice_outcomes
from games.lacitta.bots.expert import knowledge_for
from games.lacitta.bots.heuristics import near_pairs
from games.lacitta.engine.cities import cities
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.migration import neighbours
from play import bots as platform_bots

SERVICES = ["culture", "education", "health"]

CONFIGS = [
    ({"edition": "modern", "expansion": "none", "setup": "beginner"}, 4, 3),
    ({"edition": "classic", "expansion": "none", "setup": "beginner"}, 2, 11),
    ({"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, 5, 5),
    ({"edition": "classic", "expansion": "none", "setup": "advanced"}, 3, 2),
]


def kind_of(view: dict) -> str:
    return view["decision"]["kind"]


def play(options, players, seed, levels, on_decision=None, max_decisions=None):
    """A bot-only game; ``on_decision(view, legal, seat)`` sees every decision."""
    state = ENGINE.new_game(options, players, seed).state
    n = 0
    while not ENGINE.is_over(state) and (max_decisions is None or n < max_decisions):
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        view = ENGINE.view(state, seat)
        if on_decision:
            on_decision(state, view, legal, seat)
        chooser = platform_bots.random_move if levels[seat] == "random" else LEVELS[levels[seat]]
        move = chooser(ENGINE, view, legal, seat, random.Random(seed * 1000 + n))
        assert move in legal, (levels[seat], view["phase"], move)
        state = ENGINE.apply(state, seat, move).state
        n += 1
    return state


def test_levels_are_registered_for_the_platform():
    assert platform_bots.levels_for("lacitta") == ["random", "greedy", "expert"]
    assert LEVELS == {"greedy": choose_greedy, "expert": choose_expert}


@pytest.mark.slow
def test_every_level_answers_every_decision_kind_with_a_legal_move():
    """Games with random and greedy seats (both answer every decision); the expert is
    asked too, on the first decision of each kind in each game."""
    seen: Counter = Counter()
    for options, players, seed in CONFIGS:
        asked: set = set()
        levels = ["greedy", "random"] * 3

        def check(state, view, legal, seat, asked=asked):
            kind = kind_of(view)
            seen[kind] += 1
            if kind not in asked:
                asked.add(kind)
                move = choose_expert(ENGINE, view, legal, seat, random.Random(1))
                assert move in legal, (kind, move)

        final = play(options, players, seed, levels[:players], check)
        assert ENGINE.is_over(final)
    assert {"place_castle", "turn", "voice_choice", "demolish", "feeding"} <= set(seen), seen


def _mid_game(options, players, seed, decisions):
    return play(options, players, seed, ["greedy"] * players, max_decisions=decisions)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_same_view_and_seed_give_the_same_move(level):
    state = _mid_game({"edition": "modern", "expansion": "none", "setup": "beginner"}, 3, 4, 17)
    seat = min(ENGINE.pending(state))
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    assert len(legal) > 1
    first = LEVELS[level](ENGINE, view, legal, seat, random.Random(99))
    again = LEVELS[level](ENGINE, json.loads(json.dumps(view)), list(legal), seat, random.Random(99))
    assert first == again and first in legal


class NoEngine:
    """Stands in for the engine: a bot that reached for it would fail."""

    def __getattr__(self, name):
        raise AssertionError(f"the bot used engine.{name}")


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_a_bot_needs_only_the_view_and_the_legal_moves(level):
    state = _mid_game({"edition": "modern", "expansion": "cocagne", "setup": "beginner"}, 4, 8, 30)
    seat = min(ENGINE.pending(state))
    view = json.loads(json.dumps(ENGINE.view(state, seat)))  # plain data, no link to the state
    legal = json.loads(json.dumps(ENGINE.legal_moves(state, seat)))
    move = LEVELS[level](NoEngine(), view, legal, seat, random.Random(5))
    assert move in legal


def scramble(s, seat, rnd: random.Random):
    """A state that differs from ``s`` only in what ``seat`` may not know (R80)."""
    t = s.copy()
    if t.voice and not t.voice_revealed:
        known = t.players[seat]["peeks"]
        voice = list(t.voice)
        for i in range(3):
            if known[i] is None:
                voice[1 + i] = rnd.choice(SERVICES)
        t.voice = voice
        for p in t.players:
            p["peeks"] = tuple(voice[1 + i] if v is not None else None for i, v in enumerate(p["peeks"]))
    t.voice_deck = [rnd.choice(SERVICES) for _ in t.voice_deck]
    t.voice_discard = [rnd.choice(SERVICES) for _ in t.voice_discard]
    cards = ["palace", "cathedral", "golden_times", "rich_harvest", "master_builder"]
    t.pol_deck = [rnd.choice(cards) for _ in t.pol_deck]
    t.pol_discard = [rnd.choice(cards) for _ in t.pol_discard]
    for p in t.players:
        p["passed"] = tuple(rnd.choice(cards) for _ in p["passed"])
    t.rng = rnd.getrandbits(64)
    return t


@pytest.mark.slow
@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_hidden_cards_do_not_change_the_move(level):
    """Two states that differ only in face-down Voice cards, deck order and contents,
    passed cards and the RNG show the same view, so the bot plays the same move."""
    state = _mid_game({"edition": "modern", "expansion": "none", "setup": "beginner"}, 4, 6, 26)
    seat = min(ENGINE.pending(state))
    other = scramble(state, seat, random.Random(3))
    assert other.voice != state.voice or other.pol_deck != state.pol_deck
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    legal = ENGINE.legal_moves(state, seat)
    a = LEVELS[level](ENGINE, ENGINE.view(state, seat), legal, seat, random.Random(11))
    b = LEVELS[level](ENGINE, ENGINE.view(other, seat), ENGINE.legal_moves(other, seat), seat, random.Random(11))
    assert a == b


def test_sampled_states_agree_with_the_view():
    """``sample_state`` fills in only what the seat cannot see: its view and legal moves
    are those of the real state, and the Voice odds add up to one."""
    checked = 0
    for options, players, seed in CONFIGS:
        def check(state, view, legal, seat):
            nonlocal checked
            sample = sample_state(view, random.Random(checked))
            assert ENGINE.view(sample, seat) == view
            assert ENGINE.legal_moves(sample, seat) == legal
            odds = voice_outcomes(view)
            assert not odds or abs(sum(p for p, _w in odds) - 1) < 1e-9
            assert knowledge_for(sample, seat).outcomes == odds  # what playouts assume a seat knows
            near = near_pairs(state, cities(state))
            assert {c: sorted(v) for c, v in near.items()} == neighbours(state)
            checked += 1

        play(options, players, seed + 100, ["random"] * players, check)
    assert checked > 200


@pytest.mark.slow
def test_greedy_beats_random_in_two_player_games():
    wins = 0
    for g in range(10):
        levels = ["greedy", "random"] if g % 2 == 0 else ["random", "greedy"]
        state = play({"edition": "modern", "expansion": "none", "setup": "beginner"}, 2, 500 + g, levels)
        result = ENGINE.result(state)
        wins += result.ranks[levels.index("greedy")] == 1
    assert wins >= 8, wins


def test_expert_candidates_are_the_best_move_of_each_kind_first():
    """The search weighs different kinds of move (a farm against a market against
    gold), not one building on several hexes: the best move of each kind comes first,
    greedy's own choice among them."""
    from games.lacitta.bots.expert import DEFAULT_BUDGET, _group, candidates
    from games.lacitta.bots.greedy import score_moves
    from games.lacitta.bots.heuristics import knowledge_from_view

    state = _mid_game({"edition": "modern", "expansion": "none", "setup": "beginner"}, 4, 8, 30)
    seat = min(ENGINE.pending(state))
    view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
    base = sample_state(view, random.Random(1))
    ranked = score_moves(base, seat, legal, knowledge_from_view(view))
    cands = candidates(base, ranked, DEFAULT_BUDGET)
    kinds = {_group(base, m) for _sc, m in ranked}
    assert len(cands) == min(DEFAULT_BUDGET.candidates, len(ranked))
    assert len({_group(base, m) for m in cands}) == min(len(kinds), len(cands))
    score = {json.dumps(m, sort_keys=True): sc for sc, m in ranked}
    assert score[json.dumps(cands[0], sort_keys=True)] == max(score.values())
