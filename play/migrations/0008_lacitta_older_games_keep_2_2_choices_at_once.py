"""La Città games created before the ``voice_tie`` option were played with 2–2 choices at
once: record that in their options, so that replays (``verify_games``, replay pages) rebuild
them as they were played and their pages name the rule they use. Their snapshots (schema 1)
load as ``at_once`` already."""

from django.db import migrations


def forwards(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.filter(game_type="lacitta").only("pk", "options").iterator():
        options = dict(game.options or {})
        if "voice_tie" not in options:
            options["voice_tie"] = "at_once"
            Game.objects.filter(pk=game.pk).update(options=options)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_seat_seen_seq")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
