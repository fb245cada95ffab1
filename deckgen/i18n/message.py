"""A message: a catalog entry and its values, translated when it is shown.

``_("{n:,} positions searched", n=count)`` makes a :class:`Msg`. It is a ``str`` whose own text is
the English (so a message compares, hashes and goes into JSON as its stable English words), and it
is translated whenever it is shown: ``str(msg)``, an f-string, ``print`` and ``%s`` all give the
words of the language in force (:func:`deckgen.i18n.current.current_lang`), and
``msg.render(lang)`` gives them in any language. A value that is itself a message is translated in
the same language; a number is written as the language writes it (``{x:.1f}`` is ``2.5`` in English
and ``2,5`` in Spanish; ``{n:,}`` is ``1,204,823`` and ``1.204.823``).

Messages are whole sentences with named placeholders, so that a translator sees the sentence: never
build one from fragments with ``+`` or ``join`` (the pseudo-locale test finds what bypasses the
catalog). Literal braces are written twice, as in ``str.format``.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import PurePath
from typing import Any, Iterable

from deckgen.i18n.current import ENGLISH, current_lang
from deckgen.i18n.numbers import localized


class Msg(str):
    """A catalog message with its values; its ``str`` content is the English text."""

    msgid: str
    plural: str | None
    n: int | None
    context: str | None
    params: dict[str, Any]

    def __new__(cls, msgid: str, params: dict[str, Any] | None = None, *, plural: str | None = None,
                n: int | None = None, context: str | None = None) -> "Msg":
        params = dict(params or {})
        english = _render(msgid, plural, n, context, params, "en")
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.n, self.context, self.params = msgid, plural, n, context, params
        return self

    def render(self, lang: str) -> str:
        """The message in ``lang`` (English when the catalog lacks it)."""
        if lang == ENGLISH:
            return str.__str__(self)  # rendered once, when it was made
        return _render(self.msgid, self.plural, self.n, self.context, self.params, lang)

    def __str__(self) -> str:
        return self.render(current_lang())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Msg({str.__str__(self)!r})"

    def __reduce__(self) -> Any:  # crosses to worker processes with its values, not as English text
        return (_restore, (self.msgid, self.params, self.plural, self.n, self.context))


def _restore(msgid: str, params: dict[str, Any], plural: str | None, n: int | None, context: str | None) -> Msg:
    return Msg(msgid, params, plural=plural, n=n, context=context)


class Listing(str):
    """Several values as one phrase of the language: "a, b and c" / "a, b y c" (``style="or"``:
    "a, b or c" / "a, b o c"), each value translated if it is a message."""

    items: tuple[Any, ...]
    style: str

    def __new__(cls, items: Iterable[Any], style: str = "and") -> "Listing":
        items = tuple(items)
        self = super().__new__(cls, _listing(items, style, "en"))
        self.items, self.style = items, style
        return self

    def render(self, lang: str) -> str:
        if lang == ENGLISH:
            return str.__str__(self)
        return _listing(self.items, self.style, lang)

    def __str__(self) -> str:
        return self.render(current_lang())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> Any:
        return (Listing, (self.items, self.style))


class Substituted(Listing):
    """A message shown with some of its words replaced, each by a message of its own, in whatever
    language it is shown: ``pairs`` are (a regular expression, the message that replaces what it
    matches). Its ``str`` content is the English, as a message's is. (A Listing of the one
    message, so that everything that shows a Listing in its language shows this one too.)"""

    inner: Any
    pairs: tuple[tuple[Any, Any], ...]

    def __new__(cls, inner: Any, pairs: Iterable[tuple[Any, Any]]) -> "Substituted":
        pairs = tuple(pairs)
        self = str.__new__(cls, _substituted(inner, pairs, ENGLISH))
        self.items, self.style = (inner,), "and"
        self.inner, self.pairs = inner, pairs
        return self

    def render(self, lang: str) -> str:
        return str.__str__(self) if lang == ENGLISH else _substituted(self.inner, self.pairs, lang)

    def __reduce__(self) -> Any:
        return (Substituted, (self.inner, self.pairs))


def _substituted(inner: Any, pairs: tuple[tuple[Any, Any], ...], lang: str) -> str:
    """``inner`` in ``lang`` with each pair's matches replaced. A replacement may be a pair of its
    own, (first, later): the first such replacement in the text's order says ``first``, every later
    one ``later`` (a deck file named once, its other keys after it without the file)."""
    text = text_in(inner, lang)
    found: list[Any] = []

    def mark(replacement: Any) -> str:
        found.append(replacement)
        return f"\x00{len(found) - 1}\x00"

    for pattern, replacement in pairs:
        text = re.sub(pattern, lambda _m, r=replacement: mark(r), text)
    named = False

    def put(m: re.Match) -> str:
        nonlocal named
        replacement = found[int(m.group(1))]
        if isinstance(replacement, tuple):
            replacement, named = (replacement[1] if named else replacement[0]), True
        return text_in(replacement, lang)

    return re.sub("\x00(\\d+)\x00", put, text)


def text_in(value: Any, lang: str) -> str:
    """``value`` as words of ``lang``: a message translated, a number as the language writes it
    (``2,5``), anything else as ``str`` gives it."""
    if isinstance(value, (Msg, Listing)):
        return value.render(lang)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return localized(str(value), lang)
    if isinstance(value, PurePath):
        return _shown_path(value)
    return str(value)


def _shown_path(path: PurePath) -> str:
    r"""A path as a message shows it: a line break, a control character or a bidi mark in a name the
    user chose is escaped (``\n``), so a folder named ``a⏎error: x`` never starts a line of its own
    in what deckgen prints (an error line is escaped whole anyway; a build's listing kept its breaks)."""
    from deckgen.errors import printable

    return printable(str(path))


# ---------------------------------------------------------------- rendering


def _render(msgid: str, plural: str | None, n: int | None, context: str | None, params: dict[str, Any], lang: str) -> str:
    from deckgen.i18n.catalogs import translation

    tr = translation(lang)
    if plural is not None:
        pattern = tr.npgettext(context, msgid, plural, n) if context else tr.ngettext(msgid, plural, n)
    else:
        pattern = tr.pgettext(context, msgid) if context else tr.gettext(msgid)
    try:
        return _fill(pattern, params, lang)
    except (KeyError, IndexError, ValueError):
        if pattern is msgid or lang == "en":
            raise
        # a translation whose placeholders do not match its message: the English, never a crash
        return _Formatter("en").vformat(msgid if plural is None or n == 1 else plural, (), params)


@lru_cache(maxsize=8192)
def _parsed(pattern: str) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """A pattern's literal text and named fields, parsed once (``str.format`` syntax); None when a
    field is not a plain name or its spec holds a field (then string.Formatter does it all)."""
    parts = []
    for literal, field, spec, conversion in _PARSER.parse(pattern):
        if field is not None and (not field.isidentifier() or (spec and "{" in spec)):
            return None
        parts.append((literal, field, spec or "", conversion))
    return tuple(parts)


def _fill(pattern: str, params: dict[str, Any], lang: str) -> str:
    """``_Formatter(lang).vformat(pattern, (), params)``, faster: most messages are rendered many
    times, so the pattern is parsed once and plain named fields are filled directly."""
    if "{" not in pattern and "}" not in pattern:
        return pattern
    parts = _parsed(pattern)
    formatter = _Formatter(lang)
    if parts is None:
        return formatter.vformat(pattern, (), params)
    out = []
    for literal, field, spec, conversion in parts:
        out.append(literal)
        if field is not None:
            value = params[field]
            if conversion:
                value = formatter.convert_field(value, conversion)
            out.append(formatter.format_field(value, spec))
    return "".join(out)


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, spec: str) -> str:
        if isinstance(value, (Msg, Listing)):
            return format(value.render(self.lang), spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return localized(format(value, spec), self.lang)
        if isinstance(value, PurePath):
            return format(_shown_path(value), spec)
        return format(value, spec)


def _listing(items: tuple[Any, ...], style: str, lang: str) -> str:
    words = [text_in(i, lang) for i in items]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    from deckgen.i18n.numbers import babel_locale

    if lang == "en" or babel_locale(lang) == "en":  # English, or a language Babel does not know (the pseudo-locale)
        from deckgen.i18n import pgettext

        head = ", ".join(words[:-1])
        if style == "or":
            return pgettext("list", "{items} or {last}", items=head, last=words[-1]).render(lang)
        return pgettext("list", "{items} and {last}", items=head, last=words[-1]).render(lang)
    from babel.lists import format_list

    text = format_list(words, style="or" if style == "or" else "standard", locale=babel_locale(lang))
    if lang == "es":  # "y" is "e" before an i sound, "o" is "u" before an o sound (Babel leaves them)
        last = words[-1]
        for word, before, sound in ((" y ", " e ", _I_SOUND), (" o ", " u ", _O_SOUND)):
            if text.endswith(word + last) and sound.match(last):
                text = text[: -len(word + last)] + before + last
    return text


_I_SOUND = re.compile(r"h?[iíIÍ](?![aeoáéóAEOÁÉÓ])")  # "e Iván", "e hijos"; not "y hielo", "y hierro"
_O_SOUND = re.compile(r"h?[oóOÓ]|8|11(?:[.\s\u00a0]?\d{3})*(?!\d)")  # "u ocho", "u hoja", "7 u 8", "10 u 11"


_PARSER = string.Formatter()
