"""Moderating games: abort, adjudicate, give a seat to a bot or another
player, roll back (moves marked undone, never deleted), see the full state."""

import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from community import game_moderation
from community.models import ModerationAction, SeatOffer
from play import registry, services
from play.models import Game, Move, Seat
from play.replay import replay_final_state
from play.services import ServiceError
from ratings.models import Rating
from tests.community.helpers import play_until_over
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return accept_all(race_game(alice, [bob]), [bob])


def page(game):
    return f"/admin/community/moderatedgame/{game.pk}/change/"


def play(game, user, n):
    game.refresh_from_db()
    return services.move_apply(
        game_id=game.pk, user=user, move={"type": "add", "n": n}, expected_version=game.version
    )


def test_game_page_shows_seats_and_log_and_the_full_state_on_request(mod_client, mod, alice, bob, game):
    play(game, alice, 2)
    response = mod_client.get(page(game))
    text = response.content.decode()
    assert response.status_code == 200 and "alice" in text and "&#x27;add&#x27;" in text
    assert "&quot;secret&quot;" not in text  # the state only on request
    response = mod_client.post(page(game), {"op": "state", "state-reason": "cheating report #12"})
    text = response.content.decode()
    assert response.status_code == 200 and "&quot;secret&quot;" in text
    entry = ModerationAction.objects.get(action="view_state")
    assert entry.moderator == mod and entry.game_id == game.pk and entry.reason == "cheating report #12"


def test_abort_from_the_page_is_logged_and_unrated(mod_client, mod, game):
    assert mod_client.post(page(game), {"op": "abort", "abort-reason": ""}).status_code == 400
    assert Game.objects.get(pk=game.pk).status == "active"
    with committed():
        response = mod_client.post(page(game), {"op": "abort", "abort-reason": "both players asked"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "aborted" and game.abort_reason == "both players asked"
    assert ModerationAction.objects.get(action="abort").moderator == mod
    assert not Rating.objects.exists()
    response = mod_client.post(page(game), {"op": "abort", "abort-reason": "again"})
    assert response.status_code == 400 and "already over" in response.content.decode()


def test_adjudicate_sets_the_result_and_rates(mod_client, mod, alice, bob, game):
    version = game.version
    bad = {"op": "adjudicate", "adj-rank_0": "3", "adj-rank_1": "1", "adj-reason": "x", "adj-rated": "on"}
    assert mod_client.post(page(game), bad).status_code == 400
    bad.update({"adj-rank_0": "2", "adj-rank_1": "2"})
    response = mod_client.post(page(game), bad)
    assert response.status_code == 400 and "someone first" in response.content.decode()
    half = {"op": "adjudicate", "adj-rank_0": "1", "adj-rank_1": "2", "adj-score_0": "5", "adj-reason": "x"}
    assert mod_client.post(page(game), half).status_code == 400
    assert Game.objects.get(pk=game.pk).status == "active"
    with committed():
        response = mod_client.post(
            page(game),
            {
                "op": "adjudicate",
            "adj-rank_0": "2",
                "adj-rank_1": "1",
                "adj-score_0": "3",
                "adj-score_1": "9",
                "adj-rated": "on",
                "adj-reason": "alice left the site; bob was far ahead",
            },
        )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "finished" and game.version == version + 1
    assert game.result["ranks"] == [2, 1] and game.result["scores"] == [3, 9] and game.result["adjudicated"]
    assert not Seat.objects.filter(game=game, owes_move=True).exists()
    assert Move.objects.filter(game=game, kind="adjudicate", by_user=mod).exists()
    assert Rating.objects.get(user=bob).wins == 1
    assert ModerationAction.objects.get(action="adjudicate").details["ranks"] == [2, 1]


def test_adjudicated_as_unrated(mod, alice, bob, game):
    with committed():
        game_moderation.game_adjudicate(moderator=mod, game_id=game.pk, ranks=[1, 1], rated=False,
                                        reason="draw")
    assert Game.objects.get(pk=game.pk).status == "finished"
    assert not Rating.objects.exists()


def test_seat_to_a_bot_and_to_another_player(mod_client, mod, alice, bob, carol, game):
    response = mod_client.post(
        page(game),
        {"op": "seat_bot", "bot-seat": "1", "bot-bot_level": "random", "bot-reason": "bob vanished"},
    )
    assert response.status_code == 302
    seat = Seat.objects.get(game=game, index=1)
    assert seat.kind == "bot" and seat.user is None
    assert ModerationAction.objects.get(action="seat_bot").target_user == bob
    response = mod_client.post(
        page(game), {"op": "seat_user", "user-seat": "1", "user-username": "ghost", "user-reason": "x"}
    )
    assert response.status_code == 400 and "No player is called" in response.content.decode()
    response = mod_client.post(
        page(game), {"op": "seat_user", "user-seat": "1", "user-username": "alice", "user-reason": "x"}
    )
    assert response.status_code == 400 and "already has a seat" in response.content.decode()
    response = mod_client.post(
        page(game),
        {"op": "seat_user", "user-seat": "1", "user-username": "carol", "user-reason": "carol takes over"},
    )
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.kind == "bot" and seat.user is None  # offered: nothing changes until carol accepts
    offer = SeatOffer.objects.get(game=game, user=carol, status="pending")
    carol_client = Client()
    carol_client.force_login(carol)
    response = carol_client.post(reverse("community:seat_offer", args=[offer.pk]), {"answer": "accept"})
    assert response.status_code == 302 and response["Location"] == reverse("games:detail", args=[game.pk])
    seat.refresh_from_db()
    assert seat.kind == "human" and seat.user == carol and not seat.bot_level
    assert Move.objects.filter(game=game, kind="seat_given").exists()
    game = play_until_over(game, {0: alice, 1: carol})
    assert game.status == "finished"
    entry = ModerationAction.objects.get(action="seat_user")
    assert entry.target_user == carol and entry.reason == "carol takes over"


def test_rollback_marks_moves_undone_and_rebuilds_the_state(mod_client, mod, alice, bob, game):
    play(game, alice, 1)  # seq 2
    play(game, bob, 2)  # seq 3
    play(game, alice, 3)  # seq 4
    game.refresh_from_db()
    assert game.state["total"] == 6 and game.version == 4
    rows_before = Move.objects.filter(game=game).count()
    response = mod_client.post(
        page(game), {"op": "rollback", "rb-to_seq": "2", "rb-reason": "misclick, both agree"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.version == 5 and game.state["total"] == 1 and game.state["turn"] == 1
    moves = {m.seq: m for m in Move.objects.filter(game=game)}
    assert len(moves) == rows_before + 1  # nothing deleted, one rollback event
    assert moves[3].undone_at and moves[4].undone_at and not moves[2].undone_at
    assert moves[5].kind == "rollback" and moves[5].payload["undone"] == [3, 4]
    seats = {s.index: s for s in Seat.objects.filter(game=game)}
    assert seats[1].owes_move and not seats[0].owes_move and seats[1].deadline
    engine, state = replay_final_state(game)
    assert engine.dump(state) == game.state
    call_command("verify_games", game=[game.pk])
    # Play goes on from the restored position.
    game = play(game, bob, 3)
    assert game.state["total"] == 4
    entry = ModerationAction.objects.get(action="rollback")
    assert entry.details == {"to": 2, "undone": [3, 4]} and entry.moderator == mod
    log = mod_client.get(f"/games/{game.pk}/log/").content.decode()
    assert "took back moves 3–4" in log


def test_rollback_refuses_bad_targets(mod, alice, game):
    with pytest.raises(ServiceError, match="no move after"):
        game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=1, reason="x")
    play(game, alice, 1)
    with pytest.raises(ServiceError, match="not a move"):
        game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=99, reason="x")
    with pytest.raises(ServiceError, match="reason"):
        game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=1, reason="  ")
    game.refresh_from_db()
    assert game.version == 2 and not Move.objects.filter(undone_at__isnull=False).exists()


def test_rollback_with_a_bot_to_move_lets_the_bot_play(mod, alice):
    game = race_game(alice, bots=["random"])
    with committed():
        play(game, alice, 1)  # seq 2; the bot answers with seq 3
    game.refresh_from_db()
    assert game.version == 3
    with committed():
        game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=2, reason="bot bug")
    game.refresh_from_db()
    # The bot owed the move in the restored position and played it again.
    assert game.version == 5 and Move.objects.get(game=game, seq=3).undone_at
    assert Move.objects.get(game=game, seq=5).kind == "move"


