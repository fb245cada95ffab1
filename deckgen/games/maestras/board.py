"""Drawing the board: cards on a grid around the central card, by the same faces as the card sheets.

``draw_board`` draws with any :class:`deckgen.render.pen.Pen` (PNG for the board picture of a
simulated game, PDF for the rulebook's figures). Cards in a path that runs sideways are drawn turned a
quarter (the rules let a card lie either way; the grid cell is the same).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from deckgen.errors import DeckgenError
from deckgen.fileio import marked_png, png_name, write_bytes
from deckgen.model import Card, Deck
from deckgen.render.faces import Faces, Frame
from deckgen.render.palette import INK
from deckgen.render.pen import Pen, TransformPen, fit_size, star
from deckgen.render.png_pen import PngPen

from deckgen.games.maestras.rules import CENTRE, Cell

CARD_W, CARD_H = 63.0, 88.0
CELL = 94.0  # mm: a grid cell holds a card either way round, with a small gap
OK_MARK, BAD_MARK = "#2e7d32", "#b3261e"
GRID = "#c9c4b8"
GOLD = "#c9a227"


def card_pen(pen: Pen, x: float, y: float, scale: float, quarter: int = 0) -> TransformPen:
    """A pen drawing one of this board's cards scaled and turned, its top-left corner at (x, y)."""
    return TransformPen(pen, x, y, scale, quarter, CARD_W, CARD_H)


@dataclass(frozen=True)
class Placed:
    """A card on the board: its cell and how it lies (0 upright, 1 turned a quarter)."""

    cell: Cell
    card: Card
    quarter: int = 0
    badge: str = ""  # a small label beside the card (the order it was placed in)
    last: bool = False  # the last card placed: drawn with a heavy outline


@dataclass(frozen=True)
class Mark:
    """A cell shown as a candidate: ``ok`` True draws a tick, False a cross; ``label`` names it."""

    cell: Cell
    ok: bool
    label: str = ""


@dataclass
class BoardView:
    placed: list[Placed] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)

    def cells(self) -> list[Cell]:
        return [p.cell for p in self.placed] + [m.cell for m in self.marks]

    def bounds(self, margin: int = 0) -> tuple[int, int, int, int]:
        cells = self.cells() or [CENTRE]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def quarter_for(cell: Cell, parent: Cell) -> int:
    """Cards in a path that runs sideways lie turned; in a path that runs up or down, upright."""
    return 1 if cell[1] == parent[1] and cell[0] != parent[0] else 0


def draw_board(pen: Pen, view: BoardView, faces: Faces, x: float, y: float, cell: float, *, lang: str = "es",
               bounds: tuple[int, int, int, int] | None = None, grid: bool = False) -> None:
    """Draw ``view`` with the top-left of cell (bounds[0], bounds[1]) at (x, y), cells ``cell`` mm wide.

    ``grid`` draws the cells faintly, to show that the table is a grid. The last card placed gets a
    heavy outline and a star."""
    x0, y0, x1, y1 = bounds or view.bounds()
    scale = (cell - cell * 4 / CELL) / CARD_H
    frame = Frame(CARD_W, CARD_H, 0.0, lang, {})

    def origin(c: Cell) -> tuple[float, float]:
        return x + (c[0] - x0) * cell, y + (c[1] - y0) * cell

    if grid:
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                ox, oy = origin((gx, gy))
                pen.rect(ox, oy, cell, cell, stroke=GRID, width=cell * 0.004)

    for p in view.placed:
        ox, oy = origin(p.cell)
        w, h = (CARD_H, CARD_W) if p.quarter % 2 else (CARD_W, CARD_H)
        cx, cy = ox + (cell - w * scale) / 2, oy + (cell - h * scale) / 2
        pen.rect(cx, cy, w * scale, h * scale, fill="#ffffff")
        faces.front(card_pen(pen, cx, cy, scale, p.quarter), p.card, frame)
        edge = cell * 0.014 if p.last else cell * 0.004
        pen.rect(cx, cy, w * scale, h * scale, stroke=INK, width=edge, radius=2.5 * scale)
        if p.last:
            r = cell * 0.07
            pen.polygon(star(cx + w * scale, cy, r, r * 0.45), fill=GOLD, stroke=INK, width=cell * 0.006)
        if p.badge:
            r = cell * 0.085
            bx, by = ox + r * 1.05, oy + r * 1.05
            pen.ellipse(bx, by, r, r, fill="#ffffff", stroke=INK, width=cell * 0.006)
            size = fit_size(p.badge, r * 1.6, r * 2.2 * 72 / 25.4 * 0.55, bold=True)
            pen.text(bx, by + r * 0.38, p.badge, size, align="center", bold=True, color=INK)
    for m in view.marks:
        ox, oy = origin(m.cell)
        draw_mark(pen, ox, oy, cell, m.ok, m.label)


