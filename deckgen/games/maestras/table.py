"""What lies on a Cartas Maestras table: the phases of a match, the action codes (a card and the cell
it goes to), the paths growing from the central card, and the board as the main phase left it."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.maestras.rules import Cell

MAIN, TIEBREAK, OVER = "main", "tiebreak", "over"
DRAW = -1  # draw one card, or pass when the draw pile is empty: only legal with nothing to place
# cells (x, y) with |x|, |y| < OFF are coded (x + OFF) * WIDTH + (y + OFF): a tie-break chain laid out
# in a line may hold every card of the largest deck a deck file allows (5,000), so OFF is beyond
# that (64 let a long chain's cells wrap into other cards' codes)
OFF = 8192
WIDTH = 2 * OFF + 1
CELLS = WIDTH * WIDTH


def encode(card: int, cell: Cell) -> int:
    return card * CELLS + (cell[0] + OFF) * WIDTH + (cell[1] + OFF)


def decode(action: int) -> tuple[int, Cell]:
    card, rest = divmod(action, CELLS)
    cx, cy = divmod(rest, WIDTH)
    return card, (cx - OFF, cy - OFF)


@dataclass
class Path:
    """A path: its master and the cards linked after it, with their cells, from the central card out."""

    side: int
    cells: list[Cell]
    cards: list[int]
    winner: int | None = None  # set when won (the path stays on the board only with won_paths="stay")

    @property
    def tip(self) -> Cell:
        return self.cells[-1]


@dataclass
class Snapshot:
    """The board when the main phase ended (for the board picture): cell -> (card, placed as n-th)."""

    cells: dict[Cell, tuple[int, int]]
    paths: list[Path]
    last: Cell | None
    won_paths: list[tuple[int, list[int]]]  # (seat, cards) of every path won, in order
