"""Log lines written before the trust fixes (issue 12): an abort's reason was a
parameter of its public log line, and a rollback's line named only the move gone back
to. The reason leaves the line (the row's payload and the moderation log keep it);
a rollback's line gets the first and last moves it took back."""

from django.db import migrations


def forwards(apps, schema_editor):
    Move = apps.get_model("games", "Move")
    for row in Move.objects.filter(kind__in=["abort", "rollback"]).iterator(chunk_size=500):
        changed = False
        for entry in row.log:
            params = entry.get("params") or {}
            if entry.get("key") == "site.abort" and "reason" in params:
                del params["reason"]
                changed = True
            elif entry.get("key") == "site.rollback" and "first" not in params and row.payload.get("undone"):
                params["first"], params["last"] = row.payload["undone"][0], row.payload["undone"][-1]
                entry["params"] = params
                changed = True
        if changed:
            row.save(update_fields=["log"])


class Migration(migrations.Migration):
    dependencies = [("games", "0004_seat_bot_owes_move_index")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
