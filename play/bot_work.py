"""Bot work, shared fairly (issue 39.3): every decision of a bot is bounded (``kit.search.Budget``), decided once
per position and charged to an account, and one account's games never think in more than a few workers at once.

- ``position_key``: a decision depends only on the level, the seat's view and its legal moves (a chooser sees
  nothing else), so those name it; a take-back that brings a position back, a task run twice, or a bot whose
  view did not change while another seat moved, finds the decision made (``BotDecision``) and plays it.
- ``claim``: the row is written (without a move) before thinking, so a second task for the same position, on
  another worker, leaves the game to the first; a claim older than ``BOT_DECISION_LEASE_SECONDS`` is a lost
  one (a killed worker) and is taken over.
- The account is the game's creator (who chose its bots). Over ``BOT_CPU_SECONDS_PER_ACCOUNT_HOUR`` of bot CPU
  in the last hour, its bots decide within ``BOT_DECISION_SECONDS_OVER_BUDGET`` until the hour has passed;
  with ``BOT_DECISIONS_AT_ONCE_PER_ACCOUNT`` heavy decisions of its games already under way, a task waits.
- A heavy level (``BOT_HEAVY_LEVELS``: the experts) decides in at most ``BOT_HEAVY_DECISIONS_AT_ONCE`` tasks
  of the whole site at once (one fewer than the worker's processes): the other bots never wait behind them.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max, Q, Sum
from django.utils import timezone

from kit.search import Budget

from .models import BotDecision, Game, Move

HOUR = timedelta(hours=1)


def position_key(level: str, view: dict, legal: list, steps: int = 0, run: int = 0) -> str:
    """What a decision is remembered by. ``steps``: the seat's private steps so far (issue 39.5), which move no
    version: a plan step taken back brings the same view again, and the decision stored for it would be made
    again and again (extend, take back, extend…); counted, the bot meets a new position and decides afresh.
    ``run``: the seat's moves in a row just before (``own_run``), for the same reason with moves that do move
    the version: a deposit a game lets a seat change and change back at will brought a view seen before, and
    the stored decisions played that cycle thousands of times (the API author's whole-games test). A take-back
    and the same move again still meet the stored reply: the run is the same."""
    text = json.dumps([level, view, legal, steps, run], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def own_run(game: Game, seat_index: int) -> int:
    """How many of the game's last moves (those not taken back) the seat made in a row: 0 when another seat (or
    the platform: a moderator giving the seat to another bot, a time-out) made the last one. Two aggregates on
    the game's moves."""
    kept = Move.objects.filter(game=game, undone_at__isnull=True)
    own = Q(seat=seat_index, kind=Move.Kind.MOVE)
    since = kept.exclude(own).aggregate(last=Max("seq"))["last"] or 0
    return kept.filter(own, seq__gt=since).count()


@dataclass(frozen=True)
class Claim:
    decision: BotDecision | None  # ours to decide (move None), or the one made before (move set)
    busy: bool = False  # another task is deciding this position now
    wait: bool = False  # enough heavy decisions under way (the account's, the site's)
    retry_in: float | None = None  # busy or waiting: seconds until it is worth trying again

    @property
    def decided(self) -> dict | None:
        return self.decision.move if self.decision is not None else None


def _lease() -> timedelta:
    return timedelta(seconds=settings.BOT_DECISION_LEASE_SECONDS)


def claim(game: Game, seat_index: int, position: str, *, level: str = "", share: bool = True, now=None) -> Claim:
    """The decision made for this position, or a claim to make it, or why not now."""
    now = now or timezone.now()
    account_id = game.created_by_id
    row = BotDecision(game_id=game.pk, seat_index=seat_index, position=position, claimed_at=now,
                      account_id=account_id, level=level)
    try:
        with transaction.atomic():
            row.save(force_insert=True)
    except IntegrityError:
        found = BotDecision.objects.filter(game_id=game.pk, seat_index=seat_index, position=position).first()
        if found is None:  # deleted in between (a released claim): try again in a moment
            return Claim(None, busy=True, retry_in=settings.BOT_DEFER_SECONDS)
        if found.move is not None:
            return Claim(found)
        # A claim under way, or a lost one: taken over only by the task that moves its time on.
        taken = BotDecision.objects.filter(pk=found.pk, move__isnull=True, claimed_at=found.claimed_at,
                                           claimed_at__lt=now - _lease()).update(claimed_at=now)
        if not taken:
            # Its holder moves when it is done; if it died instead, the claim is ours once its lease is over.
            left = (found.claimed_at + _lease() - now).total_seconds()
            return Claim(None, busy=True, retry_in=max(left, 0.0) + settings.BOT_DEFER_SECONDS)
        found.claimed_at = now
        row = found
    if share and level in settings.BOT_HEAVY_LEVELS and _crowded(row, now):
        release(row)
        return Claim(None, wait=True, retry_in=settings.BOT_DEFER_SECONDS)
    return Claim(row)


