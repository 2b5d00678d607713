"""Issue 26 point 1 (R80, DESIGN "Taking moves back"): a move that shows its mover anything they could not have
known is never undoable, decided for every game by ``kit.reveal`` from what the mover sees, not from a
per-game list. La Città's 2–2 choices at once were the hole: the last seat to choose saw every other
choice (view, log, migration lines) and the move was stored as "reveals nothing", so it could look, take
its choice back and choose again (466 cases over 400 random games in the penetration test).

The sweep plays random games and, after every move, asks an independent witness whether the mover learnt
something: the same move applied to many more positions the mover cannot tell apart (other seeds than the
platform's), and for La Città whether another seat's 2–2 choice appeared in the mover's view or log. It
counts the moves the old rule (the engine's own ``move_reveals_hidden`` alone) let be undone although
they revealed something, and the ones the platform's rule does: the second count must be zero."""

from __future__ import annotations

import random

import pytest

from kit import params, reveal
from play import registry
from tests.engines.test_every_engine import engines

WITNESS_SAMPLES = 8
WITNESS_SEED = 10**6


def concrete(engine, state, seat: int, legal: dict, rng: random.Random) -> dict:
    return params.concrete(engine, state, seat, legal, rng)  # the engine's sample_move when it has one


def lacitta_choices_shown(engine, before, seat, applied) -> bool:
    """La Città's own witness: another seat's 2–2 choice that mattered (its two services take from different
    cities: not made automatically, so nobody could tell it) and that the mover now sees, in its view or
    log, and did not before."""
    from games.lacitta.engine.migration import city_points, neighbours, takes_from

    if before.phase != "choice" or len(before.voice_winners) != 2:
        return False
    near, points = neighbours(before), city_points(before)
    secret = {(owner, cid) for cid, owner, _svc in before.choice_made if owner != seat
              and len({tuple(takes_from(points, cid, svc, near[cid])) for svc in before.voice_winners}) > 1}

    def shown(view):
        return {(c["seat"], c["city"]) for c in view["voice"]["choices"]}
    new = (shown(engine.view(applied.state, seat)) - shown(engine.view(before, seat))) & secret
    in_log = any(e.key == "lacitta.voice_choices" and {(c["seat"], c["city"]) for c in e.params["choices"]} & secret
                 for e in applied.log if e.visible_to is None or seat in e.visible_to)
    return bool(new) or in_log


def witness(engine, before, seat, move, applied) -> bool:
    """Did the move show its mover something? Independent of the platform's seeds and of the engine's hook."""
    if engine.slug == "lacitta" and lacitta_choices_shown(engine, before, seat, applied):
        return True
    scramble = getattr(engine, "scramble_unknown", None)
    if scramble is None:
        return False  # nothing to compare with: only the game's own witness speaks
    quiet = type("NoHook", (), {name: getattr(engine, name) for name in ("view", "apply")})()
    quiet.scramble_unknown = scramble
    return reveal.reveals_to_mover(quiet, before, seat, move, applied, seed=WITNESS_SEED, samples=WITNESS_SAMPLES)


def old_rule_allows(engine, before, applied) -> bool:
    check = getattr(engine, "move_reveals_hidden", None)
    return check is not None and not check(before, applied.state)


def sweep(engine, options: dict, players: int, games: int, seed: int) -> dict:
    counts = {"games": games, "moves": 0, "revealing": 0, "old_undoable_revealing": 0, "undoable_revealing": 0,
              "undoable": 0}
    options = engine.validate_options(options, players)
    for g in range(games):
        rng = random.Random(seed + g)
        state = engine.new_game(options, players, seed + g).state
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.pending(state)))
            move = concrete(engine, state, seat, rng.choice(engine.legal_moves(state, seat)), rng)
            applied = engine.apply(state, seat, move)
            scramble = getattr(engine, "scramble_unknown", None)
            if scramble is not None:  # the contract kit.reveal relies on: the viewer's view is unchanged
                viewers = [seat] if counts["moves"] % 5 else [None, *range(players)]
                for viewer in viewers:
                    other = scramble(state, viewer, counts["moves"])
                    assert engine.view(other, viewer) == engine.view(state, viewer), (engine.slug, viewer)
            revealing = witness(engine, state, seat, move, applied)
            undoable = not reveal.reveals_to_mover(engine, state, seat, move, applied, seed=counts["moves"])
            counts["moves"] += 1
            counts["revealing"] += revealing
            counts["undoable"] += undoable
            counts["old_undoable_revealing"] += revealing and old_rule_allows(engine, state, applied)
            counts["undoable_revealing"] += revealing and undoable
            state = applied.state
    return counts


def test_R80_lacitta_2_2_at_once_last_choice_is_never_undoable():
    """R50 2–2 at once: the old rule let the last chooser undo after seeing every choice; the new one never."""
    engine = registry.get("lacitta")
    counts = sweep(engine, {"voice_tie": "at_once"}, 3, games=12, seed=4000)
    assert counts["old_undoable_revealing"] > 0, counts  # the hole, found by the witness (failed before)
    assert counts["undoable_revealing"] == 0, counts
    assert counts["undoable"] > counts["moves"] // 4, counts  # ordinary moves stay undoable


def test_G16_infinitecity_no_revealing_move_is_undoable():
    engine = registry.get("infinitecity")
    counts = sweep(engine, {}, 3, games=6, seed=5000)
    assert counts["undoable_revealing"] == 0 and counts["revealing"] > 0, counts
    assert counts["undoable"] > 0, counts


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.slug)
def test_every_game_refuses_undo_of_a_move_that_revealed_something(engine):
    """For every registered game, every option set's first player count: no move the witness calls revealing
    is undoable, and a game without ``scramble_unknown`` offers no undo at all."""
    options = {o.name: o.default for o in engine.options}
    counts = sweep(engine, options, engine.min_players, games=3, seed=6000)
    assert counts["undoable_revealing"] == 0, counts
    if getattr(engine, "scramble_unknown", None) is None:
        assert counts["undoable"] == 0, counts


def test_race_last_ready_shows_every_secret_and_is_not_undoable():
    """The test game with hidden cards: its last "ready" turns every secret card face up (refused); an add or an
    earlier "ready" shows nothing (allowed)."""
    engine = registry.get("race")
    state = engine.new_game({"target": "10"}, 2, 3).state
    while state["phase"] == "race":
        seat = min(engine.pending(state))
        applied = engine.apply(state, seat, {"type": "add", "n": 3})
        assert not reveal.reveals_to_mover(engine, state, seat, {"type": "add", "n": 3}, applied)
        state = applied.state
    first = engine.apply(state, 0, {"type": "ready"})
    assert not reveal.reveals_to_mover(engine, state, 0, {"type": "ready"}, first)
    last = engine.apply(first.state, 1, {"type": "ready"})
    assert reveal.reveals_to_mover(engine, first.state, 1, {"type": "ready"}, last)


def test_an_engine_that_cannot_say_what_is_hidden_never_offers_undo():
    nim = registry.get("nim")
    state = nim.new_game({"pile": "12", "last": "wins"}, 2, 1).state
    applied = nim.apply(state, 0, {"type": "take", "n": 1})
    assert not reveal.reveals_to_mover(nim, state, 0, {"type": "take", "n": 1}, applied)
    blind = type("Blind", (), {"view": nim.view, "apply": nim.apply})()
    assert reveal.reveals_to_mover(blind, state, 0, {"type": "take", "n": 1}, applied)
