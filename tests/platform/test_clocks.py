"""Clock arithmetic (pure) and seat clocks with vacations, with frozen time."""

from datetime import UTC, datetime, timedelta

import pytest

from play import clocks

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = 86400


def d(days: float) -> datetime:
    return T0 + timedelta(days=days)


def test_spent_without_vacation():
    assert clocks.spent_seconds(T0, d(1.5), [], cap=0) == 1.5 * DAY


def test_vacation_stops_the_clock_within_its_interval():
    vacation = [(d(1), d(3))]
    assert clocks.paused_seconds(T0, d(4), vacation, cap=10 * DAY) == 2 * DAY
    assert clocks.spent_seconds(T0, d(4), vacation, cap=10 * DAY) == 2 * DAY
    # A vacation that began before the clock only counts from the start.
    assert clocks.paused_seconds(d(2), d(4), vacation, cap=10 * DAY) == 1 * DAY


def test_vacation_cap_per_game():
    vacation = [(d(0), d(10))]
    assert clocks.paused_seconds(T0, d(10), vacation, cap=3 * DAY) == 3 * DAY
    assert clocks.spent_seconds(T0, d(10), vacation, cap=3 * DAY) == 7 * DAY


def test_overlapping_vacations_count_once():
    vacation = [(d(1), d(3)), (d(2), d(4))]
    assert clocks.paused_seconds(T0, d(5), vacation, cap=99 * DAY) == 3 * DAY


def test_deadline_moves_by_the_vacation():
    assert clocks.time_when_spent(T0, 3 * DAY, [], cap=0) == d(3)
    assert clocks.time_when_spent(T0, 3 * DAY, [(d(1), d(3))], cap=99 * DAY) == d(5)
    # The deadline comes before the vacation: unchanged.
    assert clocks.time_when_spent(T0, 1 * DAY, [(d(2), d(3))], cap=99 * DAY) == d(1)
    # Capped: only 1 day of the 5-day vacation stops the clock.
    assert clocks.time_when_spent(T0, 3 * DAY, [(d(1), d(6))], cap=1 * DAY) == d(4)


def test_bank_after_move_spends_adds_increment_and_caps():
    assert clocks.bank_after_move(3 * DAY, 1 * DAY, 1 * DAY, 7 * DAY) == 3 * DAY
    assert clocks.bank_after_move(6 * DAY, 0, 2 * DAY, 7 * DAY) == 7 * DAY
    assert clocks.bank_after_move(1 * DAY, 5 * DAY, 1 * DAY, 7 * DAY) == 1 * DAY


@pytest.mark.django_db
def test_seat_clock_with_vacation_in_a_game(monkeypatch):
    """A player on vacation: the deadline of the running clock moves back, and
    the time on vacation is not charged when they move."""
    from django.utils import timezone as djtz

    from play import services
    from players import services as player_services
    from tests.platform.factories import accept_all, make_user, race_game

    now = [T0]
    monkeypatch.setattr(djtz, "now", lambda: now[0])
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob], initial_seconds=3 * DAY, increment_seconds=DAY,
                                max_seconds=7 * DAY), [bob])
    seat = game.seats.get(index=0)
    assert seat.deadline == d(3) and seat.reminder_at == d(2.4)

    now[0] = d(1)
    player_services.vacation_start(user=alice, days=2)
    seat.refresh_from_db()
    assert seat.deadline == d(5)

    now[0] = d(4)  # back after the vacation, moves after one more day of clock
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    seat.refresh_from_db()
    # Spent 4 days - 2 on vacation = 2 days; 3 - 2 + 1 = 2 days left.
    assert seat.bank_seconds == 2 * DAY and seat.vacation_used_seconds == 2 * DAY

    profile = alice.profile
    assert profile.vacation_days_left(2026) == profile.vacation_days_per_year - 2


@pytest.mark.django_db
def test_vacation_rules(monkeypatch):
    from play.services import ServiceError
    from players import services as player_services
    from tests.platform.factories import make_user

    alice = make_user("alice")
    with pytest.raises(ServiceError, match="1 to 60"):
        player_services.vacation_start(user=alice, days=0)
    alice.profile.vacation_days_per_year = 5
    alice.profile.save()
    with pytest.raises(ServiceError, match="5 vacation days left"):
        player_services.vacation_start(user=alice, days=6)
    player_services.vacation_start(user=alice, days=3)
    with pytest.raises(ServiceError, match="already on vacation"):
        player_services.vacation_start(user=alice, days=1)
    player_services.vacation_end(user=alice)
    # Ended at once: one started day is counted.
    assert alice.profile.vacation_days_left() == 4
    with pytest.raises(ServiceError, match="not on vacation"):
        player_services.vacation_end(user=alice)


@pytest.mark.django_db
def test_vacation_is_shown_in_the_game(client):
    from django.urls import reverse

    from players import services as player_services
    from tests.platform.factories import accept_all, make_user, race_game

    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    player_services.vacation_start(user=bob, days=3)
    client.force_login(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "on vacation until" in html and "the clock stands still" in html
