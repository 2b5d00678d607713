"""One write path (issue 15): the games services are the only code that changes a game.
Moderation, vacations, the minute sweep and the bot task call them; a game ends through
one finish, clocks follow through one resync; refusals are a key and parameters, answered
over HTTP in one place; one current-vacation rule."""

from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils import timezone, translation

from notifications.models import Notification
from play import bots, services, signals
from play.errors import BadMove, Conflict, DamagedGame, NotAllowed, ServiceError, StaleVersion, TooMany
from play.http_errors import form_status, status_of, text_of
from play.models import Game, Move, Seat, Vacation
from players import services as player_services
from ratings.models import RatingChange
from tests.community.helpers import finish
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def finishes():
    """The games that reached the end (``change.finished``), once per time they did."""
    seen = []

    def record(sender, game, change, **kwargs):
        if change.finished is not None:
            seen.append(game.pk)

    signals.game_changed.connect(record, dispatch_uid="test_write_path.finishes")
    yield seen
    signals.game_changed.disconnect(dispatch_uid="test_write_path.finishes")


def _two_player_game(**kwargs):
    alice, bob = make_user("alice"), make_user("bob")
    return alice, bob, accept_all(race_game(alice, [bob], **kwargs), [bob])


def _end_by_last_move(game, alice, bob, mod):
    finish(game, [alice, bob])


def _end_by_resignation(game, alice, bob, mod):
    services.game_resign(game_id=game.pk, user=bob)


def _end_by_time_out(game, alice, bob, mod):
    Seat.objects.filter(game=game, index=0).update(deadline=timezone.now() - timedelta(minutes=1))
    assert services.seats_time_out(game_ids=[game.pk]) == 1


def _end_by_adjudication(game, alice, bob, mod):
    services.game_adjudicate(game_id=game.pk, ranks=[2, 1], scores=[3, 9], by_user=mod)


@pytest.mark.parametrize("end", [_end_by_last_move, _end_by_resignation, _end_by_time_out,
                                 _end_by_adjudication])
def test_every_way_a_game_ends_goes_through_one_finish(end, finishes, django_capture_on_commit_callbacks):
    """The last move, a resignation, a time-out (forfeit rule) and a moderator's adjudication:
    the game finishes once, every clock stops, each player gets one result mail, each rating
    moves once."""
    mod = make_user("mod", staff=True)
    alice, bob, game = _two_player_game(timeout_rule=Game.TimeoutRule.FORFEIT)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        end(game, alice, bob, mod)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert len(game.result["ranks"]) == 2 and 1 in game.result["ranks"]
    assert finishes == [game.pk]
    assert not game.seats.filter(owes_move=True).exists()
    assert not game.seats.filter(deadline__isnull=False).exists()
    over = Notification.objects.filter(game=game, kind=Notification.Kind.GAME_OVER)
    assert sorted(over.values_list("user__username", flat=True)) == ["alice", "bob"]
    assert sorted(m.to[0] for m in mail.outbox if m.subject == f"Game #{game.pk} is over") == [
        "alice@example.com", "bob@example.com"]
    rated = RatingChange.objects.filter(game=game).values_list("rating__user__username", flat=True)
    assert sorted(rated) == ["alice", "bob"]


def test_an_adjudication_ranks_a_seat_that_left_after_those_that_stayed():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    mod = make_user("mod", staff=True)
    game = accept_all(race_game(alice, [bob, carol]), [bob, carol])
    services.game_resign(game_id=game.pk, user=alice)  # a bot finishes alice's moves
    with pytest.raises(ServiceError, match="rank after every seat that stayed"):
        services.game_adjudicate(game_id=game.pk, ranks=[1, 2, 3], by_user=mod)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    game = services.game_adjudicate(game_id=game.pk, ranks=[3, 1, 2], rated=False, by_user=mod)
    assert game.result["left"] == [0] and game.result["adjudicated"] and game.result["rated"] is False


def test_the_turn_mail_commits_or_rolls_back_with_the_move():
    """Signals are sent inside the game's transaction: the outbox row is part of the change."""
    alice, bob, game = _two_player_game()
    with pytest.raises(RuntimeError), transaction.atomic():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1},
                            expected_version=1)
        assert Notification.objects.filter(user=bob, kind=Notification.Kind.YOUR_TURN).exists()
        raise RuntimeError("the request failed after the move")
    assert not Notification.objects.filter(user=bob, kind=Notification.Kind.YOUR_TURN).exists()
    assert Game.objects.get(pk=game.pk).version == 1


# --- moderators' changes: the service decides, community logs -------------------------------------


