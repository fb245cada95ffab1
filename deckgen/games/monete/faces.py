"""Card faces for Monete: number cards, the purple action cards, comodines, markers and the back.

Every colour also has a shape and a letter (drawn in the corners), so a deck printed in greyscale, or
read by a colour-blind player, keeps its colours apart. Number cards show their value as dots in
ten-frames too, for the youngest counters. Values 6 and 9 are underlined.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.model import Card
from deckgen.render.faces import Frame, background, misregistration_margin
from deckgen.render.orientation import confusable, plain_number, underline
from deckgen.render.palette import INK, on_colour
from deckgen.render.pen import Pen, badge, fit_size, paragraph, shape, text_width, wrap

from deckgen.games.monete.deck import ACTION, ACTIONS, COLOUR_NAMES, MARKER, NUMBER, WILD
from deckgen.games.monete.icons import ACTION_ICONS, leaf, monkey, straight_arrow, unknown_icon


@dataclass(frozen=True)
class Ink:
    """A card colour: its fill, a dark shade for numbers, a pale tint, its shape and its letter (the
    Spanish initial, the same on cards printed in any language)."""

    name: str
    fill: str
    dark: str
    light: str
    shape: str
    letter: str

    def letter_colour(self) -> str:
        return on_colour(self.fill)


# Grey levels (Rec. 601) 61, 102, 136 and 177: apart in greyscale; shapes and letters do the rest.
INKS: dict[str, Ink] = {
    "blue": Ink("blue", "#1c3f8a", "#1c3f8a", "#dbe3f4", "circle", "A"),
    "red": Ink("red", "#d03a2f", "#a32a21", "#f8dcd9", "triangle", "R"),
    "green": Ink("green", "#4fae5a", "#2c6e35", "#dcf0dd", "square", "V"),
    "orange": Ink("orange", "#f7a531", "#9c5a00", "#fdecd2", "diamond", "N"),
    "purple": Ink("purple", "#6a3d9a", "#55307d", "#ebe1f5", "hexagon", "M"),
}
MARKER_BAND = "#3a3a3a"
JUNGLE = "#2f6b3a"
JUNGLE_LEAF = "#3d8049"

REMINDERS = {
    "todos_mudos": {
        "es": "Silencio hasta el final de la ronda: quien hable roba una carta.",
        "en": "Silence until the round ends: whoever speaks draws a card.",
    },
    "te_la_cambio": {
        "es": "Toma sin mirar una carta de un rival y dale una tuya.",
        "en": "Take a rival's card without looking and give them one of yours.",
    },
    "numeros_mayores": {"es": "Pon el marcador de número en + (hacia arriba).", "en": "Turn the number marker to + (upward)."},
    "numeros_menores": {"es": "Pon el marcador de número en − (hacia abajo).", "en": "Turn the number marker to − (downward)."},
    "ladronzuelos": {
        "es": "Empezando por ti, cada uno toma sin mirar una carta del jugador de su izquierda.",
        "en": "Starting with you, everyone takes a card unseen from the player on their left.",
    },
    "cambio_sentido": {"es": "El turno cambia de dirección.", "en": "Turn order reverses."},
    "regalito": {"es": "Regala una de tus cartas a un rival.", "en": "Give one of your cards to a rival."},
    "toma_2": {"es": "Un rival que elijas roba 2 cartas del mazo.", "en": "A rival you choose draws 2 cards."},
    "toma_3": {"es": "Un rival que elijas roba 3 cartas del mazo.", "en": "A rival you choose draws 3 cards."},
    "repite_turno": {"es": "Juegas otro turno seguido.", "en": "Take another turn straight away."},
    "descarte": {
        "es": "Aparta una carta de tu mano y roba otra del mazo.",
        "en": "Put one card from your hand aside and draw another.",
    },
    "maldicion": {"es": "Cada rival roba una carta.", "en": "Every rival draws a card."},
    "espiar": {
        "es": "Mira la mano de un rival y cambia una carta tuya por una suya.",
        "en": "Look at a rival's hand and swap one of your cards for one of theirs.",
    },
}

MARKER_TEXT = {
    ("number", "+"): {"title": {"es": "Marcador de número", "en": "Number marker"}, "caption": {"es": "mayor o igual", "en": "higher or equal"}},
    ("number", "-"): {"title": {"es": "Marcador de número", "en": "Number marker"}, "caption": {"es": "menor o igual", "en": "lower or equal"}},
    ("colour", "same"): {"title": {"es": "Marcador de color", "en": "Colour marker"}, "caption": {"es": "mismo color", "en": "same colour"}},
    ("colour", "different"): {"title": {"es": "Marcador de color", "en": "Colour marker"}, "caption": {"es": "distinto color", "en": "different colour"}},
}
OTHER_SIDE = {("number", "+"): "-", ("number", "-"): "+", ("colour", "same"): "different", ("colour", "different"): "same"}
WILD_TEXT = {"es": ("Comodín", "el número y el color que digas"), "en": ("Wild", "any number and colour you call")}
PT = 0.3528  # mm per point


def colour_label(name: str, lang: str) -> str:
    """The colour's name with its letter, as the rulebook prints it: "azul (A)", "blue (A, azul)"."""
    if lang == "es":
        return f"{COLOUR_NAMES[name]['es']} ({INKS[name].letter})"
    return f"{COLOUR_NAMES[name][lang]} ({INKS[name].letter}, {COLOUR_NAMES[name]['es']})"


