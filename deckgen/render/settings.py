"""Print settings shared by every game: card size, paper, bleed, backs and language."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import OptionError
from deckgen.render.geometry import CardSize, SheetLayout, back_mode, bleed_mm, card_size, layout, paper_size

LANGS = ("es", "en")


def language(text: str, *, allow_all: bool = False) -> str:
    key = str(text).strip().lower()
    allowed = LANGS + (("all",) if allow_all else ())
    if key not in allowed:
        raise OptionError(f"unknown language {text!r}: use {', '.join(allowed)}")
    return key


@dataclass(frozen=True)
class PrintSettings:
    card: CardSize
    paper: str = "a4"
    bleed: float = 0.0
    backs: str = "duplex-long"
    lang: str = "es"
    back_image: str | None = None  # an image (already checked) printed on every back instead of the game's
    ink: str = "normal"  # "low": every sheet under 15% of the page's darkness (deckgen.render.ink)

    @staticmethod
    def parse(
        card: str = "poker",
        paper: str = "a4",
        bleed: object = 0.0,
        backs: str = "duplex-long",
        lang: str = "es",
        back_image: str | None = None,
        ink: str = "normal",
    ) -> "PrintSettings":
        from deckgen.render.ink import ink_mode

        return PrintSettings(
            card_size(card), paper_size(paper)[0], bleed_mm(bleed), back_mode(backs), language(lang), back_image, ink_mode(ink)
        )

    def layout(self) -> SheetLayout:
        return layout(self.card, self.paper, self.bleed)
