"""The order of a deck's pages on its sheets: which cards go on which page, fronts and backs.

Settings sit below this module; the sheet writer (render.sheets) and the printing advice
(render.printing) sit above it and both read the same plan.

A two-sided card (one whose back is another face, such as a marker turned over in play) must meet
its own back whichever way its sheet is turned: over the long edge or the short edge, as a
single-sided printer's stack is turned by hand or a back sheet is glued on. Turned either way, the
one cell that lands behind itself is the centre cell of a grid with an odd number of rows and of
columns; so, where the layout has one and there are enough sheets, each two-sided card is placed in
the centre cell of a sheet of its own (the last sheets), and its sheets work whichever edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.render.geometry import SheetLayout


@dataclass(frozen=True)
class Page:
    """One PDF page: which cards go in which slots, and whether these are fronts or backs."""

    sheet: int  # 1-based sheet number
    side: str  # "front" or "back"
    slots: tuple[tuple[int, int], ...]  # (slot index on the page, card index in the deck)


def centre_cell(lay: SheetLayout) -> int | None:
    """The cell that lands behind itself whichever edge the sheet turns over: the centre of a grid
    with odd rows and odd columns; None when the grid has no centre cell."""
    if lay.cols % 2 == 0 or lay.rows % 2 == 0:
        return None
    return (lay.rows // 2) * lay.cols + lay.cols // 2


def centre_sheets(n_cards: int, lay: SheetLayout) -> list[int]:
    """The 0-based sheets whose centre cell holds a card, last first."""
    centre = centre_cell(lay)
    if centre is None:
        return []
    return [s for s in reversed(range(lay.sheets_for(n_cards))) if s * lay.per_sheet + centre < n_cards]


def either_edge(n_cards: int, lay: SheetLayout, two_sided: frozenset[int] | set[int] = frozenset()) -> bool:
    """Whether every card meets its own back whichever edge a sheet turns over (backs in every cell):
    true without two-sided cards, and where each of them can sit in a centre cell of its own."""
    return not two_sided or len(two_sided) <= len(centre_sheets(n_cards, lay))


def print_order(n_cards: int, lay: SheetLayout, two_sided: frozenset[int] | set[int] = frozenset()) -> list[int]:
    """The deck's card indices in the order they are printed (slot after slot, sheet after sheet):
    the deck's own order, but for the two-sided cards, each moved to the centre cell of one of the
    last sheets when :func:`either_edge` allows it (the other cards keep their order)."""
    order = list(range(n_cards))
    if not two_sided or not either_edge(n_cards, lay, two_sided):
        return order
    centre = centre_cell(lay)
    assert centre is not None
    targets = sorted(centre_sheets(n_cards, lay)[: len(two_sided)])
    placed: list[int | None] = [None] * n_cards
    for sheet, card in zip(targets, sorted(two_sided)):
        placed[sheet * lay.per_sheet + centre] = card
    rest = iter(i for i in order if i not in two_sided)
    return [p if p is not None else next(rest) for p in placed]


def plan_pages(n_cards: int, lay: SheetLayout, backs: str, two_sided: frozenset[int] | set[int] = frozenset()) -> list[Page]:
    """The order of pages: per sheet a front page, and (duplex) its back page right after; the
    cards in :func:`print_order`."""
    per = lay.per_sheet
    sheets = lay.sheets_for(n_cards)
    order = print_order(n_cards, lay, frozenset(two_sided))
    pages: list[Page] = []
    for s in range(sheets):
        fronts = tuple((p - s * per, order[p]) for p in range(s * per, min(n_cards, (s + 1) * per)))
        pages.append(Page(s + 1, "front", fronts))
        if backs.startswith("duplex"):
            pages.append(Page(s + 1, "back", fronts))
    if backs in ("separate", "manual-duplex"):
        for s in range(sheets):
            fronts = tuple((p - s * per, order[p]) for p in range(s * per, min(n_cards, (s + 1) * per)))
            pages.append(Page(s + 1, "back", fronts))
    return pages
