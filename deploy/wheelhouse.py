"""The lock's requirements for a wheelhouse (`deploy/site wheelhouse DIR`): every pinned package with its
hashes, its environment marker dropped, so the wheelhouse serves the target's Python whatever the machine that
builds it (a wheelhouse made under 3.11.7 lacked async-timeout, which 3.11.2 needs: python_full_version <
'3.11.3'), and the build backend pyproject.toml names (the site's own editable install builds with it).

    python3 deploy/wheelhouse.py lock requirements/prod.txt   the lock's lines (hashes kept, markers dropped)
    python3 deploy/wheelhouse.py backend pyproject.toml       the build backend's requirements"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path


def unmarked(lock_text: str) -> list[str]:
    """The lock's requirements, one per line (continuations joined), markers removed, hashes kept."""
    joined = re.sub(r"\s*\\\n\s*", " ", lock_text)
    lines = []
    for line in joined.splitlines():
        line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("--hash") else line.strip()
        if not line or line.startswith("-"):
            continue
        requirement, _, hashes = line.partition(" --hash")
        name = requirement.split(";", 1)[0].strip()
        lines.append(f"{name} --hash{hashes}" if hashes else name)
    return lines


def build_backend(pyproject_text: str) -> list[str]:
    return list(tomllib.loads(pyproject_text)["build-system"]["requires"])


if __name__ == "__main__":
    what, path = sys.argv[1:3]  # "lock requirements/prod.txt" or "backend pyproject.toml"
    text = Path(path).read_text()
    print("\n".join(unmarked(text) if what == "lock" else build_backend(text)))
