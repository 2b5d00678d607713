"""The staff tiers as groups: Moderators, Game moderators, Administrators (community/tiers.py).
Administrators also see the IP records of logins (django-axes' lists)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUPS = {
    "Moderators": ["moderate_chat"],
    "Game moderators": ["moderate_games"],
    "Administrators": ["moderate_chat", "moderate_games", "administer_moderation", "view_ip_records"],
}
IP_RECORDS = ["view_accessattempt", "view_accesslog", "view_accessfailurelog"]
GAME_LISTS = ["view_game", "view_seat", "view_move"]


def make_groups(apps, schema_editor):
    # Permissions are made after all migrations ran; these ones are needed now.
    for label in ("community", "axes", "games"):
        config = apps.get_app_config(label)
        config.models_module = True
        create_permissions(config, apps=apps, verbosity=0)
        config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GROUPS.items():
        group, _created = Group.objects.get_or_create(name=name)
        perms = list(Permission.objects.filter(content_type__app_label="community", codename__in=codenames))
        if "view_ip_records" in codenames:
            perms += list(Permission.objects.filter(content_type__app_label="axes", codename__in=IP_RECORDS))
        # Every tier finds games and late seats in the admin lists (games' own admin).
        perms += list(Permission.objects.filter(content_type__app_label="games", codename__in=GAME_LISTS))
        group.permissions.add(*perms)


def drop_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=list(GROUPS)).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("community", "0003_staff_tier_permissions"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("axes", "0010_accessattemptexpiration"),
        ("games", "0001_initial"),
    ]

    operations = [migrations.RunPython(make_groups, drop_groups)]
