"""Nim (tests/games/nim/), a second test-only game with its own texts, page, bot level and French
catalogue, plugs in with no platform change: installed by the test settings (one line), it is opened
from the new-game page, played through its own page against its own bot, and read in French."""

import json

import pytest
from django.urls import reverse

from play.models import Game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

NEW_GAME = {"game_type": "nim", "players": "2", "opt_pile": "12", "opt_last": "wins", "seat_2": "bot:perfect",
            "initial_days": "3", "increment_days": "1", "max_days": "7", "timeout_rule": "bot",
            "timeout_bot_level": "perfect"}


def test_nim_is_opened_and_played_through_its_pages_against_its_bot(client, django_capture_on_commit_callbacks):
    alice = make_user("alice")
    client.force_login(alice)
    form = client.get(reverse("games:new") + "?game=nim").content.decode()
    assert '<option value="nim" selected>Nim</option>' in form
    assert "Pile" in form and "The last stick" in form and "Bot: perfect" in form  # its labels and level

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:new"), NEW_GAME)
    game = Game.objects.get()
    url = reverse("games:detail", args=[game.pk])
    assert response.status_code == 302 and response["Location"] == url
    assert [s.colour for s in game.seats.order_by("index")] == ["teal", "orange"]  # its seat colours

    page = client.get(url).content.decode()
    assert 'class="nim-pile" data-left="12"' in page and "12 sticks left" in page  # its board template
    assert 'class="move-form nim-take"' in page and "Take 3 sticks" in page  # its moves template and move labels
    assert "A pile of 12 sticks is on the table." in page  # its log line

    # Alice takes one stick each turn; the perfect bot answers on commit (Celery eager), leaving 8, then 4, then 0.
    left = []
    while game.status == Game.Status.ACTIVE:
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(reverse("games:move", args=[game.pk]),
                                 {"version": game.version, "move": json.dumps({"type": "take", "n": 1})})
        assert answer.status_code == 302
        game.refresh_from_db()
        left.append(game.state["left"])
    assert left == [8, 4, 0]
    assert game.status == Game.Status.FINISHED and game.result["ranks"] == [2, 1]  # the bot took the last stick

    page = client.get(url).content.decode()
    assert "wins the pile." in page and "alice takes 1 (11 left)." in page
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Un tas de 12 bâtonnets est sur la table." in french and "gagne le tas." in french
    assert "alice prend 1 (il en reste 11)." in french


def test_a_bad_nim_move_is_refused_in_its_own_words(client, django_capture_on_commit_callbacks):
    alice = make_user("alice")
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:new"), {**NEW_GAME, "seat_2": "open"})
    game = Game.objects.get()
    bob = make_user("bob")
    client.force_login(bob)
    client.post(reverse("games:join", args=[game.pk]))
    client.force_login(alice)
    game.refresh_from_db()
    answer = client.post(reverse("games:move", args=[game.pk]),
                         {"version": game.version, "move": json.dumps({"type": "take", "n": 4})},
                         HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 400
    assert "Prenez 1, 2 ou 3 bâtonnets, pas plus que les 12 qui restent." in answer.content.decode()
    game.refresh_from_db()
    assert game.state["left"] == 12
