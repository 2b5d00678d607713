"""Concurrent moves (the engine contract's point 3), on Race's simultaneous "ready": a move chosen at an older
version lands when only OTHER seats moved since and the engine accepts it now; a version after which the
seat itself acted, or the platform did (a time-out, a resignation's bot, a moderator), is stale; a version
from the future is stale; a seat that neither owes nor may act is refused as before."""

import pytest

from play import services
from play.models import Game
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def _at_ready(users):
    """A 3-player race brought to its end, where every seat owes "ready" at once."""
    game = accept_all(race_game(users[0], users[1:]), users[1:])
    for turn in range(4):  # 4 x 3 = 12 >= 10
        game.refresh_from_db()
        services.move_apply(game_id=game.pk, user=users[turn % 3], move={"type": "add", "n": 3},
                            expected_version=game.version)
    game.refresh_from_db()
    assert game.state["phase"] == "reveal"
    return game


def test_two_seats_ready_at_the_same_version_both_land_and_the_third_after_them(alice, bob):
    carol = make_user("carol")
    game = _at_ready([alice, bob, carol])
    seen = game.version
    for user in (bob, carol, alice):  # all three chose at ``seen``
        services.move_apply(game_id=game.pk, user=user, move={"type": "ready"}, expected_version=seen)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.version == seen + 3


def test_a_seat_own_move_since_or_a_platform_event_since_makes_the_version_stale(alice, bob):
    carol = make_user("carol")
    game = _at_ready([alice, bob, carol])
    seen = game.version
    services.move_apply(game_id=game.pk, user=bob, move={"type": "ready"}, expected_version=seen)
    with pytest.raises(services.StaleVersion):  # bob's own move since: the same move sent twice
        services.move_apply(game_id=game.pk, user=bob, move={"type": "ready"}, expected_version=seen)
    with pytest.raises(services.StaleVersion):  # a version the game never reached
        services.move_apply(game_id=game.pk, user=carol, move={"type": "ready"}, expected_version=seen + 5)
    services.game_resign(game_id=game.pk, user=alice)  # a platform event (a bot takes alice's seat)
    with pytest.raises(services.StaleVersion):
        services.move_apply(game_id=game.pk, user=carol, move={"type": "ready"}, expected_version=seen + 1)
    game.refresh_from_db()
    assert game.state["ready"] == [1]


def test_a_move_no_longer_legal_after_others_moved_is_a_conflict_with_the_engine_reason(alice, bob):
    """In the race phase only the seat whose turn it is may add; after it did, a second seat's add chosen
    at the same version is refused, not because of the version but because it is not its turn."""
    carol = make_user("carol")
    game = accept_all(race_game(alice, [bob, carol]), [bob, carol])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    with pytest.raises(services.Conflict) as refused:  # bob's turn now, but carol owes nothing
        services.move_apply(game_id=game.pk, user=carol, move={"type": "add", "n": 1}, expected_version=1)
    assert not isinstance(refused.value, services.MoveOvertaken)
    with pytest.raises(services.MoveOvertaken) as overtaken:  # bob, at version 1, tries an add of 4
        services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 4}, expected_version=1)
    assert overtaken.value.key == "race.bad_add"
    game.refresh_from_db()
    assert game.version == 2
    # bob's legal add chosen at version 1 lands (only alice moved since).
    services.move_apply(game_id=game.pk, user=bob, move={"type": "add", "n": 2}, expected_version=1)
    game.refresh_from_db()
    assert game.version == 3 and game.state["total"] == 3
