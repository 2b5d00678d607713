"""A competition's start (at its date, or cancelled with too few players), its tables opened through
``play.services.game_create`` (entrants seated, the organiser not), and the profile's competitions."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions import services as cs
from competitions.models import Competition, Round
from play import services as game_services
from play.models import Game
from tests.competitions.helpers import play_round
from tests.platform.factories import committed, make_user

pytestmark = pytest.mark.django_db


def test_a_competition_starts_at_its_date_or_is_cancelled_with_too_few_players():
    organiser = make_user("organiser", staff=True)
    alice, bob = make_user("alice"), make_user("bob")
    starts = timezone.now() + timedelta(days=2)
    on_date = cs.competition_create(creator=organiser, name="Dated", kind="round_robin", game_type="nim",
                                    max_players=8, starts_at=starts, start_when_full=False)
    lonely = cs.competition_create(creator=organiser, name="Lonely", kind="swiss", game_type="nim",
                                   max_players=8, starts_at=starts, start_when_full=False)
    for user in (alice, bob):
        cs.entry_register(competition_id=on_date.pk, user=user)
    cs.entry_register(competition_id=lonely.pk, user=alice)
    with committed():
        assert cs.competitions_advance(now=starts - timedelta(seconds=1)) == {}  # not yet
        assert cs.competitions_advance(now=starts) == {on_date.pk: "started", lonely.pk: "cancelled"}
    on_date.refresh_from_db()
    lonely.refresh_from_db()
    assert on_date.status == Competition.Status.RUNNING and Round.objects.filter(competition=on_date).count() == 1
    assert lonely.status == Competition.Status.CANCELLED and not Round.objects.filter(competition=lonely).exists()


def test_a_table_seats_its_entrants_and_not_the_organiser():
    organiser, alice, bob = make_user("organiser", staff=True), make_user("alice"), make_user("bob")
    game = game_services.game_create(
        creator=organiser, creator_seated=False, game_type="race", options={},
        seats=[game_services.SeatSpec("player", username="alice"), game_services.SeatSpec("bot", bot_level="random"),
               game_services.SeatSpec("player", username="bob")])
    assert game.status == Game.Status.ACTIVE  # every seat taken at once: it starts
    assert [s.user for s in game.seats.order_by("index")] == [alice, None, bob]
    assert game.created_by == organiser
    # Without a seated creator only named players and bots; a named player twice is refused.
    for seats in ([game_services.SeatSpec("me"), game_services.SeatSpec("player", username="bob")],
                  [game_services.SeatSpec("open"), game_services.SeatSpec("player", username="bob")],
                  [game_services.SeatSpec("player", username="bob"), game_services.SeatSpec("player", username="bob")]):
        with pytest.raises(game_services.ServiceError):
            game_services.game_create(creator=organiser, creator_seated=False, game_type="race", options={},
                                      seats=seats)
    # A 'player' seat is not for ordinary games (the creator seats themselves and invites the others).
    with pytest.raises(game_services.ServiceError):
        game_services.game_create(creator=alice, game_type="race", options={}, seats=[
            game_services.SeatSpec("me"), game_services.SeatSpec("player", username="bob")])
    assert Game.objects.count() == 1


def test_the_profile_lists_the_competitions_played_and_the_place(client):
    organiser, alice = make_user("organiser", staff=True), make_user("alice")
    with committed():
        competition = cs.competition_create(creator=organiser, name="Short cup", kind="swiss", game_type="nim",
                                            seats=2, rounds=1, max_players=2)
        cs.entry_register(competition_id=competition.pk, user=alice)
        cs.entry_register(competition_id=competition.pk, user=organiser, bot_level="random")
    competition.refresh_from_db()
    play_round(competition)
    assert competition.status == Competition.Status.FINISHED
    place = next(r.place for r in cs.standings(competition) if r.player == competition.entries.get(user=alice).pk)
    page = client.get(reverse("community:profile", args=["alice"])).text
    assert "Short cup" in page and f"place {place} of 2" in page


def test_one_competition_failing_does_not_stop_the_others(monkeypatch):
    organiser = make_user("organiser", staff=True)
    first = cs.competition_create(creator=organiser, name="First", kind="swiss", game_type="nim", max_players=2)
    second = cs.competition_create(creator=organiser, name="Second", kind="swiss", game_type="nim", max_players=2)
    Competition.objects.filter(pk__in=[first.pk, second.pk]).update(status=Competition.Status.RUNNING)
    real = cs.competition_advance

    def advance(*, competition_id, now=None):
        if competition_id == first.pk:
            raise RuntimeError("a damaged competition")
        return real(competition_id=competition_id, now=now)

    monkeypatch.setattr(cs, "competition_advance", advance)
    done = cs.competitions_advance()
    assert done[first.pk] == "failed" and done[second.pk] != "failed"
