"""Services: the only code that changes a game."""

import pytest
from django.db import transaction

from play import services
from play.models import Game, Move, Seat
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


def test_game_starts_when_every_seat_is_filled(alice, bob):
    game = race_game(alice, [bob])
    assert game.status == Game.Status.OPEN and game.state is None
    game = accept_all(game, [bob])
    assert game.status == Game.Status.ACTIVE
    assert game.version == 1
    assert Move.objects.filter(game=game, seq=1, kind="start").exists()
    seats = list(game.seats.order_by("index"))
    assert [s.owes_move for s in seats] == [True, False]
    assert seats[0].deadline is not None


def test_open_seat_taken_by_anyone_and_private_game_needs_token(alice, bob):
    carol = make_user("carol")
    public = race_game(alice, open_seats=1)
    services.game_join(game_id=public.pk, user=carol)
    assert Game.objects.get(pk=public.pk).status == Game.Status.ACTIVE

    private = race_game(alice, open_seats=1, private=True)
    with pytest.raises(services.NotAllowed):
        services.game_join(game_id=private.pk, user=bob)
    services.game_join(game_id=private.pk, user=bob, invite_token=private.invite_token)
    assert Game.objects.get(pk=private.pk).status == Game.Status.ACTIVE


def test_cannot_join_twice_or_a_full_game(alice, bob):
    carol = make_user("carol")
    game = race_game(alice, open_seats=2)
    services.game_join(game_id=game.pk, user=bob)
    with pytest.raises(services.ServiceError, match="already have a seat"):
        services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    with pytest.raises(services.ServiceError, match="no longer open"):
        services.game_join(game_id=game.pk, user=make_user("dave"))


def test_creator_cancels_an_unstarted_game_only(alice, bob):
    game = race_game(alice, open_seats=1)
    with pytest.raises(services.NotAllowed):
        services.game_cancel(game_id=game.pk, user=bob)
    services.game_cancel(game_id=game.pk, user=alice)
    assert Game.objects.get(pk=game.pk).status == Game.Status.CANCELLED
    started = accept_all(race_game(alice, [bob]), [bob])
    with pytest.raises(services.ServiceError):
        services.game_cancel(game_id=started.pk, user=alice)


def test_bad_creation_input_is_refused_and_creates_nothing(alice):
    before = Game.objects.count()
    with pytest.raises(services.ServiceError, match="played by 2 to 4"):
        services.game_create(creator=alice, game_type="race", options={}, seats=[services.SeatSpec("me")])
    with pytest.raises(services.ServiceError, match="target must be"):
        services.game_create(creator=alice, game_type="race", options={"target": "99"},
                             seats=[services.SeatSpec("me"), services.SeatSpec("open")])
    with pytest.raises(services.ServiceError, match="No player is called"):
        services.game_create(creator=alice, game_type="race", options={},
                             seats=[services.SeatSpec("me"), services.SeatSpec("invite", username="ghost")])
    with pytest.raises(services.ServiceError, match="Unknown game"):
        services.game_create(creator=alice, game_type="chess", options={}, seats=[services.SeatSpec("me")])
    assert Game.objects.count() == before


def test_move_apply_appends_log_and_bumps_version(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    game = services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 3}, expected_version=1)
    assert game.version == 2
    move = Move.objects.get(game=game, seq=2)
    assert move.seat == 0 and move.payload == {"type": "add", "n": 3} and move.by_user == alice
    assert game.state["total"] == 3
    seats = list(game.seats.order_by("index"))
    assert [s.owes_move for s in seats] == [False, True]


def test_stale_or_repeated_submission_gets_conflict_and_changes_nothing(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    with pytest.raises(services.Conflict):
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    game.refresh_from_db()
    assert game.version == 2 and game.moves.count() == 2


def test_not_your_turn_and_not_your_game(alice, bob):
    carol = make_user("carol")
    game = accept_all(race_game(alice, [bob]), [bob])
    with pytest.raises(services.Conflict, match="not your turn"):
        services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, expected_version=1)
    with pytest.raises(services.NotAllowed):
        services.move_apply(game_id=game.pk, user=carol, move={"type": "add", "n": 1}, expected_version=1)


def test_illegal_move_is_refused_with_the_engine_message(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    with pytest.raises(services.BadMove) as info:
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 7}, expected_version=1)
    assert info.value.key == "race.bad_add" and "1, 2 or 3" in info.value.message
    with pytest.raises(services.BadMove):
        services.move_apply(game_id=game.pk, user=alice, move=["not", "a", "move"], expected_version=1)
    game.refresh_from_db()
    assert game.version == 1 and game.state["total"] == 0


def play_to_end(game, users):
    """Alternate 3s until the race ends, then everyone says ready."""
    by_index = {s.index: s.user for s in game.seats.all()}
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        seat = game.seats.filter(owes_move=True).order_by("index").first()
        move = {"type": "add", "n": 3} if game.state["phase"] == "race" else {"type": "ready"}
        services.move_apply(game_id=game.pk, user=by_index[seat.index], move=move, expected_version=game.version)


