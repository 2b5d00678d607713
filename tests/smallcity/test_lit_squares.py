"""Only legal squares are lit (issue 41): when a building is chosen, the board lights a square only if some
whole build holding it (and the squares tapped so far) is accepted by the engine's own check; clicking lit
squares until the building is complete always reaches a confirmation the engine takes (SC30-SC33)."""

from __future__ import annotations

import html as htmllib
import random
import re
from urllib.parse import parse_qs, urlparse

import pytest

from games.smallcity import page
from games.smallcity.engine import build as B
from games.smallcity.engine import grid as G
from games.smallcity.engine.engine import ENGINE
from games.smallcity.engine.flow import scratch
from play import move_builder
from tests.smallcity.helpers import put, setup_done, to_phase

NAMES = ["Ann", "Bob", "Cy"]


def _plan():
    """Plan phase, seat 0's district: its town hall at A1-B2, a level-1 Residential zone at E5, a Refinery
    at G1."""
    state = to_phase(setup_done(players=2, seed=3), "plan")
    put(state, 0, "residential", [44])
    put(state, 0, "refinery", [6])
    state.seats[0]["money"] = 20
    return state


def _step(state, raw):
    view = ENGINE.view(state, 0)
    return page.move_step(ENGINE.legal_moves(state, 0), raw, view, NAMES[: state.n], "/g/")


def _raw(url: str) -> str:
    return parse_qs(urlparse(url).query)["m"][0]


def _accepted_squares(state, kind, level) -> set[int]:
    """Every square of some shape the engine accepts (brute force over all shapes: the test's own answer)."""
    legal = next(m for m in ENGINE.legal_moves(state, 0) if m.get("kind") == kind and m.get("level") == level)
    t = scratch(state, 0)
    free = set(legal["ranges"]["squares"]["of"])
    out = set()
    for shape in G.polyominoes(free, B.size_of(kind, level), 100000):
        ws = [w for w in sorted(G.zone_of(shape) & free) if w not in shape] if kind == "factory" else [None]
        for w in ws:
            try:
                B.check_place(t, 0, kind, level, list(shape), warehouse=w)
            except Exception:
                continue
            out.update(shape)
            break
    return out


@pytest.mark.parametrize("kind,level", [("factory", 1), ("commercial", 1), ("factory", 2), ("park", 2),
                                        ("residential", 1)])
def test_SC32_SC33_the_first_squares_lit_are_those_of_some_accepted_build(kind, level):
    state = _plan()
    ctx = _step(state, move_builder.encode({"type": "build", "kind": kind, "level": level}))
    lit = set(ctx["targets"])
    assert lit == _accepted_squares(state, kind, level)
    residential = G.zone_of([44])
    if kind == "residential":  # SC33: never beside industry
        assert lit and not lit & G.zone_of([6])
    if kind == "factory":  # SC33: never a square touching a Residential zone
        assert lit and not lit & residential
    if kind == "commercial":  # SC32: a level-1 Commercial zone on a square touching one
        assert lit == residential - {q for q in residential if not G.in_side(q, G.side(state, 0))}


def test_SC33_a_factory_lights_only_warehouse_squares_the_engine_takes():
    state = _plan()
    ctx = _step(state, move_builder.encode({"type": "build", "kind": "factory", "level": 1}))
    square = next(iter(ctx["targets"]))
    ctx = _step(state, _raw(ctx["targets"][square].url))
    for q in ctx["targets"]:  # the warehouse's squares, each accepted with the factory's square
        B.check_place(scratch(state, 0), 0, "factory", 1, [square], warehouse=q)
    assert not set(ctx["targets"]) & G.zone_of([44])


@pytest.mark.parametrize("seed", range(6))
def test_SC30_random_clicks_on_lit_squares_always_reach_an_accepted_build(seed):
    rng = random.Random(seed)
    state = _plan()
    builds = [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "build" and "ranges" in m]
    for legal in rng.sample(builds, min(5, len(builds))):
        raw = move_builder.encode({"type": "build", "kind": legal["kind"], "level": legal["level"]})
        for _ in range(20):
            ctx = _step(state, raw)
            if ctx["confirm"]:
                ENGINE.apply(state, 0, move_builder.decode(ctx["confirm"]["json"]))  # raises if refused
                break
            adds = [t.url for t in ctx["targets"].values() if not t.title.endswith("take it out")]
            links = adds or [b["url"] for b in ctx["buttons"]]
            assert links, (legal["kind"], legal["level"], raw)
            raw = _raw(rng.choice(links))
        else:
            raise AssertionError("no confirmation reached")


@pytest.mark.django_db
def test_SC30_past_12_lit_squares_every_one_is_also_offered_as_a_list_sent_as_its_square_is(client):
    """A building that lights more than 12 squares: the move panel offers them all in one list (a select and its
    button, sent without JavaScript as a GET of the same move), each the same step as tapping its square."""
    from django.urls import reverse

    from play.models import Game
    from tests.platform.factories import make_user
    from tests.smallcity.pages import sc_game

    users = [make_user("scl0"), make_user("scl1")]
    game = sc_game(users, seed=3)
    Game.objects.filter(pk=game.pk).update(state=ENGINE.dump(_plan()))
    client.force_login(users[0])
    url = reverse("games:detail", args=[game.pk])
    state = _plan()
    raw = next(r for r in (move_builder.encode({"type": "build", "kind": k, "level": lv})
                           for k, lv in [("residential", 1), ("park", 2), ("factory", 1), ("commercial", 1)])
               if len(_step(state, r)["targets"]) > 12)
    ctx = _step(state, raw)
    html = client.get(url, {"m": raw}).content.decode()
    options = [(htmllib.unescape(v), htmllib.unescape(t)) for v, t in
               re.findall(r'<option value="([^"]+)">([^<]+)</option>', html.split('id="sc-square-pick"')[1])]
    assert len(options) == len(ctx["targets"]) > 12
    square = next(iter(ctx["targets"]))
    first = _raw(ctx["targets"][square].url)
    assert options[0][0] == first and options[0][1] == ctx["target_list"][0]["label"]
    by_list = client.get(url, {"m": options[0][0]}).content.decode()  # what the form's GET sends
    by_square = client.get(ctx["targets"][square].url.replace("/g/", url)).content.decode()
    tokens = re.compile(r"[A-Za-z0-9]{64}")  # the CSRF token masked afresh on every page

    def panel(page: str) -> str:  # the move panel and the board (the page's own address is written otherwise)
        return tokens.sub("T", page.split('id="move-panel"')[1].split('class="card board-card"')[0])

    assert panel(by_list) == panel(by_square) != panel(html)  # the same next step, one step on
