"""The fast reader (tests/pdfium_pages.py) reads what pdfplumber reads, on real card sheets: the same
characters in the same order, their boxes and origins within half a point, the same sizes,
fonts (but for pdfplumber's subset prefix) and runs of text, the same rectangles and lines (fill and
stroke too, the lines' ends and the rectangles' fill colours), and a page's label. The tests that read sheets with it (tests/print/test_marker_backs.py)
rest on this."""

from __future__ import annotations

import pdfplumber
import pytest

import pdfcheck
import pdfium_pages


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    """Monete's sheets, backs laid for a long-edge duplex: cards upright and upside down, a form
    for each back, hairline cut rectangles, filled card faces and the sheet labels."""
    out = pdfcheck.build(tmp_path_factory.mktemp("monete"), "monete", "--top", "10", "--backs", "duplex-long", "--lang", "es")
    return out / "cards.pdf"


def key(r: dict) -> tuple:
    return (round(r["x0"], 1), round(r["y0"], 1), round(r["x1"], 1), round(r["y1"], 1), bool(r["fill"]), bool(r["stroke"]))


@pytest.mark.parametrize("page", [0, 1])  # a front and its back
def test_the_fast_reader_reads_what_pdfplumber_reads(sheet, page):
    fast = pdfium_pages.read(sheet, lines=True)[page]
    plain = pdfium_pages.read(sheet)[page]  # without lines: the same rectangles
    assert plain.rects == fast.rects and not plain.lines and fast.lines
    with pdfplumber.open(sheet) as pdf:
        slow = pdf.pages[page]
        assert (fast.width, fast.height) == pytest.approx((float(slow.width), float(slow.height)), abs=1e-3)
        chars = [c for c in slow.chars if c["text"].strip()]
        mine = [c for c in fast.chars if c["text"].strip()]
        assert [c["text"] for c in mine] == [c["text"] for c in chars] and len(chars) > 100
        assert "".join(c["text"] for c in fast.chars) == "".join(c["text"] for c in slow.chars)  # its spaces: the file's, none added
        for a, b in zip(chars, mine):
            assert [b[k] for k in ("x0", "x1", "y0", "y1", "top", "bottom")] == pytest.approx(
                [a[k] for k in ("x0", "x1", "y0", "y1", "top", "bottom")], abs=0.5)
            assert (b["matrix"][4], b["matrix"][5]) == pytest.approx((a["matrix"][4], a["matrix"][5]), abs=0.5)
            assert pdfcheck._direction(b)[2] == pytest.approx(pdfcheck._direction(a)[2], abs=1e-6)
            assert b["size"] == pytest.approx(a["size"], abs=1e-6)
            assert a["fontname"].endswith("+" + b["fontname"]) or a["fontname"] == b["fontname"]
            assert b["adv"] == pytest.approx(a["adv"], abs=0.05 * a["size"])  # from the box: runs split at half an em
        upside_down = [c for c in mine if abs(pdfcheck._direction(c)[2]) > 179]
        assert upside_down if page == 0 else True  # the cards' corner numbers, turned
        assert [r.text for r in pdfcheck.runs(mine)] == [r.text for r in pdfcheck.runs(chars)]
        assert sorted(map(key, fast.rects)) == sorted(map(key, slow.rects))
        filled = lambda rs: sorted((*key(r), *(r["fill_rgb"] if "fill_rgb" in r else r["non_stroking_color"])) for r in rs if r["fill"])  # noqa: E731
        assert len(filled(slow.rects)) > 5 and all(len(r["non_stroking_color"]) == 3 for r in slow.rects if r["fill"])  # an RGB file
        for mine, theirs in zip(filled(fast.rects), filled(slow.rects), strict=True):
            assert mine[:6] == theirs[:6] and mine[6:] == pytest.approx(theirs[6:], abs=1 / 510), (mine, theirs)
        assert sorted(map(key, fast.lines)) == sorted(map(key, slow.lines)) and len(slow.lines) > 5  # the scale bar and its ticks
        ends = lambda ls: sorted(tuple(round(v, 1) for pt in line["pts"] for v in pt) for line in ls)  # noqa: E731
        assert ends(fast.lines) == ends(slow.lines)
        assert any(r["fill"] for r in fast.rects)
        assert any(r["stroke"] and not r["fill"] for r in fast.rects) == (page == 0)  # the cut lines, on the fronts
        assert ("hoja 1/" in fast.extract_text()) and ("caras" if page == 0 else "dorsos") in fast.extract_text()