def test_rollback_charges_nobody_and_tells_whose_turn_it_is_again():
    alice, bob, game = _two_player_game()
    mod = make_user("mod", staff=True)
    for user, version in ((alice, 1), (bob, 2), (alice, 3)):  # seqs 2, 3, 4
        services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": 1},
                            expected_version=version)
    banks = dict(Seat.objects.filter(game=game).values_list("index", "bank_seconds"))
    Notification.objects.all().delete()
    # Back to after bob's move: bob owed, alice owes again.
    game, undone = services.game_rollback(game_id=game.pk, to_seq=3, by_user=mod)
    assert undone == [4] and game.state["total"] == 2 and game.version == 5
    seats = {s.index: s for s in game.seats.all()}
    assert seats[0].owes_move and seats[0].deadline is not None
    assert not seats[1].owes_move and seats[1].deadline is None
    assert {i: s.bank_seconds for i, s in seats.items()} == banks  # nobody charged for the moves taken back
    assert list(Notification.objects.values_list("user__username", "kind")) == [("alice", "your_turn")]
    row = Move.objects.get(game=game, seq=5)
    assert row.kind == "rollback" and row.by_user == mod
    assert set(row.log[0]["params"]) == {"to", "first", "last"}  # undone moves and seed: staff only


def test_a_seat_given_to_another_player_starts_their_clock_and_tells_them():
    alice, _bob, game = _two_player_game()
    carol, mod = make_user("carol"), make_user("mod", staff=True)
    Notification.objects.update(status=Notification.Status.SENT)  # alice's turn mail went out
    game, previous = services.seat_give_to_user(game_id=game.pk, seat_index=0, username="Carol", by_user=mod)
    seat = game.seats.get(index=0)
    assert seat.user == carol and seat.owes_move and seat.deadline > timezone.now()
    assert previous == {"user": alice.pk, "bot": "", "kind": "human"}
    assert Notification.objects.filter(user=carol, kind=Notification.Kind.YOUR_TURN).count() == 1
    with pytest.raises(ServiceError, match="already has a seat"):
        services.seat_give_to_user(game_id=game.pk, seat_index=1, username="carol", by_user=mod)


def test_annulment_marks_the_result_and_logs_it():
    alice, bob, game = _two_player_game()
    mod = make_user("mod", staff=True)
    with pytest.raises(ServiceError, match="Only a finished game"):
        services.game_annul(game_id=game.pk, by_user=mod)
    finish(game, [alice, bob])
    game = services.game_annul(game_id=game.pk, by_user=mod)
    assert game.result["annulled"] and game.moves.filter(kind="annul", by_user=mod).count() == 1
    with pytest.raises(ServiceError, match="already annulled"):
        services.game_annul(game_id=game.pk, by_user=mod)


# --- the minute sweep and the bot task: thin tasks, services that do the work -----------------------


def test_reminders_are_sent_once_by_the_service():
    alice, _bob, game = _two_player_game()
    Seat.objects.filter(game=game, index=0).update(reminder_at=timezone.now() - timedelta(minutes=1))
    assert services.reminders_send() == 1
    assert services.reminders_send() == 0
    assert Notification.objects.filter(user=alice, kind=Notification.Kind.REMINDER).count() == 1
    assert Seat.objects.get(game=game, index=0).reminder_at is None


def test_open_games_expire_through_the_service():
    alice = make_user("alice")
    old, fresh = race_game(alice, open_seats=1), race_game(alice, open_seats=1)
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=15))
    assert services.open_games_expire() == 1 and services.open_games_expire() == 0
    old.refresh_from_db()
    assert old.status == Game.Status.CANCELLED and old.abort_reason.startswith("expired")
    assert Game.objects.get(pk=fresh.pk).status == Game.Status.OPEN


def test_bot_turns_are_a_service_that_asks_the_bots_once_per_move(monkeypatch):
    asked = []
    choose = bots.choose_move

    def counting(*args, **kwargs):
        asked.append(args[:2])
        return choose(*args, **kwargs)

    monkeypatch.setattr(bots, "choose_move", counting)
    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    turns = services.bot_turns_play(game_id=game.pk, version=2, limit=50)
    assert (turns.played, turns.version, turns.more) == (1, 3, False)
    assert asked == [("race", "random")]
    assert Move.objects.get(game=game, seq=3).by_bot == "random"
    # Queued for a version the game has left: nothing happens.
    assert services.bot_turns_play(game_id=game.pk, version=2, limit=50).played == 0
    assert Game.objects.get(pk=game.pk).version == 3 and len(asked) == 1


def test_bot_turns_stop_at_the_limit_and_say_there_is_more():
    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    Seat.objects.filter(game=game, index=0).update(substitute_bot="random")  # bots on both seats
    turns = services.bot_turns_play(game_id=game.pk, version=1, limit=2)
    assert (turns.played, turns.version, turns.more) == (2, 3, True)


