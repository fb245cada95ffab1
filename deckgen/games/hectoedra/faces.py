"""Card faces for the Hectoedra: the number large, and the learning aids the deck options ask for.

Aids (``--aids``): ``prime`` marks the primes with a star and the word; ``factors`` writes the prime
factorisation with raised exponents (drawn by :func:`deckgen.render.pen.draw_runs`, never with
superscript look-alike characters); ``divisors`` lists every divisor. Text is always dark on a pale
ground, so the cards read the same in greyscale.
"""

from __future__ import annotations

from deckgen.model import Card
from deckgen.render.faces import Frame, background, misregistration_margin
from deckgen.render.orientation import confusable, plain_number, underline
from deckgen.render.palette import INK
from deckgen.render.pen import Pen, Run, draw_runs, fit_size, paragraph, regular_polygon, runs_width, star

from deckgen.games.hectoedra.numbers import divisors, factorisation, is_prime

GROUND = "#f4f7fb"
ACCENT = "#1f4e9c"  # dark blue: reads as a dark grey in greyscale
PRIME_GROUND = "#fff3c8"
BACK = "#16325c"
WORDS = {
    "es": {"prime": "primo", "divisors": "Divisores", "one": "ni primo ni compuesto"},
    "en": {"prime": "prime", "divisors": "Divisors", "one": "neither prime nor composite"},
}
DOT = " · "


def valid_text(text: str) -> bool:
    """A number a Hectoedra card may carry."""
    return plain_number(text, 1, 100)


def needs_underline(n: int) -> bool:
    """Numbers that read as another card upside down: 6, 9, 16, 18, 61, 66, 68, 81, 86, 89, 91..."""
    return confusable(str(n), valid_text)


def factor_runs(n: int) -> list[Run]:
    """The factorisation as runs: 72 -> 2, 3 (raised), " · ", 3, 2 (raised). 1 -> "1"."""
    parts = factorisation(n)
    if not parts:
        return [Run("1")]
    runs: list[Run] = []
    for i, (p, k) in enumerate(parts):
        if i:
            runs.append(Run(DOT))
        runs.append(Run(str(p)))
        if k > 1:
            runs.append(Run(str(k), sup=True))
    return runs