def draw_mark(pen: Pen, ox: float, oy: float, cell: float, ok: bool, label: str) -> None:
    """A candidate cell: a dashed card outline with a tick (legal) or a cross (illegal) and a label."""
    from deckgen.games.maestras.faces import dashed_rect

    w, h = CARD_W * cell / CELL, CARD_H * cell / CELL
    cx, cy = ox + (cell - w) / 2, oy + (cell - h) / 2
    colour = OK_MARK if ok else BAD_MARK
    dashed_rect(pen, cx, cy, w, h, cell * 0.04, cell * 0.012, colour)
    r = cell * 0.2
    mx, my = ox + cell / 2, oy + cell / 2 - cell * 0.06
    pen.ellipse(mx, my, r, r, fill="#ffffff", stroke=colour, width=cell * 0.02)
    if ok:
        pen.polyline([(mx - r * 0.5, my), (mx - r * 0.1, my + r * 0.45), (mx + r * 0.55, my - r * 0.45)], stroke=colour, width=cell * 0.035)
    else:
        for s in (1, -1):
            pen.polyline([(mx - r * 0.45, my - s * r * 0.45), (mx + r * 0.45, my + s * r * 0.45)], stroke=colour, width=cell * 0.035)
    if label:
        size = cell * 0.2 * 72 / 25.4 * 0.5
        pen.text(mx, my + r + cell * 0.16, label, size, align="center", bold=True, color=INK)


# ---------------------------------------------------------------- the board of a simulated game


def view_of_snapshot(deck: Deck, snapshot: Any) -> BoardView:
    """The board as it was when the main phase ended."""
    view = BoardView()
    parent: dict[Cell, Cell] = {}
    for path in snapshot.paths:
        prev = CENTRE
        for c in path.cells:
            parent[c] = prev
            prev = c
    for cell, (card, n) in sorted(snapshot.cells.items(), key=lambda kv: kv[1][1]):
        q = quarter_for(cell, parent.get(cell, CENTRE)) if cell != CENTRE else 0
        view.placed.append(Placed(cell, deck.cards[card], q, str(n) if n else "", cell == snapshot.last and cell != CENTRE))
    return view


PICTURE_WORDS = {
    "es": {"title": "Cartas Maestras: el tablero al terminar la partida", "seed": "semilla", "players": "jugadores",
           "player": "Jugador", "masters": "maestras", "master": "maestra", "cards": "cartas ganadas", "card": "carta ganada", "winner": "gana",
           "note": "Los números dan el orden en que se colocaron las cartas; la estrella marca la última. A la derecha, los caminos que ganó cada jugador.",
           "tiebreak": "hubo desempate"},
    "en": {"title": "Cartas Maestras: the board when play stopped", "seed": "seed", "players": "players",
           "player": "Player", "masters": "masters", "master": "master", "cards": "cards won", "card": "card won", "winner": "wins",
           "note": "Numbers give the order in which cards were placed; the star marks the last one. On the right, the paths each player won.",
           "tiebreak": "tie-break played"},
}


