"""The deck's own quick-reference card: the turn and what each special card does, card-sized, in the
build's language, printed with the deck (``--no-help-card`` leaves it out).

A game gives its text as a :class:`HelpText` (``Game.help_card(deck, lang)``); this module lays it out
at reading sizes (nothing under 8 pt on a poker card) and, when it does not fit on one card, carries
on over as many cards as it needs ("1/2", "2/2"). The cards are kind ``help`` in ``deck.json``; they
are not part of the game, so checks and validation never see them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from deckgen.model import Card, Deck
from deckgen.render.faces import Faces, Frame, background
from deckgen.render.palette import INK
from deckgen.render.pen import Pen, cap_height, fit_size, wrap

HELP = "help"
TITLE_PT, HEAD_PT, TEXT_PT = 11.0, 9.0, 8.0  # on a poker card; other sizes scale with Frame.unit
LEADING = 1.18
GROUND = "#ffffff"
ACCENT = "#1f3a68"


@dataclass(frozen=True)
class HelpText:
    title: str  # the game's name and "quick reference" in the language
    sections: Sequence[tuple[str, Sequence[str]]] = field(default_factory=tuple)  # (heading, lines)


# A game's words for its help card, per language: (title, heading of the turn, the turn's steps,
# heading of the special cards)
HelpWords = Mapping[str, tuple[str, str, Sequence[str], str]]


def help_text(
    deck: Deck,
    lang: str,
    words: HelpWords,
    *,
    kind: str,
    field: str,
    names: Mapping[str, Mapping[str, str]],
    reminders: Mapping[str, Mapping[str, str]],
    name_lang: str | None = None,
) -> HelpText:
    """The usual help card: the turn's steps, then "name: reminder" for each special card the deck
    holds (cards of ``kind`` whose ``field`` is a key of ``names``, in the order of ``names``).
    ``name_lang`` fixes the language of the names (a game whose card names stay Spanish in every
    language); by default they follow ``lang``."""
    title, turn, steps, specials = words.get(lang, words["es"])
    keys = [k for k in names if any(c.kind == kind and c.get(field) == k for c in deck.cards)]
    sections = [(turn, steps)]
    if keys:
        sections.append((specials, [f"{names[k][name_lang or lang]}: {reminders[k][lang]}" for k in keys]))
    return HelpText(title, sections)


def sections_text(lang: str, words: Mapping[str, tuple[str, Sequence[tuple[str, Sequence[str]]]]], **values: Any) -> HelpText:
    """A help card written in sections: ``words`` gives (title, [(heading, lines)]) per language, and a
    line may name one of ``values``, the deck's figures ("draw back up to {hand} cards")."""
    title, sections = words.get(lang, words["es"])
    return HelpText(title, [(h, [line.format(**values) for line in lines]) for h, lines in sections])


def _lines(text: HelpText, frame: Frame) -> list[tuple[str, str]]:
    """The text as (style, line) pairs wrapped to the card: "head" or "item"."""
    u = frame.unit
    room = frame.width - 2 * frame.safe - 4 * u
    out: list[tuple[str, str]] = []
    for heading, items in text.sections:
        out += [("head", line) for line in wrap(heading, HEAD_PT * u, room, bold=True)]
        for item in items:
            wrapped = wrap(item, TEXT_PT * u, room - 2.5 * u)
            out += [("item", f"• {wrapped[0]}")] + [("more", line) for line in wrapped[1:]]
    return out


def _step(style: str, u: float) -> float:
    size = HEAD_PT if style == "head" else TEXT_PT
    return size * u * LEADING * 25.4 / 72 + (1.2 * u if style == "head" else 0.0)


def paginate(text: HelpText, frame: Frame) -> list[list[tuple[str, str]]]:
    """The lines of each help card: as many cards as the text needs. An item is never split across
    cards, and a heading stays with the item after it."""
    u = frame.unit
    top = frame.safe + 2 * u + cap_height(TITLE_PT * u) + 4 * u
    room = frame.height - frame.safe - 2 * u - top
    units: list[list[tuple[str, str]]] = []
    for style, line in _lines(text, frame):
        if style == "more" or (units and units[-1][-1][0] == "head"):
            units[-1].append((style, line))
        else:
            units.append([(style, line)])
    pages: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    for unit in units:
        need = sum(_step(style, u) for style, _ in unit)
        if pages[-1] and used + need > room:
            pages.append([])
            used = 0.0
        pages[-1].extend(unit)
        used += need
    return pages


def help_cards(text: HelpText, frame: Frame, lang: str) -> list[Card]:
    n = len(paginate(text, frame))
    return [Card(HELP, {"lang": lang, "part": i + 1, "parts": n}) for i in range(n)]


class HelpFaces:
    """A game's faces that also draw its help cards (kind ``help``)."""

    def __init__(self, faces: Faces, text: HelpText) -> None:
        self.faces, self.text = faces, text

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        if card.kind != HELP:
            self.faces.front(pen, card, frame)
            return
        draw_help(pen, self.text, frame, int(card.get("part", 1)), int(card.get("parts", 1)))

    def back(self, pen: Pen, frame: Frame) -> None:
        self.faces.back(pen, frame)

    def __getattr__(self, name: str):  # texts, valid_text, suits... of the game's own faces
        if name.startswith("__") or name == "faces":  # not while unpickling (a PNG export's worker processes)
            raise AttributeError(name)
        return getattr(self.faces, name)


def draw_help(pen: Pen, text: HelpText, f: Frame, part: int = 1, parts: int = 1) -> None:
    u = f.unit
    background(pen, f, GROUND)
    m = f.safe + 0.3 * u
    pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=ACCENT, width=0.6 * u, radius=2.5 * u)
    title = text.title + (f" {part}/{parts}" if parts > 1 else "")
    size = fit_size(title, f.width - 2 * f.safe - 4 * u, TITLE_PT * u, bold=True, min_size=8 * u)
    y = f.safe + 2 * u + cap_height(size)
    pen.text(f.cx, y, title, size, align="center", bold=True, color=ACCENT)
    pen.rect(f.safe + 2 * u, y + 1.6 * u, f.width - 2 * f.safe - 4 * u, 0.4 * u, fill=ACCENT)
    y += 4 * u
    x = f.safe + 2 * u
    lines = paginate(text, f)[part - 1]
    for style, line in lines:
        y += _step(style, u)
        if style == "head":
            pen.text(x, y, line, HEAD_PT * u, bold=True, color=ACCENT)
        else:
            pen.text(x + (2.5 * u if style == "more" else 0.0), y, line, TEXT_PT * u, color=INK)
