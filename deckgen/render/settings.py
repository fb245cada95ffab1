"""Print settings shared by every game: card size, paper, bleed, backs and language."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import OptionError
from deckgen.i18n import Listing, _
from deckgen.numerals import odd_digits, whole_number
from deckgen.render import geometry
from deckgen.render.geometry import CardSize, SheetLayout, back_mode, bleed_mm, card_size, layout, paper_size
from deckgen.render.palette import colour_space

LANGS = ("es", "en")
FORMATS = ("sheets", "png", "pdf", "tts")  # what a build can write: see deckgen.render.export
MIN_DPI, MAX_DPI = 72, 1200


def language(text: str, *, allow_all: bool = False) -> str:
    key = str(text).strip().lower()
    allowed = LANGS + (("all",) if allow_all else ())
    if key not in allowed:
        raise OptionError(_("unknown language {value!r}: use {languages}", value=text, languages=Listing(allowed, "or")))
    return key


def format_list(value: object) -> tuple[str, ...]:
    """``png,tts`` (or a list) -> ("png", "tts"), in FORMATS order, each once."""
    words = value if isinstance(value, (list, tuple)) else str(value).replace(" ", "").split(",")
    keys = {str(w).strip().lower() for w in words if str(w).strip()}
    bad = sorted(keys - set(FORMATS))
    if bad or not keys:
        shown = ", ".join(bad) if bad else repr(value)
        raise OptionError(_("unknown format {value}: use one or more of {formats}, separated by commas", value=shown,
                            formats=", ".join(FORMATS)), option="--format")
    return tuple(f for f in FORMATS if f in keys)


def dots_per_inch(value: object) -> int:
    try:
        dpi = whole_number(value)  # the digits 0-9 (deckgen.numerals)
    except ValueError as exc:
        if odd_digits(str(value)):
            raise OptionError(exc.args[0], option="--dpi") from None
        raise OptionError(_("expected a whole number of dots per inch, got {value!r}", value=value), option="--dpi") from None
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise OptionError(_("{dpi} is out of range ({lo} to {hi})", dpi=dpi, lo=MIN_DPI, hi=MAX_DPI), option="--dpi")
    return dpi


@dataclass(frozen=True)
class PrintSettings:
    card: CardSize
    paper: str = "a4"
    bleed: float = 0.0
    backs: str = "duplex-long"
    lang: str = "es"
    back_image: str | None = None  # an image (already checked) printed on every back instead of the game's
    colour: str = "rgb"  # "rgb" or "cmyk": how the PDFs write every colour
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm every back is moved by (a duplex printer's correction)
    formats: tuple[str, ...] = ("sheets",)  # what a build writes: see deckgen.render.export
    dpi: int = 300  # resolution of the per-card images
    shop: str | None = None  # the preset (--for) these settings came from
    ink: str = "normal"  # "low": every sheet under 45% ink, C+M+Y+K (deckgen.render.ink)

    @staticmethod
    def parse(
        card: str = "poker",
        paper: str = "a4",
        bleed: object = 0.0,
        backs: str = "duplex-long",
        lang: str = "es",
        back_image: str | None = None,
        colour: str = "rgb",
        back_offset: object = (0.0, 0.0),
        formats: object = "sheets",
        dpi: object = 300,
        shop: str | None = None,
        ink: str = "normal",
    ) -> "PrintSettings":
        from deckgen.render.ink import ink_mode

        return PrintSettings(
            card_size(card), paper_size(paper)[0], bleed_mm(bleed), back_mode(backs), language(lang), back_image,
            colour_space(colour), geometry.back_offset(back_offset), format_list(formats), dots_per_inch(dpi), shop,
            ink_mode(ink),
        )

    def layout(self) -> SheetLayout:
        return layout(self.card, self.paper, self.bleed)
