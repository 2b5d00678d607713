"""Issue 45 point 5: bot accounts. The owner marks an account as a bot account (the token page says how, the API
too); the owner cannot undo it, staff can; a badge beside its name in the lobby, on the game page and in the API
(``player_is_bot``); its games against people are unrated unless each person chose otherwise; its own move rate."""

import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from play.api_errors import MoveLimit, move_rate
from play.errors import NotAllowed, ServiceError
from players import bot_accounts, tokens
from players.models import Profile
from ratings import services as rating_services
from tests.community.helpers import finish
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def bearer(user, scopes=("read", "play", "tokens")) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens.token_create(user=user, name='t', scopes=list(scopes))[1]}")
    return client


def test_the_owner_marks_a_bot_account_for_good_and_only_staff_undo_it(alice, client):
    client.force_login(alice)
    page = client.get(reverse("players:api_tokens"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bot account" in page and "/api/account/bot/" in page and 'value="bot-account"' in page
    refused = client.post(reverse("players:api_tokens"), {"action": "bot-account"})  # not confirmed
    assert refused.status_code == 400 and not bot_accounts.is_bot_account(alice)
    client.post(reverse("players:api_tokens"), {"action": "bot-account", "confirm": "yes"})
    alice.refresh_from_db()
    assert Profile.objects.get(user=alice).is_bot and Profile.objects.get(user=alice).bot_since
    page = client.get(reverse("players:api_tokens"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="bot-account"' not in page  # no way back for the owner
    with pytest.raises(NotAllowed):
        bot_accounts.bot_account_unmark(user=alice, by=alice)
    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    bot_accounts.bot_account_unmark(user=alice, by=staff)
    assert not Profile.objects.get(user=alice).is_bot


def test_the_api_marks_it_and_says_it_for_every_seat(alice, bob):
    api = bearer(bob)
    assert api.post("/api/account/bot/", {"confirm": False}, format="json").status_code == 400
    assert bearer(bob, scopes=("read", "play")).post("/api/account/bot/", {"confirm": True},
                                                      format="json").status_code == 403
    marked = api.post("/api/account/bot/", {"confirm": True}, format="json")
    assert marked.status_code == 200 and marked.json()["is_bot"] is True
    assert api.get("/api/account/bot/").json()["is_bot"] is True
    game = accept_all(race_game(alice, [bob]), [bob])
    seats = bearer(alice).get(f"/api/games/{game.pk}/").json()["seats"]
    assert [s["player_is_bot"] for s in seats] == [False, True]
    listed = bearer(alice).get("/api/games/").json()["results"][0]["seats"]
    assert [s["player_is_bot"] for s in listed] == [False, True]


def test_a_badge_in_the_lobby_and_on_the_game_page(alice, bob, client):
    game = race_game(alice, [], open_seats=1)
    bot_accounts.bot_account_mark(user=alice, confirm=True)
    for language, word in (("en", "bot account"), ("fr", "compte de bot")):
        lobby = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        row = re.search(r'<li class="game-row">.*?</li>', lobby, re.S).group(0)
        assert "alice" in row and f">{word}</span>" in row, row
        page = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f">{word}</span>" in page


def test_a_bot_accounts_games_against_people_are_unrated_unless_they_chose(alice, bob):
    bot_accounts.bot_account_mark(user=bob, confirm=True)
    game = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    assert rating_services.unrated_reason(game, seats).startswith("a bot account against people")
    from django.test import Client

    chooser = Client()
    chooser.force_login(alice)  # the person chooses it on the preferences page
    assert "rated_against_bots" in chooser.get(reverse("players:preferences")).content.decode()
    saved = chooser.post(reverse("players:preferences"), {"language": "en", "rated_against_bots": "on"})
    assert saved.status_code == 302 and Profile.objects.get(user=alice).rated_against_bots
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    assert rating_services.unrated_reason(game, seats) == ""


def test_a_bot_account_has_its_own_move_rate(alice, bob):
    bot_accounts.bot_account_mark(user=bob, confirm=True)
    assert move_rate(True) != move_rate(False)
    person, bot = MoveLimit(alice.pk), MoveLimit(bob.pk, bot=True)
    assert bot.limit > person.limit and bot.key != person.key
    game = accept_all(race_game(alice, [bob]), [bob])
    answer = bearer(bob).post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 1}},
                              format="json")
    assert answer.status_code == 409 and int(answer["RateLimit-Limit"]) == bot.limit  # not bob's turn, his rate


def test_marking_needs_a_confirmation():
    with pytest.raises(ServiceError):
        bot_accounts.bot_account_mark(user=make_user("carol"), confirm=False)


def test_a_bot_account_opens_more_games_an_hour(alice, bob):
    bot_accounts.bot_account_mark(user=bob, confirm=True)
    body = {"game_type": "race", "seats": [{"kind": "me"}, {"kind": "bot", "bot_level": "random"}]}
    person = bearer(alice).post("/api/games/", body, format="json")
    bot = bearer(bob).post("/api/games/", body, format="json")
    assert person.status_code == bot.status_code == 201
    assert int(bot["RateLimit-Limit"]) > int(person["RateLimit-Limit"])
