"""A small drawing vocabulary that card faces use, with a PDF backend and a PNG backend.

Coordinates are millimetres from the card's top-left trim corner, y growing downward (so the bleed
lies at negative coordinates and beyond width/height). Text sizes are points. Colours are "#rrggbb".
Faces only ever talk to a :class:`Pen`; they never see reportlab or Pillow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Protocol, Sequence

from deckgen.render.fonts import ascent_mm, text_width_mm

Point = tuple[float, float]


class Pen(Protocol):
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 0.25,
        radius: float = 0.0,
    ) -> None: ...

    def ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 0.25,
    ) -> None: ...

    def polygon(
        self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None, width: float = 0.25
    ) -> None: ...

    def polyline(self, points: Sequence[Point], *, stroke: str, width: float = 0.25) -> None: ...

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        """Draw the image at ``path`` covering the box (cropped to its shape, never stretched)."""
        ...

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: float,
        *,
        align: str = "left",
        bold: bool = False,
        color: str = "#000000",
        angle: float = 0.0,
    ) -> None:
        """Draw ``s`` with its baseline at ``y``; ``align`` is left/center/right about ``x``.

        ``angle`` (degrees, counter-clockwise as seen on the card) rotates about (x, y).
        """
        ...


def text_width(s: str, size: float, bold: bool = False) -> float:
    return text_width_mm(s, size, bold)


def cap_height(size: float) -> float:
    return ascent_mm(size)


def fit_size(s: str, max_width: float, size: float, bold: bool = False, min_size: float = 4.0) -> float:
    """The largest size up to ``size`` at which ``s`` fits in ``max_width`` mm."""
    w = text_width(s, size, bold)
    if w <= max_width or w == 0:
        return size
    return max(min_size, size * max_width / w)


# ---------------------------------------------------------------- rich text: raised exponents


@dataclass(frozen=True)
class Run:
    text: str
    sup: bool = False  # drawn smaller and raised: an exponent


SUP_SCALE = 0.6
SUP_RISE = 0.55  # an exponent's baseline sits this fraction of the base cap height above the line


def runs_width(runs: Iterable[Run], size: float, bold: bool = False) -> float:
    return sum(text_width(r.text, size * (SUP_SCALE if r.sup else 1.0), bold) for r in runs)


def draw_runs(
    pen: Pen,
    x: float,
    y: float,
    runs: Sequence[Run],
    size: float,
    *,
    align: str = "center",
    bold: bool = False,
    color: str = "#000000",
    angle: float = 0.0,
) -> float:
    """Draw a line of runs with exponents raised and smaller; returns its width in mm.

    ``angle`` (degrees, counter-clockwise as seen on the card) turns the whole line about (x, y),
    as :meth:`Pen.text` does (180 draws it upside down, for the opposite corner of a card)."""
    total = runs_width(runs, size, bold)
    offset = -total / 2 if align == "center" else -total if align == "right" else 0.0
    rise = cap_height(size) * SUP_RISE
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    for r in runs:
        s = size * (SUP_SCALE if r.sup else 1.0)
        up = rise if r.sup else 0.0
        # along the baseline by `offset`, up by `up`; y grows downward on the card
        px, py = x + offset * cos - up * sin, y - offset * sin - up * cos
        pen.text(px, py, r.text, s, bold=bold, color=color, angle=angle)
        offset += text_width(r.text, s, bold)
    return total


# ---------------------------------------------------------------- shapes built from primitives


def regular_polygon(cx: float, cy: float, r: float, n: int, rotation: float = -90.0) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(rotation + 360.0 * i / n)), cy + r * math.sin(math.radians(rotation + 360.0 * i / n)))
        for i in range(n)
    ]


def star(cx: float, cy: float, r_out: float, r_in: float, n: int = 5) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(-90.0 + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_points(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24) -> list[Point]:
    """Points along an elliptic arc; angles in degrees, 0 = right, 90 = down (card coordinates)."""
    return [
        (cx + rx * math.cos(math.radians(start + (end - start) * i / steps)), cy + ry * math.sin(math.radians(start + (end - start) * i / steps)))
        for i in range(steps + 1)
    ]


def shape(pen: Pen, kind: str, cx: float, cy: float, r: float, *, fill: str | None, stroke: str | None = None, width: float = 0.3) -> None:
    """A marker shape of radius ``r``: circle, square, triangle, diamond, star or hexagon."""
    if kind == "circle":
        pen.ellipse(cx, cy, r, r, fill=fill, stroke=stroke, width=width)
    elif kind == "square":
        s = r * 0.88
        pen.rect(cx - s, cy - s, 2 * s, 2 * s, fill=fill, stroke=stroke, width=width)
    elif kind == "triangle":
        pen.polygon(regular_polygon(cx, cy + r * 0.15, r * 1.12, 3), fill=fill, stroke=stroke, width=width)
    elif kind == "diamond":
        pen.polygon(regular_polygon(cx, cy, r * 1.1, 4), fill=fill, stroke=stroke, width=width)
    elif kind == "star":
        pen.polygon(star(cx, cy, r * 1.15, r * 0.5), fill=fill, stroke=stroke, width=width)
    elif kind == "hexagon":
        pen.polygon(regular_polygon(cx, cy, r, 6, 0.0), fill=fill, stroke=stroke, width=width)
    else:
        raise ValueError(f"unknown shape {kind!r}")


CUE_MM = 8.0  # the least size of a colour's shape cue, for colour-blind players
CUE_LETTER_PT = 10.5


def cue_radius(kind: str) -> float:
    """The radius at which :func:`shape` draws ``kind`` at least CUE_MM across (its wider side)."""
    spread = {"circle": 2.0, "square": 1.76, "triangle": 1.94, "diamond": 2.2, "star": 2.19, "hexagon": 2.0}
    return CUE_MM / spread.get(kind, 1.76) + 0.05


def badge(pen: Pen, kind: str, cx: float, cy: float, letter: str, fill: str, *, letter_colour: str, scale: float = 1.0,
          angle: float = 0.0, stroke: str = "#1a1a1a") -> None:
    """A colour's cue: its shape at least CUE_MM across with its letter inside (CUE_LETTER_PT)."""
    r = cue_radius(kind) * scale
    shape(pen, kind, cx, cy, r, fill=fill, stroke=stroke, width=0.2 * scale)
    size = CUE_LETTER_PT * scale
    dy = ascent_mm(size) / 2 + (r * 0.2 if kind == "triangle" else 0.0)
    if angle % 360 == 180:
        pen.text(cx, cy - dy + (2 * r * 0.2 if kind == "triangle" else 0.0), letter, size, align="center", bold=True, color=letter_colour, angle=180)
    else:
        pen.text(cx, cy + dy, letter, size, align="center", bold=True, color=letter_colour)


