"""The site's URLs plus a bare view, to measure Django's own floor on the same
server in the same run. Bench only: never in lacitta_site.urls."""

from django.http import HttpResponse
from django.urls import path

from lacitta_site.urls import handler500  # noqa: F401  (the site's error handler, as in production)
from lacitta_site.urls import urlpatterns as site_urlpatterns


def bare(request):
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench/bare", bare, name="bench-bare"), *site_urlpatterns]
