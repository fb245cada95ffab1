"""The one font family deckgen embeds: Bitstream Vera, shipped inside the reportlab wheel.

It covers Spanish (á, é, í, ó, ú, ñ, ¡, ¿), ×, ÷ and the minus sign. Exponents are drawn raised
and smaller by :func:`deckgen.render.pen.draw_runs`, never with superscript look-alike characters.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DeckgenSans"
BOLD = "DeckgenSans-Bold"
ITALIC = "DeckgenSans-Italic"
BOLD_ITALIC = "DeckgenSans-BoldItalic"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}
PT_PER_MM = 72.0 / 25.4


def font_path(bold: bool = False) -> Path:
    return Path(reportlab.__file__).parent / "fonts" / _FILES[BOLD if bold else REGULAR]


@lru_cache(maxsize=1)
def register() -> tuple[str, str]:
    """Register the TrueType fonts with reportlab (idempotent) and return (regular, bold) names."""
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(Path(reportlab.__file__).parent / "fonts" / file)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC)
    return REGULAR, BOLD


def font_name(bold: bool = False) -> str:
    register()
    return BOLD if bold else REGULAR


def text_width_mm(text: str, size_pt: float, bold: bool = False) -> float:
    """Advance width of ``text`` at ``size_pt`` points, in millimetres (same for PDF and PNG)."""
    return pdfmetrics.stringWidth(text, font_name(bold), size_pt) / PT_PER_MM


def ascent_mm(size_pt: float) -> float:
    """Height of capital letters above the baseline, in mm (Vera's cap height is 0.729 em)."""
    return 0.729 * size_pt / PT_PER_MM
