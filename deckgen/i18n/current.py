"""The language deckgen speaks in right now: the command line sets it once from the user's locale
(or ``--ui-lang``, ``DECKGEN_LANG``); the web page sets it for each request from the page's language;
a worker process is told it with the job. It lives in a context variable, so two requests in two
languages never mix, and nothing else in deckgen keeps it."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

ENGLISH = "en"  # the language the messages are written in (their msgids)

_LANG: ContextVar[str] = ContextVar("deckgen_lang", default=ENGLISH)


def current_lang() -> str:
    """The language messages are shown in now."""
    return _LANG.get()


def set_lang(lang: str) -> None:
    """Speak ``lang`` from now on in this context (the command line's start, a worker's start)."""
    _LANG.set(lang)


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block, and as before after it."""
    token = _LANG.set(lang)
    try:
        yield
    finally:
        _LANG.reset(token)
