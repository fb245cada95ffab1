"""Every card's text is printed inside its own slot, on the page where deck order puts it."""

from __future__ import annotations

import pytest

import pdfcheck
from pdfcheck import MM

from deckgen.games.multiplicats.deck import SPECIALS
from deckgen.games.multiplicats.faces import REMINDERS

POKER = (63.0, 88.0)

# (args, paper, lang, cols, rows)
DECKS = [
    (("--tables", "1-6"), "a4", "es", 3, 3),
    (("--tables", "1-6", "--paper", "letter", "--lang", "en"), "letter", "en", 3, 3),
]


def card_texts(page, slot: pdfcheck.Rect) -> list[pdfcheck.TextRun]:
    return pdfcheck.runs(pdfcheck.chars_in(page, slot))


def upright(rs):
    return [r for r in pdfcheck.reading_order(rs) if abs(r.angle) < 0.5]


def turned(rs):
    return [r for r in rs if abs(abs(r.angle) - 180) < 0.5]


def diagonal(rs):
    return [r for r in rs if 1 < abs(r.angle) < 179]


def check_card(card: dict, rs: list[pdfcheck.TextRun], lang: str) -> None:
    kind = card["kind"]
    if kind == "multiplication":
        big = f"{card['a']} × {card['b']}"
        index = f"{card['a']}×{card['b']}"
        assert [r.text for r in upright(rs)] == [index, big]
        assert [r.text for r in turned(rs)] == [index]
        assert not diagonal(rs)
        assert max(rs, key=lambda r: r.size).text == big
    elif kind == "product":
        value = str(card["value"])
        assert [r.text for r in upright(rs)] == [value, value]  # corner index, then the big number
        assert [r.text for r in turned(rs)] == [value]
        listed = sorted(r.text for r in diagonal(rs))
        assert listed == sorted(f"{a} × {b}" for a, b in card["multiplications"])
        assert all(r.angle > 0 for r in diagonal(rs))  # all along the same, rising diagonal
    elif kind == "help":  # the deck's quick-reference card (tests/cards/test_help_card.py reads it)
        assert any(("ayuda" if lang == "es" else "quick help") in r.text for r in upright(rs))
    else:
        key = card["special"]
        texts = [r.text for r in upright(rs) if r.text != "!"]  # "!" belongs to Emboscada's icon
        names = [SPECIALS[key]["es"]] + ([SPECIALS[key]["en"]] if lang == "en" else [])
        assert texts[: len(names)] == names
        assert " ".join(texts[len(names):]) == REMINDERS[key][lang]
        assert not turned(rs) and not diagonal(rs)


@pytest.mark.parametrize("args,paper,lang,cols,rows", DECKS, ids=["a4-es", "letter-en"])
def test_every_card_text_on_its_page(built, args, paper, lang, cols, rows):
    b = built(*args)
    per = cols * rows
    slots = pdfcheck.trim_slots(paper, POKER, cols, rows)
    kinds_seen = set()
    for i, card in enumerate(b.cards):
        sheet, slot = divmod(i, per)
        page = b.page(2 * sheet)  # duplex: the fronts of sheet k are page 2k
        rs = card_texts(page, slots[slot])
        check_card(card, rs, lang)
        kinds_seen.add(card["kind"])
    assert kinds_seen == {"multiplication", "product", "special"}
    # the empty slots of the last sheet hold nothing
    last = b.page(2 * ((len(b.cards) - 1) // per))
    for slot in range(len(b.cards) % per or per, per):
        assert not pdfcheck.chars_in(last, slots[slot])


def test_reminders_are_one_short_sentence_in_both_languages():
    assert set(REMINDERS) == set(SPECIALS)
    for key, texts in REMINDERS.items():
        assert set(texts) == {"es", "en"}
        for lang, text in texts.items():
            assert 10 <= len(text) <= 80, (key, lang)
            assert text.rstrip()[-1] in ".!", (key, lang)


def test_back_pages_show_only_the_back(built):
    b = built(*DECKS[0][0])
    page = b.page(1)
    slots = pdfcheck.trim_slots("a4", POKER, 3, 3)
    for slot in slots:
        assert pdfcheck.texts_in(page, slot) == ["Multipli Cat's"]


def test_card_text_is_big_enough_to_read(built):
    """On poker cards nothing is smaller than 7 pt, and the number to compare is the biggest thing."""
    b = built(*DECKS[0][0])
    slots = pdfcheck.trim_slots("a4", POKER, 3, 3)
    for n in (0, 14, 20, 22):
        page = b.page(n)
        for slot in slots:
            rs = card_texts(page, slot)
            if not rs:
                continue
            assert min(r.size for r in rs) >= 7.0, [(r.text, r.size) for r in rs]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_text_stays_inside_the_card_safe_area(built, paper):
    """No character runs off its card: every glyph box lies 2 mm inside the trim."""
    args = ("--tables", "1-10") + (("--paper", "letter") if paper == "letter" else ())
    b = built(*args)
    slots = pdfcheck.trim_slots(paper, POKER, 3, 3)
    per = 9
    long_lists = [i for i, c in enumerate(b.cards) if c["kind"] == "product" and len(c["multiplications"]) >= 3]
    pages = sorted({2 * (i // per) for i in long_lists} | {2 * ((len(b.cards) - 1) // per)})
    for n in pages:
        page = b.page(n)
        for slot in slots:
            for ch in pdfcheck.chars_in(page, slot):
                if ch["text"] == " ":
                    continue
                assert pdfcheck.box_of(ch).inside(slot.grow(-2 * MM)), (n, ch["text"], pdfcheck.box_of(ch), slot)


def test_texts_on_a_card_keep_apart(built):
    """Pieces of text on a card (corner indexes, the big number, the multiplications) keep at least
    0.5 mm apart, measured along the rotated text."""
    b = built("--tables", "1-10")
    slots = pdfcheck.trim_slots("a4", POKER, 3, 3)
    crowded = [i for i, c in enumerate(b.cards) if c["kind"] == "product" and len(c["multiplications"]) >= 2]
    clearance = -0.25 * MM  # each glyph box grown by 0.25 mm
    for n in sorted({2 * (i // 9) for i in crowded} | {0, 34}):
        page = b.page(n)
        for slot in slots:
            rs = card_texts(page, slot)
            quads = [(k, ch["text"], pdfcheck.glyph_quad(ch, clearance)) for k, r in enumerate(rs) for ch in r.chars if ch["text"] != " "]
            for i, (ka, ta, qa) in enumerate(quads):
                for kb, tb, qb in quads[i + 1 :]:
                    if ka != kb:
                        assert not pdfcheck.quads_overlap(qa, qb), (n, rs[ka].text, rs[kb].text)
