"""How to print cards.pdf: which pages are fronts and which are backs, and the printer settings, as
one line for the build's report and (for manual duplex) one line on the sheets themselves."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.render.planning import plan_pages
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


def instructions(n_cards: int, settings: PrintSettings) -> str:
    """One line: which pages are which, and how to set the printer."""
    p = pages(n_cards, settings)
    backs = settings.backs
    if backs in ("duplex-long", "duplex-short"):
        edge = "long" if backs == "duplex-long" else "short"
        return (f"{len(p.fronts)} sheets: fronts on the odd pages, each back on the even page after its front; "
                f"print double-sided, flip on the {edge} edge, {SCALE}")
    if backs == "manual-duplex":
        return manual_line(p, "en") + f"; {SCALE}"
    if backs == "separate":
        return separate_line(p, "en") + f"; {SCALE}"
    return f"pages {span(p.fronts)} fronts, no backs: print single-sided, {SCALE}"


def manual_line(p: Pages, lang: str) -> str:
    """The manual-duplex instruction for a single-sided printer, in ``lang``."""
    if lang == "es":
        return (f"Sin impresora a doble cara: imprime las páginas {span(p.fronts)} (caras), vuelve a poner el "
                f"montón en la bandeja dándole la vuelta e imprime las páginas {span(p.backs)} (dorsos)")
    return (f"No duplex printer: print pages {span(p.fronts)} (fronts), put the stack back in the tray "
            f"turned over, then print pages {span(p.backs)} (backs)")


def separate_line(p: Pages, lang: str) -> str:
    """The instruction for backs printed on their own sheets, in ``lang``. Every cell of a back sheet
    holds a back, so a sheet glued on either way round still backs every card."""
    if lang == "es":
        return (f"Dorsos aparte: imprime a una cara las páginas {span(p.fronts)} (caras) y {span(p.backs)} "
                f"(dorsos); pega cada hoja de dorsos detrás de la hoja de caras del mismo número y recorta")
    return (f"Separate backs: print pages {span(p.fronts)} (fronts) and {span(p.backs)} (backs) single-sided; "
            f"glue each back sheet behind the front sheet of the same number, then cut")


def sheet_note(n_cards: int, settings: PrintSettings) -> str:
    """The line printed on every sheet, or "" (only manual duplex and separate backs need one)."""
    if settings.backs == "manual-duplex":
        return manual_line(pages(n_cards, settings), settings.lang)
    if settings.backs == "separate":
        return separate_line(pages(n_cards, settings), settings.lang)
    return ""
