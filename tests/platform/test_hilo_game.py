"""Hilo (tests/games/hilo/), the game of issue 40's blind trial of docs/adding-a-game.md: simultaneous hidden
choices. Every seat owes its choice at once; a choice stays hidden from the others (pages, views, log) until the
last seat's is in, then the round's choices and its die are shown to all; an early choice reveals nothing to its
chooser (it may be taken back), the last one reveals every other (it may not); a random bot plays its seat."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from kit import reveal
from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

SEED = 1  # the game's dice: fixed, so every round's roll is the same on every run
DICE = [2, 5, 1]  # what SEED rolls: low, high, low


def started(users) -> Game:
    game = services.game_create(creator=users[0], game_type="hilo", options={"rounds": "3"},
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    Game.objects.filter(pk=game.pk).update(seed=SEED)  # before the dice are drawn, when the table is full
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def page(client, user, game, language="en") -> str:
    client.force_login(user)
    answer = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return answer.content.decode()


def choose(game, user, side) -> Game:
    game.refresh_from_db()
    services.move_apply(game_id=game.pk, user=user, move={"type": "choose", "side": side},
                        expected_version=game.version)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
def test_hilo_plays_to_its_end_through_the_services_and_its_page_renders(client):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = started([alice, bob, carol])
    assert game.status == Game.Status.ACTIVE and game.state["dice"] == DICE
    engine = registry.get("hilo")
    assert engine.pending(engine.load(game.state)) == {0, 1, 2}  # every seat owes its choice at once

    first = page(client, bob, game)
    assert "Round 1: high or low?" in first and "High (4 to 6)" in first and "Low (1 to 3)" in first
    assert first.count('class="primary hl-choose"') == 2  # its moves template (move_button), one per side

    rounds = [("high", "low", "low"), ("high", "low", "high"), ("low", "high", "high")]
    for n, sides in enumerate(rounds, start=1):
        for user, side in zip((alice, bob, carol), sides, strict=True):
            game = choose(game, user, side)
            if user is not carol:  # the round is still open: the choice is the chooser's alone
                mine = page(client, user, game)
                assert f"You chose {side}." in mine and "hl-choose" not in mine  # chosen: no move left
                carols = page(client, carol, game)  # one line per round played: this round's is not there
                assert carols.count(f"{user.username} had chosen") == n - 1
        assert len(game.state["history"]) == n
    assert game.status == Game.Status.FINISHED
    # Rolls 2, 5, 1 (low, high, low): bob and carol score in round 1, alice and carol in 2, alice in 3.
    assert game.result["scores"] == [2, 1, 2] and game.result["ranks"] == [1, 3, 1]

    end = page(client, bob, game)
    assert "Final scores" in end and 'class="hl-picks"' in end  # the platform's frame, the game's cells
    assert '<td class="hl-picks">high high low</td>' in end and '<td class="hl-picks">low low high</td>' in end
    assert "Round 2: the die shows 5, high scores." in end and "alice had chosen high." in end
    french = page(client, bob, game, "fr")
    assert "Manche 3 : le dé montre 1, bas marque." in french and "carol avait choisi haut." in french
    assert '<td class="hl-picks">haut haut bas</td>' in french  # the end table's words, its own catalogue


@pytest.mark.django_db
def test_a_choice_stays_hidden_from_the_other_seats_until_the_last_one_is_in(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = choose(started([alice, bob]), alice, "high")
    engine = registry.get("hilo")
    state = engine.load(game.state)
    assert engine.view(state, 0)["mine"] == "high"
    for seat in (1, None):  # the other seat and a spectator: that alice chose, never what
        view = engine.view(state, seat)
        assert view["chosen"] == [True, False] and view["mine"] is None and "high" not in str(view)
    bobs = page(client, bob, game)
    assert "alice has chosen." in bobs and "alice has chosen for round 1." in bobs  # board and log
    assert "You chose high." not in bobs and "had chosen" not in bobs and "the die shows" not in bobs
    api = APIClient()
    api.force_authenticate(bob)
    answer = api.get(f"/api/games/{game.pk}/").json()  # what a bot of bob's reads
    assert answer["view"]["chosen"] == [True, False] and answer["view"]["mine"] is None
    assert answer["legal_moves"] == [{"type": "choose", "side": "high"}, {"type": "choose", "side": "low"}]
    del answer["legal_moves"]  # bob's own two moves name both sides; nothing else may name alice's
    assert "high" not in json.dumps(answer), answer
    game = choose(game, bob, "high")  # the last choice: both shown, and the roll (2: low)
    bobs = page(client, bob, game)
    assert "alice had chosen high." in bobs and "Round 1: the die shows 2, low scores." in bobs
    assert game.state["scores"] == [0, 0] and game.state["choices"] == [None, None]


def test_an_early_choice_shows_its_chooser_nothing_and_the_last_one_shows_every_choice():
    """kit.reveal's rule, which decides undo: the first choice may be taken back, the last may not (its chooser
    has seen the others' choices and the die, and could choose again knowing them)."""
    engine = registry.get("hilo")
    start = engine.new_game({"rounds": "3"}, 3, SEED).state
    moves = [(0, {"type": "choose", "side": "high"}), (1, {"type": "choose", "side": "low"}),
             (2, {"type": "choose", "side": "low"})]
    state, shown = start, []
    for seat, move in moves:
        applied = engine.apply(state, seat, move)
        shown.append(reveal.reveals_to_mover(engine, state, seat, move, applied, seed=7))
        state = applied.state
    assert shown == [False, False, True]
    assert state.history == [{"choices": ["high", "low", "low"], "die": DICE[0]}]


@pytest.mark.django_db
def test_a_random_bot_plays_its_seat_to_the_end(django_capture_on_commit_callbacks):
    """The ``random`` level every game has: the bot owes its choice with the human, from the first round."""
    alice = make_user("alice")
    with mock.patch("play.models.secrets.randbits", return_value=SEED), \
            django_capture_on_commit_callbacks(execute=True):  # full at once: the seed is the new game's
        game = services.game_create(creator=alice, game_type="hilo", options={"rounds": "3"},
                                    seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    game.refresh_from_db()
    assert game.state["dice"] == DICE and game.state["choices"][0] is None
    assert game.state["choices"][1] in ("high", "low")  # the bot chose at once; alice owes hers
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            game = choose(game, alice, "low")
    assert game.status == Game.Status.FINISHED and len(game.state["history"]) == 3
    bots = [played["choices"][1] for played in game.state["history"]]
    lows = sum(1 for die in DICE if die <= 3)
    bot_points = sum(1 for side, die in zip(bots, DICE, strict=True) if (side == "high") == (die >= 4))
    assert game.result["scores"] == [lows, bot_points]
