"""Running the web app on uvicorn (`deckgen serve`)."""

from __future__ import annotations

import errno
import os
import socket
import threading
import time
import webbrowser

from deckgen.errors import DeckgenError


def check_address(host: str, port: int) -> None:
    """Refuse, in one sentence, a port out of range or an address that cannot be bound."""
    if not 1 <= port <= 65535:
        raise DeckgenError(f"--port must be 1 to 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise DeckgenError(f"--host {host!r} is not an address of this computer") from None
    family, _, _, _, addr = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as s:
        if os.name != "nt":  # on Windows SO_REUSEADDR would let a port in use be bound again: no check at all
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise DeckgenError(f"port {port} is already in use; choose another with --port") from None
            raise DeckgenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def browser_url(host: str, port: int) -> tuple[str, str]:
    """The address a browser on this computer opens for a server on ``host``, and its URL (a server
    on every address, 0.0.0.0 or ::, is reached at this computer's own address)."""
    near = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    return near, f"http://{f'[{near}]' if ':' in near else near}:{port}/"


def open_when_listening(host: str, port: int, *, wait: float = 60.0, opener=None) -> threading.Thread:
    """Open the page in the default browser (``deckgen serve --open``) as soon as the server takes
    connections, so a slow start never shows the browser's "cannot connect" page; after ``wait``
    seconds it opens it anyway. Returns the (daemon) thread that waits."""
    near, url = browser_url(host, port)
    opener = opener or webbrowser.open

    def go() -> None:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((near, port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.1)
        opener(url)

    thread = threading.Thread(target=go, name="deckgen-open-browser", daemon=True)
    thread.start()
    return thread


def serve(host: str = "127.0.0.1", port: int = 8000, *, jobs: int | None = None, time_limit: float = 600.0,
          open_browser: bool = False, quiet: bool = False) -> None:
    import uvicorn

    from deckgen.web.app import Settings, create_app

    jobs = jobs if jobs is not None else max(1, os.cpu_count() or 1)
    if not 1 <= jobs <= 64:
        raise DeckgenError(f"--jobs must be 1 to 64, not {jobs}")
    if not 1 <= time_limit <= 86400:
        raise DeckgenError(f"--time-limit must be 1 to 86400 seconds, not {time_limit:g}")
    check_address(host, port)
    app = create_app(Settings(jobs=jobs, time_limit=time_limit))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if not quiet:
        print(f"deckgen: serving on {url} ({jobs} job(s) at once, {time_limit:g} s each at most); Ctrl+C stops it", flush=True)
    if open_browser:
        open_when_listening(host, port)
    uvicorn.run(app, host=host, port=port, log_level="warning" if quiet else "info", access_log=not quiet)
