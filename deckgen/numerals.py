"""Numbers as people type them, in one place for every face (the command line, a deck file, the web
form): written with the digits 0-9, an optional sign, and for a decimal a point or a comma (``2.5``,
``2,5`` as Spanish writes it).

Python's own ``int()`` and ``float()`` read more than that: other scripts' digits (``٣``, ``३``) and
underscores (``1_0``). They were taken by some options and refused by others; now every number is
read the same way, and anything else is refused with one message that says how to write it.
"""

from __future__ import annotations

import re
from typing import Any

from deckgen.i18n import _
from deckgen.seeds import HIGHEST as HIGHEST_SEED

WHOLE = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
# a number longer than the widest range's end (a seed's, deckgen.seeds: 19 digits) is out of every range,
# refused before it is read; the refusal quotes its first SHOWN_DIGITS digits
MOST_DIGITS = len(str(HIGHEST_SEED))
SHOWN_DIGITS = 12
SHOWN = 40  # characters of a refused value quoted in its message


def _shown(text: str) -> str:
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def odd_digits(text: str) -> bool:
    """``text`` looks like a number written some other way (other scripts' digits, an underscore): the
    message then says to write it with the digits 0-9. Every reader of a number that refuses one
    asks it, so the refusal says the same on every face."""
    return any(c.isnumeric() and not "0" <= c <= "9" for c in text) or "_" in text


def whole_number(value: Any) -> int:
    """``value`` (text, or already a whole number) as an int; ValueError says what was wrong."""
    if isinstance(value, bool):
        raise ValueError(_("expected a whole number, got {value!r}", value=value))
    if isinstance(value, int):
        return value
    text = str(value).strip()
    if not WHOLE.fullmatch(text):
        if odd_digits(text):
            raise ValueError(_("expected a whole number written with the digits 0-9, got {value}", value=_shown(text)))
        raise ValueError(_("expected a whole number, got {value}", value=_shown(text)))
    if len(text.lstrip("+-")) > MOST_DIGITS:
        raise ValueError(_("{start}… ({n:,} digits) is out of range", start=text[:SHOWN_DIGITS], n=len(text.lstrip("+-"))))
    return int(text)


def decimal_number(value: Any) -> float:
    """``value`` (text, or already a number) as a float: digits 0-9 and a point (``2.5``)."""
    if isinstance(value, bool):
        raise ValueError(_("expected a number, got {value!r}", value=value))
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value).strip()
    if text.count(",") == 1 and "." not in text:  # a decimal comma, as Spanish writes it: 3,5
        text = text.replace(",", ".")
    if not DECIMAL.fullmatch(text) or len(text) > 2 * MOST_DIGITS:
        if odd_digits(text):
            raise ValueError(_("expected a number written with the digits 0-9, got {value}", value=_shown(text)))
        raise ValueError(_("expected a number, got {value}", value=_shown(text)))
    return float(text)


def invalid_value(option: str, problem: Any) -> Any:
    """The command line's words for a value an option cannot take (the web's request layer says the same)."""
    return _("invalid value for {option}: {problem}", option=option, problem=problem)


def whole_arg(text: str) -> int:
    """:func:`whole_number` as a command-line option's parser (``typer.Option(parser=whole_arg)``):
    a mistake becomes the command line's "Invalid value for '--players': …"."""
    try:
        return whole_number(text)
    except ValueError as exc:
        import typer

        raise typer.BadParameter(exc.args[0]) from None


def decimal_arg(text: str) -> float:
    """:func:`decimal_number` as a command-line option's parser."""
    try:
        return decimal_number(text)
    except ValueError as exc:
        import typer

        raise typer.BadParameter(exc.args[0]) from None
