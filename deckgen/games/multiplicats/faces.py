"""Card faces for Multipli Cat's: multiplication, product, the six specials, and the back.

Everything is drawn from primitives (no images), readable in greyscale: text is always dark on a
pale ground, and each kind of card has its own frame (single, double, or a dark band for specials).
"""

from __future__ import annotations

import math

from deckgen.model import Card
from deckgen.render.faces import Frame, background, misregistration_margin
from deckgen.render.orientation import confusable, plain_number, underline
from deckgen.render.palette import INK
from deckgen.render.pen import Pen, arc_points, fit_size, paragraph, regular_polygon, star, text_width

from deckgen.games.multiplicats.deck import MULTIPLICATION, PRODUCT, SPECIALS

TIMES = "×"
# One pale ground per table (a in a×b), so a teacher can sort a deck by table at a glance.
# Ten grounds chosen (by a search over light sRGB colours, L* 70-95) so that every pair differs by
# CIEDE2000 >= 14 to normal vision and >= 8.5 to a deuteranope or protanope (Machado 2009, severity 1);
# tests/cards/test_tint_distances.py measures them, also as printed through deckgen's CMYK.
TINTS = ("#dafb75", "#81fde7", "#afecfe", "#e6d6b1", "#b6ccbd", "#eaa780", "#bbb3bf", "#70b8e7", "#d79595", "#d19d3e")
TABLE_TINT = {n: TINTS[n - 1] for n in range(1, 11)}
PRODUCT_GROUND = "#fff8e6"
ACCENT = "#7a4a1f"  # warm brown: cats
SPECIAL_BAND = "#3b2a4d"

REMINDERS = {
    "persecucion": {
        "es": "¡Todos al ratón! El más lento recoge sus cartas descubiertas.",
        "en": "Everyone slaps! The slowest takes back their face-up cards.",
    },
    "sin_salida": {
        "es": "Cambia el sentido del juego.",
        "en": "Play changes direction.",
    },
    "magia": {
        "es": "En el turno siguiente todos destapan una carta a la vez.",
        "en": "Next turn, everyone turns up a card at once.",
    },
    "balancin": {
        "es": "Se enfrentan el producto mayor y el menor de la mesa.",
        "en": "The highest and the lowest product on the table duel.",
    },
    "emboscada": {
        "es": "Todos al ratón. Si pierde quien la sacó, cada uno le da una carta.",
        "en": "Everyone slaps. If its player loses, each other player gives them a card.",
    },
    "regalo": {
        "es": "Quien la saca da una carta de su pila a cada jugador.",
        "en": "Its player gives one card from their pile to each other player.",
    },
}


def mult_text(a: int, b: int) -> str:
    return f"{a} {TIMES} {b}"


def valid_text(text: str) -> bool:
    """A text a Multipli Cat's card may print as its value: "a × b" (or "a×b") or a product."""
    parts = [p.strip() for p in text.split(TIMES)]
    if len(parts) == 2:
        return all(plain_number(p, 0, 12) for p in parts)
    return plain_number(text, 0, 144)


