"""The periodic sweep (timeouts, reminders, expiry) and the e-mails it and
the moves cause: your turn, reminders, results, digest, unsubscribe."""

import re
import threading
from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from notifications.models import Notification
from notifications.tasks import flush_outbox, send_digests, send_once
from play import presence, services
from play.models import Game, Move, Seat
from play.tasks import sweep_clocks
from tests.platform.factories import accept_all, committed, race_game


def _make_late(game, index=0, hours=1):
    Seat.objects.filter(game=game, index=index).update(deadline=timezone.now() - timedelta(hours=hours))


@pytest.mark.django_db
def test_sweep_times_out_late_seats_once(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    _make_late(game)
    assert sweep_clocks()["timeouts"] == 1
    assert sweep_clocks()["timeouts"] == 0
    assert Move.objects.filter(game=game, kind="timeout").count() == 1
    assert Game.objects.get(pk=game.pk).seats.get(index=0).substitute_bot == "random"


@pytest.mark.django_db
def test_time_out_task_applies_only_late_seats_and_only_once(alice, bob):
    from play.tasks import time_out_games

    late = accept_all(race_game(alice, [bob]), [bob])
    on_time = accept_all(race_game(alice, [bob]), [bob])
    _make_late(late)
    assert time_out_games([on_time.pk]) == 0
    assert time_out_games([on_time.pk, late.pk]) == 1
    assert time_out_games([late.pk]) == 0  # queued twice by two sweeps: the second run changes nothing
    assert Move.objects.filter(game=late, kind="timeout").count() == 1
    assert not Move.objects.filter(game=on_time, kind="timeout").exists()


@pytest.mark.django_db(transaction=True)
def test_sweep_in_two_concurrent_workers_handles_each_timeout_once(alice, bob):
    games = [accept_all(race_game(alice, [bob], timeout_rule="forfeit"), [bob]) for _ in range(12)]
    for game in games:
        _make_late(game)
    results, errors = [], []

    def worker():
        try:
            results.append(sweep_clocks())
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    # Both sweeps may queue a game; its time-out is applied once all the same.
    assert 12 <= sum(r["timeouts"] for r in results) <= 24
    for game in games:
        assert Move.objects.filter(game=game, kind="forfeit").count() == 1
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


@pytest.mark.django_db
def test_sweep_expires_games_never_started(alice):
    old = race_game(alice, open_seats=1)
    fresh = race_game(alice, open_seats=1)
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=15))
    assert sweep_clocks()["expired"] == 1
    assert Game.objects.get(pk=old.pk).status == Game.Status.CANCELLED
    assert Game.objects.get(pk=fresh.pk).status == Game.Status.OPEN


@pytest.mark.django_db
def test_your_turn_email_links_to_the_game_and_has_unsubscribe(alice, bob, settings):
    settings.SITE_URL = "https://lacitta.example"
    with committed():
        game = accept_all(race_game(alice, [bob]), [bob])
    # alice owes the first move: one e-mail to her.
    turn = [m for m in mail.outbox if m.to == ["alice@example.com"]]
    assert len(turn) == 1
    assert f"https://lacitta.example/games/{game.pk}/" in turn[0].body
    assert turn[0].extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/notifications/unsubscribe/" in turn[0].extra_headers["List-Unsubscribe"]
    mail.outbox.clear()
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


@pytest.mark.django_db
def test_turn_begun_while_looking_at_the_game_is_mailed_once_they_look_away(alice, bob):
    """Issue 18: the row used to be dropped when the turn began while the player had the page open
    (two turns, no row at all). Now the row is made and the send decides: held back while he looks."""
    game = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    presence.mark_present(game.pk, bob.pk)
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert mail.outbox == []  # he is looking: the page shows it is his turn
    note = Notification.objects.get(user=bob, kind="your_turn")
    assert note.status == Notification.Status.PENDING and note.send_after > timezone.now()
    assert send_once(note.pk) == "later" and mail.outbox == []
    # He closes the page without moving: the next try sends it.
    cache.delete(presence._key(game.pk, bob.pk))
    assert send_once(note.pk) == "sent"
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]


