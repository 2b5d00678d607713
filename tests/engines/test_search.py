"""kit.search, the one search every game's expert uses (issue 34): its rules on a toy, and every registered
game's expert playing a legal whole game through it."""

import random
import sys

import pytest

from kit import search as kit_search
from kit.search import Plan, halving_rounds, search
from play import registry


def toy_search(values: dict, *, plan: Plan, worlds: int = 4, noise: float = 0.0, seen=None):
    """Candidates whose playout is worth ``values[move]`` plus the world's own noise (the same for every
    candidate of a world: common random numbers)."""
    def playout(world, seat, move, rng):
        if seen is not None:
            seen.append((world, move["m"]))
        return values[move["m"]] + noise * world + rng.random() * 0.001

    return search(view={}, seat=0, rng=random.Random(1), candidates=[(0.0, {"m": m}) for m in values],
                  sample_world=lambda view, rng: rng.random(), playout=playout, worlds=lambda alive: worlds,
                  plan=plan)


def test_the_best_candidate_wins_and_every_candidate_meets_the_same_worlds():
    seen = []
    assert toy_search({"a": 1.0, "b": 3.0, "c": 2.0}, plan=Plan(), noise=10.0, seen=seen) == {"m": "b"}
    worlds = {}
    for world, move in seen:
        worlds.setdefault(world, set()).add(move)
    assert len(worlds) == 4 and all(moves == {"a", "b", "c"} for moves in worlds.values())


def test_successive_halving_spends_the_later_worlds_on_the_contenders():
    seen = []
    values = {f"m{i}": float(i) for i in range(8)}
    assert halving_rounds(8) == 3
    assert toy_search(values, plan=Plan(rounds=3), seen=seen) == {"m": "m7"}
    played = {m: sum(1 for _w, x in seen if x == m) for m in values}
    assert played["m0"] == 4 and played["m7"] == 12 and played["m6"] == 12  # dropped after round 1; kept to the end


def test_prior_and_stick_move_the_choice():
    cands = [(5.0, {"m": "a"}), (0.0, {"m": "b"})]

    def choose(plan):
        return search(view={}, seat=0, rng=random.Random(2), candidates=cands, sample_world=lambda v, r: 0,
                      playout=lambda w, s, m, r: 1.0 if m["m"] == "b" else 0.0, worlds=lambda a: 2, plan=plan)

    assert choose(Plan()) == {"m": "b"}
    assert choose(Plan(prior=0.5)) == {"m": "a"}  # 0.5 × 5 outweighs the playouts' 1
    assert choose(Plan(stick=1.5)) == {"m": "a"}  # the first candidate's bonus


def test_equal_values_are_drawn_when_asked():
    picks = {search(view={}, seat=0, rng=random.Random(seed), candidates=[(0.0, {"m": "a"}), (0.0, {"m": "b"})],
                    sample_world=lambda v, r: 0, playout=lambda w, s, m, r: 1.0, worlds=lambda a: 1,
                    plan=Plan(random_ties=True))["m"] for seed in range(20)}
    assert picks == {"a", "b"}


def experts():
    found = []
    for engine in sorted(registry.available(), key=lambda e: e.slug):
        chooser = registry.definition(engine.slug).bot_levels.get("expert")
        if chooser is not None:
            found.append(pytest.param(engine, chooser, id=engine.slug))
    return found


