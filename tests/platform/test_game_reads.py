"""The reads behind a game page, poll, chat and API call (play.selectors): the
game with its seats, their users and their players' current vacations in two
statements; an id that no row can have finds nothing (on SQLite in `make test`,
on PostgreSQL in CI)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from play import selectors, services
from play.models import Seat, Vacation

from .factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = accept_all(race_game(alice, [bob, carol], open_seats=0), [bob, carol])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
    now = timezone.now()
    Vacation.objects.create(user=bob, starts_at=now - timedelta(days=1), ends_at=now + timedelta(days=3))
    Vacation.objects.create(user=bob, starts_at=now - timedelta(days=2), ends_at=now + timedelta(days=5))
    Vacation.objects.create(user=carol, starts_at=now + timedelta(days=1), ends_at=now + timedelta(days=2))
    Vacation.objects.create(user=alice, starts_at=now - timedelta(days=3), ends_at=now - timedelta(days=1))
    return game


def test_game_with_seats_gives_each_seat_its_players_current_vacation(game):
    seats = list(selectors.game_with_seats(game.pk).seats.all())
    assert [s.index for s in seats] == [0, 1, 2]
    # the current vacation: bob's is the one that ends last; carol's has not begun, alice's is over
    assert seats[1].vacation_until == Vacation.objects.filter(user__username="bob").latest("ends_at").ends_at
    assert seats[2].vacation_until is None
    assert seats[0].vacation_until is None


def test_game_with_seats_costs_two_queries_and_then_none(game, django_assert_num_queries):
    with django_assert_num_queries(2):
        loaded = selectors.game_with_seats(game.pk)
        names = [s.display_name for s in loaded.seats.all()]
        assert selectors.seat_of(loaded, loaded.seats.all()[1].user).index == 1
        assert all(s.game is loaded for s in loaded.seats.all())
    assert names == ["alice", "bob", "carol"]


def test_open_seat_has_no_user_and_unknown_game_is_none():
    game = race_game(make_user("erin"), open_seats=1)
    seats = list(selectors.game_with_seats(game.pk).seats.all())
    assert seats[1].kind == Seat.Kind.OPEN and seats[1].user is None and seats[1].vacation_until is None
    assert selectors.game_with_seats(game.pk + 1000) is None
    assert selectors.version_and_status(game.pk + 1000) is None
    assert selectors.version_and_status(game.pk) == (game.version, "open", False)


def test_log_tail_is_the_latest_rows_oldest_first(game):
    services.move_apply(game_id=game.pk, user=game.seats.get(index=1).user, move={"type": "add", "n": 1},
                        expected_version=2)
    assert [m.seq for m in selectors.moves_for(game, 0, limit=2)] == [2, 3]
    assert [m.seq for m in selectors.moves_for(game, 0, limit=10, after_seq=1)] == [2, 3]


@pytest.mark.parametrize("path", ["/games/{}/", "/games/{}/poll/?v=1", "/games/{}/chat/?s=0-0", "/games/{}/chat/panel/",
                                  "/api/games/{}/", "/api/games/{}/legal-moves/"])
def test_an_id_no_row_can_have_finds_nothing(client, path):
    """Found by the API fuzzer: an id past 64 bits overflowed SQLite's driver (500)."""
    client.force_login(make_user("zed"))
    assert client.get(path.format(2**70)).status_code == 404
    assert selectors.game_with_seats(-(2**70)) is None and selectors.version_and_status(2**64) is None
    with pytest.raises(services.ServiceError):
        services.lock_game(2**64)
