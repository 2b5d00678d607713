"""Issue 44.3: the docs' nginx fragments looped (no X-Forwarded-Proto behind TLS), made TRUSTED_PROXY_COUNT=1
wrong (no $proxy_add_x_forwarded_for), sent every stream to one host, and promised a /healthz probe that
open-source nginx does not make. `deploy/site nginx-conf` (deploy/nginx_conf.py) now writes the one
configuration, from the env file; tests/deploy/test_https_install.py runs it in front of two web hosts and a
stream host. These checks are on the text it writes (no nginx needed)."""

import re

import pytest

from deploy.nginx_conf import render
from tests.deploy.test_upgrade_under_play import ROOT

ENV = {"SITE_URL": "https://lacitta.example.org", "NGINX_WEB_SERVERS": "10.0.0.11:8000 10.0.0.12:8000",
       "NGINX_STREAM_SERVERS": "10.0.0.11:8001 10.0.0.12:8001"}


def _block(conf: str, start: str) -> str:
    return re.search(rf"{re.escape(start)} \{{.*?\n\}}", conf, re.S).group(0)


def test_every_web_and_stream_host_is_used_and_the_docs_show_the_same_upstream():
    conf = render(ENV)
    web, stream = _block(conf, "upstream lacitta_web"), _block(conf, "upstream lacitta_stream")
    assert "server 10.0.0.11:8000 max_fails=1 fail_timeout=5s;" in web and "10.0.0.12:8000" in web
    assert "10.0.0.11:8001" in stream and "10.0.0.12:8001" in stream and "least_conn" in stream
    docs = (ROOT / "docs" / "deploy.md").read_text()
    assert _block(docs, "upstream lacitta_web") == web


def test_the_headers_the_site_relies_on_are_sent_and_streams_are_not_buffered():
    conf = render(ENV)
    https = conf[conf.index("listen 443 ssl"):]
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in https
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in https
    streams = _block(https, "    location /api/stream/")
    assert "proxy_pass http://lacitta_stream;" in streams and "proxy_buffering off;" in streams
    assert "proxy_read_timeout 1h;" in streams
    assert "ssl_certificate /etc/letsencrypt/live/lacitta.example.org/fullchain.pem;" in conf
    assert "server_name lacitta.example.org;" in conf


@pytest.mark.parametrize(("name", "value", "said"), [
    ("NGINX_WEB_SERVERS", "", "NGINX_WEB_SERVERS is empty"),
    ("NGINX_STREAM_SERVERS", "10.0.0.11", "'10.0.0.11' is not HOST:PORT"),
    ("SITE_URL", "", "SITE_URL is not set"),
])
def test_a_missing_or_malformed_value_is_named(name, value, said):
    with pytest.raises(SystemExit) as refused:
        render({**ENV, name: value})
    assert said in str(refused.value)
