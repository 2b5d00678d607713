"""Issue 26 point 1: whether a move may be taken back is now decided by one rule for every game
(``kit.reveal``: what the move showed its mover), no longer by each game's list. The rows of
games in progress were decided by the old rule (La Città's last 2–2 choice at once was marked
"reveals nothing"): clear them. At worst a player loses the undo of the move they had just made."""

from django.db import migrations


def forwards(apps, schema_editor):
    Move = apps.get_model("games", "Move")
    Move.objects.filter(reveals_nothing=True, game__status="active").update(reveals_nothing=False)


class Migration(migrations.Migration):
    dependencies = [("games", "0008_lacitta_older_games_keep_2_2_choices_at_once")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
