"""Helpers of the deploy test: the environment file made from deploy/env.example, the processes the
systemd units start (read from the unit files), a local SMTP sink, and a browser-like HTTP client."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKOUT_IN_UNITS = "/srv/lacitta"  # where docs/deploy.md puts the checkout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the environment file -------------------------------------------------------------------


def env_file_lines(text: str) -> list[tuple[str, str]]:
    """(name, raw value) of each assignment; comments only on lines of their own."""
    pairs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = re.fullmatch(r"([A-Z][A-Z0-9_]*)=(.*)", line)
        assert match, f"env.example line {number} is not NAME=value: {line!r}"
        raw = match.group(2)
        assert " #" not in raw and "\t#" not in raw, (
            f"env.example line {number} has a comment after its value"
        )
        pairs.append((match.group(1), raw))
    return pairs


def systemd_value(raw: str) -> str:
    """What systemd's EnvironmentFile= makes of a value (quotes removed, nothing else)."""
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    return raw.strip()


def shell_values(path: Path) -> dict[str, str]:
    """What `set -a; . file` gives a shell, read back from `env -0`."""
    out = subprocess.run(
        ["bash", "-c", f"set -a; . {shlex.quote(str(path))}; env -0"],
        capture_output=True,
        check=True,
        env={"PATH": os.environ["PATH"]},
    ).stdout
    return dict(item.split("=", 1) for item in out.decode().split("\0") if "=" in item)


def write_env_file(path: Path, values: dict[str, str], extra: dict[str, str], checkout: Path = ROOT) -> None:
    """deploy/env.example (of `checkout`) with this machine's values; every name of the example is kept."""
    lines = []
    for name, raw in env_file_lines((checkout / "deploy" / "env.example").read_text()):
        value = values.get(name, systemd_value(raw))
        lines.append(f'{name}="{value}"' if re.search(r"[\s<>]", value) else f"{name}={value}")
    lines += [f"{name}={value}" for name, value in extra.items()]
    path.write_text("\n".join(lines) + "\n")


# --- the processes ---------------------------------------------------------------------------


def unit_command(unit: str, checkout: Path = ROOT) -> list[str]:
    """The unit's ExecStart (of `checkout`'s units), with the documented checkout replaced by that one."""
    text = (checkout / "deploy" / "systemd" / f"lacitta-{unit}.service").read_text()
    (line,) = [raw for raw in text.splitlines() if raw.startswith("ExecStart=")]
    argv = shlex.split(line.removeprefix("ExecStart="))
    assert argv[0].startswith(CHECKOUT_IN_UNITS + "/"), argv
    return [str(checkout / argv[0][len(CHECKOUT_IN_UNITS) + 1 :]), *argv[1:]]


@dataclass
class Process:
    name: str
    proc: subprocess.Popen
    out: Path
    err: Path

    def lines(self) -> list[str]:
        return [
            ln
            for p in (self.out, self.err)
            for ln in p.read_text(errors="replace").splitlines()
            if ln.strip()
        ]


