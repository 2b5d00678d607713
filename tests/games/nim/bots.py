"""Nim's bot level: ``perfect`` leaves a multiple of 4 (of 4 plus one in misère) whenever it can.
Reads only the view and the legal moves, as every bot."""


def choose_perfect(engine, view, legal, seat, rng):
    target = view["left"] % 4 if view["last"] == "wins" else (view["left"] - 1) % 4
    for move in legal:
        if move["n"] == target:
            return move
    return rng.choice(legal)


LEVELS = {"perfect": choose_perfect}
