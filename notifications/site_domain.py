"""The sites framework's record (allauth's mails say "Hello from <site name>!" and build links
from its domain) follows SITE_URL, after every `migrate`, instead of staying "example.com"."""

from urllib.parse import urlsplit

from django.conf import settings


def sync_site_from_site_url(sender=None, using="default", apps=None, **kwargs) -> None:
    Site = apps.get_model("sites", "Site") if apps is not None else None
    if Site is None:
        from django.contrib.sites.models import Site
    domain = urlsplit(settings.SITE_URL).netloc
    if domain:
        Site.objects.using(using).filter(pk=settings.SITE_ID).exclude(domain=domain, name=domain).update(
            domain=domain, name=domain
        )
        from django.contrib.sites.models import SITE_CACHE

        SITE_CACHE.clear()
