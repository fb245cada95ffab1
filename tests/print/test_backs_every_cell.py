"""Issue 31, point 1: back pages printed apart from their fronts (`--backs separate` and
`manual-duplex`) carry a back in every cell, so a sheet glued on the other way round, or a stack
turned over the other edge, still gives every card a back; a part-filled last sheet included.

Read back from the PDF: each back page's form placements (one `Do` of the back form per cell) and
where each one lands."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

import pdfcheck
from deckgen.render.geometry import card_size, layout
from deckgen.render.sheets import back_reach

MM = pdfcheck.MM
PLACED = re.compile(rb"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.deckgen-back Do")

# Hectoedra's default deck (100 cards, poker, 9 a sheet on A4) ends with one card on its last sheet.
GAMES = [("hectoedra", 100), ("mgc", None), ("maestras", None)]


def placements(reader: PdfReader, n: int) -> list[tuple[float, float]]:
    data = reader.pages[n].get_contents().get_data()
    return [(round(float(x) / MM, 1), round(float(y) / MM, 1)) for x, y in PLACED.findall(data)]


@pytest.mark.parametrize("mode", ["separate", "manual-duplex"])
@pytest.mark.parametrize("game,count", GAMES)
def test_every_back_page_fills_every_cell(tmp_path, game, count, mode):
    out = pdfcheck.build(tmp_path / game, game, "--backs", mode)
    n_cards = len(json.loads((out / "deck.json").read_text())["cards"])
    if count is not None:
        assert n_cards == count
    lay = layout(card_size("poker"), "a4")
    assert lay.per_sheet == 9
    sheets = -(-n_cards // 9)
    if count is not None:
        assert n_cards % 9 == 1, "Hectoedra's default deck ends with one card on its last sheet"
    reader = PdfReader(out / "cards.pdf")
    assert len(reader.pages) == 2 * sheets
    reach = back_reach(lay)
    cells = sorted((round(lay.slot(i).x - reach, 1), round(lay.slot(i).y - reach, 1)) for i in range(9))
    for n in range(sheets):
        assert placements(reader, n) == []  # fronts carry no back
        backs = placements(reader, sheets + n)
        assert sorted(backs) == cells, f"back page {sheets + n + 1}: {len(backs)} backs"
    text = reader.pages[-1].extract_text().replace("\n", " ")
    if mode == "separate":
        assert "pega cada hoja de dorsos detrás de la hoja de caras" in text
    else:
        assert "dándole la vuelta" in text


def test_duplex_still_backs_only_the_cards_it_has(tmp_path):
    """Automatic duplex keeps one back per card: the printer itself pairs the pages."""
    out = pdfcheck.build(tmp_path / "h", "hectoedra", "--backs", "duplex-long")
    reader = PdfReader(out / "cards.pdf")
    assert len(placements(reader, len(reader.pages) - 1)) == 100 - 9 * 11
