"""Issue 32.2: `deploy/site release` from an operator's shell did not reload the web processes the systemd unit
started (the pid file's place was set only in the unit), and `reload` signalled a different gunicorn. deploy/site
is now the one place that says where the pid file is, and it signals only this checkout's gunicorn."""

import os
import signal
import subprocess
import sys
import time

from django.conf import settings

ROOT = settings.BASE_DIR
SITE = str(ROOT / "deploy" / "site")
# A stand-in for the gunicorn master: the same command line shape, a SIGHUP handler that leaves a mark.
FAKE_MASTER = ("import signal, sys, time, pathlib\n"
               "signal.signal(signal.SIGHUP, lambda *a: pathlib.Path(sys.argv[1]).write_text('reloaded'))\n"
               "time.sleep(60)\n")


def run_site(command: str, env_file) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ["PATH"], "LACITTA_ENV": str(env_file)}  # nothing of the unit's
    return subprocess.run([SITE, command], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)


def start(args, mark):
    process = subprocess.Popen([sys.executable, "-c", FAKE_MASTER, str(mark), *args])
    time.sleep(0.5)  # the handler is installed
    return process


def test_reload_finds_the_web_pid_where_web_wrote_it_and_signals_only_our_gunicorn(tmp_path):
    env_file = tmp_path / "env"
    env_file.write_text("SECRET_KEY=x\n")  # the operator's env file sets no WEB_PIDFILE
    pidfile = ROOT / "var" / "web.pid"
    saved = pidfile.read_text() if pidfile.exists() else None
    pidfile.parent.mkdir(exist_ok=True)
    ours = start(["--config", str(ROOT / "deploy" / "gunicorn.conf.py")], tmp_path / "ours")
    other = start(["--config", "/elsewhere/deploy/gunicorn.conf.py"], tmp_path / "other")
    try:
        pidfile.write_text(str(ours.pid))
        done = run_site("reload", env_file)
        assert done.returncode == 0 and f"gunicorn {ours.pid} reloaded" in done.stdout, done.stdout + done.stderr
        time.sleep(0.3)
        assert (tmp_path / "ours").read_text() == "reloaded"

        pidfile.write_text(str(other.pid))  # a stale file naming another site's process
        done = run_site("reload", env_file)
        assert done.returncode == 0 and "not signalled" in done.stderr, done.stdout + done.stderr
        time.sleep(0.3)
        assert not (tmp_path / "other").exists() and other.poll() is None

        pidfile.write_text("999999999")  # nobody
        assert "nothing to reload" in run_site("reload", env_file).stdout
    finally:
        for process in (ours, other):
            process.send_signal(signal.SIGTERM)
            process.wait(5)
        if saved is None:
            pidfile.unlink(missing_ok=True)
        else:
            pidfile.write_text(saved)


def test_a_release_missing_a_required_variable_changes_nothing(tmp_path):
    """Issue 32.3: the first release of an upgrade failed on a missing env variable after it had already
    changed the running virtualenv. The variables are checked before anything else."""
    env_file = tmp_path / "env"
    env_file.write_text("SECRET_KEY=x\nALLOWED_HOSTS=example.org\nDATABASE_URL=postgres://x@127.0.0.1/x\n"
                        "SITE_URL=https://example.org\n")  # no REDIS_URL
    stamps = sorted((ROOT / ".venv").glob(".deployed-*"))
    done = run_site("release", env_file)
    assert done.returncode == 1
    assert "does not set REDIS_URL" in done.stderr and "nothing was changed" in done.stderr
    assert sorted((ROOT / ".venv").glob(".deployed-*")) == stamps  # the dependencies were not touched
    required = [ln for ln in (ROOT / "deploy" / "required-env").read_text().splitlines()
                if ln and not ln.startswith("#")]
    assert required == ["SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL", "SITE_URL"]


def test_a_release_the_deploy_check_refuses_stops_before_the_database_and_the_switch(tmp_path):
    """Issue 32.3: `release` runs the new release's `check --deploy` before `migrate`, collectstatic and the
    virtualenv switch: an env file the new code refuses changes nothing (before, migrate ran first)."""
    env_file = tmp_path / "env"
    env_file.write_text("SECRET_KEY=" + "s" * 60 + "\nALLOWED_HOSTS=example.org\n"
                        "DATABASE_URL=postgres://x@127.0.0.1:1/x\nREDIS_URL=redis://127.0.0.1:1/0\n"
                        "SITE_URL=https://example.org\nSECURE_HSTS_SECONDS=0\n"  # no HSTS: security.W004
                        f"STATIC_ROOT={tmp_path / 'static'}\n")
    venv = (ROOT / ".venv").resolve()
    done = run_site("release", env_file)
    assert done.returncode != 0
    assert "security.W004" in done.stderr, done.stderr[-2000:]
    # migrate never tried the (unreachable) database; nothing collected, nothing switched
    assert "OperationalError" not in done.stderr and "Operations to perform" not in done.stdout
    assert not (tmp_path / "static").exists() and (ROOT / ".venv").resolve() == venv
    assert "switched" not in done.stdout and "reloaded" not in done.stdout


def run_site_args(args: list[str], env_file) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ["PATH"], "LACITTA_ENV": str(env_file)}
    return subprocess.run([SITE, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def test_a_release_of_a_commit_prepares_it_beside_the_checkout_and_switches_nothing_when_refused(tmp_path):
    """`release REF` stages REF in .release/ and runs its checks there: the checkout (which the running processes
    read) does not move until every step passed. An unknown REF and a refused env file change nothing."""
    import shutil

    env_file = tmp_path / "env"
    env_file.write_text("SECRET_KEY=" + "s" * 60 + "\nALLOWED_HOSTS=example.org\n"
                        "DATABASE_URL=postgres://x@127.0.0.1:1/x\nREDIS_URL=redis://127.0.0.1:1/0\n"
                        "SITE_URL=https://example.org\nSECURE_HSTS_SECONDS=0\n"  # no HSTS: security.W004
                        f"STATIC_ROOT={tmp_path / 'static'}\n")
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    try:
        done = run_site_args(["release", "no-such-release"], env_file)
        assert done.returncode == 1 and "names no commit" in done.stderr and "nothing was changed" in done.stderr

        done = run_site_args(["release", head], env_file)
        assert done.returncode != 0 and "security.W004" in done.stderr, done.stderr[-2000:]
        assert (ROOT / ".release" / head / "manage.py").exists()  # the checks ran on the staged files
        assert "checkout switched" not in done.stdout and "reloaded" not in done.stdout
        assert not (tmp_path / "static").exists()
    finally:
        shutil.rmtree(ROOT / ".release", ignore_errors=True)
