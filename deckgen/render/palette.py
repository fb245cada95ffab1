"""Colours that stay apart in greyscale, each paired with a shape and a letter for colour-blind players."""

from __future__ import annotations

from dataclasses import dataclass

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


def grey(hex_colour: str) -> int:
    """0..255 grey level a printer in greyscale would use (Rec. 601 luma)."""
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return round(0.299 * r + 0.587 * g + 0.114 * b)


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
