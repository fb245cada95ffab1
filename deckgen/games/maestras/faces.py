"""Card faces for Cartas Maestras: the central card, master cards, point cards, empty cards, the back.

Every colour comes with its own shape (deckgen.render.palette.SUITS) and its name printed on the
card, so the game works in greyscale and for colour-blind players: a point card's pips are drawn in
its colour's shape, and a master shows its shape large.
"""

from __future__ import annotations

import math

from deckgen.model import Card
from deckgen.render.faces import Frame, background
from deckgen.render.orientation import confusable, plain_number, underline
from deckgen.render.palette import INK, SUITS, Swatch, on_colour
from deckgen.render.pen import Pen, arc_points, badge, fit_size, paragraph, shape, star, text_width

from deckgen.games.maestras.deck import CENTRAL, COLOUR_NAMES, COLOURS, EMPTY, MASTER, PLAYERS

SWATCH: dict[str, Swatch] = dict(zip(COLOURS, SUITS))
# The colour's letter in its shape (for players who do not tell the colours apart) is the initial of
# its name in the cards' language. Spanish azul and amarillo share the A: amarillo takes its M.
LETTERS = {
    "es": {"blue": "A", "red": "R", "green": "V", "yellow": "M"},
    "en": {"blue": "B", "red": "R", "green": "G", "yellow": "Y"},
}


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def letter(colour: str, lang: str) -> str:
    """The letter printed in ``colour``'s shape on cards in ``lang``."""
    return LETTERS.get(lang, LETTERS["es"])[colour]
FEMININE = {"rojo": "roja", "amarillo": "amarilla"}
INDEX_BADGE_R = 4.6  # mm on a poker card: the corner badge's half-width, as _index places it
PIP_CLEAR = 1.0  # mm on a poker card: the least gap between a side pip and a corner index
# How far each shape reaches from its centre across, in radii (deckgen.render.pen.shape)
PIP_REACH = {"circle": 1.0, "square": 0.88, "triangle": 0.97, "diamond": 1.1}
CENTRAL_GROUND = "#f3eee2"
BACK_GROUND = "#24344d"
GOLD = "#c9a227"

WORDS = {
    "es": {"master": "MAESTRA", "empty": "VACÍA", "anything": "enlaza con cualquier carta",
           "resume": "la siguiente enlaza con la anterior", "out": "Se retira con", "players": "jugadores",
           "always": "se usa siempre", "central": "CARTA CENTRAL", "opens": "maestra"},
    "en": {"master": "MASTER", "empty": "EMPTY", "anything": "links to any card",
           "resume": "the next card links to the one before", "out": "Taken out with", "players": "players",
           "always": "always used", "central": "CENTRAL CARD", "opens": "master"},
}

# Pip positions for 1..10 points in a box (x in 0..1 across, y in 0..1 down), playing-card style.
PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
    5: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
    6: [(0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    7: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)],
    8: [(0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.5, 0.75), (0.0, 1.0), (1.0, 1.0)],
    9: [(0.0, 0.0), (1.0, 0.0), (0.0, 1 / 3), (1.0, 1 / 3), (0.5, 0.5), (0.0, 2 / 3), (1.0, 2 / 3), (0.0, 1.0), (1.0, 1.0)],
    10: [(0.0, 0.0), (1.0, 0.0), (0.5, 1 / 6), (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3), (1.0, 2 / 3), (0.5, 5 / 6), (0.0, 1.0), (1.0, 1.0)],
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["es"])


def colour_name(colour: str, lang: str) -> str:
    return COLOUR_NAMES[colour].get(lang, colour)


def master_colour_name(colour: str, lang: str) -> str:
    """The colour as it reads after "maestra" (Spanish adjectives agree: maestra roja, amarilla)."""
    name = colour_name(colour, lang)
    return FEMININE.get(name, name) if lang == "es" else name


