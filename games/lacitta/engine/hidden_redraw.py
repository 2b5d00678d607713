"""After a moderator's rollback: draw afresh everything no seat has legitimately seen.

Replaying the kept moves from the game's seed puts back the deck orders the undone
moves showed to everybody (row refills, a year's Voice reveal), so the players would
know the hidden future. ``redraw_hidden`` reshuffles, with a new seed, only what is
unknown to every seat in the restored position (R80):

- the politics deck together with the cards taken face down by a pass this year
  (nobody, the passer included, looked at them), each passer keeping as many;
- the Voice deck together with the face-down Voice cards of this year that no seat
  peeked at (a card some seat looked at stays where it is: that seat knows it);
- the RNG itself, so later reshuffles (a politics deck rebuilt from the discard)
  come from the new seed too.

Public information (the row, the face-up Voice card, counts, discards) is untouched,
so every seat's view is the same before and after. The discard keeps its cards: its
order is never used (a rebuilt deck is shuffled with the new RNG).
"""

from __future__ import annotations

from kit.rng import seed_state, shuffle

from .state import State


def redraw_hidden(state: State, seed: int) -> State:
    new = state.copy()
    rng = seed_state(seed)
    rng = _redraw_politics(new, rng)
    rng = _redraw_voice(new, rng)
    new.rng = rng
    return new


def _redraw_politics(s: State, rng: int) -> int:
    passed = [len(p["passed"]) for p in s.players]
    pool = list(s.pol_deck) + [card for p in s.players for card in p["passed"]]
    rng = shuffle(rng, pool)
    for p, count in zip(s.players, passed):
        p["passed"], pool = tuple(pool[:count]), pool[count:]
    s.pol_deck = pool
    return rng


def _redraw_voice(s: State, rng: int) -> int:
    unseen: list[int] = []
    if s.voice and not s.voice_revealed:
        peeked = {i for p in s.players for i, card in enumerate(p["peeks"]) if card is not None}
        unseen = [1 + i for i in range(len(s.voice) - 1) if i not in peeked]  # voice[0] is face up
    pool = list(s.voice_deck) + [s.voice[k] for k in unseen]
    rng = shuffle(rng, pool)
    voice = list(s.voice)
    for k in unseen:
        voice[k] = pool.pop()
    s.voice, s.voice_deck = voice, pool
    return rng
