"""The system check of every registered game (``manage.py check``, ``migrate``, ``runserver``…).

A game that lacks a part, or names a template, stylesheet, label or translation that is not
there, is an Error at start-up, never a game that silently loses its bots or texts."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from kit import contract

from . import registry


@checks.register("games")
def check_games(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    errors = []
    for definition in registry.definitions():
        errors += check_definition(definition)
    return errors


def check_definition(definition: registry.GameDefinition) -> list[checks.CheckMessage]:
    engine = definition.engine
    slug = getattr(engine, "slug", repr(engine))
    found: list[checks.CheckMessage] = []

    def error(code: int, message: str, hint: str | None = None) -> None:
        found.append(checks.Error(message, hint=hint, obj=f"game {slug!r}", id=f"games.E{code:03d}"))

    def report(finding: contract.Finding, code: int) -> None:
        if finding.error:
            error(code, finding.message, finding.hint or None)
        else:
            found.append(checks.Warning(finding.message, hint=finding.hint or None, obj=f"game {slug!r}",
                                        id=f"games.W{code:03d}"))

    for finding in contract.check(engine):  # the one contract check selfplay runs too (kit/contract.py)
        report(finding, 1)
    if contract.missing_members(engine):
        return found  # the checks below read the engine

    texts = definition.texts
    for finding in contract.check_texts(texts):
        report(finding, 2)
    messages = getattr(texts, "MESSAGES", {}) if isinstance(getattr(texts, "MESSAGES", None), Mapping) else {}

    for part in registry.REQUIRED_TEMPLATES:
        if not definition.template(part):
            error(3, f"it names no {part!r} template")
    for part, name in definition.templates.items():
        if part not in registry.REQUIRED_TEMPLATES + registry.OPTIONAL_TEMPLATES:
            error(3, f"{part!r} is not a part of a game page",
                  f"Parts: {', '.join(registry.REQUIRED_TEMPLATES + registry.OPTIONAL_TEMPLATES)}.")
        elif not _template_exists(name):
            error(4, f"its {part!r} template {name!r} does not exist")
    if definition.page is not None and not callable(definition.page):
        error(5, "its page context is not callable")

    for level, chooser in definition.bot_levels.items():
        if level == "random" or not callable(chooser):
            error(6, f"bot level {level!r} is not a chooser of its own",
                  "Every game has 'random'; other levels map to chooser(engine, view, legal, seat, rng).")

    labels = definition.option_labels
    for spec in engine.options:
        if spec.name not in labels:
            error(7, f"option {spec.name!r} has no label")
        for choice in spec.choices:
            if choice not in labels and not str(choice).isdigit():
                error(7, f"the value {choice!r} of option {spec.name!r} has no label",
                      "Values other than numbers are shown in words.")

    if definition.rules is not None:
        rules = definition.rules
        if not callable(rules.variant_of):
            error(8, "its rules' variant_of is not callable")
        for variant in rules.variants:
            name = rules.template.format(variant=variant, language="en")
            if not _template_exists(name):
                error(8, f"the rules page of {variant!r} ({name!r}) does not exist")

    for path in definition.stylesheets:
        if not finders.find(path):
            error(9, f"its stylesheet {path!r} is not a static file")
    for path in definition.scripts:
        if not finders.find(path):
            error(9, f"its script {path!r} is not a static file")

    from .colours import COLOUR_NAMES

    colours = definition.seat_colours
    if len(colours) < engine.max_players or len(set(colours)) != len(colours):
        error(10, f"it needs {engine.max_players} different seat colours, it has {list(colours)}")
    unknown = [c for c in colours if c not in COLOUR_NAMES]
    if unknown:
        error(10, f"seat colours {unknown} are not colours the site draws",
              f"Known: {', '.join(COLOUR_NAMES)}.")

    for key in [*definition.log_marks, *filter(None, [definition.year_start])]:
        if key not in messages:
            error(11, f"the log key {key!r} is not in its texts")

    for options in definition.demo_options:  # seed_demo opens games of 2 and 3 players with them
        for players in range(engine.min_players, min(engine.max_players, 3) + 1):
            try:
                engine.validate_options(options, players)
            except ValueError as exc:
                error(12, f"its demo options {options} are refused for {players} players: {exc}")

    _schema_errors(definition, error)

    app = apps.get_containing_app_config(type(engine).__module__)
    if app is None:
        error(13, "its engine is not inside an installed app",
              "A game is one Django app in settings.GAME_APPS.")
    else:
        for code, _name in settings.LANGUAGES:
            if code == settings.LANGUAGE_CODE:
                continue
            catalog = Path(app.path) / "locale" / code / "LC_MESSAGES" / "django.mo"
            if not catalog.is_file():
                error(13, f"it has no compiled {code} translations ({catalog})",
                      "Write locale/<language>/LC_MESSAGES/django.po in the game's app and compile it.")
    return found


def _schema_errors(definition: registry.GameDefinition, error) -> None:
    """A game publishes the JSON Schemas of its moves and view (the API serves them to bots' authors)."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    schemas = definition.schemas
    if schemas is None:
        error(14, "it publishes no JSON Schemas of its moves and view",
              "GameDefinition(schemas=GameSchemas.from_folder(...)); scripts/game_schemas.py drafts them.")
        return
    for name in ("move", "view"):
        try:
            Draft202012Validator.check_schema(getattr(schemas, name))
        except SchemaError as exc:
            error(14, f"its {name} schema is not a JSON Schema: {exc.message}")
    kinds = [v.get("properties", {}).get("type", {}).get("const") for v in schemas.move.get("oneOf", [])]
    if not kinds or None in kinds:
        error(14, "its move schema is not a oneOf of objects with a constant 'type'",
              "Bots tell the moves apart by their type.")


def _template_exists(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True
