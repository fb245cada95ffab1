"""Issues 31 and 42: Monete's markers are turned over in play, so each marker card is printed
two-sided: behind "+" its "−", behind "=" its "≠" (and the other way round); every other card meets
the deck's back.

The checker reads only the PDF: it pairs each front page with the back page of the same sheet by the
sheet label printed on both ("hoja 3/13 · caras" / "... · dorsos"), finds the cards on the front by
their cut lines, turns the back page over the long edge and over the short edge as paper turns
(a portrait page's long edge is upright, a landscape page's level), and reads what lands behind
each card. Each backs mode must work for the turns it can meet: a duplex printer turns the way it is
told; a stack turned by hand or a back sheet glued on may be turned either way, and must work both
ways where the layout has a centre cell (and over the long edge, as the sheet says, where it has
none)."""

from __future__ import annotations

import functools
import re

import pdfplumber
import pytest

import pdfcheck
import pdfium_pages

MM = pdfcheck.MM
CAPTION = {
    "es": {"+": "MAYOR O IGUAL", "-": "MENOR O IGUAL", "=": "MISMO COLOR", "≠": "DISTINTO COLOR"},
    "en": {"+": "HIGHER OR EQUAL", "-": "LOWER OR EQUAL", "=": "SAME COLOUR", "≠": "DIFFERENT COLOUR"},
}
OTHER = {"+": "-", "-": "+", "=": "≠", "≠": "="}
SIDE = {"es": ("caras", "dorsos"), "en": ("fronts", "backs")}
TURNS = {"duplex-long": ("long",), "duplex-short": ("short",), "manual-duplex": ("long", "short"),
         "separate": ("long", "short")}


def what(page, box: pdfcheck.Rect, lang: str) -> str:
    """What a card cell shows: a marker's sign, "back" (the deck's back: the game's name), "card"
    (any other front), or "" (nothing)."""
    text = " ".join(pdfcheck.texts_in(page, box)).upper()
    signs = [s for s, caption in CAPTION[lang].items() if caption in text]
    assert len(signs) <= 1, text
    if signs:
        return signs[0]
    if text.strip() == "MONETE" or set(text.split()) == {"MONETE"}:
        return "back"
    return "card" if text.strip() else ""


def sheets(pages, lang: str) -> dict[int, dict[str, object]]:
    """Sheet number -> {"front": page, "back": page}, from the label each page prints (pages read by
    pdfplumber or by tests/pdfium_pages.py)."""
    out: dict[int, dict[str, object]] = {}
    front, back = SIDE[lang]
    for page in pages:
        text = page.extract_text() or ""
        m = re.search(r"(?:hoja|sheet) (\d+)/\d+ · (\w+)", text)
        assert m, text[-200:]
        side = {front: "front", back: "back"}[m.group(2)]
        assert side not in out.setdefault(int(m.group(1)), {}), f"two {side} pages for sheet {m.group(1)}"
        out[int(m.group(1))][side] = page
    return out


def card_cells(page) -> list[pdfcheck.Rect]:
    """The cards of a front page: the hairline cut rectangles, each a card's trim."""
    boxes = {pdfcheck.box_of(r).key(0): pdfcheck.box_of(r) for r in page.rects
             if r.get("stroke") and not r.get("fill") and r["width"] > 30 * MM and r["height"] > 30 * MM}
    return list(boxes.values())


def turned(box: pdfcheck.Rect, page, edge: str) -> pdfcheck.Rect:
    """Where ``box`` of a front page lies on the back page once the sheet turns over ``edge``."""
    w, h = float(page.width), float(page.height)
    upright = (edge == "long") == (h >= w)  # the hinge is upright: left and right change places
    if upright:
        return pdfcheck.Rect(w - box.x1, box.y0, w - box.x0, box.y1)
    return pdfcheck.Rect(box.x0, h - box.y1, box.x1, h - box.y0)


@functools.lru_cache(maxsize=None)
def read_sheets(pdf_path, lang: str) -> tuple[tuple[pdfium_pages.Page, pdfium_pages.Page | None], ...]:
    """(front, back or None) of every sheet of the PDF, in sheet order, read once (by pdfium:
    tests/pdfium_pages.py, which tests/test_pdfium_pages.py holds equal to pdfplumber)."""
    found = sheets(pdfium_pages.read(pdf_path), lang)
    return tuple((sides["front"], sides.get("back")) for _number, sides in sorted(found.items()))


