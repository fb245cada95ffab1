"""Fixtures for the web app: an in-process client, and a real server on a free local port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


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
        client = TestClient(create_app(Settings(**kw)))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for c in opened:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client):
    return make_client()


def events(client, job_id: str) -> list[tuple[str, dict]]:
    """Every server-sent event of a job until its last one: (event name, state)."""
    out, name = [], None
    with client.stream("GET", f"/api/jobs/{job_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        for line in stream.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                out.append((name, json.loads(line[6:])))
    return out


def finish(client, job_id: str) -> dict:
    """The final state of a job, followed through its event stream."""
    final = events(client, job_id)[-1]
    assert final[0] in ("done", "failed")
    return final[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, *args: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "deckgen", "serve", "--port", str(self.port), "--quiet", *args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.proc.stderr.read().decode()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start in 60 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture(scope="module")
def server():
    s = Server("--jobs", "2", "--time-limit", "300")
    yield s
    s.stop()
