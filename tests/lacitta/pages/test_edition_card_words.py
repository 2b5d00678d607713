"""Issue 29, words: the cards a player turns each turn are "action cards" in the 2000 rulebook and "player
cards" in the new one (R12, R23): every page sentence, hint and error uses the game's own edition's word; a
choice the move builder makes alone says that it was made for you, and why, in the move's own terms (a
demolition's city is not "the only city it can go to")."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from games.lacitta import page as ui
from play import move_builder, texts
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

EDITIONS = {
    "classic": ("action card", "player card", "carte Action", "carte Joueur"),
    "modern": ("player card", "action card", "carte Joueur", "carte Action"),
}


def _page(client, user, game, query="", language="en"):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]) + query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return unescape(response.content.decode())


def _game(edition, tag):
    users = [make_user(f"{tag}1"), make_user(f"{tag}2")]
    game = lacitta_game(users, options={"edition": edition, "expansion": "none", "setup": "beginner"})
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    return game, state, seat, game.seats.get(index=seat).user


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R23_the_turns_card_is_named_as_the_editions_rulebook_names_it(client, edition):
    own, other, own_fr, other_fr = EDITIONS[edition]
    game, state, seat, user = _game(edition, f"ed{edition[:2]}")
    build = next(m for m in ENGINE.legal_moves(state, seat) if m["type"] == "build")
    for language, word, wrong in (("en", own, other), ("fr", own_fr, other_fr)):
        html = _page(client, user, game, language=language)
        assert word in html.lower() if language == "en" else word in html
        assert wrong not in html.lower() if language == "en" else wrong not in html
        confirm = _page(client, user, game, "?m=" + json.dumps(build), language)
        text = re.search(r'<p class="confirm-text"[^>]*>(.*?)</p>', confirm, re.S).group(1)
        assert text.lower().startswith(word.lower()), text
    with translation.override("en"):
        gold = ui.describe({"type": "take_gold"}, ENGINE.view(state, seat))
    assert f"({own})" in gold and other not in gold


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R23_an_error_about_the_turns_cards_uses_the_editions_word(edition):
    own, other, _fr, _other_fr = EDITIONS[edition]
    state = ENGINE.load(_game(edition, f"er{edition[:2]}")[0].state)
    seat = min(ENGINE.pending(state))
    state.players[seat]["cards_up"] = 0
    with pytest.raises(Exception) as caught:
        ENGINE.apply(state, seat, {"type": "take_gold"})
    error = caught.value
    text = texts.error_text("lacitta", error.key, error.params, str(error))
    assert own in text and other not in text


def test_a_move_label_without_the_edition_names_neither_card():
    labels = [texts.move_label("lacitta", m, ["A", "B"]) for m in (
        {"type": "take_gold"}, {"type": "found", "cell": 3, "from": 5},
        {"type": "build", "building": "farm", "cell": 4}, {"type": "build", "building": "road", "cells": [1, 2]})]
    assert not any("card" in label.lower() for label in labels), labels


def test_a_demolition_filled_in_for_you_names_the_city_that_must_demolish():
    game, state, seat, user = _game("modern", "dm")
    view = ENGINE.view(state, seat)
    city = next(c for c in view["cities"] if c["owner"] == seat)
    legal = [{"type": "demolish", "city": city["id"], "cell": cell} for cell in city["cells"][:2]]
    step = ui.move_step(legal, move_builder.encode({"type": "demolish"}), view, "/g/")
    name = ui.places.city_name(city["id"])
    assert f"{name}, chosen for you: the only city with a building to demolish." in step["filled"]
    assert not any("can go to" in note for note in step["filled"])
