"""Everything a viewer reads of a game, compared between the real position and positions that viewer cannot
tell from it (issue 40). The page's log comes from the stored moves, so scrambling the stored state alone
never shows a leaking log line: here the real move is replayed on each such position (where it is still
legal) and the viewer's reads of both outcomes are compared.

The positions: the engine's ``scramble_unknown(state, viewer, seed)`` (everything the viewer may not know drawn
afresh), with the RNG's future changed too (every ``rng`` field of the dump given a fresh value: no seat knows
it). What is compared, for each viewer (every seat and a spectator):
- before the move: the view and the viewer's legal moves (the scramble's own promise, and what the move panel
  offers), and the texts of refused moves (a move of another seat's, a move of no type the game has);
- after the move, when the viewer's views of both outcomes are equal (the move showed it nothing that tells
  the positions apart): the log lines it may read (as the API gives them and as the page words them), the
  notices addressed to it (page, stream, mail) and its legal moves.
Any difference is a leak. ``Reads`` counts what was compared, and how much of it on positions that differed
from the real one (a game with hidden information must have some: else nothing was tested)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from kit import hidden
from kit import rng as kit_rng
from kit.base import IllegalMove
from play import texts

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
SAMPLES = 2  # positions per viewer per move: each one draws every unknown afresh


class Leak(AssertionError):
    pass


@dataclass
class Reads:
    comparisons: int = 0
    scrambled: int = 0  # positions that differed from the real one
    telling: int = 0  # comparisons made on such a position (the ones that could have shown a leak)


def with_new_rng_future(engine, state, seed: int):
    """The same position with every ``rng`` field of its dump given a fresh value (the future of the draws)."""
    def walk(node):
        if isinstance(node, dict):
            return {k: (kit_rng.seed_state(seed) if k == "rng" and isinstance(v, int) else walk(v))
                    for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return engine.load(walk(engine.dump(state)))


def log_read(game_type: str, log, viewer, options) -> list:
    """The log lines ``viewer`` may read: as the API gives them (key, params, seat) and worded for the page."""
    out = []
    for entry in log:
        if entry.visible_to is not None and viewer not in entry.visible_to:
            continue
        data = entry.to_json()
        out.append((json.dumps(data, sort_keys=True, default=str),
                    "" if texts.is_hidden(game_type, data) else texts.log_line(game_type, data, NAMES, options)))
    return out


def notices_read(notices, viewer) -> list:
    return [(n.key, json.dumps(n.params, sort_keys=True, default=str)) for n in notices if n.seat == viewer]


def refusal(game_type: str, engine, state, seat, move):
    try:
        engine.apply(state, seat, move)
    except IllegalMove as exc:
        return exc.key, texts.error_text(game_type, exc.key, exc.params, exc.message), str(exc.message)
    return None


def check_move(engine, game_type: str, state, mover: int, move: dict, players: int, options: dict,
               reads: Reads, seed: int) -> None:
    """Compare every viewer's reads of ``mover``'s ``move`` from ``state`` with those on positions it cannot
    tell apart. Raises ``Leak`` naming the first difference."""
    real = engine.apply(state, mover, move)
    real_dump = json.dumps(engine.dump(state), sort_keys=True)
    for viewer in [*range(players), None]:
        view = engine.view(state, viewer)
        legal = engine.legal_moves(state, viewer) if viewer is not None else []
        probes = [{"type": "no-such-move"}] if viewer is not None else []
        if viewer is not None:
            probes += [m for s in range(players) if s != viewer for m in engine.legal_moves(state, s)[:3]]
        refusals = [refusal(game_type, engine, state, viewer, m) for m in probes]
        after_view = engine.view(real.state, viewer)
        for k in range(SAMPLES):
            other = hidden.resample(engine, state, viewer, seed * SAMPLES + k)
            other = with_new_rng_future(engine, other, seed * SAMPLES + k + 1)
            differs = json.dumps(engine.dump(other), sort_keys=True) != real_dump
            reads.scrambled += differs
            before = reads.comparisons
            where = f"{game_type}: viewer {viewer}, move {move} by seat {mover}"
            _same(reads, engine.view(other, viewer), view, f"{where}: the view of a scrambled position")
            if viewer is not None:
                _same(reads, engine.legal_moves(other, viewer), legal, f"{where}: the viewer's legal moves")
                for probe, text in zip(probes, refusals, strict=True):
                    _same(reads, refusal(game_type, engine, other, viewer, probe), text,
                          f"{where}: the answer to {probe}")
            try:
                outcome = engine.apply(other, mover, move)
            except IllegalMove:
                reads.telling += (reads.comparisons - before) if differs else 0
                continue  # the move is not legal there (chosen with the mover's secret): nothing to replay
            if engine.view(outcome.state, viewer) != after_view:
                reads.telling += (reads.comparisons - before) if differs else 0
                continue  # the move showed the viewer something that tells the positions apart: it may read more
            _same(reads, log_read(game_type, outcome.log, viewer, options),
                  log_read(game_type, real.log, viewer, options), f"{where}: the log lines")
            _same(reads, notices_read(outcome.notices, viewer), notices_read(real.notices, viewer),
                  f"{where}: the notices")
            if viewer is not None:
                _same(reads, engine.legal_moves(outcome.state, viewer), engine.legal_moves(real.state, viewer),
                      f"{where}: the legal moves after it")
            reads.telling += (reads.comparisons - before) if differs else 0


def _same(reads: Reads, got, expected, what: str) -> None:
    reads.comparisons += 1
    if got != expected:
        path, a, b = first_difference(got, expected)
        raise Leak(f"{what} differ from the real game's at {path or 'the top'}: {a!r:.300} != {b!r:.300}")


def first_difference(a, b, path: str = ""):
    """Where two JSON-like values first differ: (path, a's part, b's part)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return path, a, b
