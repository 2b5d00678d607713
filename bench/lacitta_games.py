"""La Città games for the load benchmark: 4-player games (new edition, Pays de
Cocagne, advanced setup) between simulated players, each game advanced to a
different point, and the moves its players will make, worked out in advance.

The engine is deterministic (its randomness is a seeded generator kept in the
state), so the moves are chosen here, before the server starts, by replaying the
engine on each game's stored snapshot: the server then applies exactly these
moves to exactly these states. Each move comes with the steps a player clicks
through to make it (the ``?m=`` links of the move builder, as the page offers
them), so a simulated player asks the server for every step, as a person does.

Needs Django set up (``common.django_setup``)."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field

from bench.common import Player

OPTIONS = {"edition": "modern", "expansion": "cocagne", "setup": "advanced"}
SEATS = 4


@dataclass
class ScriptedMove:
    seat: int
    move_json: str
    steps: list[str]  # the ?m= values clicked before the move's confirmation


@dataclass
class LcGame:
    """One game and its four players (by seat), with the moves still to play."""

    id: int
    players: list[Player]
    version: int
    script: list[ScriptedMove] = field(default_factory=list)
    next: int = 0  # index in script of the next move
    chat_stamp: dict[int, str] = field(default_factory=dict)  # per seat, the stamp its chat polls with

    @property
    def to_move(self) -> ScriptedMove | None:
        return self.script[self.next] if self.next < len(self.script) else None

    def advance(self) -> None:
        self.next += 1
        self.version += 1


def create_games(players: list[Player], *, advance: int, kinds: int = 25, seed: int = 1) -> list[LcGame]:
    """Games of four players each (players in order). ``kinds`` of them are played through
    the site's own services (created, joined, advanced by 0..``advance`` random legal moves,
    so seats, clocks and the log are as a real game's); the others are copies of those rows
    (game, seats, moves) with other players in the seats: each page is still a game of its
    own, and the setup takes minutes instead of an hour on a busy machine."""
    from django.contrib.auth import get_user_model

    from play import registry, services
    from play.models import Game, Move, Seat, new_invite_token
    from play.services import SeatSpec

    engine = registry.get("lacitta")
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=[p.user_id for p in players])}
    rng = random.Random(seed)
    fours = [players[i:i + SEATS] for i in range(0, len(players) - SEATS + 1, SEATS)]
    played = []
    t, moves = time.perf_counter(), 0
    for four in fours[:kinds]:
        seated = [users[p.user_id] for p in four]
        game = services.game_create(creator=seated[0], game_type="lacitta", options=dict(OPTIONS),
                                    seats=[SeatSpec("me")] + [SeatSpec("open") for _ in range(SEATS - 1)])
        for user in seated[1:]:
            services.game_join(game_id=game.pk, user=user)
        game = Game.objects.get(pk=game.pk)
        by_seat = dict(game.seats.values_list("index", "user_id"))
        four[:] = [next(p for p in four if p.user_id == by_seat[i]) for i in range(SEATS)]
        seated = [users[p.user_id] for p in four]
        for _ in range(rng.randint(0, advance)):
            state = engine.load(game.state)
            pending = sorted(engine.pending(state))
            if not pending:
                break
            seat = rng.choice(pending)
            move = rng.choice(engine.legal_moves(state, seat))
            game = services.move_apply(game_id=game.pk, user=seated[seat], move=move,
                                       expected_version=game.version)
            moves += 1
        played.append(game)
    print(f"  {len(played)} games played through the services ({moves} moves) in {time.perf_counter() - t:.0f}s",
          flush=True)
    games = [LcGame(g.pk, four, g.version) for g, four in zip(played, fours)]
    for n, four in enumerate(fours[kinds:]):
        model = played[n % len(played)]
        games.append(LcGame(_copy(model, [p.user_id for p in four], Game, Seat, Move, new_invite_token).pk, four,
                            model.version))
    print(f"  {len(games) - len(played)} copies in {time.perf_counter() - t:.0f}s", flush=True)
    return games


def _copy(model, user_ids: list[int], Game, Seat, Move, new_invite_token):
    """The game ``model`` again, seat i held by ``user_ids[i]`` (its moves made by them)."""
    from django.db import transaction

    old_users = dict(model.seats.values_list("user_id", "index"))
    with transaction.atomic():
        game = Game.objects.get(pk=model.pk)
        game.pk, game.invite_token, game.created_by_id = None, new_invite_token(), user_ids[0]
        game.save(force_insert=True)
        seats = list(Seat.objects.filter(game_id=model.pk))
        for seat in seats:
            seat.pk, seat.game_id, seat.user_id = None, game.pk, user_ids[seat.index]
        Seat.objects.bulk_create(seats)
        rows = list(Move.objects.filter(game_id=model.pk))
        for row in rows:
            row.pk, row.game_id = None, game.pk
            if row.by_user_id in old_users:
                row.by_user_id = user_ids[old_users[row.by_user_id]]
        Move.objects.bulk_create(rows, batch_size=500)
    return game


def write_scripts(games: list[LcGame], moves: int, *, seed: int = 2) -> None:
    """The next ``moves`` moves of each game from its stored snapshot (random legal moves),
    with the builder steps of each."""
    from play import registry
    from play.models import Game
    from play.move_builder import encode

    engine = registry.get("lacitta")
    stored = dict(Game.objects.filter(pk__in=[g.id for g in games]).values_list("pk", "state"))
    versions = dict(Game.objects.filter(pk__in=[g.id for g in games]).values_list("pk", "version"))
    rng = random.Random(seed)
    worked_out: dict[str, list[ScriptedMove]] = {}  # copies of a game share its moves
    for game in games:
        game.version, game.next = versions[game.id], 0
        key = json.dumps(stored[game.id], sort_keys=True)
        if key in worked_out:
            game.script = worked_out[key]
            continue
        game.script = worked_out[key] = []
        state = engine.load(stored[game.id])
        for _ in range(moves):
            pending = sorted(engine.pending(state))
            if not pending:
                break
            seat = rng.choice(pending)
            legal = engine.legal_moves(state, seat)
            move = rng.choice(legal)
            game.script.append(ScriptedMove(seat, encode(move), builder_steps(legal, move)))
            state = engine.apply(state, seat, move).state


def builder_steps(legal: list[dict], move: dict) -> list[str]:
    """The ``?m=`` values a player follows on the page to reach ``move``'s confirmation."""
    from games.lacitta.page import FIELD_ORDER, WHOLE_KEYS
    from play import move_builder

    steps, partial = [], {}
    for _ in range(20):
        built = move_builder.build(legal, partial, FIELD_ORDER, WHOLE_KEYS)
        if built.move is not None:
            return steps
        options = list(built.step.options) + ([built.step.can_stop] if built.step.can_stop else [])
        for option in options:
            after = move_builder.build(legal, option.partial, FIELD_ORDER, WHOLE_KEYS)
            kept = all(after.partial.get(k) == v for k, v in option.partial.items())  # not started again
            if kept and move in after.remaining:
                partial = option.partial
                steps.append(option.query)
                break
        else:
            raise RuntimeError(f"no step of the builder leads to {move}")
    raise RuntimeError(f"the builder did not reach {move}")
