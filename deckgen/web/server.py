"""Running the web app on uvicorn (`deckgen serve`)."""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import os
import re
import secrets
import signal
import socket
import sys
import threading
import time
import webbrowser
from typing import Any

from deckgen.errors import DeckgenError, Terminated
from deckgen.i18n import _, ngettext


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


def is_loopback(host: str) -> bool:
    """True when ``host`` names this computer only (127.0.0.1, ::1, localhost...)."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror:
        return False
    return bool(infos) and all(ipaddress.ip_address(info[4][0].split("%")[0]).is_loopback for info in infos)


def guarded_protocol(max_connections: int, header_timeout: float) -> type:
    """uvicorn's HTTP/1.1 protocol with two bounds a slow or greedy client meets at the socket: at most
    ``max_connections`` open connections per client address (more are answered 429 and closed), and
    ``header_timeout`` seconds from a request's first byte (or a new connection) to its last header
    (a request that trickles in is answered 408 and closed). The body has its own deadline
    (deckgen.web.guard)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    open_now: dict[str, int] = {}

    class Guarded(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _address: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "?"
            if open_now.get(address, 0) >= max_connections:
                _raw(transport, 429, "Too Many Requests",
                     _("too many open connections from {address} (at most {most})", address=address, most=max_connections))
                return
            open_now[address] = open_now.get(address, 0) + 1
            self._address = address
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._address is not None:
                left = open_now.get(self._address, 1) - 1
                if left > 0:
                    open_now[self._address] = left
                else:
                    open_now.pop(self._address, None)
                self._address = None
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.conn.their_state is h11.IDLE:
                self._arm()  # a request begins: its headers must all come in time
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._disarm()

        def _arm(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
                return
            if self.cycle is not None and not self.cycle.response_complete:
                return  # an answer is still going out (a pipelined request waits its turn)
            _raw(self.transport, 408, "Request Timeout", ngettext("the request headers did not arrive within {s:g} second", "the request headers did not arrive within {s:g} seconds", 1 if header_timeout == 1 else 2, s=header_timeout))

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request it cannot read (a broken request line, bad headers), with the
            security headers every answer carries, in words."""
            if self.transport.is_closing():
                return
            _raw(self.transport, 400, "Bad Request", _("the request could not be read as HTTP"))

    Guarded.open_now = open_now  # type: ignore[attr-defined]  # for the tests
    return Guarded


def _raw(transport: asyncio.Transport, status: int, reason: str, message: Any) -> None:
    """An answer written straight to the socket (before any request is read), with the security
    headers every answer carries; the message in the site's language (no request said another)."""
    from deckgen.i18n import render
    from deckgen.web.guard import SECURITY_HEADERS
    from deckgen.web.speak import SITE_LANG

    body = ("error: " + render(message, SITE_LANG) + "\n").encode()
    security = "".join(f"{k.decode()}: {v.decode()}\r\n" for k, v in SECURITY_HEADERS)
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
        f"{security}connection: close\r\n\r\n"
    ).encode()
    transport.write(head + body)
    transport.close()


def server_config(app: Any, settings: Any, host: str, port: int, *, quiet: bool = True) -> Any:
    """The uvicorn configuration of ``app``: its guarded protocol, a short graceful shutdown (open
    event streams are cut after a few seconds rather than holding Ctrl-C up), and forwarding headers
    (X-Forwarded-For...) believed only from the proxy the teacher names (``--proxy``): uvicorn
    believes them from 127.0.0.1 by default, so a program on this computer could pass for any address
    and get round the per-address bounds and the password's lockout."""
    import uvicorn

    proxy = getattr(settings, "proxy", None)
    return uvicorn.Config(
        app, host=host, port=port, http=guarded_protocol(settings.max_connections, settings.header_timeout),
        timeout_keep_alive=5, timeout_graceful_shutdown=3, log_level="warning" if quiet else "info", access_log=not quiet,
        server_header=False, proxy_headers=proxy is not None, forwarded_allow_ips=proxy or "",
    )


def _stopping_class() -> type:
    import uvicorn

    import contextlib

    class Stopping(uvicorn.Server):
        """uvicorn's server that tells the app when Ctrl-C, SIGTERM or a closed terminal (SIGHUP) comes,
        so its open event streams end at once instead of holding the shutdown up until they are cut,
        and that stops as gracefully on SIGHUP as on the other two (its jobs and folders go)."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            app = self.config.app
            if getattr(app, "state", None) is not None:
                app.state.stopping = True
            super().handle_exit(sig, frame)

        @contextlib.contextmanager
        def capture_signals(self) -> Any:
            hup = getattr(signal, "SIGHUP", None)
            if hup is None or threading.current_thread() is not threading.main_thread():
                with super().capture_signals():
                    yield
                return
            previous = signal.signal(hup, self.handle_exit)
            try:
                with super().capture_signals():
                    yield
            finally:
                signal.signal(hup, previous)

    return Stopping


def network_addresses(host: str, port: int) -> list[str]:
    """Where another computer opens a server listening on ``host``: for every address (0.0.0.0, ::)
    this computer's own addresses on its networks (not 127.0.0.1, which is each computer's own), else
    ``host`` itself. Nothing is sent: a UDP socket "connected" to an outside address only tells which
    of this computer's addresses would be used."""
    if host not in ("0.0.0.0", "::", ""):
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}/"]
    found: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                found.append(s.getsockname()[0])
        except OSError:
            continue
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    usable = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and a not in usable:
            usable.append(a)
    return [f"http://{a}:{port}/" for a in usable]


