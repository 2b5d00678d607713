"""The ASGI application: the stream process (deploy/site stream, uvicorn), which holds the open streams.

Django runs an ASGI request's sync work (its middleware's hooks: ``MiddlewareMixin`` runs them thread-sensitive)
in a thread it makes for that request, and that thread lives for as long as the response streams: an idle thread
per open stream (tests/platform/test_stream_threads.py). Here every request's thread-sensitive work goes to one
thread made once, through asgiref's ``ThreadSensitiveContext`` with an executor (Django's own context inside it
then makes none). That work is short: the site's middleware is async-capable (lacitta_site/static_files.py), so
no sync middleware holds the thread across a view, and the streams' database work runs in the loop's pool
(``play.relay.in_thread``)."""

import os
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.base")


def sharing_one_thread(app):
    """``app`` with the thread-sensitive work of all its requests in one thread (asgiref asks one worker)."""
    executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="asgi-sync")

    async def application(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)
        async with ThreadSensitiveContext(executor=executor):  # a new context per request, one thread for all
            await app(scope, receive, send)

    return application


application = sharing_one_thread(get_asgi_application())