@pytest.mark.django_db
def test_turn_played_while_looking_at_the_game_is_never_mailed(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    presence.mark_present(game.pk, bob.pk)
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    with committed():
        services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, expected_version=2)
    cache.delete(presence._key(game.pk, bob.pk))
    note = Notification.objects.get(user=bob, kind="your_turn")
    assert send_once(note.pk) == "skipped"
    assert [m.to for m in mail.outbox if m.to == ["bob@example.com"]] == []


@pytest.mark.django_db
def test_flush_outbox_leaves_a_held_back_row_to_its_own_task(alice, bob, monkeypatch):
    game = accept_all(race_game(alice, [bob]), [bob])
    held = Notification.objects.create(user=alice, kind="reminder", game=game, dedupe_key="held",
                                       send_after=timezone.now() + timedelta(seconds=45))
    lost = Notification.objects.create(user=alice, kind="reminder", game=game, dedupe_key="lost",
                                       send_after=timezone.now() - timedelta(minutes=10))
    Notification.objects.filter(pk__in=[held.pk, lost.pk]).update(
        created_at=timezone.now() - timedelta(minutes=10))
    queued = []
    monkeypatch.setattr("notifications.tasks.send_notification.delay", lambda pk: queued.append(pk))
    flush_outbox()
    assert lost.pk in queued and held.pk not in queued


@pytest.mark.django_db
def test_catch_up_after_an_outage_sends_one_turn_mail_per_seat(alice, bob, settings):
    """Issue 18: with the broker down, alice's turn began twice (versions 1 and 3) while the first
    mail waited; flush_outbox then sent two "Your move in game #N" at once. One waiting row per seat."""
    # No commit in this test: the send tasks queued on commit never run, as with the broker down.
    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 1}, expected_version=2)
    assert Game.objects.get(pk=game.pk).version == 3 and mail.outbox == []
    waiting = Notification.objects.filter(user=alice, kind="your_turn", status=Notification.Status.PENDING)
    assert waiting.count() == 1 and waiting.get().seat_index == 0
    # The broker is back: the catch-up sends what waited.
    Notification.objects.update(created_at=timezone.now() - timedelta(minutes=10))
    flush_outbox()
    assert [m.to for m in mail.outbox].count(["alice@example.com"]) == 1


@pytest.mark.django_db
def test_the_database_refuses_a_second_waiting_turn_mail_for_a_seat(alice, bob):
    from django.db import IntegrityError, transaction

    game = accept_all(race_game(alice, [bob]), [bob])
    Notification.objects.all().delete()  # alice's first turn made one
    Notification.objects.create(user=alice, kind="your_turn", game=game, seat_index=0, dedupe_key="a")
    with pytest.raises(IntegrityError), transaction.atomic():
        Notification.objects.create(user=alice, kind="your_turn", game=game, seat_index=0, dedupe_key="b",
                                    status=Notification.Status.DIGEST)
    # Once sent, the next turn of that seat has a row of its own.
    Notification.objects.filter(dedupe_key="a").update(status=Notification.Status.SENT)
    Notification.objects.create(user=alice, kind="your_turn", game=game, seat_index=0, dedupe_key="c")


@pytest.mark.django_db
def test_email_in_the_users_language(alice, bob):
    bob.profile.language = "fr"
    bob.profile.save()
    game = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert mail.outbox[0].subject == f"À vous de jouer dans la partie #{game.pk}"
    assert "Jouez votre coup" in mail.outbox[0].body


