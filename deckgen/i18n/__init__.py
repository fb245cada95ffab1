"""The language layer: every word deckgen shows is a message of the catalogs (``deckgen/locale/``),
in Spanish and English, on the command line and on the page.

Mark a message where it is written, with named placeholders::

    from deckgen.i18n import _, ngettext
    raise OptionError(_("card size {size!r}: each side must be {lo} to {hi} mm", size=text, lo=20, hi=300))
    ngettext("{n:,} card", "{n:,} cards", count)          # {n} is the count unless given

``N_("...")`` marks words kept as data and translated later with ``_(value)``; ``pgettext(context,
"...")`` tells apart two messages with the same English. A message is translated when it is shown,
in the language in force (:func:`using`, :func:`set_lang`); ``render(value, lang)`` gives it in any
language. Adding a language is adding a ``.po`` file: see ``deckgen/i18n/maintain.py``.
"""

from __future__ import annotations

from typing import Any

from deckgen.i18n.catalogs import languages
from deckgen.i18n.current import ENGLISH, current_lang, set_lang, using
from deckgen.i18n.message import Listing, Msg, text_in

__all__ = [
    "ENGLISH", "Listing", "Msg", "N_", "_", "current_lang", "languages", "ngettext", "npgettext",
    "pgettext", "render", "set_lang", "using",
]


def _(msgid: str, **params: Any) -> Msg:
    """The message ``msgid`` (English, with ``{named}`` placeholders) with its values."""
    return Msg(msgid, params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> Msg:
    """A message whose words depend on the count ``n`` (the language's plural rule chooses the form)."""
    params.setdefault("n", n)
    return Msg(singular, params, plural=plural, n=int(n))


def pgettext(context: str, msgid: str, **params: Any) -> Msg:
    """``msgid`` in ``context``: two messages with the same English that another language may tell apart."""
    return Msg(msgid, params, context=context)


def npgettext(context: str, singular: str, plural: str, n: int, **params: Any) -> Msg:
    params.setdefault("n", n)
    return Msg(singular, params, plural=plural, n=int(n), context=context)


def N_(msgid: str) -> str:
    """Marks ``msgid`` for the catalog without translating it (data translated later with ``_``)."""
    return msgid


def render(value: Any, lang: str | None = None) -> str:
    """``value`` in words of ``lang`` (the language in force when not given)."""
    return text_in(value, lang or current_lang())