def test_replay_page_skips_undone_moves(client, mod, alice, bob, game):
    play(game, alice, 3)
    play(game, bob, 3)
    game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=2, reason="x")
    game = play_until_over(game, {0: alice, 1: bob})
    engine = registry.get("race")
    _e, state = replay_final_state(game)
    assert json.loads(json.dumps(engine.dump(state))) == game.state
    assert client.get(f"/games/{game.pk}/replay/").status_code == 200


def test_games_list_searches_by_id_or_player(mod_client, alice, bob, game):
    listing = mod_client.get("/admin/community/moderatedgame/", {"q": "alice"})
    assert listing.status_code == 200 and page(game) in listing.content.decode()
    listing = mod_client.get("/admin/community/moderatedgame/", {"q": str(game.pk)})
    assert listing.status_code == 200 and page(game) in listing.content.decode()


def test_abort_reason_stays_in_the_moderation_log_players_only_read_it_was_aborted(alice, bob, mod, game):
    """Issue 12, item 4: the reason was a parameter of the public log line."""
    from django.test import Client

    game_moderation.game_abort(moderator=mod, game_id=game.pk, reason="cheating report #77")
    for user in (alice, bob, make_user("dave")):
        client = Client()
        client.force_login(user)
        log = client.get(f"/api/games/{game.pk}/log/").json()
        assert "cheating report #77" not in json.dumps(log)
        assert "A moderator aborted the game." in [t for row in log for t in row["text"]]
        assert "cheating report #77" not in client.get(f"/games/{game.pk}/log/").content.decode()
        assert "cheating report #77" not in client.get(f"/games/{game.pk}/").content.decode()
    assert ModerationAction.objects.get(action="abort").reason == "cheating report #77"


