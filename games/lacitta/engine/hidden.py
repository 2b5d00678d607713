"""Hidden information and the moves that show it (R80).

``reveals_hidden``    did a move bring hidden information to light? Extra safety beside the platform's
                      rule (``kit.reveal``): a card drawn from a deck, a politics row refilled, a face-down
                      card passed to a player, a peek at the Voice, a Voice revealed at the year's end, or
                      any use of the shuffling RNG — even when nobody sees the result yet.
``scramble_unknown``  the same position with everything one seat may not know drawn afresh: the platform
                      applies a move to such positions to decide whether it showed its mover anything."""

from __future__ import annotations

import random

from kit.rng import seed_state

from .constants import AT_ONCE
from .migration import city_points, neighbours, takes_from
from .state import State

# The parts of the state whose change means something unknown became known to someone.
HIDDEN_FIELDS = ("rng", "pol_deck", "voice_deck", "voice", "voice_revealed")
PRIVATE_PLAYER_KEYS = ("passed", "peeks")


def reveals_hidden(before: State, after: State) -> bool:
    if any(getattr(before, f) != getattr(after, f) for f in HIDDEN_FIELDS):
        return True
    return any(b[k] != a[k] for b, a in zip(before.players, after.players) for k in PRIVATE_PLAYER_KEYS)


def scramble_unknown(state: State, seat: int | None, seed: int) -> State:
    """What ``seat`` (None: a spectator) may not know, drawn afresh: the politics deck with every card
    taken face down by a pass (nobody looked at them), the Voice deck with the face-down Voice cards
    this seat has not peeked at (another seat's peek follows its card), the RNG, and the other seats'
    2–2 choices made at once and not yet shown (each one that matters is switched to the other
    service: every one on an even ``seed``, about half of them on an odd one). The seat's view stays
    the same."""
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.nplayers else None
    rnd = random.Random(seed)
    new = state.copy()
    new.rng = seed_state(rnd.getrandbits(63))
    _scramble_politics(new, rnd)
    _scramble_voice(new, me, rnd)
    _switch_choices(new, me, rnd, every=seed % 2 == 0)
    return new


def _scramble_politics(s: State, rnd: random.Random) -> None:
    passed = [len(p["passed"]) for p in s.players]
    pool = list(s.pol_deck) + [card for p in s.players for card in p["passed"]]
    rnd.shuffle(pool)
    for p, count in zip(s.players, passed):
        p["passed"], pool = tuple(pool[:count]), pool[count:]
    s.pol_deck = pool


def _scramble_voice(s: State, me: int | None, rnd: random.Random) -> None:
    pool = list(s.voice_deck)
    unseen: list[int] = []
    if s.voice and not s.voice_revealed:
        mine = s.players[me]["peeks"] if me is not None else (None,) * (len(s.voice) - 1)
        unseen = [1 + i for i in range(len(s.voice) - 1) if mine[i] is None]  # voice[0] is face up
        pool += [s.voice[k] for k in unseen]
    rnd.shuffle(pool)
    voice = list(s.voice)
    for k in unseen:
        voice[k] = pool.pop()
    s.voice, s.voice_deck = voice, pool
    for p in s.players:
        p["peeks"] = tuple(None if seen is None else voice[1 + i] for i, seen in enumerate(p["peeks"]))


def _switch_choices(s: State, me: int | None, rnd: random.Random, *, every: bool) -> None:
    if s.phase != "choice" or s.voice_tie != AT_ONCE or len(s.voice_winners) != 2:
        return
    near, points = neighbours(s), city_points(s)
    a, b = s.voice_winners
    made = []
    for cid, owner, svc in s.choice_made:
        # A choice that takes from the same cities either way was made automatically: anyone can tell it.
        matters = takes_from(points, cid, a, near[cid]) != takes_from(points, cid, b, near[cid])
        if owner != me and matters and (every or rnd.random() < 0.5):
            svc = b if svc == a else a
        made.append((cid, owner, svc))
    s.choice_made = sorted(made)
