"""A new game (IC10–IC12): shuffle the 120 tiles, deal five to each player, lay five face
down in a plus, 15 tokens each, a random first player."""

from __future__ import annotations

from kit.base import LogEntry
from kit.rng import randbelow, seed_state, shuffle

from .city import hand_add
from .state import TOKENS, State
from .tiles import full_set

CROSS = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))
HAND = 5


def new_state(options: dict, players: int, seed: int, log: list) -> State:
    s = State()
    s.marks = options["marks"]
    s.nplayers = players
    rng = seed_state(seed)
    pile = full_set()
    rng = shuffle(rng, pile)
    s.pile = pile
    s.pile_known = [0] * len(pile)
    s.hands = [[] for _ in range(players)]
    s.hand_known = [[{} for _ in range(players)] for _ in range(players)]
    s.supply = [TOKENS] * players
    for seat in range(players):
        for _ in range(HAND):
            s.pile_known.pop()
            hand_add(s, seat, s.pile.pop(), 0)
    for xy in CROSS:
        s.pile_known.pop()
        s.cells[xy] = [s.pile.pop(), False, [0] * players, 0]
    first, rng = randbelow(rng, players)
    s.first = s.turn = first
    s.stage = "turn"
    log.append(LogEntry("infinitecity.setup", {"players": players, "marks": s.marks, "first": first,
                                               "cross": [list(xy) for xy in CROSS], "pile": len(s.pile)}))
    for seat in range(players):
        log.append(LogEntry("infinitecity.dealt", {"seat": seat, "tiles": list(s.hands[seat])}, seat,
                            visible_to=(seat,)))
    return s
