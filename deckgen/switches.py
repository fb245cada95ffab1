"""How a yes/no value reads, typed on the command line, in a deck file or in the page's form."""

from __future__ import annotations

from typing import Any

from deckgen.errors import OptionError
from deckgen.i18n import _

SHOWN = 60  # characters of a refused value quoted in its message


def _short(value: Any) -> Any:
    """A refused value as its message quotes it: at most SHOWN characters."""
    return value[:SHOWN] + "…" if isinstance(value, str) and len(value) > SHOWN else value


def boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise OptionError(_("expected true or false, got {value!r}", value=_short(value)))
