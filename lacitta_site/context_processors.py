from django.conf import settings


def site_name(request) -> dict:
    """The site's name for every page (the top bar, the default title)."""
    return {"SITE_NAME": settings.SITE_NAME}
