"""Issue 40: a refused move sent without htmx (a plain form post) shows the game page with the reason in the move
panel's message box (where site.js puts the focus), as with htmx, not in the site's message list above the page."""

import re
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from play import services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def _nim_against_a_bot():
    me = make_user("plainform")
    with mock.patch("play.models.secrets.randbits", return_value=40):
        game = services.game_create(creator=me, game_type="nim", options={"pile": "21", "last": "wins"},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    game.refresh_from_db()
    client = Client()
    client.force_login(me)
    return me, game, client


def test_a_refused_plain_form_says_why_in_the_move_panel():
    _, game, client = _nim_against_a_bot()
    answer = client.post(reverse("games:move", args=[game.pk]),
                         {"version": game.version, "move": '{"type": "no-such-move"}'})
    assert answer.status_code == 400
    html = answer.content.decode()
    box = re.search(r'<div id="move-error"[^>]*>(.*?)</div>', html, re.S)
    assert box and '<p class="error" tabindex="-1">' in box.group(1), "the reason is in the move panel"
    assert 'class="messages"' not in html  # said once, where the player is looking
    assert 'id="move-panel"' in html and "board-card" in html
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_refused_htmx_move_answers_the_message_box_alone():
    _, game, client = _nim_against_a_bot()
    answer = client.post(reverse("games:move", args=[game.pk]),
                         {"version": game.version, "move": '{"type": "no-such-move"}'}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 400
    assert answer["HX-Retarget"] == "#move-error" and answer["HX-Reswap"] == "innerHTML"
    assert answer.content.decode().startswith('<p class="error" tabindex="-1">')
