"""Adding a game is its folder and one settings line (issue 27): a throwaway game, made here in a
temporary folder from the test game Nim's files under another name, is installed by one settings line
(its app added to the installed apps) and nothing else; `manage.py check` accepts it, the registry
finds it, and the site's own files are left as they were."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from django.conf import settings

NIM = Path(settings.BASE_DIR) / "tests" / "games" / "nim"
SLUG = "pebbles"


def make_game(folder: Path) -> Path:
    """games/pebbles/ as a game's author would write it: every file of Nim's, named Pebbles."""
    app = folder / SLUG
    shutil.copytree(NIM, app, ignore=shutil.ignore_patterns("__pycache__"))
    (app / "templates" / "nim").rename(app / "templates" / SLUG)
    for path in app.rglob("*"):
        if path.suffix in (".py", ".html", ".json"):
            text = path.read_text(encoding="utf-8")
            text = text.replace("tests.games.nim", SLUG).replace("nim", SLUG).replace("Nim", "Pebbles")
            path.write_text(text, encoding="utf-8")
    return app


def run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    # The one settings line: the site's test settings, with the game's app installed.
    (folder / "with_pebbles.py").write_text(
        "from lacitta_site.settings.test import *  # noqa: F403\n"
        f"INSTALLED_APPS = [*INSTALLED_APPS, {SLUG!r}]  # noqa: F405\n")
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="with_pebbles",
               PYTHONPATH=os.pathsep.join([str(folder), str(settings.BASE_DIR)]))
    return subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def tracked_changes() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=settings.BASE_DIR,
                          capture_output=True, text=True, check=True).stdout


def test_a_new_game_is_its_folder_and_one_settings_line(tmp_path):
    before = tracked_changes()
    make_game(tmp_path)
    checked = run(tmp_path, "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    found = run(tmp_path, "shell", "-c",
                "from play import registry; d = registry.definition('pebbles'); "
                "print(d.name, sorted(d.templates.values()), [x.slug for x in registry.definitions()])")
    assert found.returncode == 0, found.stdout + found.stderr
    assert "Pebbles ['pebbles/board.html', 'pebbles/moves.html']" in found.stdout, found.stdout
    assert "'pebbles'" in found.stdout and "'lacitta'" in found.stdout
    assert tracked_changes() == before  # nothing of the site changed


def test_a_game_missing_a_part_is_refused_by_the_check(tmp_path):
    """The check above can fail: the same game without its board template is refused (games.E…)."""
    app = make_game(tmp_path)
    (app / "templates" / SLUG / "board.html").unlink()
    checked = run(tmp_path, "check")
    assert checked.returncode != 0 and "pebbles/board.html" in checked.stdout + checked.stderr
