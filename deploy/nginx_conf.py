"""The balancer's nginx configuration for one or several hosts, printed from the environment file
(`deploy/site nginx-conf > /etc/nginx/conf.d/lacitta.conf`): the one configuration docs/deploy.md describes
and tests/deploy/test_https_install.py runs, so what an operator installs is what was tested.

    NGINX_WEB_SERVERS     the web hosts' WEB_BIND addresses, space-separated (10.0.0.11:8000 10.0.0.12:8000)
    NGINX_STREAM_SERVERS  the stream hosts' STREAM_BIND addresses, space-separated (10.0.0.11:8001 …)
    NGINX_TLS_CERT/KEY    the certificate and key files (default: Let's Encrypt's paths for SITE_URL's host)
    NGINX_LISTEN_HTTPS    what the HTTPS server listens on (default 443), NGINX_LISTEN_HTTP (default 80)
    SITE_URL              the site's address: its host is the server_name

What it settles (each was a fault an operator met following the earlier fragments):
- X-Forwarded-Proto is always sent (without it, Django behind TLS termination redirects https to https: a loop);
- X-Forwarded-For is appended to ($proxy_add_x_forwarded_for), as TRUSTED_PROXY_COUNT=1 assumes;
- streams go to every stream host, not one (an upstream with all of them; least_conn, since streams are long);
- open-source nginx does not probe /healthz: a host is taken out passively (max_fails / fail_timeout), and a
  request that met a dead or refusing host is sent to the next one, but a POST only when it never reached the
  first (nginx's default: non-idempotent requests are not retried once sent);
- streams are neither buffered nor cut before an hour (the site closes them after an hour, keep-alive every
  15–20 s); the rest keeps nginx's buffering, with gunicorn's 30 s timeout under nginx's."""

from __future__ import annotations

import os
import sys
from urllib.parse import urlsplit

TEMPLATE = """\
# Made by `deploy/site nginx-conf` (deploy/nginx_conf.py) from {env_file}: change the environment file and
# run it again rather than editing this file.

upstream lacitta_web {{
{web_servers}
}}

upstream lacitta_stream {{
    least_conn;  # streams last up to an hour: new ones go where fewest are open
{stream_servers}
}}

# Open streams per client address, counted by nginx itself (a little above STREAM_MAX_PER_ADDRESS).
limit_conn_zone $binary_remote_addr zone=lacitta_streams_per_address:10m;

server {{
    listen {listen_http};
    server_name {host};
    # The balancer's own probe path answers over plain HTTP; everything else goes to HTTPS.
    location = /healthz {{
        proxy_pass http://lacitta_web;
        proxy_set_header Host $host;
    }}
    location / {{
        return 301 https://$host$request_uri;
    }}
}}

server {{
    listen {listen_https} ssl;  # (add http2 where your nginx has it: `listen 443 ssl http2;` before 1.25)
    server_name {host};
    ssl_certificate {cert};
    ssl_certificate_key {key};
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 2m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;  # with its port, as the browser sent it (CSRF compares it with Origin)
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_connect_timeout 3s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;

    location / {{
        proxy_pass http://lacitta_web;
        proxy_read_timeout 35s;  # gunicorn's own timeout is 30 s
    }}

    location /api/stream/ {{
        proxy_pass http://lacitta_stream;
        proxy_buffering off;
        proxy_cache off;
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
        limit_conn lacitta_streams_per_address 40;
        limit_conn_status 429;
    }}
}}
"""


def _servers(name: str, env: dict) -> str:
    addresses = env.get(name, "").split()
    if not addresses:
        raise SystemExit(f"deploy/site nginx-conf: {name} is empty (the hosts' addresses, space-separated)")
    for address in addresses:
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            raise SystemExit(f"deploy/site nginx-conf: {name}: {address!r} is not HOST:PORT")
    # Passive health: a host that failed once is left alone for 5 s, then tried again.
    return "\n".join(f"    server {address} max_fails=1 fail_timeout=5s;" for address in addresses)


def render(env: dict) -> str:
    host = urlsplit(env.get("SITE_URL", "")).hostname
    if not host:
        raise SystemExit("deploy/site nginx-conf: SITE_URL is not set (its host is the server_name)")
    return TEMPLATE.format(
        env_file=env.get("LACITTA_ENV", "/etc/lacitta/env"),
        web_servers=_servers("NGINX_WEB_SERVERS", env),
        stream_servers=_servers("NGINX_STREAM_SERVERS", env),
        host=host,
        cert=env.get("NGINX_TLS_CERT") or f"/etc/letsencrypt/live/{host}/fullchain.pem",
        key=env.get("NGINX_TLS_KEY") or f"/etc/letsencrypt/live/{host}/privkey.pem",
        listen_https=env.get("NGINX_LISTEN_HTTPS") or "443",
        listen_http=env.get("NGINX_LISTEN_HTTP") or "80",
    )


if __name__ == "__main__":
    sys.stdout.write(render(dict(os.environ)))