def wrap(s: str, size: float, max_width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` mm."""
    lines: list[str] = []
    current = ""
    for word in s.split():
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size, bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def paragraph(
    pen: Pen,
    x: float,
    y: float,
    s: str,
    size: float,
    max_width: float,
    *,
    align: str = "center",
    bold: bool = False,
    color: str = "#000000",
    leading: float = 1.2,
) -> float:
    """Draw wrapped text whose first baseline is ``y``; returns the y of the last baseline."""
    step = size * leading * 25.4 / 72.0
    lines = wrap(s, size, max_width, bold)
    for i, line in enumerate(lines):
        pen.text(x, y + i * step, line, size, align=align, bold=bold, color=color)
    return y + max(0, len(lines) - 1) * step


ORIENTATION = 0x0112  # the EXIF tag of how a picture is turned (1: upright; 5 to 8: a quarter turn)


def upright_size(img) -> tuple[int, int]:
    """A PIL image's size as it is shown: a phone stores a portrait photo sideways with an EXIF
    orientation that turns it upright."""
    w, h = img.size
    return (h, w) if img.getexif().get(ORIENTATION, 1) in (5, 6, 7, 8) else (w, h)


def cover_crop(img, w: float, h: float):
    """Crop a PIL image, turned upright as its EXIF orientation says (as every viewer shows it), to
    the aspect ratio w:h around its centre (for "cover" placement)."""
    from PIL import ImageOps

    img = ImageOps.exif_transpose(img)
    iw, ih = img.size
    target = w / h
    if iw / ih > target:
        nw = max(1, round(ih * target))
        left = (iw - nw) // 2
        return img.crop((left, 0, left + nw, ih))
    nh = max(1, round(iw / target))
    top = (ih - nh) // 2
    return img.crop((0, top, iw, top + nh))


class TransformPen:
    """A pen drawing through another one, scaled by ``scale``, turned ``quarter`` quarter-turns
    clockwise, with the (turned) drawing's top-left corner at (x, y) of ``pen``: to place a card
    picture inside a figure, a board or a rulebook. ``w`` and ``h`` (the drawing's own size) are
    needed only for turning."""

    def __init__(self, pen: Pen, x: float, y: float, scale: float = 1.0, quarter: int = 0, w: float = 0.0, h: float = 0.0) -> None:
        self.pen, self.x, self.y, self.s, self.q, self.w, self.h = pen, x, y, scale, quarter % 4, w, h

    def _p(self, u: float, v: float) -> Point:
        q, w, h = self.q, self.w, self.h
        if q == 1:
            u, v = h - v, u
        elif q == 2:
            u, v = w - u, h - v
        elif q == 3:
            u, v = v, w - u
        return self.x + u * self.s, self.y + v * self.s

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0) -> None:
        (ax, ay), (bx, by) = self._p(x, y), self._p(x + w, y + h)
        self.pen.rect(min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay), fill=fill, stroke=stroke, width=width * self.s, radius=radius * self.s)

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.25) -> None:
        x, y = self._p(cx, cy)
        if self.q % 2:
            rx, ry = ry, rx
        self.pen.ellipse(x, y, rx * self.s, ry * self.s, fill=fill, stroke=stroke, width=width * self.s)

    def polygon(self, points, *, fill=None, stroke=None, width=0.25) -> None:
        self.pen.polygon([self._p(x, y) for x, y in points], fill=fill, stroke=stroke, width=width * self.s)

    def polyline(self, points, *, stroke, width=0.25) -> None:
        self.pen.polyline([self._p(x, y) for x, y in points], stroke=stroke, width=width * self.s)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        (ax, ay), (bx, by) = self._p(x, y), self._p(x + w, y + h)
        self.pen.image(path, min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0) -> None:
        px, py = self._p(x, y)
        self.pen.text(px, py, s, size * self.s, align=align, bold=bold, color=color, angle=angle - 90 * self.q)
