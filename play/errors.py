"""What a service says when the site's rules refuse a request: the kind of refusal
(the class), a message key and its parameters. Nothing about HTTP: each interface
maps a refusal to its own answer (``play.http_errors`` for pages and the API).

The key is the message's gettext msgid: raise sites mark it with ``gettext_lazy``
(so ``makemessages`` finds it) and the text is written when it is read, in the
reader's language. This module imports nothing from the site, so every app may
raise and catch these without importing another app's services."""

from __future__ import annotations

from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

# A refusal repeats what the client sent (an unknown name, an id) at most this long: a 5,000-character offer
# id was reflected whole, up to 16 KB an answer (issue 39, point 10).
MAX_ECHO = 40
# An engine's own English sentence (the fallback when the game's texts do not word its key) may hold a client
# value somewhere in it: the whole sentence is bounded.
MAX_SENTENCE = 200


class Whole(str):
    """A parameter the site itself wrote (the list of a game's move types): never cut."""


def cut(value, limit: int = MAX_ECHO):
    """A client-supplied value as a refusal may repeat it: a text (or a number) longer than ``limit``
    characters is cut and says so, "(cut)" in the reader's language; lists are cut item by item."""
    if isinstance(value, Whole):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [cut(v, limit) for v in value[:limit]]
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() <= 3 * limit:  # at most ~40 digits: as it is
            return value
        text = str(value)[:limit] if value.bit_length() < 10_000 else ""  # str() refuses past 4,300 digits
        return format_lazy("{}… {}", text, gettext_lazy("(cut)"))
    if isinstance(value, str) and len(value) > limit:
        return format_lazy("{}… {}", value[:limit], gettext_lazy("(cut)"))
    return value


def cut_params(params: dict | None) -> dict:
    return {key: cut(value) for key, value in (params or {}).items()}


class ServiceError(Exception):
    """A request the rules of the site refuse; nothing was changed."""

    def __init__(self, key, params: dict | None = None, *, code: str = ""):
        self.code = code  # a stable name for programs (the API's error code); empty: the kind's own
        with translation.override(None):
            self.key = str(key)  # the msgid, whatever language is active now
        # Every value a refusal names may be the client's own (an unknown name, a huge id): cut.
        self.params = cut_params(params)
        super().__init__(self.key)

    @property
    def message(self) -> str:
        """The refusal in the active language."""
        text = gettext(self.key)
        return text % self.params if self.params else text

    def __str__(self) -> str:
        return self.message


class NotAllowed(ServiceError):
    """The user may not do this (not their seat, not their role…)."""


class Conflict(ServiceError):
    """The game is not in a state where this can happen (moved on, over, not your turn)."""


class StaleVersion(Conflict):
    """The client chose its move at an older version: someone moved first (or it was sent twice)."""


class TooMany(ServiceError):
    """A limit on how often something may be done (try again later)."""


class DamagedGame(ServiceError):
    """The stored position fails the engine's own checks: nobody plays or sees it until
    staff repair it (nothing is changed)."""


class BadMove(ServiceError):
    """The engine refused the move. ``key`` and ``params`` are the engine's: the game's texts
    word them (``play.texts.error_text``); ``default`` is the sentence when they do not
    (the engine's own, in English, or a platform message marked for translation)."""

    def __init__(self, key: str, params: dict | None = None, *, game_type: str = "", default=""):
        super().__init__(key, params)
        self.game_type = game_type
        with translation.override(None):
            self.default = str(default)
        if len(self.default) > MAX_SENTENCE:  # an engine's sentence built around a client value
            self.default = self.default[:MAX_SENTENCE] + "… (cut)"

    @property
    def message(self) -> str:
        """The default sentence; ``play.http_errors`` words the refusal with the game's texts."""
        return gettext(self.default) if self.default else self.key


class BadOptions(BadMove):
    """The engine refused the options for this player count (``InvalidOptions``): its key, worded by the
    game's texts, or its own sentence."""


class MoveOvertaken(BadMove, Conflict):
    """A move chosen at an older version, after only other seats acted, that the engine no longer
    accepts on the position as it is now: a conflict (409) worded with the engine's reason."""
