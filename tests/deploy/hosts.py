"""Machines as network namespaces on one Linux host (issue 44.3): each host a namespace with one interface
(`eth0`, a veth) and its own address; the other ends of the veths on a bridge in a namespace of its own (the
switch), so every address lives inside the namespaces and nothing is added to the machine's own network.
Cutting a host's cable is `ip link set <its switch port> down`: its packets are dropped silently, as when a
link fails, not refused.

The data host runs a PostgreSQL and a redis-server of the test's own (the machine's listen on 127.0.0.1 only,
out of the namespaces' reach), prepared as docs/deploy.md says for a data host on another machine:
`listen_addresses` on its private address, pg_hba lines for the site's role, Redis `bind` + `requirepass`.
Both also listen on a Unix socket in their folder, which the test process (and `deploy/site install`, run once
for the shared checkout where pip reaches the package index) uses from the machine's own namespace: Unix
sockets are not bound to a network namespace.

Used by tests/deploy/test_multihost.py and bench/multihost.py. Needs root (`ip netns`)."""

from __future__ import annotations

import ctypes
import glob
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

CLONE_NEWNET = 0x40000000
SUBNET = "10.44.0"  # the same in every run: the namespaces of two runs never share a link
_libc = ctypes.CDLL(None, use_errno=True)


def ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def can_make_namespaces() -> str | None:
    """None when this process may make namespaces, else why not."""
    if os.geteuid() != 0:
        return "network namespaces need root (CI runs the suite as root)"
    if not shutil.which("ip"):
        return "the ip command (iproute2) is needed"
    return None


