"""Card faces for MGC: monomial cards, the six black action cards, and the back.

A monomial is printed as a learner writes it: a coefficient 1 and an exponent 1 are not written, a
negative coefficient carries a real minus sign, and exponents are drawn raised and smaller
(``deckgen.render.pen.draw_runs``), never with look-alike superscript characters. Colour carries no
rule information on its own: a monomial card's pale oval is tinted by its degree, and two quiet rows
of marks let a child sort a hand at a glance, squares above the oval for the degree and dots below it
for the coefficient (hollow dots for a negative one). The optional learning aid (``--hints``) prints
the coefficient and degree in two corners. Everything is dark ink on a pale ground, or white on
black for the action cards, so it reads the same in greyscale.
"""

from __future__ import annotations

import math
from typing import Sequence

from deckgen.model import Card
from deckgen.render.faces import Frame, background
from deckgen.render.palette import INK
from deckgen.render.orientation import confusable, plain_number, underline
from deckgen.render.pen import Pen, Run, arc_points, draw_runs, fit_size, paragraph, runs_width, shape, text_width, wrap

from deckgen.games.mgc import algebra
from deckgen.games.mgc.deck import ACTION, ACTIONS, MONOMIAL

ACCENT = "#1f5f8b"  # the monomial cards' frame: a mid blue that prints as a mid grey
CENTER = "#eaf2f8"  # the pale oval behind the monomial
BLACK = "#111111"
WHITE = "#ffffff"
BACK_GROUND = "#16324f"
DEFAULT_VARIABLES = ("x", "y", "z")
# The oval's tint by degree (0, 1, 2, ...; beyond the last, the last): pale, so low ink keeps them.
# One ground per degree 0-9, every pair CIEDE2000 >= 14 apart to normal vision and >= 8.5 to a
# deuteranope or protanope (tests/cards/test_tint_distances.py); the squares still count the degree.
DEGREE_TINTS = ("#afecfe", "#dafb75", "#eaa780", "#81fde7", "#d79595", "#e6d6b1", "#70b8e7", "#d19d3e", "#b6ccbd", "#bbb3bf")

HINT_WORDS = {"es": ("coef.", "grado"), "en": ("coef.", "degree")}

REMINDERS = {
    "toma_dos": {
        "es": "El jugador siguiente roba 2 cartas y no juega en ese turno.",
        "en": "The next player draws 2 cards and plays nothing that turn.",
    },
    "retorno": {
        "es": "El juego cambia de sentido.",
        "en": "Play turns the other way round.",
    },
    "intermision": {
        "es": "El jugador siguiente se queda sin turno.",
        "en": "The next player loses the turn.",
    },
    "eleccion_coeficiente": {
        "es": "Di qué coeficiente hay que seguir.",
        "en": "Say which coefficient must follow.",
    },
    "eleccion_grado": {
        "es": "Di qué grado hay que seguir.",
        "en": "Say which degree must follow.",
    },
    "toma_cuatro": {
        "es": "El jugador siguiente roba 4 cartas y no juega en ese turno.",
        "en": "The next player draws 4 cards and plays nothing that turn.",
    },
}
ANY_CARD = {"es": "Se juega sobre cualquier carta.", "en": "Goes on any card."}
# How far each action card's small corner icon (drawn 6 u from the safe line, 5 u in radius) reaches
# across from the safe line, in u (read back from a poker card); an unknown action's, the widest.
CORNER_ICON_REACH = {"toma_dos": 9.7, "retorno": 11.1, "intermision": 10.7, "eleccion_coeficiente": 6.6,
                     "eleccion_grado": 9.5, "toma_cuatro": 11.3}


def monomial_runs(card: Card, variables: Sequence[str]) -> list[Run]:
    """The printed form of a monomial card, read back from its text by sympy (over the deck's
    variables, or the card's own letters for a hand-written card)."""
    read = algebra.read(str(card["monomial"]), tuple(variables) or DEFAULT_VARIABLES)
    if read is None:  # not a monomial (the deck checks say so): print the text as it is
        return [Run(str(card["monomial"]))]
    coefficient, _, exponents, names = read
    return algebra.runs(coefficient, exponents, names)


