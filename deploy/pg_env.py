"""PostgreSQL's command-line tools (pg_dump, pg_restore, createdb, psql) connect as the site does:
from DATABASE_URL, printed as shell exports for deploy/site. The password travels in PGPASSWORD,
never on a command line that `ps` shows; without one in the URL, libpq reads ~/.pgpass of the user
running the command.

    pg_env.py               export PGHOST=… PGPORT=… PGUSER=… PGDATABASE=… [PGPASSWORD=…]
    pg_env.py --url-for DB  DATABASE_URL with the database name replaced by DB
"""

import os
import shlex
import sys
from urllib.parse import urlsplit, urlunsplit


def main(argv: list[str]) -> int:
    url = os.environ.get("DATABASE_URL", "")
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        print("echo 'DATABASE_URL is not a PostgreSQL URL' >&2; exit 2", end="")
        return 0
    if argv[:1] == ["--url-for"]:
        print(urlunsplit(parts._replace(path="/" + argv[1])))
        return 0
    values = {
        "PGHOST": parts.hostname or "",
        "PGPORT": str(parts.port or 5432),
        "PGUSER": parts.username or "",
        "PGDATABASE": parts.path.lstrip("/"),
        "PGPASSWORD": parts.password or "",
    }
    print(" ".join(f"export {k}={shlex.quote(v)};" for k, v in values.items() if v))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
