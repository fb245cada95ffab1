"""Helpers for the rulebook tests: reading PDFs back and a small fake game for the renderer."""

from __future__ import annotations

import re
from pathlib import Path

import pdfium_pages
from pypdf import PdfReader

from deckgen.model import Card, Deck
from deckgen.registry import Game
from deckgen.rulebook.spec import Rulebook

BASE14 = {
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica", "Helvetica-Bold",
    "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold", "Times-Italic",
    "Times-BoldItalic", "Symbol", "ZapfDingbats",
}


MM = 72 / 25.4


def pdf_pages(path: Path, *, body: bool = False) -> list[str]:
    """The text of each page, laid out by pdfplumber's algorithm over the characters pdfium reads
    (tests/pdfium_pages.py: several times faster than pdfplumber's own parse; tests/test_pdfium_pages.py
    holds the two texts equal on the rulebooks); ``body`` leaves out the running header and the page
    number."""
    pages = pdfium_pages.read(path)
    if body:
        return [p.crop(body_box(p)).extract_text() or "" for p in pages]
    return [page.extract_text() or "" for page in pages]


def body_box(page) -> tuple[float, float, float, float]:
    """A rulebook page without its running header and page number (x0, top, x1, bottom, from the top)."""
    return (0, 18 * MM, page.width, page.height - 16 * MM)


def flat(text: str) -> str:
    """Text on one line, whitespace collapsed (lists and table cells wrap over lines)."""
    return " ".join(text.split())


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def fonts_of(path: Path) -> list[dict]:
    """Every font resource of every page: name, whether it is embedded."""
    found = []
    for page in PdfReader(str(path)).pages:
        fonts = page["/Resources"].get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            base = str(font.get("/BaseFont", "")).lstrip("/")
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.append({"name": base, "embedded": embedded})
    return found


def text_lines(page) -> list[tuple[float, float, str, float, bool]]:
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


# ---------------------------------------------------------------- a fake game for the renderer


class BoxFaces:
    """Draws a card as a framed box with its text (the renderer only needs front/back)."""

    def front(self, pen, card, frame) -> None:
        pen.rect(0, 0, frame.width, frame.height, fill="#ffffff", stroke="#000000", width=0.5)
        pen.text(frame.cx, frame.cy, str(card.get("text", "")), 8, align="center")

    def back(self, pen, frame) -> None:
        pen.rect(0, 0, frame.width, frame.height, fill="#333366")


TRICKY = ("<b>negrita</b> & co", "a < b > c &amp; d")


def fake_deck(texts=TRICKY) -> Deck:
    return Deck("fakegame", {}, 1, tuple(Card("note", {"text": t}) for t in texts))


def _box(pen, w, h, lang) -> None:
    pen.rect(0, 0, w, h, stroke="#000000", width=0.4)
    pen.text(w / 2, h / 2, "figura" if lang == "es" else "figure", 9, align="center")


def fake_game(context=None, figures=None) -> Game:
    return Game(
        id="fakegame",
        title="Fake & <Game>",
        summary={"es": "juego de prueba", "en": "a test game"},
        players=(2, 4),
        default_players=2,
        options=(),
        build=lambda request: fake_deck(),
        checks=lambda deck: [],
        faces=BoxFaces(),
        rulebook=Rulebook(
            context=context or (lambda deck, lang: {"note": "x < y & z"}),
            figures=figures if figures is not None else {"box": _box},
        ),
    )


def write_template(root: Path, text: str, lang: str = "es", game: str = "fakegame") -> Path:
    path = root / game / f"rulebook.{lang}.html.j2"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
