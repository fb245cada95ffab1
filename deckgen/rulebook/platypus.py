"""reportlab's platypus, as the rulebook imports it: without compiling, at import, two regular
expressions the rulebook never uses.

``reportlab.platypus.paragraph`` compiles, when imported, Django's URL pattern (``uri_pat``: letter
ranges up to U+FFFF, case-insensitive), which it matches only when it hyphenates a long word
(``hyphenationLang``, ``uriWasteReduce`` or ``embeddedHyphenation``: the rulebook sets none); Python
expands each of those ranges character by character for the case-insensitive match: about 20 ms of a
build's CPU, a fifth of what the whole bare reportlab script costs. ``reportlab.lib.textsplit``,
which it imports, compiles the CJK range U+2E80-U+FFFF for ``cjkwrap`` (2 ms; never called by
platypus). Here the patterns whose character class reaches U+FFFF are compiled on first use instead;
every other pattern, and the modules themselves, are reportlab's as they are.

Import platypus through this module (``from deckgen.rulebook.platypus import Paragraph``), before
anything else imports it: once imported, ``reportlab.platypus`` is what it is for the process.
"""

from __future__ import annotations

import re
import sys
import threading
from functools import cached_property
from typing import Any

_LOCK = threading.Lock()
_COMPILE = re.compile  # the standard one, whatever re.compile is while platypus is being imported


def _deferred(pattern: Any, flags: int) -> bool:
    """Compiled on first use: a pattern with a character class that reaches U+FFFF."""
    return isinstance(pattern, str) and "-\uffff" in pattern


class LazyPattern:
    """A compiled regular expression that compiles itself on first use (``match``, ``search`` ...)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags

    @cached_property
    def compiled(self) -> re.Pattern:
        return _COMPILE(self.pattern, self.flags)

    def __getattr__(self, name: str) -> Any:  # only the compiled pattern's own attributes reach here
        return getattr(self.compiled, name)


def _import_platypus() -> None:
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    with _LOCK:
        def compile_lazily(pattern: Any, flags: int = 0) -> Any:
            return LazyPattern(pattern, flags) if _deferred(pattern, flags) else _COMPILE(pattern, flags)

        re.compile = compile_lazily  # type: ignore[assignment]
        try:
            import reportlab.platypus  # noqa: F401
        finally:
            re.compile = _COMPILE


_import_platypus()

from reportlab.platypus import (  # noqa: E402
    Flowable,
    KeepTogether,
    ListFlowable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import _listWrapOn  # noqa: E402

__all__ = [
    "Flowable",
    "KeepTogether",
    "ListFlowable",
    "PageBreak",
    "Paragraph",
    "SimpleDocTemplate",
    "Spacer",
    "Table",
    "TableStyle",
    "_listWrapOn",
]
