"""Issue 20 point 7 (the moderation side): the "go back to" list describes each
move in words with its player and year; adjudicated results are marked in the
match history and the result e-mail; an unrated adjudication is nobody's win; a
finished game can be annulled, and the ratings it moved are recomputed."""

import dataclasses

import pytest
from django.contrib.auth.models import Group
from django.core import mail

from community import game_moderation
from community.models import ModerationAction
from community.move_descriptions import describe_moves
from community.selectors import finished_seats, stats
from play import registry, services
from play.models import Game, Move
from play.services import NotAllowed, ServiceError
from ratings import skill
from ratings.models import Rating, RatingChange
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


def play(game, user, n):
    game.refresh_from_db()
    return services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": n},
                               expected_version=game.version)


def won_game(mod, winner, loser, *, rated=True):
    game = accept_all(race_game(winner, [loser]), [loser])
    with committed():  # the result mails and the ratings
        return game_moderation.game_adjudicate(moderator=mod, game_id=game.pk, ranks=[1, 2], rated=rated,
                                               reason="test result")


@pytest.fixture
def race_counts_years():
    """The race game as a game that counts years: its definition names the log key that opens one."""
    race = registry.definition("race")
    registry.unregister("race")
    registry.register(dataclasses.replace(race, year_start="race.year_start"))
    yield
    registry.unregister("race")
    registry.register(race)


def test_the_go_back_list_describes_each_move_with_its_player_and_year(client, mod, alice, bob, race_counts_years):
    game = accept_all(race_game(alice, [bob]), [bob])
    play(game, alice, 2)
    play(game, bob, 3)
    play(game, alice, 1)
    # A game that counts years opens each one in its log (the key its definition names).
    second = Move.objects.get(game=game, seq=game.moves.filter(kind="move").order_by("seq")[1].seq)
    second.log = [{"key": "race.year_start", "params": {"year": 2}, "seat": None}, *second.log]
    second.save(update_fields=["log"])
    moves = list(game.moves.filter(kind__in=["start", "move"]).order_by("seq"))
    labels = describe_moves(game, moves)
    first, second_label, third = (labels[m.seq] for m in moves if m.kind == "move")
    assert first.endswith("alice: alice adds 2 (total 2).") and "year" not in first
    assert "year 2 · bob: bob adds 3 (total 5)." in second_label
    assert "year 2 · alice: alice adds 1 (total 6)." in third
    client.force_login(mod)
    page = client.get(f"/admin/community/moderatedgame/{game.pk}/change/").content.decode()
    assert "bob: bob adds 3 (total 5)." in page and "(move)</option>" not in page


def test_an_unrated_adjudication_is_marked_and_is_nobodys_win(client, mod, alice, bob):
    mail.outbox.clear()
    game = won_game(mod, alice, bob, rated=False)
    assert stats(alice)["race"]["total"].played == 1 and stats(alice)["race"]["total"].won == 0
    [row] = finished_seats(alice)
    assert row.adjudicated and row.unrated and not row.won
    client.force_login(alice)
    history = client.get("/players/alice/history/").content.decode()
    assert "result set by a moderator, unrated" in history
    [over] = [m for m in mail.outbox if m.to == ["alice@example.com"] and "over" in m.subject]
    assert "A moderator ended this game and set its result; it does not count for the ratings." in over.body
    assert not RatingChange.objects.filter(game=game).exists()


def test_annulling_a_farmed_game_recomputes_the_ratings_it_moved(client, mod, alice, bob, carol):
    chief = make_user("chief")
    chief.is_staff = True
    chief.save(update_fields=["is_staff"])
    chief.groups.add(Group.objects.get(name="Administrators"))
    won_game(mod, alice, bob)
    farmed = won_game(mod, alice, bob)
    won_game(mod, alice, bob)
    won_game(mod, carol, make_user("dave"))
    carol_before = Rating.objects.get(user=carol).ordinal
    assert Rating.objects.get(user=alice).games == 3
    game_mod = make_user("gm")
    game_mod.is_staff = True
    game_mod.save(update_fields=["is_staff"])
    game_mod.groups.add(Group.objects.get(name="Game moderators"))
    with pytest.raises(NotAllowed):
        game_moderation.game_annul(moderator=game_mod, game_id=farmed.pk, reason="farming")
    game_moderation.game_annul(moderator=chief, game_id=farmed.pk, reason="alice and bob farm each other")
    # As if only the two other games had been played.
    (a1, b1) = skill.rate([(skill.DEFAULT_MU, skill.DEFAULT_SIGMA)] * 2, [1, 2])
    (a2, b2) = skill.rate([a1, b1], [1, 2])
    alice_r, bob_r = Rating.objects.get(user=alice), Rating.objects.get(user=bob)
    assert (alice_r.mu, alice_r.sigma) == pytest.approx(a2) and (bob_r.mu, bob_r.sigma) == pytest.approx(b2)
    assert (alice_r.games, alice_r.wins, bob_r.games, bob_r.wins) == (2, 2, 2, 0)
    assert Rating.objects.get(user=carol).ordinal == carol_before  # not in that game: not touched
    assert set(RatingChange.objects.filter(game=farmed).values_list("reason", flat=True)) == {"annulled"}
    # Out of the statistics, marked in the history, in the players' log and the moderation log.
    assert stats(alice)["race"]["total"].played == 2
    client.force_login(alice)
    assert "annulled by a moderator" in client.get("/players/alice/history/").content.decode()
    assert "A moderator annulled the game" in client.get(f"/games/{farmed.pk}/log/").content.decode()
    assert ModerationAction.objects.get(action="annul").reason == "alice and bob farm each other"
    with pytest.raises(ServiceError, match="already annulled"):
        game_moderation.game_annul(moderator=chief, game_id=farmed.pk, reason="again")
    live = accept_all(race_game(alice, [bob]), [bob])
    with pytest.raises(ServiceError, match="Only a finished game"):
        game_moderation.game_annul(moderator=chief, game_id=live.pk, reason="x")
    assert Game.objects.get(pk=live.pk).status == "active"
