"""Small City Deluxe bots, each ``chooser(engine, view, legal_moves, seat, rng) -> move`` reading only the
view and the legal moves: ``random`` (a legal move, its parameters sampled), ``greedy`` (one ply,
heuristic) and ``expert`` (determinized Monte Carlo)."""

from .expert import choose_expert
from .greedy import choose_greedy, choose_random

LEVELS = {"random": choose_random, "greedy": choose_greedy, "expert": choose_expert}

__all__ = ["LEVELS", "choose_expert", "choose_greedy", "choose_random"]