def test_a_path_that_is_not_an_axis_aligned_rectangle_is_no_rectangle():
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5), (0, 5)]) == (0, 0, 10, 5)
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5), (0, 5), (0, 0)]) == (0, 0, 10, 5)
    assert pdfium_pages._rectangle([(0, 0), (10, 1), (10, 5), (0, 5)]) is None  # a slanted side
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5)]) is None  # three corners
    assert pdfium_pages._rectangle([(0, 0), (10, 0), (10, 5), (0, 5), (0, 2)]) is None  # not closed
    assert pdfium_pages._rectangle([(1, 1), (1, 1), (1, 1), (1, 1)]) is None  # a point
    assert pdfium_pages._multiply((2, 0, 0, 2, 0, 0), (1, 0, 0, 1, 5, 7)) == (2, 0, 0, 2, 5, 7)
    assert pdfium_pages._multiply((1, 0, 0, 1, 5, 7), (2, 0, 0, 2, 0, 0)) == (2, 0, 0, 2, 10, 14)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_rulebooks_text_is_pdfplumbers(tmp_path, lang):
    """tests/rulebook/rbtools.py's pdf_pages reads rulebooks with the fast reader: every page's text,
    whole and without its running header and footer, is what pdfplumber lays out."""
    from deckgen.registry import get_game
    from deckgen.rulebook.render import write_rulebook
    from deckgen.spec import spec_for
    from rulebook.rbtools import body_box, pdf_pages

    spec = spec_for("hectoedra", cli={})
    path = write_rulebook(tmp_path / "r.pdf", get_game("hectoedra"), spec.build(), lang, spec.print)
    with pdfplumber.open(path) as pdf:
        whole = [p.extract_text() or "" for p in pdf.pages]
        body = [p.crop(body_box(p)).extract_text() or "" for p in pdf.pages]
    assert len(whole) >= 4 and all(whole)
    assert pdf_pages(path) == whole
    assert pdf_pages(path, body=True) == body and body != whole


# ---------------------------------------------------------------- pdfminer's reading: tests/cardcheck.py's cells

GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")


