"""Issue 39.7: a seat's legal moves are computed once per (game, version, seat) whatever the number of reads,
and reads that compute them are rate-limited per player."""

import pytest
from django.test import override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from play import legal_cache, registry, selectors, services
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def counted(monkeypatch):
    legal_cache.clear()
    engine = registry.get("race")
    calls = []
    real = engine.legal_moves
    monkeypatch.setattr(engine, "legal_moves", lambda state, seat: (calls.append(seat), real(state, seat))[1])
    yield calls
    legal_cache.clear()


def test_legal_moves_computed_once_per_version_and_seat(alice, bob, counted):
    game = accept_all(race_game(alice, [bob]), [bob])
    api = _api(alice)
    first = api.get(f"/api/games/{game.pk}/legal-moves/").json()
    for _ in range(4):
        assert api.get(f"/api/games/{game.pk}/legal-moves/").json() == first
        api.get(f"/api/games/{game.pk}/")
    assert counted == [0] and first["moves"]
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=game.version)
    counted.clear()
    assert _api(bob).get(f"/api/games/{game.pk}/legal-moves/").json()["moves"]  # a new version: computed again
    assert counted == [1]


def test_a_cached_list_is_never_another_seats_and_a_caller_cannot_change_it(alice, bob, counted):
    game = accept_all(race_game(alice, [bob]), [bob])
    mine = selectors.game_view_for(game, alice).legal_moves
    mine.append({"type": "cheat"})
    mine[0]["n"] = 99
    assert selectors.game_view_for(game, alice).legal_moves == [{"type": "add", "n": n} for n in (1, 2, 3)]
    assert selectors.game_view_for(game, bob).legal_moves == []


def test_a_snapshot_changed_without_a_new_version_is_not_answered_from_the_cache(alice, bob, counted):
    game = accept_all(race_game(alice, [bob]), [bob])
    selectors.game_view_for(game, alice)
    game.state = {**game.state, "turn": 1}
    game.save(update_fields=["state"])
    game.refresh_from_db()
    assert selectors.game_view_for(game, bob).legal_moves and len(counted) == 2


@override_settings(REST_FRAMEWORK={**__import__("django.conf").conf.settings.REST_FRAMEWORK,
                                   "DEFAULT_THROTTLE_RATES": {"moves": "120/min", "undos": "30/hour",
                                                              "reads": "5/min"}})
def test_game_and_legal_move_reads_are_rate_limited_per_player(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    api = _api(alice)
    answers = [api.get(f"/api/games/{game.pk}/legal-moves/") for _ in range(3)]
    answers += [api.get(f"/api/games/{game.pk}/") for _ in range(2)]
    assert [a.status_code for a in answers] == [200] * 5
    assert answers[-1]["RateLimit-Limit"] == "5" and answers[-1]["RateLimit-Remaining"] == "0"
    refused = api.get(f"/api/games/{game.pk}/legal-moves/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert api.get(f"/api/games/{game.pk}/").status_code == 429
    assert _api(bob).get(f"/api/games/{game.pk}/").status_code == 200  # another player's count is its own


def test_a_cached_list_that_json_would_change_is_copied_as_it_is(alice, bob, monkeypatch):
    """Issue 43: each caller's copy is decoded from the list's JSON only when that gives back an equal list;
    an engine's move holding a tuple, a number as a key or a set is deep-copied instead (never changed in type)."""
    legal_cache.clear()
    game = accept_all(race_game(alice, [bob]), [bob])
    odd = [{"type": "add", "cells": (1, 2)}, {"type": "add", 3: "three"}, {"type": "add", "of": {4}}]
    engine = registry.get("race")
    monkeypatch.setattr(engine, "legal_moves", lambda state, seat: [dict(m) for m in odd])
    for _ in range(2):  # computed, then from the cache
        got = legal_cache.legal_moves(engine, game, engine.load(game.state), 0)
        assert got == odd and isinstance(got[0]["cells"], tuple) and 3 in got[1] and got[2]["of"] == {4}
        got[0]["cells"] = ()
    plain = [{"type": "add", "n": [1, 2]}]
    monkeypatch.setattr(engine, "legal_moves", lambda state, seat: plain)
    first = legal_cache.legal_moves(engine, game, engine.load(game.state), 1)
    first[0]["n"].append(3)
    assert legal_cache.legal_moves(engine, game, engine.load(game.state), 1) == [{"type": "add", "n": [1, 2]}]
    legal_cache.clear()
