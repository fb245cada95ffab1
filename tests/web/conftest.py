"""Fixtures for the web app: an in-process client, and a real server on a free local port."""

from __future__ import annotations

import pytest

from web.webtools import Server


@pytest.fixture
def make_client(tmp_path):
    """``make_client(**settings)``: a TestClient of a fresh app whose temporary folders go under tmp_path."""
    from fastapi.testclient import TestClient

    from deckgen.web.app import Settings, create_app

    opened = []

    def make(**kw):
        kw.setdefault("jobs", 2)
        kw.setdefault("time_limit", 120.0)
        kw.setdefault("root", tmp_path)
        app = create_app(Settings(**kw))
        # as the page's own script: a loopback address, and the page's CSRF token on every write
        client = TestClient(app, base_url="http://127.0.0.1", headers={"X-CSRF-Token": app.state.access.csrf})
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for c in opened:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client):
    return make_client()


@pytest.fixture(scope="module")
def server():
    s = Server("--jobs", "2", "--time-limit", "300")
    yield s
    s.stop()
