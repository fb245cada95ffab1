"""The exceptions that reach the user as a clear message (exit code 2), and the one helper that makes
any text safe to print."""

from __future__ import annotations

import errno
import os
import re
from typing import Any


class DeckgenError(Exception):
    """A problem with the user's input or environment, told in one sentence.

    The CLI prints it on one line (after ``error:``) and exits with code 2; it never shows a traceback.
    Its message is a catalog message (deckgen.i18n), said in the language in force when shown.
    ``option`` names the command-line option the problem is about ("--bleed"): the command line
    shows "--bleed: PROBLEM", a deck file shows the problem on the line of its own key.
    """

    def __init__(self, *args: Any, option: str | None = None) -> None:
        super().__init__(*args)
        self.option = option

    @property
    def message(self) -> Any:
        """The problem itself (a catalog message where it is one), without the option's name."""
        if len(self.args) == 1 and isinstance(self.args[0], str):
            return self.args[0]
        return Exception.__str__(self)

    def said(self) -> Any:
        """The whole first line: the option's name (if any) and the problem."""
        if self.option:
            from deckgen.i18n import _

            return _("{option}: {problem}", option=self.option, problem=self.message)
        return self.message

    def __str__(self) -> str:
        return str(self.said())

    def lines(self) -> list[str]:
        """The message as lines: the first follows ``error:``, the others are indented details. A
        catalog message stays one (deckgen.i18n.Msg): it is said in the language in force when shown."""
        return [self.said()]

    def __reduce__(self) -> Any:  # crosses to a worker process with its option
        return (_rebuild, (type(self), self.args, self.option, self.__dict__))


def _rebuild(cls: type, args: tuple, option: str | None, state: dict) -> "DeckgenError":
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    error.option = option
    return error


class OptionError(DeckgenError):
    """An option value that cannot be used (wrong type, out of range, unknown name)."""


class Terminated(BaseException):
    """The process was asked to stop (SIGTERM): unwinds like Ctrl-C, so every cleanup runs."""


class AsWritten:
    """A value read from a deck file, shown by ``{value!r}`` as the file writes it (``true``,
    ``1979-05-27``, ``[1, "a"]``, ``{a = 1}``), never as Python writes it (``True``,
    ``datetime.date(1979, 5, 27)``); text keeps its quotes."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return written(self.value)

    __str__ = __repr__


def written(value: Any) -> str:
    """``value`` (of a TOML file) as TOML writes it."""
    import datetime

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (datetime.date, datetime.time)):  # (datetime is a date)
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(written(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {written(v)}" for k, v in value.items()) + "}"
    return repr(value)


# C0 and C1 control characters (ESC starts terminal escape sequences, CR and LF forge lines), DEL,
# the Unicode marks that reorder or break lines on screen, and lone surrogates: a name's bytes that are
# not UTF-8 (Python reads them as \udc80 to \udcff), which a strict UTF-8 stream cannot write at all
_MARKS = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"  # DEL, C1, the marks, lone surrogates
_UNSAFE = re.compile(f"[\\x00-\\x1f{_MARKS}]")


def _escaped(m: re.Match) -> str:
    """A character as an escape; a byte that was not UTF-8 as that byte (``\xff``)."""
    c = m.group()
    if "\udc80" <= c <= "\udcff":
        return f"\\x{ord(c) - 0xdc00:02x}"
    return c.encode("unicode_escape").decode("ascii")


def printable(text: str) -> str:
    r"""``text`` with every character that could change the terminal or start a new line written as
    an escape (``\x1b``, ``\n``, ``\u202e``), and a byte of a name that is not UTF-8 as ``\xff``:
    what a file or an argument says is shown, never obeyed."""
    return _UNSAFE.sub(_escaped, str(text))


# what a normal report may hold: line breaks and tabs between its own lines
_UNSAFE_IN_TEXT = re.compile(f"[\\x00-\\x08\\x0b-\\x1f{_MARKS}]")


def printable_text(text: str) -> str:
    r"""``text`` of several lines made safe to print: as :func:`printable`, but its own line breaks and
    tabs are kept. Every line deckgen prints on standard output goes through it, so a folder or file
    name that holds ``\x1b`` or ``\u202e`` is shown escaped, never obeyed by the terminal, and one
    holding bytes that are not UTF-8 is shown (``\xff``) where a strict UTF-8 output could not write it:
    that failure was taken for a closed output, the build's listing cut and its exit code 2."""
    return _UNSAFE_IN_TEXT.sub(_escaped, str(text))


def os_problem(exc: BaseException) -> Any:
    """What went wrong with a file, in the user's language: the system's own words (``strerror``) are
    English whatever the user reads, so the usual failures are catalog messages, found by their error
    number; any other keeps the system's words."""
    from deckgen.i18n import _

    code = getattr(exc, "errno", None)
    words = {
        errno.ENOSPC: _("no space left on the disk"),
        errno.EACCES: _("permission denied"),
        errno.EPERM: _("operation not permitted"),
        errno.EROFS: _("the disk is read-only"),
        errno.ENOENT: _("no such file or folder"),
        errno.EEXIST: _("it exists already"),
        errno.ENOTDIR: _("a part of the path is not a folder"),
        errno.EISDIR: _("it is a folder"),
        errno.ENAMETOOLONG: _("the name is too long"),
        errno.ENOTEMPTY: _("the folder is not empty"),
        errno.EBUSY: _("it is in use by another program"),
        errno.EMFILE: _("too many files are open"),
        errno.EPIPE: _("the pipe was closed"),
        errno.EIO: _("input/output error (a failing disk or a removed drive?)"),
        errno.EXDEV: _("it cannot be moved to another disk"),
        errno.ELOOP: _("too many symbolic links"),
        errno.ECONNREFUSED: _("the connection was refused"),
        errno.ECONNRESET: _("the connection was reset"),
        errno.EHOSTUNREACH: _("the host cannot be reached"),
        errno.ENETUNREACH: _("the network cannot be reached"),
        errno.ETIMEDOUT: _("the connection timed out"),
    }
    if getattr(errno, "EDQUOT", None) is not None:
        words[errno.EDQUOT] = _("disk quota exceeded")
    if code == errno.ENOENT and not os.path.isabs(str(getattr(exc, "filename", None) or "")):
        from deckgen.surroundings import gone

        if gone():  # a relative path, or the folder itself asked for: the cause is the current folder
            return _("the current folder no longer exists (was it deleted?): go to a folder that exists, or give absolute paths")
    found = words.get(code) if isinstance(code, int) else None
    if found is not None:
        return found
    return getattr(exc, "strerror", None) or str(exc)


def message(exc: BaseException) -> Any:
    """The message an error carries: its catalog message (translated when shown), else its text; with
    the option's name first when the error names one (``DeckgenError.option``), as the command line says it."""
    from deckgen.i18n import Listing, Msg

    if getattr(exc, "option", None) and hasattr(exc, "said"):
        return exc.said()
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, (Msg, Listing)) else str(exc)
