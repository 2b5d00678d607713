"""Small City games between real users for page tests, played through the page's own links: every
decision is reached by following the move panel's buttons and the board's highlighted squares (what a
click, a tap or the keyboard follows), then confirmed by the page's form."""

from __future__ import annotations

import html as htmllib
import random
import re
from unittest import mock

from django.test import Client
from django.urls import reverse

from play import registry, services
from play.models import Game
from play.services import SeatSpec

ENGINE = registry.get("smallcity")
LINK = re.compile(r'<a class="(?:button choice|button small)" (?:data-choice )?href="([^"]+)"')
TARGET = re.compile(r'<a class="sc-target" href="([^"]+)"')
MOVE = re.compile(r'<input type="hidden" name="move" value="([^"]+)">')
# Moves that end a part of a turn: preferred now and then so a game by random clicks reaches its end.
QUIET = ('"done"', '"pass"', '"skip"', '"income_done"')


def sc_game(users, *, options=None, seed=1, bot_seats=0, bot_level="random"):
    creator, others = users[0], users[1:]
    seats = [SeatSpec("me")] + [SeatSpec("open") for _ in others]
    seats += [SeatSpec("bot", bot_level=bot_level) for _ in range(bot_seats)]
    # The seed is drawn when the row is made, and a solo game starts (is dealt) at once: the test's seed is the
    # one drawn, so that a solo game too is dealt from it.
    with mock.patch("play.models.secrets.randbits", return_value=seed):
        game = services.game_create(creator=creator, game_type="smallcity", options=options or {}, seats=seats)
    assert Game.objects.get(pk=game.pk).seed == seed
    for user in others:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page_move(client: Client, game: Game, rng: random.Random, *, max_clicks: int = 40) -> str:
    """One move made by following the page's links from the game page to its confirmation, then posting
    it. Returns the move's JSON as posted."""
    url = reverse("games:detail", args=[game.pk])
    html = client.get(url).content.decode()
    for _ in range(max_clicks):
        found = MOVE.search(html)
        if found:
            move = htmllib.unescape(found.group(1))
            response = client.post(reverse("games:move", args=[game.pk]),
                                   {"version": str(game.version), "move": move})
            if response.status_code in (200, 302):
                return move
            assert response.status_code == 400, (response.status_code, move)
            html = client.get(url).content.decode()  # refused (a shape the rules forbid): start again
            continue
        # a highlighted square counts twice: a building takes several squares in a row, and random clicks
        # must reach one (the page once drew the district twice, which weighted them so by accident)
        squares = TARGET.findall(html)
        links = [htmllib.unescape(u) for u in LINK.findall(html) + squares + squares]
        assert links, "the page offers nothing to click although the seat owes a move"
        quiet = [u for u in links if any(q in u for q in QUIET)]
        href = rng.choice(quiet) if quiet and rng.random() < 0.6 else rng.choice(links)
        html = client.get(href).content.decode()
    raise AssertionError("no move reached by clicks")


def acting_user(game: Game, users):
    state = ENGINE.load(game.state)
    humans = {s.index: s.user for s in game.seats.all() if s.user_id and s.kind == "human"}
    owing = [s for s in sorted(ENGINE.pending(state)) if s in humans]
    return (owing[0], humans[owing[0]]) if owing else (None, None)
