"""Words found wrong while playing a whole game in the browser (scripts/playthrough.py):
counts said "1 citizen(s)" in confirmations and choices, and two labels stayed English on
the French game page (the board's and the end screen chart's)."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from play.models import Game
from tests.lacitta.helpers import ENGINE, find_decision, lacitta_game, play_until
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def page(client, user, game, query="", language="en"):
    client.force_login(user)
    response = client.get(reverse("games:detail", args=[game.pk]) + query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return unescape(response.content.decode())


def confirm_text(html):
    return re.search(r'<p class="confirm-text"[^>]*>(.*?)</p>', html, re.S).group(1)


def test_feeding_confirmation_and_choices_count_citizens_in_words(client):
    """R53 feeding: the player removes starving citizens; the words agree with the number."""
    game, seat, users = find_decision("feeding")
    state = ENGINE.load(game.state)
    user = game.seats.get(index=seat).user
    losses = [m for m in ENGINE.legal_moves(state, seat) if m["type"] == "feeding_loss"]
    one = next(m for m in losses if m["count"] == 1)
    html = page(client, user, game, "?m=" + json.dumps(one))
    assert re.fullmatch(r"Remove 1 starving citizen from \w+\.", confirm_text(html))
    assert "(s)" not in confirm_text(html)
    french = page(client, user, game, "?m=" + json.dumps(one), language="fr")
    assert re.fullmatch(r"Retirer 1 Citoyen non nourri de \w+\.", confirm_text(french))
    more = [m for m in losses if m["count"] >= 2]
    if more:  # the choice of how many, when a city can lose more than one
        html = page(client, user, game, "?m=" + json.dumps(more[0]))
        assert f"Remove {more[0]['count']} starving citizens from " in confirm_text(html)
        partial = {"type": "feeding_loss", "city": more[0]["city"]}
        choices = page(client, user, game, "?m=" + json.dumps(partial))
        assert re.search(r'class="button choice"[^>]*>1 citizen<', choices)
        assert re.search(r'class="button choice"[^>]*>2 citizens<', choices)
        assert "citizen(s)" not in choices


def test_french_game_page_names_the_board_and_the_chart_in_french(client):
    users = [make_user("fra"), make_user("frb")]
    game = lacitta_game(users, seed=3)
    html = page(client, users[0], game, language="fr")
    assert 'aria-label="Le plateau"' in html and 'aria-label="The board"' not in html
    game, seat = play_until(game, users, "no such decision: play to the end")
    assert seat is None and game.status == Game.Status.FINISHED
    html = page(client, users[0], game, language="fr")
    # the chart is named by its heading (issue 19), in French
    assert 'aria-labelledby="chart-title"' in html and "Citoyens Année par Année</h3>" in html
    assert "Citizens per year" not in html and "Citizens year by year" not in html


def test_a_second_road_that_continues_the_first_names_its_city(client):
    """R71: two roads in one move; the second may touch only the first. Its target said "by ?"."""
    import random

    from games.lacitta.page import _city_of_build
    from games.lacitta.places import city_name
    from play import services

    users = [make_user("road1"), make_user("road2")]
    game = lacitta_game(users, seed=4,
                        options={"edition": "modern", "expansion": "cocagne", "setup": "beginner"})
    by_seat = {s.index: s.user for s in game.seats.all()}
    rng = random.Random(4)
    for _ in range(3000):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE, "no road that only continues the first one"
        state = ENGINE.load(game.state)
        seat = min(ENGINE.pending(state))
        view = {**ENGINE.view(state, seat), "viewer": seat}
        legal = ENGINE.legal_moves(state, seat)
        roads = [m for m in legal if m["type"] == "build" and m.get("building") == "road"
                 and len(m.get("cells", [])) == 2 and _city_of_build(m["cells"][1], view) is None]
        if roads:
            break
        services.move_apply(game_id=game.pk, user=by_seat[seat], move=rng.choice(legal),
                            expected_version=game.version)
    first, second = roads[0]["cells"]
    city = _city_of_build(first, view)
    partial = {"type": "build", "building": "road", "cells": [first]}
    if "slot" in roads[0]:
        partial["slot"] = roads[0]["slot"]
    html = page(client, by_seat[seat], game, "?m=" + json.dumps(partial))
    label = re.search(rf'class="target" data-cell="{second}"[^>]*aria-label="([^"]*)"', html).group(1)
    # what the road does, then what the hex is (issue 19: "— free hex, touching …")
    assert label.startswith(f"A road here, by {city_name(city['id'])} — ")
