"""A duplex calibration sheet: thin crosses on the front, graduated scales on the back where the
crosses should fall. Printed two-sided and held to the light, each scale reads (from the back) how
far the printer put the back off: the value to give to ``--back-offset``.

Reading the scales: the back page is laid out in its own coordinates (x to the right, y up, as one
looks at the back). If the printer moves the back by e, the scale's zero moves by e while the
front's line stays put, so the line crosses the scale at -e: exactly the shift ``--back-offset``
must apply to cancel it. With that offset given to ``deckgen calibrate`` too, every line reads 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import OptionError
from deckgen.fileio import atomic_path
from deckgen.render import fonts
from deckgen.render.geometry import MAX_BACK_OFFSET, paper_size
from deckgen.render.palette import INK, RGB
from deckgen.render.pdf_pen import new_canvas

MM = fonts.PT_PER_MM
SCALE_HALF = MAX_BACK_OFFSET  # mm each side of zero: the offsets --back-offset accepts
MINOR = 0.5  # mm between ticks
INSET = 40.0  # mm from the page's sides to the corner targets
ARM = 14.0  # mm: half the length of a front cross's lines (they reach the scales 7 mm away)

WORDS = {
    "es": {
        "front": [
            "Hoja de calibración de la impresión a doble cara ({backs}, {paper}).",
            "1. Imprime las dos páginas a doble cara, al 100 % (sin «ajustar a la página»).",
            "2. Mira la otra cara a contraluz: cada cruz de esta cara cae sobre unas reglas.",
        ],
        "back": [
            "Mira esta cara a contraluz. Donde la línea vertical de la cruz corta la regla horizontal",
            "lees X; donde la línea horizontal corta la regla vertical lees Y (en mm). Usa la regla central.",
            "Luego: deckgen build ... --back-offset X,Y   (o back_offset = \"X,Y\" en [print]).",
            "Si las reglas de las esquinas leen lo mismo, la impresora solo desplaza; si no, gira o escala.",
        ],
        "offset": "desplazamiento aplicado: {x:g}, {y:g} mm",
    },
    "en": {
        "front": [
            "Duplex printing calibration sheet ({backs}, {paper}).",
            "1. Print both pages two-sided at 100% (no \"fit to page\").",
            "2. Hold the other side to the light: every cross on this side falls on a pair of scales.",
        ],
        "back": [
            "Hold this side to the light. Where the cross's upright line meets the level scale, read X;",
            "where its level line meets the upright scale, read Y (in mm). Use the middle scales.",
            "Then: deckgen build ... --back-offset X,Y   (or back_offset = \"X,Y\" in [print]).",
            "If the corner scales read the same, the printer only shifts; if not, it turns or scales.",
        ],
        "offset": "offset applied: {x:g}, {y:g} mm",
    },
}


@dataclass(frozen=True)
class Target:
    """Where a cross is on the front, and where its scales go on the back (page mm, y up)."""

    front: tuple[float, float]
    back: tuple[float, float]


def behind(x: float, y: float, page_w: float, page_h: float, mode: str) -> tuple[float, float]:
    """The point of the back page behind front point (x, y) once the sheet is turned over."""
    long_upright = page_h >= page_w
    if (mode == "duplex-long") == long_upright:
        return page_w - x, y
    return x, page_h - y


def targets(paper: str, mode: str) -> list[Target]:
    """The middle of the page and four points near its corners."""
    _, w, h = paper_size(paper)
    points = [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET), (w - INSET, h - INSET)]
    return [Target(p, behind(*p, w, h, mode)) for p in points]


def write_calibration(target: Path, paper: str = "a4", backs: str = "duplex-long", offset: tuple[float, float] = (0.0, 0.0), lang: str = "es") -> Path:
    if backs not in ("duplex-long", "duplex-short"):
        raise OptionError(f"calibrate: --backs must be duplex-long or duplex-short, not {backs!r}")
    name, w, h = paper_size(paper)
    words = WORDS[lang]
    fonts.register()
    with atomic_path(Path(target)) as tmp:
        c = new_canvas(str(tmp), w * MM, h * MM, title=f"deckgen duplex calibration ({name}, {backs})")
        marks = targets(name, backs)
        # the front: crosses
        RGB.stroke(c, INK)
        c.setLineWidth(0.15 * MM)
        for t in marks:
            x, y = t.front
            c.line((x - ARM) * MM, y * MM, (x + ARM) * MM, y * MM)
            c.line(x * MM, (y - ARM) * MM, x * MM, (y + ARM) * MM)
        _lines(c, 20.0, h / 2 - 30.0, [s.format(backs=backs, paper=name) for s in words["front"]])
        c.showPage()
        # the back: scales, moved by the offset being tested
        c.saveState()
        c.translate(offset[0] * MM, offset[1] * MM)
        for t in marks:
            _scales(c, *t.back)
        c.restoreState()
        _lines(c, 20.0, h / 2 - 30.0, words["back"] + [words["offset"].format(x=offset[0], y=offset[1])])
        c.showPage()
        c.save()
        from deckgen.render.pdfx import tag_fonts

        tag_fonts(Path(tmp))
    return Path(target)


def _lines(c: Canvas, x: float, top: float, lines: list[str]) -> None:
    RGB.fill(c, INK)
    c.setFont(fonts.font_name(False), 8)
    for i, line in enumerate(lines):
        c.drawString(x * MM, (top - 4.5 * i) * MM, line)


SCALE_GAP = 7.0  # mm from the target to each scale (along the front cross's lines, clear of the other scale)


def _scales(c: Canvas, x: float, y: float) -> None:
    """Two scales for the target (x, y), -5..5 mm, a tick every 0.5 mm, numbered every 2 mm: a level
    one 7 mm above the target (read X where the front's upright line meets it) and an upright one
    7 mm right of it (read Y where the front's level line meets it). Zero is level with the target."""
    RGB.stroke(c, INK)
    RGB.fill(c, INK)
    c.setFont(fonts.font_name(False), 4.0)
    steps = int(round(SCALE_HALF / MINOR))
    lx, ly = x, y + SCALE_GAP  # zero of the level scale
    ux, uy = x + SCALE_GAP, y  # zero of the upright scale
    c.setLineWidth(0.12 * MM)
    c.line((lx - SCALE_HALF) * MM, ly * MM, (lx + SCALE_HALF) * MM, ly * MM)
    c.line(ux * MM, (uy - SCALE_HALF) * MM, ux * MM, (uy + SCALE_HALF) * MM)
    for i in range(-steps, steps + 1):
        v = i * MINOR
        whole = i % 2 == 0
        tick = 2.4 if i == 0 else (1.6 if whole else 0.9)
        c.setLineWidth((0.15 if i == 0 else 0.08) * MM)
        c.line((lx + v) * MM, ly * MM, (lx + v) * MM, (ly + tick) * MM)  # ticks stand on the level scale
        c.line(ux * MM, (uy + v) * MM, (ux + tick) * MM, (uy + v) * MM)  # and point right from the upright one
        if i % 4 == 0:  # numbered every 2 mm
            label = f"{v:g}".replace("-", "−")
            c.drawCentredString((lx + v) * MM, (ly + tick + 0.7) * MM, label)
            c.drawString((ux + tick + 0.6) * MM, (uy + v - 0.6) * MM, label)
