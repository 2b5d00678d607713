"""The platform knows no game: each game lives in its own folder (games/<slug>/), and nothing else of the
site's code, templates, styles or site translations names it or its things (issue 15: "a test greps the
platform").

Searched: every file git tracks, except games/ (it holds only games, registered or still being written),
tests, migrations (history), docs and READMEs, the rulebooks, benchmarks and scripts (which measure and
show the games on purpose), deployment files and tooling (the installation is named after the project).
The words are every registered game's, read from the registry: its slug, its name and the words it
declares its own (``GameDefinition.own_words``: its pieces, the prefix of its context keys). Not hits:
the project's own packages (``lacitta_site`` is a name, not knowledge of a game), gettext's
``LC_MESSAGES`` folders, and the settings line that installs the games (``GAME_APPS``)."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path

from django.apps import apps
from django.conf import settings

from play import registry

ROOT = Path(settings.BASE_DIR)


def plain(text: str) -> str:
    """Lower case, without accents, spaces as one: "La  Città" and "la citta" read alike."""
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(text.lower().split())


def site_games() -> list[registry.GameDefinition]:
    """The registered games the site installs (``GAME_APPS``; not the test-only games of tests/games/,
    whose names are everyday words such as "race")."""
    return [d for d in registry.definitions()
            if apps.get_containing_app_config(type(d.engine).__module__).name in settings.GAME_APPS]


def game_words() -> list[str]:
    """Every game's slug, name and declared words, from the registry."""
    words = set()
    for definition in site_games():
        words |= {definition.slug, definition.name, *definition.own_words}
    return sorted(plain(w) for w in words)


def words_pattern(words: list[str]) -> re.Pattern:
    # A word begins a word ("lc_" is not in "calc_"); spaces match any run of spaces.
    return re.compile("|".join(r"\b" + re.escape(w).replace(r"\ ", r"\s+") for w in words))


# Not knowledge of a game: the project's own packages (lacitta_site) and gettext's folders.
NOT_GAME_NAMES = re.compile(r"\b(?:lacitta_site|lacitta-site|lc_messages)\b")
# Where the site installs its games: one settings line (issue 27).
INSTALL_LINE = ("lacitta_site/settings/base.py", "GAME_APPS = [")
NOT_PLATFORM = ("games/", "tests/", "docs/", "rules/", "bench/", "scripts/", "deploy/", ".ci/")
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


def hits_in(paths, root: Path = ROOT, words: list[str] | None = None) -> list[str]:
    pattern = words_pattern(game_words() if words is None else words)
    found = []
    for path in paths:
        try:
            lines = (root / path).read_text(encoding="utf-8").splitlines()
        except (FileNotFoundError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, 1):
            if path == INSTALL_LINE[0] and line.startswith(INSTALL_LINE[1]):
                continue
            if pattern.search(NOT_GAME_NAMES.sub(" ", plain(line))):
                found.append(f"{path}:{number}: {line.strip()[:120]}")
    return found


def test_the_platform_knows_no_game():
    files = platform_files()
    assert "play/views.py" in files and "templates/base.html" in files and "locale/fr/LC_MESSAGES/django.po" in files
    for folder in game_folders():
        assert not any(path.startswith(folder) for path in files)
    assert hits_in(files) == []


def test_the_words_are_the_registrys():
    words = game_words()
    assert {"lacitta", "la citta", "castle", "lc_", "infinitecity", "infinite city"} <= set(words)
    assert "race" not in words  # a test game's name


def test_the_search_finds_what_it_looks_for(tmp_path):
    """The words catch La Città's name and things, and not the project's package name or the site's."""
    (tmp_path / "views.py").write_text("from games.lacitta import page\nfrom lacitta_site import urls\n")
    (tmp_path / "base.html").write_text("<title>La Citta</title>\n{{ SITE_NAME }}: Città\n")
    (tmp_path / "site.css").write_text(".lc-board { }\nsvg.board .citizen { }\n")
    (tmp_path / "django.po").write_text('msgid "Pays de Cocagne"\nmsgid "2–2 Voice of the People"\n'
                                        '#: play/checks.py locale/fr/LC_MESSAGES/django.mo\n')
    assert hits_in(["views.py", "base.html", "site.css", "django.po"], root=tmp_path,
                   words=["lacitta", "la citta", "cocagne", "citizen", "voice of the people", "lc_", "lc-"]) == [
        "views.py:1: from games.lacitta import page", "base.html:1: <title>La Citta</title>",
        "site.css:1: .lc-board { }", "site.css:2: svg.board .citizen { }",
        'django.po:1: msgid "Pays de Cocagne"', 'django.po:2: msgid "2–2 Voice of the People"',
    ]
    assert "games/lacitta/" in game_folders()  # what is left out is the game's own folder