def valid_text(text: str) -> bool:
    """Points a Cartas Maestras card may carry."""
    return plain_number(text, 1, 10)


class MaestrasFaces:
    valid_text = staticmethod(valid_text)
    suits = {colour: (sw.fill, letter(colour, "es")) for colour, sw in SWATCH.items()}  # colour -> (fill, letter), es cards

    def texts(self, card: Card) -> tuple[str, ...]:
        return (str(card["points"]),) if card.kind not in (CENTRAL, MASTER, EMPTY) else ()

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        if card.kind == CENTRAL:
            self._central(pen, frame)
        elif card.kind == MASTER:
            self._master(pen, card, frame)
        elif card.kind == EMPTY:
            self._empty(pen, card, frame)
        else:
            self._points(pen, card, frame)

    # ------------------------------------------------------------ shared pieces

    def _border(self, pen: Pen, f: Frame, colour: str = INK) -> None:
        m = f.safe + 0.25 * f.unit
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=colour, width=0.5 * f.unit, radius=2.5 * f.unit)

    def _index_reach(self, f: Frame, text: str, size: float) -> float:
        """How far from the card's left edge the top-left corner index (number and badge) reaches,
        in mm; the turned index bottom-right reaches as far from the right edge."""
        return f.safe + 1.5 * f.unit + 5.5 * f.unit + max(INDEX_BADGE_R * f.unit, text_width(text, size, bold=True) / 2)

    def _index(self, pen: Pen, f: Frame, text: str, sw: Swatch, size: float) -> None:
        """A corner index (number over the colour's shape) top-left, and turned 180° bottom-right."""
        s = f.safe + 1.5 * f.unit
        cap = size * 0.353 * 0.73
        r = INDEX_BADGE_R * f.unit
        mark = confusable(text, valid_text)
        for turn in (False, True):
            if not turn:
                x, y = s + 5.5 * f.unit, s + cap
                pen.text(x, y, text, size, align="center", bold=True, color=INK)
                if mark:
                    underline(pen, x, y, text, size, color=INK)
                badge(pen, sw.shape, x, y + 2.6 * f.unit + r, letter(sw.name, f.lang), sw.fill, letter_colour=on_colour(sw.fill), scale=f.unit)
            else:
                x, y = f.width - s - 5.5 * f.unit, f.height - s - cap
                pen.text(x, y, text, size, align="center", bold=True, color=INK, angle=180)
                if mark:
                    underline(pen, x, y, text, size, color=INK, angle=180)
                badge(pen, sw.shape, x, y - 2.6 * f.unit - r, letter(sw.name, f.lang), sw.fill, letter_colour=on_colour(sw.fill), scale=f.unit, angle=180)

    # ------------------------------------------------------------ point cards

    def _points(self, pen: Pen, card: Card, f: Frame) -> None:
        sw = SWATCH[card["colour"]]
        n = int(card["points"])
        background(pen, f, sw.light)
        m = f.safe
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, fill="#ffffff", radius=2.5 * f.unit)
        self._border(pen, f)
        size = 24 * f.unit
        self._index(pen, f, str(n), sw, size)
        # the pips: n shapes of the colour, in a box whose side columns keep clear of the corner
        # indices (number over badge, which reach down past the first row of pips)
        pips = PIPS.get(n, _grid_pips(n))
        box_w, box_h = f.width - 36 * f.unit, f.height - 46 * f.unit
        rows = 4 if n <= 8 else 5
        r = min(4.9 * f.unit, box_h / rows / 2.1, box_w / 3.2)
        if any(px != 0.5 for px, _ in pips):
            clear = self._index_reach(f, str(n), size) + PIP_CLEAR * f.unit  # where a side pip may begin
            reach = PIP_REACH.get(sw.shape, 1.15)
            r = min(r, (f.width - 2 * clear) / (3.2 + 2 * reach))
            box_w = min(box_w, f.width - 2 * (clear + reach * r))
        x0, y0 = (f.width - box_w) / 2, (f.height - box_h) / 2
        if n == 1:
            r *= 1.9
        for px, py in pips:
            shape(pen, sw.shape, x0 + px * box_w, y0 + py * box_h, r, fill=sw.fill, stroke=INK, width=0.3 * f.unit)
        label = colour_name(card["colour"], f.lang)
        pen.text(f.cx, f.height - f.safe - 3.0 * f.unit, label, 9 * f.unit, align="center", bold=True, color=INK)
        pen.text(f.cx, f.safe + 3.0 * f.unit, label, 9 * f.unit, align="center", bold=True, color=INK, angle=180)

    # ------------------------------------------------------------ masters

    def _master(self, pen: Pen, card: Card, f: Frame) -> None:
        sw = SWATCH[card["colour"]]
        ink = on_colour(sw.fill)
        background(pen, f, sw.fill)
        m = f.safe + 0.2 * f.unit
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, stroke=ink, width=0.35 * f.unit, radius=2.0 * f.unit)
        # medallion with the colour's shape, a crown above it
        r = 17 * f.unit
        pen.ellipse(f.cx, f.cy + 2 * f.unit, r, r, fill="#ffffff", stroke=INK, width=0.6 * f.unit)
        shape(pen, sw.shape, f.cx, f.cy + 2 * f.unit, r * 0.62, fill=sw.fill, stroke=INK, width=0.5 * f.unit)
        size = 22 * f.unit  # the colour's letter in its shape, for colour-blind players
        dy = size * 0.353 * 0.36 + (r * 0.62 * 0.2 if sw.shape == "triangle" else 0.0)
        pen.text(f.cx, f.cy + 2 * f.unit + dy, letter(sw.name, f.lang), size, align="center", bold=True, color=on_colour(sw.fill))
        crown(pen, f.cx, f.cy - r - 5.5 * f.unit, 9 * f.unit, GOLD)
        w = words(f.lang)
        title = w["master"]
        size = fit_size(title, f.width - 2 * f.safe - 4 * f.unit, 15 * f.unit, bold=True)
        pen.text(f.cx, f.height - f.safe - 8.5 * f.unit, title, size, align="center", bold=True, color=ink)
        label = master_colour_name(card["colour"], f.lang).upper()
        pen.text(f.cx, f.height - f.safe - 2.6 * f.unit, label, 8.5 * f.unit, align="center", bold=True, color=ink)
        for x, y in ((f.safe + 4.5 * f.unit, f.safe + 4.5 * f.unit), (f.width - f.safe - 4.5 * f.unit, f.safe + 4.5 * f.unit)):
            pen.ellipse(x, y, 3.6 * f.unit, 3.6 * f.unit, fill="#ffffff", stroke=INK, width=0.25 * f.unit)
            shape(pen, sw.shape, x, y, 2.3 * f.unit, fill=sw.fill, stroke=INK, width=0.2 * f.unit)

    # ------------------------------------------------------------ empty cards

    def _empty(self, pen: Pen, card: Card, f: Frame) -> None:
        background(pen, f, "#ffffff")
        w = words(f.lang)
        m = max(f.safe * 0.6 + 1.5 * f.unit, f.safe + 0.3 * f.unit)  # the dashes' outer edge inside the safe area
        dashed_rect(pen, m, m, f.width - 2 * m, f.height - 2 * m, 3.0 * f.unit, 0.45 * f.unit, "#6b6b6b")
        self._border(pen, f)
        # a loop arrow: the path goes on from the card before
        cx, cy, r = f.cx, f.cy - 12 * f.unit, 10 * f.unit
        pts = arc_points(cx, cy, r, r, -60, 230, 30)
        pen.polyline(pts, stroke=INK, width=1.3 * f.unit)
        (x1, y1), (x2, y2) = pts[-2], pts[-1]
        a = math.atan2(y2 - y1, x2 - x1)
        tip = (x2 + math.cos(a) * 2.5 * f.unit, y2 + math.sin(a) * 2.5 * f.unit)
        left = (x2 + math.cos(a + 2.3) * 3 * f.unit, y2 + math.sin(a + 2.3) * 3 * f.unit)
        right = (x2 + math.cos(a - 2.3) * 3 * f.unit, y2 + math.sin(a - 2.3) * 3 * f.unit)
        pen.polygon([tip, left, right], fill=INK)
        size = fit_size(w["empty"], f.width - 2 * f.safe - 6 * f.unit, 16 * f.unit, bold=True)
        pen.text(f.cx, f.cy + 9 * f.unit, w["empty"], size, align="center", bold=True, color=INK)
        room = f.width - 2 * f.safe - 6 * f.unit
        # two sentences, each with its capital ("…cualquier carta. La siguiente…")
        y = paragraph(pen, f.cx, f.cy + 15 * f.unit, sentence(w["anything"]), 8.5 * f.unit, room, color=INK)
        paragraph(pen, f.cx, y + 4.2 * f.unit, sentence(w["resume"]), 8.5 * f.unit, room, color=INK)
        out = list(card.get("remove_for", []))
        y = f.height - f.safe - 15 * f.unit
        if not out:
            pen.text(f.cx, y + 6 * f.unit, w["always"], 8.5 * f.unit, align="center", bold=True, color=INK)
            return
        pen.text(f.cx, y, f"{w['out']}:", 8.5 * f.unit, align="center", bold=True, color=INK)
        player_marks(pen, f.cx, y + 5.5 * f.unit, out, 2.6 * f.unit)
        pen.text(f.cx, y + 11.5 * f.unit, w["players"], 8 * f.unit, align="center", color=INK)

    # ------------------------------------------------------------ central card

    def _central(self, pen: Pen, f: Frame) -> None:
        background(pen, f, CENTRAL_GROUND)
        self._border(pen, f)
        w = words(f.lang)
        u = f.unit
        # an arrow and a crown at each side: a master opens a path there
        inset = f.safe + 1.5 * u
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            tip = (f.cx + dx * (f.width / 2 - inset), f.cy + dy * (f.height / 2 - inset))
            tail = (tip[0] - dx * 8 * u, tip[1] - dy * 8 * u)
            pen.polyline([tail, (tip[0] - dx * 2 * u, tip[1] - dy * 2 * u)], stroke=INK, width=0.8 * u)
            px, py = -dy, dx
            base = (tip[0] - dx * 3 * u, tip[1] - dy * 3 * u)
            pen.polygon([tip, (base[0] + px * 2.2 * u, base[1] + py * 2.2 * u), (base[0] - px * 2.2 * u, base[1] - py * 2.2 * u)], fill=INK)
            mid = ((tip[0] + tail[0]) / 2, (tip[1] + tail[1]) / 2)
            if dx:
                crown(pen, mid[0], mid[1] - 4.5 * u, 5 * u, GOLD)
            else:
                crown(pen, mid[0] + 6 * u, mid[1], 5 * u, GOLD)
        # the four colours round a star
        for k, sw in enumerate(SUITS):
            a = math.radians(45 + 90 * k)
            shape(pen, sw.shape, f.cx + math.cos(a) * 8.5 * u, f.cy + math.sin(a) * 8.5 * u, 3.4 * u, fill=sw.fill, stroke=INK, width=0.3 * u)
        pen.polygon(star(f.cx, f.cy, 5 * u, 2.2 * u), fill=GOLD, stroke=INK, width=0.3 * u)
        title = w["central"]
        size = fit_size(title, f.width - 2 * f.safe - 6 * u, 8.5 * u, bold=True)
        pen.text(f.cx, f.cy - 21 * u, title, size, align="center", bold=True, color=INK)
        name = "Cartas Maestras"
        pen.text(f.cx, f.cy + 25 * u, name, 9 * u, align="center", color=INK)

    # ------------------------------------------------------------ back

    def back(self, pen: Pen, f: Frame) -> None:
        background(pen, f, BACK_GROUND)  # no frame: a back printed off its front shows no uneven border
        u = f.unit
        # a little cross of cards: the central card and four paths
        cw, ch = 8 * u, 11 * u
        gap = 12.5 * u
        for dx, dy, sw in ((0, 0, None), (0, -1, SUITS[0]), (1, 0, SUITS[1]), (0, 1, SUITS[2]), (-1, 0, SUITS[3])):
            x, y = f.cx + dx * gap, f.cy - 6 * u + dy * gap
            pen.rect(x - cw / 2, y - ch / 2, cw, ch, fill="#ffffff" if sw is None else sw.fill, stroke="#ffffff", width=0.4 * u, radius=1 * u)
            if sw is None:
                pen.polygon(star(x, y, 3 * u, 1.3 * u), fill=GOLD)
            else:
                shape(pen, sw.shape, x, y, 2.4 * u, fill="#ffffff", stroke=INK, width=0.2 * u)
        crown(pen, f.cx, f.cy - 30 * u, 8 * u, GOLD)
        size = fit_size("Cartas Maestras", f.width - 2 * f.safe - 6 * u, 11 * u, bold=True)
        pen.text(f.cx, f.cy + 22 * u, "Cartas Maestras", size, align="center", bold=True, color="#ffffff")


