"""Issue 32.6: liveness (code and schema agree), readiness (the database answers; Redis reported, not required)
and a monitoring status for staff or a bearer token (workers, beat, queues)."""

import pytest
from django.db import connection

from lacitta_site import health
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_schema_check():
    health._schema_checked.update(at=0.0, state=None, known=None)
    yield
    health._schema_checked.update(at=0.0, state=None, known=None)


def test_live_and_ready_when_code_and_schema_agree(client):
    assert client.get("/healthz/live").json() == {"status": "ok", "schema": "ok"}
    ready = client.get("/healthz/ready")
    assert ready.status_code == 200 and ready.json()["schema"] == "ok"


def test_old_code_against_a_newer_schema_is_not_live(client):
    """What the upgrade under play showed: the previous release's processes answered 500 to every move while
    /healthz said 200. A migration this code does not know is in the database: restart me."""
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO django_migrations (app, name, applied) VALUES ('games', '9999_next_release', "
                       "CURRENT_TIMESTAMP)")
    live = client.get("/healthz/live")
    assert live.status_code == 503 and live.json() == {"status": "restart", "schema": "schema-ahead"}
    assert client.get("/healthz").status_code == 503


def test_code_with_an_unapplied_migration_is_not_ready(client):
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM django_migrations WHERE app = 'games' ORDER BY id DESC LIMIT 1")
        (last,) = cursor.fetchone()
        cursor.execute("DELETE FROM django_migrations WHERE app = 'games' AND name = %s", [last])
    ready = client.get("/healthz/ready")
    assert ready.status_code == 503 and ready.json()["schema"] == "migrations-unapplied"
    assert client.get("/healthz/live").status_code == 200  # a restart would not help: migrate will


def test_the_status_page_is_for_staff_and_monitors_only(client, settings):
    settings.MONITORING_TOKEN = "monitor-secret-123"
    assert client.get("/healthz/status").status_code == 404  # as an address that is not there
    assert client.get("/healthz/status", HTTP_AUTHORIZATION="Bearer wrong").status_code == 404
    player = make_user("player")
    client.force_login(player)
    assert client.get("/healthz/status").status_code == 404
    client.logout()

    answer = client.get("/healthz/status", HTTP_AUTHORIZATION="Bearer monitor-secret-123")
    assert answer.status_code == 200
    body = answer.json()
    assert body["database"] == "ok" and set(body) >= {"workers", "beat", "queues"}
    assert "last_sweep_seconds_ago" in body["beat"] and "celery" in body["queues"]

    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    assert client.get("/healthz/status").status_code == 200


def test_no_monitoring_token_means_no_bearer_access(client, settings):
    settings.MONITORING_TOKEN = ""
    assert client.get("/healthz/status", HTTP_AUTHORIZATION="Bearer ").status_code == 404
