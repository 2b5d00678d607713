"""Tasks run at once (Celery eager: ``make run`` and the tests): a task's own failure is not the broker's.

A bot turn that failed in the request (CI met a RecursionError) tripped the broker's breaker as a publishing
failure would, so every task queued in the next seconds was dropped as "broker failed moments ago" and the game
waited on its bots for good (no sweep runs under ``make run``)."""

from __future__ import annotations

import logging

import pytest

from play import services, tasks
from play.models import Game, Move
from play.queue import enqueue_on_commit
from tests.platform.factories import committed, race_game


@pytest.mark.django_db
def test_a_failed_task_run_at_once_is_said_with_its_traceback_and_holds_back_no_other(alice, monkeypatch, caplog):
    game = race_game(alice, bots=["random"])
    real, calls = services.bot_turns_play, []

    def fails_once(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise RecursionError("maximum recursion depth exceeded")
        return real(**kwargs)

    monkeypatch.setattr(services, "bot_turns_play", fails_once)
    with caplog.at_level(logging.ERROR, logger="play.queue"), committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    game.refresh_from_db()
    assert game.version == 2 and game.seats.get(index=1).owes_move  # the move is kept; the bot turn failed
    failure = next(r for r in caplog.records if "failed when run at once" in r.getMessage())
    assert failure.exc_info and failure.exc_info[0] is RecursionError

    with committed():  # queued again a moment later (what the sweeps do): it runs, nothing holds it back
        enqueue_on_commit(tasks.bots_play, game.pk, 2)
    assert len(calls) == 2
    assert Game.objects.get(pk=game.pk).version == 3
    assert Move.objects.filter(game=game, by_bot="random").count() == 1


@pytest.mark.django_db
def test_bot_moves_run_at_once_are_played_in_a_loop_not_in_nested_tasks(alice, monkeypatch):
    """A task's worth of bot moves done, its successor was queued with ``delay``: run at once, that is a task inside the
    task, one level deeper every 50 bot moves, until a long run of them meets Python's recursion limit. Run at once,
    the successors' moves are played by the same task, at the same depth."""
    import inspect

    game = race_game(alice, bots=["random", "random"])
    monkeypatch.setattr(tasks, "BOT_MOVES_PER_TASK", 1)  # each bot move a task's worth
    real, depths = services.bot_turns_play, []

    def measured(**kwargs):
        depths.append(len(inspect.stack(0)))
        return real(**kwargs)

    monkeypatch.setattr(services, "bot_turns_play", measured)
    with committed():
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert Move.objects.filter(game=game, by_bot="random").count() == 2  # both bots answered
    assert len(depths) >= 2 and len(set(depths)) == 1, depths
