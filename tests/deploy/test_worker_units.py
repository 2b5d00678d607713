"""The worker and mailer units stop Celery the way that lets the task under way finish: SIGTERM to the main
process only (KillMode=mixed; tests/faults/test_worker_stop.py shows a SIGTERM to the pool process killing the
task), and systemd waits longer than a task may run before SIGKILL. docs/deploy.md says so."""

import re

import pytest
from django.conf import settings

from .site import ROOT


def _unit(name: str) -> dict[str, str]:
    text = (ROOT / "deploy" / "systemd" / f"lacitta-{name}.service").read_text()
    return dict(re.findall(r"^([A-Za-z]+)=(.*)$", text, re.M))


@pytest.mark.parametrize("name", ["worker", "mailer"])
def test_worker_units_send_sigterm_to_celerys_main_process_only_and_wait_for_the_task(name):
    unit = _unit(name)
    assert unit["KillMode"] == "mixed"
    assert unit["KillSignal"] == "SIGTERM"
    assert int(unit["TimeoutStopSec"]) > settings.CELERY_TASK_TIME_LIMIT
    assert unit["ExecStart"].split()[1] == "worker"  # deploy/site execs Celery: the unit's main process


def test_the_docs_say_how_a_worker_is_stopped():
    docs = " ".join((ROOT / "docs" / "deploy.md").read_text().split())
    assert "KillMode=mixed" in docs
    assert "warm shutdown" in docs
