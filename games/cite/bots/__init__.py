"""Cité's bots: ``random`` (a random legal move, never an offer), ``greedy`` (answers offers by its
valuation, builds greedily, never offers) and ``expert`` (also offers toward its plan, buys a round's
program at once). Every chooser has the signature ``chooser(engine, view, legal_moves, seat, rng) ->
move`` and reads nothing but the view and the legal moves; it returns a concrete move (ranges filled).

Measure them with ``scripts``-free ``games/cite/measure.py`` until the game is registered (then
``manage.py arena --game cite --seats expert,greedy,greedy``)."""

from .expert import choose_expert
from .greedy import choose_greedy
from .random_bot import choose_random

LEVELS = {"random": choose_random, "greedy": choose_greedy, "expert": choose_expert}

__all__ = ["LEVELS", "choose_expert", "choose_greedy", "choose_random"]
