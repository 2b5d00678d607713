"""Expert level: determinized Monte Carlo with fast greedy playouts.

1. Candidates: the greedy level scores the legal moves on one sampled state; the best
   ``candidates`` moves are kept (at most ``per_tile`` of them with the same tile, so the
   search weighs a Security Guard against a Housing, not one Housing on five cells).
2. Worlds: full states sampled from the view (``determinize.sample_state``): the other
   hands, the pile and the face-down tiles drawn from the tiles the seat has not seen. The
   real hidden tiles are never read — the bot only has the view.
3. Playouts: in every world each candidate is applied with the engine's own rules, the rest
   of the bot's turn is played by the fast policy, then every other seat plays its next turn
   by the fast policy (on its sampled hand), until the bot's next turn or the end of the
   game (near the end — a seat with few tokens left, or the final round — on to the end of
   the game, so the real result decides). The same worlds and playout seeds serve every
   candidate (common random numbers), so differences come from the moves, not the draws.
4. Score: ``heuristics.value`` at the horizon (the real result, with a win bonus, when the
   game ended), averaged over the worlds, plus ``prior`` × the greedy value of the move.

Steps 2–4 are the kit's shared search (``kit.search``); this module supplies the candidates, the
playout (the fast policy, the horizon, the evaluation) and the number of worlds.

The fast policy (``fast_move``) finds the cell where one more tile adds most to the mover's
groups (one pass over its groups, no copy), scores each tile of its hand there by that gain,
its printed marks and a rough worth of its instruction (``PRIOR``), and plays the best
three out (their own decisions answered the cheapest way) before choosing; an instruction's
decision is answered one move deep among a few relevant answers. The work per decision is fixed by counts
(candidates × worlds), never by a clock,
so a seed always gives the same move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kit.search import Plan, search

from ..engine.city import placement_cells
from ..engine.moves import current_moves
from ..engine.state import State
from ..engine.tiles import KIND_OF, marks_of
from .determinize import sample_state
from .greedy import FAST, GREEDY, after, pick, score_moves, shortlist
from .heuristics import DEFAULT, Weights, value
from .learned import learned_value


@dataclass(frozen=True)
class Budget:
    candidates: int = 6       # moves searched (after the greedy ranking)
    per_tile: int = 2         # of which at most this many with the same tile
    worlds: int = 8           # sampled worlds per decision (each candidate plays out in each)
    prior: float = 0.25       # weight of the greedy value (of the sampled base state)
    fast_plays: int = 3       # plays (tiles on the best cell, Hotels) the fast policy plays out
    fast_answers: int = 3     # answers it tries for an instruction's decision
    to_end: int = 4           # with a seat this close to its last token (or the final round
                              # on), playouts run to the end of the game: the real result counts
    max_turns: int = 8        # … but never longer than this many turns
    rounds: int = 1           # 2: successive halving, every candidate meets worlds/2 worlds, the better half
                              # ``worlds`` more (the same playouts, more of them on the close contenders)
    evaluation: str = "heuristic"  # the horizon: "heuristic" (``heuristics.value``) or "learned" (the fitted
                              # final margin, learned.py, where a model is stored for the table's size)
    opponents: str = "fast"   # the other seats in playouts: "fast" (``fast_move``) or "greedy" (the greedy
                              # level's own search at its FAST budget: the model of a greedy player)


DEFAULT_BUDGET = Budget()


def _components(t: State, seat: int) -> tuple[dict, dict]:
    """cell -> group id and group id -> size, for the tiles ``seat`` controls."""
    comp: dict = {}
    sizes: dict = {}
    cells = t.cells
    for xy, c in cells.items():
        if c[2][seat] and xy not in comp:
            cid = len(sizes)
            comp[xy] = cid
            todo, size = [xy], 1
            while todo:
                x, y = todo.pop()
                for m in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    d = cells.get(m)
                    if d is not None and d[2][seat] and m not in comp:
                        comp[m] = cid
                        todo.append(m)
                        size += 1
            sizes[cid] = size
    return comp, sizes


def _worth(size: int, w: Weights) -> float:
    return size if size >= 3 else (w.pair if size == 2 else w.single)


def _gain(t: State, seat: int, xy, comp: dict, sizes: dict, w: Weights) -> float:
    """What one more controlled tile at ``xy`` adds to ``seat``'s groups."""
    x, y = xy
    joined = {comp[m] for m in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if m in comp}
    if xy in comp:
        return 0.0
    before = sum(_worth(sizes[c], w) for c in joined)
    return _worth(1 + sum(sizes[c] for c in joined), w) - before


# What playing a tile's instruction is roughly worth beyond its placement (fast policy only):
# tiles that put more tokens down or break other players' groups first.
PRIOR = {"capitol": 2.0, "embassy": 1.0, "housing": 1.0, "security_guard": 1.0, "disaster_site": 0.8,
         "mausoleum": 0.6, "bank": 0.8, "stadium": 0.8, "transit_station": 0.6, "post_office": 0.5,
         "construction_site": 0.8, "library": 0.6, "temple": 0.6, "police_hq": 0.3}


