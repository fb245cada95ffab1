"""Issue 31, point 3: no text on a card face runs into another mark (an icon, a frame, another line
of text), for every game, in both languages and with --ink low; read back from cards.pdf.

Text keeps 0.5 mm clear of every mark it is not written on (tests/cardcheck.py's ``collisions``
says what counts as the mark a text is written on)."""

from __future__ import annotations

import pytest

import cardcheck
from cardcheck import GAMES, cells


def _collisions(b, size: str = "poker") -> dict[int, list[str]]:
    bad = {}
    for cell in cells(b.shapes, b.deck["cards"], size=size, side="front"):  # back pages never read
        if cell.side == "front":
            found = cardcheck.collisions(cell)
            if found:
                bad[cell.card] = found
    return bad


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("args", [(), ("--lang", "en"), ("--ink", "low")], ids=["es", "en", "ink-low"])
def test_no_text_runs_into_another_mark(built, game, args):
    b = built(game, *args)
    bad = _collisions(b)
    assert not bad, {k: v[:2] for k, v in list(bad.items())[:6]}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_mini_cards_too(built, game, lang):
    """Mini cards (44×63 mm): the safe margin does not shrink with the card, so what is placed from
    the edges comes nearer what is placed from the centre. The print review of 2026-11-29 found
    MGC's "Toma cuatro" title on its corner icon and, in English, Monete's wild caption on the star
    of its turned index."""
    b = built(game, "--card-size", "mini", "--lang", lang)
    bad = _collisions(b, "mini")
    assert not bad, {k: v[:2] for k, v in list(bad.items())[:6]}


def test_mgc_nine_by_nine_faces_too(built):
    """The widest MGC deck: two-digit coefficients and degrees up to 9."""
    b = built("mgc", "--coefficients", "1-9", "--degrees", "1-9")
    assert not _collisions(b)


def _cell_with(b, kind: str, **fields):
    index = next(i for i, c in enumerate(b.deck["cards"]) if c["kind"] == kind and all(c.get(k) == v for k, v in fields.items()))
    return next(c for c in cells(b.shapes, b.deck["cards"], side="front") if c.side == "front" and c.card == index)


def test_the_check_sees_a_mark_on_text():
    """The check itself: a corner icon moved onto the last line of text is found (the MGC
    Intermisión card as issue 31 found it), and an icon clear of it is not."""
    from pdfcheck import Rect

    class Fake:
        trim = Rect(0, 0, 63 * cardcheck.MM, 88 * cardcheck.MM)
        page_height = 100 * cardcheck.MM

        def points(self, o):
            return []

    def char(text, x, y, size=8.0):
        w = size * 0.55
        return {"text": text, "x0": x, "x1": x + w, "y0": y - 0.2 * size, "y1": y + 0.8 * size, "size": size,
                "matrix": (1, 0, 0, 1, x, y), "adv": w, "upright": True, "fontname": "F"}

    cell = Fake()
    cell.chars = [char(t, 100 + 4.4 * i, 40) for i, t in enumerate("carta.")]
    icon = {"object_type": "rect", "x0": 118, "x1": 140, "y0": 30, "y1": 50, "fill": False, "stroke": True, "linewidth": 1}
    cell.shapes = [icon]
    assert cardcheck.collisions(cell)
    cell.shapes = [dict(icon, x0=130, x1=150)]  # 1.3 mm clear
    assert not cardcheck.collisions(cell)
