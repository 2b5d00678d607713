"""Slug → engine. Games register here (as OpenSpiel's ``register_game``); the
platform looks engines up by the slug stored on each game row."""

from __future__ import annotations

import os
from importlib import import_module

from .base import Engine

# Built-in games, imported lazily so a broken engine cannot stop the others.
BUILTIN = {
    "lacitta": "games.lacitta.engine.engine:ENGINE",
}

# More engines from the environment ("slug=module:attr,…"): plug-in games, and
# the test game in the worker processes that tests start.
for _item in filter(None, os.environ.get("EXTRA_GAME_ENGINES", "").split(",")):
    _slug, _, _path = _item.partition("=")
    BUILTIN.setdefault(_slug.strip(), _path.strip())

_registered: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    _registered[engine.slug] = engine
    return engine


def unregister(slug: str) -> None:
    _registered.pop(slug, None)


def get(slug: str) -> Engine:
    if slug not in _registered:
        if slug not in BUILTIN:
            raise KeyError(f"unknown game: {slug}")
        module, attr = BUILTIN[slug].split(":")
        register(getattr(import_module(module), attr))
    return _registered[slug]


def available() -> list[Engine]:
    """Every game that can be opened, built-in ones first."""
    engines = []
    for slug in BUILTIN:
        try:
            engines.append(get(slug))
        except ImportError:
            continue
    engines += [e for s, e in _registered.items() if s not in BUILTIN]
    return engines
