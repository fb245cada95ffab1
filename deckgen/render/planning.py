"""The order of a deck's pages on its sheets: which cards go on which page, fronts and backs.

Settings sit below this module; the sheet writer (render.sheets) and the printing advice
(render.printing) sit above it and both read the same plan.
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


def plan_pages(n_cards: int, lay: SheetLayout, backs: str) -> list[Page]:
    """The order of pages: per sheet a front page, and (duplex) its back page right after."""
    per = lay.per_sheet
    sheets = lay.sheets_for(n_cards)
    pages: list[Page] = []
    for s in range(sheets):
        idx = list(range(s * per, min(n_cards, (s + 1) * per)))
        fronts = tuple((i - s * per, i) for i in idx)
        pages.append(Page(s + 1, "front", fronts))
        if backs.startswith("duplex"):
            pages.append(Page(s + 1, "back", fronts))
    if backs in ("separate", "manual-duplex"):
        for s in range(sheets):
            idx = list(range(s * per, min(n_cards, (s + 1) * per)))
            pages.append(Page(s + 1, "back", tuple((i - s * per, i) for i in idx)))
    return pages
