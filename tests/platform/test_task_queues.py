"""Issue 32.10: e-mails and bot turns shared one queue and one pool, so a slow mail server delayed bots. Mails
now go to their own queue, which `deploy/site worker mail` serves and `deploy/site worker bots` does not."""

from django.conf import settings

from lacitta_site.celery import app


def routed_queue(task_name: str) -> str:
    return app.amqp.router.route({}, task_name)["queue"].name


def test_mails_go_to_their_own_queue_and_game_work_to_the_default_one():
    default = settings.CELERY_TASK_DEFAULT_QUEUE
    for mail_task in ("notifications.tasks.send_notification", "notifications.tasks.flush_outbox",
                      "notifications.tasks.send_digests"):
        assert routed_queue(mail_task) == f"{default}.mail"
    for game_task in ("games.tasks.bots_play", "games.tasks.time_out_games", "games.tasks.sweep_clocks"):
        assert routed_queue(game_task) == default
    assert settings.CELERY_QUEUE_NAMES == (default, f"{default}.mail")


def test_the_units_run_a_worker_per_queue():
    units = settings.BASE_DIR / "deploy" / "systemd"
    assert "ExecStart=/srv/lacitta/deploy/site worker bots\n" in (units / "lacitta-worker.service").read_text()
    assert "ExecStart=/srv/lacitta/deploy/site worker mail\n" in (units / "lacitta-mailer.service").read_text()
    site = (settings.BASE_DIR / "deploy" / "site").read_text()
    assert 'bots) queues="$queue" ;;' in site and 'mail) queues="$queue.mail" ;;' in site
