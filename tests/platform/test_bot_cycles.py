"""A bot whose moves bring back a view it has seen before decides afresh (``bot_work.position_key``'s ``run``).

Decisions are stored by position so that a take-back and the same move again meet the same reply. But a Cité
Bank deposit may be changed and changed back at will (G8): the random bot's stored decisions for two views
sent each to the other, and the bot played that cycle thousands of times while the person waited (found by the
API author's whole-games test: 2,337 Bank moves and counting)."""

from __future__ import annotations

import random
from unittest import mock

import pytest

from games.cite.engine import moves as cite_moves
from games.cite.engine.components import RESOURCES
from kit import params
from play import registry, services
from play.models import Game, Move, Seat
from play.services import SeatSpec
from tests.cite import helpers as cite

SEED = 11


def _a_window_with_only_the_bank_and_done(alice) -> Game:
    """A Cité game of alice and two random bots in round 2's window; alice and seat 2 are done; seat 1 holds a
    Bank and two resources, so its moves are Bank deposits (four of them, each undoing another) or done."""
    with mock.patch("play.models.secrets.randbits", return_value=SEED):
        game = services.game_create(creator=alice, game_type="cite", options={}, seats=[
            SeatSpec("me"), SeatSpec("bot", bot_level="random"), SeatSpec("bot", bot_level="random")])
    state = cite.window(3, SEED)
    cite.put(state, 1, "bank", cite_moves.placements(state, 1, "bank")[0])
    cite.give(state, 1, **{RESOURCES[0]: 1, RESOURCES[1]: 1})
    cite.all_done_but(state, 1)
    Game.objects.filter(pk=game.pk).update(state=registry.get("cite").dump(state))
    Seat.objects.filter(game=game).update(owes_move=False)
    Seat.objects.filter(game=game, index=1).update(owes_move=True)
    game.refresh_from_db()
    return game


@pytest.mark.django_db
@pytest.mark.parametrize("attempt", range(6))
def test_cite_g8_bank_deposits_changed_back_do_not_trap_the_random_bot_in_a_cycle(alice, attempt):
    game = _a_window_with_only_the_bank_and_done(alice)
    Game.objects.filter(pk=game.pk).update(seed=SEED + attempt)  # six deals of the bots' choices
    turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=200, share=False)
    bank_moves = Move.objects.filter(game=game, seat=1, payload__type="bank").count()
    done = Move.objects.filter(game=game, seat=1, payload__type="done").exists()
    # Each fresh decision is "done" one time in two: 200 moves without it is a cycle, not chance.
    assert done and bank_moves < 40 and not turns.more, (bank_moves, turns)


@pytest.mark.django_db
def test_a_bot_that_never_passes_the_turn_is_stopped_at_the_cap_and_said_once(alice, caplog, settings):
    """A chooser caught in a cycle of its own logic (no stored decision involved): after BOT_MOVES_IN_A_ROW_MAX
    moves in a row its moves stop, one error says so, and the sweep's requeue of the same version plays nothing."""
    settings.BOT_MOVES_IN_A_ROW_MAX = 5
    game = _a_window_with_only_the_bank_and_done(alice)

    def never_done(game_type, level, engine, state, seat, *, seed, legal):
        deposit = next(move for move in legal if move["type"] == "bank")  # G8: a deposit, changed again and again
        return params.concrete(engine, state, seat, deposit, random.Random(seed))

    with mock.patch("play.bots.choose_move", side_effect=never_done), caplog.at_level("ERROR"):
        turns = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50, share=False)
        again = services.bot_turns_play(game_id=game.pk, version=turns.version, limit=50, share=False)
    assert Move.objects.filter(game=game, seat=1).count() == 5 and turns.played == 5 and not turns.more
    assert again.played == 0 and not again.more and again.version == turns.version
    cycles = [r for r in caplog.records if "moves in a row" in r.getMessage()]
    assert len(cycles) == 1 and f"game {game.pk}" in cycles[0].getMessage()
    # What the error tells a moderator to do works: the seat given to another bot, that bot plays (its run is new).
    game = services.seat_replace_by_bot(game_id=game.pk, seat_index=1, bot_level="random", by_user=None)
    after = services.bot_turns_play(game_id=game.pk, version=game.version, limit=50, share=False)
    assert after.played >= 1
