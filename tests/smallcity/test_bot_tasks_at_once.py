"""Two bot tasks of one game at once (the change's task and the sweep's, on two workers) during Small City's
plan phase, whose steps are private (G4: no version): one task reads the position, the other plays a step of
the same bot's plan before the first reads the seats, and the first decides on the position as it was. Its
move is then refused by the position as it is; the other task carries on, as when someone moved first: no
error, nothing lost."""

from __future__ import annotations

import pytest

from play.models import Game
from play.services import bot_turns
from tests.platform.factories import make_user
from tests.smallcity.helpers import TH
from tests.smallcity.pages import ENGINE, sc_game
from tests.smallcity.test_private_plan_steps import _play_until_plan, _state

pytestmark = pytest.mark.django_db

SEED = 7  # a deal where the step played meanwhile leaves too little money for the move decided before it
STEPS_MEANWHILE = 1


def test_a_bot_task_overtaken_by_another_tasks_private_plan_steps_stops_without_an_error(monkeypatch):
    game = _play_until_plan(sc_game([make_user("ann")], seed=SEED, bot_seats=1), rng_seed=SEED)
    bot = next(s for s in game.seats.all() if s.played_by_bot)
    state = _state(game)
    assert state.phase == "plan" and bot.index in ENGINE.pending(state)
    real_next_bot = bot_turns._next_bot
    meanwhile = []

    def other_task_first(game, engine, state):
        if not meanwhile:  # the other task, between this one's read of the position and of the seats
            meanwhile.append("running")
            meanwhile.append(bot_turns.bot_turns_play(game_id=game.pk, version=game.version,
                                                      limit=STEPS_MEANWHILE, share=False))
        return real_next_bot(game, engine, state)

    monkeypatch.setattr(bot_turns, "_next_bot", other_task_first)
    version = game.version
    turns = bot_turns.bot_turns_play(game_id=game.pk, version=version, limit=1, share=False)  # raised BadMove
    assert meanwhile[1].played == 1 and turns == bot_turns.BotTurns(0, version, more=False)
    seat = Game.objects.get(pk=game.pk).seats.get(index=bot.index)
    assert len(seat.draft) == 1  # the other task's step, and nothing of this one's
    # The bot goes on with its plan from the position as it is, to the plan's end.
    monkeypatch.setattr(bot_turns, "_next_bot", real_next_bot)
    bot_turns.bot_turns_play(game_id=game.pk, version=version, limit=20, share=False)
    game = Game.objects.get(pk=game.pk)
    assert game.version > version and bot.index not in ENGINE.pending(_state(game))


def test_a_fresh_decision_refused_on_the_position_it_was_made_on_is_still_an_error(monkeypatch):
    """A bot whose own choice is illegal is a fault to hear of: nothing moved meanwhile, so it is raised."""
    from play import bots
    from play.errors import BadMove

    game = _play_until_plan(sc_game([make_user("ann")], seed=SEED, bot_seats=1), rng_seed=SEED)
    on_the_town_hall = {"type": "build", "kind": "park", "level": 1, "squares": [TH[0]]}
    monkeypatch.setattr(bots, "choose_move", lambda *args, **kwargs: on_the_town_hall)
    with pytest.raises(BadMove):
        bot_turns.bot_turns_play(game_id=game.pk, version=game.version, limit=1, share=False)
