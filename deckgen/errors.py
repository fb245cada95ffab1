"""The exceptions that reach the user as a clear message (exit code 2), and the one helper that makes
any text safe to print."""

from __future__ import annotations

import re


class DeckgenError(Exception):
    """A problem with the user's input or environment, told in one sentence.

    The CLI prints ``str(error)`` on one line and exits with code 2; it never shows a traceback.
    """

    def lines(self) -> list[str]:
        """The message as lines: the first follows ``error:``, the others are indented details."""
        return [str(self)]


class OptionError(DeckgenError):
    """An option value that cannot be used (wrong type, out of range, unknown name)."""


class Terminated(BaseException):
    """The process was asked to stop (SIGTERM): unwinds like Ctrl-C, so every cleanup runs."""


# C0 and C1 control characters (ESC starts terminal escape sequences, CR and LF forge lines), DEL,
# and the Unicode marks that reorder or break lines on screen
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    r"""``text`` with every character that could change the terminal or start a new line written as
    an escape (``\x1b``, ``\n``, ``\u202e``): what a file or an argument says is shown, never obeyed."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))


# what a normal report may hold: line breaks and tabs between its own lines
_UNSAFE_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable_text(text: str) -> str:
    r"""``text`` of several lines made safe to print: as :func:`printable`, but its own line breaks and
    tabs are kept. Every line deckgen prints on standard output goes through it, so a folder or file
    name that holds ``\x1b`` or ``\u202e`` is shown escaped, never obeyed by the terminal."""
    return _UNSAFE_IN_TEXT.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))