class MultiplicatsFaces:
    colour_codes = (TINTS,)  # the tables' grounds: kept apart in low ink (deckgen.render.ink.low_ink_code)
    valid_text = staticmethod(valid_text)

    def texts(self, card: Card) -> tuple[str, ...]:
        """The value as the card prints it: large first, then the corner index."""
        if card.kind == MULTIPLICATION:
            return (mult_text(card["a"], card["b"]), f"{card['a']}{TIMES}{card['b']}")
        if card.kind == PRODUCT:
            return (str(card["value"]),)
        return ()

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        if card.kind == MULTIPLICATION:
            self._multiplication(pen, card, frame)
        elif card.kind == PRODUCT:
            self._product(pen, card, frame)
        else:
            self._special(pen, card, frame)

    # ------------------------------------------------------------ number cards

    def _frame_lines(self, pen: Pen, f: Frame, double: bool) -> None:
        m = f.safe + 0.25 * f.unit  # the line's outer edge on the safe line
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=INK, width=0.5 * f.unit, radius=2.5 * f.unit)
        if double:
            m2 = m + 1.4 * f.unit
            pen.rect(m2, m2, f.width - 2 * m2, f.height - 2 * m2, stroke=INK, width=0.25 * f.unit, radius=2.0 * f.unit)

    def _corners(self, pen: Pen, f: Frame, text: str, size: float) -> None:
        s = f.safe + 2.4 * f.unit  # clear of the frame lines and their rounded corners
        base = s + size * 0.353 * 0.85
        pen.text(s, base, text, size, bold=True, color=INK)
        pen.text(f.width - s, f.height - base, text, size, bold=True, color=INK, angle=180)
        if confusable(text, valid_text):
            underline(pen, s, base, text, size, align="left", color=INK)
            underline(pen, f.width - s, f.height - base, text, size, align="left", color=INK, angle=180)

    def _value(self, pen: Pen, f: Frame, text: str, size: float) -> None:
        """The value, large and centred, with a bar under it if it reads as another value upside down."""
        base = f.cy + size * 0.353 * 0.36
        pen.text(f.cx, base, text, size, align="center", bold=True, color=INK)
        if confusable(text, valid_text):
            underline(pen, f.cx, base, text, size, color=INK)

    def _multiplication(self, pen: Pen, card: Card, f: Frame) -> None:
        a, b = card["a"], card["b"]
        background(pen, f, TABLE_TINT.get(a, "#eeeeee"))
        inner = f.safe
        pen.rect(inner, inner, f.width - 2 * inner, f.height - 2 * inner, fill="#ffffff", radius=2.5 * f.unit)
        self._frame_lines(pen, f, double=False)
        text = mult_text(a, b)
        self._value(pen, f, text, fit_size(text, f.width - 2 * f.safe - 6 * f.unit, 30 * f.unit, bold=True))
        self._corners(pen, f, f"{a}{TIMES}{b}", 9 * f.unit)
        paw(pen, f.cx, f.height - f.safe - 9 * f.unit, 3.2 * f.unit, ACCENT)
        paw(pen, f.cx, f.safe + 9 * f.unit, 3.2 * f.unit, ACCENT, flip=True)

    def _product(self, pen: Pen, card: Card, f: Frame) -> None:
        value = card["value"]
        background(pen, f, PRODUCT_GROUND)
        self._frame_lines(pen, f, double=True)
        size = fit_size(str(value), 25 * f.unit, 40 * f.unit, bold=True)
        pen.ellipse(f.cx, f.cy, 15 * f.unit, 15 * f.unit, fill="#ffffff", stroke=ACCENT, width=0.6 * f.unit)
        self._value(pen, f, str(value), size)
        self._corners(pen, f, str(value), 10 * f.unit)
        # The multiplications along the rising diagonal (bottom-left to top-right), which the corner
        # indexes (top-left, bottom-right) never touch: the first half beyond the circle towards the
        # top-right, the rest towards the bottom-left, one multiplication per line, lines stacked
        # across the diagonal.
        pairs = [mult_text(a, b) for a, b in card["multiplications"]]
        first, rest = pairs[: (len(pairs) + 1) // 2], pairs[(len(pairs) + 1) // 2 :]
        diag = math.hypot(f.width, f.height)
        ux, uy = f.width / diag, -f.height / diag  # along the diagonal, up and to the right
        nx, ny = -uy, ux  # across it, towards the text's "down" side
        angle = math.degrees(math.atan2(f.height, f.width))
        size = 12 * f.unit
        leading = size * 0.353 * 1.5
        start = 18 * f.unit  # clear of the circle
        margin = f.safe + 2.8 * f.unit  # clear of the double frame
        for sign, group in ((1, first), (-1, rest)):
            if not group:
                continue
            half_band = len(group) * leading / 2
            reach = min(
                (f.width / 2 - margin - abs(nx) * half_band) / abs(ux),
                (f.height / 2 - margin - abs(ny) * half_band) / abs(uy),
            )
            fitted = min(fit_size(t, reach - start, size, bold=True) for t in group)
            width = max(text_width(t, fitted, bold=True) for t in group)
            mid = start + width / 2
            drop = fitted * 0.353 * 0.36  # half the height of digits: centres the line on its position
            for i, text in enumerate(group):
                offset = (i - (len(group) - 1) / 2) * leading + drop
                x = f.cx + sign * ux * mid + nx * offset
                y = f.cy + sign * uy * mid + ny * offset
                pen.text(x, y, text, fitted, align="center", bold=True, color=ACCENT, angle=angle)

    # ------------------------------------------------------------ specials

    def _special(self, pen: Pen, card: Card, f: Frame) -> None:
        key = card["special"]
        names = SPECIALS.get(key, {"es": str(key), "en": str(key)})
        background(pen, f, "#ffffff")
        band = 17 * f.unit
        b = f.bleed
        pen.rect(-b, -b, f.width + 2 * b, band + b, fill=SPECIAL_BAND)
        pen.rect(-b, f.height - band * 1.25, f.width + 2 * b, band * 1.25 + b, fill="#efe9f5")
        title = names["es"]
        size = fit_size(title, f.width - 2 * f.safe, 15 * f.unit, bold=True)
        pen.text(f.cx, band * 0.62, title, size, align="center", bold=True, color="#ffffff")
        if f.lang == "en":
            pen.text(f.cx, band * 0.92, names["en"], 8 * f.unit, align="center", color="#e8e0f0")
        ICONS.get(key, _icon_unknown)(pen, f.cx, f.cy - 2 * f.unit, 16 * f.unit)
        reminder = REMINDERS.get(key, {}).get(f.lang, "")
        paragraph(pen, f.cx, f.height - band * 1.25 + 5.5 * f.unit, reminder, 8.5 * f.unit, f.width - 2 * f.safe - 4 * f.unit, color=INK)
        m = f.safe + 0.25 * f.unit
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=INK, width=0.5 * f.unit, radius=2.5 * f.unit)

    # ------------------------------------------------------------ back

    def back(self, pen: Pen, f: Frame) -> None:
        background(pen, f, SPECIAL_BAND)
        # A lattice of small paws, then a medallion with the cat and the title. The paws keep clear
        # of the edge (misregistration_margin) so a back printed a little off shows no cut motif.
        step = 11 * f.unit
        r = 1.8 * f.unit
        keep = misregistration_margin(f) + 1.4 * r  # a paw reaches 1.3 r from its centre
        row = 0
        y = keep
        while y <= f.height - keep:
            x = keep + (step / 2 if row % 2 else 0.0)
            while x <= f.width - keep:
                paw(pen, x, y, r, "#55436a")
                x += step
            y += step * 0.9
            row += 1
        pen.ellipse(f.cx, f.cy, 24 * f.unit, 30 * f.unit, fill="#fff8e6", stroke="#ffffff", width=1.2 * f.unit)
        cat_face(pen, f.cx, f.cy - 6 * f.unit, 13 * f.unit)
        size = fit_size("Multipli Cat's", 44 * f.unit, 11 * f.unit, bold=True)
        pen.text(f.cx, f.cy + 17 * f.unit, "Multipli Cat's", size, align="center", bold=True, color=SPECIAL_BAND)


