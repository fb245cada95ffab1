"""Every game's rulebook read back from its PDF, in both languages: the body speaks to players and
teachers only (commands, options, files and option values wait for the last section), one Spanish
register, and the page layout (headings with their content, short lines, full pages)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from cardcheck import GAMES
import pdfium_pages
from deckgen.registry import get_game
from deckgen.render.settings import PrintSettings
from deckgen.render.pen import wrap
from deckgen.rulebook.flow import CAPTION_SIZE, CARD_GAP, CARD_WIDTH, MM
from deckgen.rulebook.markup import CardsBlock, FigureBlock, Para, parse
from deckgen.rulebook.render import MEASURE, render_markup, write_rulebook
from deckgen.spec import spec_for
from rulebook.rbtools import text_lines
from spanish import register_problems

LAST = {"es": "Para quien prepara el mazo", "en": "For whoever prepares the deck"}
FILES = re.compile(r"\b[\w-]+\.(pdf|json|toml|png|csv)\b")


# One option set per game that changes what its rulebook says and shows, printed on Letter paper with
# mini cards (so card pictures change size too).
CHANGED = {
    "hectoedra": {"cards": "1-30", "aids": "prime,factors,divisors", "each_starts": False},
    "maestras": {"colours": 3, "link": "both", "in_line": "off", "path_length": 3},
    "mgc": {"hints": True, "after_action": "free", "toma_cuatro": 0},
    "monete": {"mode": "siesta", "combo": 2},
    "multiplicats": {"tables": "2-5", "specials": False},
}
CHANGED_PRINT = {"paper": "letter", "card": "mini"}
SETS = ["default", "changed"]


def build_rulebook(game: str, lang: str, which: str, target: Path) -> Path:
    g = get_game(game)
    changed = which == "changed"
    deck = spec_for(g, cli={"options": CHANGED[game]} if changed else {}).build()
    return write_rulebook(target, g, deck, lang, PrintSettings.parse(lang=lang, **(CHANGED_PRINT if changed else {})))


@pytest.fixture(scope="module")
def rulebooks(tmp_path_factory):
    """Every game's rulebook in both languages for the option set above: (game, lang, "changed").
    The default deck's, (game, lang), are the session's (conftest's ``default_rulebook``)."""
    out: dict[tuple[str, ...], Path] = {}
    folder = tmp_path_factory.mktemp("rulebooks")
    for game in GAMES:
        for lang in ("es", "en"):
            out[(game, lang, "changed")] = build_rulebook(game, lang, "changed", folder / f"{game}-{lang}-changed.pdf")
    return out


@pytest.fixture(scope="module")
def opened(rulebooks, default_rulebook):
    """``opened(key)``: that rulebook open in tests/pdfium_pages.py's ``Shapes`` (pdfplumber's
    objects, text and search, read with pdfium: tests/test_pdfium_pages.py), once for the module
    (each page is then read once, whichever tests look at it: text, layout, figures), closed at the
    module's end; the default deck's once for the session."""
    pdfs: dict[tuple[str, ...], pdfium_pages.Shapes] = {}

    def get(key: tuple[str, ...]) -> pdfium_pages.Shapes:
        if len(key) == 2:
            return default_rulebook(*key)
        if key not in pdfs:
            pdfs[key] = pdfium_pages.Shapes(rulebooks[key])
        return pdfs[key]

    yield get
    for pdf in pdfs.values():
        pdf.close()


def _key(game: str, lang: str, which: str) -> tuple[str, ...]:
    return (game, lang) if which == "default" else (game, lang, which)


def _text(pdf: pdfium_pages.Shapes) -> list[str]:
    return [p.extract_text() or "" for p in pdf.pages]


def option_values(game: str, lang: str) -> set[str]:
    """The words an option takes on the command line (from each option's metavar "a|b|c"): in an
    English body the hyphenated ones (two-left, last-played: plain words such as "first" are
    English too); in a Spanish body every English value."""
    out = set()
    for opt in get_game(game).options:
        words = (opt.metavar or "").split("|")
        for word in words if len(words) > 1 else ():
            if re.fullmatch(r"[a-z]+(-[a-z]+)+", word) or (lang == "es" and word.isascii() and word.islower()):
                out.add(word)
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_body_speaks_to_players_and_teachers(opened, game, lang, tmp_path):
    """Issue 42: the players' copy is all body; the command line is on a page of its own, in its own
    file (preparing-LANG.pdf), not one more sheet per class copy."""
    body = "\n".join(_text(opened((game, lang))))
    assert LAST[lang] not in body
    problems = [w for w in ("--", "deckgen") if w in body]
    problems += [m.group(0) for m in FILES.finditer(body)]
    problems += [v for v in option_values(game, lang) if re.search(rf"\b{re.escape(v)}\b", body)]
    assert not problems, problems
    from deckgen.rulebook.render import write_rulebook
    from deckgen.rulebook.template import PREPARING
    from deckgen.spec import spec_for

    spec = spec_for(game, cli={})
    with pdfium_pages.Shapes(write_rulebook(tmp_path / "p.pdf", get_game(game), spec.build(), lang, spec.print, stem=PREPARING)) as pdf:
        last = "\n".join(_text(pdf))
    assert "deckgen" in last and LAST[lang].lower() in " ".join(last.split()).lower()  # the commands are there instead


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("which", SETS)
def test_one_spanish_register(opened, game, which):
    text = "\n".join(_text(opened(_key(game, "es", which))))
    assert len(text) > 2000 and not register_problems(text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("which", SETS)
def test_spanish_cards_speak_in_our_register(game, which):
    """Every Spanish text a card of the deck prints, and the help card: "tú", and no "coger"."""
    from deckgen.render.faces import Frame
    from deckgen.render.help_card import HelpFaces, help_cards

    class Recorder:
        def __init__(self):
            self.texts = []

        def text(self, x, y, s, size, **kw):
            self.texts.append(s)

        def __getattr__(self, name):
            return lambda *a, **k: None

    g = get_game(game)
    deck = spec_for(g, cli={"options": CHANGED[game]} if which == "changed" else {}).build()
    text = g.help_card(deck, "es")
    faces = HelpFaces(g.faces, text)
    frame = Frame(63, 88, 0, "es", deck.options)
    pen = Recorder()
    for card in {c: None for c in deck.cards + tuple(help_cards(text, frame, "es"))}:
        faces.front(pen, card, frame)
    faces.back(pen, frame)
    words = " ".join(pen.texts)
    assert len(words) > 50 and not register_problems(words)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("which", SETS)
def test_layout_reads_well(opened, game, lang, which):
    """Lines of at most 80 characters; no heading last on a page; every page but the last (and the
    one before the options page for whoever prepares the deck) at least 60% full (measured from the top of the text column to its lowest mark)."""
    pages = opened(_key(game, lang, which)).pages
    for n, page in enumerate(pages):
        body = [l for l in text_lines(page) if 62 < l[0] and l[1] < page.height - 57]
        assert max(len(l[2]) for l in body) <= 80, max(body, key=lambda l: len(l[2]))[2]
        if n == len(pages) - 1:
            continue
        # text drawn on a card picture (a card's own large bold letters) is not a heading
        boxes = [o for o in page.rects + page.curves if o["width"] > 40 and o["height"] > 40]
        words = [l for l in body if not any(o["top"] - 1 <= l[0] and l[1] <= o["bottom"] + 1 for o in boxes)]
        last = max(words or body, key=lambda l: l[1])
        assert not (last[4] and last[3] >= 11.5), (n + 1, "heading at the foot", last[2])
        marks = [o for o in page.chars + page.rects + page.curves + page.lines if o["top"] > 62 and o["bottom"] < page.height - 57]
        fill = (max(o["bottom"] for o in marks) - 62) / (page.height - 57 - 62)
        following = " ".join(l[2] for l in sorted(text_lines(pages[n + 1]), key=lambda l: l[0]) if 62 < l[0])
        if following.startswith(("Para quien prepara el mazo", "For whoever prepares the deck")):
            continue  # the options for whoever prepares the deck start a page of their own (issue 31)
        assert fill >= 0.6, (n + 1, round(fill, 2))


# ---------------------------------------------------------------- figures with their captions

COLUMN_TOP = 62.0  # pt from the page top: below the running header


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def _words_pattern(words: list[str]) -> str:
    return r"\s*".join(re.escape(w) for w in words)


def picture_pairs(game: str, lang: str, which: str):
    """From the rendered markup, in reading order: every picture (a game figure or a row of card
    pictures) with the text that belongs to it, and the picture's printed height in pt.

    ("below", text, h): a picture and the paragraph right under it, which the flow keeps on its page;
    ("above", text, h): a paragraph marked ``keep`` that introduces the picture under it;
    ("inline", caption, card_width_mm): a caption printed under a card picture."""
    g = get_game(game)
    changed = which == "changed"
    deck = spec_for(g, cli={"options": CHANGED[game]} if changed else {}).build()
    settings = PrintSettings.parse(lang=lang, **(CHANGED_PRINT if changed else {}))
    blocks = parse(render_markup(g, deck, lang, settings), n_cards=len(deck), figures=g.rulebook.figures)
    card_w, card_h = settings.card.width, settings.card.height
    out = []
    for n, block in enumerate(blocks):
        if isinstance(block, FigureBlock):
            height = block.height * min(1.0, MEASURE / block.width) * MM
        elif isinstance(block, CardsBlock):
            width = block.width or CARD_WIDTH
            height = width * card_h / card_w * MM
            out += [("inline", c, width) for c in block.captions if c]
        else:
            continue
        before, after = blocks[n - 1] if n else None, blocks[n + 1] if n + 1 < len(blocks) else None
        if isinstance(before, Para) and before.keep:
            out.append(("above", _plain(before.markup), height))
        if isinstance(after, Para):
            out.append(("below", _plain(after.markup), height))
    return out


def _graphics(page) -> list[dict]:
    """Every drawn mark of the text column (lines, boxes, curves, images), the page furniture left out."""
    return [o for o in page.rects + page.curves + page.lines + page.images if o["top"] >= COLUMN_TOP - 1 and o["bottom"] < page.height - 57]


def _matches(pages, pattern: str, start: tuple[int, float]):
    """Every match of ``pattern`` at or after ``start`` (page index, top), in reading order."""
    for n in range(start[0], len(pages)):
        for m in pages[n].search(pattern, regex=True, return_chars=False):
            if (n, m["top"]) >= (start[0], start[1] - 0.5):
                yield n, m


def _find(pages, pattern: str, start: tuple[int, float]) -> tuple[int, dict]:
    for found in _matches(pages, pattern, start):
        return found
    raise AssertionError(f"not found in the PDF: {pattern}")


def _card_above(page, match: dict, card_w: float) -> bool:
    """A card picture ``card_w`` mm wide ends right above ``match`` and is centred on it."""
    centre = (match["x0"] + match["x1"]) / 2
    return any(
        abs(o["width"] - card_w * MM) < 1.5 and -1 < match["top"] - o["bottom"] < 5 * MM and abs((o["x0"] + o["x1"]) / 2 - centre) < 2
        for o in _graphics(page)
    )


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("which", SETS)
def test_figures_stay_with_their_captions(opened, game, lang, which):
    """Each picture is on the page of the paragraph that goes with it: the paragraph under a picture
    starts right under the drawing (not at the head of the next page), a paragraph that introduces
    a picture ends right above it, and a card's caption is printed centred right under that card."""
    pairs = picture_pairs(game, lang, which)
    assert any(kind != "inline" for kind, _, _ in pairs)
    pages = opened(_key(game, lang, which)).pages
    cursor = (0, 0.0)
    for kind, text, size in pairs:
        words = text.split()
        if kind == "inline":  # the whole caption: one line (its slot widens to it), centred under its card
            found = [(n, m) for n, m in _matches(pages, _words_pattern(words), cursor) if _card_above(pages[n], m, size)]
            assert found, (which, "a caption not centred under a card", text)
            continue
        n, first = _find(pages, _words_pattern(words[:6]), cursor)
        cursor = (n, first["top"])
        if kind == "below":
            drawn = [o for o in _graphics(pages[n]) if o["bottom"] <= first["top"] + 0.5 and o["top"] >= first["top"] - size - 40]
            assert drawn and max(o["bottom"] for o in drawn) > first["top"] - 12 - 0.4 * size, (which, n + 1, "nothing drawn above", text[:60])
            assert first["top"] - min(o["top"] for o in drawn) >= 0.5 * size, (which, n + 1, "picture not above", text[:60])
        else:
            n_end, last = _find(pages, _words_pattern(words[-6:]), cursor)
            drawn = [o for o in _graphics(pages[n_end]) if o["top"] >= last["bottom"] - 0.5 and o["bottom"] <= last["bottom"] + size + 40]
            assert drawn and min(o["top"] for o in drawn) < last["bottom"] + 12 + 0.4 * size, (which, n_end + 1, "nothing drawn below", text[-60:])
            assert max(o["bottom"] for o in drawn) - last["bottom"] >= 0.5 * size, (which, n_end + 1, "picture not below", text[-60:])