BADGE_R = 4.6  # mm: room for the colour's cue (deckgen.render.pen.badge: 8 mm or more, letter 10.5 pt)


def valid_text(text: str) -> bool:
    """A number a Monete card may carry (decks run up to 20)."""
    return plain_number(text, 1, 20)


class MoneteFaces:
    valid_text = staticmethod(valid_text)
    suits = {name: (ink.fill, ink.letter) for name, ink in INKS.items()}  # colour -> (fill, letter)

    def texts(self, card: Card) -> tuple[str, ...]:
        return (str(card["value"]),) if card.kind in (NUMBER, ACTION) else ()

    def back_face(self, card: Card) -> Card | None:
        """A marker is turned over in play: its back is its other side (+ behind −, ≠ behind =)."""
        if card.kind != MARKER:
            return None
        other = OTHER_SIDE.get((card.get("marker"), card.get("side")))
        return Card(MARKER, {"marker": card["marker"], "side": other}) if other else None

    def front(self, pen: Pen, card: Card, frame: Frame) -> None:
        if card.kind == NUMBER:
            self._number(pen, card, frame)
        elif card.kind == ACTION:
            self._action(pen, card, frame)
        elif card.kind == WILD:
            self._wild(pen, frame)
        elif card.kind == MARKER:
            self._marker(pen, card, frame)

    # ------------------------------------------------------------ shared parts

    def _panel(self, pen: Pen, f: Frame, ink_fill: str) -> float:
        background(pen, f, ink_fill)
        m = f.safe + 1.2 * f.unit
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, fill="#ffffff", stroke=INK, width=0.35 * f.unit, radius=3.0 * f.unit)
        return m

    def _index(self, pen: Pen, f: Frame, text: str, ink: Ink | None, *, flip: bool) -> None:
        """The corner index: the value, and under it the colour's shape with its letter."""
        u = f.unit
        size, x, y_num, y_shape = self._index_place(f, text)
        color = ink.dark if ink else INK
        mark = confusable(text, valid_text)
        if flip:
            pen.text(f.width - x, f.height - y_num, text, size, align="center", bold=True, color=color, angle=180)
            self._badge(pen, f.width - x, f.height - y_shape, BADGE_R * u, ink, f.lang, flip=True)
            if mark:
                underline(pen, f.width - x, f.height - y_num, text, size, color=color, angle=180)
        else:
            pen.text(x, y_num, text, size, align="center", bold=True, color=color)
            self._badge(pen, x, y_shape, BADGE_R * u, ink, f.lang, flip=False)
            if mark:
                underline(pen, x, y_num, text, size, color=color)

    def _index_place(self, f: Frame, text: str) -> tuple[float, float, float, float]:
        """The corner index's size, and its centre's x, its number's baseline and its shape's
        centre, from the top-left corner (the turned index: from the bottom-right)."""
        u = f.unit
        size = fit_size(text, 12 * u, 24 * u, bold=True)
        x = f.safe + 1.2 * u + 6.8 * u
        y_num = f.safe + 1.2 * u + 2.0 * u + size * PT * 0.73
        return size, x, y_num, y_num + 2.2 * u + BADGE_R * u

    def _badge(self, pen: Pen, cx: float, cy: float, r: float, ink: Ink | None, lang: str, *, flip: bool) -> None:
        if ink is None:  # a comodín: a star in ink
            shape(pen, "star", cx, cy, r, fill=INK)
            return
        badge(pen, ink.shape, cx, cy, ink.letter, ink.fill, letter_colour=ink.letter_colour(), scale=r / BADGE_R, angle=180 if flip else 0)

    # ------------------------------------------------------------ number cards

    def _number(self, pen: Pen, card: Card, f: Frame) -> None:
        ink = INKS[card["colour"]]
        value = int(card["value"])
        u = f.unit
        self._panel(pen, f, ink.fill)
        text = str(value)
        self._index(pen, f, text, ink, flip=False)
        self._index(pen, f, text, ink, flip=True)
        size = fit_size(text, f.width * 0.5, 60 * u, bold=True)
        base = f.cy + 2.5 * u
        pen.text(f.cx, base, text, size, align="center", bold=True, color=ink.dark)
        if confusable(text, valid_text):
            underline(pen, f.cx, base, text, size, color=ink.dark)
        self._ten_frames(pen, f, value, ink, int(f.options.get("top", 20)))

    def _ten_frames(self, pen: Pen, f: Frame, value: int, ink: Ink, top: int) -> None:
        """The value as counters in ten-frames of 2 rows × 5, filled in reading order."""
        u = f.unit
        frames = 2 if top > 10 else 1
        cell = 4.7 * u
        gap = 2.4 * u
        total_w = frames * 5 * cell + (frames - 1) * gap
        x0 = f.cx - total_w / 2
        y0 = f.cy + 9.0 * u
        for k in range(frames):
            fx = x0 + k * (5 * cell + gap)
            pen.rect(fx, y0, 5 * cell, 2 * cell, fill="#ffffff", stroke=INK, width=0.25 * u)
            for i in range(10):
                row, col = divmod(i, 5)
                cx, cy = fx + (col + 0.5) * cell, y0 + (row + 0.5) * cell
                if k * 10 + i < value:  # counters in the colour's own shape
                    shape(pen, ink.shape, cx, cy, cell * 0.34, fill=ink.fill, stroke=INK, width=0.15 * u)
            for col in range(1, 5):
                pen.polyline([(fx + col * cell, y0), (fx + col * cell, y0 + 2 * cell)], stroke="#9a9a9a", width=0.15 * u)
            pen.polyline([(fx, y0 + cell), (fx + 5 * cell, y0 + cell)], stroke="#9a9a9a", width=0.15 * u)

    # ------------------------------------------------------------ action cards

    def _action(self, pen: Pen, card: Card, f: Frame) -> None:
        ink = INKS["purple"]
        key = card["action"]
        u = f.unit
        m = self._panel(pen, f, ink.fill)
        text = str(card["value"])
        self._index(pen, f, text, ink, flip=False)
        self._index(pen, f, text, ink, flip=True)
        # the number to follow, large as on a number card (cap height 11 mm on a poker card), between
        # the corner indexes; the action's icon under it
        big = fit_size(text, f.width * 0.40, 44 * u, bold=True)
        base = f.safe + 2.5 * u + big * PT * 0.73
        pen.text(f.cx, base, text, big, align="center", bold=True, color=ink.dark)
        if confusable(text, valid_text):
            underline(pen, f.cx, base, text, big, color=ink.dark)
        ACTION_ICONS.get(key, unknown_icon)(pen, f.cx + 1.5 * u, f.safe + 29.5 * u, 7.5 * u)
        names = ACTIONS.get(key, {"es": str(key), "en": str(key)})
        name = names["es"] if f.lang == "es" else names["en"]
        size = fit_size(name, f.width - 2 * m - 4 * u, 12.5 * u, bold=True)
        y = f.safe + 43 * u
        pen.text(f.cx, y, name, size, align="center", bold=True, color=ink.dark)
        reminder = REMINDERS.get(key, {}).get(f.lang, "")
        paragraph(pen, f.cx, y + 6.0 * u, reminder, 8.5 * u, f.width - 2 * m - 4 * u, color=INK)

    # ------------------------------------------------------------ comodín

    def _wild(self, pen: Pen, f: Frame) -> None:
        u = f.unit
        b = f.bleed
        names = ("blue", "red", "green", "orange")
        for i, name in enumerate(names):
            x = -b if i % 2 == 0 else f.cx
            y = -b if i < 2 else f.cy
            pen.rect(x, y, f.width / 2 + b, f.height / 2 + b, fill=INKS[name].fill)
        m = f.safe + 1.2 * u
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, fill="#ffffff", stroke=INK, width=0.35 * u, radius=3.0 * u)
        self._index(pen, f, "?", None, flip=False)
        self._index(pen, f, "?", None, flip=True)
        monkey(pen, f.cx, f.cy - 6 * u, 11 * u)
        title, caption = WILD_TEXT[f.lang]
        pen.text(f.cx, f.cy + 14 * u, title, fit_size(title, f.width - 2 * m - 4 * u, 16 * u, bold=True), align="center", bold=True, color=INK)
        y, size = f.cy + 20 * u, 8.5 * u
        paragraph(pen, f.cx, y, caption, size, self._clear_of_star(f, caption, size, f.width - 2 * m - 17 * u, y), color=INK)

    def _clear_of_star(self, f: Frame, text: str, size: float, room: float, y: float) -> float:
        """The width for the wild card's caption (centred, first baseline ``y``): ``room``, or less
        where a line would come within 0.5 mm of the star of the turned index bottom-right (of the
        outline through its five points). On a card smaller than poker the safe margin, which does
        not shrink with the card, lifts that star into the caption (mini cards in English)."""
        u = f.unit
        _, x, _, y_shape = self._index_place(f, "?")
        sx, sy, r = f.width - x, f.height - y_shape, BADGE_R * u * 1.15  # the star's centre and points

        def left_edge(yy: float) -> float:  # the outline's left edge at height yy (down the card)
            if yy <= sy - 0.309 * r:
                return sx - 0.951 * r * (yy - (sy - r)) / (0.691 * r)
            return sx - 0.951 * r + 0.363 * r * (yy - (sy - 0.309 * r)) / (1.118 * r)

        gap, step = 0.5, size * 1.2 * PT  # mm: text keeps 0.5 mm clear of every mark, whatever the card size
        for _ in range(6):
            narrowest = room
            for i, line in enumerate(wrap(text, size, room)):
                top, low = y + i * step - 0.75 * size * PT - gap, y + i * step + 0.05 * size * PT + gap
                if low <= sy - r or top >= sy + 0.809 * r:
                    continue  # above or below the star
                edge = left_edge(min(max(sy - 0.309 * r, top), low))
                if f.cx + text_width(line, size) / 2 + gap > edge:
                    narrowest = min(narrowest, 2 * (edge - gap - f.cx))
            if narrowest >= room:
                return room
            room = narrowest
        return room

    # ------------------------------------------------------------ markers

    def _marker(self, pen: Pen, card: Card, f: Frame) -> None:
        u = f.unit
        key = (card["marker"], card["side"])
        texts = MARKER_TEXT.get(key, {"title": {"es": "?", "en": "?"}, "caption": {"es": "", "en": ""}})
        background(pen, f, MARKER_BAND)
        m = f.safe + 1.2 * u
        pen.rect(m, m + 9 * u, f.width - 2 * m, f.height - 2 * m - 18 * u, fill="#ffffff", stroke=INK, width=0.35 * u, radius=3.0 * u)
        title = texts["title"][f.lang]
        pen.text(f.cx, m + 6.5 * u, title, fit_size(title, f.width - 2 * m, 11 * u, bold=True), align="center", bold=True, color="#ffffff")
        caption = texts["caption"][f.lang].upper()
        pen.text(f.cx, f.height - m - 2.6 * u, caption, fit_size(caption, f.width - 2 * m, 12 * u, bold=True), align="center", bold=True, color="#ffffff")
        cy = f.cy
        if key[0] == "number":
            up = key[1] == "+"
            sign = "+" if up else "−"
            size = 64 * u
            pen.text(f.cx, cy - 10 * u + size * PT * 0.36, sign, size, align="center", bold=True, color=INK)
            # steps climbing (or falling) left to right, with an arrow along them
            for i in range(5):
                h = (1 + (i if up else 4 - i)) * 2.0 * u
                x = f.cx - 14 * u + i * 5.8 * u
                pen.rect(x, cy + 24 * u - h, 5.0 * u, h, fill="#cccccc", stroke=INK, width=0.2 * u)
            low, high = cy + 17 * u, cy + 8 * u
            if up:
                straight_arrow(pen, f.cx - 15 * u, low, f.cx + 15 * u, high, 0.7 * u)
            else:
                straight_arrow(pen, f.cx - 15 * u, high, f.cx + 15 * u, low, 0.7 * u)
        else:
            same = key[1] == "same"
            left, right = INKS["blue"], INKS["blue"] if same else INKS["red"]
            for ink, dx in ((left, -15.5 * u), (right, 15.5 * u)):  # clear of the sign between them
                shape(pen, ink.shape, f.cx + dx, cy - 4 * u, 7.5 * u, fill=ink.fill, stroke=INK, width=0.4 * u)
            sign = "=" if same else "≠"
            pen.text(f.cx, cy - 4 * u + 20 * u * PT * 0.36, sign, 20 * u * 1.8, align="center", bold=True, color=INK)
            hint = {"es": ("como la última carta", "no como la última carta"), "en": ("like the last card", "unlike the last card")}[f.lang]
            paragraph(pen, f.cx, cy + 16 * u, hint[0] if same else hint[1], 8 * u, f.width - 2 * m - 6 * u, color=INK)

    # ------------------------------------------------------------ back

    def back(self, pen: Pen, f: Frame) -> None:
        u = f.unit
        background(pen, f, JUNGLE)
        # leaves clear of the edge: a back printed off its front shows nothing cut
        step = 12 * u
        keep = misregistration_margin(f) + 0.3 * u
        length = 7 * u
        row = 0
        y = keep + length * 0.6
        while y <= f.height - keep - length * 0.6:
            x = keep + (step / 2 if row % 2 else 0)
            while x <= f.width - keep - length * 0.9:
                leaf(pen, x, y, length, 35 + 110 * (row % 2), JUNGLE_LEAF)
                x += step
            y += step * 0.85
            row += 1
        pen.ellipse(f.cx, f.cy, 24 * u, 30 * u, fill="#fff6e0", stroke="#ffffff", width=1.2 * u)
        monkey(pen, f.cx, f.cy - 6 * u, 12 * u)
        size = fit_size("Monete", 42 * u, 15 * u, bold=True)
        pen.text(f.cx, f.cy + 18 * u, "Monete", size, align="center", bold=True, color=JUNGLE)
