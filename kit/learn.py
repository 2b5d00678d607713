"""One self-play learning pipeline for every game's expert: an evaluation fitted to self-play final scores.

    python -m kit.learn MODULE:specs --players 3 --games 300 --seed 1     # MODULE: a game's bots.learned module
    python -m kit.learn MODULE:specs --players 3 --games 6 --seed 1 --out /tmp/m.json   # a trial, stored elsewhere

1. ``record``: N bot-only games straight on the engine (the ``Spec``'s levels, rotated over the seats like the
   arena; game g from the engine seed ``seed * 1_000_003 + g``, a fresh RNG per decision), and at every decision
   the deciding seat's **view** (what it may see, nothing else) turned into the game's ``features(view, seat)``;
2. once the game ends, each recorded position gets its seat's final **margin**: its score minus the best other
   seat's (the solo score at one seat) — a race is won by the margin, not by the score;
3. ``fit``: a ridge regression (numpy) on half the games, R² on the other half (held out), then the same ridge on
   every game for the stored coefficients (rounded: the file is the same bytes from the same seeds);
4. the model is a small versioned JSON file in the game's ``bots/`` folder (seeds, games, positions, the feature
   names, the held-out R²); ``Model.load(path).value(features)`` evaluates it in pure Python (the bots at run
   time need no numpy: numpy is only in the test/dev extra).

Pure Python apart from the fit, never imports Django nor a game: the game's ``Spec`` (its engine, levels,
features and file) is named on the command line as ``module:NAME``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

VERSION = 1
RIDGE = 300.0    # the ridge's penalty, on features scaled to unit variance (Small City: R² as at 1, steadier)
DIGITS = 5       # the coefficients' rounding in the file (bit-exact files from the same seeds)


@dataclass(frozen=True)
class Spec:
    """What a game gives the pipeline for one table size."""
    game: str
    engine: object
    players: int
    levels: tuple[str, ...]                        # seat i of game g plays levels[(i + g) % len(levels)]
    choosers: dict[str, Callable]                  # level -> chooser(engine, view, legal, seat, rng)
    features: Callable[[dict, int], list[float]]   # from the seat's view only
    names: tuple[str, ...]
    path: Path                                     # where the model is stored
    options: dict = field(default_factory=dict)
    every: int = 1                                 # record every n-th decision of a game


def margins(scores: list[float]) -> list[float]:
    """Each seat's score minus the best other seat's; the score itself at one seat."""
    if len(scores) == 1:
        return [float(scores[0])]
    return [float(s - max(x for j, x in enumerate(scores) if j != i)) for i, s in enumerate(scores)]


def play_recorded(spec: Spec, seed: int, g: int) -> dict:
    """One game; every ``every``-th decision, the deciding seat's features from its own view."""
    engine = spec.engine
    base = seed * 1_000_003 + g
    levels = [spec.levels[(i + g) % len(spec.levels)] for i in range(spec.players)]
    state = engine.new_game(engine.validate_options(dict(spec.options), spec.players), spec.players, base).state
    rows = []
    decision = 0
    while not engine.is_over(state):
        seat = min(engine.pending(state))
        view = engine.view(state, seat)
        if decision % spec.every == 0:
            rows.append((seat, [float(x) for x in spec.features(view, seat)]))
        legal = engine.legal_moves(state, seat)
        move = spec.choosers[levels[seat]](engine, view, legal, seat, random.Random(base * 100_003 + decision))
        state = engine.apply(state, seat, move).state
        decision += 1
    scores = list(engine.result(state).scores)
    return {"g": g, "levels": levels, "scores": scores, "margins": margins(scores), "rows": rows}


def record(spec: Spec, games: int, seed: int, on_game=None) -> list[dict]:
    out = []
    for g in range(games):
        out.append(play_recorded(spec, seed, g))
        if on_game:
            on_game(out[-1])
    return out


def _arrays(games: list[dict]):
    import numpy as np
    xs = [f for game in games for _s, f in game["rows"]]
    ys = [game["margins"][s] for game in games for s, _f in game["rows"]]
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def _ridge(x, y, ridge: float):
    """Coefficients on the raw features (and the intercept) of a ridge fitted on standardized ones."""
    import numpy as np
    mu, sd = x.mean(axis=0), x.std(axis=0)
    sd[sd < 1e-9] = 1.0  # a constant feature carries nothing
    z = (x - mu) / sd
    k = z.shape[1]
    w = np.linalg.solve(z.T @ z + ridge * np.eye(k), z.T @ (y - y.mean()))
    coef = w / sd
    return float(y.mean() - coef @ mu), [float(c) for c in coef]