@dataclass
class Processes:
    env: dict
    logs: Path
    started: list[Process] = field(default_factory=list)
    cwd: Path = ROOT  # the checkout (tests/deploy/test_upgrade_under_play.py: one of its own)

    def start(self, name: str, argv: list[str], env: dict | None = None) -> Process:
        out, err = self.logs / f"{name}.out", self.logs / f"{name}.err"
        proc = subprocess.Popen(
            argv, cwd=self.cwd, env=env or self.env, stdout=out.open("w"), stderr=err.open("w"),
            start_new_session=True,
        )  # its own process group: ended with its children
        process = Process(name, proc, out, err)
        self.started.append(process)
        return process

    def stop(self, process: Process, timeout: float = 60) -> None:
        """What systemd's stop does: SIGTERM to the main process alone (the worker and mailer units' KillMode=mixed;
        gunicorn's and uvicorn's masters end their workers as a SIGTERM to each would), then wait (the requests
        and tasks under way finish), then SIGKILL to whatever of the unit is left. SIGTERM to the whole group, as
        before, killed a Celery pool process in the middle of its task ("exited with signal 15", WorkerLostError),
        which the units never do."""
        if process.proc.poll() is None:
            process.proc.send_signal(signal.SIGTERM)
        process.proc.wait(timeout=timeout)
        try:
            os.killpg(process.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def run(self, argv: list[str], timeout: float = 300, env: dict | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(argv, cwd=self.cwd, env=env or self.env, capture_output=True, text=True,
                              timeout=timeout)

    def install(self, timeout: float = 900) -> subprocess.CompletedProcess:
        """`deploy/site install` in this checkout, one at a time: the deploy tests may run in two test processes
        at once (pytest-xdist), and both would install into the same virtualenv."""
        import fcntl

        (ROOT / "var").mkdir(exist_ok=True)
        with open(ROOT / "var" / "deploy-test-install.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            return self.run([str(ROOT / "deploy" / "site"), "install"], timeout=timeout)

    def stop_all(self) -> None:
        for p in self.started:
            if p.proc.poll() is None:
                os.killpg(p.proc.pid, signal.SIGTERM)
        for p in self.started:
            try:
                p.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(p.proc.pid, signal.SIGKILL)
                p.proc.wait()


ROOT_WARNING = re.compile(  # Celery's warning when run as root (CI runs as root; production does not)
    r"^.*SecurityWarning: You're running the worker with superuser privileges"
    r".*?_warn_or_raise_security_error\(.*?$",
    re.S | re.M,
)


def non_json_lines(process: Process) -> list[str]:
    text = "\n".join(process.lines())
    if os.geteuid() == 0:
        text = ROOT_WARNING.sub("", text)
    bad = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            assert isinstance(json.loads(line), dict)
        except (ValueError, AssertionError):
            bad.append(line)
    return bad


def json_records(process: Process) -> list[dict]:
    records = []
    for line in process.lines():
        try:
            records.append(json.loads(line))
        except ValueError:
            pass
    return records


# --- the mail sink ---------------------------------------------------------------------------


class Mailbox:
    """aiosmtpd on a local port: what the site sends arrives here."""

    def __init__(self, port: int):
        from aiosmtpd.controller import Controller

        self.messages: list[tuple[float, EmailMessage]] = []
        self._lock = threading.Lock()
        self.controller = Controller(self, hostname="127.0.0.1", port=port)

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        with self._lock:
            self.messages.append(
                (time.monotonic(), message_from_bytes(envelope.content, policy=policy.default))
            )
        return "250 OK"

    def __enter__(self):
        self.controller.start()
        return self

    def __exit__(self, *exc):
        self.controller.stop()

    def wait_for(self, predicate, timeout: float, after: float = 0.0) -> tuple[float, EmailMessage]:
        """The first mail for which predicate holds that arrived after `after` (time.monotonic())."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                for arrived, message in self.messages:
                    if arrived > after and predicate(message):
                        return arrived, message
            time.sleep(0.3)
        with self._lock:
            subjects = [m["subject"] for _, m in self.messages]
        raise AssertionError(f"no such mail within {timeout:.0f} s; arrived: {subjects}")


def body_of(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


# --- pages ---------------------------------------------------------------------------------


class FormFields(HTMLParser):
    """The default values of a page's form fields (inputs, selected options, textareas)."""

    def __init__(self):
        super().__init__()
        self.values: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            if a.get("type") in ("submit", "button"):
                return
            self.values[a["name"]] = a.get("value") or ""
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
        elif tag == "option" and self._select:
            if self._select not in self.values or "selected" in a:
                self.values[self._select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def form_values(html: str) -> dict[str, str]:
    parser = FormFields()
    parser.feed(html)
    return parser.values


# The main configuration around the site's (what /etc/nginx/nginx.conf gives a conf.d file), paths of the test's.
NGINX_MAIN = """
{user}
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
worker_processes 1;
events {{ worker_connections {connections}; }}
http {{
  log_format upstreams '{log_fields}';
  access_log {tmp}/nginx-access.log upstreams;
  client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy; fastcgi_temp_path {tmp}/fcgi;
  uwsgi_temp_path {tmp}/uwsgi; scgi_temp_path {tmp}/scgi;
  include {tmp}/lacitta.conf;
}}
"""


def write_nginx_main(tmp, *, connections: int = 256, log_fields: str = "$request_uri $status $upstream_addr") -> None:
    """``tmp/nginx.conf``: nginx's main configuration around ``tmp/lacitta.conf`` (deploy/site nginx-conf's), its
    access log a line per request with ``log_fields`` (which upstream served it)."""
    (tmp / "nginx.conf").write_text(NGINX_MAIN.format(tmp=tmp, user="user root;" if os.geteuid() == 0 else "",
                                                      connections=connections, log_fields=log_fields))
