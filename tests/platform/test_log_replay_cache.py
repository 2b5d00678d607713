"""Issue 26 point 10: taking moves back is limited like moves (an unbounded loop grew a game's log by ~11,000 rows
an hour), and the full log and replay pages, which render every row, are kept per game version and viewer
(play/page_cache.py) — never handing one viewer's hidden lines to another."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from play import services
from play.models import Game, Move
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def add(game, user, n=1):
    game.refresh_from_db()
    return services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": n},
                               expected_version=game.version)


def moves_read(client, url) -> int:
    """The queries on the move rows that one GET of ``url`` makes."""
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return sum('"games_move"' in q["sql"] for q in queries.captured_queries)


def test_undo_is_limited_on_the_pages_and_the_api_together(settings, alice, bob):
    """Failed before: any number of undos. Here 2 an hour: a third, by page or API, is a 429 and changes nothing."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "undos": "2/hour"}}
    cache.clear()
    game = accept_all(race_game(alice, [bob]), [bob])
    page, api = Client(), APIClient()
    page.force_login(alice)
    api.force_authenticate(alice)
    url = reverse("games:undo", args=[game.pk])
    game = add(game, alice)
    assert page.post(url, {"version": str(game.version)}).status_code == 302
    game = add(game, alice)
    answer = api.post(f"/api/games/{game.pk}/undo/", {"version": game.version}, format="json")
    assert answer.status_code == 200 and answer["RateLimit-Remaining"] == "0"
    game = add(game, alice)
    version = game.version
    assert page.post(url, {"version": str(version)}, HTTP_HX_REQUEST="true").status_code == 429
    refused = api.post(f"/api/games/{game.pk}/undo/", {"version": version}, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    game.refresh_from_db()
    assert game.version == version and not Move.objects.get(game=game, seq=version).taken_back
    # Another player's budget is their own.
    game = add(game, bob)
    bob_page = Client()
    bob_page.force_login(bob)
    assert bob_page.post(url, {"version": str(game.version)}).status_code == 302


def secret_lines(html: str) -> list[str]:
    return re.findall(r"Your secret card is \d+", html)


def test_the_full_log_is_kept_per_version_and_never_crosses_seats(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    outsider = make_user("outsider")
    clients = {}
    for name, user in (("alice", alice), ("bob", bob), ("outsider", outsider), ("anonymous", None)):
        clients[name] = Client()
        if user is not None:
            clients[name].force_login(user)
    url = reverse("games:log", args=[game.pk])
    secrets = game.state["secret"]
    cache.clear()
    for _round in range(2):  # the second round is served from the cache, in another order
        for name in (["alice", "bob", "outsider", "anonymous"] if _round == 0 else
                     ["anonymous", "outsider", "bob", "alice"]):
            shown = secret_lines(clients[name].get(url).content.decode())
            expected = {"alice": [f"Your secret card is {secrets[0]}"],
                        "bob": [f"Your secret card is {secrets[1]}"]}.get(name, [])
            assert shown == expected, (name, shown)
    assert moves_read(clients["alice"], url) == 0  # kept: not rendered again
    lines = clients["alice"].get(url).content.decode().count('<span class="seq">')
    game = add(game, alice, 2)
    assert moves_read(clients["alice"], url) > 0  # a new version: rendered afresh, with the new line
    assert clients["alice"].get(url).content.decode().count('<span class="seq">') == lines + 1


def test_the_replay_is_kept_per_move_and_point_of_view(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    while game.status == Game.Status.ACTIVE:
        state = game.state
        user = alice if state["phase"] == "race" and state["turn"] == 0 else bob
        if state["phase"] == "race":
            game = add(game, user, 3)
        else:
            for seat, player in ((0, alice), (1, bob)):
                if seat not in state["ready"]:
                    game.refresh_from_db()
                    game = services.move_apply(game_id=game.pk, user=player, move={"type": "ready"},
                                               expected_version=game.version)
                    break
    cache.clear()
    base = reverse("games:replay", args=[game.pk])
    anonymous, seated = Client(), Client()
    seated.force_login(alice)
    pages = {}
    for client_name, client in (("anonymous", anonymous), ("alice", seated)):
        for query in ("?at=2&seat=0", "?at=2&seat=1", "?at=2&seat=", "?at=3&seat=0"):
            cold = moves_read(client, base + query)
            first = client.get(base + query).content.decode()
            # Kept: only the list of move numbers is read again (the navigation), not the rows to replay.
            assert cold > 1
            assert moves_read(client, base + query) == 1
            again = client.get(base + query).content.decode()
            assert strip_token(first) == strip_token(again)
            pages[client_name, query] = first
    # The seat shown is the one asked for, never another one's kept page.
    assert pages["anonymous", "?at=2&seat=0"] != pages["anonymous", "?at=2&seat=1"]
    assert pages["anonymous", "?at=2&seat=1"] != pages["anonymous", "?at=3&seat=0"]


def strip_token(html: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
