"""The PNG backend of :class:`deckgen.render.pen.Pen`: draws with Pillow at a given resolution."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageDraw, ImageFont

from deckgen.render.fonts import PT_PER_MM, font_path, text_width_mm
from deckgen.render.pen import Point


@lru_cache(maxsize=64)
def _font(bold: bool, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold)), max(1, px))


class PngPen:
    """Draws a card whose trim top-left is at pixel (ox, oy) of ``image``, ``px_per_mm`` pixels a mm."""

    def __init__(self, image: Image.Image, ox: float, oy: float, px_per_mm: float) -> None:
        self.image_target = image
        self.draw = ImageDraw.Draw(image)
        self.ox, self.oy, self.k = ox, oy, px_per_mm

    def _p(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.k, self.oy + y * self.k)

    def _w(self, width: float) -> int:
        return max(1, round(width * self.k))

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0) -> None:
        box = [self._p(x, y), self._p(x + w, y + h)]
        if radius > 0:
            self.draw.rounded_rectangle(box, radius=radius * self.k, fill=fill, outline=stroke, width=self._w(width) if stroke else 0)
        else:
            self.draw.rectangle(box, fill=fill, outline=stroke, width=self._w(width) if stroke else 0)

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.25) -> None:
        self.draw.ellipse(
            [self._p(cx - rx, cy - ry), self._p(cx + rx, cy + ry)],
            fill=fill, outline=stroke, width=self._w(width) if stroke else 0,
        )

    def polygon(self, points: Sequence[Point], *, fill=None, stroke=None, width=0.25) -> None:
        pts = [self._p(x, y) for x, y in points]
        if fill:
            self.draw.polygon(pts, fill=fill)
        if stroke:
            self.draw.line(pts + pts[:1], fill=stroke, width=self._w(width), joint="curve")

    def polyline(self, points: Sequence[Point], *, stroke: str, width: float = 0.25) -> None:
        self.draw.line([self._p(x, y) for x, y in points], fill=stroke, width=self._w(width), joint="curve")

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        from deckgen.render.pen import cover_crop

        (x0, y0), (x1, y1) = self._p(x, y), self._p(x + w, y + h)
        size = (max(1, round(x1 - x0)), max(1, round(y1 - y0)))
        with Image.open(path) as img:
            tile = cover_crop(img.convert("RGB"), w, h).resize(size, Image.LANCZOS)
        self.image_target.paste(tile, (round(x0), round(y0)))

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0) -> None:
        if not s:
            return
        px = round(size / PT_PER_MM * self.k)
        font = _font(bold, px)
        w = text_width_mm(s, size, bold)
        dx = -w / 2 if align == "center" else -w if align == "right" else 0.0
        if not angle:
            self.draw.text(self._p(x + dx, y), s, font=font, fill=color, anchor="ls")
            return
        # Rotated text: draw on a transparent tile around the anchor, rotate, paste.
        pad = int(px * 1.5 + w * self.k) + 4
        tile = Image.new("RGBA", (2 * pad, 2 * pad), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((pad + dx * self.k, pad), s, font=font, fill=color, anchor="ls")
        tile = tile.rotate(angle, resample=Image.BICUBIC, center=(pad, pad))
        ax, ay = self._p(x, y)
        self.image_target.paste(tile, (round(ax - pad), round(ay - pad)), tile)
