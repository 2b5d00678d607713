"""The Celery app. Without REDIS_URL the settings make every task run eagerly
in-process, so the site needs no broker to run."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.base")

app = Celery("lacitta_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
