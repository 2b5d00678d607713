"""Issue 44's measurements on several machines (network namespaces, as tests/deploy/test_multihost.py builds them):

    sudo nice -n 19 .venv/bin/python bench/multihost.py                 # ~7 min on the 2-core machine
    sudo .venv/bin/python bench/multihost.py --players 12 --window 45 --cut 60
    sudo nice -n 19 .venv/bin/python bench/multihost.py --only reload --reloads 3

Hosts: a data host (its own PostgreSQL and Redis), two web hosts (gunicorn, WEB_CONCURRENCY=2, + the stream
process), two worker hosts (bot workers, CELERY_CONCURRENCY=2; the mailer and beat on the first), nginx from
`deploy/site nginx-conf` on a balancer host, the players on a client host. `--players` scripted players play La Città
(and one in five Cité) against bots through the balancer with no pause between requests: the same load in each
phase.

1. throughput, `--window` seconds each after a few seconds' warm-up: two web hosts and two worker hosts; one web
   host (nginx's configuration made again with one, reloaded); two web hosts and one worker host (the second
   worker stopped). Requests, pages (game pages, new-game pages, "my games") and accepted moves per second, and
   the ratios: 2-vs-1 web hosts, 2-vs-1 worker hosts;
2. the reload dip: every request on one web host (nginx with it alone); answers per second from the signal until
   every new worker is ready, as a share of the mean of the 10 s before and the 10 s after: `--reloads` times
   `deploy/site reload` (workers rolled one at a time), then as many plain SIGHUPs to its gunicorn (every worker
   at once, the way before issue 44.7), with the lowest second of each;
3. the worker host cut off: one worker host, its link down `--cut` seconds; seconds from link-up to the first bot
   move, and the longest move request from the cut on (DB_LOCK_TIMEOUT_MS is 5 s), 503 'game busy' answers;
4. verify_games over every game played.

Needs root (ip netns), nginx, PostgreSQL's server binaries and redis-server. Run on demand, never in CI. All
figures depend on the machine: everything, load generator included, shares its cores."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.deploy.cluster import Cluster, Player, wait
from tests.deploy.hosts import can_make_namespaces
from tests.deploy.site import ROOT

PAGES = "page"


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--window", type=float, default=30.0, help="seconds of each throughput measurement")
    p.add_argument("--cut", type=float, default=60.0, help="seconds the worker host's link is down")
    p.add_argument("--reloads", type=int, default=3, help="reloads of each kind in the reload dip")
    p.add_argument("--only", choices=("throughput", "reload", "cut"), help="one phase only")
    return p.parse_args(argv)


def counts(players: list[Player], start: float, end: float) -> dict[str, float]:
    seconds = end - start
    rows = [(t, kind, status) for p in players for t, kind, status in list(p.log) if start <= t < end]
    return {"requests/s": len(rows) / seconds,
            "pages/s": sum(kind == PAGES for _, kind, _ in rows) / seconds,
            "moves/s": sum(kind == "move" and status == 200 for _, kind, status in rows) / seconds,
            "errors": sum(len(p.failures) for p in players)}


def measure(players, name: str, window: float, warm: float = 5.0) -> dict[str, float]:
    time.sleep(warm)
    start = time.monotonic()
    time.sleep(window)
    row = counts(players, start, time.monotonic())
    print(f"{name:<34} " + "  ".join(f"{k} {v:7.1f}" for k, v in row.items()), flush=True)
    return row


def per_second(players, start: float, end: float) -> float:
    return sum(start <= t < end for p in players for t, _, _ in list(p.log)) / (end - start)


def master_of(cluster: Cluster, host: str) -> int:
    return int((cluster.tmp / f"web-{host}.pid").read_text())


def workers_of(master: int) -> set[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True).stdout
    return {int(pid) for pid in out.split()}


def all_replaced(cluster: Cluster, master: int, old: set[int], count: int) -> bool:
    now = workers_of(master)
    marks = {int(name) for name in os.listdir(cluster.tmp / "web-web1.pid.ready")}
    return len(now) == count and not (now & old) and now <= marks


def reload_dip(cluster: Cluster, players, repeats: int) -> None:
    """Answers per second while web1's workers are replaced (from the signal until every new worker is ready),
    as a share of the mean of the 10 s before and the 10 s after: rolled (deploy/site reload), then by SIGHUP."""
    cluster.reload_nginx(["web1"])
    time.sleep(8)
    master = master_of(cluster, "web1")
    count = len(workers_of(master))
    for how in ("rolled", "SIGHUP"):
        for _ in range(repeats):
            old = workers_of(master)
            start = time.monotonic()
            if how == "rolled":
                done = cluster.deploy_site("web1", "reload", timeout=600)
                assert done.returncode == 0 and "one at a time" in done.stdout, done.stdout + done.stderr
            else:
                os.kill(master, signal.SIGHUP)
            wait(lambda old=old: all_replaced(cluster, master, old, count), 300, "the new workers", step=0.1)
            end = time.monotonic()
            time.sleep(10.5)
            before, after = per_second(players, start - 10, start), per_second(players, end, end + 10)
            during = per_second(players, start, end)
            lowest = min(per_second(players, t, t + 1) for t in range(int(start), max(int(end) - 1, int(start) + 1)))
            print(f"{how:<7} {end - start:5.1f} s: {during:5.1f} answers/s against {before:5.1f} before and "
                  f"{after:5.1f} after: {during / ((before + after) / 2):4.0%} kept; lowest second "
                  f"{lowest:5.1f}", flush=True)
    cluster.reload_nginx(cluster.web_hosts)


def main(argv=None):
    args = parse_args(argv)
    why_not = can_make_namespaces()
    if why_not:
        raise SystemExit(why_not)
    tmp = Path(tempfile.mkdtemp(prefix="bench-multihost-"))
    cluster = Cluster(tmp, web=2, workers=2)
    stop = threading.Event()
    players: list[Player] = []
    try:
        started = time.monotonic()
        cluster.start()
        print(f"7 hosts up in {time.monotonic() - started:.0f} s ({os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.1f}); {args.players} players, no pause between requests", flush=True)
        names = [f"player{i}" for i in range(args.players)]
        cluster.make_players(names)
        players = [Player(cluster, name, "cite" if i % 5 == 4 else "lacitta", stop, pace=0)
                   for i, name in enumerate(names)]
        for player in players:
            player.start()
        wait(lambda: sum(len(p.moved) for p in players) >= args.players, 120, "the players moving")

        if args.only in (None, "throughput"):
            throughput(cluster, players, args.window)
        if args.only in (None, "reload"):
            print("\n== reload dip (all requests on web1) ==", flush=True)
            reload_dip(cluster, players, args.reloads)
        if args.only in (None, "cut"):
            cut(cluster, players, args.cut)
        time.sleep(5)
        stop.set()
        for player in players:
            player.join(60)
        failures = [f for p in players for f in p.failures]
        print(f"\nfailed requests: {len(failures)} {failures[:5]}")
        verified = cluster.verify_games().strip().splitlines()
        print(f"verify_games: {verified[-1] if verified else '(nothing)'}")
    finally:
        stop.set()
        cluster.close()
        print(f"logs in {tmp} ({ROOT})")


def throughput(cluster: Cluster, players, window: float) -> None:
    print("\n== throughput ==", flush=True)
    both = measure(players, "2 web hosts, 2 worker hosts", window)
    cluster.reload_nginx(["web1"])
    one_web = measure(players, "1 web host, 2 worker hosts", window)
    cluster.reload_nginx(cluster.web_hosts)
    cluster.site.stop(cluster.processes.pop("worker-worker2"))
    one_worker = measure(players, "2 web hosts, 1 worker host", window)
    for key in ("requests/s", "pages/s", "moves/s"):
        print(f"  {key:<11} 2 vs 1 web hosts: {both[key] / max(one_web[key], 1e-9):.2f}x;  "
              f"2 vs 1 worker hosts: {both[key] / max(one_worker[key], 1e-9):.2f}x", flush=True)


def cut(cluster: Cluster, players, seconds: float) -> None:
    if "worker-worker2" in cluster.processes:  # one worker host: the cut one
        cluster.site.stop(cluster.processes.pop("worker-worker2"))
    print(f"\n== the worker host's link down {seconds:.0f} s (one worker host) ==", flush=True)
    time.sleep(5)
    cluster.net.cut("worker1")
    cut_at = time.monotonic()
    time.sleep(seconds)
    cluster.net.mend("worker1")
    mended = time.time()
    first = wait(lambda: cluster.bot_moves_since(mended), 120, "a bot moving after the link came back")
    moves = [(took, status) for p in players for start, took, status in list(p.moves) if start >= cut_at]
    print(f"bots moving again {first[0] - mended:.1f} s after link-up; longest move request from the cut on "
          f"{max(took for took, _ in moves):.2f} s over {len(moves)}; 503 game busy: "
          f"{sum(p.answers['503 game_busy'] for p in players)}", flush=True)


if __name__ == "__main__":
    main()
