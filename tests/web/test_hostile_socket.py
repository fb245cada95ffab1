"""Hostile clients on a real socket (127.0.0.1 only, every wait bounded): headers or bodies sent a byte
at a time, idle connections, too many connections from one address; and `deckgen serve` stopped
with Ctrl-C while a job runs."""

from __future__ import annotations

from deckgen.i18n import _, render
from deckgen.web.speak import SITE_LANG

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from web.webtools import ROOT, free_port


def site_words(msgid: str, plural: str | None = None, n: int = 0, **params) -> bytes:
    """A raw answer's words (written before any request says its language): the site's language."""
    from deckgen.i18n import _, ngettext, render
    from deckgen.web.speak import SITE_LANG

    return render(ngettext(msgid, plural, n, **params) if plural else _(msgid, **params), SITE_LANG).encode()


@pytest.fixture
def live(tmp_path):
    """``live(**settings)``: the app on uvicorn with deckgen's guarded protocol, in a thread; its port."""
    import uvicorn

    from deckgen.web.app import Settings, create_app
    from deckgen.web.server import server_config

    running = []

    def start(**kw):
        kw.setdefault("jobs", 1)
        settings = Settings(root=tmp_path, **kw)
        port = free_port()
        server = uvicorn.Server(server_config(create_app(settings), settings, "127.0.0.1", port))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        running.append((server, thread))
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
            time.sleep(0.05)
        return port

    yield start
    for server, thread in running:
        server.should_exit = True
        thread.join(timeout=15)


def connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    return s


def answer(s: socket.socket, within: float) -> bytes:
    """Everything the server sends until it closes the connection (at most ``within`` seconds)."""
    s.settimeout(within)
    out = b""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            break
        except ConnectionResetError:  # closed while the client was still sending: a reset, not a FIN
            return out
        if not chunk:
            return out
        out += chunk
    raise AssertionError(f"the connection is still open after {within} s (got {out[:200]!r})")


def trickle(s: socket.socket, data: bytes, every: float, stop: threading.Event) -> None:
    for i in range(len(data)):
        if stop.is_set():
            return
        try:
            s.sendall(data[i:i + 1])
        except OSError:
            return
        time.sleep(every)


def test_a_body_sent_byte_by_byte_gets_408_and_the_connection_ends(live):
    port = live(body_timeout=1.5, header_timeout=5)
    s = connect(port)
    s.sendall(b"POST /api/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n")
    stop = threading.Event()
    t = threading.Thread(target=trickle, args=(s, b" " * 200, 0.2, stop), daemon=True)
    began = time.monotonic()
    t.start()
    got = answer(s, within=6)
    stop.set()
    took = time.monotonic() - began
    assert got.startswith(b"HTTP/1.1 408 ") and b"did not arrive within 1.5 seconds" in got
    assert 1.3 < took < 4


def test_headers_sent_byte_by_byte_and_idle_connections_are_closed(live):
    port = live(header_timeout=1.0)
    slow, idle = connect(port), connect(port)
    stop = threading.Event()
    threading.Thread(target=trickle, args=(slow, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 100, 0.2, stop), daemon=True).start()
    began = time.monotonic()
    for s in (slow, idle):
        got = answer(s, within=5)
        assert got.startswith(b"HTTP/1.1 408 ") and site_words("the request headers did not arrive within {s:g} second",
                                                                    "the request headers did not arrive within {s:g} seconds", 1, s=1.0) in got
        assert "1 segundo".encode() in got and "1 segundos".encode() not in got  # the site speaks Spanish: one second, singular
    stop.set()
    assert time.monotonic() - began < 4


