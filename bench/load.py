"""Load benchmark: gunicorn on loopback against the real PostgreSQL and Redis.

    .venv/bin/python bench/load.py                      # defaults below
    .venv/bin/python bench/load.py --players 200 --seconds 20 --realistic-seconds 60

What it does:
1. drops and creates its own database (``lacitta_bench``), migrates it, empties Redis db 14;
2. makes ``--players`` users with sessions written straight into the session
   store (cookie ``sessionid``), pairs them, and opens race games between each
   pair (the platform's test game, installed by ``bench/settings.py``: this
   measures the platform, not La Città's rules);
3. starts gunicorn on 127.0.0.1 with ``bench.wsgi`` (the site's URLs plus
   ``/bench/bare``, a Django view that answers "ok" through every middleware);
4. saturation: for each endpoint in turn, ``--concurrency`` clients send
   requests back to back for ``--seconds`` seconds: the bare view, the
   unchanged-version poll (204; every fifth says "still here", as the page does),
   the chat's own unchanged poll (204), the game page, the chat panel the page
   then fetches, a move (htmx POST with the CSRF
   cookie and header taken from the game page, as the browser sends them).
   Throughput is reported as a ratio of the bare view's;
5. realistic: every player opens their game page (and its chat), polls every
   ``--poll-interval`` seconds (the site polls every 4), polls its chat every 5 s, and moves after a
   think time when it is their turn, for ``--realistic-seconds``;
   p50/p95/p99 of each kind of request.

Targets: poll >= 0.5 of bare, move >= 0.2, page >= 0.1; move p95 < 100 ms with
200 players. The client runs on the same machine as the server (2 cores here):
its CPU is taken from the server, so the ratios are the meaningful figures.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common  # noqa: E402
from bench.common import HEADER, Stats, request, submit_move  # noqa: E402


CHAT_POLL_SECONDS = 5.0  # the chat's poll interval on the page


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db", default="lacitta_bench")
    p.add_argument("--players", type=int, default=200)
    p.add_argument("--games-per-pair", type=int, default=12, help="race games each pair can play in turn")
    p.add_argument("--concurrency", type=int, default=16, help="clients in the saturation phase")
    p.add_argument("--seconds", type=float, default=15.0, help="length of each saturation measurement")
    p.add_argument("--realistic-seconds", type=float, default=60.0)
    p.add_argument("--poll-interval", type=float, default=4.0, help="the site polls every 4 s")
    p.add_argument("--think", type=float, default=5.0, help="mean think time before a move (seconds)")
    p.add_argument(
        "--reload-share", type=float, default=0.05, help="share of polls replaced by a full game page load"
    )
    p.add_argument(
        "--ramp",
        type=float,
        default=10.0,
        help="players arrive spread over this many seconds; requests then are not counted",
    )
    p.add_argument("--workers", type=int, default=3)
    p.add_argument("--threads", type=int, default=4)
    p.add_argument("--realistic-only", action="store_true", help="skip the saturation measurements")
    return p.parse_args(argv)


def setup(args, env):
    t = time.perf_counter()
    common.recreate_database(args.db)
    common.flush_redis()
    common.migrate(env)
    common.django_setup(env)
    from django.contrib.auth import get_user_model

    players = common.make_players(args.players)
    tables = common.make_tables(players, args.games_per_pair)
    from django.db import connections

    connections.close_all()
    print(
        f"setup: {len(players)} players, {sum(len(t.games) for t in tables)} race games "
        f"({get_user_model().objects.count()} users) in {time.perf_counter() - t:.1f}s",
        flush=True,
    )
    return players, tables


async def saturate(name, make_call, concurrency, seconds, server=None) -> Stats:
    stats = Stats(name)
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    cpu0 = server.cpu_seconds() if server else 0.0

    async def loop(i):
        while time.perf_counter() < end:
            if await make_call(i, stats) is False:
                return

    await asyncio.gather(*(loop(i) for i in range(concurrency)))
    stats.elapsed = time.perf_counter() - start
    if server:
        stats.server_cpu = server.cpu_seconds() - cpu0
    return stats


async def saturation(args, server, players, tables) -> dict[str, Stats]:
    base = server.base
    async with common.client_session(args.concurrency * 2) as session:
        setup_stats = Stats("csrf")
        for table in tables:
            for p in table.players:
                await common.fetch_csrf(session, base, p, table.game, setup_stats)
        c, s = args.concurrency, args.seconds
        bare_url = f"{base}/bench/bare"

        async def bare(i, st):
            await request(session, st, "GET", bare_url, headers=players[i % len(players)].headers())

        polls = itertools.count()

        async def poll(i, st):
            table = tables[i % len(tables)]
            p = table.players[i % 2]
            here = "&here=1" if next(polls) % 5 == 0 else ""  # as site.js: every fifth poll says "still here"
            await request(
                session,
                st,
                "GET",
                f"{base}/games/{table.game}/poll/?v={table.version}{here}",
                headers=p.headers(),
                expect=(204,),
            )

        async def page(i, st):
            table = tables[i % len(tables)]
            await request(
                session, st, "GET", f"{base}/games/{table.game}/", headers=table.players[i % 2].headers()
            )

        async def chat(i, st):  # what a game page then fetches once (its chat)
            table = tables[i % len(tables)]
            await request(
                session, st, "GET", f"{base}/games/{table.game}/chat/panel/",
                headers=table.players[i % 2].headers(),
            )

        chat_stamps = {}

        async def chat_poll(i, st):  # the chat's own poll, every 5 s on each open page
            table = tables[i % len(tables)]
            url = f"{base}/games/{table.game}/chat/"
            if table.game not in chat_stamps:
                _, body = await request(session, Stats("stamp"), "GET", url, headers=table.players[0].headers())
                chat_stamps[table.game] = common.chat_stamp(body)
            await request(session, st, "GET", f"{url}?s={chat_stamps[table.game]}",
                          headers=table.players[i % 2].headers(), expect=(204,))

        # Moves: client i plays both seats of its own tables, one move after the other.
        mine = {i: [t for j, t in enumerate(tables) if j % c == i] for i in range(c)}

        async def move(i, st):
            live = [t for t in mine[i] if not t.done]
            if not live:
                return False
            await submit_move(session, base, live[0], st)

        results = {}
        # Warm every worker and connection first.
        await saturate("warmup", bare, c, 2.0)
        await saturate("warmup", page, c, 2.0)
        for name, fn in (("bare view", bare), ("poll (204)", poll), ("chat poll (204)", chat_poll),
                         ("game page", page), ("chat panel", chat), ("move", move)):
            results[name] = await saturate(name, fn, c, s, server)
            print(results[name].row(results.get("bare view")), flush=True)
        results["bare view (again)"] = await saturate("bare (again)", bare, c, s, server)
        print(results["bare view (again)"].row(results["bare view"]), flush=True)
        return results


async def realistic(args, base, players, tables) -> dict[str, Stats]:
    counted = {k: Stats(k) for k in ("game page", "chat panel", "poll (204)", "poll (changed)", "chat poll (204)",
                                     "move")}
    ramp = {k: Stats(k) for k in counted}
    start = time.perf_counter()
    measure_from = start + args.ramp
    end = measure_from + args.realistic_seconds
    rng = random.Random(1)

    class Pick(dict):
        def __missing__(self, key):
            return (counted if time.perf_counter() >= measure_from else ramp)[key]

    stats = Pick()

    async with common.client_session(len(players) + 10) as session:

        chats = {}  # (id of the table, seat) -> (game, chat stamp) of the page the player has open

        async def player_loop(table, seat):
            me = table.players[seat]
            await asyncio.sleep(rng.uniform(0, args.ramp))
            seen_game, seen_version = None, None
            while time.perf_counter() < end and not table.done:
                if table.game != seen_game:  # a new game: open its page
                    await request(
                        session,
                        stats["game page"],
                        "GET",
                        f"{base}/games/{table.game}/",
                        headers=me.headers(),
                    )
                    _, body = await request(  # the page then fetches its chat once
                        session,
                        stats["chat panel"],
                        "GET",
                        f"{base}/games/{table.game}/chat/panel/",
                        headers=me.headers(),
                    )
                    chats[(id(table), seat)] = (table.game, common.chat_stamp(body))
                    seen_game, seen_version = table.game, table.version
                    polls = 0
                player, _ = table.next_move()
                if player is me:
                    await asyncio.sleep(rng.expovariate(1 / args.think) if args.think else 0)
                    if time.perf_counter() >= end:
                        break
                    await submit_move(session, base, table, stats["move"])
                    seen_version = table.version
                    continue
                await asyncio.sleep(args.poll_interval * rng.uniform(0.9, 1.1))
                if rng.random() < args.reload_share:  # the player opens the game page again
                    seen_game = None
                    continue
                changed = table.version != seen_version or table.game != seen_game
                version = seen_version if table.game == seen_game else 0
                st = stats["poll (changed)"] if changed else stats["poll (204)"]
                here = "&here=1" if polls % 5 == 0 else ""  # as site.js
                polls += 1
                await request(
                    session,
                    st,
                    "GET",
                    f"{base}/games/{seen_game}/poll/?v={version}{here}",
                    headers=me.headers(),
                    expect=(200, 204, 286),
                )
                seen_version = table.version if table.game == seen_game else seen_version

        async def chat_loop(table, seat):
            """The chat's own poll (every 5 s, templates/community/partials/chat_messages.html)."""
            me = table.players[seat]
            while time.perf_counter() < end and not table.done:
                await asyncio.sleep(CHAT_POLL_SECONDS * rng.uniform(0.9, 1.1))
                if (id(table), seat) not in chats or time.perf_counter() >= end:
                    continue
                game, stamp = chats[(id(table), seat)]
                await request(session, stats["chat poll (204)"], "GET", f"{base}/games/{game}/chat/?s={stamp}",
                              headers=me.headers(), expect=(204,))

        loops = [player_loop(t, s) for t in tables for s in (0, 1)]
        loops += [chat_loop(t, s) for t in tables for s in (0, 1)]
        await asyncio.gather(*loops)
        for st in counted.values():
            st.elapsed = time.perf_counter() - measure_from
    return counted


