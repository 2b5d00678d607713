""""Since your last visit", the platform's part (``selectors.unseen_moves``): the seat's own last move and
the moves after it, or the moves after the summary it dismissed when that came later, for human seats
only, with ``earlier`` when more were unseen than the game asked for. ``play.visit_summary`` groups them
(tests/platform/test_visit_summary.py)."""

import pytest

from play import selectors, services
from play.models import Seat
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def add(game, user):
    return services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": 1},
                               expected_version=game.version)


def seat(game, index):
    return Seat.objects.get(game=game, index=index)


def test_the_moves_after_the_seats_own_last_one_until_it_dismisses_them():
    ann, bob, cid = make_user("ann"), make_user("bob"), make_user("cid")
    game = accept_all(race_game(ann, [bob, cid], target="15"), [bob, cid])
    for _ in range(2):
        for user in (ann, bob, cid):
            game = add(game, user)
    # cid moved last: only his own move, read for what followed it in its row (a year's end it brought)
    assert [row.seat for row in selectors.unseen_moves(game, seat(game, 2), limit=10).rows] == [2]
    unseen = selectors.unseen_moves(game, seat(game, 0), limit=10)
    assert [row.seat for row in unseen.rows] == [0, 1, 2] and not unseen.earlier
    cut = selectors.unseen_moves(game, seat(game, 0), limit=2)
    assert [row.seat for row in cut.rows] == [1, 2] and cut.earlier  # her own move was left out
    Seat.objects.filter(game=game, index=0).update(seen_seq=game.version)
    assert selectors.unseen_moves(game, seat(game, 0), limit=10) is None  # dismissed
    game = add(game, ann)
    assert [row.seat for row in selectors.unseen_moves(game, seat(game, 0), limit=10).rows] == [0]
    assert selectors.unseen_moves(game, None, limit=10) is None  # a spectator has no summary


def test_a_bot_seat_has_no_summary():
    ann = make_user("ann")
    game = race_game(ann, bots=("random",), target="15")
    game = add(game, ann)
    assert seat(game, 1).kind == Seat.Kind.BOT
    assert selectors.unseen_moves(game, seat(game, 1), limit=10) is None
