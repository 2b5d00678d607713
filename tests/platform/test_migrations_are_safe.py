"""Issue 32.3: an upgrade under play gave 500s: the previous release's code, still serving while `release` ran,
met a schema it could not use. Every migration must be safe for the code of the release before it (expand,
then contract: docs/deploy.md "Releasing without downtime"):

- a new column is nullable or has a database default (``db_default``): the old code's INSERTs leave it out;
- nothing is dropped or renamed (columns, tables) in the release that stops using it: one release later, and
  then the migration is listed in ``CONTRACTED`` with the release that stopped using it;
- a column does not become NOT NULL.

The migrations applied before this check existed are listed in ``BEFORE_THE_CHECK`` (each was applied with a
restart, as the release notes of its day said); every new migration must pass."""

from __future__ import annotations

from django.db import models
from django.db.migrations import operations as ops
from django.db.migrations.loader import MigrationLoader
from django.db.models import NOT_PROVIDED

OUR_APPS = {"games", "players", "community", "notifications", "ratings"}
BEFORE_THE_CHECK = {  # NOT NULL columns added without a database default (issue 32.3 names 0005 and 0007)
    ("community", "0005_sanction_notices_and_staff_digest"),
    ("games", "0002_game_vacation_cap_seconds_seat_reminder_at_and_more"),
    ("games", "0005_move_taken_back_reveals_nothing"),
    ("games", "0007_seat_seen_seq"),
    ("notifications", "0002_account_mail_and_one_waiting_turn_mail_per_seat"),
    ("notifications", "0002_moderation_mail_kinds"),
}
CONTRACTED: dict[tuple[str, str], str] = {}  # (app, migration) -> the release that stopped using what it drops


def _has_db_default(field) -> bool:
    return getattr(field, "db_default", NOT_PROVIDED) is not NOT_PROVIDED


def problems_of(loader: MigrationLoader, key: tuple[str, str]) -> list[str]:
    migration = loader.graph.nodes[key]
    before = loader.project_state(key, at_end=False)
    created = {op.name_lower for op in migration.operations if isinstance(op, ops.CreateModel)}
    found = []
    for op in migration.operations:
        if isinstance(op, ops.AddField) and op.model_name_lower not in created:
            field = op.field
            if not field.null and not _has_db_default(field) and not isinstance(field, models.ManyToManyField):
                found.append(f"adds NOT NULL {op.model_name}.{op.name} without db_default")
        elif isinstance(op, (ops.RemoveField, ops.DeleteModel, ops.RenameField, ops.RenameModel,
                             ops.AlterModelTable)) and key not in CONTRACTED:
            found.append(f"{type(op).__name__} ({op.describe()}) in an expand release")
        elif isinstance(op, ops.AlterField):
            old = before.models[migration.app_label, op.model_name_lower].fields.get(op.name)
            if old is not None and old.null and not op.field.null:
                found.append(f"makes {op.model_name}.{op.name} NOT NULL")
    return found


def unsafe_migrations() -> dict[tuple[str, str], list[str]]:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    ours = {key for key in loader.graph.nodes if key[0] in OUR_APPS or key[0] in _game_labels()}
    return {key: found for key in sorted(ours) if (found := problems_of(loader, key))}


def _game_labels() -> set[str]:
    from django.apps import apps

    return {config.label for config in apps.get_app_configs() if config.name.startswith("games.")}


def test_every_new_migration_is_safe_for_the_previous_release():
    unsafe = {key: found for key, found in unsafe_migrations().items() if key not in BEFORE_THE_CHECK}
    assert unsafe == {}


def test_the_list_of_older_migrations_holds_only_real_ones():
    """Each grandfathered entry exists and was indeed unsafe: the list cannot hide a new migration."""
    found = unsafe_migrations()
    assert set(found) >= BEFORE_THE_CHECK, sorted(BEFORE_THE_CHECK - set(found))


def test_the_check_catches_what_broke_the_upgrade():
    """The shapes of issue 32.3: a NOT NULL column without a database default, a rename, a drop."""
    from django.db.migrations import Migration
    from django.db.migrations.graph import MigrationGraph

    class Probe(Migration):
        operations = [
            ops.AddField("seat", "seen_again", models.PositiveIntegerField(default=0)),
            ops.AddField("seat", "fine", models.PositiveIntegerField(default=0, db_default=0)),
            ops.AddField("seat", "also_fine", models.PositiveIntegerField(null=True)),
            ops.RenameField("seat", "seen_again", "seen_twice"),
            ops.RemoveField("seat", "also_fine"),
        ]

    loader = MigrationLoader(None, ignore_no_migrations=True)
    last = max(key for key in loader.graph.leaf_nodes() if key[0] == "games")
    probe = Probe("9999_probe", "games")
    probe.dependencies = [last]
    graph: MigrationGraph = loader.graph
    graph.add_node(("games", "9999_probe"), probe)
    graph.add_dependency(probe, ("games", "9999_probe"), last)
    found = problems_of(loader, ("games", "9999_probe"))
    assert found[0] == "adds NOT NULL seat.seen_again without db_default" and len(found) == 3
    assert found[1].startswith("RenameField") and found[2].startswith("RemoveField")