class HectoedraFaces:
    valid_text = staticmethod(valid_text)

    def texts(self, card: Card) -> tuple[str, ...]:
        return (str(int(card["value"])),)

    def front(self, pen: Pen, card: Card, f: Frame) -> None:
        value = int(card["value"])
        aids = list(f.options.get("aids", []) or [])
        words = WORDS.get(f.lang, WORDS["es"])
        marked = "prime" in aids and is_prime(value)
        background(pen, f, PRIME_GROUND if marked else GROUND)
        m = f.safe + 0.25 * f.unit
        pen.rect(m, m, f.width - 2 * m, f.height - 2 * m, fill="#ffffff", stroke=INK, width=0.5 * f.unit, radius=2.5 * f.unit)
        # Corner indices, the bottom one upside down.
        s = f.safe + 1.6 * f.unit
        corner = 11 * f.unit
        base = s + corner * 0.353 * 0.8
        pen.text(s, base, str(value), corner, bold=True, color=ACCENT)
        pen.text(f.width - s, f.height - base, str(value), corner, bold=True, color=ACCENT, angle=180)
        if needs_underline(value):
            underline(pen, s, base, str(value), corner, align="left", color=ACCENT)
            underline(pen, f.width - s, f.height - base, str(value), corner, align="left", color=ACCENT, angle=180)
        # The number, large, inside the hexagon (with its bar); it moves up when aids fill the lower half.
        lower = "factors" in aids or "divisors" in aids
        cy = f.height * (0.40 if lower else 0.5)
        ring = 22 * f.unit
        size = fit_size(str(value), 1.2 * ring, 64 * f.unit, bold=True)
        _hex_ring(pen, f.cx, cy, ring, f.unit)
        base_y = cy + size * 0.353 * 0.36
        pen.text(f.cx, base_y, str(value), size, align="center", bold=True, color=INK)
        if needs_underline(value):
            underline(pen, f.cx, base_y, str(value), size, color=INK)
        y = cy + ring + 6.0 * f.unit
        if "prime" in aids:
            if marked:
                pen.polygon(star(f.width - f.safe - 4.2 * f.unit, f.safe + 4.2 * f.unit, 3.8 * f.unit, 1.6 * f.unit), fill=ACCENT)
                pen.text(f.cx, y, words["prime"], 10 * f.unit, align="center", bold=True, color=ACCENT)
                y += 5.5 * f.unit
            elif value == 1:
                pen.text(f.cx, y, words["one"], fit_size(words["one"], f.width - 2 * f.safe - 4 * f.unit, 9 * f.unit, min_size=8 * f.unit), align="center", color=INK)
                y += 4.5 * f.unit
        if "factors" in aids and value > 1 and not marked:
            runs = [Run(f"{value} = ")] + factor_runs(value)
            fsize = 13 * f.unit
            room = f.width - 2 * f.safe - 2 * f.unit
            if runs_width(runs, fsize, bold=True) > room:
                fsize *= room / runs_width(runs, fsize, bold=True)
            y += 1.0 * f.unit
            draw_runs(pen, f.cx, y, runs, fsize, bold=True, color=INK)
            y += 6.0 * f.unit
        if "divisors" in aids:
            ds = divisors(value)
            top = max(y, f.height * 0.72)
            pen.text(f.cx, top, words["divisors"], 8 * f.unit, align="center", bold=True, color=ACCENT)
            paragraph(pen, f.cx, top + 4.2 * f.unit, ", ".join(map(str, ds)), 8.5 * f.unit, f.width - 2 * f.safe - 4 * f.unit, color=INK)

    def back(self, pen: Pen, f: Frame) -> None:
        background(pen, f, BACK)
        # A field of small hexagons clear of the edge (a back printed off its front shows nothing
        # cut), then the drawn solid and the title in a pale medallion.
        step = 7.5 * f.unit
        r = step * 0.42
        keep = misregistration_margin(f) + r + 0.2 * f.unit
        lo_x, hi_x = keep, f.width - keep
        lo_y, hi_y = keep, f.height - keep
        row = 0
        y = lo_y
        while y <= hi_y:
            x = lo_x + (step / 2 if row % 2 else 0)
            while x <= hi_x:
                pen.polygon(regular_polygon(x, y, r, 6, 0.0), stroke="#2c4a7c", width=0.3 * f.unit)
                x += step
            y += step * 0.87
            row += 1
        pen.ellipse(f.cx, f.cy, 25 * f.unit, 33 * f.unit, fill="#eef3fa", stroke="#ffffff", width=1.2 * f.unit)
        solid(pen, f.cx, f.cy - 7 * f.unit, 14 * f.unit, BACK)
        size = fit_size("Hectoedra", 44 * f.unit, 11 * f.unit, bold=True)
        pen.text(f.cx, f.cy + 19 * f.unit, "Hectoedra", size, align="center", bold=True, color=BACK)
        pen.text(f.cx, f.cy + 24.5 * f.unit, _span(f.options.get("cards") or [1, 100]), 8 * f.unit, align="center", color=BACK)


def _span(values: list[int]) -> str:
    """The numbers of the deck for its back: "1 – 40", or a short list such as "2, 3, 5, 7"."""
    lo, hi = min(values), max(values)
    if sorted(values) == list(range(lo, hi + 1)):
        return f"{lo} – {hi}"
    listed = ", ".join(map(str, sorted(values)))
    return listed if len(listed) <= 16 else f"{lo} … {hi}"


def _hex_ring(pen: Pen, cx: float, cy: float, r: float, unit: float) -> None:
    pen.polygon(regular_polygon(cx, cy, r, 6, 0.0), fill="#eef3fa", stroke=ACCENT, width=0.5 * unit)


def solid(pen: Pen, cx: float, cy: float, r: float, color: str) -> None:
    """A wire-frame polyhedron (an icosahedron seen along a vertex): the Hectoedra's emblem."""
    outer = regular_polygon(cx, cy, r, 6, -90.0)
    inner = regular_polygon(cx, cy, r * 0.5, 3, -90.0)
    pen.polygon(outer, fill="#ffffff", stroke=color, width=r * 0.05)
    w = r * 0.035
    pen.polygon(inner, stroke=color, width=w)
    for i, p in enumerate(inner):
        pen.polyline([p, outer[(2 * i) % 6]], stroke=color, width=w)
        pen.polyline([p, outer[(2 * i + 1) % 6]], stroke=color, width=w)
        pen.polyline([p, outer[(2 * i - 1) % 6]], stroke=color, width=w)
