"""Issue 31: Monete's markers are turned over in play, so each marker card is printed two-sided:
behind "+" its "−", behind "=" its "≠" (and the other way round), in the back cell that meets the
front once the sheet is turned (duplex, manual-duplex: mirrored) or glued (separate).

Read back from the PDF: the caption text inside the front cell, and inside the back cell behind it."""

from __future__ import annotations

import json

import pdfplumber
import pytest

import pdfcheck
from deckgen.render.geometry import card_size, layout

MM = pdfcheck.MM
CAPTION = {("number", "+"): "MAYOR O IGUAL", ("number", "-"): "MENOR O IGUAL",
           ("colour", "same"): "MISMO COLOR", ("colour", "different"): "DISTINTO COLOR"}
OTHER = {("number", "+"): ("number", "-"), ("number", "-"): ("number", "+"),
         ("colour", "same"): ("colour", "different"), ("colour", "different"): ("colour", "same")}


def cell_text(page, lay, slot: int) -> str:
    b = lay.slot(slot)
    box = pdfcheck.Rect(b.x * MM, b.y * MM, b.right * MM, b.top * MM)
    return " ".join(pdfcheck.texts_in(page, box))


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short", "manual-duplex", "separate"])
def test_each_marker_has_its_other_side_behind_it(tmp_path, mode):
    out = pdfcheck.build(tmp_path / mode, "monete", "--mode", "jungla", "--backs", mode)
    cards = json.loads((out / "deck.json").read_text())["cards"]
    markers = {i: (c["marker"], c["side"]) for i, c in enumerate(cards) if c["kind"] == "marker"}
    assert sorted(markers.values()) == sorted(CAPTION)
    lay = layout(card_size("poker"), "a4")
    per, sheets = lay.per_sheet, -(-len(cards) // lay.per_sheet)
    with pdfplumber.open(out / "cards.pdf") as pdf:
        assert len(pdf.pages) == 2 * sheets
        checked = 0
        for index, key in markers.items():
            sheet, slot = divmod(index, per)
            front = pdf.pages[2 * sheet if mode.startswith("duplex") else sheet]
            back = pdf.pages[2 * sheet + 1 if mode.startswith("duplex") else sheets + sheet]
            assert CAPTION[key] in cell_text(front, lay, slot)
            behind = cell_text(back, lay, lay.back_index(slot, mode))
            assert CAPTION[OTHER[key]] in behind, f"{key} in slot {slot}: behind it {behind!r}"
            assert CAPTION[key] not in behind
            checked += 1
        assert checked == 4
        # the other back cells still carry the deck's back
        last_back = pdf.pages[-1]
        marker_cells = {lay.back_index(i % per, mode) for i in markers if i // per == sheets - 1}
        for cell in set(range(per)) - marker_cells:
            text = cell_text(last_back, lay, cell)
            assert "Monete" in text and "MARCADOR" not in text.upper() or not text


@pytest.mark.parametrize("lang,words", [("es", "para cambiar un marcador, dale la vuelta"), ("en", "to change a marker, turn it over")])
def test_rulebook_says_to_turn_the_marker_over(tmp_path, lang, words):
    from deckgen.registry import get_game
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for
    from rulebook.rbtools import flat, pdf_pages

    spec = spec_for("monete", cli={"options": {"mode": "jungla"}})
    deck = spec.build()
    text = flat(" ".join(pdf_pages(write_rulebook(tmp_path / "r.pdf", get_game("monete"), deck, lang, spec.print))))
    assert words in text
    assert ("= detrás de ≠" if lang == "es" else "= behind ≠") in text
