"""One search for every game's expert: determinized Monte Carlo over a few candidate moves.

The shape OpenSpiel's information-set Monte Carlo gives (and both experts here wrote on their own before):

1. the game ranks the legal moves with its fast policy and keeps a few ``candidates`` (with their prior value);
2. each *world* is a full state drawn consistent with what the seat has seen (``sample_world(view, rng)``):
   the real hidden cards are never read, the bot only has its view;
3. in every world each candidate is played out by the game's ``playout(world, seat, move, rng)`` (the move,
   then the game's fast policy for every seat to a horizon, then its evaluation), with the same playout seed
   for every candidate (common random numbers: differences come from the moves, not the draws);
4. the mean value, plus ``prior`` × the candidate's prior value, decides; with several ``rounds`` the worse
   half of the candidates is dropped after each round (successive halving), so the close contenders get the
   most worlds.

The work is fixed by counts (rounds × worlds × candidates): a seed always gives the same move — unless the
decision's ``Budget`` (wall time, CPU time, playouts; opened by the caller with ``thinking``) runs out first.
Then the search stops and answers the best candidate over the worlds it finished (a world cut short counts for
nobody, so candidates stay compared on the same draws), or the first candidate when none was finished. A long
playout may poll ``budget_check()`` between its steps, so one playout cannot overrun the budget by seconds.
A game supplies only the three game-specific parts (sampling a world, a playout with its policy and
evaluation, the candidates); this module never imports a game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

World = Any
Move = dict


@dataclass(frozen=True)
class Plan:
    rounds: int = 1           # successive-halving rounds (1: every candidate in every world)
    prior: float = 0.0        # weight of a candidate's prior value (the fast policy's), per world
    stick: float = 0.0        # bonus of the first candidate (the fast policy's own choice) per world
    random_ties: bool = False  # equal best values: drawn with ``rng`` (else the first candidate wins)


@dataclass(frozen=True)
class Budget:
    """What one decision may spend (None: no limit). The clocks are there to be replaced by a test's fake."""
    seconds: float | None = None      # wall time
    cpu_seconds: float | None = None  # CPU time of this process
    playouts: int | None = None       # playouts started (machine-independent: for tests and benchmarks)
    clock: Callable[[], float] = time.monotonic
    cpu_clock: Callable[[], float] = time.process_time


@dataclass
class Spending:
    """A decision's spending so far; ``hit`` once the budget ran out (the answer is then the best so far)."""
    budget: Budget
    started: float = 0.0
    cpu_started: float = 0.0
    playouts: int = 0
    hit: bool = False
    hits: list[str] = field(default_factory=list)

    def spent(self) -> bool:
        if self.hit:
            return True
        b = self.budget
        if b.playouts is not None and self.playouts >= b.playouts:
            self.hits.append("playouts")
        elif b.seconds is not None and b.clock() - self.started >= b.seconds:
            self.hits.append("seconds")
        elif b.cpu_seconds is not None and b.cpu_clock() - self.cpu_started >= b.cpu_seconds:
            self.hits.append("cpu_seconds")
        self.hit = bool(self.hits)
        return self.hit


class BudgetSpent(BaseException):
    """Raised by ``budget_check`` inside a playout. A BaseException, so a playout's own ``except Exception``
    (a sampled world where a move does not fit) does not swallow it; ``search`` catches it."""


_current: ContextVar[Spending | None] = ContextVar("kit_search_budget", default=None)
# A check of every world a search draws (``worlds_watched``): the bots' worlds must be positions the seat cannot
# tell from the real one, the same promise as the engine's ``scramble_unknown`` (kit/hidden.py), which nothing
# else compares with the bots' own ``sample_world``.
_world_watch: ContextVar[Callable[[dict, int, World], None] | None] = ContextVar("kit_search_worlds", default=None)


@contextmanager
def worlds_watched(watch: Callable[[dict, int, World], None]) -> Iterator[None]:
    """Inside, every world a search draws is shown to ``watch(view, seat, world)`` first (tests, selfplay)."""
    token = _world_watch.set(watch)
    try:
        yield
    finally:
        _world_watch.reset(token)


@contextmanager
def thinking(budget: Budget) -> Iterator[Spending]:
    """The budget of the decision made inside (its clocks start now, so the work a chooser does before the
    search counts too)."""
    spending = Spending(budget, started=budget.clock(), cpu_started=budget.cpu_clock())
    token = _current.set(spending)
    try:
        yield spending
    finally:
        _current.reset(token)


def budget_check() -> None:
    """For a game's long playouts: stop here if the decision's budget is spent."""
    spending = _current.get()
    if spending is not None and spending.spent():
        raise BudgetSpent


def halving_rounds(candidates: int) -> int:
    """Rounds of successive halving that leave two candidates for the last one."""
    return max(1, (candidates - 1).bit_length())


def search(*, view: dict, seat: int, rng: random.Random, candidates: Sequence[tuple[float, Move]],
           sample_world: Callable[[dict, random.Random], World],
           playout: Callable[[World, int, Move, random.Random], float],
           worlds: Callable[[int], int], plan: Plan = Plan()) -> Move:
    """The chosen candidate's move. ``worlds(alive)``: how many worlds a round samples when ``alive``
    candidates are left (a game with long playouts samples fewer)."""
    moves = [m for _v, m in candidates]
    if len(moves) == 1:
        return moves[0]
    priors = [v for v, _m in candidates]
    totals = [0.0] * len(moves)
    seen = [0] * len(moves)
    alive = list(range(len(moves)))
    spending = _current.get() or Spending(Budget())

    def mean(i: int) -> float:
        return totals[i] / seen[i] + plan.prior * priors[i] + (plan.stick if i == 0 else 0.0)

    try:
        for r in range(plan.rounds):
            for _ in range(worlds(len(alive))):
                if spending.spent():
                    raise BudgetSpent
                world = sample_world(view, rng)
                watch = _world_watch.get()
                if watch is not None:
                    watch(view, seat, world)
                seed = rng.getrandbits(32)
                values = []  # added once the world is finished by every candidate still alive
                for i in alive:
                    if spending.spent():
                        raise BudgetSpent
                    spending.playouts += 1
                    values.append(playout(world, seat, moves[i], random.Random(seed)))
                for i, value in zip(alive, values, strict=True):
                    totals[i] += value
                    seen[i] += 1
            alive.sort(key=lambda i: (-mean(i), i))
            if r < plan.rounds - 1:
                alive = alive[:max(2, (len(alive) + 1) // 2)]
    except BudgetSpent:
        spending.hit = True
        scored = [i for i in alive if seen[i]]
        if not scored:
            return moves[0]  # no world finished: the fast policy's own choice
        return moves[min(scored, key=lambda i: (-mean(i), i))]
    if plan.random_ties:
        top = mean(alive[0])
        tied = [i for i in sorted(alive) if mean(i) >= top - 1e-9]
        if len(tied) > 1:
            return moves[rng.choice(tied)]
    return moves[alive[0]]