def turning_coefficient(runs: Sequence[Run]) -> str:
    """The printed coefficient when its digits turned 180° read as another number (6 and 9, 16 and
    91...), else "": that coefficient is underlined, as the other games underline their 6 and 9."""
    if not runs or runs[0].sup:
        return ""
    lead = runs[0].text
    digits = lead.replace(algebra.MINUS, "")
    return lead if digits and confusable(digits, lambda t: plain_number(t, 1)) else ""


def degree_tint(degree: int) -> str:
    return DEGREE_TINTS[min(max(0, int(degree)), len(DEGREE_TINTS) - 1)]


def monomial_text(card: Card, variables: Sequence[str]) -> str:
    """The monomial as the card prints it, exponents inline ("3x2y"), as a PDF reader reads it back."""
    return "".join(r.text for r in monomial_runs(card, variables))


class MgcFaces:
    colour_codes = (DEGREE_TINTS,)  # the degrees' grounds: kept apart in low ink

    def underlined_texts(self, card: Card) -> tuple[str, ...]:
        """What the card underlines: a coefficient that reads as another number upside down."""
        if card.kind != MONOMIAL:
            return ()
        lead = turning_coefficient(monomial_runs(card, DEFAULT_VARIABLES))
        return (lead,) if lead else ()

    def texts(self, card: Card) -> tuple[str, ...]:
        if card.kind != MONOMIAL:
            return ()
        return (monomial_text(card, DEFAULT_VARIABLES),)

    def valid_text(self, text: str) -> bool:
        """Monomials print letters, which do not turn into another monomial; a constant would."""
        t = text.replace(algebra.MINUS, "")
        return t.isdigit() and not (len(t) > 1 and t[0] == "0")

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        if card.kind == MONOMIAL:
            self._monomial(pen, card, frame)
        elif card.kind == ACTION:
            self._action(pen, card, frame)
        else:  # pragma: no cover - the deck checks refuse unknown kinds
            background(pen, frame, WHITE)
            pen.text(frame.cx, frame.cy, card.kind, 10, align="center", color=INK)

    # ------------------------------------------------------------ monomial cards

    def _monomial(self, pen: Pen, card: Card, f: Frame) -> None:
        variables = tuple(f.options.get("variables") or DEFAULT_VARIABLES)
        runs = monomial_runs(card, variables)
        u = f.unit
        background(pen, f, WHITE)
        m = f.safe + 0.6 * u
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=ACCENT, width=1.2 * u, radius=3.0 * u)
        # the pale oval, tilted like a card game's, tinted by the degree, holding the monomial
        oval = _ellipse_points(f.cx, f.cy, f.width * 0.42, f.height * 0.22, -20.0)
        pen.polygon(oval, fill=degree_tint(card.get("degree", 0)), stroke=ACCENT, width=0.5 * u)
        room = f.width * 0.70
        size = min(46 * u, 46 * u * room / max(1e-6, runs_width(runs, 46 * u, bold=True)))
        baseline = f.cy + _cap(size) * 0.5
        draw_runs(pen, f.cx, baseline, runs, size, bold=True, color=INK)
        cue = turning_coefficient(runs)
        if cue:  # "6z" upside down reads "z9": the coefficient gets the bar the other games' 6 and 9 have
            underline(pen, f.cx - runs_width(runs, size, bold=True) / 2, baseline, cue, size, align="left", color=INK)
        self._cues(pen, card, f)
        # the index in two opposite corners, readable in a fanned hand (exponents stay 6 pt or more)
        index = max(10 * u, min(13 * u, 13 * u * (f.width * 0.5) / max(1e-6, runs_width(runs, 13 * u, bold=True))))
        s = f.safe + 2.8 * u  # clear of the frame and its rounded corner
        draw_runs(pen, s, s + _cap(index) * 1.25, runs, index, align="left", bold=True, color=INK)
        draw_runs(pen, f.width - s, f.height - s - _cap(index) * 1.25, runs, index, align="left", bold=True, color=INK, angle=180)
        if cue:
            underline(pen, s, s + _cap(index) * 1.25, cue, index, align="left", color=INK)
            underline(pen, f.width - s, f.height - s - _cap(index) * 1.25, cue, index, align="left", color=INK, angle=180)
        if f.options.get("hints"):
            self._hints(pen, card, f)

    def _cues(self, pen: Pen, card: Card, f: Frame) -> None:
        """Squares above the oval, one per degree; dots below it, one per unit of the coefficient
        (hollow when it is negative). Past 9 a number replaces the marks."""
        u = f.unit
        r, step = 1.25 * u, 3.4 * u
        for value, y, kind in ((int(card.get("degree", 0)), f.cy - f.height * 0.29, "square"),
                               (int(card.get("coefficient", 0)), f.cy + f.height * 0.29, "circle")):
            n = abs(value)
            filled = value >= 0
            if n > 9:
                pen.text(f.cx, y + _cap(9 * u) / 2, str(value).replace("-", algebra.MINUS), 9 * u, align="center", bold=True, color=ACCENT)
                continue
            x0 = f.cx - step * (n - 1) / 2
            for i in range(n):
                shape(pen, kind, x0 + i * step, y, r, fill=ACCENT if filled else WHITE, stroke=ACCENT, width=0.35 * u)

    def _hints(self, pen: Pen, card: Card, f: Frame) -> None:
        """The learning aid: coefficient and degree in the two free corners."""
        u = f.unit
        words = HINT_WORDS.get(f.lang, HINT_WORDS["es"])
        coefficient = str(card["coefficient"]).replace("-", algebra.MINUS)
        lines = (f"{words[0]} {coefficient}", f"{words[1]} {card['degree']}")
        size = 8 * u
        w = max(text_width(t, size, bold=True) for t in lines) + 2.4 * u
        h = 2 * size * 0.353 * 1.25 + 1.6 * u
        x0, y0 = f.width - f.safe - 1.0 * u - w, f.safe + 1.0 * u
        pen.rect(x0, y0, w, h, fill=WHITE, stroke=ACCENT, width=0.4 * u, radius=1.2 * u)
        for i, t in enumerate(lines):
            pen.text(x0 + w / 2, y0 + 0.8 * u + (i + 0.85) * size * 0.353 * 1.25, t, size, align="center", bold=True, color=INK)
        # the same box, upside down, in the opposite corner
        x1, y1 = f.safe + 1.0 * u, f.height - f.safe - 1.0 * u - h
        pen.rect(x1, y1, w, h, fill=WHITE, stroke=ACCENT, width=0.4 * u, radius=1.2 * u)
        for i, t in enumerate(lines):
            pen.text(x1 + w / 2, y1 + h - 0.8 * u - (i + 0.85) * size * 0.353 * 1.25, t, size, align="center", bold=True, color=INK, angle=180)

    # ------------------------------------------------------------ action cards

    def _action(self, pen: Pen, card: Card, f: Frame) -> None:
        if f.ink == "low":  # black on white instead of white on black: the same card, little ink
            pen = InvertedPen(pen)
        key = str(card["action"])
        names = ACTIONS.get(key, {"es": key, "en": key})
        u = f.unit
        background(pen, f, BLACK)
        m = f.safe + 0.25 * u
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=WHITE, width=0.5 * u, radius=3.0 * u)
        title = names["es"]
        top = f.safe + 3 * u
        # the title, centred, keeps clear of the small icon in the top-left corner (drawn below):
        # on a small card (mini) the safe line does not shrink with the card, and Toma cuatro's
        # title ran into its icon
        reach = CORNER_ICON_REACH.get(key, max(CORNER_ICON_REACH.values()))
        room = min(f.width - 2 * f.safe - 16 * u, f.width - 2 * (f.safe + (reach + 0.9) * u))
        words = title.split(" ", 1) if text_width(title, 13 * u, bold=True) > room else [title]
        size = min(fit_size(w, room, 13 * u, bold=True) for w in words)
        for i, w in enumerate(words):
            pen.text(f.cx, top + _cap(size) + i * size * 0.353 * 1.2, w, size, align="center", bold=True, color=WHITE)
        y_after = top + _cap(size) + (len(words) - 1) * size * 0.353 * 1.2
        if f.lang == "en":
            pen.text(f.cx, y_after + 4.5 * u, names["en"], fit_size(names["en"], f.width - 2 * f.safe - 4 * u, 8.5 * u, min_size=8 * u), align="center", color="#d8d8d8")
        ICONS.get(key, _icon_unknown)(pen, f.cx, f.cy + 2 * u, 15 * u)
        reminder = REMINDERS.get(key, {}).get(f.lang, "")
        rule = ANY_CARD.get(f.lang, ANY_CARD["es"])
        # the reminder and the rule end above the small corner icon (its top is 11.5 u above the
        # safe line; descenders and a clear gap need 1.5 u more): the last line never runs into it
        width = f.width - 2 * f.safe - 4 * u
        step_reminder, step_rule = 8.5 * u * 1.2 * 25.4 / 72.0, 8 * u * 1.2 * 25.4 / 72.0
        block = (len(wrap(reminder, 8.5 * u, width)) - 1) * step_reminder + 4.4 * u + (len(wrap(rule, 8 * u, width)) - 1) * step_rule
        y = min(f.height - f.safe - 19 * u, f.height - f.safe - 13 * u - block)
        y = paragraph(pen, f.cx, y, reminder, 8.5 * u, width, color=WHITE)
        paragraph(pen, f.cx, y + 4.4 * u, rule, 8 * u, width, color="#d0d0d0")
        # small icons in two opposite corners, for a fanned hand
        ICONS.get(key, _icon_unknown)(pen, f.safe + 6 * u, f.safe + 6.5 * u, 5 * u)
        ICONS.get(key, _icon_unknown)(pen, f.width - f.safe - 6 * u, f.height - f.safe - 6.5 * u, 5 * u)

    # ------------------------------------------------------------ back

    def back(self, pen: Pen, f: Frame) -> None:
        u = f.unit
        background(pen, f, BACK_GROUND)
        pen.ellipse(f.cx, f.cy, 24 * u, 31 * u, fill="#f4f8fb", stroke=WHITE, width=1.2 * u)
        pen.ellipse(f.cx, f.cy, 21.5 * u, 28.5 * u, stroke=BACK_GROUND, width=0.5 * u)
        size = fit_size("MGC", 36 * u, 20 * u, bold=True)
        pen.text(f.cx, f.cy - 4 * u, "MGC", size, align="center", bold=True, color=BACK_GROUND)
        draw_runs(pen, f.cx, f.cy + 9 * u, [Run("a"), Run("x"), Run("n", sup=True)], 14 * u, bold=True, color=ACCENT)
        pen.text(f.cx, f.cy + 18 * u, "ÁLGEBRA", 8 * u, align="center", bold=True, color=BACK_GROUND)


