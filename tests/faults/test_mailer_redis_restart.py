"""Issue 32.4, the mailer: it held a mail retry waiting for its countdown (an unacknowledged message with an ETA)
when Redis stopped, and exited with kombu's ``AttributeError: 'NoneType' object has no attribute 'hostname'``
(restoring the unacknowledged message through a connection already closed). The mailer must live through a
Redis stop and start, send the mail it held once, and keep sending the mails queued afterwards.

Redis is restarted as ``systemctl restart redis-server`` does it with persistence on: ``SHUTDOWN SAVE``, then
the same data loaded again (tests/faults/test_redis_restart.py covers a Redis that forgets everything)."""

import re
import time
import uuid
from datetime import timedelta

import pytest
import redis
from django.utils import timezone

from notifications.models import Notification
from tests.conftest import wait_for
from tests.deploy.site import Mailbox, free_port
from tests.faults.conftest import OwnRedis, Workers

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

HOSTNAME_CRASH = re.compile(r"has no attribute 'hostname'|Unrecoverable error")


class PersistentRedis(OwnRedis):
    """A redis-server of the test's own whose data outlives a restart (its dump file in the test's folder)."""

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=2)

    def stop(self):
        """SHUTDOWN SAVE: the data written to disk, every client's connection closed, the server gone."""
        if self.process is None:
            return
        try:
            self.client().shutdown(save=True)
        except redis.ConnectionError:
            pass  # the server closes the connection as it exits
        self.process.wait(10)
        self.process = None


@pytest.fixture
def persistent_redis(tmp_path):
    server = PersistentRedis(tmp_path)
    server.start()
    yield server
    if server.process is not None:
        server.process.kill()
        server.process.wait(10)


def _mail(subject: str) -> Notification:
    return Notification.objects.create(kind=Notification.Kind.ACCOUNT, dedupe_key=f"account:{uuid.uuid4().hex}",
                                       to_email="player@example.org", subject=subject, body="A test mail.")


def test_the_mailer_lives_through_a_redis_restart_while_it_holds_a_mail_retry_and_sends_it_once(
        persistent_redis, tmp_path):
    from notifications.tasks import flush_outbox, send_notification

    smtp = free_port()
    workers = Workers(tmp_path, redis_url=persistent_redis.url)
    err = (tmp_path / "mailer.err").open("w")
    try:
        with Mailbox(smtp) as mailbox:
            mailer = workers.start(pool="prefork", EMAIL_HOST="127.0.0.1", EMAIL_PORT=smtp, EMAIL_USE_TLS="false",
                                   stderr=err)
            held = _mail("held through the restart")
            send_notification.apply_async((held.pk,), countdown=12)  # as a retry waits for its countdown
            client = persistent_redis.client()
            assert wait_for(lambda: client.hlen("unacked") == 1, timeout=60), "the mailer never took the mail"

            stopped = time.monotonic()
            persistent_redis.stop()
            time.sleep(6)
            persistent_redis.start()
            time.sleep(3)
            assert mailer.poll() is None, f"the mailer exited: {HOSTNAME_CRASH.findall(_text(tmp_path))}"

            # The mail it held is sent, once: its message stayed in Redis' unacknowledged set (given out again
            # after the visibility timeout, an hour), so beat's flush_outbox queues the row again, as every
            # 2 minutes in production (the row made older here instead of waiting).
            Notification.objects.filter(pk=held.pk).update(created_at=timezone.now() - timedelta(minutes=5))
            assert flush_outbox() == 1
            mailbox.wait_for(lambda m: m["subject"] == held.subject, timeout=60, after=stopped)
            # A mail queued after the restart goes too.
            after = _mail("queued after the restart")
            send_notification.delay(after.pk)
            mailbox.wait_for(lambda m: m["subject"] == after.subject, timeout=60)
            time.sleep(3)
            subjects = [m["subject"] for _, m in mailbox.messages]
            assert subjects.count(held.subject) == 1 and subjects.count(after.subject) == 1, subjects
            held.refresh_from_db()
            assert held.status == Notification.Status.SENT
            assert mailer.poll() is None
            assert not HOSTNAME_CRASH.search(_text(tmp_path)), _text(tmp_path)[-3000:]
    finally:
        workers.close()
        err.close()


def _text(tmp_path) -> str:
    return (tmp_path / "mailer.err").read_text(errors="replace")
