"""La Città bots: ``greedy`` (one ply, heuristic) and ``expert`` (determinized Monte
Carlo). ``play.bots`` registers ``LEVELS``; every chooser has the platform's signature
``chooser(engine, view, legal_moves, seat, rng) -> move`` and reads nothing but the
view and the legal moves (see ``determinize`` for how hidden cards are sampled)."""

from .expert import choose_expert
from .greedy import choose_greedy

LEVELS = {"greedy": choose_greedy, "expert": choose_expert}

__all__ = ["LEVELS", "choose_greedy", "choose_expert"]
