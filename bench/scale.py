"""Scale benchmark: 100,000 games in PostgreSQL; the deadline sweep, "my games"
and the cost of a game page / poll / move at move 10 and at move 1,000.

    .venv/bin/python bench/scale.py                       # 100,000 games (about 3 minutes)
    .venv/bin/python bench/scale.py --games 20000 --explain

1. drops and creates its own database (``lacitta_scale``), migrates it (Redis db 14
   is the broker, so tasks the sweep queues are published, not run here);
2. bulk-inserts ``--users`` users and ``--games`` games: 8% open (created in the
   last 13 days, so none is due to expire), 25% active (one seat owes a move,
   with a deadline 1 hour to 5 days ahead and a reminder before it), 60%
   finished, 4% cancelled, 3% aborted; 2 to 5 seats each, 15% of seats bots;
   La Città beginner snapshots (5-6 KB, as the engine makes them). One user,
   ``heavy``, plays in ``--heavy-games`` of them (10% active, 3% open, the rest over);
3. times (median of ``--repeat`` runs, in this process, against PostgreSQL):
   - ``sweep_clocks()`` with nothing due, then with ``--due`` seats past their deadline;
   - ``selectors.games_of(heavy)`` and the rendered "my games" page (Django test client);
   - a game page, an unchanged poll and a move of a long game at move 10 and at
     move 1,000 (the "marathon" test engine of tests/platform/test_query_counts.py,
     moves written in bulk as a long game leaves them);
4. with ``--explain``, prints the query plans of the sweep's and "my games"' queries.

Each timing is reported against the 100 ms target."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import UTC, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common

TARGET_MS = 100.0


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db", default="lacitta_scale")
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--users", type=int, default=20_000)
    p.add_argument("--heavy-games", type=int, default=1_500)
    p.add_argument("--due", type=int, default=100, help="seats past their deadline in the second sweep")
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--explain", action="store_true")
    p.add_argument("--skip-fill", action="store_true", help="reuse the database of the last run")
    return p.parse_args(argv)


def timed(fn, repeat: int) -> tuple[float, float]:
    """Median and max of ``repeat`` runs, in ms."""
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t) * 1000)
    return statistics.median(runs), max(runs)


class capture:
    """Count the SQL statements run inside the block (through the connection's execute wrapper)."""

    def __enter__(self):
        from django.db import connection

        self.statements = []
        self._cm = connection.execute_wrapper(self._record)
        self._cm.__enter__()
        return self

    def _record(self, execute, sql, params, many, context):
        self.statements.append(sql)
        return execute(sql, params, many, context)

    def __exit__(self, *exc):
        self._cm.__exit__(*exc)

    def __len__(self):
        return len(self.statements)


def line(label: str, median: float, worst: float, queries=None) -> str:
    counted = f", {len(queries)} statements" if queries is not None else ""
    return f"{label:<23} median {median:7.1f} ms, max {worst:7.1f} ms{counted}  -> {verdict(median)}"


def verdict(ms: float) -> str:
    return "under 100 ms" if ms < TARGET_MS else "OVER 100 ms"


# --- filling -------------------------------------------------------------------------------------------


def fill(args) -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import connection, transaction

    from play import registry
    from play.models import Game, Seat
    from play.registry import SEAT_COLOURS

    rng = random.Random(7)
    User = get_user_model()
    t0 = time.perf_counter()
    password = make_password("scale-password")
    User.objects.bulk_create(
        [
            User(username=f"u{i:06d}", email=f"u{i:06d}@scale.invalid", password=password)
            for i in range(args.users)
        ],
        batch_size=5000,
    )
    heavy = User.objects.create_user("heavy", "heavy@scale.invalid", "scale-password")
    user_ids = list(User.objects.exclude(pk=heavy.pk).values_list("pk", flat=True))
    print(f"  {args.users + 1} users in {time.perf_counter() - t0:.1f}s", flush=True)

    engine = registry.get("lacitta")
    snapshots = {
        n: [engine.dump(engine.new_game(engine.validate_options({}, n), n, seed).state) for seed in range(8)]
        for n in range(2, 6)
    }
    options = {n: engine.validate_options({}, n) for n in range(2, 6)}

    mix = [("open", 0.08), ("active", 0.25), ("finished", 0.60), ("cancelled", 0.04), ("aborted", 0.03)]
    heavy_mix = [("open", 0.03), ("active", 0.10), ("finished", 0.86), ("aborted", 0.01)]

    def pick(weights):
        x, acc = rng.random(), 0.0
        for status, w in weights:
            acc += w
            if x < acc:
                return status
        return weights[-1][0]

    now = time.time()
    batch = 5000
    made = 0
    t0 = time.perf_counter()
    while made < args.games:
        size = min(batch, args.games - made)
        games, plans = [], []
        for k in range(size):
            i = made + k
            with_heavy = i < args.heavy_games
            status = pick(heavy_mix if with_heavy else mix)
            n = rng.randint(2, 5)
            state = rng.choice(snapshots[n]) if status in ("active", "finished", "aborted") else None
            g = Game(
                game_type="lacitta",
                options=options[n],
                status=status,
                state=state,
                version=rng.randint(1, 400) if state else 0,
                result={
                    "scores": [rng.randint(20, 90) for _ in range(n)],
                    "ranks": list(range(1, n + 1)),
                    "details": [{} for _ in range(n)],
                    "tiebreak": None,
                    "left": [],
                }
                if status == "finished"
                else None,
            )
            games.append(g)
            plans.append((status, n, with_heavy))
        with transaction.atomic():
            Game.objects.bulk_create(games)
            seats = []
            for g, (status, n, with_heavy) in zip(games, plans):
                heavy_index = rng.randrange(n) if with_heavy else -1
                if status == "open" and with_heavy:
                    heavy_index = 0
                owing = rng.randrange(n) if status == "active" else -1
                players = rng.sample(user_ids, n)
                for index in range(n):
                    seat = Seat(game=g, index=index, colour=SEAT_COLOURS[index], bank_seconds=3 * 86400)
                    if status == "open" and index > 0 and rng.random() < 0.7:
                        seat.kind = Seat.Kind.OPEN if rng.random() < 0.8 else Seat.Kind.INVITED
                        seat.user_id = players[index] if seat.kind == Seat.Kind.INVITED else None
                    elif index != heavy_index and index != owing and rng.random() < 0.15:
                        seat.kind, seat.bot_level = Seat.Kind.BOT, "random"
                    else:
                        seat.kind = Seat.Kind.HUMAN
                        seat.user_id = heavy.pk if index == heavy_index else players[index]
                    if index == owing and seat.kind == Seat.Kind.HUMAN:
                        ahead = rng.uniform(3600, 5 * 86400)
                        seat.owes_move = True
                        seat.owes_since = _ts(now - rng.uniform(0, 2 * 86400))
                        seat.deadline = _ts(now + ahead)
                        seat.reminder_at = _ts(now + rng.uniform(1800, ahead))
                    seats.append(seat)
            Seat.objects.bulk_create(seats, batch_size=5000)
        made += size
        print(f"  {made} games in {time.perf_counter() - t0:.1f}s", flush=True)

    with connection.cursor() as c:  # spread the dates (auto_now fields were set at insert time)
        c.execute("""UPDATE games_game SET created_at = now() - random() * interval '13 days',
                     updated_at = now() - random() * interval '2 days' WHERE status = 'open'""")
        c.execute("""UPDATE games_game
                     SET created_at = now() - interval '20 days' - random() * interval '300 days'
                     WHERE status <> 'open'""")
        c.execute("""UPDATE games_game SET started_at = created_at + interval '1 day',
                     updated_at = now() - random() * interval '2 days' WHERE status = 'active'""")
        c.execute("""UPDATE games_game SET started_at = created_at + interval '1 day',
                     finished_at = created_at + interval '15 days' + random() * interval '30 days',
                     updated_at = created_at + interval '46 days'
                     WHERE status IN ('finished', 'aborted', 'cancelled')""")
        c.execute("ANALYZE games_game")
        c.execute("ANALYZE games_seat")
    print(
        f"  filled in {time.perf_counter() - t0:.1f}s: "
        + ", ".join(f"{s} {Game.objects.filter(status=s).count()}" for s, _ in mix)
        + f"; {Seat.objects.count()} seats",
        flush=True,
    )


def _ts(epoch: float):
    from datetime import datetime

    return datetime.fromtimestamp(epoch, tz=UTC)


# --- measuring -----------------------------------------------------------------------------------------


def measure_sweep(args) -> None:
    from django.utils import timezone

    from play.models import Seat
    from play.tasks import TIMEOUT_GAMES_PER_TASK, sweep_clocks, time_out_games

    print("\n== deadline sweep (play.tasks.sweep_clocks) ==")
    first = sweep_clocks()
    if any(first.values()):  # --skip-fill: what the last run left (its bots never played: no worker)
        print(f"(first sweep handled what was left from the last run: {first})")
    with capture() as q:
        sweep_clocks()
    median, worst = timed(sweep_clocks, args.repeat)
    print(line("nothing due:", median, worst, q))

    late = list(
        Seat.objects.filter(owes_move=True, game__status="active", kind="human", substitute_bot="")
        .exclude(user__username="heavy")
        .order_by("?")
        .values_list("pk", flat=True)[: args.due]
    )
    Seat.objects.filter(pk__in=late).update(deadline=timezone.now() - timedelta(minutes=1))
    due_games = sorted(set(Seat.objects.filter(pk__in=late).values_list("game_id", flat=True)))
    time_out_games.delay([])  # a worker's broker connection is open already: open this one too
    with capture() as q:
        t = time.perf_counter()
        counts = sweep_clocks()
        ms = (time.perf_counter() - t) * 1000
    print(
        f"{args.due} seats due:          {ms:7.1f} ms to queue {counts['timeouts']} games for time-out "
        f"({len(q)} statements)  -> {verdict(ms)}"
    )
    # What the workers then do, a task per batch of games (run here, one after the other).
    size = TIMEOUT_GAMES_PER_TASK
    batches = [due_games[i:i + size] for i in range(0, len(due_games), size)]
    with capture() as q:
        t = time.perf_counter()
        applied = sum(time_out_games.apply(args=(batch,)).get() for batch in batches)
        ms = (time.perf_counter() - t) * 1000
    print(
        f"  then {len(batches)} time_out_games tasks: {ms:7.1f} ms for {applied} time-outs "
        f"({ms / max(applied, 1):.1f} ms each, {len(q)} statements; spread over the workers)"
    )
    median, worst = timed(sweep_clocks, args.repeat)
    print(f"nothing due again:      median {median:7.1f} ms, max {worst:7.1f} ms  -> {verdict(median)}")
    # Put the seats back as they were (no worker runs the bot turns here): a later --skip-fill run
    # must find nothing due.
    Seat.objects.filter(pk__in=late).update(substitute_bot="", deadline=timezone.now() + timedelta(days=1))


def measure_my_games(args) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from play import selectors

    heavy = get_user_model().objects.get(username="heavy")
    mine = selectors.games_of(heavy)
    print(
        f'\n== "my games" of a user in {heavy.seats.count()} games: {len(mine.my_turn)} my turn, '
        f"{len(mine.their_turn)} their turn, {len(mine.waiting)} waiting, "
        f"{len(mine.finished)} finished shown =="
    )

    def select():
        m = selectors.games_of(heavy)
        for group in (m.my_turn, m.their_turn, m.waiting, m.finished):
            for g in group:
                list(g.seats.all())

    with capture() as q:
        select()
    median, worst = timed(select, args.repeat)
    print(line("selectors.games_of:", median, worst, q))
    client = Client()
    client.force_login(heavy)
    assert client.get("/games/mine/").status_code == 200
    with capture() as q:
        client.get("/games/mine/")
    median, worst = timed(lambda: client.get("/games/mine/"), args.repeat)
    print(line("GET /games/mine/:", median, worst, q))
    median, worst = timed(lambda: client.get("/"), args.repeat)
    print(f"GET / (lobby + mine):   median {median:7.1f} ms, max {worst:7.1f} ms  -> {verdict(median)}")


def measure_long_game(args) -> None:
    import json

    from django.test import Client

    from play import registry, services
    from play.models import Game
    from play.services import SeatSpec
    from tests.platform import test_query_counts as tq

    registry.register(tq.MARATHON)
    from django.contrib.auth import get_user_model

    User = get_user_model()
    tag = f"{time.time():.0f}"
    a = User.objects.create_user(f"runner_a{tag}", f"a{tag}@scale.invalid", "x")
    b = User.objects.create_user(f"runner_b{tag}", f"b{tag}@scale.invalid", "x")
    game = services.game_create(
        creator=a,
        game_type="marathon",
        options={},
        seats=[SeatSpec("me"), SeatSpec("invite", username=b.username)],
    )
    services.game_join(game_id=game.pk, user=b)
    client = Client()
    client.force_login(a)
    print("\n== one long game: the same requests at move 10 and at move 1,000 (ms, median) ==")
    print(f"{'at move':>8} {'page':>8} {'poll':>8} {'move':>8}   queries page/poll/move")

    def at(until):
        tq._fast_forward(game.pk, until)
        g = Game.objects.get(pk=game.pk)
        assert g.state["turn"] == 0
        page = timed(lambda: client.get(f"/games/{game.pk}/"), args.repeat)[0]
        poll = timed(lambda: client.get(f"/games/{game.pk}/poll/", {"v": g.version}), args.repeat * 5)[0]
        with capture() as qp:
            client.get(f"/games/{game.pk}/")
        with capture() as qv:
            client.get(f"/games/{game.pk}/poll/", {"v": g.version})
        moves = []
        for _ in range(args.repeat):  # a's move, then b's through the service (not timed)
            g = Game.objects.get(pk=game.pk)
            body = {"version": str(g.version), "move": json.dumps({"type": "step", "n": 1})}
            with capture() as qm:
                t = time.perf_counter()
                r = client.post(f"/games/{game.pk}/move/", body, HTTP_HX_REQUEST="true")
                moves.append((time.perf_counter() - t) * 1000)
            assert r.status_code == 200, r.status_code
            services.move_apply(
                game_id=game.pk, user=b, move={"type": "step", "n": 1}, expected_version=g.version + 1
            )
        print(
            f"{until:>8} {page:8.1f} {poll:8.2f} {statistics.median(moves):8.1f}   "
            f"{len(qp)}/{len(qv)}/{len(qm)}"
        )
        return Game.objects.get(pk=game.pk).version

    at(9)
    at(999)


def explain(args) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from play import due, selectors, tasks

    now = timezone.now()
    heavy = get_user_model().objects.get(username="heavy")
    # The very querysets the site runs (play.due for the sweep, selectors for "my games").
    queries = {
        "sweep: late games": due.late_games(now)[: tasks.SWEEP_MAX_TIMEOUTS],
        "sweep: bot seats owing a move": due.bot_seats_owing()[:5000],
        # (a made-up id when no bot owes a move: the plan of an empty IN list is no plan)
        "sweep: lost bot turns": due.lost_bot_turns(set(due.bot_seats_owing()[:5000]) or {0}, now)[:500],
        "sweep: reminders": due.reminders_due(now).values_list("game_id", flat=True)[:1000],
        "sweep: expired open games": due.expired_open_games(now)[:1000],
    }
    mine = selectors.my_games_queries(heavy)
    queries["my games: seats in running and waiting games"] = mine["seats in running and waiting games"]
    queries["my games: finished"] = mine["finished"][:20]
    for name, qs in queries.items():
        sql, params = (qs, None) if isinstance(qs, str) else qs.query.sql_with_params()
        with connection.cursor() as c:
            c.execute("EXPLAIN (ANALYZE, BUFFERS OFF) " + sql, params)
            plan = [r[0] for r in c.fetchall()]
        print(f"\n-- {name}\n" + "\n".join(plan))


def main(argv=None):
    args = parse_args(argv)
    env = common.bench_env(args.db)
    env["ALLOWED_HOSTS"] += ",testserver"  # the pages are requested through Django's test client
    if not args.skip_fill:
        common.recreate_database(args.db)
        common.flush_redis()
        print(f"migrated in {common.migrate(env):.1f}s", flush=True)
    common.django_setup(env)
    if not args.skip_fill:
        print(f"filling {args.games} games:", flush=True)
        fill(args)
    measure_sweep(args)
    measure_my_games(args)
    measure_long_game(args)
    if args.explain:
        explain(args)
    common.flush_redis()  # the bot turns the sweep queued: nobody will run them


if __name__ == "__main__":
    main()