def test_old_abort_lines_lose_their_reason_and_old_rollback_lines_name_the_moves():
    """The data migration for rows written before the fix."""
    from importlib import import_module

    from django.apps import apps

    users = [make_user("old1"), make_user("old2")]
    game = accept_all(race_game(users[0], [users[1]]), [users[1]])
    Move.objects.create(game=game, seq=2, kind="rollback",
                        payload={"type": "rollback", "to": 1, "undone": [3, 5]},
                        log=[{"key": "site.rollback", "params": {"to": 1}, "seat": None}])
    Move.objects.create(game=game, seq=6, kind="abort", payload={"type": "abort", "reason": "secret"},
                        log=[{"key": "site.abort", "params": {"reason": "secret"}, "seat": None}])
    import_module("play.migrations.0005_log_lines_keep_moderators_notes_for_staff").forwards(apps, None)
    assert Move.objects.get(game=game, seq=6).log[0]["params"] == {}
    assert Move.objects.get(game=game, seq=6).payload["reason"] == "secret"
    assert Move.objects.get(game=game, seq=2).log[0]["params"] == {"to": 1, "first": 3, "last": 5}


def test_rollback_line_in_french():
    from django.utils import translation

    from play import texts

    entry = {"key": "site.rollback", "params": {"to": 2, "first": 3, "last": 7}, "seat": None}
    with translation.override("fr"):
        assert texts.log_line("race", entry, []) == "Un modérateur a annulé les coups 3 à 7."
    assert texts.log_line("race", entry, []) == "A moderator took back moves 3–7."


def test_only_moves_a_moderator_rolled_back_are_kept_from_players(alice, bob, mod, game):
    """A move its player took back (marked ``taken_back`` by services.move_undo) stays readable as it was."""
    from django.test import Client

    play(game, alice, 1)  # seq 2
    play(game, bob, 2)  # seq 3
    play(game, alice, 3)  # seq 4
    game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=3, reason="x")  # undoes 4
    Move.objects.filter(game=game, seq=3).update(undone_at=timezone.now(), taken_back=True)  # as an undo does
    client = Client()
    client.force_login(bob)
    seqs = {row["seq"] for row in client.get(f"/api/games/{game.pk}/log/").json()}
    assert 3 in seqs and 4 not in seqs
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert '<span class="seq">3</span>' in page and '<span class="seq">4</span>' not in page


def test_game_page_marks_a_moderators_result_and_staff_see_undone_moves_marked(alice, bob, mod, game):
    """Issue 20 point 7: an adjudicated result says so on the game page; staff reading the game page
    see the moves a rollback undid, marked (players see only the rollback's line)."""
    from django.test import Client

    play(game, alice, 1)  # seq 2
    play(game, bob, 2)  # seq 3
    game_moderation.game_rollback(moderator=mod, game_id=game.pk, to_seq=2, reason="misclick")  # undoes 3
    staff, player = Client(), Client()
    staff.force_login(mod)
    player.force_login(alice)
    assert "(undone by a moderator)" in staff.get(f"/games/{game.pk}/").content.decode()
    assert "undone by a moderator" not in player.get(f"/games/{game.pk}/").content.decode()

    game_moderation.game_adjudicate(moderator=mod, game_id=game.pk, ranks=[1, 2], rated=False, reason="stall")
    assert "result set by a moderator, unrated" in player.get(f"/games/{game.pk}/").content.decode()


def test_seated_staff_never_see_the_full_state_of_their_own_game(client, alice):
    """Issue 26 point 11: a staff member seated in a game is one of its players. Whatever their tier (here an
    administrator), the game's moderation page offers no "Show the full state", a forged request for it is
    refused and logs nothing, and the service refuses too (failed before: the secret cards were shown). The same
    member still sees the state of a game they do not play in; a chat moderator never does."""
    from django.contrib.auth.models import Group

    from play.errors import NotAllowed

    boss = make_user("boss", staff=True)
    theirs = accept_all(race_game(boss, [alice]), [alice])
    client.force_login(boss)
    text = client.get(page(theirs)).content.decode()
    assert "Show the full state" not in text
    forged = client.post(page(theirs), {"op": "state", "state-reason": "just looking"})
    assert forged.status_code == 400 and "&quot;secret&quot;" not in forged.content.decode()
    with pytest.raises(NotAllowed):
        game_moderation.game_state_viewed(moderator=boss, game_id=theirs.pk, reason="just looking")
    assert not ModerationAction.objects.filter(action="view_state").exists()

    carol = make_user("carol")
    other = accept_all(race_game(alice, [carol]), [carol])
    assert "Show the full state" in client.get(page(other)).content.decode()
    assert "secret" in game_moderation.game_state_viewed(moderator=boss, game_id=other.pk, reason="report #3")

    chat_mod = make_user("chatmod")
    chat_mod.is_staff = True
    chat_mod.save(update_fields=["is_staff"])
    chat_mod.groups.add(Group.objects.get(name="Moderators"))
    with pytest.raises(ServiceError):
        game_moderation.game_state_viewed(moderator=chat_mod, game_id=other.pk, reason="report #3")