def main(argv=None):
    args = parse_args(argv)
    env = common.bench_env(args.db)
    players, tables = setup(args, env)
    server = common.Server(env, workers=args.workers, threads=args.threads)
    try:
        server.wait_ready()
        print(
            f"server: {server.describe} on {server.base}; client: aiohttp, one process; "
            f"{os.cpu_count()} cores",
            flush=True,
        )
        if args.realistic_only:
            common.run(saturation_prepare(server.base, tables))
        else:
            run_saturation(args, server, players, tables)

        # Fresh games for the realistic phase: the saturation used some up.
        for t in tables:
            if t.step and not t.done:
                if t.current + 1 < len(t.games):
                    t.current, t.step = t.current + 1, 0
                else:
                    t.done = True
        print(
            f"\n== realistic: {args.players} players arriving over {args.ramp:.0f}s, poll every "
            f"{args.poll_interval}s, think ~{args.think}s, measured {args.realistic_seconds:.0f}s ==\n"
            f"{HEADER}",
            flush=True,
        )
        real = common.run(realistic(args, server.base, players, tables))
        for st in real.values():
            print(st.row())
        p95 = real["move"].pct(95)
        print(
            f"move p95 with {args.players} players: {p95:.1f} ms (target < 100 ms): "
            f"{'met' if p95 < 100 else 'NOT met'}"
        )
    finally:
        server.stop()


