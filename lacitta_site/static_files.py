"""Static files (WhiteNoise) in a middleware chain the stream process runs on one shared thread.

WhiteNoise's middleware is sync-only. Under ASGI Django adapts a sync-only middleware by running it in a thread
for the whole of the rest of the chain and the view; the stream process gives all its requests' sync work one
thread (lacitta_site/asgi.py), which one request must not hold that long. Under WSGI this is WhiteNoise itself;
under ASGI (the stream process, which serves no static file in production) a request outside ``STATIC_URL``
passes straight on, and one inside it is WhiteNoise's, in a thread as before."""

from __future__ import annotations

from urllib.parse import urlparse

from asgiref.sync import async_to_sync, iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware:
    async_capable = True
    sync_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.asynchronous = iscoroutinefunction(get_response)
        self.whitenoise = WhiteNoiseMiddleware(async_to_sync(get_response) if self.asynchronous else get_response)
        self.prefix = urlparse(settings.STATIC_URL or "/static/").path
        if self.asynchronous:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.asynchronous:
            return self._async_call(request)
        return self.whitenoise(request)

    async def _async_call(self, request):
        if not request.path_info.startswith(self.prefix):
            return await self.get_response(request)
        return await sync_to_async(self.whitenoise)(request)