# ---------------------------------------------------------------- drawing helpers


class InvertedPen:
    """A pen that swaps the action cards' black and white (and lightens their greys): for low ink."""

    SWAP = {BLACK: WHITE, WHITE: BLACK, "#d8d8d8": "#3a3a3a", "#d0d0d0": "#3a3a3a"}

    def __init__(self, pen: Pen) -> None:
        self.pen = pen

    def _c(self, colour: str | None) -> str | None:
        return self.SWAP.get(colour.lower(), colour) if colour else colour

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0) -> None:
        self.pen.rect(x, y, w, h, fill=self._c(fill), stroke=self._c(stroke), width=width, radius=radius)

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.25) -> None:
        self.pen.ellipse(cx, cy, rx, ry, fill=self._c(fill), stroke=self._c(stroke), width=width)

    def polygon(self, points, *, fill=None, stroke=None, width=0.25) -> None:
        self.pen.polygon(points, fill=self._c(fill), stroke=self._c(stroke), width=width)

    def polyline(self, points, *, stroke, width=0.25) -> None:
        self.pen.polyline(points, stroke=self._c(stroke), width=width)

    def image(self, path, x, y, w, h) -> None:
        self.pen.image(path, x, y, w, h)

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0) -> None:
        self.pen.text(x, y, s, size, align=align, bold=bold, color=self._c(color), angle=angle)


