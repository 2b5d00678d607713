"""Issue 44.3: the site on several machines, from docs/deploy.md, under play — and a worker host cut off.

Seven hosts in network namespaces (tests/deploy/hosts.py, tests/deploy/cluster.py): a data host with a PostgreSQL
and a redis-server of the test's own, prepared as the docs say for a data host on another machine (listen on the
private address, pg_hba lines, Redis bind + requirepass); two web hosts each running the web and stream units'
commands; a worker host running the bot worker, the mailer and beat; nginx on a balancer host configured by
`deploy/site nginx-conf` (TLS, both web hosts, both stream hosts); and a client host whose players reach only the
balancer. Three players play (two La Città, one Cité) against bots, and two game event streams are held open
through nginx.

Asserted: moves land, bots move, each stream host serves one of the streams and both tell moves; then the worker
host's cable is cut for CUT_SECONDS (its packets dropped, not refused: a link that fails) while the players go on,
and mended: bots play again within 10 s of the link coming back, no move request waited longer than the lock
timeout (a 503 'game busy' is an answer, a hang is not), no request failed otherwise, and verify_games replays
every game with 0 differing. The namespaces, servers and processes are removed whatever happens."""

from __future__ import annotations

import threading
import time

import pytest

from .cluster import Cluster, Player, StreamReader, wait
from .hosts import can_make_namespaces
from .servers import servers

CUT_SECONDS = 15  # bench/multihost.py cuts it 60 s, as the issue did
LOCK_TIMEOUT_S = 5.0  # DB_LOCK_TIMEOUT_MS's default (docs/deploy.md)
SLACK_S = 3.0  # a move's own work on a loaded 2-core machine, beside its lock wait
PLAYERS = (("ada", "lacitta"), ("bruno", "lacitta"), ("carla", "cite"))


@pytest.mark.deploy
@pytest.mark.timeout(900)
def test_two_web_hosts_and_a_worker_host_behind_nginx_and_the_worker_cut_off(tmp_path, capsys):
    assert servers() is not None  # conftest deselects this test otherwise (its servers are its own, though)
    why_not = can_make_namespaces()
    assert why_not is None, why_not
    cluster = Cluster(tmp_path, web=2, workers=1)
    stop = threading.Event()
    players: list[Player] = []
    timings: dict[str, float] = {}
    started = time.monotonic()
    try:
        cluster.start()
        timings["up_s"] = round(time.monotonic() - started, 1)
        cluster.make_players([name for name, _ in PLAYERS])
        players = [Player(cluster, name, game, stop) for name, game in PLAYERS]
        for player in players:
            player.start()
        wait(lambda: all(p.game for p in players[:2]), 60, "the players' games open")
        # One stream per stream host: least_conn sends the second where the first is not.
        streams = [StreamReader(cluster, p.game, p.cookies) for p in players[:2]]
        for reader in streams:
            reader.start()
            time.sleep(1)
        epoch = time.time()
        wait(lambda: all(len(p.moved) >= 3 for p in players), 120, "every player moving", detail=lambda: {
            p.name: (p.game, len(p.moved), dict(p.answers), p.failures[:2]) for p in players})
        wait(lambda: len(cluster.bot_moves_since(epoch)) >= 3, 60, "the bots moving")
        wait(lambda: all(len(r.events) >= 2 for r in streams), 30, "both streams telling moves")
        assert [r.error for r in streams] == ["", ""]
        served = {host: sum(f"/api/stream/games/{r.game}/" in line for r in streams for line in
                            cluster.processes[f"stream-{host}"].lines()) for host in cluster.web_hosts}
        assert served == {"web1": 1, "web2": 1}, served  # each stream host serves one of the two streams
        answered_by = {line.split()[2] for line in (tmp_path / "nginx-access.log").read_text().splitlines()
                       if line.startswith("/api/games/")}
        assert answered_by == {f"{cluster.net.hosts[h]}:8000" for h in cluster.web_hosts}, answered_by

        # --- the worker host's link down, then back ---
        cluster.net.cut("worker1")
        cut_at = time.monotonic()
        time.sleep(CUT_SECONDS)
        cluster.net.mend("worker1")
        mended, mended_epoch = time.monotonic(), time.time()
        first = wait(lambda: cluster.bot_moves_since(mended_epoch), 60, "a bot moving after the link came back")
        timings["bots_resume_after_link_up_s"] = round(first[0] - mended_epoch, 1)
        moves_before = sum(len(p.moved) for p in players)
        wait(lambda: sum(len(p.moved) for p in players) >= moves_before + 3, 60, "the players moving again")
        stop.set()
        for player in players:
            player.join(60)

        assert timings["bots_resume_after_link_up_s"] <= 10, timings
        failures = [f for p in players for f in p.failures]
        assert failures == [], failures[:10]
        durations = [(seconds, status) for p in players for start, seconds, status in p.moves if start >= cut_at]
        timings["longest_move_from_cut_s"] = round(max(seconds for seconds, _ in durations), 2)
        assert timings["longest_move_from_cut_s"] <= LOCK_TIMEOUT_S + SLACK_S, durations
        assert [s for _, s in durations if s not in (200, 409, 503)] == []
        timings["game_busy"] = sum(p.answers["503 game_busy"] for p in players)
        timings["moves"] = sum(len(p.moved) for p in players)
        timings["bot_moves"] = len(cluster.bot_moves_since(epoch))
        for name, process in cluster.processes.items():
            assert process.proc.poll() is None, f"{name} stopped: {process.lines()[-20:]}"
        verified = cluster.verify_games()
        assert " game(s) replayed, 0 differ" in verified, verified[-2000:]
        timings["games_verified"] = int(verified.split(" game(s) replayed")[0].split()[-1])
        assert timings["games_verified"] >= len(PLAYERS)
        assert mended - cut_at >= CUT_SECONDS
    finally:
        stop.set()
        cluster.close()
        timings["wall_s"] = round(time.monotonic() - started, 1)
        with capsys.disabled():
            print(f"\nmultihost: {timings}")