@pytest.mark.django_db
def test_reminder_at_80_percent(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    Seat.objects.filter(game=game, index=0).update(reminder_at=timezone.now() - timedelta(minutes=1))
    with committed():
        assert sweep_clocks()["reminders"] == 1
    with committed():
        assert sweep_clocks()["reminders"] == 0
    assert len(mail.outbox) == 1 and "running low" in mail.outbox[0].subject


@pytest.mark.django_db
def test_game_over_email_with_result(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    with committed():
        services.game_resign(game_id=game.pk, user=bob)
    over = {m.to[0]: m for m in mail.outbox}
    assert set(over) == {"alice@example.com", "bob@example.com"}
    assert "is over" in over["alice@example.com"].subject and "1. alice" in over["alice@example.com"].body


@pytest.mark.django_db
def test_daily_digest_gathers_turn_emails(alice, bob):
    bob.profile.email_digest = True
    bob.profile.save()
    g1 = accept_all(race_game(alice, [bob]), [bob])
    g2 = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    for g in (g1, g2):
        with committed():
            services.move_apply(game_id=g.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert mail.outbox == []
    assert send_digests() == 1
    assert len(mail.outbox) == 1
    body = mail.outbox[0].body
    assert f"game #{g1.pk}: your move" in body and f"game #{g2.pk}: your move" in body
    assert send_digests() == 0


@pytest.mark.django_db
def test_preferences_turn_emails_off(alice, bob):
    bob.profile.email_your_turn = False
    bob.profile.save()
    game = accept_all(race_game(alice, [bob]), [bob])
    mail.outbox.clear()
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert mail.outbox == [] and not Notification.objects.filter(user=bob).exists()


@pytest.mark.django_db
def test_one_click_unsubscribe(client, alice):
    token = alice.profile.unsubscribe_token
    page = client.get(f"/notifications/unsubscribe/{token}/")
    assert page.status_code == 200 and "alice" in page.content.decode()
    client.post(f"/notifications/unsubscribe/{token}/")
    alice.profile.refresh_from_db()
    assert not (alice.profile.email_your_turn or alice.profile.email_reminder or alice.profile.email_game_over)
    assert client.get("/notifications/unsubscribe/wrong-token/").status_code == 404


@pytest.mark.django_db
def test_failed_send_is_recorded_retried_and_never_sent_twice(alice, bob, monkeypatch):
    game = accept_all(race_game(alice, [bob]), [bob])
    note = Notification.objects.create(user=alice, kind="your_turn", game=game, dedupe_key="t1")
    calls = []

    def flaky_send(self, fail_silently=False):
        calls.append(1)
        if len(calls) < 3:
            raise OSError("mail server down")
        return 1

    monkeypatch.setattr("django.core.mail.EmailMessage.send", flaky_send)
    assert send_once(note.pk) == "retry"
    note.refresh_from_db()
    assert note.status == Notification.Status.PENDING and note.attempts == 1
    assert "mail server down" in note.last_error
    assert [send_once(note.pk), send_once(note.pk)] == ["retry", "sent"]  # as the task's retries run
    note.refresh_from_db()
    assert note.status == Notification.Status.SENT and note.attempts == 3 and len(calls) == 3
    assert send_once(note.pk) == "nothing"  # already sent: never twice
    assert len(calls) == 3


@pytest.mark.django_db
def test_send_gives_up_after_the_last_attempt_and_keeps_the_row(alice, bob, monkeypatch):
    from notifications.tasks import MAX_ATTEMPTS

    game = accept_all(race_game(alice, [bob]), [bob])
    note = Notification.objects.create(user=alice, kind="game_over", game=game, dedupe_key="t2")

    def broken(self, fail_silently=False):
        raise OSError("refused")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", broken)
    outcomes = [send_once(note.pk) for _ in range(MAX_ATTEMPTS)]
    assert outcomes == ["retry"] * (MAX_ATTEMPTS - 1) + ["failed"]
    note.refresh_from_db()
    assert note.status == Notification.Status.FAILED and note.last_error == "OSError: refused"


@pytest.mark.django_db
def test_flush_outbox_requeues_stale_rows(alice, bob, monkeypatch):
    game = accept_all(race_game(alice, [bob]), [bob])
    note = Notification.objects.create(user=alice, kind="your_turn", game=game, dedupe_key="stale")
    Notification.objects.filter(pk=note.pk).update(created_at=timezone.now() - timedelta(minutes=10))
    queued = []
    monkeypatch.setattr("notifications.tasks.send_notification.delay", lambda pk: queued.append(pk))
    assert flush_outbox() >= 1 and note.pk in queued


def test_beat_schedule_is_configured(settings):
    """A misspelt setting is ignored silently: check the schedule took effect."""
    from lacitta_site.celery import app

    tasks = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert {"games.tasks.sweep_clocks", "notifications.tasks.flush_outbox",
            "notifications.tasks.send_digests"} <= tasks
    assert app.conf.task_acks_late is True and app.conf.broker_url == settings.CELERY_BROKER_URL


@pytest.mark.django_db
def test_broker_down_the_move_is_kept_and_the_bot_turn_is_queued_later(alice, monkeypatch):
    """Redis down: the site still accepts the move; the lost bot task is queued
    again by the sweep once the broker answers."""
    from play import tasks

    game = race_game(alice, bots=["random"])

    def broker_down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(tasks.bots_play, "delay", broker_down)
    monkeypatch.setattr("notifications.tasks.send_notification.delay", broker_down)
    with committed():  # the bot's turn and the mail are queued on commit: both fail
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    game.refresh_from_db()
    assert game.version == 2 and game.seats.get(index=1).owes_move  # saved; the bot has not moved
    monkeypatch.undo()  # the broker is back
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    with committed():
        assert sweep_clocks()["bots_requeued"] == 1
    game.refresh_from_db()
    assert game.version == 3 and Move.objects.filter(game=game, by_bot="random").count() == 1


@pytest.mark.django_db
def test_a_lost_bot_turn_is_queued_again_within_seconds_and_only_once(alice, monkeypatch, settings):
    """Issue 32.5: a killed worker's bot turn waited 157 s (the sweep's 2 minutes). The beat entry every 10 s
    finds a bot turn silent for BOT_TURN_LOST_AFTER_SECONDS (15) and queues it, keyed by its version."""
    from lacitta_site.celery import app
    from play import tasks

    game = race_game(alice, bots=["random"])
    queued = []
    monkeypatch.setattr(tasks.bots_play, "delay", lambda *args: queued.append(args))
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    queued.clear()  # the task the (killed) worker had taken
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=5))
    assert tasks.requeue_lost_bot_turns() == 0 and queued == []  # a bot thinking for 5 s is not lost
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(seconds=16))
    assert tasks.requeue_lost_bot_turns() == 1 and queued == [(game.pk, 2)]
    schedule = {entry["task"]: entry["schedule"] for entry in app.conf.beat_schedule.values()}
    assert schedule["games.tasks.requeue_lost_bot_turns"] <= 10
    assert settings.BOT_TURN_LOST_AFTER_SECONDS + schedule["games.tasks.requeue_lost_bot_turns"] < 30


