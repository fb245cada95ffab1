"""How to print cards.pdf: which pages are fronts and which are backs, and the printer settings, as
one line for the build's report and (for manual duplex) one line on the sheets themselves."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.i18n import _
from deckgen.render.planning import either_edge, plan_pages
from deckgen.render.settings import PrintSettings


@dataclass(frozen=True)
class Pages:
    fronts: tuple[int, ...]  # 1-based page numbers
    backs: tuple[int, ...]


def pages(n_cards: int, settings: PrintSettings) -> Pages:
    """The page numbers of fronts and backs, as render.sheets lays them out."""
    plan = plan_pages(n_cards, settings.layout(), settings.backs)
    return Pages(
        tuple(i for i, p in enumerate(plan, 1) if p.side == "front"),
        tuple(i for i, p in enumerate(plan, 1) if p.side == "back"),
    )


def span(numbers: tuple[int, ...]) -> str:
    """(1, 2, 3) -> "1-3"; (4,) -> "4"."""
    return f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


SCALE = "scale 100% (\"actual size\", not \"fit to page\"; the 50 mm bar on each sheet checks it)"


def instructions(n_cards: int, settings: PrintSettings, either: bool = True) -> str:
    """One line: which pages are which, and how to set the printer (``either``: every card meets its
    back whichever edge a sheet turns over, see render.planning.either_edge)."""
    p = pages(n_cards, settings)
    backs = settings.backs
    if backs in ("duplex-long", "duplex-short"):
        edge = "long" if backs == "duplex-long" else "short"
        return (f"{len(p.fronts)} sheets: fronts on the odd pages, each back on the even page after its front; "
                f"print double-sided, flip on the {edge} edge, {SCALE}")
    if backs == "manual-duplex":
        return manual_line(p, "en", either) + f"; {SCALE}"
    if backs == "separate":
        return separate_line(p, "en", either) + f"; {SCALE}"
    return f"pages {span(p.fronts)} fronts, no backs: print single-sided, {SCALE}"


def manual_line(p: Pages, lang: str, either: bool = True) -> str:
    """The manual-duplex instruction for a single-sided printer, in ``lang``: the stack turned over
    in its order, and which edge (``either``: every card meets its back whichever edge; else the long
    edge, as the backs are laid out)."""
    if either:
        msg = _("No duplex printer: print pages {fronts} (fronts), put the stack back in the tray turned over "
                "(over either edge) without changing the order of the sheets, then print pages {backs} (backs)",
                fronts=span(p.fronts), backs=span(p.backs))
    else:
        msg = _("No duplex printer: print pages {fronts} (fronts), put the stack back in the tray turned over "
                "its long edge, like the page of a book, without changing the order of the sheets, then print "
                "pages {backs} (backs)", fronts=span(p.fronts), backs=span(p.backs))
    return msg.render(lang)


def separate_line(p: Pages, lang: str, either: bool = True) -> str:
    """The instruction for backs printed on their own sheets, in ``lang``. Every cell of a back sheet
    holds a back, so a sheet glued on either way round still backs every card (``either``: two-sided
    cards too; else the back sheet turns over its long edge)."""
    if either:
        msg = _("Separate backs: print pages {fronts} (fronts) and {backs} (backs) single-sided; glue each back "
                "sheet behind the front sheet of the same number, then cut",
                fronts=span(p.fronts), backs=span(p.backs))
    else:
        msg = _("Separate backs: print pages {fronts} (fronts) and {backs} (backs) single-sided; turn each back "
                "sheet over its long edge, like the page of a book, glue it behind the front sheet of the same "
                "number, then cut", fronts=span(p.fronts), backs=span(p.backs))
    return msg.render(lang)


def sheet_note(n_cards: int, settings: PrintSettings, two_sided: frozenset[int] = frozenset()) -> str:
    """The line printed on every sheet, or "" (only manual duplex and separate backs need one);
    ``two_sided``: the cards (by deck index) whose back is a face of their own."""
    either = either_edge(n_cards, settings.layout(), two_sided)
    if settings.backs == "manual-duplex":
        return manual_line(pages(n_cards, settings), settings.lang, either)
    if settings.backs == "separate":
        return separate_line(pages(n_cards, settings), settings.lang, either)
    return ""
