"""Cards seen from across the table: which printed numbers read as another valid text upside down.

A class sees cards from every side. Turned 180°, "6" reads "9", "18" reads "81" and "1 × 6" reads
"9 × 1". :func:`turned` gives what a text reads as upside down (None when some character does not
survive the turn); a game says which texts are valid for it (``valid_text``) and which texts each
card prints as its value (``texts``), and the card needs an orientation mark when one of them turns
into a *different* valid text. Faces mark such numbers with a bar underneath (:func:`underline`), as
playing cards and dice do for 6 and 9.
"""

from __future__ import annotations

from typing import Callable, Sequence

from deckgen.render.pen import Pen, text_width

TURN = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6", " ": " ", "×": "×", "+": "+", "−": "−", "-": "-"}


def turned(text: str) -> str | None:
    """What ``text`` reads as when the card is turned 180°, or None if it does not read at all."""
    if not text or any(ch not in TURN for ch in text):
        return None
    return "".join(TURN[ch] for ch in reversed(text))


def confusable(text: str, valid: Callable[[str], bool]) -> bool:
    """True when ``text`` upside down is another text that is ``valid``."""
    t = turned(text)
    return t is not None and t != text and valid(t)


def confusable_cards(cards: Sequence, texts: Callable, valid: Callable[[str], bool]) -> list[int]:
    """Indices of the cards printing at least one text that turns into another valid text."""
    return [i for i, card in enumerate(cards) if any(confusable(t, valid) for t in texts(card))]


def plain_number(text: str, lo: int = 0, hi: int | None = None) -> bool:
    """A whole number written without leading zeros, within [lo, hi]."""
    if not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        return False
    n = int(text)
    return n >= lo and (hi is None or n <= hi)


def underline(pen: Pen, x: float, y: float, text: str, size: float, *, align: str = "center", bold: bool = True,
              color: str = "#000000", angle: float = 0.0, thickness: float | None = None) -> None:
    """A bar under ``text`` drawn at (x, y) as :meth:`Pen.text` would draw it (angle 0 or 180)."""
    w = text_width(text, size, bold)
    t = thickness if thickness is not None else max(0.45, size * 0.035)
    gap = size * 0.353 * 0.12
    left = x - w / 2 if align == "center" else x - w if align == "right" else x
    if angle % 360 == 180:  # turned about (x, y): the bar lies above, mirrored
        left = 2 * x - left - w
        pen.rect(left, y - gap - t, w, t, fill=color)
    else:
        pen.rect(left, y + gap, w, t, fill=color)
