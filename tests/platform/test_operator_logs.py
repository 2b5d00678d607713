"""Issue 26 point 12: the access log named the balancer for every line, and wrote whole paths with the keys
of password-reset, e-mail confirmation and invitation links. Now gunicorn's access line names the client by
the trusted-proxy rule and blanks those keys, and so do Django's own log lines (lacitta_site/log_redaction.py)."""

from __future__ import annotations

import importlib.util
import io
import json
import logging
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from gunicorn.config import Config

from lacitta_site.log_redaction import AccessLogger, RedactSecrets, redact

ROOT = Path(settings.BASE_DIR)
SECRETS = {
    "/accounts/password/reset/key/1a-c3x9-5f1e2d3c4b5a69788796/": "c3x9-5f1e2d3c4b5a69788796",
    "/accounts/confirm-email/MQ:1tZ9yx:Yl0ngConfirmationKey123/": "MQ:1tZ9yx:Yl0ngConfirmationKey123",
    "/games/invite/Qm9vX2ludml0ZV90b2tlbl8xMjM0/": "Qm9vX2ludml0ZV90b2tlbl8xMjM0",
    "/unsubscribe/dW5zdWJzY3JpYmVfdG9rZW4/": "dW5zdWJzY3JpYmVfdG9rZW4",
    "/account/appeal/link/YXBwZWFsX3Rva2Vu/": "YXBwZWFsX3Rva2Vu",
}


def test_redact_blanks_every_secret_link_and_leaves_the_rest():
    for path, key in SECRETS.items():
        assert key not in redact(path) and "[redacted]" in redact(path)
        assert key not in redact(f"https://site.example{path}?next=/games/")
    assert redact("/api/games/12/join/?token=abc123&x=1") == "/api/games/12/join/?token=[redacted]&x=1"
    assert redact("/games/12/?m=%7B%7D") == "/games/12/?m=%7B%7D"
    assert redact("/accounts/password/reset/") == "/accounts/password/reset/"