def _cap(size: float) -> float:
    """Cap height in mm of text of ``size`` points."""
    return 0.729 * size * 25.4 / 72.0


def _ellipse_points(cx: float, cy: float, rx: float, ry: float, tilt: float, steps: int = 72) -> list[tuple[float, float]]:
    a = math.radians(tilt)
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
    return pts


def _card_outline(pen: Pen, cx: float, cy: float, w: float, h: float, angle: float, width: float, fill: str) -> None:
    a = math.radians(angle)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    pts = [(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in corners]
    pen.polygon(pts, fill=fill, stroke=WHITE, width=width)


def _draw_cards_icon(pen: Pen, cx: float, cy: float, r: float, count: int) -> None:
    """A fan of ``count`` cards, the front one white with "+count" on it."""
    spread = 14.0 if count == 2 else 10.0
    w, h = r * 1.0, r * 1.4
    for i in range(count):
        angle = (i - (count - 1) / 2) * spread
        front = i == count - 1
        x = cx + (i - (count - 1) / 2) * r * 0.24
        _card_outline(pen, x, cy, w, h, angle, r * 0.06, WHITE if front else BLACK)
    label = f"+{count}"
    size = fit_size(label, w * 0.8, r * 1.3, bold=True, min_size=1.0)
    a = (count - 1) / 2 * spread
    pen.text(cx + (count - 1) / 2 * r * 0.24, cy + _cap(size) * 0.5, label, size, align="center", bold=True, color=BLACK, angle=-a)


def _icon_toma_dos(pen: Pen, cx: float, cy: float, r: float) -> None:
    _draw_cards_icon(pen, cx, cy, r, 2)


def _icon_toma_cuatro(pen: Pen, cx: float, cy: float, r: float) -> None:
    _draw_cards_icon(pen, cx, cy, r, 4)


def _arrow(pen: Pen, cx: float, cy: float, rr: float, start: float, end: float, width: float) -> None:
    pts = arc_points(cx, cy, rr, rr, start, end, 24)
    pen.polyline(pts, stroke=WHITE, width=width)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    head = width * 2.6
    pen.polygon(
        [(x1 + ux * head, y1 + uy * head), (x1 - uy * head * 0.8, y1 + ux * head * 0.8), (x1 + uy * head * 0.8, y1 - ux * head * 0.8)],
        fill=WHITE,
    )


def _icon_retorno(pen: Pen, cx: float, cy: float, r: float) -> None:
    w = r * 0.14
    _arrow(pen, cx, cy, r * 0.8, 200, 340, w)
    _arrow(pen, cx, cy, r * 0.8, 20, 160, w)


def _icon_intermision(pen: Pen, cx: float, cy: float, r: float) -> None:
    w = r * 0.16
    pen.ellipse(cx, cy, r * 0.85, r * 0.85, stroke=WHITE, width=w)
    d = r * 0.85 * math.cos(math.radians(45))
    pen.polyline([(cx - d, cy + d), (cx + d, cy - d)], stroke=WHITE, width=w)


def _slot(pen: Pen, x: float, y: float, s: float) -> None:
    """A white box with a question mark: the value the player names."""
    pen.rect(x, y, s, s, fill=WHITE, radius=s * 0.15)
    size = s * 2.0
    pen.text(x + s / 2, y + s / 2 + _cap(size) * 0.5, "?", size, align="center", bold=True, color=BLACK)


def _icon_eleccion_coeficiente(pen: Pen, cx: float, cy: float, r: float) -> None:
    s = r * 0.95
    size = r * 2.6
    xw = text_width("x", size, bold=True)
    total = s + r * 0.15 + xw
    x0 = cx - total / 2
    _slot(pen, x0, cy - s / 2, s)
    pen.text(x0 + s + r * 0.15, cy + _cap(size) * 0.5, "x", size, bold=True, color=WHITE)


def _icon_eleccion_grado(pen: Pen, cx: float, cy: float, r: float) -> None:
    s = r * 0.62
    size = r * 2.6
    xw = text_width("x", size, bold=True)
    total = xw + r * 0.16 + s
    x0 = cx - total / 2
    base = cy + _cap(size) * 0.5
    pen.text(x0, base, "x", size, bold=True, color=WHITE)
    _slot(pen, x0 + xw + r * 0.16, base - _cap(size) * 1.2, s)


def _icon_unknown(pen: Pen, cx: float, cy: float, r: float) -> None:
    pen.ellipse(cx, cy, r * 0.6, r * 0.6, fill="#777777")


ICONS = {
    "toma_dos": _icon_toma_dos,
    "retorno": _icon_retorno,
    "intermision": _icon_intermision,
    "eleccion_coeficiente": _icon_eleccion_coeficiente,
    "eleccion_grado": _icon_eleccion_grado,
    "toma_cuatro": _icon_toma_cuatro,
}