_HOST_LABEL = r"[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?"
_HOST_NAME = re.compile(rf"{_HOST_LABEL}(\.{_HOST_LABEL})*")


def checked_host_name(value: str) -> str:
    """An ``--allow-host`` value as the Host allow-list reads it (guard.host_name: lower case, no
    port, no final dot), refused with one line when it is no host name: empty, a URL, a name with a
    path, spaces or a user part (it would be kept and never match, and the page would answer a
    teacher's address with a refusal nobody understands)."""
    from deckgen.web.guard import host_name, is_ip

    name = host_name(value)
    if not name or len(name) > 253 or not (is_ip(name) or _HOST_NAME.fullmatch(name)):
        raise DeckgenError(_("--allow-host {value!r}: not a host name; give a name like school.example or an IP address, "
                             "without http:// or a path", value=value[:80]))
    return name


def serve(host: str = "127.0.0.1", port: int = 8000, *, jobs: int | None = None, time_limit: float = 600.0,
          open_browser: bool = False, quiet: bool = False, password: str | None = None,
          allowed_hosts: tuple[str, ...] = (), proxy: str | None = None) -> None:
    """Serve the page until Ctrl-C (which raises KeyboardInterrupt once every job and folder is gone),
    SIGTERM or a closed terminal (Terminated)."""
    from deckgen.web.app import Settings, create_app

    Stopping = _stopping_class()
    jobs = jobs if jobs is not None else max(1, os.cpu_count() or 1)
    if not 1 <= jobs <= 64:
        raise DeckgenError(_("--jobs must be 1 to 64, not {n}", n=jobs))
    if not 1 <= time_limit <= 86400:
        raise DeckgenError(_("--time-limit must be 1 to 86400 seconds, not {s:g}", s=time_limit))
    if password is not None and not 8 <= len(password) <= 200:
        raise DeckgenError(_("--password must be 8 to 200 characters, not {n}", n=len(password)))
    if password is not None and any(c < " " or "\x7f" <= c <= "\x9f" or "\ud800" <= c <= "\udfff" for c in password):
        # a browser's password field drops line breaks and cannot send the rest: nobody could ever log in
        raise DeckgenError(_("--password cannot hold a line break, a tab, a control character or bytes that are not UTF-8: "
                             "no browser could type it on the login page"))
    if proxy is not None:
        try:
            ipaddress.ip_address(proxy.strip())
        except ValueError:
            raise DeckgenError(_("--proxy {value!r}: give the proxy's IP address, like 127.0.0.1", value=proxy[:60])) from None
        proxy = proxy.strip()
    allowed_hosts = tuple(checked_host_name(a) for a in allowed_hosts)
    check_address(host, port)
    open_to_network = not is_loopback(host)
    made_up = open_to_network and password is None
    if made_up:
        password = secrets.token_urlsafe(9)
    addresses = tuple(network_addresses(host, port)) if open_to_network else ()
    settings = Settings(jobs=jobs, time_limit=time_limit, host=host, password=password, allowed_hosts=tuple(allowed_hosts),
                        password_made_up=made_up, addresses=addresses, proxy=proxy)
    app = create_app(settings)
    near, url = browser_url(host, port)
    if not quiet:
        print(_("deckgen: serving on {url} ({jobs} jobs at once, {s:g} s each at most); Ctrl+C stops it", url=url, jobs=jobs, s=time_limit),
              flush=True)
        for address in addresses:
            print(_("  other computers on the network open: {url}", url=address), flush=True)
    if open_to_network:
        if made_up:
            said = _("warning: --host {host}: the page is open to other computers; each browser must log in first, with the "
                     "password: {password}", host=host, password=password)
        else:
            said = _("warning: --host {host}: the page is open to other computers; each browser must log in first, with the "
                     "password given with --password", host=host)
        print(said, file=sys.stderr, flush=True)
    if open_browser:
        open_when_listening(host, port)
    server = Stopping(server_config(app, settings, host, port, quiet=quiet))
    server.run()  # uvicorn raises the signal that stopped it again once it has shut down; should it not:
    captured = list(getattr(server, "_captured_signals", []))
    hup = getattr(signal, "SIGHUP", None)
    if hup is not None and hup in captured:
        raise Terminated(hup)
    if signal.SIGTERM in captured:
        raise Terminated()
    raise KeyboardInterrupt  # the server only ends when stopped: the command line says so and exits 130