def check_picture_path(path: Path) -> None:
    png_name(path)


def final_board_picture(deck: Deck, state, players: int, seed: int, policy: str, path: Path, lang: str = "es",
                        px_per_mm: float = 2.0) -> Path:
    """A PNG of the board of a finished game ``state`` (played with ``seed`` and ``policy``, named in
    the title) when the main phase ended, with each player's masters and cards won. A view of the
    state: the engine plays the game (deckgen.games.maestras.engine.board_picture)."""
    from deckgen.games.maestras.faces import MaestrasFaces
    from deckgen.games.maestras.state import MAIN

    check_picture_path(path)
    if state.final is None or state.phase == MAIN:  # pragma: no cover - games always end
        raise DeckgenError(f"the game of seed {seed} did not end")
    words = PICTURE_WORDS.get(lang, PICTURE_WORDS["es"])
    faces = MaestrasFaces()
    view = view_of_snapshot(deck, state.final)
    bx0, by0, bx1, by1 = view.bounds(0)
    cols, rows = bx1 - bx0 + 1, by1 - by0 + 1
    cell = CELL
    mini_h = 24.0  # the won paths, card by card, in the side panel
    mini_w = mini_h * CARD_W / CARD_H
    longest = max([len(cards) for _, cards in state.final.won_paths] + [5])
    side_w = max(170.0, longest * (mini_w + 2))
    head, margin, line = 40.0, 10.0, 9.0
    paths_of = {seat: [cards for owner, cards in state.final.won_paths if owner == seat] for seat in range(players)}
    panel_h = sum(line + len(paths_of[s]) * (mini_h + 3) + 5 for s in range(players))
    width_mm = margin * 3 + cols * cell + side_w
    height_mm = head + max(rows * cell, panel_h) + margin
    k = px_per_mm
    img = Image.new("RGB", (round(width_mm * k), round(height_mm * k)), "#e8e4da")
    pen = PngPen(img, 0, 0, k)
    pen.text(margin, 14, words["title"], 18, bold=True, color=INK)
    sub = f"{players} {words['players']} · {words['seed']} {seed} · {policy}"
    if state.tiebreak_played:
        sub += f" · {words['tiebreak']}"
    pen.text(margin, 24, sub, 11, color=INK)
    pen.text(margin, 32, words["note"], 9, color=INK)
    draw_board(pen, view, faces, margin, head, cell, lang=lang, bounds=(bx0, by0, bx1, by1), grid=True)
    # the side panel: every player's masters, cards won, and the paths they won
    sx = margin * 2 + cols * cell
    y = head + 6
    won_cards = state.cards_won()
    best = set(state.winners())
    frame = Frame(CARD_W, CARD_H, 0.0, lang, {})
    s = mini_h / CARD_H
    for seat in range(players):
        m, c = state.masters[seat], won_cards[seat]
        label = f"{words['player']} {seat + 1}: {m} {words['master' if m == 1 else 'masters']}, {c} {words['card' if c == 1 else 'cards']}"
        if seat in best:
            label += f" · {words['winner']}"
        pen.text(sx, y, label, fit_size(label, side_w, 11, bold=seat in best), bold=seat in best, color=INK)
        y += 3
        for cards in paths_of[seat]:
            x = sx
            for c in cards:
                pen.rect(x, y, CARD_W * s, CARD_H * s, fill="#ffffff")
                faces.front(card_pen(pen, x, y, s), deck.cards[c], frame)
                pen.rect(x, y, CARD_W * s, CARD_H * s, stroke=INK, width=0.3)
                x += mini_w + 2
            y += mini_h + 3
        y += line + 2
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return write_bytes(Path(path), marked_png(buf.getvalue()))  # marked: the next --board knows it for deckgen's