def pages_to_compare(cards: list[dict], bleed: float) -> tuple[list[int], list[list[int]]]:
    """The front page of the first sheet holding each kind of card (the help card too), the back
    page of the first sheet and of every sheet holding a two-sided card (its own back); and the
    cards of each sheet."""
    from cardcheck import two_sided
    from deckgen.render.geometry import card_size, layout
    from deckgen.render.planning import print_order

    lay = layout(card_size("poker"), "a4", bleed)
    order = print_order(len(cards), lay, two_sided(cards))
    sheet_of = {card: n // lay.per_sheet for n, card in enumerate(order)}
    fronts = {2 * min(sheet_of[i] for i, c in enumerate(cards) if c["kind"] == kind) for kind in {c["kind"] for c in cards}}
    backs = {1} | {2 * sheet_of[i] + 1 for i in two_sided(cards)}
    return sorted(fronts | backs), [order[n:n + lay.per_sheet] for n in range(0, len(order), lay.per_sheet)]


def close(mine, theirs, tol: float) -> bool:
    """Two lists of numbers alike to ``tol`` (pytest.approx takes 30 times as long on 30,000 numbers)."""
    return len(mine) == len(theirs) and all(abs(a - b) <= tol for a, b in zip(mine, theirs))


def same_objects(theirs: list[dict], mine: list[dict], where) -> None:
    """pdfplumber's objects (``theirs``) and the fast reader's in the same order, alike to 1/1000 pt."""
    assert len(mine) == len(theirs), where
    for a, b in zip(theirs, mine, strict=True):
        assert b["object_type"] == a["object_type"], where
        keys = ("x0", "y0", "x1", "y1", "top", "bottom")
        assert close([b[k] for k in keys], [a[k] for k in keys], 1e-3), (where, a, b)
        if a["object_type"] == "char":
            assert b["text"] == a["text"] and b["upright"] == a["upright"], (where, a["text"], b["text"])
            assert a["fontname"].endswith("+" + b["fontname"]) or a["fontname"] == b["fontname"]
            assert close([b["size"], b["adv"], *b["matrix"]], [a["size"], a["adv"], *a["matrix"]], 1e-3), (where, a, b)
            continue
        assert (b["fill"], b["stroke"]) == (a["fill"], a["stroke"]), where
        assert close([v for p in b["pts"] for v in p], [v for p in a["pts"] for v in p], 1e-3), where
        if a["stroke"]:
            assert abs(b["linewidth"] - a["linewidth"]) <= 1e-4, where
        if a["fill"]:
            assert len(a["non_stroking_color"]) == 3 and close(b["fill_rgb"], a["non_stroking_color"], 1 / 510), where


@pytest.mark.parametrize("game", GAMES)
def test_the_shapes_reader_reads_what_pdfplumber_reads(tmp_path, game):
    """tests/cardcheck.py's ``cells`` reads tests/cards' sheets with ``pdfium_pages.Shapes``: on a
    front page of each kind of card and on back pages of every game (3 mm of bleed, the help card
    included), the same characters in the same order (their boxes, origins, directions, sizes and
    advances to 1/1000 pt), the same rectangles, lines and curves in the same order (their points,
    fill, stroke, line width and fill colour), so the same cells and the same findings: collisions,
    what lies near the trim, small glyphs and large texts."""
    import json
    import re

    import cardcheck

    out = pdfcheck.build(tmp_path, game, "--bleed", "3", help_card=True)
    cards = json.loads((out / "deck.json").read_text(encoding="utf-8"))["cards"]
    pages, sheet_cards = pages_to_compare(cards, 3.0)
    assert any(p % 2 for p in pages) and len([p for p in pages if p % 2 == 0]) >= 2
    with pdfplumber.open(out / "cards.pdf") as slow, pdfium_pages.Shapes(out / "cards.pdf") as fast:
        assert len(fast.pages) == len(slow.pages)
        for p in pages:
            a, b = slow.pages[p], fast.pages[p]
            assert (b.width, b.height) == pytest.approx((float(a.width), float(a.height)), abs=1e-3)
            assert "".join(c["text"] for c in b.chars) == "".join(c["text"] for c in a.chars)  # the file's spaces too
            for kind in ("chars", "rects", "lines", "curves"):
                same_objects(getattr(a, kind), getattr(b, kind), (game, p, kind))
            assert a.curves and a.rects and a.chars
        mine, theirs = [], []
        for side, first in (("front", 0), ("back", 1)):
            wanted = {card for p in pages if p % 2 == first for card in sheet_cards[p // 2]}  # the pages compared only
            mine += [c for c in cardcheck.cells(fast, cards, bleed=3.0, wanted=wanted, side=side) if c.page in pages]
            theirs += [c for c in cardcheck.cells(slow, cards, bleed=3.0, wanted=wanted, side=side) if c.page in pages]
        assert len(mine) == len(theirs) > 9
        found = 0
        for m, t in zip(mine, theirs, strict=True):
            assert (m.side, m.page, m.card, m.trim) == (t.side, t.page, t.card, t.trim)
            assert [c["text"] for c in m.chars] == [c["text"] for c in t.chars] and len(m.shapes) == len(t.shapes)
            background = cardcheck.bleeds if m.side == "front" else cardcheck.covers
            for check in (cardcheck.collisions, cardcheck.glyph_problems, cardcheck.large_texts,
                          lambda cell: cardcheck.too_near(cell, cardcheck.SAFE_MM, background=background),
                          lambda cell: cardcheck.too_near(cell, 9.0, background=background)):  # 9 mm: findings on every card
                mine_found, theirs_found = check(m), check(t)
                assert [re.sub(r"\d+\.\d\d", "#", str(f)) for f in mine_found] == [re.sub(r"\d+\.\d\d", "#", str(f)) for f in theirs_found], (game, m.page, m.card)
                found += bool(mine_found)
        assert found >= len(mine)  # the 9 mm margin finds something in every cell


def test_the_checks_find_what_is_seeded_on_a_sheet(tmp_path):
    """A sheet drawn by hand, read through ``cells`` by both readers: on card 0 a word at 5 pt, a
    frame 1 mm from the trim, a dot on a line of text and a word turned a quarter round; on card 1
    the line of text alone. The same findings from both, and the seeded ones found (tests/cards' checks stay as
    strong on the fast reader)."""
    from reportlab.pdfgen.canvas import Canvas

    import cardcheck
    from deckgen.render.fonts import font_name
    from deckgen.render.geometry import card_size, layout

    mm = cardcheck.MM
    lay = layout(card_size("poker"), "a4", 0.0)
    path = tmp_path / "cards.pdf"
    canvas = Canvas(str(path), pagesize=(lay.page_w * mm, lay.page_h * mm))
    for slot in (0, 1):
        box = lay.slot(slot)
        x, y = box.x * mm, box.y * mm
        canvas.setFont(font_name(), 10)
        canvas.drawString(x + 15 * mm, y + 40 * mm, "carta")
        if slot == 0:
            canvas.saveState()
            canvas.translate(x + 50 * mm, y + 30 * mm)
            canvas.rotate(90)
            canvas.drawString(0, 0, "giro")
            canvas.restoreState()
            canvas.setFont(font_name(), 5)
            canvas.drawString(x + 15 * mm, y + 20 * mm, "texto")
            canvas.setLineWidth(0.8)  # set, as deckgen does (pdfminer takes 0 for an unset width, pdfium the PDF's 1)
            canvas.rect(x + 1 * mm, y + 60 * mm, 10 * mm, 10 * mm, stroke=1, fill=0)
            canvas.setFillColorRGB(0.2, 0.4, 0.6)  # RGB, as deckgen's (pdfplumber gives a colour in the file's own space)
            canvas.circle(x + 24 * mm, y + 42 * mm, 2 * mm, stroke=0, fill=1)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(path) as slow, pdfium_pages.Shapes(path) as fast:
        same_objects(slow.pages[0].chars, fast.pages[0].chars, "chars")
        for kind in ("rects", "lines", "curves"):
            same_objects(getattr(slow.pages[0], kind), getattr(fast.pages[0], kind), kind)
        findings = []
        for pdf in (slow, fast):
            seen = {}
            for cell in cardcheck.cells(pdf, 2, backs="none"):
                seen[cell.card] = (cardcheck.glyph_problems(cell), cardcheck.too_near(cell, cardcheck.SAFE_MM, background=cardcheck.bleeds),
                                   cardcheck.collisions(cell))
            findings.append(seen)
    assert findings[0] == findings[1]
    small, near, collisions = findings[1][0]
    # "texto" at 5 pt, and "giro" at 10 pt turned a quarter round: pdfminer's size of a turned glyph is its advance
    assert {f.split()[0] for f in small} == {"'t'", "'e'", "'x'", "'o'", "'g'", "'i'", "'r'"}
    assert near == ["rect 0.86 mm from the trim"]  # 1 mm, less half the line width
    assert collisions and all("'carta' runs into a curve" in f for f in collisions)
    assert findings[1][1] == ([], [], [])  # card 1: clean


def test_the_shapes_reader_refuses_text_it_cannot_read_as_pdfminer(tmp_path):
    """Text in a font without /Widths (a standard font, not embedded) is refused, not read with
    pdfium's numbers (whole thousandths of the size, origins drifting along a line)."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(tmp_path / "helvetica.pdf"))
    canvas.setFont("Helvetica", 10)
    canvas.drawString(100, 100, "hola")
    canvas.showPage()
    canvas.save()
    with pdfium_pages.Shapes(tmp_path / "helvetica.pdf") as pdf:
        with pytest.raises(ValueError, match="'h' in Helvetica"):
            pdf.pages[0]
