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

The work is fixed by counts (rounds × worlds × candidates), never by a clock: a seed always gives the same
move. A game supplies only the three game-specific parts (sampling a world, a playout with its policy and
evaluation, the candidates); this module never imports a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

World = Any
Move = dict


@dataclass(frozen=True)
class Plan:
    rounds: int = 1           # successive-halving rounds (1: every candidate in every world)
    prior: float = 0.0        # weight of a candidate's prior value (the fast policy's), per world
    stick: float = 0.0        # bonus of the first candidate (the fast policy's own choice) per world
    random_ties: bool = False  # equal best values: drawn with ``rng`` (else the first candidate wins)


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
    for r in range(plan.rounds):
        for _ in range(worlds(len(alive))):
            world = sample_world(view, rng)
            seed = rng.getrandbits(32)
            for i in alive:
                totals[i] += playout(world, seat, moves[i], random.Random(seed))
                seen[i] += 1

        def mean(i: int) -> float:
            return totals[i] / seen[i] + plan.prior * priors[i] + (plan.stick if i == 0 else 0.0)

        alive.sort(key=lambda i: (-mean(i), i))
        if r < plan.rounds - 1:
            alive = alive[:max(2, (len(alive) + 1) // 2)]
    if plan.random_ties:
        top = mean(alive[0])
        tied = [i for i in sorted(alive) if mean(i) >= top - 1e-9]
        if len(tied) > 1:
            return moves[rng.choice(tied)]
    return moves[alive[0]]
