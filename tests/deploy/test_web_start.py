"""Issue 44.6: under a supervisor that does not end the process group, a killed gunicorn master left its workers
holding the port, and the new master failed "Connection in use" for 28 s. `deploy/site web` now looks at what
holds WEB_BIND first: orphaned workers of this checkout's gunicorn (their master gone) are ended, and said so;
this checkout's running gunicorn, or another program, is a refusal that names it. Stand-ins play the orphan
and the stranger (a process with a worker's command line that listens on the port)."""

import os
import re
import signal
import socket
import subprocess
import sys
import time

from django.conf import settings

from tests.conftest import wait_for
from tests.deploy.site import free_port

ROOT = settings.BASE_DIR
SITE = str(ROOT / "deploy" / "site")
LISTENER = ("import socket, sys, time\n"
            "s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
            "s.bind(('127.0.0.1', int(sys.argv[1]))); s.listen(8)\n"
            "time.sleep(120)\n")
WORKER_ARGS = ["-m", "gunicorn", "--config", str(ROOT / "deploy" / "gunicorn.conf.py"), "lacitta_site.wsgi:application"]


def _listener(port: int, *args: str) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", LISTENER, str(port), *args])
    assert wait_for(lambda: _listening(port), timeout=10)
    return process


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _env(tmp_path, port: int) -> dict:
    env_file = tmp_path / "env"
    env_file.write_text(f"SECRET_KEY=x\nWEB_BIND=127.0.0.1:{port}\nWEB_PIDFILE={tmp_path / 'web.pid'}\n"
                        f"PROMETHEUS_MULTIPROC_DIR={tmp_path / 'metrics'}\n")
    return {"PATH": os.environ["PATH"], "LACITTA_ENV": str(env_file), "HOME": str(tmp_path)}


def _holder_cmdline(port: int) -> str:
    out = subprocess.run(["ss", "-Hltnp", f"( sport = :{port} )"], capture_output=True, text=True).stdout
    pids = set(re.findall(r"pid=(\d+)", out))
    return " ".join(open(f"/proc/{pid}/cmdline").read().replace("\0", " ") for pid in pids)


def test_orphaned_workers_of_a_killed_master_are_ended_and_the_new_master_takes_the_port(tmp_path):
    port = free_port()
    orphan = _listener(port, *WORKER_ARGS)  # a worker's command line, its master gone (its parent: not ours)
    web = subprocess.Popen([SITE, "web"], env=_env(tmp_path, port), cwd=ROOT, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    try:
        assert wait_for(lambda: orphan.poll() is not None, timeout=20), "the orphan was left holding the port"
        assert wait_for(lambda: "gunicorn" in _holder_cmdline(port) and _listening(port), timeout=30)
        os.killpg(web.pid, signal.SIGTERM)
        said = web.communicate(timeout=30)[1]
        assert f"ending 1 orphaned gunicorn worker(s) of a killed master on 127.0.0.1:{port}: {orphan.pid}" in said
        assert "Connection in use" not in said
    finally:
        if web.poll() is None:
            os.killpg(web.pid, signal.SIGKILL)
        orphan.kill()


def test_another_program_on_the_port_is_named_and_left_alone(tmp_path):
    port = free_port()
    stranger = _listener(port)
    try:
        start = time.monotonic()
        done = subprocess.run([SITE, "web"], env=_env(tmp_path, port), cwd=ROOT, capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 1 and time.monotonic() - start < 20
        assert f"127.0.0.1:{port} is in use by process {stranger.pid}" in done.stderr
        assert "not starting" in done.stderr and stranger.poll() is None
    finally:
        stranger.kill()
