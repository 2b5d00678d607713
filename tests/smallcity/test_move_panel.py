"""The move panel's first choice moves the game on (issue 29's keyboard player presses the first thing
after each question): a square to add before a square to take out, the squares of a building that fits
first, so that following the first choice of every step plays a whole game, every confirmed move taken."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlparse

import pytest

from games.smallcity import page
from games.smallcity.bots import choose_random
from games.smallcity.engine.engine import ENGINE
from play import move_builder
from tests.smallcity.helpers import setup_done, to_phase

NAMES = ["Ann", "Bob", "Cy"]


def _first_choice(ctx: dict):
    """What the keyboard reaches first: the confirmation, else the first button, else the first square (the
    panel's list of squares and the board's targets share one order)."""
    if ctx["confirm"]:
        return "confirm", ctx["confirm"]["json"]
    if ctx["buttons"]:
        return "go", ctx["buttons"][0]["url"]
    if ctx["targets"]:
        assert [t["url"] for t in ctx["target_list"]] == [t.url for t in ctx["targets"].values()]
        return "go", ctx["target_list"][0]["url"]
    return None


def _step(state, seat, raw):
    view = ENGINE.view(state, seat)
    return page.move_step(ENGINE.legal_moves(state, seat), raw, view, NAMES[: state.n], "/g/")


@pytest.mark.parametrize("players,options", [(1, {}), (2, {}), (3, {"council": "expert"})])
def test_SC30_following_the_first_choice_of_every_step_plays_a_whole_game(players, options):
    state = ENGINE.new_game(options, players, 11).state
    rng, raw, presses = random.Random(11), None, 0
    while not ENGINE.is_over(state):
        pending = ENGINE.pending(state)
        if 0 not in pending:
            seat = min(pending)
            move = choose_random(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat, rng)
            state = ENGINE.apply(state, seat, move).state
            continue
        presses += 1
        assert presses < 600, "the first choice goes round in circles"
        kind, target = _first_choice(_step(state, 0, raw))
        if kind == "go":
            raw = parse_qs(urlparse(target).query)["m"][0]
        else:
            state = ENGINE.apply(state, 0, move_builder.decode(target)).state  # raises if refused
            raw = None


def test_SC30_a_square_to_take_out_comes_after_every_square_to_add():
    state = to_phase(setup_done(players=2, seed=3), "plan")
    seat = min(ENGINE.pending(state))
    legal = ENGINE.legal_moves(state, seat)
    build = next(m for m in legal if m["type"] == "build" and m["kind"] == "park" and m["level"] == 2)
    ui = {"type": "build", "kind": "park", "level": 2}
    first = _step(state, seat, move_builder.encode(ui))["target_list"][0]["url"]
    ctx = _step(state, seat, parse_qs(urlparse(first).query)["m"][0])
    labels = [t["label"] for t in ctx["target_list"]]
    assert labels[-1].endswith("take it out") and not any(x.endswith("take it out") for x in labels[:-1])
    assert build["ranges"]["squares"]["max"] == 2 and len(labels) > 1
