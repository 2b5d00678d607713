"""The production install of docs/deploy.md, run on this machine as written: deploy/env.example
filled in, `deploy/site install`, the three processes the systemd units start (the same command,
read from the unit files), against the real PostgreSQL and Redis and a local SMTP sink. Then a
person signs up through the mailed link, plays La Città against a bot that the worker moves, gets a
"your turn" mail, and a backup is restored into a new database that verify_games accepts.

Its own databases (lacitta_deploy_<random>), Redis database, ports and folders; all removed after.
The time from an empty database to a site that answers is printed (issue 18 asks for it)."""

from __future__ import annotations

import json
import os
import re
import secrets
import threading
import time

import httpx
import psycopg
import pytest
import redis

from .servers import servers
from .site import (
    ROOT,
    Mailbox,
    Processes,
    body_of,
    env_file_lines,
    form_values,
    free_port,
    json_records,
    non_json_lines,
    shell_values,
    systemd_value,
    unit_command,
    write_env_file,
)

DOCS = (ROOT / "docs" / "deploy.md").read_text()
PASSWORD = "a-long-deploy-password-9"


def _admin(conn_url: str, sql: str) -> None:
    with psycopg.connect(conn_url, autocommit=True) as conn:
        conn.execute(sql)


def _wait(predicate, timeout: float, what: str, step: float = 0.3):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


def _healthy(base: str) -> bool:
    try:
        return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _csrf(client: httpx.Client) -> str:
    return client.cookies.get("csrftoken", "")


def test_env_example_reads_the_same_for_systemd_and_a_shell(tmp_path):
    example = ROOT / "deploy" / "env.example"
    pairs = env_file_lines(example.read_text())
    names = {name for name, _ in pairs}
    assert {
        "SITE_URL",
        "EMAIL_HOST",
        "EMAIL_PORT",
        "EMAIL_USE_TLS",
        "DATABASE_URL",
        "REDIS_URL",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DEFAULT_FROM_EMAIL",
    } <= names
    sourced = shell_values(example)
    for name, raw in pairs:
        assert sourced.get(name) == systemd_value(raw), f"{name}: the shell reads {sourced.get(name)!r}"


def _read_stream(url: str, cookies, into: list) -> None:
    try:
        with httpx.Client(cookies=cookies, timeout=httpx.Timeout(10, read=None)) as client:
            with client.stream("GET", url) as response:
                for line in response.iter_lines():
                    if line.strip():
                        into.append(json.loads(line))
    except httpx.HTTPError:
        pass  # the stream process stops at the end of the test


def test_the_docs_show_the_example_env_file_as_it_is():
    block = DOCS.split("## Environment", 1)[1].split("```", 2)[1].strip().splitlines()
    example = [ln for ln in (ROOT / "deploy" / "env.example").read_text().splitlines()
               if ln.strip() and not ln.startswith("#")]
    assert block == example


def test_units_and_procfile_run_deploy_site():
    assert unit_command("web")[1:] == ["web"]
    assert unit_command("worker")[1:] == ["worker", "bots"]
    assert unit_command("mailer")[1:] == ["worker", "mail"]
    assert unit_command("beat")[1:] == ["beat"]
    assert unit_command("stream")[1:] == ["stream"]
    procfile = (ROOT / "Procfile").read_text()
    for process in ("web", "worker", "beat", "stream", "release"):
        assert f"{process}: deploy/site {process}" in procfile
    for step in (
        "deploy/site install",
        "deploy/site release",
        "deploy/site backup",
        "deploy/site restore",
        "systemctl enable --now lacitta-beat",
        "lacitta-stream",
        "/api/stream/",
        "send_digests",
    ):
        assert step in DOCS, step


