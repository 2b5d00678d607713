"""Issue 42, the move panel's building buttons: the name and its hint read apart ("Bank · 1 square"), a
build's cost is said in squares and in the resources it takes from you (CT24, CT30: the cheapest place's
payment), round 1's placing is free (CT20), and two buildings of a kind (two Quarries) have Lift buttons told
apart by their squares, on the button and in its accessible name."""

import re
from html import unescape

import pytest

from games.cite import page as cite_page
from games.cite import texts
from games.cite.engine.components import MARKED
from games.cite.engine.engine import ENGINE
from tests.cite import helpers
from tests.cite.test_log_once import _move
from tests.cite.test_pages import move_panel, page, table  # noqa: F401  (a fixture)


def kinds_of(html: str) -> list[str]:
    part = re.search(r'<ul class="ct-kinds">(.*?)</ul>', html, re.S).group(1)
    return [re.sub(r"<[^>]+>", "", unescape(a)).strip() for a in re.findall(r"<a [^>]*>(.*?)</a>", part, re.S)]


def _beside(cell):
    """The two squares of the same quarter beside a marked square (away from the centre)."""
    x, y = cell
    return [x - 1 if x < 0 else x + 1, y], [x, y - 1 if y < 0 else y + 1]


@pytest.mark.django_db
def test_ct20_building_buttons_read_name_then_size_and_two_quarries_lift_apart(client, table):  # noqa: F811
    game, users = table
    alice = users[0]
    kinds = kinds_of(move_panel(page(client, alice, game)))
    assert "Bank · 1 square · free (round 1)" in kinds
    assert "Manufacture · 9 squares · free (round 1)" not in kinds  # (7 squares in round 1)
    assert any(re.fullmatch(r".+ · 1 square · free \(round 1\) · ×5", k) for k in kinds)  # the five small shops
    quarter = game.state["seats"][0]["quarter"]
    first, second = _beside(MARKED[quarter])
    for cells in ([list(MARKED[quarter])], [first], [second]):
        _move(game, alice, {"type": "place", "kind": "small_shop", "cells": cells})
    panel = unescape(move_panel(page(client, alice, game)))
    shop = texts.building_name("small_shop", game.state["seats"][0]["profession"])
    buttons = re.findall(r'<button class="small" aria-label="([^"]+)">([^<]+)</button>', panel)
    lifts = [(aria, label) for aria, label in buttons if label.startswith("Lift")]
    where = [f"({first[0]}, {first[1]})", f"({second[0]}, {second[1]})"]
    # (the marked square's shop cannot be lifted: the others would be cut off from it)
    assert sorted(label for _aria, label in lifts) == sorted(f"Lift the {shop} on {w}" for w in where)
    assert sorted(aria for aria, _label in lifts) == sorted(f"Lift the {shop} on {w}, next to your {shop}, in your "
                                                            f"quarter" for w in where)


def test_ct24_ct30_a_build_button_says_what_it_costs_in_resources():
    state = helpers.window(players=3, seed=2)
    seat = 0
    helpers.put(state, seat, "small_shop", [MARKED[state.seats[seat]["quarter"]]])
    helpers.give(state, seat, wood=4, stone=4)
    view = ENGINE.view(state, seat)
    hints = {b["kind"]: b for b in cite_page.buildings_to_build(ENGINE.legal_moves(state, seat), view, seat, "/g/1/",
                                                                None)}
    assert hints["bank"]["hint"] == "1 square · costs 1 square: 4 Wood, 4 Stone"
    assert "glassmaker" not in hints  # (2 squares are out of reach with 8 resources of two kinds: not offered)
    state.seats[seat]["squares"] = 1  # bought ahead: nothing more to pay
    view = ENGINE.view(state, seat)
    hints = {b["kind"]: b for b in cite_page.buildings_to_build(ENGINE.legal_moves(state, seat), view, seat, "/g/1/",
                                                                None)}
    assert hints["bank"]["hint"] == "1 square · costs 1 square, covered by the squares you hold"