async def saturation_prepare(base, tables):
    async with common.client_session(8) as session:
        for t in tables:
            for p in t.players:
                await common.fetch_csrf(session, base, p, t.game, Stats("csrf"))


def run_saturation(args, server, players, tables):
    print(
        f"\n== saturation: {args.concurrency} clients, {args.seconds:.0f}s per endpoint ==\n{HEADER}",
        flush=True,
    )
    sat = common.run(saturation(args, server, players, tables))
    bare = Stats("bare")
    bare.times = sat["bare view"].times + sat["bare view (again)"].times
    bare.elapsed = sat["bare view"].elapsed + sat["bare view (again)"].elapsed
    bare.server_cpu = sat["bare view"].server_cpu + sat["bare view (again)"].server_cpu
    targets = {"poll (204)": 0.5, "move": 0.2, "game page": 0.1}
    print(f"bare view over both runs: {bare.rps:.1f} req/s, {bare.cpu_ms:.2f} ms of server CPU per request")
    for k, target in targets.items():
        r, rc = sat[k].rps / bare.rps, bare.cpu_ms / sat[k].cpu_ms
        print(
            f"  {k:<12} throughput {r:5.2f} of bare, server CPU {rc:5.2f} of bare (target >= {target}): "
            f"{'met' if r >= target else 'NOT met'}"
        )


if __name__ == "__main__":
    main()