@pytest.mark.django_db
def test_game_over_email_lists_the_players_by_rank_and_names_the_game(alice, bob):
    """Issue 29: the seats in rank order (not seat order), "1 point" / "2 points", the game's name in the
    subject."""
    game = accept_all(race_game(alice, [bob]), [bob])
    users = {0: alice, 1: bob}
    with committed():
        for n in (3, 3, 1, 3):  # 3, 6, 7, 10: bob reaches the target
            game.refresh_from_db()
            services.move_apply(game_id=game.pk, user=users[game.state["turn"]], move={"type": "add", "n": n},
                                expected_version=game.version)
        mail.outbox.clear()
        for user in (alice, bob):
            game.refresh_from_db()
            services.move_apply(game_id=game.pk, user=user, move={"type": "ready"}, expected_version=game.version)
    game.refresh_from_db()
    assert game.status == "finished"
    message = next(m for m in mail.outbox if m.to == ["alice@example.com"])
    assert message.subject == f"Game #{game.pk} (Race) is over"
    listed = re.findall(r"^(\d+)\. (\w+) — (\d+) points?$", message.body, re.M)
    ranks, scores = game.result["ranks"], game.result["scores"]
    expected = sorted(((ranks[i], name, scores[i]) for i, name in enumerate(("alice", "bob"))),
                      key=lambda row: (row[0], ("alice", "bob").index(row[1])))
    assert [(int(r), name, int(p)) for r, name, p in listed] == expected
    for _rank, _name, points in expected:
        assert (f"— {points} point\n" if points == 1 else f"— {points} points\n") in message.body + "\n"