def behind(pdf_path, lang: str, edge: str) -> list[tuple[str, str]]:
    """(front, what lands behind it) for every card of the PDF, its sheets turned over ``edge``."""
    out = []
    for front, back in read_sheets(pdf_path, lang):
        for cell in card_cells(front):
            inside = pdfcheck.Rect(cell.x0 + 2, cell.y0 + 2, cell.x1 - 2, cell.y1 - 2)
            shown = what(front, inside, lang)
            out.append((shown, what(back, turned(inside, front, edge), lang) if back is not None else ""))
    return out


def expected(front: str) -> str:
    return OTHER[front] if front in OTHER else "back"


@pytest.fixture(scope="module")
def monete(tmp_path_factory):
    made = {}

    def get(*args):
        if args not in made:
            made[args] = pdfcheck.build(tmp_path_factory.mktemp("monete"), "monete", *args) / "cards.pdf"
        return made[args]

    return get


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short", "manual-duplex", "separate"])
def test_every_card_meets_its_back_whichever_way_the_mode_turns(monete, mode, lang):
    pdf = monete("--backs", mode, "--lang", lang)
    for edge in TURNS[mode]:
        pairs = behind(pdf, lang, edge)
        assert len(pairs) == 114
        markers = sorted(f for f, _ in pairs if f in OTHER)
        assert markers == sorted(OTHER), markers
        wrong = [(f, b) for f, b in pairs if b != expected(f)]
        assert not wrong, f"{mode}, turned over the {edge} edge: {wrong}"


def test_a_duplex_sheet_turned_the_wrong_way_is_caught(monete):
    """The checker can fail: a long-edge duplex file turned over the short edge puts the last part-
    filled sheet's backs behind the wrong cells."""
    pairs = behind(monete("--backs", "duplex-long", "--lang", "es"), "es", "short")
    assert any(b != expected(f) for f, b in pairs)


@pytest.mark.parametrize("mode", ["manual-duplex", "separate"])
def test_without_a_centre_cell_the_long_edge_works_and_the_sheet_says_so(monete, mode):
    """Mini cards on Letter sit 6 by 3 on a landscape page: no cell lands behind itself both ways, so the backs are laid for
    the long edge, which the sheets name (and the short edge fails, which is why they name it)."""
    pdf = monete("--backs", mode, "--lang", "en", "--card-size", "mini", "--paper", "letter")
    pairs = behind(pdf, "en", "long")
    assert not [(f, b) for f, b in pairs if b != expected(f)]
    assert any(b != expected(f) for f, b in behind(pdf, "en", "short"))
    first = read_sheets(pdf, "en")[0][0]  # the first sheet's fronts: the file's first page (fronts come first in both modes)
    assert "long edge, like the page of a book" in (first.extract_text() or "").replace("\n", " ")


def test_no_backs_prints_fronts_only(monete):
    found = sheets(pdfium_pages.read(monete("--backs", "none", "--lang", "es")), "es")  # every page's label
    assert found and all(set(s) == {"front"} for s in found.values())


@pytest.mark.parametrize("lang,words", [
    ("es", "sin cambiar el orden de las hojas"), ("en", "without changing the order of the sheets")])
def test_manual_duplex_says_which_edge_and_the_order_with_a_picture(monete, lang, words):
    with pdfplumber.open(monete("--backs", "manual-duplex", "--lang", lang)) as pdf:
        first, second = (" ".join((p.extract_text() or "").split()) for p in pdf.pages[:2])
        assert words in first and words in second
        assert ("cualquiera de sus bordes" if lang == "es" else "over either edge") in first
        # the picture: the sheet and the sheet turned over, each marked "1", over the note's line
        def picture(page):
            return [c for c in page.chars if c["text"] == "1" and c["top"] < 15 * MM and "-B" in c["fontname"]]

        assert len(picture(pdf.pages[0])) == 2
        assert not picture(pdf.pages[1])


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
