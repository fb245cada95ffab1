"""Shop presets (``--for``): the card size, bleed, resolution, files and colour space each print shop
asks for in its published template for a poker deck (2.5×3.5 in, 63.5×88.9 mm). The README's
"Printing at a shop" section gives the source of every figure."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import OptionError
from deckgen.i18n import Listing, N_


@dataclass(frozen=True)
class Preset:
    name: str
    shop: str
    card_size: str  # a card size deckgen understands ("63.5x88.9" is 2.5×3.5 in)
    bleed: float  # mm on each side
    dpi: int
    formats: tuple[str, ...]
    colour: str
    source: str  # where the figures come from

    def fixed_layer(self) -> dict:
        """What the shop's template fixes (the card size and its bleed), as a [print] layer that
        wins over deck files."""
        return {"print": {"card_size": self.card_size, "bleed": self.bleed}}

    def default_layer(self) -> dict:
        """What the preset chooses but a deck file may change (files, resolution, colour space)."""
        return {"print": {"dpi": self.dpi, "format": ",".join(self.formats), "colour": self.colour}}


INCH = 25.4
POKER_US = "63.5x88.9"  # 2.5 × 3.5 in

PRESETS: dict[str, Preset] = {
    # 825×1125 px at 300 dpi: 2.75×3.75 in, a 2.5×3.5 in card with 1/8 in bleed on each side
    "tgc": Preset("tgc", "The Game Crafter", POKER_US, INCH / 8, 300, ("png",), "rgb",
                  "thegamecrafter.com poker card template (825×1125 px)"),
    # 822×1122 px at 300 dpi: 36 px (0.12 in, 3.048 mm) of bleed on each side of 750×1050 px
    "mpc": Preset("mpc", "MakePlayingCards", POKER_US, 36 / 300 * INCH, 300, ("png",), "rgb",
                  "makeplayingcards.com photo-upload FAQ: 36 px cut off each side at 300 dpi (822×1122 px poker)"),
    # one PDF per deck, a card per page (its back, then its front), 1/8 in bleed, CMYK, ink ≤ 240%
    "dtc": Preset("dtc", "DriveThruCards", POKER_US, INCH / 8, 300, ("pdf",), "cmyk",
                  "DriveThruCards printed-card specifications; OneBookShelf card prep: 2.75×3.75 in with bleed"),
    # a home or school printer: deckgen's own sheets, 9 poker cards a page, backs for duplex
    "home": Preset("home", N_("a home or school printer"), "poker", 0.0, 300, ("sheets",), "rgb", "deckgen"),
}


def preset(name: str) -> Preset:
    key = str(name).strip().lower()
    if key not in PRESETS:
        from deckgen.i18n import _

        raise OptionError(_("unknown --for {value!r}: use {shops}", value=name, shops=Listing(PRESETS, "or")))
    return PRESETS[key]
