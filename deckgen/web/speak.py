"""The page's language for each request: the address's ``?lang=``, else (for a script's call to the
API) the browser's ``Accept-Language``, else the site's own, Spanish. It is set for the whole request
(:func:`deckgen.i18n.using`), so every message the page shows, its words, its errors and the gate's
refusals, is the catalog's message in that language; a job is told it too. Nothing here reads more
than a bounded part of what the client sent."""

from __future__ import annotations

from typing import Any, Awaitable, Callable
from urllib.parse import parse_qsl

from deckgen.i18n import languages, using

SITE_LANG = "es"  # the page's language unless a request asks for another
API_LANG = "en"  # a script's call that asks for none: the messages' own words (stable)
MAX_QUERY = 2000  # characters of a query string looked at for ?lang=
MAX_HEADER = 400  # characters of an Accept-Language header looked at


def page_langs() -> tuple[str, ...]:
    """The languages the page speaks: every language with a catalog, Spanish first."""
    found = languages()
    return (SITE_LANG, *(l for l in found if l != SITE_LANG))


def lang_of(value: Any, fallback: str = SITE_LANG) -> str:
    """``value`` if it is a language the page speaks, else ``fallback``."""
    return value if isinstance(value, str) and value in page_langs() else fallback


def accepted(header: str | None) -> str | None:
    """The first of the page's languages an ``Accept-Language`` header prefers ("es-ES,es;q=0.9,en;q=0.8"
    -> "es"), or None if it names none of them."""
    best: tuple[float, int, str] | None = None
    langs = page_langs()
    for i, part in enumerate((header or "")[:MAX_HEADER].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        if code not in langs:
            continue
        q = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    q = float(value[:10])
                except ValueError:
                    q = 0.0
        if q > 0 and (best is None or (-q, i) < (best[0], best[1])):
            best = (-q, i, code)
    return best[2] if best else None


def query_lang(query: bytes | str) -> str | None:
    """``lang`` of a query string, if it is a language the page speaks."""
    text = query.decode("latin-1") if isinstance(query, bytes) else query
    for key, value in parse_qsl(text[:MAX_QUERY], keep_blank_values=True):
        if key == "lang":
            return lang_of(value, "") or None
    return None


def request_lang(scope: dict[str, Any], *, first_contact: bool = False) -> str:
    """The language of a request (see the module's text). ``first_contact``: a page shown before the
    site's own (the login, the gate's refusals), which follows the browser's language too."""
    asked = query_lang(scope.get("query_string", b""))
    if asked:
        return asked
    path = str(scope.get("path", ""))
    if path.startswith("/api/") or path == "/login" or first_contact:
        header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == b"accept-language"), None)
        return accepted(header) or (API_LANG if path.startswith("/api/") else SITE_LANG)
    return SITE_LANG


class Speak:
    """ASGI middleware: each request is answered in its language (``scope["state"]["lang"]``)."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = request_lang(scope)
        scope.setdefault("state", {})["lang"] = lang
        with using(lang):
            await self.app(scope, receive, send)
