"""Issue 32.1: the documented install in HTTPS mode. With SITE_URL=https://… and the example env file as it is
(SECURE_HSTS_PRELOAD=false), `install` failed at its last step (`check --deploy` on security.W021). Here the
site is installed from that env file, served by gunicorn behind nginx terminating TLS with a self-signed
certificate (the balancer of docs/deploy.md), and answers as production must: pages over HTTPS with HSTS and
secure cookies, a sign-up through CSRF, plain HTTP redirected, /healthz exempt for the balancer."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import time

import httpx
import psycopg
import pytest

from .servers import servers
from .site import Processes, form_values, free_port, json_records, unit_command, write_env_file, write_nginx_main

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
PASSWORD = "an-https-operator-password-9"


def _admin(url: str, sql: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql)


def _wait(predicate, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if predicate():
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


def _upstreams_used(tmp_path, path_prefix: str, *, wait: float = 5.0) -> set[str]:
    # nginx writes a request's access line once it has finished the request, which for a stream the client closed
    # can come a moment after the client has moved on: wait for the first line rather than read too early.
    deadline = time.monotonic() + wait
    while True:
        lines = (tmp_path / "nginx-access.log").read_text().splitlines()
        used = {line.split()[2] for line in lines if line.startswith(path_prefix) and len(line.split()) >= 3}
        if used or time.monotonic() > deadline:
            return used
        time.sleep(0.1)


@pytest.mark.deploy
@pytest.mark.timeout(1800)
def test_https_install_from_the_example_env_file_behind_nginx(tmp_path):
    found = servers()
    assert found is not None  # conftest deselects this test otherwise
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(nginx), "nginx is needed (.ci/run installs Debian's nginx-light)"
    database = f"lacitta_https_{secrets.token_hex(3)}"
    # Two web hosts and a stream host, each on an address of its own (127.0.0.2, .3, .4 on the loopback).
    web_port, web2_port, stream_port, https_port, http_port = (free_port() for _ in range(5))
    web_bind, web2_bind, stream_bind = f"127.0.0.2:{web_port}", f"127.0.0.3:{web2_port}", f"127.0.0.4:{stream_port}"
    base = f"https://localhost:{https_port}"
    env_file = tmp_path / "env"
    write_env_file(env_file, {  # every other value as deploy/env.example gives it (HSTS preload off)
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "localhost", "SITE_URL": base,
        "DATABASE_URL": found.postgres(database), "REDIS_URL": found.redis, "TRUSTED_PROXY_COUNT": "1",
        "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(free_port()), "EMAIL_USE_TLS": "false",
        "WEB_BIND": web_bind, "WEB_CONCURRENCY": "2",
    }, extra={"STATIC_ROOT": str(tmp_path / "static"), "WEB_PIDFILE": str(tmp_path / "web.pid"),
              "STREAM_BIND": stream_bind, "NGINX_WEB_SERVERS": f'"{web_bind} {web2_bind}"',
              "NGINX_STREAM_SERVERS": stream_bind, "NGINX_TLS_CERT": str(tmp_path / "cert.pem"),
              "NGINX_TLS_KEY": str(tmp_path / "key.pem"), "NGINX_LISTEN_HTTPS": f"127.0.0.1:{https_port}",
              "NGINX_LISTEN_HTTP": f"127.0.0.1:{http_port}"})
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8", "LACITTA_ENV": str(env_file)}
    # The second web host: the same env file but its own bind, pid file and metrics folder (docs/deploy.md).
    env2_file = tmp_path / "env2"
    env2_file.write_text(env_file.read_text() + f"WEB_BIND={web2_bind}\nWEB_PIDFILE={tmp_path / 'web2.pid'}\n"
                         f"PROMETHEUS_MULTIPROC_DIR={tmp_path / 'metrics2'}\n")
    site = Processes(env=env, logs=tmp_path)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=localhost", "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    conf = subprocess.run([str(ROOT / "deploy" / "site"), "nginx-conf"], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert conf.returncode == 0, conf.stderr
    (tmp_path / "lacitta.conf").write_text(conf.stdout)  # as docs/deploy.md says: deploy/site nginx-conf > …
    write_nginx_main(tmp_path, connections=256)
    try:
        _admin(found.postgres_admin, f'CREATE DATABASE "{database}"')
        install = site.install()
        assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
        assert "System check identified no issues (1 silenced)" in install.stdout + install.stderr
        web = site.start("web", unit_command("web"))
        web2 = site.start("web2", unit_command("web"), env={**env, "LACITTA_ENV": str(env2_file)})
        site.start("stream", unit_command("stream"))
        site.start("nginx", [nginx, "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)])
        probe = {"Host": "localhost"}  # a balancer's probe names the site (docs/deploy.md, Health)
        for bind in (web_bind, web2_bind):
            _wait(lambda bind=bind: httpx.get(f"http://{bind}/healthz", headers=probe, timeout=2).status_code == 200,
                  90, f"gunicorn at {bind} answering /healthz over plain HTTP (the balancer's probe)")
        client = httpx.Client(base_url=base, verify=False, timeout=30)
        _wait(lambda: client.get("/").status_code == 200, 60, "the site answering through nginx")

        home = client.get("/")
        hsts = home.headers["strict-transport-security"]
        assert "max-age=31536000" in hsts and "includeSubDomains" in hsts and "preload" not in hsts
        page = client.get("/accounts/signup/")
        assert page.status_code == 200
        assert re.search(r"csrftoken=[^;]+;.*Secure", page.headers["set-cookie"])
        signup = client.post("/accounts/signup/", headers={"Referer": f"{base}/accounts/signup/"}, data={
            "csrfmiddlewaretoken": form_values(page.text)["csrfmiddlewaretoken"], "username": "httpsop",
            "email": "httpsop@example.org", "password1": PASSWORD, "password2": PASSWORD})
        assert signup.status_code == 302, signup.text[:500]

        plain = httpx.get(f"http://{web_bind}/", headers={"Host": f"localhost:{https_port}"})
        assert plain.status_code == 301 and plain.headers["location"].startswith("https://")

        # Issue 44.3, the shipped nginx configuration: no redirect loop behind TLS (X-Forwarded-Proto), the
        # client's address appended (a forged X-Forwarded-For is not believed), both web hosts used,
        # streams sent to the stream host and not buffered, and a web host that stops is left out.
        for _ in range(12):
            assert client.get("/", headers={"X-Forwarded-For": "6.6.6.6"}).status_code == 200
        assert _upstreams_used(tmp_path, "/ ") == {web_bind, web2_bind}
        addresses = {r.get("remote_addr") for r in json_records(web) + json_records(web2) if r.get("path") == "/"}
        assert addresses == {"127.0.0.1"}, addresses  # the client nginx saw, not what the client wrote
        start = time.monotonic()
        with client.stream("GET", "/api/stream/pages/999999/", headers={"Accept": "text/event-stream"}) as answer:
            assert answer.status_code == 404  # the stream process's answer for a game that does not exist
        assert time.monotonic() - start < 10
        assert _upstreams_used(tmp_path, "/api/stream/") == {stream_bind}
        with client.stream("GET", "/api/stream/events/", headers={"Authorization": "Bearer nothing"}) as answer:
            assert answer.status_code == 401
        site.stop(web2)
        assert all(client.get("/").status_code == 200 for _ in range(6))  # passive: the failed host is skipped
        redirect = httpx.get(f"http://127.0.0.1:{http_port}/accounts/login/", headers={"Host": "localhost"})
        assert redirect.status_code == 301 and redirect.headers["location"] == "https://localhost/accounts/login/"
        assert httpx.get(f"http://127.0.0.1:{http_port}/healthz", headers=probe).status_code == 200
    finally:
        site.stop_all()
        _admin(found.postgres_admin, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