def test_simultaneous_decisions_and_finish(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    for user in (alice, bob, alice, bob):  # 12 >= 10: bob's 4th add ends the race
        game.refresh_from_db()
        services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": 3}, expected_version=game.version)
    game.refresh_from_db()
    assert set(game.seats.filter(owes_move=True).values_list("index", flat=True)) == {0, 1}
    # Either may answer first.
    services.move_apply(game_id=game.pk, user=bob, move={"type": "ready"}, expected_version=game.version)
    game.refresh_from_db()
    services.move_apply(game_id=game.pk, user=alice, move={"type": "ready"}, expected_version=game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["scores"][1] == game.state["secret"][1] + 5
    assert not game.seats.filter(owes_move=True).exists()


def test_clock_spends_time_adds_increment_and_caps(alice, bob, settings):
    from datetime import timedelta

    from django.utils import timezone

    game = accept_all(race_game(alice, [bob], initial_seconds=2 * 86400, increment_seconds=86400,
                                max_seconds=3 * 86400), [bob])
    seat = game.seats.get(index=0)
    Seat.objects.filter(pk=seat.pk).update(owes_since=timezone.now() - timedelta(hours=12))
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    seat.refresh_from_db()
    # 2 days - 12 h + 1 day = 2.5 days, within the 3-day cap.
    assert abs(seat.bank_seconds - int(2.5 * 86400)) <= 2
    game.refresh_from_db()
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, expected_version=2)
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=3)
    seat.refresh_from_db()
    assert seat.bank_seconds == 3 * 86400  # capped
    bob_seat = game.seats.get(index=1)
    assert bob_seat.owes_move and bob_seat.deadline is not None


def test_bot_seat_moves_itself(alice):
    game = race_game(alice, bots=["random"])
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    game.refresh_from_db()
    # The eager bot task answered at once: it is alice's turn again.
    assert game.version == 3
    assert Move.objects.get(game=game, seq=3).by_bot == "random"
    assert game.seats.get(index=0).owes_move


def test_game_of_bots_finishes_without_anyone(alice):
    game = race_game(alice, bots=["random", "random", "random"])
    with committed():
        services.game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["ranks"][0] == 4  # the resigned seat ranks last


def test_resign_two_players_ends_game_other_wins(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    services.game_resign(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["ranks"] == [1, 2]
    assert game.moves.filter(kind="resign", seat=1).exists()
    with pytest.raises(services.ServiceError):
        services.game_resign(game_id=game.pk, user=bob)


def test_resign_with_three_players_bot_finishes_moves(alice, bob):
    carol = make_user("carol")
    game = accept_all(race_game(alice, [bob, carol]), [bob, carol])
    with committed():
        services.game_resign(game_id=game.pk, user=alice)  # alice was to move
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    seat = game.seats.get(index=0)
    assert seat.resigned and seat.substitute_bot == "random"
    assert game.state["turn"] == 1  # the bot already played alice's move
    game = play_to_end_three(game, {1: bob, 2: carol})
    assert game.status == Game.Status.FINISHED and game.result["ranks"][0] == 3


def play_to_end_three(game, users):
    for _ in range(40):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.seats.filter(owes_move=True, substitute_bot="").order_by("index").first()
        move = {"type": "add", "n": 1} if game.state["phase"] == "race" else {"type": "ready"}
        user = users[seat.index]
        with committed():
            services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    return game


def test_timeout_bot_rule_and_take_back(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    game = accept_all(race_game(alice, [bob]), [bob])
    Seat.objects.filter(game=game, index=0).update(deadline=timezone.now() - timedelta(seconds=1))
    with committed():
        assert services.seat_timeout(game_id=game.pk, seat_index=0) is True
    game.refresh_from_db()
    assert game.seats.get(index=0).substitute_bot == "random"
    assert game.state["turn"] == 1  # the bot moved for alice
    assert services.seat_timeout(game_id=game.pk, seat_index=0) is False  # a second call does nothing
    assert game.moves.filter(kind="timeout").count() == 1
    services.seat_take_back(game_id=game.pk, user=alice)
    assert game.seats.get(index=0).substitute_bot == ""


def test_timeout_forfeit_rule(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    game = accept_all(race_game(alice, [bob], timeout_rule="forfeit"), [bob])
    Seat.objects.filter(game=game, index=0).update(deadline=timezone.now() - timedelta(seconds=1))
    services.seat_timeout(game_id=game.pk, seat_index=0)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["ranks"] == [2, 1]


def test_timeout_before_deadline_does_nothing(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    assert services.seat_timeout(game_id=game.pk, seat_index=0) is False
    assert game.seats.get(index=0).substitute_bot == ""


def test_abort_and_replace_by_bot_and_deactivate(alice, bob):
    staff = make_user("mod", staff=True)
    game = accept_all(race_game(alice, [bob]), [bob])
    with committed():
        services.seat_replace_by_bot(game_id=game.pk, seat_index=0, bot_level="random", by_user=staff)
    game.refresh_from_db()
    assert game.seats.get(index=0).kind == Seat.Kind.BOT and game.state["turn"] == 1
    services.game_abort(game_id=game.pk, by_user=staff, reason="test")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and not game.seats.filter(owes_move=True).exists()

    other = accept_all(race_game(alice, [bob]), [bob])
    with committed():
        services.user_deactivate(user=alice, by_user=staff)
    alice.refresh_from_db()
    other.refresh_from_db()
    assert not alice.is_active
    assert other.seats.get(index=0).substitute_bot == "random" and other.state["turn"] == 1


def test_on_commit_enqueues_bot_work(alice, django_capture_on_commit_callbacks, monkeypatch):
    calls = []
    monkeypatch.setattr("play.tasks.bots_play.delay", lambda *a: calls.append(a))
    with django_capture_on_commit_callbacks(execute=True):
        game = race_game(alice, bots=["random"])
    assert calls == []  # alice moves first: nothing for the bot yet
    with django_capture_on_commit_callbacks(execute=True):
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert calls == [(game.pk, 2)]


def test_failed_transaction_leaves_no_move(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
            raise RuntimeError("boom")
    game.refresh_from_db()
    assert game.version == 1 and game.moves.count() == 1