# ---------------------------------------------------------------- drawn pieces


def crown(pen: Pen, cx: float, cy: float, w: float, colour: str) -> None:
    """A crown ``w`` wide centred on (cx, cy)."""
    h = w * 0.62
    x0, x1, yb, yt = cx - w / 2, cx + w / 2, cy + h / 2, cy - h / 2
    pts = [(x0, yb), (x0, yt + h * 0.15), (cx - w * 0.25, cy), (cx, yt), (cx + w * 0.25, cy), (x1, yt + h * 0.15), (x1, yb)]
    pen.polygon(pts, fill=colour, stroke=INK, width=w * 0.04)
    for x, y in ((x0, yt + h * 0.15), (cx, yt), (x1, yt + h * 0.15)):
        pen.ellipse(x, y, w * 0.07, w * 0.07, fill=colour, stroke=INK, width=w * 0.03)


def dashed_rect(pen: Pen, x: float, y: float, w: float, h: float, dash: float, width: float, colour: str) -> None:
    for (ax, ay), (bx, by) in (((x, y), (x + w, y)), ((x + w, y), (x + w, y + h)), ((x + w, y + h), (x, y + h)), ((x, y + h), (x, y))):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length / (2 * dash)))
        step = length / n
        ux, uy = (bx - ax) / length, (by - ay) / length
        for k in range(n):
            s = k * step + step / 4
            pen.polyline([(ax + ux * s, ay + uy * s), (ax + ux * (s + step / 2), ay + uy * (s + step / 2))], stroke=colour, width=width)


def player_marks(pen: Pen, cx: float, cy: float, out: list[int], r: float) -> None:
    """A row of circles for 2..8 players: filled dark (white number) for the counts in ``out``."""
    counts = list(range(PLAYERS[0], PLAYERS[1] + 1))
    step = 2.45 * r
    x0 = cx - step * (len(counts) - 1) / 2
    for k, n in enumerate(counts):
        x = x0 + k * step
        taken = n in out
        pen.ellipse(x, cy, r, r, fill=INK if taken else "#ffffff", stroke=INK, width=r * 0.12)
        pen.text(x, cy + r * 0.45, str(n), r * 3.3, align="center", bold=True, color="#ffffff" if taken else "#9a9a9a")


def _grid_pips(n: int) -> list[tuple[float, float]]:
    rows = math.ceil(n / 2)
    return [(float(k % 2), (k // 2) / max(1, rows - 1)) for k in range(n)]