def _answer(t: State, who: int, legal: list, rng: random.Random, w: Weights, b: Budget) -> dict:
    options = shortlist(t, who, legal, b.fast_answers, 1, rng, w)
    if len(options) == 1:
        return options[0]
    return _best(t, who, options, rng, w)


def _best(t: State, who: int, options: list, rng: random.Random, w: Weights) -> dict:
    best, best_value = options[0], None
    for m in options:
        v = _settled(after(t, m), who, rng, w)
        if best_value is None or v > best_value:
            best, best_value = m, v
    return best


def _settled(t: State, who: int, rng: random.Random, w: Weights) -> float:
    """Value once ``who``'s pending answers are given the cheapest way (first relevant one)."""
    steps = 0
    while t.stage == "effects" and t.turn == who and steps < 6:
        legal = current_moves(t)
        t = after(t, legal[0] if len(legal) < 3 else shortlist(t, who, legal, 1, 3, rng, w)[0])
        steps += 1
    return value(t, who, w)


def fast_move(t: State, who: int, rng: random.Random, w: Weights, b: Budget) -> dict:
    """The playout policy (see the module docstring)."""
    if t.stage != "turn":
        legal = current_moves(t)
        return legal[0] if len(legal) == 1 else _answer(t, who, legal, rng, w, b)
    if t.supply[who] <= 0:
        return {"type": "pass"}
    cells = placement_cells(t)
    tiles = sorted(set(t.hands[who])) if cells else []
    hotels = [xy for xy, c in t.cells.items() if c[1] and KIND_OF[c[0]] == "hotel" and not c[2][who]]
    if not tiles and not hotels:
        return {"type": "pass"}
    comp, sizes = _components(t, who)
    scored = []
    if tiles:
        gain, _r, cell = max((_gain(t, who, xy, comp, sizes, w), rng.random(), xy) for xy in cells)
        for tile in tiles:
            bonus, silver = marks_of(tile, t.marks)
            scored.append((gain + bonus + 0.5 * silver + PRIOR.get(KIND_OF[tile], 0.0), rng.random(),
                           {"type": "play", "tile": tile, "x": cell[0], "y": cell[1]}))
    for xy in hotels:
        scored.append((_gain(t, who, xy, comp, sizes, w), rng.random(), {"type": "hotel", "x": xy[0], "y": xy[1]}))
    scored.sort(key=lambda e: (e[0], e[1]), reverse=True)
    options = [m for _g, _r, m in scored[:b.fast_plays]]
    return options[0] if len(options) == 1 else _best(t, who, options, rng, w)


def near_end(s: State, b: Budget) -> bool:
    return s.end["mode"] == "final" or min(s.supply) <= b.to_end


def greedy_model(t: State, who: int, rng: random.Random, w: Weights) -> dict:
    """What a greedy player would do here (its search at the FAST budget, on this world)."""
    legal = current_moves(t)
    if len(legal) == 1:
        return legal[0]
    return pick(score_moves(t, who, legal, w, FAST, rng), rng)


def playout(world: State, seat: int, move: dict, rng: random.Random, w: Weights, b: Budget) -> float:
    to_end = near_end(world, b)
    t = after(world, move)
    turns = 0
    model = b.opponents == "greedy"
    while t.stage != "over":
        if t.stage == "turn":
            if (t.turn == seat and not to_end) or turns >= b.max_turns:
                break  # the bot's next turn (or the end of the game): the horizon
            turns += 1
        who = t.turn
        if model and who != seat:
            t = after(t, greedy_model(t, who, rng, w))
        else:
            t = after(t, fast_move(t, who, rng, w, b))
    if b.evaluation == "learned":
        learned = learned_value(t, seat)
        if learned is not None:
            return learned
    return value(t, seat, w)


def candidates(ranked: list, b: Budget) -> list:
    ranked = sorted(ranked, key=lambda e: -e[0])
    out, per = [], {}
    for v, m in ranked:
        key = m.get("tile", m["type"])
        if per.get(key, 0) >= b.per_tile:
            continue
        per[key] = per.get(key, 0) + 1
        out.append((v, m))
        if len(out) >= b.candidates:
            break
    return out


def choose_expert(engine, view: dict, legal: list, seat: int, rng: random.Random,
                  w: Weights = DEFAULT, b: Budget = DEFAULT_BUDGET) -> dict:
    if len(legal) == 1:
        return legal[0]
    base = sample_state(view, rng)
    ranked = score_moves(base, seat, legal, w, GREEDY, rng)
    cands = candidates(ranked, b)
    if len(cands) == 1:
        return cands[0][1]
    return search(view=view, seat=seat, rng=rng, candidates=cands, sample_world=sample_state,
                  playout=lambda world, who, move, r: playout(world, who, move, r, w, b),
                  worlds=lambda alive: b.worlds // 2 if b.rounds > 1 and alive == len(cands) else b.worlds,
                  plan=Plan(rounds=b.rounds, prior=b.prior, random_ties=True))
