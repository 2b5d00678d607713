"""Expert level: determinized Monte Carlo with greedy playouts.

1. Candidates: the greedy scores of every legal move on one sampled state; the best
   move of each kind (type, politics card, building, city) first, then the next
   best, up to ``k`` (so the search weighs a farm against a market against gold, not
   one statue on four hexes).
2. Worlds: full states sampled from the view (``determinize.sample_state``): the
   face-down Voice cards the seat has not peeked at, the Voice deck and the politics
   deck order are drawn from what the view leaves possible. The real hidden cards
   are never read — the bot only has the view.
3. Playouts: in every world each candidate is applied with the engine's own ``apply``
   (automatic phases run on the sampled cards), then every pending seat plays the
   greedy policy on what *it* would know in that world (its own peeks, odds for the
   rest) until the horizon: the first decision of next year, or the end of the game
   (from year ``Budget.to_end`` on, the playouts always run to the end, so the last
   two years are scored by real final scores, not the heuristic). The same worlds
   and the same playout seeds are used for every candidate (common random numbers),
   so differences come from the moves, not the draws.
4. Score: the heuristic ``relative`` value at the horizon (final scores, plus a bonus
   for a win, when the game is over), averaged over the worlds.
5. Successive halving: the playout budget is split into rounds; after each round the
   worse half of the candidates is dropped, so the close contenders get the most
   worlds. The best mean after the last round wins.

Steps 2–5 are the kit's shared search (``kit.search``); this module supplies the candidates, the
playout (policy, horizon, evaluation) and the number of worlds per round.

The work per decision is fixed by counts (``Budget.steps`` playout decisions), never
by a clock, so a seed always gives the same move. The number of worlds per round
shrinks when many decisions are left in the year (the playouts are longer).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from kit.search import Plan, halving_rounds, search

from ..engine.constants import TURNS_PER_YEAR, VOICE_DECK, YEARS
from ..engine.moves import apply_decision, legal_moves, pending
from ..engine.phases import advance
from ..engine.state import State
from .determinize import outcomes_from, sample_state
from .greedy import pick, prune_found, score_moves
from .heuristics import DEFAULT, Knowledge, Weights, evaluate, knowledge_from_view, relative


@dataclass
class Budget:
    candidates: int = 8       # moves kept after the greedy ranking
    # Playout decisions per decision, all candidates and worlds together. Kept at 1600: measured
    # against the original engine the speed work saves ~5 % per step (not the 25 % hoped for), and a
    # quiet-machine median at 2000 steps was never shown to stay under 1 s per move.
    steps: int = 1600
    min_worlds: int = 2       # worlds per candidate in a round, at least
    max_worlds: int = 24      # and at most
    win_bonus: float = 3.0    # added to a final position's value for a (shared) win
    playout_moves: int = 12   # greedy in playouts scores at most this many moves per decision
    diverse: bool = True      # candidates: best move of each kind first
    halving: bool = True      # successive halving: drop the worse half of the candidates each round
    stick: float = 0.0        # per-world bonus for greedy's own choice (a move must beat it by this)
    to_end: int = 5           # from this year on, play out to the end of the game (0: never)


DEFAULT_BUDGET = Budget()


def knowledge_for(s: State, seat: int) -> Knowledge:
    """What ``seat`` knows of this year's Voice in a (sampled) state: the face-up card,
    its own peeks, odds for the rest. Used for the seats played in a playout."""
    if s.voice_revealed:
        return Knowledge([(1.0, tuple(s.voice_winners))])
    if not s.voice:
        return Knowledge([])
    peeks = [p for p in s.players[seat]["peeks"] if p is not None]
    known = [s.voice[0]] + peeks
    pool = Counter(VOICE_DECK) - Counter(known)
    return Knowledge(outcomes_from(known, pool, len(s.voice) - 1 - len(peeks)))


def _decisions_left(s: State, b: Budget | None = None) -> int:
    """Rough count of the decisions still to come this year (playout length); with
    ``b.to_end`` reached, the later years too."""
    more = 0
    if b is not None and b.to_end and s.year >= b.to_end and not s.final:
        more = (YEARS - s.year) * (TURNS_PER_YEAR + 1) * s.nplayers
    return more + _left_this_year(s)


def _left_this_year(s: State) -> int:
    if s.phase == "actions":
        return len(s.queue) - s.qi + s.nplayers
    if s.phase == "setup":
        return len(s.queue) - s.qi + 5 * s.nplayers
    return s.nplayers


def _playout_policy(s: State, seat: int, rng: random.Random, w: Weights, cap: int) -> dict:
    legal = legal_moves(s, seat)
    if len(legal) == 1:
        return legal[0]
    legal = prune_found(s, legal)
    if len(legal) > cap:
        legal = _shortlist(s, seat, legal, rng, cap)
    return pick(score_moves(s, seat, legal, knowledge_for(s, seat), w), rng)


def _shortlist(s: State, seat: int, legal: list[dict], rng: random.Random, cap: int) -> list[dict]:
    """A cheap pre-selection for playouts: one move of each kind (type, card,
    building) chosen at random, then random others up to ``cap``."""
    groups: dict = {}
    for m in legal:
        key = (m["type"], s.pol_row[m["slot"]] if m["type"] == "politics" else None, m.get("building"),
               m.get("tier"), m.get("cubes"), m.get("citizens"))
        groups.setdefault(key, []).append(m)
    keys = list(groups)
    out = [rng.choice(groups[k]) for k in keys]
    if len(out) > cap:
        rng.shuffle(out)
        return out[:cap]
    rest = [m for m in legal if m not in out]
    rng.shuffle(rest)
    return out + rest[:cap - len(out)]


def _value(s: State, seat: int, w: Weights, b: Budget) -> float:
    if s.phase == "over":
        scores = [sc + 0.01 * p["gold"] for sc, p in zip(s.result["scores"], s.players)]
        bonus = b.win_bonus if s.result["ranks"][seat] == 1 else 0.0
        return relative(scores, seat, w) + bonus
    return relative(evaluate(s, knowledge_for(s, seat), w), seat, w)


def playout(world: State, seat: int, move: dict, rng: random.Random, w: Weights, b: Budget) -> float:
    s = world.copy()
    apply_decision(s, seat, move, [])
    advance(s, [])
    year = YEARS + 1 if b.to_end and world.year >= b.to_end else world.year
    while s.phase != "over" and not (s.year > year and s.phase == "actions"):
        who = min(pending(s))
        m = _playout_policy(s, who, rng, w, b.playout_moves)
        apply_decision(s, who, m, [])
        advance(s, [])
    return _value(s, seat, w, b)


def _group(s: State, m: dict) -> tuple:
    """Moves of one kind (type, politics card, building): they differ only in where."""
    card = s.pol_row[m["slot"]] if m["type"] == "politics" else None
    return m["type"], card, m.get("building"), m.get("city")


def candidates(s: State, ranked: list[tuple[float, dict]], b: Budget) -> list[dict]:
    """The best ``b.candidates`` moves by greedy score; with ``b.diverse`` the best of
    each kind first (so the search weighs e.g. gold against a farm against a city, and
    greedy picks the hex), then the next best moves."""
    order = sorted(range(len(ranked)), key=lambda i: -ranked[i][0])
    if not b.diverse:
        return [ranked[i][1] for i in order[:b.candidates]]
    chosen, seen = [], set()
    for i in order:
        g = _group(s, ranked[i][1])
        if g not in seen:
            seen.add(g)
            chosen.append(i)
    rest = [i for i in order if i not in set(chosen)]
    picked = (chosen + rest)[:b.candidates]
    picked.sort(key=lambda i: -ranked[i][0])
    return [ranked[i][1] for i in picked]


def choose_expert(engine, view: dict, legal: list[dict], seat: int, rng: random.Random,
                  w: Weights = DEFAULT, b: Budget = DEFAULT_BUDGET) -> dict:
    if len(legal) == 1:
        return legal[0]
    base = sample_state(view, rng)
    ranked = score_moves(base, seat, legal, knowledge_from_view(view), w)
    cands = candidates(base, ranked, b)
    if len(cands) == 1:
        return cands[0]
    length = max(1, _decisions_left(base, b))
    rounds = halving_rounds(len(cands)) if b.halving else 1

    def worlds(alive: int) -> int:
        return max(b.min_worlds, min(b.max_worlds, (b.steps // rounds) // (length * alive)))

    return search(view=view, seat=seat, rng=rng, candidates=[(0.0, m) for m in cands], sample_world=sample_state,
                  playout=lambda world, who, move, r: playout(world, who, move, r, w, b), worlds=worlds,
                  plan=Plan(rounds=rounds, stick=b.stick))
