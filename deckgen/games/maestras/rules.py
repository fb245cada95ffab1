"""Pure rule functions of Cartas Maestras: linking, board geometry, path counting and scoring.

The board is a square grid, one card per cell, with the central card at (0, 0); x grows to the
right and y downward. The central card's four sides are the cells (0, -1), (1, 0), (0, 1), (-1, 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection, Iterable, Mapping, Sequence

from deckgen.games.maestras.cards import CENTRAL_K, EMPTY_K, MASTER_K, POINTS_K, Info

Cell = tuple[int, int]
CENTRE: Cell = (0, 0)
SIDES: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west
SIDE_NAMES = ("north", "east", "south", "west")
ORTHOGONAL: tuple[Cell, ...] = SIDES
DIAGONAL: tuple[Cell, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))

LINKS = ("either", "both", "colour", "points")
AFTER_MASTER = ("colour", "any")
IN_LINE = ("all", "links", "off")
WON_PATHS = ("taken", "stay")
TIEBREAK = ("when-tied", "always", "never")
MAIN_END = ("masters", "stuck")


@dataclass(frozen=True)
class Rules:
    """The rule variant in force (every product decision is one of these fields, see __init__.OPTIONS)."""

    link: str = "either"  # either: same colour OR points one apart; both: AND; colour; points
    same_points: bool = False  # equal points also link (besides points one apart)
    after_master: str = "colour"  # what may follow a master: a card of its colour, or any card
    empty_counts: bool = True  # an empty card counts among a path's linked cards
    path_length: int = 4  # linked cards after the master that win the path
    hand: int = 4  # cards dealt to each player
    in_line: str = "all"  # in line with the last card placed: every card, links only, or never
    corners: bool = False  # cards meeting at a corner also "touch"
    play_drawn: bool = False  # a drawn card that can be placed is placed at once (same turn)
    refill: bool = True  # after placing a card, draw back up to the hand size
    won_paths: str = "taken"  # a won path leaves the board (its side opens again) or stays there
    tiebreak: str = "when-tied"  # the tie-break phase: only when the most masters are tied, always, never
    main_end: str = "masters"  # the main phase ends once every master is placed (or nothing can be), or only when nothing can be

    @staticmethod
    def from_options(options: Mapping[str, Any]) -> "Rules":
        fields = Rules.__dataclass_fields__
        return Rules(**{k: options[k] for k in fields if k in options})


# ---------------------------------------------------------------- linking


def points_link(a: int, b: int, rules: Rules) -> bool:
    d = abs(a - b)
    return d == 1 or (rules.same_points and d == 0)


def links(prev: Info, new: Info, rules: Rules) -> bool:
    """May ``new`` be linked after ``prev`` (the path's reference card: its last card that is not
    empty, or its master, or the central card in the tie-break)?

    An empty card links to anything; anything links to the central card; next to a master only its
    colour counts (or any card with ``after_master="any"``), as a master has no points; two point
    cards link by colour and points as ``rules.link`` says.
    """
    if new.kind == EMPTY_K or prev.kind == CENTRAL_K:
        return True
    if prev.kind == EMPTY_K:
        raise ValueError("an empty card is never a path's reference card")
    if prev.kind == MASTER_K or new.kind == MASTER_K:
        if prev.kind == MASTER_K and new.kind == POINTS_K and rules.after_master == "any":
            return True
        return prev.colour == new.colour
    same_colour = prev.colour == new.colour
    step = points_link(prev.points, new.points, rules)
    if rules.link == "either":
        return same_colour or step
    if rules.link == "both":
        return same_colour and step
    if rules.link == "colour":
        return same_colour
    return step


class LinkTable:
    """:func:`links` asked once for each pair of kinds of card and kept: ``after(prev)`` is the set of
    the kinds among ``kinds`` that may be linked after ``prev`` (a reference card: never empty).
    A step then looks each kind held up in a set instead of asking the rules again: a board and
    hands of hundreds of kinds (a deck file of 99 points in four colours) cost set look-ups a step,
    and the rules are asked at most once per pair in a game. The table depends only on the kinds
    and the rules, so copies of a state (a searching player's worlds) share it."""

    def __init__(self, kinds: Iterable[Info], rules: Rules) -> None:
        self.kinds = tuple(dict.fromkeys(kinds))
        self.rules = rules
        self._after: dict[Info, frozenset[Info]] = {}

    def after(self, prev: Info) -> frozenset[Info]:
        found = self._after.get(prev)
        if found is None:
            found = self._after[prev] = frozenset(k for k in self.kinds if links(prev, k, self.rules))
        return found


def reference(cards: Sequence[Info], anchor: Info) -> Info:
    """The card the next card links to: the last card that is not empty ("an empty card resumes the
    path": the card after it links to the card before it), or ``anchor`` if all are empty."""
    for c in reversed(cards):
        if c.kind != EMPTY_K:
            return c
    return anchor


def linked_count(after_master: Sequence[Info], rules: Rules) -> int:
    """How many linked cards a path has after its master (empty cards count unless told otherwise)."""
    if rules.empty_counts:
        return len(after_master)
    return sum(1 for c in after_master if c.kind != EMPTY_K)


# ---------------------------------------------------------------- geometry

OCCUPIED, NOT_NEXT, TOUCHES_OTHER, NOT_IN_LINE = "occupied", "not next to the card it links to", "touches another card", "not in line with the last card"


def touching(cell: Cell, corners: bool) -> list[Cell]:
    x, y = cell
    steps = ORTHOGONAL + DIAGONAL if corners else ORTHOGONAL
    return [(x + dx, y + dy) for dx, dy in steps]


def in_line(cell: Cell, last: Cell | None) -> bool:
    return last is None or cell[0] == last[0] or cell[1] == last[1]


def why_not(occupied: Collection[Cell], cell: Cell, target: Cell, last: Cell | None, *, line: bool, corners: bool) -> str | None:
    """Why a card may not go on ``cell`` linked to the card on ``target`` (None when it may).

    The cell must be free, share a side with ``target``, touch no card but ``target`` (sides only, or
    corners too with ``corners``) and, with ``line``, share a row or a column with the last card placed.
    """
    if cell in occupied:
        return OCCUPIED
    if abs(cell[0] - target[0]) + abs(cell[1] - target[1]) != 1:
        return NOT_NEXT
    for n in touching(cell, corners):
        if n != target and n in occupied:
            return TOUCHES_OTHER
    if line and not in_line(cell, last):
        return NOT_IN_LINE
    return None


def can_place(occupied: Collection[Cell], cell: Cell, target: Cell, last: Cell | None, *, line: bool, corners: bool) -> bool:
    if cell in occupied:
        return False
    if abs(cell[0] - target[0]) + abs(cell[1] - target[1]) != 1:
        return False
    x, y = cell
    for dx, dy in (ORTHOGONAL + DIAGONAL) if corners else ORTHOGONAL:
        n = (x + dx, y + dy)
        if n != target and n in occupied:
            return False
    return not line or last is None or x == last[0] or y == last[1]


def free_cells(occupied: Collection[Cell], target: Cell, last: Cell | None, *, line: bool, corners: bool) -> list[Cell]:
    """The cells next to ``target`` where a card linked to it may go."""
    x, y = target
    return [c for c in ((x + dx, y + dy) for dx, dy in ORTHOGONAL) if can_place(occupied, c, target, last, line=line, corners=corners)]


# ---------------------------------------------------------------- scoring




def winners(masters: Sequence[int], cards: Sequence[int]) -> list[int]:
    """Most masters won; a tie is broken by the most cards won; still tied: a shared win."""
    best = max(zip(masters, cards))
    return [s for s, key in enumerate(zip(masters, cards)) if key == best]


def masters_tied(masters: Sequence[int]) -> bool:
    top = max(masters)
    return sum(1 for m in masters if m == top) > 1
