"""Send the daily digests now (beat does it every day at DIGEST_HOUR_UTC); for operators after an
outage, or to try the mail set-up: `deploy/site manage send_digests`."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Send every waiting daily digest now, in this process (no worker needed)."

    def handle(self, *args, **options):
        from notifications.tasks import send_digests

        sent = send_digests()
        self.stdout.write(f"{sent} digest(s) sent.")
