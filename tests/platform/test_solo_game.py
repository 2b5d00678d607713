"""Patience (tests/games/patience/), a one-seat game, played through the pages and the API: its result is
the game's own solo outcome (won or lost, a rank's words), never a win against anyone in profiles and
history, never rated; leaving it is lost without a rank; its clock reminds but no bot takes the seat; its
best scores are listed per variant on the game's leaderboard page (English and French)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from community import selectors as community_selectors
from notifications.models import Notification
from play import services
from play.models import Game, Seat
from play.services import SeatSpec
from ratings.models import Rating, RatingChange
from ratings.services import game_rate

pytestmark = pytest.mark.django_db

NEW_GAME = {"game_type": "patience", "players": "1", "opt_target": "15", "opt_jokers": "no", "initial_days": "3",
            "increment_days": "1", "max_days": "7", "timeout_rule": "bot", "timeout_bot_level": "random"}


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def play_to_win_or_lose(api, game_id: int) -> dict:
    """Draw while 4 or more short of the target, then stop (usually a win; a bust loses)."""
    game = api.get(f"/api/games/{game_id}/").json()
    while game["status"] == "active":
        view = game["view"]
        move = {"type": "draw"} if view["target"] - view["total"] >= 4 else {"type": "stop"}
        game = api.post(f"/api/games/{game_id}/moves/", {"version": game["version"], "move": move},
                        format="json").json()
    return game


def test_a_solo_game_through_the_pages_ends_with_the_game_own_outcome(alice, client,
                                                                       django_capture_on_commit_callbacks):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:new"), NEW_GAME)
    game = Game.objects.get()
    assert response.status_code == 302 and game.status == Game.Status.ACTIVE  # one seat: it starts at once
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Draw a card" in page and "Stop here" in page and "(Your move)" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:move", args=[game.pk]), {"version": game.version, "move": '{"type": "stop"}'})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["solo"] == {"won": False, "label_key": "patience.far", "label_params": {"total": 0}}
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Lost: Far from the target (0)" in page
    french = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Perdu : Loin de la cible (0)" in french


def test_a_solo_game_is_never_a_win_nor_rated_and_its_best_scores_are_listed(alice, bob, client, monkeypatch,
                                                                            django_capture_on_commit_callbacks):
    # Seeds in a fixed order (a new game's seed is random): the same games are won and lost on every run.
    seeds = iter(range(1000, 1040))
    monkeypatch.setattr(Game._meta.get_field("seed"), "default", lambda: next(seeds))
    results = []
    for _ in range(40):  # until one is won and one lost
        with django_capture_on_commit_callbacks(execute=True):
            game = services.game_create(creator=alice, game_type="patience", options={"target": "15"},
                                        seats=[SeatSpec("me")])
            final = play_to_win_or_lose(api_for(alice), game.pk)
        results.append(final)
        if {r["result"]["solo"]["won"] for r in results} == {True, False}:
            break
    won = [r for r in results if r["result"]["solo"]["won"]]
    assert won and any(not r["result"]["solo"]["won"] for r in results)
    assert won[0]["result"]["ranks"] == [1]

    # Not rated (the rating task is queued on the finish and finds it a solo game), never a win.
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    assert game_rate(game_id=won[0]["id"]) == []
    stats = community_selectors.stats(alice)["patience"]
    assert stats["total"].played == len(results) and stats["total"].won == 0
    history = client.get(reverse("community:history", args=["alice"])).content.decode()
    assert "solo, won" in history and "solo, lost" in history

    # The best scores, per variant, on the game's leaderboard page (English and French).
    page = client.get(reverse("ratings:leaderboard", args=["patience"])).content.decode()
    best = max(r["result"]["scores"][0] for r in results)
    assert "Best solo scores" in page and f"<b>{best}</b>" in page and "Target: 15" in page
    assert f'href="{reverse("games:detail", args=[won[0]["id"]])}"' in page
    french = client.get(reverse("ratings:leaderboard", args=["patience"]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Meilleurs scores en solo" in french


def test_leaving_a_solo_game_loses_it_without_a_rank(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(creator=alice, game_type="patience", options={}, seats=[SeatSpec("me")])
        services.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["ranks"] == [None] and game.result["left"] == [0]
    assert game.result["solo"]["won"] is False and game.result["solo"]["label_key"] == "site.solo_left"
    # The result mail words the outcome, no rank.
    from notifications.emails import build
    mail = build(Notification.objects.get(kind="game_over", user=alice)).body
    assert "Lost: Left before the end" in mail and "None." not in mail and "1. alice" not in mail
    assert community_selectors.stats(alice)["patience"]["total"].won == 0 and not RatingChange.objects.exists()


def test_a_solo_clock_reminds_but_no_bot_takes_the_seat(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(creator=alice, game_type="patience", options={}, seats=[SeatSpec("me")])
    past = timezone.now() - timedelta(minutes=1)
    Seat.objects.filter(game=game).update(reminder_at=past)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.reminders_send() == 1
    assert Notification.objects.filter(kind="reminder", user=alice).count() == 1
    Seat.objects.filter(game=game).update(deadline=past)
    assert services.seats_time_out(game_ids=[game.pk]) == 0
    seat = Seat.objects.get(game=game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and seat.substitute_bot == "" and not seat.played_by_bot
    assert seat.deadline is None and not game.moves.filter(kind__in=["timeout", "forfeit"]).exists()


def test_options_refused_in_the_game_words(alice, client):
    client.force_login(alice)
    page = client.post(reverse("games:new"), {**NEW_GAME, "opt_jokers": "yes"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 400 and "Les jokers se jouent avec la cible 21 seulement." in page.content.decode()
    assert not Game.objects.exists()
