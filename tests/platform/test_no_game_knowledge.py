"""The platform knows no game: La Città lives in games/lacitta/, and nothing else of the site's code,
templates, styles or site translations names it or its things (issue 15: "a test greps the platform").

Searched: every file git tracks, except a game's own folder (games/<slug>/ of each installed game),
tests, migrations (history), docs and READMEs, the rulebooks, benchmarks and scripts (which measure and
show La Città on purpose), deployment files and tooling (the installation is named after the project).
The words are La Città's name and the things only La Città has; the project's package
``lacitta_site`` is a name, not knowledge of the game, and is not a hit."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from django.apps import apps
from django.conf import settings

from play import registry

ROOT = Path(settings.BASE_DIR)

WORDS = re.compile(
    r"lacitta(?![_-]site)|la\s+citt[àa]|cocagne|citizen|castle|farmhouse|famine|voice\s+of\s+the\s+people"
    # lc_ / lc-: La Città's context keys and CSS classes (not LC_MESSAGES)
    r"|politics\s+card|(?-i:\blc[_-])|infinite\s*city",
    re.IGNORECASE,
)
# Lines that must name a game: where the site installs it (one line per game, issue 15).
ALLOWED = {
    ("lacitta_site/settings/base.py", 'GAME_APPS = ["games.lacitta", "games.infinitecity"]'),
}
NOT_PLATFORM = ("tests/", "docs/", "rules/", "bench/", "scripts/", "deploy/", ".ci/")
NOT_PLATFORM_FILES = {"README.md", "Makefile", "pyproject.toml", ".gitignore", "Procfile"}
BINARY = (".mo", ".png", ".jpg", ".svg", ".ico", ".woff", ".woff2")


def game_folders() -> list[str]:
    """The folder of every installed game's app, relative to the repository."""
    folders = []
    for definition in registry.definitions():
        app = apps.get_containing_app_config(type(definition.engine).__module__)
        path = Path(app.path).resolve()
        if path.is_relative_to(ROOT):
            folders.append(str(path.relative_to(ROOT)) + "/")
    return folders


def platform_files() -> list[str]:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    skip = tuple(game_folders()) + NOT_PLATFORM
    return [
        path for path in tracked.splitlines()
        if not path.startswith(skip) and path not in NOT_PLATFORM_FILES and "/migrations/" not in path
        and not path.endswith(BINARY)
    ]


def hits_in(paths, root: Path = ROOT) -> list[str]:
    found = []
    for path in paths:
        try:
            lines = (root / path).read_text(encoding="utf-8").splitlines()
        except (FileNotFoundError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, 1):
            if WORDS.search(line) and (path, line.strip()) not in ALLOWED:
                found.append(f"{path}:{number}: {line.strip()[:120]}")
    return found


def test_the_platform_has_no_la_citta_knowledge():
    files = platform_files()
    assert "play/views.py" in files and "templates/base.html" in files and "locale/fr/LC_MESSAGES/django.po" in files
    assert not any(path.startswith("games/lacitta/") for path in files)
    assert hits_in(files) == []


def test_the_search_finds_what_it_looks_for(tmp_path):
    """The words catch La Città's name and things, and not the project's package name or the site's."""
    (tmp_path / "views.py").write_text("from games.lacitta import page\nfrom lacitta_site import urls\n")
    (tmp_path / "base.html").write_text("<title>La Citta</title>\n{{ SITE_NAME }}: Città\n")
    (tmp_path / "site.css").write_text(".lc-board { }\nsvg.board .citizen { }\n")
    (tmp_path / "django.po").write_text('msgid "Pays de Cocagne"\nmsgid "2–2 Voice of the People"\n'
                                        '#: play/checks.py locale/fr/LC_MESSAGES/django.mo\n')
    assert hits_in(["views.py", "base.html", "site.css", "django.po"], root=tmp_path) == [
        "views.py:1: from games.lacitta import page", "base.html:1: <title>La Citta</title>",
        "site.css:1: .lc-board { }", "site.css:2: svg.board .citizen { }",
        'django.po:1: msgid "Pays de Cocagne"', 'django.po:2: msgid "2–2 Voice of the People"',
    ]
    assert "games/lacitta/" in game_folders()  # what is left out is the game's own folder
