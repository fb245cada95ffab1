"""Every game's rulebook read back from its PDF, in both languages: the body speaks to players and
teachers only (commands, options, files and option values wait for the last section), one Spanish
register, and the page layout (headings with their content, short lines, full pages)."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest

from cardcheck import GAMES
from deckgen.registry import get_game
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.render import write_rulebook
from deckgen.spec import spec_for

LAST = {"es": "Para quien prepara el mazo", "en": "For whoever prepares the deck"}
FILES = re.compile(r"\b[\w-]+\.(pdf|json|toml|png|csv)\b")
# Spanish forms the house register excludes: vosotros and ustedes imperatives, and "coger"
NOT_OUR_REGISTER = re.compile(
    r"\b(separad|repartid|barajad|quitad|poned|apartad|comprobad|mirad|jugad|robad|dejad|tened|tenéis|"
    r"vosotros|vuestr[oa]s?|ved|pongan|mezclen|barajen|coloquen|jueguen|ustedes|"
    r"cog(e|er|en|es|ió|ían?|iendo|ido|ida|emos)|coj(a|an|as|o))\b",
    re.IGNORECASE,
)


@pytest.fixture(scope="module")
def rulebooks(tmp_path_factory):
    out: dict[tuple[str, str], Path] = {}
    folder = tmp_path_factory.mktemp("rulebooks")
    for game in GAMES:
        g = get_game(game)
        deck = spec_for(g, cli={}).build()
        for lang in ("es", "en"):
            target = folder / f"{game}-{lang}.pdf"
            write_rulebook(target, g, deck, lang, PrintSettings.parse(lang=lang))
            out[(game, lang)] = target
    return out


def _text(path: Path) -> list[str]:
    with pdfplumber.open(str(path)) as pdf:
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
def test_body_speaks_to_players_and_teachers(rulebooks, game, lang):
    text = "\n".join(_text(rulebooks[(game, lang)]))
    assert text.count(LAST[lang]) == 1, "the last section is missing"
    body, last = text.split(LAST[lang])
    problems = [w for w in ("--", "deckgen") if w in body]
    problems += [m.group(0) for m in FILES.finditer(body)]
    problems += [v for v in option_values(game, lang) if re.search(rf"\b{re.escape(v)}\b", body)]
    assert not problems, problems
    assert "deckgen" in last  # the commands are there instead


@pytest.mark.parametrize("game", GAMES)
def test_one_spanish_register(rulebooks, game):
    text = "\n".join(_text(rulebooks[(game, "es")]))
    assert not NOT_OUR_REGISTER.findall(text)


@pytest.mark.parametrize("game", GAMES)
def test_no_coger_on_spanish_cards(game):
    """Every Spanish text a card of the default deck prints, and the help card: no "coger"."""
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
    deck = spec_for(g, cli={}).build()
    text = g.help_card(deck, "es")
    faces = HelpFaces(g.faces, text)
    frame = Frame(63, 88, 0, "es", deck.options)
    pen = Recorder()
    for card in {c: None for c in deck.cards + tuple(help_cards(text, frame, "es"))}:
        faces.front(pen, card, frame)
    faces.back(pen, frame)
    words = " ".join(pen.texts)
    assert len(words) > 50 and not NOT_OUR_REGISTER.findall(words)


def _lines(page) -> list[tuple[float, float, str, float, bool]]:
    """Text lines of a page as (top, bottom, text, size, bold): characters on one baseline, cut where a
    gap wider than an em separates them (table cells, a figure's labels)."""
    rows: dict[float, list[dict]] = {}
    for c in page.chars:
        if c.get("upright", True) and c["size"] >= 6:
            rows.setdefault(round(c["bottom"]), []).append(c)
    out = []
    for key in sorted(rows):
        chars = sorted(rows[key], key=lambda c: c["x0"])
        run = [chars[0]]
        for c in chars[1:]:
            if c["x0"] - run[-1]["x1"] > c["size"] * 1.0:
                out.append(run)
                run = []
            run.append(c)
        out.append(run)
    return [(min(c["top"] for c in r), max(c["bottom"] for c in r), "".join(c["text"] for c in r).strip(),
             max(c["size"] for c in r), "Bold" in r[0]["fontname"]) for r in out]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_layout_reads_well(rulebooks, game, lang):
    """Lines of at most 80 characters; no heading last on a page; every page but the last at least
    60% full (measured from the top of the text column to its lowest mark)."""
    with pdfplumber.open(str(rulebooks[(game, lang)])) as pdf:
        pages = pdf.pages
        for n, page in enumerate(pages):
            body = [l for l in _lines(page) if 62 < l[0] and l[1] < page.height - 57]
            assert max(len(l[2]) for l in body) <= 80, max(body, key=lambda l: len(l[2]))[2]
            if n == len(pages) - 1:
                continue
            last = max(body, key=lambda l: l[1])
            assert not (last[4] and last[3] >= 11.5), (n + 1, "heading at the foot", last[2])
            marks = [o for o in page.chars + page.rects + page.curves + page.lines if o["top"] > 62 and o["bottom"] < page.height - 57]
            fill = (max(o["bottom"] for o in marks) - 62) / (page.height - 57 - 62)
            assert fill >= 0.6, (n + 1, round(fill, 2))
