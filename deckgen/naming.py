"""Default output folder names: one folder per distinct set of files.

The name is derived from the deck actually built (the game's tag of the options its cards show),
then every print setting that differs from the default (paper, card size, bleed, backs, a back
image, and any setting added later), the rulebook language, and the player count when it changes
the cards. Two builds whose files differ never share a default folder."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from deckgen.filenames import safe_name
from deckgen.model import Deck
from deckgen.registry import BuildRequest
from deckgen.render.settings import PrintSettings
from deckgen.render.geometry import card_size

DEFAULT_LANG = "es"


def folder_name(spec: Any, deck: Deck) -> str:
    """``spec`` is a DeckSpec; ``deck`` the deck it built."""
    parts = [spec.game.out_name(spec.game.described(deck))]
    parts += print_parts(spec.print)
    if spec.lang != DEFAULT_LANG:
        parts.append("es-en" if spec.lang == "all" else spec.lang)
    if players_shape_cards(spec, deck):
        parts.append(f"{spec.players}p")
    return safe_name("-".join(_safe(p) for p in parts if p))  # a name Windows accepts too (deckgen/filenames.py)


def print_parts(settings: PrintSettings) -> list[str]:
    """One short part per print setting that differs from the default settings, in field order."""
    base = PrintSettings(card_size("poker"))
    parts = []
    for f in dataclasses.fields(settings):
        value, default = getattr(settings, f.name), getattr(base, f.name)
        if f.name == "lang" or value == default:  # the card language follows the rulebook language
            continue
        parts.append(_part(f.name, value))
    return parts


def _part(name: str, value: Any) -> str:
    if name == "card":
        return value.name if value.name != "custom" else f"{value.width:g}x{value.height:g}mm"
    if name == "bleed":
        return f"bleed{value:g}"
    if name == "back_image":
        return "own-back"
    if name == "formats":
        return "+".join(value)
    if name == "back_offset":
        return f"offset{value[0]:g}_{value[1]:g}"
    if isinstance(value, bool):
        return name.replace("_", "-") if value else f"no-{name.replace('_', '-')}"
    if isinstance(value, str):
        return value
    return f"{name.replace('_', '-')}{value:g}" if isinstance(value, (int, float)) else f"{name}-{value}"


def players_shape_cards(spec: Any, deck: Deck) -> bool:
    """True when the deck was built for a player count and its cards differ from the full set's."""
    if not spec.players or deck.custom:
        return False
    full = spec.game.build(BuildRequest(spec.options, spec.seed, None))
    return full.cards != deck.cards


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", str(text)).strip("-") or "x"
