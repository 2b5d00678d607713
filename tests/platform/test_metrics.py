"""Issue 32.9: a Prometheus endpoint, scraped here as a monitor would: requests and latency by view, moves,
games, e-mails by status, queue lengths; for staff or the monitoring token only."""

import json

import pytest
from prometheus_client.parser import text_string_to_metric_families

from notifications.models import Notification
from play import services
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def scrape(client, **headers) -> dict:
    answer = client.get("/metrics", **headers)
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(answer.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def test_metrics_are_for_monitors_and_staff_only(client, settings):
    settings.MONITORING_TOKEN = "scrape-secret-456"
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer nope").status_code == 404
    client.force_login(make_user("player"))
    assert client.get("/metrics").status_code == 404


def test_a_scrape_counts_requests_by_view_moves_games_mails_and_queues(client, settings):
    settings.MONITORING_TOKEN = "scrape-secret-456"
    auth = {"HTTP_AUTHORIZATION": "Bearer scrape-secret-456"}
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=game.version)
    Notification.objects.create(user=bob, kind=Notification.Kind.ACCOUNT, dedupe_key="m1",
                                status=Notification.Status.FAILED)
    client.force_login(alice)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    client.post(f"/games/{game.pk}/move/", {"version": "1", "move": json.dumps({"type": "add", "n": 1})})
    client.logout()

    samples = scrape(client, **auth)
    by_view = {labels: value for (name, labels), value in samples.items()
               if name == "django_http_requests_total_by_view_transport_method_total"}
    assert any(dict(labels).get("view") == "games:detail" and value >= 1 for labels, value in by_view.items())
    assert any(name == "django_http_requests_latency_seconds_by_view_method_count" for name, _ in samples)
    assert samples[("site_moves_total", (("by", "all"),))] >= 1
    assert samples[("site_games", (("status", "active"),))] >= 1
    assert samples[("site_mails", (("status", "failed"),))] == 1
    assert ("site_queue_length", (("queue", settings.CELERY_TASK_DEFAULT_QUEUE),)) in samples
