"""Colours that stay apart in greyscale, each paired with a shape and a letter for colour-blind players."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

INK = "#1a1a1a"
CUT = "#9a9a9a"


@dataclass(frozen=True)
class Swatch:
    name: str
    fill: str  # main colour
    light: str  # a pale tint for backgrounds
    shape: str  # "circle", "square", "triangle", "diamond", "star", "hexagon"
    letter: str


def luminance(hex_colour: str) -> float:
    """Relative luminance (0 black .. 1 white), as greyscale printing sees it."""
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours, 1 (the same) to 21 (black on white), as WCAG defines it."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def on_colour(fill: str) -> str:
    """The letter colour that reads on ``fill``: INK or white, whichever contrasts more with it (a
    letter on a colour's badge is the colour-blind pupil's cue: Monete's green took a white letter
    at 2.8:1 under a fixed luminance threshold, and takes INK at 6.3:1)."""
    return INK if contrast(INK, fill) > contrast("#ffffff", fill) else "#ffffff"


def grey(hex_colour: str) -> int:
    """0..255 grey level a printer in greyscale would use (Rec. 601 luma)."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return round(0.299 * r + 0.587 * g + 0.114 * b)


@lru_cache(maxsize=1024)  # a sheet sets the same few colours thousands of times
def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


# Four suit colours with well separated grey levels (dark blue, red, mid green, light yellow) and
# a shape each. Okabe-Ito inspired, so red/green confusion is avoided by luminance and by shape.
SUITS: tuple[Swatch, ...] = (
    Swatch("blue", "#1f4e9c", "#dbe6f7", "circle", "A"),
    Swatch("red", "#c8372d", "#f8dcd9", "triangle", "R"),
    Swatch("green", "#3f9a4a", "#dcefdc", "square", "V"),
    Swatch("yellow", "#f2c12e", "#fdf3d1", "diamond", "Y"),
)


# ---------------------------------------------------------------- how colours reach a PDF

COLOUR_SPACES = ("rgb", "cmyk")
MAX_INK = 2.4  # total area coverage (C+M+Y+K) a CMYK colour may reach: 240%, a common shop limit
NEUTRAL = 16 / 255  # channels this close together are a grey, printed with black ink alone


@lru_cache(maxsize=1024)
def cmyk(hex_colour: str) -> tuple[float, float, float, float]:
    """A "#rrggbb" colour as CMYK (0..1 each), computed without a colour profile.

    Greys (black text included) use black ink alone, never four-colour black. Other colours take
    their darkness from black ink (full grey component replacement) and the rest from C, M and Y,
    which are scaled down if needed so the total never passes :data:`MAX_INK`."""
    r, g, b = rgb(hex_colour)
    if max(r, g, b) - min(r, g, b) <= NEUTRAL:
        return (0.0, 0.0, 0.0, round(1.0 - (r + g + b) / 3, 4))
    k = 1.0 - max(r, g, b)
    c, m, y = ((1.0 - v - k) / (1.0 - k) for v in (r, g, b))
    over = c + m + y + k - MAX_INK
    if over > 0:
        scale = (MAX_INK - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return tuple(round(v, 4) for v in (c, m, y, k))  # type: ignore[return-value]


@dataclass(frozen=True)
class Colours:
    """Sets "#rrggbb" colours on a reportlab canvas in one colour space: the one place where
    colours are converted for a PDF, so every drawing (faces, sheets, images) agrees."""

    space: str = "rgb"  # "rgb" or "cmyk"

    def fill(self, canvas, hex_colour: str) -> None:
        if self.space == "cmyk":
            canvas.setFillColorCMYK(*cmyk(hex_colour))
        else:
            canvas.setFillColorRGB(*rgb(hex_colour))

    def stroke(self, canvas, hex_colour: str) -> None:
        if self.space == "cmyk":
            canvas.setStrokeColorCMYK(*cmyk(hex_colour))
        else:
            canvas.setStrokeColorRGB(*rgb(hex_colour))

    def image(self, img):
        """A PIL image in this colour space (RGB, or CMYK converted as :func:`cmyk` converts)."""
        img = img.convert("RGB")
        if self.space != "cmyk":
            return img
        import numpy as np
        from PIL import Image

        a = np.asarray(img, dtype=np.float64) / 255.0
        hi, lo = a.max(axis=2), a.min(axis=2)
        k = 1.0 - hi
        safe = np.where(k < 1.0, 1.0 - k, 1.0)
        cmy = (1.0 - a - k[..., None]) / safe[..., None]
        grey = (hi - lo) <= NEUTRAL
        cmy[grey] = 0.0
        k = np.where(grey, 1.0 - a.mean(axis=2), k)
        total = cmy.sum(axis=2) + k
        scale = np.where(total > MAX_INK, (MAX_INK - k) / np.maximum(cmy.sum(axis=2), 1e-9), 1.0)
        out = np.concatenate([cmy * scale[..., None], k[..., None]], axis=2)
        return Image.fromarray(np.round(out * 255).clip(0, 255).astype(np.uint8), "CMYK")


RGB = Colours("rgb")


def colour_space(text: str) -> str:
    from deckgen.errors import OptionError

    key = str(text).strip().lower()
    if key not in COLOUR_SPACES:
        from deckgen.i18n import Listing, _

        raise OptionError(_("unknown --colour {value!r}: use {spaces}", value=text, spaces=Listing(COLOUR_SPACES, "or")))
    return key
