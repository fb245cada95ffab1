"""The web page's gate: what every request passes before it reaches a route.

- a Host allow-list (DNS rebinding: another site's name pointed at this computer gets 400);
- security headers on every answer (a strict Content-Security-Policy, nosniff, no framing);
- same-origin writes: a POST that says it comes from another origin (``Origin``, ``Sec-Fetch-Site``)
  gets 403 (the routes further ask for JSON or the page's CSRF token, see :func:`csrf_ok`);
- a shared password, when the server has one: every page but the login page wants its cookie;
- a deadline for the request body (a client that sends it byte by byte gets 408).

A plain ASGI middleware: it never reads the body, so streaming uploads keep their size limit.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import ipaddress
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Iterable
from urllib.parse import quote

from starlette.exceptions import HTTPException

from deckgen.i18n import _, current_lang, ngettext

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")
SESSION_COOKIE = "deckgen_session"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
# content types a page of another site may send without asking first (no CORS preflight)
SIMPLE_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data", "text/plain")
MAX_FAILED_LOGINS = 10  # per client, then a minute's wait
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
    "font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; object-src 'none'"
)
SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # same-origin, not no-referrer: with no-referrer a browser sends "Origin: null" on the page's own
    # form posts (the no-JavaScript build), which the same-origin check must refuse; other sites still
    # get no referrer
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


def host_name(value: str) -> str:
    """The name part of a Host header (``[::1]:8000`` -> ``::1``, ``Example.org.:80`` -> ``example.org``)."""
    value = value.strip().lower()
    if value.startswith("["):
        # only an IPv6 address goes in brackets: "[::1" (no "]") or "[school.example]" is no name (kept as
        # it is, and so refused)
        name, closed, rest = value[1:].partition("]")
        ok = closed and ":" in name and is_ip(name) and (rest == "" or (rest[:1] == ":" and is_port(rest[1:])))
        return name if ok else value
    if value.count(":") > 1:  # a bare IPv6 address (not a valid Host, but say so by name)
        return value
    if ":" in value:
        name, _, port = value.rpartition(":")
        return name.rstrip(".") if is_port(port) else value  # "127.0.0.1:80@evil" is no name of ours
    return value.rstrip(".")


def is_port(text: str) -> bool:
    """A TCP port as a Host header writes it: ASCII digits (not "٨٠", which str.isdigit takes), 0 to 65535."""
    return text.isascii() and text.isdigit() and len(text) <= 5 and int(text) <= 65535


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


@dataclass(frozen=True)
class Hosts:
    """The Host names this server answers to: 127.0.0.1, localhost, ::1, the address it listens on and
    any named with ``also``. Listening on every address (0.0.0.0 or ::), it answers to any IP address
    (an address in the URL cannot be another site's name) and to this computer's own name."""

    names: frozenset[str]
    any_ip: bool = False

    @classmethod
    def of(cls, host: str = "127.0.0.1", also: Iterable[str] = ()) -> "Hosts":
        names = {*LOOPBACK_NAMES, host_name(host), *(host_name(a) for a in also)}
        wildcard = host in WILDCARDS
        if wildcard:
            import socket

            me = socket.gethostname().lower()
            names |= {me, me.split(".")[0], me.split(".")[0] + ".local"}
        names.discard("")
        return cls(frozenset(names), any_ip=wildcard)

    def allows(self, header: str | None) -> bool:
        if not header:
            return False
        name = host_name(header)
        return name in self.names or (self.any_ip and is_ip(name))


@dataclass
class Access:
    """Who may write and who may look: the page's CSRF token, the shared password (None: no login)
    and the sessions it opened, and failed logins per client."""

    password: str | None = None
    csrf: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    sessions: dict[str, float] = field(default_factory=dict)  # session id -> when it was opened
    failures: dict[str, tuple[int, float]] = field(default_factory=dict)  # client -> (failed tries, last)
    session_life: float = 12 * 3600.0

    def password_ok(self, given: str) -> bool:
        assert self.password is not None
        return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), self.password.encode("utf-8", "surrogatepass"))

    def open_session(self) -> str:
        sid = secrets.token_urlsafe(24)
        self.sessions[sid] = time.monotonic()
        return sid

    def session_ok(self, sid: str | None) -> bool:
        if not sid:
            return False
        for known, made in list(self.sessions.items()):
            if time.monotonic() - made > self.session_life:
                del self.sessions[known]
        return any(hmac.compare_digest(sid, known) for known in self.sessions)

    def locked_out(self, client: str) -> float:
        """Seconds a client must wait before it may try the password again (0: it may)."""
        tries, last = self.failures.get(client, (0, 0.0))
        left = 60.0 - (time.monotonic() - last)
        return left if tries >= MAX_FAILED_LOGINS and left > 0 else 0.0

    def failed(self, client: str) -> None:
        tries, last = self.failures.get(client, (0, 0.0))
        if time.monotonic() - last > 60.0:
            tries = 0
        self.failures[client] = (tries + 1, time.monotonic())
        if len(self.failures) > 10_000:  # bounded: the oldest are forgotten
            for key in sorted(self.failures, key=lambda k: self.failures[k][1])[:5_000]:
                del self.failures[key]

    def csrf_ok(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(str(token).encode("utf-8", "surrogatepass"), self.csrf.encode())


class SlowBody(HTTPException):
    """The request body did not arrive within the deadline."""


def content_type(headers: Any) -> str:
    return (headers.get("content-type") or "").split(";", 1)[0].strip().lower()


def header_csrf_ok(access: Access, headers: Any) -> bool:
    return access.csrf_ok(headers.get(CSRF_HEADER))


class Guard:
    """The ASGI middleware (see the module's text)."""

    def __init__(self, app: Any, *, hosts: Hosts, access: Access, body_timeout: float = 30.0) -> None:
        self.app, self.hosts, self.access, self.body_timeout = app, hosts, access, body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = with_headers(send)
        from deckgen.i18n import using
        from deckgen.web.speak import request_lang

        with using(request_lang(scope, first_contact=True)):  # met before any page: the browser's language too
            passed = await self.gate(scope, send)
        if passed:
            await self.answer(scope, receive, send)

    async def gate(self, scope: Scope, send: Send) -> bool:
        """Refuse (and say why) what may not pass; True when the request may go on."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        path = scope.get("path", "/")
        api = path.startswith("/api/")
        host = headers.get("host")
        if not self.hosts.allows(host):
            # the header's bytes as the browser or program sent them (read as Latin-1, so "lоcalhost"
            # with a Cyrillic о was named "lð¾calhost"): UTF-8 where they are, the rest replaced
            shown = host_name(host.encode("latin-1").decode("utf-8", "replace"))[:80] if host else ""
            await refuse(send, api, 400, _("this server does not answer to the host name {name!r}; open it as {first} or {second}",
                                           name=shown, first="http://127.0.0.1", second="http://localhost")
                         if host else _("the request has no Host header"))
            return False
        if scope["method"] not in SAFE_METHODS:
            problem = cross_origin(headers)
            if problem:
                await refuse(send, api, 403, problem)
                return False
        if self.access.password is not None and not (path == "/login" or path.startswith("/static/")):
            if not self.access.session_ok(cookie(headers, SESSION_COOKIE)):
                if api or scope["method"] not in SAFE_METHODS:
                    await refuse(send, api, 401, _("log in first: this page asks for a password"))
                else:
                    query = scope.get("query_string", b"").decode("latin-1")[:2000]
                    target = path[:2000] + ("?" + query if query else "")
                    await redirect(send, "/login?next=" + quote(target, safe="") + f"&lang={current_lang()}")
                return False
        return True

    async def answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The request, past the gate: a fault of the server is said in words, with the headers."""
        path = scope.get("path", "/")
        api = path.startswith("/api/")
        started = False

        async def watched(message: dict[str, Any]) -> None:
            nonlocal started
            if message.get("type") == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, timed(receive, self.body_timeout), watched)
        except Exception:  # noqa: BLE001 - a fault of the server: said in words, with the headers; the trace goes to its log
            logging.getLogger("deckgen.web").exception("error while answering %s %s", scope.get("method"), path[:200])
            if not started:
                await refuse(send, api, 500, _("the server failed to answer this request (a fault of deckgen, not of what you sent); "
                                               "try again, and if it fails again tell whoever runs the page"))


def cross_origin(headers: dict[str, str]) -> Any:
    """Why a write is refused as coming from another site, or None: ``Sec-Fetch-Site``, else ``Origin``,
    else the origin of ``Referer``. A request without these headers comes from a program (curl, a
    script), not from a page in a browser."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return _("a request from another site ({site}) may not change anything here; use the page itself", site=site[:40])
    origin = headers.get("origin")
    referer = headers.get("referer")
    if origin is None and site is None and referer:
        # a browser that sends neither header (Firefox before 70 sent no Origin on a form's POST) still
        # names the page that sent it: another site's page is refused as its origin would be
        from urllib.parse import urlsplit

        try:
            parts = urlsplit(referer)
            origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else referer
        except ValueError:
            origin = referer
    if origin is not None:
        host = headers.get("host", "")
        if origin.lower() not in (f"http://{host}".lower(), f"https://{host}".lower()):
            return _("a request from another origin ({origin}) may not change anything here; use the page itself", origin=origin[:80])
    return None


def cookie(headers: dict[str, str], name: str) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def timed(receive: Receive, limit: float) -> Receive:
    """``receive`` whose body messages must all arrive within ``limit`` seconds of the first call;
    once the body is complete, later calls (waiting for a disconnect) have no deadline."""
    state: dict[str, Any] = {"deadline": None, "done": False}

    async def wrapped() -> dict[str, Any]:
        if state["done"]:
            return await receive()
        loop = asyncio.get_running_loop()
        if state["deadline"] is None:
            state["deadline"] = loop.time() + limit
        try:
            message = await asyncio.wait_for(receive(), max(0.001, state["deadline"] - loop.time()))
        except asyncio.TimeoutError:
            state["done"] = True
            raise SlowBody(408, ngettext("the request body did not arrive within {s:g} second", "the request body did not arrive within {s:g} seconds", 1 if limit == 1 else 2, s=limit)) from None
        if message.get("type") != "http.request" or not message.get("more_body", False):
            state["done"] = True
        return message

    return wrapped


def with_headers(send: Send) -> Send:
    async def wrapped(message: dict[str, Any]) -> None:
        if message.get("type") == "http.response.start":
            have = {k.lower() for k, _ in message.get("headers", [])}
            message = dict(message, headers=[*message.get("headers", []), *((k, v) for k, v in SECURITY_HEADERS if k not in have)])
        await send(message)

    return wrapped


async def refuse(send: Send, api: bool, status: int, said: Any) -> None:
    """The gate's refusal, in the page's language (deckgen.web.speak set it): JSON under /api, else a
    small page, escaped."""
    if api:
        body = json.dumps({"error": str(said), "fields": {}}).encode()
        kind = b"application/json"
    else:
        lang = current_lang()
        title, back, word = _("Something is not right"), _("Back to the games"), _("error")
        body = (
            f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>deckgen: {html.escape(str(word))} {status}</title><link rel="stylesheet" href="/static/app.css"></head>'
            f'<body><main><h1>{html.escape(str(title))} ({status})</h1><p class="error-line">{html.escape(str(word))}: {html.escape(str(said))}</p>'
            f'<p><a href="/?lang={lang}">{html.escape(str(back))}</a></p></main></body></html>'
        ).encode()
        kind = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


async def redirect(send: Send, location: str) -> None:
    await send({"type": "http.response.start", "status": 303,
                "headers": [(b"location", location.encode("latin-1")), (b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})
