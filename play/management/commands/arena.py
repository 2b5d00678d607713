"""Bot-only games straight on the engine (no database), for measuring bot levels.

    python manage.py arena --game SLUG --players 4 --seats expert,greedy,greedy,greedy \
        --games 100 --seed 1 [--option key=value …] [--jobs 2]

Any registered game (``--game``); ``--option key=value`` (repeatable) sets any option the
game's engine declares; the levels are ``random`` and those of the game's definition.

The games themselves are ``kit.arena`` (seats rotated every game, a reproducible
seed per game, bots seeing only their seat's view and legal moves, as on the site).

Prints one line per game (with --verbosity 2), then per level: win rate (wins / seats
played; a shared win counts as a win for every winner) and mean score, and finally one
JSON line: games, players, options, seats, seed, per-level {wins, win_rate, ci95 (Wilson
95 % interval of the win rate), mean_score, games, move_ms and cpu_ms {median, p95, max,
moves}}, shared_wins and seconds. Move times are wall-clock per bot decision, CPU times what
the decision cost the process; forced moves are played by the engine and never timed.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from kit import arena
from play import registry
from play.bots import choosers_for


def parse_options(pairs: list[str]) -> dict:
    """``["pile=21", "last=loses"]`` -> dict; CommandError for a malformed pair."""
    out = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise CommandError(f"--option takes key=value (got {pair!r})")
        out[key.strip()] = value.strip()
    return out


def run_arena(game: str, seats: list[str], games: int, seed: int, options: dict | None = None, jobs: int = 1,
              on_game=None) -> dict:
    """``kit.arena.run`` on a registered game and its levels (the command's JSON line)."""
    try:
        return arena.run(registry.get(game), choosers_for(game), seats, games, seed, options, jobs, on_game)
    except arena.IllegalChoice as exc:
        raise CommandError(str(exc)) from None
    except ValueError as exc:  # an unknown level, options the engine refuses
        raise CommandError(str(exc)) from None


class Command(BaseCommand):
    help = "Play bot-only games on the engine (no database) and report each level's wins, scores and move times."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="A registered game's slug.")
        parser.add_argument("--players", type=int, default=None, help="Number of seats (default: len(--seats)).")
        parser.add_argument("--seats", required=True, help="Comma-separated levels, one per seat, e.g. greedy,random.")
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="Any option of the game's engine, e.g. --option pile=21 (repeatable).")
        parser.add_argument("--jobs", type=int, default=1, help="Games played in parallel processes.")

    def handle(self, *args, **opts):
        seats = [s.strip() for s in opts["seats"].split(",") if s.strip()]
        players = opts["players"] or len(seats)
        if len(seats) != players:
            raise CommandError(f"--seats names {len(seats)} level(s) for {players} players")
        try:
            engine = registry.get(opts["game"])
        except KeyError as exc:
            raise CommandError(str(exc)) from None
        options = parse_options(opts["option"])  # unknown names: refused by validate_options
        try:
            options = engine.validate_options(options, players)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1")

        verbose = opts["verbosity"] >= 2

        def on_game(r):
            if verbose:
                self.stdout.write(f"game {r['index']}: " + ", ".join(
                    f"{lvl} {sc}{' (won)' if rk == 1 else ''}"
                    for lvl, sc, rk in zip(r["levels"], r["scores"], r["ranks"])))
                self.stdout.flush()  # a long run read while it goes (or cut short) keeps every game

        summary = run_arena(opts["game"], seats, opts["games"], opts["seed"], options, opts["jobs"], on_game)
        self.stdout.write(
            f"{summary['games']} games of {opts['game']} ({', '.join(f'{k}={v}' for k, v in options.items())}), "
            f"{players} players, seats rotated every game; {summary['seconds']} s")
        self.stdout.write("win rate = wins / seats played; a shared win counts as a win for each winner "
                          f"({summary['shared_wins']} shared)")
        for lvl, d in summary["levels"].items():
            ms = d["move_ms"]
            self.stdout.write(
                f"  {lvl:>8}: win rate {100 * d['win_rate']:.1f}% ({d['wins']}/{d['games']}; 95% "
                f"{100 * d['ci95'][0]:.1f}–{100 * d['ci95'][1]:.1f}%), "
                f"mean score {d['mean_score']:.2f}, move ms median {ms['median']} p95 {ms['p95']} max {ms['max']} "
                f"(CPU median {d['cpu_ms']['median']})")
        self.stdout.write(json.dumps(summary))
