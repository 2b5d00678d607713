"""Issue 29, words: the rules of wording that a test can check, over every catalog of the site (the
platform, its apps and every registered game, the ones added later too).

- No "citizen(s)", "turn(s)", "Aucun(e)": a count says "1 citizen", "3 citizens" (plural forms, ngettext),
  a log line too (its template may be a plural whose number is one of its parameters).
- French typography: a space before ":", ";", "?" and "!" (a plain, no-break or narrow no-break space).
"""

import gettext
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.utils import translation

from play import texts

BRACKETED_ENDING = re.compile(r"\w\((?:s|e|x|es|nt|ne)\)")
FRENCH_PUNCTUATION = re.compile(r"(?<=[\w)»%])[:;?!](?=\s|$)")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


def catalogs() -> list[Path]:
    """Every French catalog of the site: its own, its apps' and its games' (not the libraries')."""
    root = Path(settings.BASE_DIR).resolve()
    folders = [Path(p) for p in settings.LOCALE_PATHS] + [Path(a.path) / "locale" for a in apps.get_app_configs()]
    found = {folder.resolve() / "fr" / "LC_MESSAGES" / "django.mo" for folder in folders}
    return sorted(p for p in found if p.exists() and root in p.parents and ".venv" not in p.parts)


def label(path: Path) -> str:
    """``games/lacitta/locale``: where the catalog is."""
    return "/".join(path.relative_to(Path(settings.BASE_DIR).resolve()).parts[:-3])


def entries():
    for path in catalogs():
        with path.open("rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog  # (the .mo's own table: the stdlib has no other reader)
        for key, msgstr in catalog.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid:  # (the header)
                yield path, msgid.split("\x04")[-1], msgstr


def test_the_site_has_its_catalogs():
    names = {label(p) for p in catalogs()}
    assert {"locale", "community/locale", "games/lacitta/locale", "games/infinitecity/locale"} <= names


def test_no_count_is_written_with_a_bracketed_ending():
    found = [f"{label(path)}: {text!r}" for path, msgid, msgstr in entries()
             for text in (msgid, msgstr) if BRACKETED_ENDING.search(text)]
    assert not found, "use plural forms (ngettext, {% blocktranslate count %}):\n" + "\n".join(found)


def test_french_puts_a_space_before_double_punctuation():
    found = []
    for path, _msgid, msgstr in entries():
        text = PLACEHOLDER.sub("X", re.sub(r"https?://\S+", "", msgstr))
        if FRENCH_PUNCTUATION.search(text):
            found.append(f"{label(path)}: {msgstr!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("rounds, english, french", [
    (1, "The market opens for 1 round.", "Le marché ouvre pour 1 tour."),
    (2, "The market opens for 2 rounds.", "Le marché ouvre pour 2 tours.")])
def test_a_log_line_takes_the_plural_form_its_count_asks_for(rounds, english, french):
    """A game's log template may be ``ngettext_lazy(singular, plural, "<parameter>")`` (proved on the test
    game market): the platform's log line picks the form from that parameter."""
    entry = {"key": "market.start", "params": {"rounds": rounds}}
    with translation.override("en"):
        assert texts.log_line("market", entry, ["ann", "bob"]) == english
    with translation.override("fr"):
        assert texts.log_line("market", entry, ["ann", "bob"]) == french
    # a count that is no number (an engine's slip): the entry as it is, never a 500 or an empty line
    assert texts.log_line("market", {"key": "market.start", "params": {"rounds": "x"}}, []) == "market.start (rounds=x)"
