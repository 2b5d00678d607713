"""Infinite City bots: ``greedy`` (the best move of its own turn by a heuristic) and
``expert`` (determinized Monte Carlo over greedy playouts). The platform registers
``LEVELS``; every chooser has its signature ``chooser(engine, view, legal_moves, seat, rng)
-> move`` and reads nothing but the view and the legal moves (``determinize`` samples what
the seat cannot see). ``random`` is the platform's own level.

Measure them with ``manage.py arena --game infinitecity --seats expert,greedy,greedy,greedy``."""

from .expert import choose_expert
from .greedy import choose_greedy

LEVELS = {"greedy": choose_greedy, "expert": choose_expert}

__all__ = ["LEVELS", "choose_greedy", "choose_expert"]