def _gunicorn_conf():
    spec = importlib.util.spec_from_file_location("gunicorn_conf", ROOT / "deploy" / "gunicorn.conf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Response:
    status = "200 OK"
    sent = 512
    headers = [("Content-Type", "text/html")]


class _Request:
    def __init__(self, forwarded):
        self.headers = [("X-FORWARDED-FOR", forwarded), ("USER-AGENT", "test")]


def _access_line(path: str, query: str = "", forwarded: str = "203.0.113.9") -> dict:
    conf = _gunicorn_conf()
    assert conf.logger_class == "lacitta_site.log_redaction.AccessLogger"
    cfg = Config()
    cfg.set("accesslog", "-")
    logger = AccessLogger(cfg)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(conf.AccessJsonFormatter(fmt=conf._FMT))
    logger.access_log.handlers = [handler]
    environ = {
        "REMOTE_ADDR": "10.0.0.5", "HTTP_X_FORWARDED_FOR": forwarded, "REQUEST_METHOD": "GET",
        "RAW_URI": path + (f"?{query}" if query else ""), "PATH_INFO": path, "QUERY_STRING": query,
        "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_REFERER": f"https://site.example{path}", "HTTP_USER_AGENT": "test",
    }
    logger.access(_Response(), _Request(forwarded), environ, timedelta(milliseconds=12))
    return json.loads(out.getvalue())


def test_the_access_line_names_the_client_behind_the_balancer(monkeypatch):
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", "1")
    line = _access_line("/games/mine/", forwarded="1.2.3.4, 203.0.113.9")  # 1.2.3.4: written by the client
    assert line["remote_addr"] == "203.0.113.9" and line["proxy_addr"] == "10.0.0.5"
    assert "10.0.0.5" not in line["message"] and "203.0.113.9" in line["message"]
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", "0")  # no proxy trusted: the header is not believed
    assert _access_line("/games/mine/")["remote_addr"] == "10.0.0.5"


@pytest.mark.parametrize("path", list(SECRETS))
def test_the_access_line_carries_no_secret_key(monkeypatch, path):
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", "1")
    line = _access_line(path, query="token=abc123secret")
    text = json.dumps(line)
    assert SECRETS[path] not in text and "abc123secret" not in text
    assert line["path"].endswith("/[redacted]/") and line["status"] == "200"


@pytest.mark.django_db
def test_django_log_lines_carry_no_secret_key(client):
    """A 404 on a stale confirmation link is logged (django.request) with its path: redacted."""
    handlers = [h for h in logging.getLogger().handlers if any(isinstance(f, RedactSecrets) for f in h.filters)]
    assert handlers, "the site's console handler has the redaction filter"
    out = io.StringIO()
    saved = handlers[0].setStream(out)
    try:
        client.get("/games/invite/Qm9vX2ludml0ZV90b2tlbl8xMjM0/")
        client.get("/accounts/password/reset/key/1a-c3x9-5f1e2d3c4b5a69788796/")
        logging.getLogger("django.request").warning("Not Found: %s", "/games/invite/Qm9vX2ludml0ZV90b2tlbl8xMjM0/")
    finally:
        handlers[0].setStream(saved)
    text = out.getvalue()
    assert "Not Found: /games/invite/[redacted]/" in text
    assert "Qm9vX2ludml0ZV90b2tlbl8xMjM0" not in text and "c3x9-5f1e2d3c4b5a69788796" not in text


def test_production_json_lines_leave_out_the_request_and_its_path():
    """Django attaches the request to its records; the JSON formatter would print its whole path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "INSECURE_"))}
    env.update({"SECRET_KEY": "x" * 60, "ALLOWED_HOSTS": "site.example", "SITE_URL": "https://site.example",
                "DATABASE_URL": "postgres://u@127.0.0.1:5432/db", "REDIS_URL": "redis://127.0.0.1:6379/1",
                "DJANGO_SETTINGS_MODULE": "lacitta_site.settings.prod"})
    script = (
        "import django, logging; django.setup()\n"
        "from django.test import RequestFactory\n"
        "r = RequestFactory().get('/accounts/confirm-email/MQ:1tZ9yx:Yl0ngConfirmationKey123/')\n"
        "logging.getLogger('django.request').warning('Not Found: %s', r.path,\n"
        "                                             extra={'request': r, 'status_code': 404})\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stderr.strip().splitlines()[-1])
    assert line["message"] == "Not Found: /accounts/confirm-email/[redacted]/"
    assert "Yl0ngConfirmationKey123" not in done.stderr and "request" not in line


def test_gunicorns_error_lines_are_redacted_too():
    conf = _gunicorn_conf()
    assert conf.logconfig_dict["handlers"]["console"]["filters"] == ["redact_secrets"]
    record = logging.LogRecord("gunicorn.error", logging.ERROR, __file__, 1, "Error handling request %s",
                               ("/games/invite/Qm9vX2ludml0ZV90b2tlbl8xMjM0/",), None)
    conf.logconfig_dict["filters"]["redact_secrets"]["()"]().filter(record)
    assert record.getMessage() == "Error handling request /games/invite/[redacted]/"


def test_the_access_line_names_the_user_id_the_request_carried(monkeypatch):
    """Issue 32.9: access lines carry the user id (lacitta_site/access_user.py leaves it in the environ)."""
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", "0")
    conf = _gunicorn_conf()
    cfg = Config()
    cfg.set("accesslog", "-")
    logger = AccessLogger(cfg)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(conf.AccessJsonFormatter(fmt=conf._FMT))
    logger.access_log.handlers = [handler]
    environ = {"REMOTE_ADDR": "10.0.0.5", "REQUEST_METHOD": "GET", "RAW_URI": "/games/mine/",
               "PATH_INFO": "/games/mine/", "QUERY_STRING": "", "SERVER_PROTOCOL": "HTTP/1.1"}
    logger.access(_Response(), _Request("-"), {**environ, "site.user_id": "42"}, timedelta(milliseconds=3))
    logger.access(_Response(), _Request("-"), environ, timedelta(milliseconds=3))
    named, anonymous = (json.loads(line) for line in out.getvalue().splitlines())
    assert named["user_id"] == 42 and "user_id" not in anonymous


@pytest.mark.django_db
def test_requests_leave_their_users_id_for_the_access_line(client):
    from rest_framework.test import APIClient

    from lacitta_site.access_user import ENVIRON_KEY
    from players import tokens
    from tests.platform.factories import make_user

    alice = make_user("alice")
    assert ENVIRON_KEY not in client.get("/").wsgi_request.META  # anonymous
    client.force_login(alice)
    assert client.get("/games/mine/").wsgi_request.META[ENVIRON_KEY] == str(alice.pk)
    api = APIClient()
    _token, key = tokens.token_create(user=alice, name="bot", scopes=["read"])
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    answer = api.get("/api/me/")
    assert answer.status_code == 200 and answer.wsgi_request.META[ENVIRON_KEY] == str(alice.pk)
    client.logout()
    assert ENVIRON_KEY not in client.get("/games/mine/").wsgi_request.META