def _r2(intercept: float, coef: list[float], x, y) -> float:
    pred = intercept + x @ coef
    tot = float(((y - y.mean()) ** 2).sum())
    return 1.0 - float(((y - pred) ** 2).sum()) / tot if tot else 0.0


def held_out_game(g: int) -> bool:
    """Half the games, drawn from the game's number (not its parity: levels rotate with it, so the even games
    could all be one level's)."""
    return random.Random(g).random() < 0.5


def fit(spec: Spec, games: list[dict], seed: int, ridge: float = RIDGE) -> dict:
    """The model's JSON-able dict: fitted on half the games for the held-out R² (on the other half), then on
    all of them."""
    import numpy as np
    train = [g for g in games if not held_out_game(g["g"])]
    test = [g for g in games if held_out_game(g["g"])]
    x_all, y_all = _arrays(games)
    held_out = None
    if train and test:
        xt, yt = _arrays(train)
        xh, yh = _arrays(test)
        b, c = _ridge(xt, yt, ridge)
        held_out = round(_r2(b, np.array(c), xh, yh), 4)
    b, c = _ridge(x_all, y_all, ridge)
    coef = [round(v, DIGITS) for v in c]
    b = round(b, DIGITS)
    # which features carry the signal: |coefficient| × the feature's spread, in margin points
    spread = x_all.std(axis=0)
    weight = {n: round(abs(v) * float(s), 3) for n, v, s in zip(spec.names, coef, spread, strict=True)}
    options = spec.engine.validate_options(dict(spec.options), spec.players)
    return {"version": VERSION, "game": spec.game, "players": spec.players, "options": options, "target": "margin",
            "levels": list(spec.levels), "seed": seed, "games": len(games),
            "positions": int(len(y_all)), "ridge": ridge, "r2_held_out": held_out,
            "r2_train": round(_r2(b, np.array(coef), x_all, y_all), 4),
            "names": list(spec.names), "intercept": b, "coef": coef,
            "signal": dict(sorted(weight.items(), key=lambda kv: -kv[1]))}


def dumps(model: dict) -> str:
    return json.dumps(model, indent=1, sort_keys=False) + "\n"


@dataclass(frozen=True)
class Model:
    """A stored model, evaluated in pure Python."""
    names: tuple[str, ...]
    intercept: float
    coef: tuple[float, ...]
    players: int

    @classmethod
    def load(cls, path: Path | str) -> Model:
        d = json.loads(Path(path).read_text())
        if d.get("version") != VERSION:
            raise ValueError(f"{path}: model version {d.get('version')} (this code reads {VERSION})")
        if len(d["names"]) != len(d["coef"]):
            raise ValueError(f"{path}: {len(d['names'])} names for {len(d['coef'])} coefficients")
        return cls(tuple(d["names"]), float(d["intercept"]), tuple(float(c) for c in d["coef"]), int(d["players"]))

    def value(self, features: list[float]) -> float:
        return self.intercept + sum(c * x for c, x in zip(self.coef, features, strict=True))


def load_specs(target: str) -> dict[int, Spec]:
    """``module:NAME`` -> the game's specs by table size (NAME a dict, or a function that returns one)."""
    module, _, name = target.partition(":")
    found = getattr(importlib.import_module(module), name or "specs")
    return found() if callable(found) else found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", help="module:NAME of the game's {players: Spec} (or a function returning it)")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=47001)
    ap.add_argument("--ridge", type=float, default=RIDGE)
    ap.add_argument("--out", default=None, help="the file written (default: the spec's own, in bots/)")
    ap.add_argument("--data", default=None, help="also write the recorded games here (JSON lines)")
    ap.add_argument("--from-data", default=None, help="fit on games recorded before (--data) instead of playing")
    args = ap.parse_args(argv)
    spec = load_specs(args.specs)[args.players]
    if args.from_data:
        games = [json.loads(line) for line in open(args.from_data)][: args.games]
        return _store(spec, games, args)
    data = open(args.data, "w") if args.data else None

    def progress(game):
        if data:
            data.write(json.dumps(game) + "\n")
            data.flush()
        print(f"game {game['g'] + 1}/{args.games}: {len(game['rows'])} positions", file=sys.stderr, flush=True)

    games = record(spec, args.games, args.seed, progress)
    return _store(spec, games, args)


def _store(spec: Spec, games: list[dict], args) -> int:
    model = fit(spec, games, args.seed, args.ridge)
    out = Path(args.out) if args.out else spec.path
    out.write_text(dumps(model))
    print(json.dumps({k: model[k] for k in ("game", "players", "games", "positions", "r2_held_out", "r2_train",
                                             "signal")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
