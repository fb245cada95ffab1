"""The printed faces of every game, read back from cards.pdf: safe area, duplex tolerance of the
backs, glyph sizes, the main value's size, and orientation marks on cards that read as another card
upside down."""

from __future__ import annotations

import itertools

import pytest

import cardcheck
import pdfium_pages
from cardcheck import GAMES, MISREGISTER_MM, SAFE_MM, cells, glyph_problems, large_texts, too_near, underlined
from deckgen.model import Card
from deckgen.registry import get_game
from deckgen.render.faces import Frame
from deckgen.render.geometry import CARD_SIZES
from deckgen.render.help_card import HelpFaces, help_cards
from deckgen.render.job import PrintJob
from deckgen.render.orientation import confusable, confusable_cards, turned
from deckgen.render.presets import INCH, POKER_US, PRESETS
from deckgen.render.sheets import write_cards_pdf
from deckgen.spec import spec_for


def _cards(b):
    return [Card(c["kind"], {k: v for k, v in c.items() if k != "kind"}) for c in b.deck["cards"]]


def _cells(b, **print_):
    return list(cells(b.shapes, b.deck["cards"], **print_))


def _fronts(b, **print_):
    """The front cells only: the back pages are never read."""
    return _cells(b, side="front", **print_)


@pytest.mark.parametrize("game", GAMES)
def test_fronts_keep_a_safe_area(built, game):
    """With bleed, nothing but a background that runs into the bleed lies within 3 mm of the trim."""
    b = built(game, "--bleed", "3")
    bad = {}
    for cell in _fronts(b, bleed=3.0):
        if cell.side == "front":
            near = too_near(cell, SAFE_MM, background=cardcheck.bleeds)
            if near:
                bad[(cell.card, b.deck["cards"][cell.card]["kind"])] = near[:3]
    assert not bad, dict(list(bad.items())[:5])


# Every other card size, and each shop preset's card and bleed (The Game Crafter and DriveThruCards:
# 2.5 × 3.5 in with 1/8 in; MakePlayingCards: 3.048 mm). Poker with 3 mm is the test above, every card.
OTHER_SIZES = [("bridge", 3.0), ("mini", 3.0), ("tarot", 3.0), (POKER_US, INCH / 8), (POKER_US, 36 / 300 * INCH)]


def test_every_card_size_and_shop_is_checked():
    sizes = {(size, bleed) for size, bleed in OTHER_SIZES} | {("poker", 3.0)}
    assert set(CARD_SIZES) <= {size for size, _ in sizes}
    assert {(p.card_size, p.bleed) for p in PRESETS.values() if p.bleed} <= sizes


