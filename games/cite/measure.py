"""Measurements while Cité is not registered (``manage.py selfplay`` / ``arena`` need the registry).
Pure Python, no Django:

    python -m games.cite.measure selfplay --games 1000 --seed 1 [--players 3-4] [--checks all]
    python -m games.cite.measure arena --games 60 --seats expert,greedy,greedy --seed 11 [--jobs 2]

``--seats`` may name ``person``: a person-like scripted seat (``choose_person``, here only), to count the trades
people make with bots (``person_trades_per_game``); ``bank_ten_per_game`` counts the cost table's 10-of-one-kind
collections paid (the "bank's 10-for-1").

``selfplay`` runs the kit's ``selfplay.run`` on ``RandomConcrete(ENGINE)``: the kit's random player
picks one of the legal moves uniformly, so the adapter hands it concrete moves (each ranged legal move
filled by ``ENGINE.sample_move``). ``arena`` plays bot-only games as the kit's ``arena.play_game``
does, with the two v2 differences the kit's loop does not have yet: a seat that may act (answer an
offer) is given its turn too, and a bot's move is checked with ``params.conforms`` against the legal
moves; the summary is the kit's ``arena.summarise``, plus trades, contracts, breaches and offers
per game."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time

from kit import arena, selfplay

from .bots import LEVELS as SITE_LEVELS
from .bots.common import state_from_view, trade_gain
from .bots.greedy import answer_offer, bank_move, best_build, layout_move
from .engine.engine import ENGINE
from .engine.params import conforms


def choose_person(engine, view, legal, seat, rng):
    """A person-like scripted seat (issue 42's measure of trading between people and bots): what a player at
    the table does, simply. It answers an offer by whether it helps it (the greedy valuation: people take a
    trade that helps them, whatever it does for the other side); once a round, before building, it asks a seat
    that holds it for a kind it lacks, giving 1 of what it holds most (2 when it holds 6 or more: a price a
    person names without counting), and leaves the offer open; it builds greedily and says done."""
    state = state_from_view(view)
    if state.stage == "layout":
        return layout_move(state, seat, legal, rng)
    offers_to_me = [m for m in legal if m["type"] in ("accept", "decline")]
    if offers_to_me:
        reply = answer_offer(state, seat, legal)
        if reply is not None:
            return reply
    if state.seats[seat]["done"]:
        return legal[0]  # (nothing to answer: its own offers' withdrawal, never chosen while something waits)
    me = state.seats[seat]
    offer = next((m for m in legal if m["type"] == "offer"), None)
    if offer is not None and me["offers_made"] == 0:
        res = me["res"]
        spare = max(res, key=lambda k: (res[k], k))
        lacks = [k for k in sorted(res) if res[k] == 0]
        holders = [(state.seats[o]["res"][k], o, k) for o in range(state.players) if o != seat for k in lacks
                   if state.seats[o]["res"][k] >= 1]
        if res[spare] >= 2 and holders:
            _n, other, want = max(holders)
            give = {spare: 2 if res[spare] >= 6 else 1}
            if trade_gain(res, {want: 1}, give, {}, {}) > 0:
                return {"type": "offer", "to": [other], "give": give, "get": {want: 1},
                        **({"later_give": {}, "later_get": {}, "later_rounds": []}
                           if "later_give" in offer["ranges"] else {})}
    build = best_build(state, seat, legal, rng)
    if build is not None:
        return build
    bank = bank_move(state, seat, legal)
    return bank if bank is not None else {"type": "done"}


LEVELS = {**SITE_LEVELS, "person": choose_person}


class RandomConcrete:
    """The engine, with every ranged legal move replaced by a concrete draw (for the kit's selfplay,
    which applies a legal move as it is)."""

    def __init__(self, engine, seed: int = 0):
        self._engine = engine
        self._rng = random.Random(seed)

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def legal_moves(self, state, seat):
        return [self._engine.sample_move(state, seat, m, self._rng) if "ranges" in m else m
                for m in self._engine.legal_moves(state, seat)]


def run_selfplay(games: int, seed: int, players: str = "3-4", checks: str = "invariants") -> dict:
    return selfplay.run(RandomConcrete(ENGINE, seed), {}, players, games, seed, checks)


def play_game(engine, choosers, options, levels, seed, index) -> dict:
    """One bot-only game (as ``kit.arena.play_game``, with may-act seats and ranged moves)."""
    players = len(levels)
    state = engine.new_game(options, players, seed * 1_000_003 + index).state
    times = [[] for _ in range(players)]
    cpu = [[] for _ in range(players)]
    turn_rng = random.Random(seed * 7 + index)
    counts = {"trades": 0, "contracts": 0, "breaches": 0, "offers": 0, "moves": 0, "person_trades": 0,
              "bank_ten": 0}
    people = {i for i, level in enumerate(levels) if level == "person"}
    decision = 0
    while not engine.is_over(state):
        seats = sorted(engine.pending(state) | engine.may_act(state))
        seat = seats[turn_rng.randrange(len(seats))]
        legal = engine.legal_moves(state, seat)
        view = engine.view(state, seat)
        rng = random.Random((seed * 1_000_003 + index) * 100_003 + decision)
        start, start_cpu = time.perf_counter(), time.process_time()
        move = choosers[levels[seat]](engine, view, legal, seat, rng)
        times[seat].append(time.perf_counter() - start)
        cpu[seat].append(time.process_time() - start_cpu)
        if not any(conforms(m, move) for m in legal):
            raise arena.IllegalChoice(f"level {levels[seat]} chose a move outside the legal ones: {move!r}")
        result = engine.apply(state, seat, move)
        for entry in result.log:
            counts["trades"] += entry.key == "cite.accepted"
            counts["contracts"] += entry.key == "cite.accepted" and "contract" in entry.params
            counts["breaches"] += entry.key == "cite.contract_breached"
            counts["offers"] += entry.key == "cite.offer"
            # a trade a person made with a bot (either side's offer)
            counts["person_trades"] += entry.key == "cite.accepted" and bool(
                {entry.params.get("seat"), entry.params.get("from")} & people)
            # the bank's 10-for-1: a collection of ten of one kind paid for one square
            paid = move.get("pay") if entry.key == "cite.built" else entry.params.get(
                "collections") if entry.key == "cite.bought" else None
            counts["bank_ten"] += sum(1 for c in paid or [] if isinstance(c, dict) and
                                      [n for n in c.values() if n] == [10])
        state = result.state
        decision += 1
        counts["moves"] += 1
        if decision > 20_000:
            raise AssertionError(f"game {index} did not end in 20,000 decisions (a bot loops)")
    res = engine.result(state)
    return {"index": index, "levels": levels, "scores": list(res.scores), "ranks": list(res.ranks),
            "times": times, "cpu": cpu, **counts}


_CONTEXT: tuple = ()


def _play(task):
    levels, seed, index = task
    return play_game(ENGINE, LEVELS, {}, levels, seed, index)


def run_arena(seats: list[str], games: int, seed: int, jobs: int = 1) -> dict:
    players = len(seats)
    tasks = [([seats[(i + g) % players] for i in range(players)], seed, g) for g in range(games)]
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = list(pool.imap(_play, tasks))
    else:
        results = [_play(t) for t in tasks]
    summary = arena.summarise(ENGINE.slug, seats, seed, {}, jobs, results, time.perf_counter() - started)
    for key in ("trades", "contracts", "breaches", "offers", "moves", "person_trades", "bank_ten"):
        summary[f"{key}_per_game"] = round(sum(r[key] for r in results) / len(results), 2)
    return summary


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("selfplay")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--players", default="3-4")
    s.add_argument("--checks", default="invariants", choices=selfplay.CHECKS)
    a = sub.add_parser("arena")
    a.add_argument("--games", type=int, default=20)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--seats", default="expert,greedy,greedy")
    a.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    if args.what == "selfplay":
        out = run_selfplay(args.games, args.seed, args.players, args.checks)
    else:
        out = run_arena(args.seats.split(","), args.games, args.seed, args.jobs)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