def test_bot_turns_are_queued_on_commit_with_the_version_then(django_capture_on_commit_callbacks,
                                                               monkeypatch):
    queued = []
    monkeypatch.setattr("play.tasks.bots_play.delay", lambda *args: queued.append(args))
    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.game_resign(game_id=game.pk, user=alice)  # alice leaves: the game ends, no bot turn
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    for callback in callbacks:
        callback()
    assert queued == []
    game = race_game(alice, bots=["random"])
    Seat.objects.filter(game=game, index=0).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        services.seats_time_out(game_ids=[game.pk])  # a bot plays for alice now
    assert queued == [(game.pk, 2)]


# --- vacations: one rule, the clocks rescheduled by the games service ------------------------------


def test_vacations_move_running_deadlines_through_the_games_service():
    alice, bob, game = _two_player_game()
    seat = game.seats.get(index=0)
    now = timezone.now()
    Vacation.objects.create(user=alice, starts_at=now, ends_at=now + timedelta(days=2))
    assert services.clocks_reschedule(user=alice) == 1
    assert services.clocks_reschedule(user=bob) == 0  # bob owes nothing: no clock of his runs
    moved = Seat.objects.get(pk=seat.pk)
    assert moved.deadline - seat.deadline == timedelta(days=2)
    assert moved.reminder_at is None or moved.reminder_at > seat.reminder_at


def test_on_two_overlapping_vacations_a_player_is_away_until_the_later_end(client):
    """The current-vacation rule, one for every page: the vacation ending last. The clock stands
    still until then (overlapping vacations merge), so that is the date shown; coming back
    early ends every vacation under way."""
    alice, bob, game = _two_player_game()
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    now = timezone.now()
    longer = Vacation.objects.create(user=bob, starts_at=now - timedelta(days=2),
                                     ends_at=now + timedelta(days=5))
    Vacation.objects.create(user=bob, starts_at=now - timedelta(days=1), ends_at=now + timedelta(days=3))
    services.clocks_reschedule(user=bob)
    assert bob.profile.current_vacation() == longer
    shown = date_filter(timezone.localtime(longer.ends_at), "SHORT_DATE_FORMAT")
    client.force_login(alice)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert f"on vacation until {shown}" in page
    client.force_login(bob)
    preferences = client.get(reverse("players:preferences")).content.decode()
    assert "On vacation until" in preferences
    on_vacation = Seat.objects.get(game=game, index=1).deadline

    player_services.vacation_end(user=bob)
    assert bob.profile.current_vacation() is None
    assert not Vacation.objects.current(user=bob).exists()
    back = Seat.objects.get(game=game, index=1).deadline
    assert back < on_vacation  # the clock runs again
    assert "on vacation until" not in client.get(reverse("games:detail", args=[game.pk])).content.decode()


# --- refusals: a key and parameters; one mapper to HTTP -------------------------------------------


def test_a_refusal_carries_a_key_and_parameters_worded_in_the_readers_language():
    alice = make_user("alice")
    with translation.override("fr"), pytest.raises(ServiceError) as raised:
        player_services.vacation_start(user=alice, days=0)
    refusal = raised.value
    assert refusal.key == "A vacation lasts from 1 to %(max)d days." and refusal.params == {"max": 60}
    assert not hasattr(refusal, "status")
    with translation.override("en"):
        assert str(refusal) == "A vacation lasts from 1 to 60 days."
    with translation.override("fr"):
        assert text_of(refusal) == "Des vacances durent de 1 à 60 jours."


def test_one_table_maps_refusals_to_http():
    assert [status_of(e) for e in (ServiceError("x"), NotAllowed("x"), Conflict("x"), StaleVersion("x"),
                                   TooMany("x"), DamagedGame("x"), BadMove("k"))] == [
        400, 403, 409, 409, 429, 503, 400]
    assert [form_status(e) for e in (NotAllowed("x"), TooMany("x"))] == [400, 429]


def test_an_illegal_move_is_worded_by_the_games_texts_for_pages_and_api_alike(client):
    alice, _bob, game = _two_player_game()
    with pytest.raises(BadMove) as raised:
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 7}, expected_version=1)
    refusal = raised.value
    assert (refusal.key, refusal.game_type) == ("race.bad_add", "race")
    assert refusal.message == "You can add 1, 2 or 3."  # the engine's own sentence
    assert text_of(refusal) == "You can only add 1, 2 or 3."
    client.force_login(alice)
    page = client.post(reverse("games:move", args=[game.pk]),
                       {"version": "1", "move": '{"type": "add", "n": 7}'})
    api = client.post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 7}},
                      content_type="application/json")
    assert page.status_code == api.status_code == 400
    assert "You can only add 1, 2 or 3." in page.content.decode()
    assert api.json() == {"detail": "You can only add 1, 2 or 3.", "code": "race.bad_add",
                          "params": {"move": "add"}, "version": 1}  # the API's one error shape
