"""Memory of one stream process (uvicorn, as ``deploy/site stream``) before, while and after many anonymous
streams of one public game, twice (a second round that grows would be a leak).

    .venv/bin/python bench/stream_memory.py 3000            # the cap lifted: what 3,000 streams cost
    .venv/bin/python bench/stream_memory.py 3000 --cap 32   # the default cap per address: 32 open, the rest 429

A SQLite database of its own (under /tmp), no Redis (the in-process hub); the server's resident memory and
threads are read from /proc. Run from the checkout's root."""

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("streams", type=int)
parser.add_argument("--cap", default="100000", help="STREAM_MAX_PER_ADDRESS of the server")
args = parser.parse_args()
database = Path(tempfile.mkdtemp()) / "streams.sqlite3"
env = {**os.environ, "DJANGO_SETTINGS_MODULE": "lacitta_site.settings.test", "DATABASE_URL": f"sqlite:///{database}",
       "STREAM_MAX_PER_ADDRESS": args.cap, "DB_CONN_MAX_AGE": "0", "REDIS_URL": ""}
os.environ.update(env)
sys.path.insert(0, str(ROOT))
subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], env=env, check=True, cwd=ROOT)

import django  # noqa: E402

django.setup()
from tests.platform.factories import accept_all, make_user, race_game  # noqa: E402

game = accept_all(race_game(make_user("a"), [b := make_user("b")]), [b])


def server_memory(pid: int) -> str:
    status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return f"{int(status['VmRSS'].split()[0]) // 1024} MB, {status['Threads'].strip()} threads"


with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([str(Path(sys.executable).parent / "uvicorn"), "lacitta_site.asgi:application",
                           "--port", str(port), "--log-level", "warning"], env=env, cwd=ROOT)
time.sleep(4)


async def one_round(number: int) -> None:
    held, refused = [], 0
    for _ in range(args.streams):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /api/stream/games/{game.pk}/ HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        await writer.drain()
        if (await reader.readline()).split()[1] != b"200":
            refused += 1
            writer.close()
            continue
        held.append(writer)
    await asyncio.sleep(2)
    print(f"round {number}: {len(held)} open, {refused} refused: {server_memory(server.pid)}")
    for writer in held:
        writer.close()
    await asyncio.sleep(30)
    print(f"round {number}: 30 s after they left: {server_memory(server.pid)}")


async def main() -> None:
    print(f"idle: {server_memory(server.pid)}")
    for number in (1, 2):
        await one_round(number)


try:
    asyncio.run(main())
finally:
    server.terminate()
    server.wait()