class Network:
    """Hosts on one switch. `add(name, last_octet)` makes a host; `close()` removes every namespace (their
    veths go with them)."""

    def __init__(self):
        self.tag = secrets.token_hex(2)
        self.switch = f"lc{self.tag}-switch"
        self.hosts: dict[str, str] = {}  # name -> address
        ip("netns", "add", self.switch)
        ip("-n", self.switch, "link", "add", "br0", "type", "bridge")
        ip("-n", self.switch, "link", "set", "br0", "up")

    def namespace(self, name: str) -> str:
        return f"lc{self.tag}-{name}"

    def port(self, name: str) -> str:
        return f"p-{name}"[:15]  # the host's cable on the switch (interface names: 15 characters)

    def add(self, name: str, octet: int) -> str:
        ns, address = self.namespace(name), f"{SUBNET}.{octet}"
        ip("netns", "add", ns)
        self.hosts[name] = address
        ip("-n", self.switch, "link", "add", self.port(name), "type", "veth", "peer", "name", "eth0", "netns", ns)
        ip("-n", self.switch, "link", "set", self.port(name), "master", "br0", "up")
        ip("-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
        ip("-n", ns, "link", "set", "eth0", "up")
        ip("-n", ns, "link", "set", "lo", "up")
        return address

    def cut(self, name: str) -> None:
        ip("-n", self.switch, "link", "set", self.port(name), "down")

    def mend(self, name: str) -> None:
        ip("-n", self.switch, "link", "set", self.port(name), "up")

    def on(self, name: str, argv: list[str]) -> list[str]:
        """argv run on host `name` (ip netns exec: the command replaces it, same pid)."""
        return ["ip", "netns", "exec", self.namespace(name), *argv]

    @contextmanager
    def inside(self, name: str):
        """This thread's new sockets are made on host `name` (setns applies to the calling thread only); a
        socket keeps its namespace for its life."""
        before = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
        target = os.open(f"/run/netns/{self.namespace(name)}", os.O_RDONLY)
        try:
            if _libc.setns(target, CLONE_NEWNET) != 0:
                raise OSError(ctypes.get_errno(), "setns")
            yield
        finally:
            _libc.setns(before, CLONE_NEWNET)
            os.close(target)
            os.close(before)

    def close(self) -> None:
        for name in list(self.hosts):
            subprocess.run(["ip", "netns", "del", self.namespace(name)], capture_output=True, timeout=30)
        subprocess.run(["ip", "netns", "del", self.switch], capture_output=True, timeout=30)


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise AssertionError("PostgreSQL's server binaries are needed (/usr/lib/postgresql/*/bin)")
    return Path(found[-1]).parent


class DataHost:
    """PostgreSQL and Redis on host `name` of `net`, each on its private address and a Unix socket."""

    ROLE, PASSWORD, DATABASE = "lacitta", "db-password-" + "n" * 12, "lacitta"
    REDIS_SECRET = "redis-secret-" + "r" * 20

    def __init__(self, net: Network, name: str):
        self.net, self.name, self.address = net, name, net.hosts[name]
        # Under /tmp with the postgres user's ownership: the server refuses to run as root.
        self.folder = Path(tempfile.mkdtemp(prefix="lacitta-datahost-"))
        os.chmod(self.folder, 0o755)
        shutil.chown(self.folder, "postgres", "postgres")
        self.processes: list[subprocess.Popen] = []
        try:
            self._start()
        except BaseException:
            self.close()  # nothing of a half-made data host is left running
            raise

    def _start(self) -> None:
        net, name = self.net, self.name
        bindir = _postgres_bin()
        data = self.folder / "pg"
        self._as_postgres([str(bindir / "initdb"), "--no-sync", "-A", "trust", "-U", "postgres", "-D", str(data)])
        with open(data / "pg_hba.conf", "a") as hba:  # docs/deploy.md, "Preparing PostgreSQL and Redis"
            for database in (self.DATABASE, "postgres", "all"):
                hba.write(f"host {database} {self.ROLE} {SUBNET}.0/24 scram-sha-256\n")
        self.processes.append(subprocess.Popen(
            net.on(name, ["runuser", "-u", "postgres", "--", str(bindir / "postgres"), "-D", str(data),
                          "-c", f"listen_addresses={self.address}", "-c", f"unix_socket_directories={self.folder}",
                          "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "max_connections=200"]),
            stdout=subprocess.DEVNULL, stderr=open(self.folder / "postgres.log", "w"), start_new_session=True))
        self._wait(lambda: subprocess.run(["psql", "-h", str(self.folder), "-U", "postgres", "-c", "select 1"],
                                          capture_output=True).returncode == 0, "PostgreSQL")
        self.psql(f"CREATE ROLE {self.ROLE} LOGIN CREATEDB PASSWORD '{self.PASSWORD}'")
        self.psql(f"CREATE DATABASE {self.DATABASE} OWNER {self.ROLE}")
        redis_bin = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.processes.append(subprocess.Popen(
            net.on(name, [redis_bin, "--bind", self.address, "--port", "6379", "--requirepass", self.REDIS_SECRET,
                          "--unixsocket", str(self.folder / "redis.sock"), "--unixsocketperm", "700",
                          "--save", "", "--appendonly", "no", "--dir", str(self.folder)]),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        self._wait(lambda: (self.folder / "redis.sock").exists(), "redis-server")

    def _as_postgres(self, argv):
        subprocess.run(["runuser", "-u", "postgres", "--", *argv], check=True, capture_output=True, timeout=120)

    def _wait(self, predicate, what: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate():
                return
            time.sleep(0.2)
        raise AssertionError(f"{what} on the data host: not up within {timeout:.0f} s")

    def psql(self, sql: str, database: str = "postgres") -> str:
        done = subprocess.run(["psql", "-h", str(self.folder), "-U", "postgres", "-d", database, "-At", "-c", sql],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    @property
    def database_url(self) -> str:  # what every host's env file names
        return f"postgres://{self.ROLE}:{self.PASSWORD}@{self.address}:5432/{self.DATABASE}"

    @property
    def redis_url(self) -> str:
        return f"redis://:{self.REDIS_SECRET}@{self.address}:6379/0"

    @property
    def local_database_url(self) -> str:  # by the Unix socket, from the machine's own namespace
        return f"postgres://{self.ROLE}:{self.PASSWORD}@{str(self.folder).replace('/', '%2F')}/{self.DATABASE}"

    def close(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
