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
from .site import Processes, form_values, free_port, unit_command, write_env_file

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


NGINX = """
{user}
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 64; }}
http {{
  access_log {tmp}/nginx-access.log;
  client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy; fastcgi_temp_path {tmp}/fcgi;
  uwsgi_temp_path {tmp}/uwsgi; scgi_temp_path {tmp}/scgi;
  server {{
    listen 127.0.0.1:{https_port} ssl;
    ssl_certificate {tmp}/cert.pem;
    ssl_certificate_key {tmp}/key.pem;
    location / {{
      proxy_pass http://127.0.0.1:{web_port};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}
  }}
}}
"""


@pytest.mark.deploy
@pytest.mark.timeout(1800)
def test_https_install_from_the_example_env_file_behind_nginx(tmp_path):
    found = servers()
    assert found is not None  # conftest deselects this test otherwise
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(nginx), "nginx is needed (.ci/run installs Debian's nginx-light)"
    database = f"lacitta_https_{secrets.token_hex(3)}"
    web_port, https_port = free_port(), free_port()
    base = f"https://localhost:{https_port}"
    env_file = tmp_path / "env"
    write_env_file(env_file, {  # every other value as deploy/env.example gives it (HSTS preload off)
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "localhost", "SITE_URL": base,
        "DATABASE_URL": found.postgres(database), "REDIS_URL": found.redis, "TRUSTED_PROXY_COUNT": "1",
        "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(free_port()), "EMAIL_USE_TLS": "false",
        "WEB_BIND": f"127.0.0.1:{web_port}", "WEB_CONCURRENCY": "2",
    }, extra={"STATIC_ROOT": str(tmp_path / "static"), "WEB_PIDFILE": str(tmp_path / "web.pid")})
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8", "LACITTA_ENV": str(env_file)}
    site = Processes(env=env, logs=tmp_path)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=localhost", "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True)
    (tmp_path / "nginx.conf").write_text(NGINX.format(
        tmp=tmp_path, https_port=https_port, web_port=web_port,
        user="user root;" if os.geteuid() == 0 else ""))
    try:
        _admin(found.postgres_admin, f'CREATE DATABASE "{database}"')
        install = site.install()
        assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
        assert "System check identified no issues (1 silenced)" in install.stdout + install.stderr
        site.start("web", unit_command("web"))
        site.start("nginx", [nginx, "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)])
        probe = {"Host": "localhost"}  # a balancer's probe names the site (docs/deploy.md, Health)
        _wait(lambda: httpx.get(f"http://127.0.0.1:{web_port}/healthz", headers=probe, timeout=2).status_code == 200,
              90, "gunicorn answering /healthz over plain HTTP (the balancer's probe)")
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

        plain = httpx.get(f"http://127.0.0.1:{web_port}/", headers={"Host": f"localhost:{https_port}"})
        assert plain.status_code == 301 and plain.headers["location"].startswith("https://")
    finally:
        site.stop_all()
        _admin(found.postgres_admin, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
