"""A mail server that refuses connections or accepts and never answers, at
sign-up. Before, allauth sent the confirmation inside the web request: a
refusing server gave a 500 in 0.3 s, a hanging one a 500 after 30 s (no
EMAIL_TIMEOUT), the account created but never confirmable. Now the account
mail is an outbox row sent by a worker with a timeout, and retried."""

import re
import socket
import threading
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import timezone

from lacitta_site.celery import app as celery_app
from notifications.models import Notification
from notifications.tasks import flush_outbox, send_once
from tests.faults.conftest import reset_broker_pools

pytestmark = pytest.mark.django_db

SIGNUP = {
    "username": "newbie",
    "email": "newbie@example.com",
    "password1": "a-long-password-9",
    "password2": "a-long-password-9",
}


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_at(settings):
    def point(port: int):
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False

    return point


@pytest.fixture
def silent_smtp():
    """Accepts TCP connections (kernel backlog) and never says a word; closed after 20 s
    at the latest so that a client without a timeout fails the test instead of hanging it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    watchdog = threading.Timer(20, listener.close)
    watchdog.start()
    yield listener.getsockname()[1]
    watchdog.cancel()
    listener.close()


def _confirm_link(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def _account_row():
    return Notification.objects.get(kind=Notification.Kind.ACCOUNT, to_email="newbie@example.com")


def test_mail_server_refusing_sign_up_still_works_and_the_mail_follows(smtp_at, settings):
    """As `make run` and the tests run (eager Celery): one try in the request, then the outbox."""
    smtp_at(_closed_port())
    client = Client()
    start = time.monotonic()
    response = client.post("/accounts/signup/", SIGNUP)
    assert response.status_code == 302 and time.monotonic() - start < 5
    user = get_user_model().objects.get(username="newbie")
    note = _account_row()
    assert note.status == Notification.Status.PENDING and note.attempts == 1 and note.user == user
    assert "Connection refused" in note.last_error or "ConnectionRefused" in note.last_error

    # The mail server is back: the periodic flush sends it, the link confirms the address.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    Notification.objects.filter(pk=note.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    assert flush_outbox() == 1
    assert [m.to for m in mail.outbox] == [["newbie@example.com"]]
    client.post(_confirm_link(mail.outbox[0]))
    assert user.emailaddress_set.get().verified
    note.refresh_from_db()
    assert note.status == Notification.Status.SENT and note.body == ""  # the one-time link is not kept


def test_mail_server_hanging_sign_up_answers_at_once_and_the_worker_times_out(
    smtp_at, silent_smtp, settings, django_capture_on_commit_callbacks
):
    """As in production: the request only writes the row and queues its sending."""
    from django.conf import settings as live

    assert 0 < live.EMAIL_TIMEOUT <= 30  # the site sets one (Django's default is to wait for ever)
    settings.EMAIL_TIMEOUT = 1
    smtp_at(silent_smtp)
    saved = {k: celery_app.conf.get(k) for k in ("task_always_eager", "broker_url")}
    celery_app.conf.update(task_always_eager=False, broker_url="memory://")
    reset_broker_pools()
    try:
        client = Client()
        start = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post("/accounts/signup/", SIGNUP)
        assert response.status_code == 302 and time.monotonic() - start < 2
    finally:
        celery_app.conf.update(saved)
        reset_broker_pools()
    note = _account_row()
    assert note.status == Notification.Status.PENDING and note.attempts == 0 and mail.outbox == []

    # The worker's try: given up after EMAIL_TIMEOUT, kept for a retry.
    start = time.monotonic()
    assert send_once(note.pk) == "retry"
    assert time.monotonic() - start < 5
    note.refresh_from_db()
    assert note.status == Notification.Status.PENDING and "timed out" in note.last_error

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert send_once(note.pk) == "sent"
    assert len(mail.outbox) == 1 and "/accounts/confirm-email/" in mail.outbox[0].body