# Each building with the article the rulebook gives it (« La Banque », « Le Moulin », « Les Puces », « La Guilde »,
# « L'Auberge », « La Rue Pavée », « Le Marché », « La Manufacture », « La Grande Forge », « un Sculpteur »,
# « 1 Comptoir »…; the French of the others: a Scierie, a Carrière and an Échoppe are feminine, a Tisserand, a Verrier
# and the other craftsmen masculine, l' before a vowel).
FRENCH_WITH_ARTICLE = {
    ("small_shop", "sawyer"): "la Scierie", ("large_shop", "sawyer"): "la Grande Scierie",
    ("small_shop", "stonecutter"): "la Carrière", ("large_shop", "stonecutter"): "la Grande Carrière",
    ("small_shop", "smith"): "la Forge", ("large_shop", "smith"): "la Grande Forge",
    ("small_shop", "weaver"): "le Tisserand", ("large_shop", "weaver"): "le Grand Tisserand",
    "comptoir": "le Comptoir", "weaver_shop": "la Petite Échoppe du Tisserand", "bank": "la Banque",
    "mill": "le Moulin", "flea_market": "les Puces", "guild": "la Guilde", "inn": "l'Auberge",
    "paved_street": "la Rue Pavée", "market": "le Marché", "manufacture": "la Manufacture",
    "glassmaker": "le Verrier", "cabinetmaker": "le Menuisier", "sculptor": "le Sculpteur",
    "jeweller": "le Bijoutier", "locksmith": "le Serrurier", "armourer": "l'Armurier",
}


def test_lift_buttons_in_french_give_each_building_its_own_article():
    """Issue 42: « Retirer la Carrière », « Retirer l'Auberge », « Retirer les Puces », not « Retirer le … » for
    every building; on the button, its accessible name and the label of two of a kind told apart."""
    from django.utils import translation

    from games.cite.engine.components import KINDS

    seen = set()
    for profession in ("sawyer", "stonecutter", "smith", "weaver"):
        state = helpers.new(4, seed=1)
        seat = next(i for i, s in enumerate(state.seats) if s["profession"] == profession)
        kinds = ["small_shop", "small_shop", "large_shop"] + (
            [k for k in KINDS if k not in ("small_shop", "large_shop")] if profession == "sawyer" else [])
        left = state.seats[seat]["left"]
        left.update({k: left.get(k, 0) + kinds.count(k) for k in kinds})  # (the 3-player Weaver shop too)
        built = [helpers.put(state, seat, kind, [(100 + 3 * n, 100)]) for n, kind in enumerate(kinds)]
        view = ENGINE.view(state, seat)
        with translation.override("fr"):
            made = cite_page.lifts([{"type": "lift", "building": b} for b in built], view)
        for kind, lift in zip(kinds, made, strict=True):
            words = FRENCH_WITH_ARTICLE.get((kind, profession)) or FRENCH_WITH_ARTICLE[kind]
            assert lift["label_long"].startswith(f"Retirer {words} en "), lift["label_long"]
            if kind == "small_shop":  # two of them: told apart by their squares
                assert re.fullmatch(rf"Retirer {words} en \(\d+, 100\)", lift["label"]), lift["label"]
            else:
                assert lift["label"] == f"Retirer {words}"
            seen.add((kind, profession) if kind in ("small_shop", "large_shop") else kind)
    assert seen == set(FRENCH_WITH_ARTICLE) - {"small_shop", "large_shop"}
    with translation.override("en"):
        english = cite_page.lifts([{"type": "lift", "building": built[-1]}], view)[0]["label"]
    assert english == "Lift the Large weaving shop"


@pytest.mark.django_db
def test_placing_in_french_says_the_building_with_its_own_article(client, table):  # noqa: F811
    """The placing step's squares and its confirmation (« Poser l'Auberge… », not « Poser le Auberge »)."""
    from tests.cite.test_pages import hidden_moves, hrefs, links

    game, users = table
    alice = users[0]
    html = page(client, alice, game, lang="fr")
    link = next(h for h in links(html) if '"kind":"inn"' in h)
    raw = page(client, alice, game, link.split("?m=")[1], lang="fr")
    assert "Poser l'Auberge, son coin en haut à gauche en" in unescape(raw) and "le Auberge" not in unescape(raw)
    raw = page(client, alice, game, hrefs(raw, "ct-target")[0].split("?m=")[1], lang="fr")
    html = unescape(raw)
    assert "Poser l'Auberge sur" in html and "vous pouvez encore retirer ce bâtiment" in html
    assert any(m["type"] == "place" and m["kind"] == "inn" for m in hidden_moves(raw))