def test_the_header_deadline_holds_for_each_request_of_a_kept_connection(live):
    port = live(header_timeout=1.0)
    s = connect(port)
    s.sendall(b"GET /static/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    s.settimeout(5)
    first = b""
    while b"\r\n\r\n" not in first:
        first += s.recv(65536)
    assert first.startswith(b"HTTP/1.1 200 ")
    length = int(re.search(rb"content-length: (\d+)", first).group(1))
    while len(first.split(b"\r\n\r\n", 1)[1]) < length:
        first += s.recv(65536)
    stop = threading.Event()  # the second request on the same connection trickles in
    threading.Thread(target=trickle, args=(s, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 100, 0.2, stop), daemon=True).start()
    got = answer(s, within=5)
    stop.set()
    assert got.startswith(b"HTTP/1.1 408 ")


def test_thirty_slow_sockets_are_all_closed_in_bounded_time_and_the_page_still_answers(live):
    """The issue's attack (30 sockets sending a byte every 2 s), sped up: every one is closed within
    the header deadline, and a normal request is answered meanwhile."""
    port = live(header_timeout=1.5, max_connections=24)
    socks, stop = [], threading.Event()
    refused = 0
    for _ in range(30):
        s = connect(port)
        socks.append(s)
        threading.Thread(target=trickle, args=(s, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X" * 50, 0.5, stop), daemon=True).start()
    began = time.monotonic()
    for s in socks:
        got = answer(s, within=6)
        refused += got.startswith(b"HTTP/1.1 429 ")
        assert got.startswith((b"HTTP/1.1 408 ", b"HTTP/1.1 429 ")), got[:80]
    stop.set()
    assert refused == 6  # 24 connections per address at most
    assert time.monotonic() - began < 5
    assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200


def test_connections_per_client_are_capped_and_freed_when_closed(live):
    port = live(max_connections=3, header_timeout=20)
    held = [connect(port) for _ in range(3)]
    time.sleep(0.2)
    extra = connect(port)
    got = answer(extra, within=5)
    assert got.startswith(b"HTTP/1.1 429 ") and site_words("too many open connections from {address} (at most {most})", address="127.0.0.1", most=3) in got
    held.pop().close()
    time.sleep(0.3)
    r = httpx.get(f"http://127.0.0.1:{port}/", timeout=10)
    assert r.status_code == 200 and "Multipli" in r.text
    for s in held:
        s.close()


def test_a_normal_client_keeps_its_connection_and_a_large_upload_still_arrives(live):
    port = live(body_timeout=10)
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20) as c:
        for _ in range(5):
            assert c.get("/").status_code == 200
        body = b'game = "multiplicats"\n' + b"# padding\n" * 90_000
        r = c.post("/api/upload", content=body, headers={"content-type": "application/toml"})
        assert r.status_code == 200 and r.json()["game"] == "multiplicats"


# ---------------------------------------------------------------- Ctrl-C


def descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parts = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(parts[1]), []).append(int(stat.parent.name))
    out, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def follow(url: str) -> None:
    try:
        with httpx.stream("GET", url, timeout=60) as events:
            for _ in events.iter_lines():
                pass
    except httpx.HTTPError:
        pass


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree from /proc")
def test_ctrl_c_prints_interrupted_exits_130_and_leaves_no_job_process_or_file(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--jobs", "1", "--quiet"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                page = httpx.get(base + "/games/mgc", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        token = re.search(r'<meta name="csrf-token" content="([^"]+)">', page.text).group(1)
        job = httpx.post(base + "/api/check", data={"game": "mgc", "games": "1000000", "csrf": token}, timeout=30).json()
        for _ in range(300):  # until its process runs (forked by the fork server, beside the resource tracker)
            if httpx.get(f"{base}/api/jobs/{job['id']}", timeout=5).json()["state"] == "running" and len(descendants(proc.pid)) >= 3:
                break
            time.sleep(0.1)
        watching = threading.Thread(target=follow, args=(f"{base}/api/jobs/{job['id']}/events",), daemon=True)
        watching.start()  # a page following the job: its event stream is open when Ctrl-C comes
        time.sleep(1.0)  # the job is under way (and no interpreter is still starting)
        family = descendants(proc.pid)
        assert family and list(tmp_path.glob("deckgen-web-*/job-*"))
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C at a terminal: the whole foreground group
        began = time.monotonic()
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - began
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = err.decode()
    assert proc.returncode == 130, text
    assert text.strip().splitlines()[-1] == "error: interrupted" and "Traceback" not in text
    assert took < 3  # the open event stream ends at once; it does not hold the stop up
    deadline = time.monotonic() + 10
    while any(alive(p) for p in family) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in family if alive(p)]
    assert not list(tmp_path.glob("deckgen-web-*"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="signals to a process group")
def test_sigterm_says_terminated_and_exits_143(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--quiet"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        for _ in range(300):
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 143 and err.decode().strip().splitlines()[-1] == "error: terminated"
    assert not list(tmp_path.glob("deckgen-web-*"))
