"""games.plain_reads gives the same instances, fields and related objects as the
ORM queries it stands in for (on SQLite in `make test`, on PostgreSQL in CI)."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from games import plain_reads, selectors, services
from games.models import Game, Move, Seat
from players.models import Profile, Vacation

from .factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


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


def test_game_with_seats_matches_the_orm(game):
    orm = selectors.games_with_seats().get(pk=game.pk)
    plain = plain_reads.game_with_seats(game.pk)
    assert fields(plain) == fields(orm)
    assert plain.state == orm.state and isinstance(plain.options, dict)
    assert plain.started_at.tzinfo is not None  # converted, also where the database hands back text
    orm_seats, plain_seats = list(orm.seats.all()), list(plain.seats.all())
    assert [s.index for s in plain_seats] == [0, 1, 2]
    for a, b in zip(orm_seats, plain_seats):
        assert fields(b) == fields(a)
        assert fields(b.user) == fields(a.user)
        assert b.game is plain
    # the current vacation: bob's is the one that ends last; carol's has not begun, alice's is over
    assert plain_seats[1].vacation_until == Vacation.objects.filter(user__username="bob").latest("ends_at").ends_at
    assert plain_seats[2].vacation_until is None
    assert plain_seats[0].vacation_until is None


def test_game_with_seats_costs_two_queries_and_then_none(game, django_assert_num_queries):
    with django_assert_num_queries(2):
        loaded = plain_reads.game_with_seats(game.pk)
        names = [s.display_name for s in loaded.seats.all()]
        assert selectors.seat_of(loaded, loaded.seats.all()[1].user).index == 1
    assert names == ["alice", "bob", "carol"]


def test_filters_on_the_loaded_seats_stay_within_the_game(game):
    other = race_game(make_user("dave"), open_seats=1)
    loaded = plain_reads.game_with_seats(game.pk)
    assert set(loaded.seats.filter(index__gte=0).values_list("game_id", flat=True)) == {game.pk}
    assert other.pk not in loaded.seats.values_list("game_id", flat=True)


def test_open_seat_has_no_user_and_unknown_game_is_none():
    game = race_game(make_user("erin"), open_seats=1)
    seats = list(plain_reads.game_with_seats(game.pk).seats.all())
    assert seats[1].kind == Seat.Kind.OPEN and seats[1].user is None and seats[1].vacation_until is None
    assert plain_reads.game_with_seats(game.pk + 1000) is None
    assert plain_reads.game_for_update(game.pk + 1000) is None


def test_locked_reads_match_the_orm_with_profiles(game):
    Profile.objects.filter(user__username="carol").delete()
    with transaction.atomic():
        locked = plain_reads.game_for_update(game.pk)
        assert fields(locked) == fields(Game.objects.get(pk=game.pk))
        seats = plain_reads.seats_for_update(locked)
        orm = list(Seat.objects.filter(game=game).select_related("user__profile").order_by("index"))
    for a, b in zip(orm, seats):
        assert fields(b) == fields(a) and fields(b.user) == fields(a.user)
    assert fields(seats[0].user.profile) == fields(orm[0].user.profile)
    assert seats[0].user.profile.user is seats[0].user
    with pytest.raises(Profile.DoesNotExist):
        seats[2].user.profile  # noqa: B018 - as select_related leaves a missing one


def test_log_tail_matches_the_orm(game):
    services.move_apply(game_id=game.pk, user=make_user_seat(game, 1), move={"type": "add", "n": 1},
                        expected_version=2)
    everything = list(Move.objects.filter(game=game).order_by("seq"))
    tail = plain_reads.log_tail(game.pk, 2)
    assert [fields(m) for m in tail] == [fields(m) for m in everything[-2:]]
    assert [m.seq for m in plain_reads.log_tail(game.pk, 10, after_seq=1)] == [m.seq for m in everything[1:]]


def make_user_seat(game, index):
    return Seat.objects.get(game=game, index=index).user


@pytest.mark.parametrize("path", ["/games/{}/", "/games/{}/poll/?v=1", "/games/{}/chat/?s=0-0", "/games/{}/chat/panel/",
                                  "/api/games/{}/", "/api/games/{}/legal-moves/"])
def test_an_id_no_row_can_have_finds_nothing(client, path):
    """Found by the API fuzzer: an id past 64 bits overflowed SQLite's driver (500)."""
    client.force_login(make_user("zed"))
    assert client.get(path.format(2**70)).status_code == 404
    assert plain_reads.game_with_seats(-(2**70)) is None and plain_reads.game_for_update(2**64) is None
