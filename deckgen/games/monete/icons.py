"""Drawn pictures for Monete's cards: the monkey, the thirteen action icons, the marker pictures.

Every icon is drawn from pen primitives into a box of "radius" ``r`` around (cx, cy), in dark ink
with at most one accent colour, so it reads in greyscale.
"""

from __future__ import annotations

import math
from typing import Callable

from deckgen.render.palette import INK
from deckgen.render.pen import Pen, arc_points, regular_polygon

BROWN = "#7a4a22"
TAN = "#e9c79a"
ACCENT = "#c8372d"
PALE = "#ffffff"


def arrow_head(pen: Pen, x: float, y: float, angle: float, size: float, color: str = INK) -> None:
    """A filled triangle whose tip is at (x, y), pointing along ``angle`` (degrees, 0 = right, 90 = down)."""
    a = math.radians(angle)
    back = (x - size * math.cos(a), y - size * math.sin(a))
    side = (-math.sin(a) * size * 0.55, math.cos(a) * size * 0.55)
    pen.polygon([(x, y), (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=color)


def arc_arrow(pen: Pen, cx: float, cy: float, r: float, start: float, end: float, width: float, color: str = INK) -> None:
    """An arc from ``start`` to ``end`` degrees with a head at the end (direction of travel)."""
    pts = arc_points(cx, cy, r, r, start, end, 24)
    pen.polyline(pts[:-2], stroke=color, width=width)
    x, y = pts[-1]
    heading = end + (90 if end > start else -90)
    arrow_head(pen, x, y, heading, width * 3.2, color)


def straight_arrow(pen: Pen, x1: float, y1: float, x2: float, y2: float, width: float, color: str = INK) -> None:
    angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
    head = width * 3.2
    a = math.radians(angle)
    pen.polyline([(x1, y1), (x2 - head * 0.8 * math.cos(a), y2 - head * 0.8 * math.sin(a))], stroke=color, width=width)
    arrow_head(pen, x2, y2, angle, head, color)


def mini_card(pen: Pen, x: float, y: float, w: float, h: float, fill: str = PALE, label: str = "", size: float = 0.0) -> None:
    pen.rect(x, y, w, h, fill=fill, stroke=INK, width=w * 0.06, radius=w * 0.12)
    if label:
        pen.text(x + w / 2, y + h / 2 + size * 0.353 * 0.36, label, size, align="center", bold=True, color=INK)


def monkey(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A friendly monkey face of radius ``r`` (Monete: a little monkey)."""
    for sx in (-1, 1):
        pen.ellipse(cx + sx * r * 0.98, cy - r * 0.05, r * 0.34, r * 0.34, fill=BROWN)
        pen.ellipse(cx + sx * r * 0.98, cy - r * 0.05, r * 0.2, r * 0.2, fill=TAN)
    pen.ellipse(cx, cy, r, r * 0.95, fill=BROWN)
    pen.ellipse(cx - r * 0.3, cy - r * 0.15, r * 0.36, r * 0.42, fill=TAN)
    pen.ellipse(cx + r * 0.3, cy - r * 0.15, r * 0.36, r * 0.42, fill=TAN)
    pen.ellipse(cx, cy + r * 0.35, r * 0.62, r * 0.45, fill=TAN)
    for sx in (-1, 1):
        pen.ellipse(cx + sx * r * 0.28, cy - r * 0.2, r * 0.1, r * 0.13, fill=INK)
        pen.ellipse(cx + sx * r * 0.25, cy - r * 0.25, r * 0.035, r * 0.035, fill=PALE)
        pen.ellipse(cx + sx * r * 0.1, cy + r * 0.18, r * 0.04, r * 0.03, fill=INK)
    pen.polyline(arc_points(cx, cy + r * 0.3, r * 0.3, r * 0.22, 20, 160, 12), stroke=INK, width=r * 0.06)
    pen.polyline(arc_points(cx, cy - r * 0.72, r * 0.18, r * 0.2, 180, 330, 10), stroke=BROWN, width=r * 0.09)


def leaf(pen: Pen, x: float, y: float, length: float, angle: float, color: str) -> None:
    """A pointed leaf from (x, y) along ``angle`` degrees."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    w = length * 0.32
    pts = []
    for i in range(13):
        t = i / 12
        off = math.sin(math.pi * t) * w
        pts.append((x + ux * length * t + px * off, y + uy * length * t + py * off))
    for i in range(11, 0, -1):
        t = i / 12
        off = math.sin(math.pi * t) * w
        pts.append((x + ux * length * t - px * off, y + uy * length * t - py * off))
    pen.polygon(pts, fill=color)


# ---------------------------------------------------------------- action icons


def _todos_mudos(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.ellipse(cx, cy - r * 0.1, r * 0.85, r * 0.62, fill=PALE, stroke=INK, width=r * 0.07)
    pen.polygon([(cx - r * 0.45, cy + r * 0.35), (cx - r * 0.7, cy + r * 0.85), (cx - r * 0.1, cy + r * 0.45)], fill=INK)
    pen.polygon([(cx - r * 0.4, cy + r * 0.33), (cx - r * 0.58, cy + r * 0.68), (cx - r * 0.15, cy + r * 0.42)], fill=PALE)
    for dx in (-0.35, 0.0, 0.35):
        pen.ellipse(cx + dx * r, cy - r * 0.1, r * 0.09, r * 0.09, fill=INK)
    pen.polyline([(cx - r * 0.85, cy + r * 0.6), (cx + r * 0.85, cy - r * 0.8)], stroke=ACCENT, width=r * 0.14)


def _te_la_cambio(pen: Pen, cx: float, cy: float, r: float) -> None:
    w, h = r * 0.62, r * 0.9
    mini_card(pen, cx - r * 0.95, cy - h / 2, w, h, fill="#dbe3f4")
    mini_card(pen, cx + r * 0.33, cy - h / 2, w, h, fill="#f8dcd9")
    arc_arrow(pen, cx, cy - r * 0.05, r * 0.55, 200, 340, r * 0.08)
    arc_arrow(pen, cx, cy + r * 0.05, r * 0.55, 20, 160, r * 0.08)


def _stairs(pen: Pen, cx: float, cy: float, r: float, rising: bool) -> None:
    n = 4
    bw = r * 1.5 / n
    for i in range(n):
        h = r * (0.35 + 0.3 * (i if rising else n - 1 - i))
        x = cx - r * 0.75 + i * bw
        pen.rect(x, cy + r * 0.75 - h, bw * 0.86, h, fill="#dddddd", stroke=INK, width=r * 0.04)


def _numeros_mayores(pen: Pen, cx: float, cy: float, r: float) -> None:
    _stairs(pen, cx, cy + r * 0.15, r, True)
    straight_arrow(pen, cx - r * 0.8, cy + r * 0.1, cx + r * 0.55, cy - r * 0.85, r * 0.09)
    pen.text(cx - r * 0.55, cy - r * 0.35, "+", 3.2 * r, align="center", bold=True, color=INK)


def _numeros_menores(pen: Pen, cx: float, cy: float, r: float) -> None:
    _stairs(pen, cx, cy + r * 0.15, r, False)
    straight_arrow(pen, cx - r * 0.55, cy - r * 0.85, cx + r * 0.8, cy + r * 0.1, r * 0.09)
    pen.text(cx + r * 0.55, cy - r * 0.35, "−", 3.2 * r, align="center", bold=True, color=INK)


def _ladronzuelos(pen: Pen, cx: float, cy: float, r: float) -> None:
    # a bandit's mask, with a ring of arrows: everybody takes from their neighbour
    arc_arrow(pen, cx, cy, r * 0.95, 200, 330, r * 0.06)
    arc_arrow(pen, cx, cy, r * 0.95, 20, 150, r * 0.06)
    pts = []
    for i in range(25):
        t = math.pi * i / 24
        pts.append((cx - r * 0.8 * math.cos(t), cy - r * 0.12 - r * 0.3 * math.sin(t)))
    for i in range(25):
        t = math.pi * i / 24
        pts.append((cx + r * 0.8 * math.cos(t), cy + r * 0.05 + r * 0.22 * math.sin(t)))
    pen.polygon(pts, fill=INK)
    for sx in (-1, 1):
        pen.ellipse(cx + sx * r * 0.33, cy - r * 0.08, r * 0.17, r * 0.11, fill=PALE)
    pen.polyline([(cx + r * 0.8, cy - r * 0.05), (cx + r * 1.0, cy + r * 0.25)], stroke=INK, width=r * 0.08)
    pen.polyline([(cx + r * 0.8, cy - r * 0.05), (cx + r * 1.05, cy - r * 0.1)], stroke=INK, width=r * 0.08)


def _cambio_sentido(pen: Pen, cx: float, cy: float, r: float) -> None:
    arc_arrow(pen, cx, cy, r * 0.7, 190, 350, r * 0.12)
    arc_arrow(pen, cx, cy, r * 0.7, 10, 170, r * 0.12, ACCENT)


def _regalito(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.rect(cx - r * 0.7, cy - r * 0.2, r * 1.4, r * 0.95, fill=ACCENT, stroke=INK, width=r * 0.04)
    pen.rect(cx - r * 0.8, cy - r * 0.45, r * 1.6, r * 0.3, fill="#e0554a", stroke=INK, width=r * 0.04)
    pen.rect(cx - r * 0.12, cy - r * 0.45, r * 0.24, r * 1.2, fill="#f2c12e", stroke=INK, width=r * 0.03)
    for sx in (-1, 1):
        pen.polygon([(cx, cy - r * 0.45), (cx + sx * r * 0.55, cy - r * 0.9), (cx + sx * r * 0.45, cy - r * 0.45)], fill="#f2c12e", stroke=INK, width=r * 0.03)


def _fan(pen: Pen, cx: float, cy: float, r: float, n: int) -> None:
    w, h = r * 0.6, r * 0.88
    for i in range(n):
        off = (i - (n - 1) / 2) * r * 0.32
        mini_card(pen, cx - r * 0.35 + off - w / 2, cy - h / 2 + abs(off) * 0.3, w, h, fill="#eeeeee")
    pen.ellipse(cx + r * 0.55, cy + r * 0.35, r * 0.48, r * 0.48, fill=ACCENT, stroke=INK, width=r * 0.04)
    size = 1.45 * r
    pen.text(cx + r * 0.55, cy + r * 0.35 + 0.353 * size * 0.36, f"+{n}", size, align="center", bold=True, color=PALE)


def _toma_2(pen: Pen, cx: float, cy: float, r: float) -> None:
    _fan(pen, cx, cy, r, 2)


def _toma_3(pen: Pen, cx: float, cy: float, r: float) -> None:
    _fan(pen, cx, cy, r, 3)


def _repite_turno(pen: Pen, cx: float, cy: float, r: float) -> None:
    # a card going round back to its player: no digit, so it is never read as the card's number
    arc_arrow(pen, cx, cy, r * 0.8, -60, 230, r * 0.12, ACCENT)
    mini_card(pen, cx - r * 0.28, cy - r * 0.4, r * 0.56, r * 0.8, fill="#ebe1f5")


def _descarte(pen: Pen, cx: float, cy: float, r: float) -> None:
    # a card going out into a tray, and a new one coming from the deck
    pen.polygon([(cx - r * 0.95, cy + r * 0.35), (cx - r * 0.05, cy + r * 0.35), (cx - r * 0.15, cy + r * 0.95), (cx - r * 0.85, cy + r * 0.95)], fill="#cccccc", stroke=INK, width=r * 0.05)
    mini_card(pen, cx - r * 0.75, cy - r * 0.85, r * 0.5, r * 0.7, fill=PALE)
    straight_arrow(pen, cx - r * 0.5, cy - r * 0.1, cx - r * 0.5, cy + r * 0.45, r * 0.08)
    for i in range(3):
        mini_card(pen, cx + r * 0.3 + i * r * 0.05, cy + r * 0.3 - i * r * 0.05, r * 0.5, r * 0.7, fill="#6a3d9a")
    straight_arrow(pen, cx + r * 0.65, cy + r * 0.1, cx + r * 0.65, cy - r * 0.85, r * 0.08)


def _maldicion(pen: Pen, cx: float, cy: float, r: float) -> None:
    for dx, dy, rr in ((-0.45, -0.3, 0.38), (0.05, -0.5, 0.48), (0.5, -0.28, 0.38), (0.0, -0.15, 0.45)):
        pen.ellipse(cx + dx * r, cy + dy * r, rr * r, rr * r * 0.85, fill="#555555")
    pen.polygon(
        [(cx + r * 0.05, cy - r * 0.1), (cx - r * 0.35, cy + r * 0.45), (cx - r * 0.02, cy + r * 0.42),
         (cx - r * 0.25, cy + r * 0.98), (cx + r * 0.4, cy + r * 0.25), (cx + r * 0.08, cy + r * 0.28), (cx + r * 0.3, cy - r * 0.1)],
        fill="#f2c12e", stroke=INK, width=r * 0.04,
    )


def _espiar(pen: Pen, cx: float, cy: float, r: float) -> None:
    top = arc_points(cx, cy + r * 0.55, r * 1.05, r * 1.0, 205, 335, 16)
    bottom = arc_points(cx, cy - r * 0.55, r * 1.05, r * 1.0, 25, 155, 16)
    pen.polygon(top + bottom, fill=PALE, stroke=INK, width=r * 0.08)
    pen.ellipse(cx, cy, r * 0.36, r * 0.36, fill="#3f9a4a", stroke=INK, width=r * 0.04)
    pen.ellipse(cx, cy, r * 0.16, r * 0.16, fill=INK)
    pen.ellipse(cx + r * 0.1, cy - r * 0.1, r * 0.06, r * 0.06, fill=PALE)


ACTION_ICONS: dict[str, Callable[[Pen, float, float, float], None]] = {
    "todos_mudos": _todos_mudos,
    "te_la_cambio": _te_la_cambio,
    "numeros_mayores": _numeros_mayores,
    "numeros_menores": _numeros_menores,
    "ladronzuelos": _ladronzuelos,
    "cambio_sentido": _cambio_sentido,
    "regalito": _regalito,
    "toma_2": _toma_2,
    "toma_3": _toma_3,
    "repite_turno": _repite_turno,
    "descarte": _descarte,
    "maldicion": _maldicion,
    "espiar": _espiar,
}


def unknown_icon(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.polygon(regular_polygon(cx, cy, r * 0.7, 4), fill="#9a9a9a")