def samples(cards) -> list[int]:
    """A few cards of every look: per kind and per word on the card (a colour, an action), the
    first, the middle and the last (numbers vary along a kind)."""
    groups: dict[tuple, list[int]] = {}
    for n, c in enumerate(cards):
        key = (c.kind, *sorted((k, v) for k, v in c.face.items() if isinstance(v, str)))
        groups.setdefault(key, []).append(n)
    return sorted({n for g in groups.values() for n in (g[0], g[len(g) // 2], g[-1])})


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size, bleed", OTHER_SIZES, ids=lambda v: str(round(v, 3)) if isinstance(v, float) else v)
def test_every_size_keeps_a_safe_area(tmp_path, game, size, bleed):
    """The same 3 mm on sample faces of every look (help card included) at every other card size
    and at each shop's card and bleed, read back from the sheets."""
    g = get_game(game)
    spec = spec_for(g, cli={"print": {"card_size": size, "bleed": bleed}})
    deck = spec.build()
    text = g.help_card(deck, "es")
    frame = Frame(spec.print.card.width, spec.print.card.height, 0.0, "es")
    cards = [deck.cards[n] for n in samples(deck.cards)] + help_cards(text, frame, "es")
    target = write_cards_pdf(tmp_path / "cards.pdf", PrintJob(cards, HelpFaces(g.faces, text), spec.print, dict(g.described(deck)), title=g.title))
    bad = {}
    with pdfium_pages.Shapes(target) as pdf:  # pdfplumber's reading (tests/test_pdfium_pages.py)
        fronts = [c for c in cells(pdf, cards, size=size, bleed=bleed, side="front") if c.side == "front"]  # back pages never read
        assert len(fronts) == len(cards)
        for cell in fronts:
            near = too_near(cell, SAFE_MM, background=cardcheck.bleeds)
            if near:
                bad.setdefault(cards[cell.card].kind, near[:3])
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES)
def test_backs_tolerate_misregistration(built, game):
    """A back is a full background and motifs at least 3 + 2 mm inside the trim: no frame or motif
    that a back printed 2 mm off its front would show cut or uneven."""
    b = built(game, "--bleed", "3")
    backs = [c for c in itertools.islice(cells(b.shapes, b.cards, bleed=3.0, side="back"), 2) if c.side == "back"]
    assert backs  # the first two backs: every back is the same drawing
    for cell in backs[:2]:
        assert any(cardcheck.covers(o, cell.trim) for o in cell.shapes), "no full background"
        near = too_near(cell, SAFE_MM + MISREGISTER_MM, background=cardcheck.covers)
        assert not near, near[:5]


def back_pages_to_read(b) -> set[int]:
    """The pages of backs that show every back once. The characters of every page of backs are
    read (``Shapes.text_page``: the characters alone, a sixth of the time of a whole page of backs or less),
    and the back cells are grouped by the characters they hold (texts, font sizes, directions and
    places in the cell): the cells of a group hold the same characters (checked, within 0.01 pt),
    so reading in full one page holding each group's first cell reads the glyphs of every back."""
    from types import SimpleNamespace

    pages = [b.shapes.text_page(p) if p % 2 else None for p in range(len(b.shapes.pages))]  # cells(side="back") reads no front
    backs = [cell for cell in cells(SimpleNamespace(pages=pages), b.deck["cards"], side="back") if cell.side == "back"]
    assert backs and len(pages) == 2 * len({cell.page for cell in backs})

    def drawn(cell) -> list[tuple]:
        return sorted((c["text"], c["size"], c["matrix"][0], c["matrix"][1], c["matrix"][4] - cell.trim.x0, c["matrix"][5] - cell.trim.y0)
                      for c in cell.chars)

    groups: dict[tuple, tuple] = {}  # rounded characters -> (first cell, its characters)
    for cell in backs:
        chars = drawn(cell)
        first, seen = groups.setdefault(tuple((c[0], *(round(v) for v in c[1:])) for c in chars), (cell, chars))
        assert [v for c in chars for v in c[1:]] == pytest.approx([v for c in seen for v in c[1:]], abs=0.01), (cell.page, first.page)
    assert any(c[0].strip() for _cell, chars in groups.values() for c in chars)
    return {cell.page for cell, _chars in groups.values()}


@pytest.mark.parametrize("game", GAMES)
def test_no_small_words_or_digits(built, game):
    """On a poker card: no letter below 8 pt, no digit, sign or raised exponent below 6 pt. Every
    front is read, and of the backs a page showing each back (``back_pages_to_read``)."""
    b = built(game)
    bad = {}
    fronts = _fronts(b)
    pages = back_pages_to_read(b)
    wanted = {cell.card for cell in fronts if cell.page + 1 in pages}  # the cards of those sheets
    backs = [cell for cell in cells(b.shapes, b.deck["cards"], side="back", wanted=wanted) if cell.side == "back"]
    assert {cell.page for cell in backs} == pages
    for cell in fronts + backs:
        problems = glyph_problems(cell)
        if problems:
            key = cell.side if cell.card is None else (cell.card, b.deck["cards"][cell.card]["kind"])
            bad[key] = problems[:4]
    assert not bad, dict(list(bad.items())[:6])


@pytest.mark.parametrize("game", GAMES)
def test_main_value_is_large(built, game):
    """Every card with a value prints it at 24 pt or more."""
    b = built(game)
    faces = get_game(game).faces
    cards = _cards(b)
    checked = 0
    for cell in _fronts(b):
        if cell.side != "front":
            continue
        texts = faces.texts(cards[cell.card]) if cards[cell.card].kind != "help" else ()
        if not texts:
            continue
        found = large_texts(cell)
        assert texts[0].replace(" ", "") in [t for _, t in found], (cell.card, cards[cell.card], found)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("game", GAMES)
def test_confusable_cards_carry_an_orientation_mark(built, game):
    """The confusable set computed from the built deck; each such card underlines every printed
    copy of the text that turns into another valid text, and the other cards underline nothing."""
    b = built(game)
    faces = get_game(game).faces
    cards = _cards(b)
    marked = set(confusable_cards([c for c in cards if c.kind != "help"], faces.texts, faces.valid_text))
    for cell in _fronts(b):
        if cell.side != "front" or cell.card not in marked or cards[cell.card].kind == "help":
            continue
        for text in faces.texts(cards[cell.card]):
            if confusable(text, faces.valid_text):
                found = underlined(cell, text)
                assert found and all(found), (cards[cell.card], text, found)


EXPECTED_CONFUSABLE = {  # from the default decks, worked out by hand
    "multiplicats": {"1 × 6", "6 × 1", "1 × 9", "9 × 1", "6 × 8", "8 × 6", "8 × 9", "9 × 8", "6 × 6", "9 × 9", "6", "9", "16", "18", "81", "60"},
}


def test_turning_digits():
    assert turned("6") == "9" and turned("18") == "81" and turned("1 × 6") == "9 × 1"
    assert turned("69") == "69" and turned("7") is None and turned("x") is None
