"""Issue 20 point 1: the players' log names who made each move at the time (the
author recorded per move), not whoever holds the seat after a moderator gave it
to a bot or to another player: on the game page, the full log page, the API log,
the replay and the chat feed."""

import pytest

from community import game_moderation
from community.selectors import chat_feed
from play import services
from play.models import Game, Move
from tests.community.helpers import give_seat, play_until_over
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return accept_all(race_game(alice, [bob]), [bob])


def play(game, user, n):
    game.refresh_from_db()
    return services.move_apply(game_id=game.pk, user=user, move={"type": "add", "n": n},
                               expected_version=game.version)


def log_page(client, game):
    return client.get(f"/games/{game.pk}/log/").content.decode()


def test_moves_keep_their_author_after_the_seat_goes_to_a_bot(client, mod, alice, bob, game):
    play(game, alice, 2)
    play(game, bob, 3)
    game_moderation.seat_give_to_bot(moderator=mod, game_id=game.pk, seat_index=1, bot_level="random",
                                     reason="bob vanished")
    client.force_login(alice)
    text = log_page(client, game)
    assert "bob adds 3" in text
    assert "A moderator gave bob&#x27;s seat to a bot (random)." in text
    assert "Yellow bot (random) adds 3" not in text and "Blue bot (random) adds 3" not in text
    # The page's log tail and the chat feed say the same.
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "bob adds 3" in page and "gave bob&#x27;s seat to a bot" in page
    feed = [i.text for i in chat_feed(Game.objects.get(pk=game.pk), alice) if i.kind == "move"]
    assert "bob adds 3 (total 5)." in feed and "A moderator gave bob's seat to a bot (random)." in feed


def test_moves_keep_their_author_after_the_seat_goes_to_another_player(client, mod, alice, bob, carol, game):
    play(game, alice, 2)
    play(game, bob, 3)
    give_seat(moderator=mod, game_id=game.pk, seat_index=1, username="carol",
                                      reason="bob left")
    play(game, alice, 1)
    play(game, carol, 1)
    client.force_login(carol)
    response = client.get(f"/api/games/{game.pk}/log/")
    assert response.status_code == 200
    text = [t for row in response.json() for t in row["text"]]
    assert "bob adds 3 (total 5)." in text and "carol adds 3 (total 5)." not in text
    assert "A moderator gave bob's seat to carol." in text
    assert "carol adds 1 (total 7)." in text


def test_the_replay_names_the_players_of_the_time(client, mod, alice, bob, carol, game):
    play(game, alice, 2)
    play(game, bob, 3)
    give_seat(moderator=mod, game_id=game.pk, seat_index=1, username="carol",
                                      reason="bob left")
    game = play_until_over(game, {0: alice, 1: carol})
    client.force_login(alice)
    seq = Move.objects.get(game=game, kind="seat_given").seq
    text = client.get(f"/games/{game.pk}/replay/", {"at": seq}).content.decode()
    assert "bob adds 3" in text and "A moderator gave bob&#x27;s seat to carol." in text
    assert "carol adds 3 (total 5)" not in text


def test_a_bot_standing_in_is_named_as_the_author(client, alice, bob, game):
    """A move a substitute bot made is the bot's, for the player whose seat it is."""
    play(game, alice, 2)
    game.refresh_from_db()
    seat = game.seats.get(index=1)
    seat.substitute_bot = "random"
    seat.save(update_fields=["substitute_bot"])
    services.move_apply(game_id=game.pk, user=None, seat_index=1, bot_level="random",
                        move={"type": "add", "n": 1}, expected_version=game.version)
    client.force_login(alice)
    text = log_page(client, game)
    assert "Bot (random) for bob adds 1" in text and "bob adds 2" not in text


def test_sentences_cached_for_one_set_of_names_are_not_reused_for_another(client, mod, alice, bob, carol, game):
    """The per-process sentence cache is keyed by the row's own names: the page read
    before a seat change must not freeze the names, nor the one after rewrite them."""
    play(game, alice, 2)
    play(game, bob, 3)
    client.force_login(alice)
    assert "bob adds 3" in log_page(client, game)
    give_seat(moderator=mod, game_id=game.pk, seat_index=1, username="carol",
                                      reason="bob left")
    play(game, alice, 1)
    play(game, carol, 2)
    text = log_page(client, game)
    assert "bob adds 3 (total 5)" in text and "carol adds 2 (total 8)" in text
