"""Draft a game's move and view JSON Schemas from random games, into its folder's ``schemas/``.

    .venv/bin/python scripts/game_schemas.py SLUG [--games 3] [--seed 1]

Every option set the engine accepts is played; the author reads the result (``git diff``) and keeps
or edits it. ``tests/engines/test_game_schemas.py`` checks random games against the files."""

import argparse
import itertools
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.test")

import django


def option_sets(engine):
    names = [o.name for o in engine.options]
    for values in itertools.product(*(o.choices for o in engine.options)):
        for players in range(engine.min_players, engine.max_players + 1):
            try:
                yield engine.validate_options(dict(zip(names, values, strict=True)), players), players
            except ValueError:
                continue


def keep_descriptions(new: dict, old_path: Path) -> dict:
    """The author's words (each move's and field's ``description``) survive a new draft."""
    if not old_path.exists():
        return new
    old = {v.get("title"): v for v in json.loads(old_path.read_text()).get("oneOf", [])}
    for variant in new.get("oneOf", []):
        before = old.get(variant.get("title"), {})
        if "description" in before:
            variant["description"] = before["description"]
        for name, prop in variant.get("properties", {}).items():
            said = before.get("properties", {}).get(name, {}).get("description")
            if said:
                prop["description"] = said
    return new


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("slug")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--views-every", type=int, default=1)
    args = parser.parse_args()
    django.setup()
    from django.apps import apps

    from kit.schemas import infer_moves, infer_view, samples
    from play import registry

    engine = registry.get(args.slug)
    app = next(a for a in apps.get_app_configs() if a.label == args.slug or a.name.endswith(f".{args.slug}"))
    moves, views = samples(engine, list(option_sets(engine)), games=args.games, seed=args.seed,
                           views_every=args.views_every)
    folder = Path(app.path) / "schemas"
    folder.mkdir(exist_ok=True)
    move = keep_descriptions(infer_moves(moves, title=f"{engine.name}: a move"), folder / "move.json")
    for name, schema in (("move", move),
                         ("view", infer_view(views, title=f"{engine.name}: what a seat or a spectator sees"))):
        (folder / f"{name}.json").write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n")
    print(f"{args.slug}: {len(moves)} moves, {len(views)} views -> {folder}")


if __name__ == "__main__":
    main()
