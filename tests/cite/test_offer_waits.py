"""Issue 42 (CT22): an offer waiting for a seat's answer is told where that seat looks. "My games" lists the game
under "Waiting for my move" with "An offer waits for you" when an offer is made to a seat that said done (it owes
nothing, no clock runs), and no more once the offer is withdrawn; "since your last visit" does not list an offer
that was made and withdrawn (or lapsed) while the reader was away."""

import re
from html import unescape

import pytest
from django.urls import reverse

from play.models import Seat
from tests.cite.test_log_once import _move
from tests.cite.test_pages import page, table, to_round_two  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def my_games(client, user, lang="en") -> dict:
    client.force_login(user)
    html = unescape(client.get(reverse("games:mine"), HTTP_ACCEPT_LANGUAGE=lang).content.decode())
    return {section: re.search(rf'<section class="card[^"]*" id="{section}">(.*?)</section>', html, re.S).group(1)
            for section in ("my-turn", "their-turn")}


def since_visit(html: str) -> str:
    found = re.search(r'<section class="visit-summary".*?</section>', html, re.S)
    return unescape(found.group(0)) if found else ""


def test_ct22_my_games_says_an_offer_waits_after_done_and_not_once_it_is_withdrawn(client, table):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    _move(game, bob, {"type": "done"})
    mine = my_games(client, bob)
    assert f"#{game.pk} " not in mine["my-turn"] and f"#{game.pk} " in mine["their-turn"]
    assert "An offer waits for you" not in mine["their-turn"]
    _move(game, alice, {"type": "offer", "to": [1], "get": {"gold": 1}})
    offer = game.state["offers"][-1]["id"]
    assert Seat.objects.get(game=game, index=1).answer_waits and not Seat.objects.get(game=game, index=1).owes_move
    mine = my_games(client, bob)
    assert f"#{game.pk} " in mine["my-turn"] and "An offer waits for you" in mine["my-turn"]
    assert "Une offre vous attend" in my_games(client, bob, "fr")["my-turn"]
    # Carol owes her round (she is not done): her row is hers to play, with no offer waiting for her.
    assert f"#{game.pk} " in my_games(client, carol)["my-turn"]
    assert "An offer waits for you" not in my_games(client, carol)["my-turn"]
    _move(game, alice, {"type": "cancel", "offer": offer})
    mine = my_games(client, bob)
    assert f"#{game.pk} " not in mine["my-turn"] and "An offer waits for you" not in str(mine)
    assert not Seat.objects.get(game=game, index=1).answer_waits
    # An answer settles it too.
    _move(game, alice, {"type": "offer", "to": [1], "get": {"gold": 1}})
    assert "An offer waits for you" in my_games(client, bob)["my-turn"]
    _move(game, bob, {"type": "decline", "offer": game.state["offers"][-1]["id"]})
    assert "An offer waits for you" not in str(my_games(client, bob))


def test_ct22_since_your_last_visit_leaves_out_an_offer_withdrawn_while_you_were_away(client, table):  # noqa: F811
    game, users = table
    to_round_two(client, game, users)
    alice, bob, carol = users
    _move(game, bob, {"type": "done"})
    _move(game, alice, {"type": "offer", "to": [1], "get": {"gold": 1}})
    gone = game.state["offers"][-1]["id"]
    _move(game, alice, {"type": "offer", "to": [1, 2], "get": {"gold": 2}})
    kept = game.state["offers"][-1]["id"]
    _move(game, alice, {"type": "cancel", "offer": gone})
    box = since_visit(page(client, bob, game))
    assert f"makes offer {kept} to bob and carol" in box and "Offers made to you" in box
    assert f"offer {gone}" not in box
    # In the full log it stays, once each (nothing is hidden there).
    client.force_login(bob)
    log = unescape(client.get(reverse("games:log", args=[game.pk])).content.decode())
    assert f"makes offer {gone} to bob" in log and f"withdraws offer {gone}" in log