def _crowded(row: BotDecision, now) -> bool:
    """Enough heavy decisions under way, claimed before this one, of the same account or of the whole site
    (the earlier claims go first, so two claims made at once never both wait). A cheap level never waits:
    it decides in milliseconds."""
    under_way = BotDecision.objects.filter(move__isnull=True, claimed_at__gte=now - _lease(), pk__lt=row.pk,
                                           level__in=settings.BOT_HEAVY_LEVELS)
    if row.account_id is not None and \
            under_way.filter(account_id=row.account_id).count() >= settings.BOT_DECISIONS_AT_ONCE_PER_ACCOUNT:
        return True
    return under_way.count() >= settings.BOT_HEAVY_DECISIONS_AT_ONCE


def release(row: BotDecision) -> None:
    """A claim given up without a decision (the chooser failed, or the account must wait)."""
    BotDecision.objects.filter(pk=row.pk, move__isnull=True).delete()


def record(row: BotDecision, move: dict, *, cpu_seconds: float, wall_seconds: float, budget_hit: bool) -> None:
    BotDecision.objects.filter(pk=row.pk).update(move=move, cpu_seconds=cpu_seconds, wall_seconds=wall_seconds,
                                                 budget_hit=budget_hit)


def forget(row: BotDecision) -> None:
    """A stored decision the engine refused (a position whose view matched but whose hidden part did not)."""
    BotDecision.objects.filter(pk=row.pk).delete()


def account_cpu_last_hour(account_id: int | None, *, now=None) -> float:
    if account_id is None:
        return 0.0
    now = now or timezone.now()
    total = (BotDecision.objects.filter(account_id=account_id, claimed_at__gte=now - HOUR)
             .aggregate(total=Sum("cpu_seconds"))["total"])
    return total or 0.0


def over_budget(account_id: int | None, *, now=None) -> bool:
    limit = settings.BOT_CPU_SECONDS_PER_ACCOUNT_HOUR
    return limit is not None and account_cpu_last_hour(account_id, now=now) >= limit


def budget_for(account_id: int | None, *, now=None) -> Budget:
    """The budget of the next decision of a game opened by this account."""
    if over_budget(account_id, now=now):
        short = settings.BOT_DECISION_SECONDS_OVER_BUDGET
        return Budget(seconds=short, cpu_seconds=short)
    return Budget(seconds=settings.BOT_DECISION_SECONDS, cpu_seconds=settings.BOT_DECISION_CPU_SECONDS)


def allowance() -> dict | None:
    """What the new-game page tells players about their bots' thinking (None: no limits set)."""
    seconds, hourly = settings.BOT_DECISION_SECONDS, settings.BOT_CPU_SECONDS_PER_ACCOUNT_HOUR
    short = settings.BOT_DECISION_SECONDS_OVER_BUDGET
    if seconds is None or hourly is None or short is None:
        return None
    return {"seconds": seconds, "minutes": hourly / 60, "short": short}


def purge(*, now=None, keep: timedelta = timedelta(days=1)) -> int:
    """Decisions older than a day: the hour's budget no longer counts them and a take-back reaches only the
    last few moves."""
    now = now or timezone.now()
    return BotDecision.objects.filter(claimed_at__lt=now - keep).delete()[0]


class Stopwatch:
    """Wall and CPU time of one decision (the account is charged the CPU)."""

    def __init__(self):
        self.wall, self.cpu = time.monotonic(), time.process_time()

    def read(self) -> tuple[float, float]:
        return time.monotonic() - self.wall, time.process_time() - self.cpu
