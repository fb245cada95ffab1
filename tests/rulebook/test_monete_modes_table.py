"""Issue 31: Monete's table of the four modes reads at a glance: one row a mode, short cells, no cell
wrapped to more than 3 lines (it was ~10). Read back from the rulebook PDF, es and en: the printed
lines between one row's top and the next row's."""

from __future__ import annotations

import pytest

import pdfium_pages
from deckgen.registry import get_game
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for
from rulebook.rbtools import text_lines

MODES = ("PEREZOSO", "SIESTA", "RECREO", "JUNGLA")
WORDS = {"es": ("Los cuatro modos", "Modo", "Después de jugar"), "en": ("The four modes", "Mode", "After a play")}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_modes_table_cells_wrap_to_at_most_three_lines(tmp_path, lang):
    heading, first, after = WORDS[lang]
    g = get_game("monete")
    deck = spec_for(g, cli={}).build()
    path = write_rulebook(tmp_path / "r.pdf", g, deck, lang, PrintSettings.parse(lang=lang))
    with pdfium_pages.Shapes(path) as pdf:  # pdfplumber's characters, read with pdfium (tests/rulebook/test_shapes_reads_rulebooks.py)
        lines = [(n, l) for n, page in enumerate(pdf.pages) for l in text_lines(page)]
    texts = [l[2] for _, l in lines]
    start = next(i for i, t in enumerate(texts) if t.startswith(heading))
    head = next(i for i in range(start, len(texts)) if texts[i] == first)
    end = next(i for i in range(head, len(texts)) if texts[i].startswith(after))
    table = lines[head:end]
    # row starts: the header and each mode's name in the first column
    starts = [0] + [k for k, (_, l) in enumerate(table) if l[2] in MODES]
    assert [table[k][1][2] for k in starts[1:]] == list(MODES), "one row a mode, in order"
    for a, b in zip(starts, starts[1:] + [len(table)]):
        baselines = {(p, round(l[1])) for p, l in table[a:b]}
        assert len(baselines) <= 3, (table[a][1][2], len(baselines))