@pytest.mark.deploy
@pytest.mark.timeout(3600)  # a fresh install: ~9 min on a quiet machine
def test_documented_install_serves_a_game_with_bots_mails_and_a_restorable_backup(tmp_path, capsys):
    found = servers()
    assert found is not None  # conftest deselects this test otherwise
    tag = secrets.token_hex(3)
    database, restored = f"lacitta_deploy_{tag}", f"lacitta_deploy_{tag}_restored"
    web_port, smtp_port, stream_port = free_port(), free_port(), free_port()
    base = f"http://127.0.0.1:{web_port}"
    env_file = tmp_path / "env"
    write_env_file(
        env_file,
        {
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SITE_URL": base,
            "DATABASE_URL": found.postgres(database),
            "REDIS_URL": found.redis,
            "TRUSTED_PROXY_COUNT": "0",  # no balancer in front here
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
            "EMAIL_USE_TLS": "false",
            "EMAIL_HOST_USER": "",
            "EMAIL_HOST_PASSWORD": "",
            "WEB_BIND": f"127.0.0.1:{web_port}",
            "WEB_CONCURRENCY": "2",
            "STREAM_BIND": f"127.0.0.1:{stream_port}",
            "CELERY_CONCURRENCY": "1",
        },
        extra={  # the documented optional settings for a try on this machine
            "INSECURE_LOCAL": "1",
            "STATIC_ROOT": str(tmp_path / "static"),
            "WEB_PIDFILE": str(tmp_path / "web.pid"),
        },
    )
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8", "LACITTA_ENV": str(env_file)}
    site = Processes(env=env, logs=tmp_path)
    redis_client = redis.Redis.from_url(found.redis)
    redis_client.flushdb()
    timings = {}
    try:
        with Mailbox(smtp_port) as mailbox:
            # --- from an empty database to a site that answers ---
            start = time.monotonic()
            _admin(found.postgres_admin, f'CREATE DATABASE "{database}"')  # the DBA's step in the docs
            install = site.install()
            assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
            assert "System check identified no issues" in install.stdout + install.stderr
            assert (tmp_path / "static" / "staticfiles.json").exists()  # the manifest
            timings["install_s"] = round(time.monotonic() - start, 1)
            web = site.start("web", unit_command("web"))
            worker = site.start("worker", unit_command("worker"))
            mailer = site.start("mailer", unit_command("mailer"))  # e-mails: their own queue and pool
            beat = site.start("beat", unit_command("beat"))
            stream = site.start("stream", unit_command("stream"))
            _wait(lambda: _healthy(base), 60, "the site answering /healthz")
            _wait(lambda: _healthy(f"http://127.0.0.1:{stream_port}"), 60, "the stream process answering")
            timings["empty_database_to_working_site_s"] = round(time.monotonic() - start, 1)

            client = httpx.Client(base_url=base, timeout=30, follow_redirects=False)
            home = client.get("/")
            assert home.status_code == 200 and "/static/css/site." in home.text  # hashed name: the manifest

            # --- sign up through the mailed link ---
            page = client.get("/accounts/signup/")
            assert page.status_code == 200
            signup = client.post(
                "/accounts/signup/",
                data={
                    "csrfmiddlewaretoken": form_values(page.text)["csrfmiddlewaretoken"],
                    "username": "operator",
                    "email": "operator@example.org",
                    "password1": PASSWORD,
                    "password2": PASSWORD,
                },
            )
            assert signup.status_code == 302, signup.text[:500]
            _, welcome = mailbox.wait_for(lambda m: "operator@example.org" in m["to"], 60)
            text = body_of(welcome)
            assert "example.com" not in text + welcome["subject"], (
                text
            )  # the site's own domain (sites framework)
            link = re.search(re.escape(base) + r"(/accounts/confirm-email/\S+)", text).group(1)
            confirm = client.get(link)
            assert confirm.status_code == 200
            done = client.post(
                link, data={"csrfmiddlewaretoken": form_values(confirm.text)["csrfmiddlewaretoken"]}
            )
            assert done.status_code == 302
            # Confirming in the browser (here: the client) that signed up logs the new account in.
            mine = client.get("/games/mine/")
            assert mine.status_code == 200 and "operator" in mine.text, mine.text[:300]

            # --- a La Città game against a bot, played through the API (no page open: mails go at once) ---
            new = client.get("/games/new/", params={"game": "lacitta"})
            fields = form_values(new.text)
            fields.update({"game_type": "lacitta", "players": "2", "seat_2": "bot:random"})
            created = client.post("/games/new/", data=fields)
            assert created.status_code == 302, created.text[:800]
            game_id = int(re.search(r"/games/(\d+)/", created.headers["location"]).group(1))
            api = {"X-CSRFToken": _csrf(client)}
            # The game's event stream, from the stream process (the balancer sends /api/stream/ there),
            # with the same session: every version the worker's bot and the player make arrives.
            streamed: list[dict] = []
            threading.Thread(target=_read_stream, daemon=True, args=(
                f"http://127.0.0.1:{stream_port}/api/stream/games/{game_id}/", client.cookies, streamed)).start()

            def bot_moves() -> int:
                with psycopg.connect(found.postgres(database)) as conn:
                    return conn.execute(
                        "SELECT count(*) FROM games_move WHERE game_id = %s AND by_bot <> ''", (game_id,)
                    ).fetchone()[0]

            my_moves, first_bot_move = 0, None
            deadline = time.monotonic() + 120
            while (my_moves < 3 or bot_moves() < 2) and time.monotonic() < deadline:
                if first_bot_move is None and bot_moves():
                    first_bot_move = time.monotonic()
                legal = client.get(f"/api/games/{game_id}/legal-moves/").json()
                if not legal["moves"]:
                    time.sleep(0.3)  # the bot's turn: the worker plays it
                    continue
                answer = client.post(
                    f"/api/games/{game_id}/moves/",
                    headers=api,
                    json={"version": legal["version"], "move": legal["moves"][0]},
                )
                assert answer.status_code in (200, 409), answer.text[:500]
                my_moves += answer.status_code == 200
            assert my_moves >= 3 and bot_moves() >= 2, (my_moves, bot_moves())
            final = client.get(f"/api/games/{game_id}/").json()["version"]
            _wait(lambda: any(e.get("version") == final for e in streamed), 10, "the stream telling the last move")
            played = [
                r
                for r in json_records(worker)
                if "bots_play" in r.get("message", "") and "succeeded" in r.get("message", "")
            ]
            assert played, "the worker's log shows no bot task"
            # A "your turn" mail sent after a bot's move (the first came when the game began), linking
            # to the game on SITE_URL.
            subject = f"Your move in game #{game_id}"
            arrived, turn = mailbox.wait_for(lambda m: m["subject"] == subject, 60, after=first_bot_move)
            assert f"{base}/games/{game_id}/" in body_of(turn)
            assert turn["List-Unsubscribe"]
            timings["your_turn_mail_after_first_bot_move_s"] = round(arrived - first_bot_move, 1)

            # --- operations ---
            digest = site.run([str(ROOT / "deploy" / "site"), "manage", "send_digests"])
            assert digest.returncode == 0 and "digest(s) sent" in digest.stdout, digest.stderr[-2000:]
            reload = site.run([str(ROOT / "deploy" / "site"), "release"])
            assert reload.returncode == 0 and "reloaded" in reload.stdout, (
                reload.stdout + reload.stderr[-2000:]
            )
            _wait(lambda: _healthy(base), 30, "the site answering after the release")
            with psycopg.connect(found.postgres(database)) as conn:
                schedule = dict(
                    conn.execute(
                        "SELECT name, crontab_id IS NOT NULL FROM django_celery_beat_periodictask"
                    ).fetchall()
                )
                assert schedule.get("daily-digests") is True  # a time of day, not an interval
                assert conn.execute("SELECT domain FROM django_site").fetchone()[0] == f"127.0.0.1:{web_port}"

            backups = tmp_path / "backups"
            backup = site.run([str(ROOT / "deploy" / "site"), "backup", str(backups)])
            assert backup.returncode == 0, backup.stderr[-2000:]
            dump = backup.stdout.strip().splitlines()[-1]
            # Issue 32.11: a dump holds every account: readable by the site's user only.
            assert os.stat(dump).st_mode & 0o077 == 0 and os.stat(backups).st_mode & 0o077 == 0
            restore = site.run([str(ROOT / "deploy" / "site"), "restore", dump, restored])
            assert restore.returncode == 0, restore.stdout[-2000:] + restore.stderr[-2000:]
            assert re.search(r"[1-9]\d* game\(s\) replayed, 0 differ", restore.stdout), restore.stdout

            # One JSON object per log line, from every process.
            for process in (web, worker, mailer, beat, stream):
                assert process.proc.poll() is None, f"{process.name} stopped: {process.lines()[-20:]}"
                assert json_records(process), f"{process.name} logged nothing"
                assert non_json_lines(process) == [], f"{process.name}: {non_json_lines(process)[:5]}"
            assert any(
                r.get("name") == "gunicorn.access" and r.get("path") == "/healthz" for r in json_records(web)
            )
            assert any(r.get("name", "").startswith("celery.beat") for r in json_records(beat))
    finally:
        site.stop_all()
        redis_client.flushdb()
        for name in (database, restored):
            _admin(found.postgres_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        # Shown in the run's output (CI logs), not only on failure.
        with capsys.disabled():
            print(f"\ndeploy timings: {timings}")