# ---------------------------------------------------------------- drawn icons


def paw(pen: Pen, x: float, y: float, r: float, color: str, flip: bool = False) -> None:
    d = -1 if flip else 1
    pen.ellipse(x, y + d * r * 0.35, r * 0.75, r * 0.6, fill=color)
    for dx, dy in ((-0.8, -0.55), (-0.28, -0.95), (0.28, -0.95), (0.8, -0.55)):
        pen.ellipse(x + dx * r, y + d * dy * r, r * 0.27, r * 0.32, fill=color)


def cat_face(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.polygon([(cx - r * 0.9, cy - r * 0.3), (cx - r * 0.75, cy - r * 1.15), (cx - r * 0.25, cy - r * 0.75)], fill=ACCENT)
    pen.polygon([(cx + r * 0.9, cy - r * 0.3), (cx + r * 0.75, cy - r * 1.15), (cx + r * 0.25, cy - r * 0.75)], fill=ACCENT)
    pen.ellipse(cx, cy, r, r * 0.85, fill=ACCENT)
    for sx in (-1, 1):
        pen.ellipse(cx + sx * r * 0.38, cy - r * 0.12, r * 0.16, r * 0.22, fill="#fff8e6")
        pen.ellipse(cx + sx * r * 0.38, cy - r * 0.1, r * 0.06, r * 0.16, fill=INK)
        for dy in (-0.05, 0.12):
            pen.polyline([(cx + sx * r * 0.25, cy + r * 0.3), (cx + sx * r * 1.25, cy + r * (0.22 + dy * 2))], stroke="#fff8e6", width=r * 0.03)
    pen.polygon([(cx - r * 0.12, cy + r * 0.18), (cx + r * 0.12, cy + r * 0.18), (cx, cy + r * 0.32)], fill="#f2a0a8")


def mouse(pen: Pen, cx: float, cy: float, r: float, color: str = "#8a8a8a", facing: int = 1) -> None:
    """A side-view mouse of body half-length ``r``, nose toward ``facing`` (+1 right, -1 left)."""
    tail = [(cx - facing * r * (0.9 + 0.35 * i), cy + r * 0.15 - r * 0.3 * math.sin(i * 1.3)) for i in range(5)]
    pen.polyline(tail, stroke=color, width=r * 0.08)
    pen.ellipse(cx, cy, r, r * 0.62, fill=color)
    pen.polygon([(cx + facing * r * 0.7, cy - r * 0.4), (cx + facing * r * 1.45, cy + r * 0.1), (cx + facing * r * 0.75, cy + r * 0.35)], fill=color)
    pen.ellipse(cx + facing * r * 0.55, cy - r * 0.55, r * 0.3, r * 0.3, fill=color)
    pen.ellipse(cx + facing * r * 0.55, cy - r * 0.55, r * 0.16, r * 0.16, fill="#f2a0a8")
    pen.ellipse(cx + facing * r * 1.02, cy - r * 0.08, r * 0.07, r * 0.07, fill=INK)
    pen.ellipse(cx + facing * r * 1.45, cy + r * 0.1, r * 0.08, r * 0.08, fill=INK)


def _icon_persecucion(pen: Pen, cx: float, cy: float, r: float) -> None:
    mouse(pen, cx - r * 0.35, cy - r * 0.45, r * 0.45)
    mouse(pen, cx + r * 0.3, cy + r * 0.35, r * 0.45, "#5f5f5f")
    for i in range(3):  # speed lines, clear of both tails
        y = cy - r * 0.05 + i * r * 0.3
        pen.polyline([(cx - r * 1.2, y), (cx - r * 0.88, y)], stroke=INK, width=r * 0.04)


def _icon_sin_salida(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.rect(cx - r * 0.05, cy - r * 0.1, r * 0.1, r * 1.1, fill="#6b6b6b")
    pen.rect(cx - r * 0.55, cy - r * 0.95, r * 1.1, r * 0.85, fill="#1f4e9c", stroke=INK, width=r * 0.03, radius=r * 0.1)
    pen.rect(cx - r * 0.15, cy - r * 0.65, r * 0.3, r * 0.45, fill="#ffffff")
    pen.rect(cx - r * 0.42, cy - r * 0.85, r * 0.84, r * 0.22, fill="#c8372d")
    # the arrow that turns back
    pts = arc_points(cx + r * 0.85, cy + r * 0.35, r * 0.32, r * 0.32, 180, 360 + 0, 16)
    pen.polyline(pts, stroke=INK, width=r * 0.07)
    x, y = pts[-1]
    pen.polygon([(x - r * 0.15, y), (x + r * 0.15, y), (x, y + r * 0.22)], fill=INK)


def _icon_magia(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.rect(cx - r * 0.55, cy - r * 0.3, r * 1.1, r * 0.95, fill=INK)
    pen.rect(cx - r * 0.55, cy + r * 0.05, r * 1.1, r * 0.16, fill="#c8372d")
    pen.rect(cx - r * 0.85, cy + r * 0.62, r * 1.7, r * 0.16, fill=INK, radius=r * 0.06)
    pen.polygon(star(cx + r * 0.55, cy - r * 0.75, r * 0.32, r * 0.13), fill="#f2c12e", stroke=INK, width=r * 0.02)
    pen.polygon(star(cx - r * 0.35, cy - r * 0.95, r * 0.18, r * 0.08), fill="#f2c12e", stroke=INK, width=r * 0.02)
    pen.rect(cx - r * 0.12, cy - r * 0.85, r * 0.32, r * 0.45, fill="#ffffff", stroke=INK, width=r * 0.03)


def _icon_balancin(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.polygon([(cx, cy + r * 0.05), (cx - r * 0.3, cy + r * 0.6), (cx + r * 0.3, cy + r * 0.6)], fill="#6b6b6b")
    tilt = math.radians(14)
    dx, dy = math.cos(tilt) * r * 1.15, math.sin(tilt) * r * 1.15
    pen.polyline([(cx - dx, cy - dy + r * 0.05), (cx + dx, cy + dy + r * 0.05)], stroke=INK, width=r * 0.1)
    cat_face(pen, cx - dx * 0.8, cy - dy * 0.8 - r * 0.35, r * 0.28)
    cat_face(pen, cx + dx * 0.8, cy + dy * 0.8 - r * 0.35, r * 0.28)


def _icon_emboscada(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.polyline(arc_points(cx, cy + r * 0.5, r * 0.95, r * 0.9, 180, 360, 20), stroke="#9a9a9a", width=r * 0.04)
    mouse(pen, cx + r * 0.1, cy - r * 0.35, r * 0.5)
    pen.text(cx - r * 0.45, cy + r * 0.7, "!", 28 * r / 16, align="center", bold=True, color="#c8372d")


def _icon_regalo(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.rect(cx - r * 0.75, cy - r * 0.25, r * 1.5, r * 1.0, fill="#c8372d", stroke=INK, width=r * 0.03)
    pen.rect(cx - r * 0.85, cy - r * 0.5, r * 1.7, r * 0.3, fill="#e0554a", stroke=INK, width=r * 0.03)
    pen.rect(cx - r * 0.12, cy - r * 0.5, r * 0.24, r * 1.25, fill="#f2c12e")
    for sx in (-1, 1):
        pen.polygon([(cx, cy - r * 0.5), (cx + sx * r * 0.55, cy - r * 0.95), (cx + sx * r * 0.45, cy - r * 0.5)], fill="#f2c12e", stroke=INK, width=r * 0.02)


def _icon_unknown(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.polygon(regular_polygon(cx, cy, r * 0.7, 4), fill="#9a9a9a")


ICONS = {
    "persecucion": _icon_persecucion,
    "sin_salida": _icon_sin_salida,
    "magia": _icon_magia,
    "balancin": _icon_balancin,
    "emboscada": _icon_emboscada,
    "regalo": _icon_regalo,
}
