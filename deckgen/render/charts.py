"""Small PNG charts for validation reports, drawn with Pillow in the embedded font."""

from __future__ import annotations

import io
from typing import Sequence

from PIL import Image, ImageDraw, ImageFont

from deckgen.render.fonts import font_path

YOURS, DEFAULT, INK, GRID = "#1f4e9c", "#e08a2e", "#1a1a1a", "#d9d9d9"


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold)), size)


def _png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def _legend(d: ImageDraw.ImageDraw, x: int, y: int, has_default: bool) -> None:
    f = _font(14)
    d.rectangle([x, y, x + 14, y + 14], fill=YOURS)
    d.text((x + 20, y - 1), "your deck", font=f, fill=INK)
    if has_default:
        d.rectangle([x + 120, y, x + 134, y + 14], fill=DEFAULT)
        d.text((x + 140, y - 1), "default deck", font=f, fill=INK)


def _chart(title: str, panels: Sequence, panel_h: int, bottom: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A white chart 900 px wide with its title, the legend, and room for one panel per entry."""
    img = Image.new("RGB", (900, 60 + panel_h * max(1, len(panels)) + bottom), "white")
    d = ImageDraw.Draw(img)
    d.text((20, 14), title, font=_font(20, True), fill=INK)
    _legend(d, 900 - 300, 22, any(p[2] for p in panels))
    return img, d


def length_histograms(panels: Sequence[tuple[str, Sequence[int], Sequence[int]]], title: str) -> bytes:
    """One histogram panel per (label, your lengths, default lengths); bars side by side per bin."""
    w, ph, top = 900, 220, 60
    img, d = _chart(title, panels, ph, 20)
    for i, (label, yours, base) in enumerate(panels):
        y0 = top + i * ph
        values = list(yours) + list(base)
        if not values:
            continue
        lo, hi = min(values), max(values)
        bins = 24
        step = max(1, -(-(hi - lo + 1) // bins))
        count = lambda data: [sum(1 for v in data if lo + b * step <= v < lo + (b + 1) * step) / max(1, len(data)) for b in range(bins)]  # noqa: E731
        cy, cb = count(yours), count(base)
        peak = max(cy + cb) or 1.0
        left, right, bottom, height = 70, w - 20, y0 + ph - 40, ph - 70
        d.line([left, bottom, right, bottom], fill=INK)
        d.text((20, y0 + 4), label, font=_font(15, True), fill=INK)
        slot = (right - left) / bins
        for b in range(bins):
            x = left + b * slot
            for j, (vals, colour) in enumerate(((cy, YOURS), (cb, DEFAULT))):
                if vals is cb and not base:
                    continue
                hgt = vals[b] / peak * height
                d.rectangle([x + 2 + j * slot / 2.3, bottom - hgt, x + slot / 2.3 + j * slot / 2.3, bottom], fill=colour)
        for b in range(0, bins + 1, 4):
            x = left + b * slot
            d.line([x, bottom, x, bottom + 5], fill=INK)
            d.text((x - 12, bottom + 8), str(lo + b * step), font=_font(12), fill=INK)
    return _png(img)


def seat_bars(panels: Sequence[tuple[str, Sequence[float], Sequence[float]]], title: str) -> bytes:
    """Share of wins by seat, yours beside the default, with the fair share as a line."""
    w, ph, top = 900, 200, 60
    img, d = _chart(title, panels, ph, 10)
    for i, (label, yours, base) in enumerate(panels):
        y0 = top + i * ph
        n = max(1, len(yours))
        left, right, bottom, height = 70, w - 20, y0 + ph - 35, ph - 60
        peak = max(list(yours) + list(base) + [1.0 / n]) * 1.15
        d.text((20, y0 + 2), label, font=_font(15, True), fill=INK)
        d.line([left, bottom, right, bottom], fill=INK)
        fair = bottom - (1.0 / n) / peak * height
        d.line([left, fair, right, fair], fill=GRID, width=2)
        d.text((right - 70, fair - 16), "fair share", font=_font(11), fill="#8a8a8a")
        slot = (right - left) / n
        for s in range(n):
            x = left + s * slot
            for j, (vals, colour) in enumerate(((yours, YOURS), (base, DEFAULT))):
                if not vals:
                    continue
                hgt = vals[s] / peak * height
                d.rectangle([x + 6 + j * slot * 0.42, bottom - hgt, x + slot * 0.42 + j * slot * 0.42, bottom], fill=colour)
            d.text((x + slot / 2 - 20, bottom + 6), f"seat {s}", font=_font(12), fill=INK)
    return _png(img)