@pytest.mark.parametrize(("engine", "chooser"), experts())
def test_every_expert_plays_a_legal_whole_game_through_the_shared_search(engine, chooser, monkeypatch):
    """The expert's module calls kit.search.search (the one search); made cheap here (one world a round)."""
    module = sys.modules[chooser.__module__]
    assert getattr(module, "search", None) is kit_search.search, f"{engine.slug}'s expert has a search of its own"
    calls = []

    def cheap(**kwargs):
        calls.append(1)
        return kit_search.search(**{**kwargs, "worlds": lambda alive: 1})

    monkeypatch.setattr(module, "search", cheap)
    players = min(max(engine.min_players, 3), engine.max_players)
    state = engine.new_game(engine.validate_options({}, players), players, 11).state
    rng = random.Random(3)
    moves = 0
    while not engine.is_over(state):
        seat = min(engine.pending(state))
        legal = engine.legal_moves(state, seat)
        move = chooser(engine, engine.view(state, seat), legal, seat, rng) if seat == 0 else rng.choice(legal)
        assert move in legal
        state = engine.apply(state, seat, move).state
        moves += 1
        assert moves < 5000
    assert calls and engine.result(state) is not None


def expert_modules():
    """Every game folder's expert (registered or not yet: Cité and Small City are engines before pages)."""
    import importlib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "games"
    return [pytest.param(importlib.import_module(f"games.{p.parent.parent.name}.bots.expert"), id=p.parent.parent.name)
            for p in sorted(root.glob("*/bots/expert.py"))]


@pytest.mark.parametrize("module", expert_modules())
def test_every_games_expert_module_searches_with_the_kits_search_not_a_copy(module):
    assert module.search is kit_search.search
    callers = [name for name, obj in vars(module).items() if getattr(obj, "__module__", "") == module.__name__
               and hasattr(obj, "__code__") and "search" in obj.__code__.co_names]
    assert callers, f"{module.__name__} imports kit.search but no function of it calls it"


def test_cites_expert_decides_its_builds_through_the_shared_search(monkeypatch):
    """Cité (not registered yet) plays a whole game against two greedy bots; its builds go through kit.search."""
    from games.cite import measure
    from games.cite.bots import LEVELS
    from games.cite.bots import expert as cite_expert
    from games.cite.engine.engine import ENGINE

    calls = []

    def counted(**kwargs):
        calls.append(len(kwargs["candidates"]))
        return kit_search.search(**kwargs)

    monkeypatch.setattr(cite_expert, "search", counted)
    choosers = {**LEVELS, "expert": cite_expert.choose_expert}
    result = measure.play_game(ENGINE, choosers, {}, ["expert", "greedy", "greedy"], 5, 0)
    assert len(calls) >= 5 and max(calls) >= 2
    assert result["ranks"] and len(result["scores"]) == 3


def positions(engine, players: int, seed: int, apart: int = 9, most: int = 2):
    """A few positions of a random game where seat 0 decides between several moves."""
    state = engine.new_game(engine.validate_options({}, players), players, seed).state
    rng = random.Random(seed)
    found, moves, last = [], 0, 0
    while not engine.is_over(state) and len(found) < most:
        seat = min(engine.pending(state))
        legal = engine.legal_moves(state, seat)
        if seat == 0 and len(legal) > 1 and moves - last >= apart:
            found.append(state)
            last = moves
        move = rng.choice(legal)
        state = engine.apply(state, seat, move).state
        moves += 1
    return found


@pytest.mark.parametrize(("engine", "chooser"), experts())
def test_an_experts_move_does_not_depend_on_the_clock(engine, chooser, monkeypatch):
    """The experts' work is fixed by counts (worlds, candidates, playouts), never by a clock: on a loaded
    machine, where every clock runs ten seconds per reading, they choose the same moves (so win rates measured
    on a busy machine are the bots' own)."""
    import time

    chosen = {}
    ticks = iter(range(0, 10**9, 10))

    def slow_clock() -> float:
        return float(next(ticks))

    for slow in (False, True):
        if slow:
            for name in ("perf_counter", "monotonic", "time", "process_time"):
                monkeypatch.setattr(time, name, slow_clock)
        for i, state in enumerate(positions(engine, 2, 21)):
            view, legal = engine.view(state, 0), engine.legal_moves(state, 0)
            chosen.setdefault(slow, []).append(chooser(engine, view, legal, 0, random.Random(i)))
    assert len(chosen[False]) == 2 and chosen[False] == chosen[True]
