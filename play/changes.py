"""One way to tell the rest of the site what a write did to a game.

While a service writes, the shared steps (``play.services.core``) note on the locked game row what
happened (``change_of(game)``): seats that began owing a decision, clocks running low, the end of the
game, the engine's notices, bots to wake. The service calls ``emit(game)`` once, at the end of the
write, inside its transaction:

- receivers inside the transaction: the other apps (notifications writes its outbox rows, ratings
  queues the rating) through ``play.signals.game_changed``, the one signal left: ``play`` is the
  lowest layer of the import contract and may not import the apps that listen;
- once the transaction commits: the streams publish (``play.events``) and the bot turns are queued.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from kit.base import Notice

from . import events, signals


@dataclass
class Change:
    """What one write did to one game."""

    turns: list = field(default_factory=list)  # human seats that began owing a decision ("your turn")
    reminders: list = field(default_factory=list)  # seats whose clock passed 80 %
    finished: list | None = None  # the game ended: its seats
    notices: list[Notice] = field(default_factory=list)  # the engine's, for seats to be told
    bots: bool = False  # bot seats owe a decision
    may_act: set[int] | None = None  # seats that may act without owing (None: not known by this write)
    timed_out: list = field(default_factory=list)  # seats a time-out gave to a bot (their players are told)


def change_of(game) -> Change:
    """The change being recorded for this game row during the write."""
    change = game.__dict__.get("_change")
    if change is None:
        change = game.__dict__["_change"] = Change()
    return change


def emit(game) -> Change:
    """The end of a write: tell every receiver what it changed (see the module's docstring)."""
    from .models import Game

    change = game.__dict__.pop("_change", None) or Change()
    # Receivers: the outbox and ratings (other apps), and the bots' queue (play.tasks.queue_bots_after, connected
    # by the app: this module may not import the tasks, which import the services that emit).
    signals.game_changed.send(sender=Game, game=game, change=change)
    messages = events.game_messages(game, may_act=change.may_act, notices=change.notices)
    transaction.on_commit(lambda: events.publish_game(game.pk, messages))
    return change
