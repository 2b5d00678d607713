"""Security settings that must have taken effect: CSP, password-guessing
lock-out, move rate limits, health endpoint, production settings."""

import json

import pytest
from django.urls import reverse

from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def test_pages_carry_a_strict_content_security_policy(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
    html = response.content.decode()
    assert " onclick=" not in html and " onchange=" not in html and "<style" not in html


def test_login_is_refused_after_repeated_failures(client, settings):
    """allauth's per-address limit answers first (10 failures a minute from one address; never per account
    alone: issue 26 point 4, tests/platform/test_client_addresses.py)."""
    make_user("target", password="the-real-password-1")
    for _ in range(10):
        client.post("/accounts/login/", {"login": "target", "password": "wrong"})
    refused = client.post("/accounts/login/", {"login": "target", "password": "the-real-password-1"})
    assert refused.status_code != 302 and "Too many failed login" in refused.content.decode()


def test_axes_locks_out_password_guessing(client, settings):
    """django-axes alone (allauth's limits off): username + IP locked after the limit."""
    settings.ACCOUNT_RATE_LIMITS = False
    make_user("target", password="the-real-password-1")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"login": "target", "password": "wrong"})
    locked = client.post("/accounts/login/", {"login": "target", "password": "the-real-password-1"})
    assert locked.status_code in (403, 429)
    assert "Too many failed logins" in locked.content.decode()


def test_moves_are_rate_limited_with_a_message(client, settings):
    settings.MOVE_RATE = "2/m"
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client.force_login(alice)
    url = reverse("games:move", args=[game.pk])
    body = {"version": "99", "move": json.dumps({"type": "add", "n": 1})}
    statuses = [client.post(url, body, HTTP_HX_REQUEST="true").status_code for _ in range(3)]
    assert statuses[:2] == [409, 409] and statuses[2] == 429
    last = client.post(url, body, HTTP_HX_REQUEST="true")
    assert "Too many moves" in last.content.decode()


def test_health_endpoint_checks_database_schema_and_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {
        "status": "ok", "database": "ok", "schema": "ok", "cache": "ok"}


def test_health_endpoint_reports_a_broken_cache_and_stays_ready(client, monkeypatch):
    """Issue 32.6: pages work without Redis, so a balancer must not pull every node during its outage."""
    def broken(*args, **kwargs):
        raise ConnectionError("redis down")

    monkeypatch.setattr("django.core.cache.cache.set", broken)
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json()["cache"] == "down"
    assert response.json()["status"] == "degraded"
