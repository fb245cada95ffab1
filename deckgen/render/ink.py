"""Low-ink printing: a pen that pales large areas of colour, and the coverage of a printed PDF.

``--ink low`` keeps every sheet under :data:`LOW_INK_LIMIT` of C+M+Y+K ink, the one ink figure a build
shows (:func:`measure_ink`, Ghostscript's ``ink_cov``). Faces do not change: :class:`LowInkPen`
stands between a face and the real pen and

- pales every fill by how much of the card it covers (a background or a big shape keeps its hue as
  a light tint; small marks such as badges and pips keep their colour, so kinds and suits stay
  apart);
- turns light text dark and light lines grey: they were meant for a dark background, now pale;
  light text stays light where the mark it is written on still prints dark (a letter in a small
  badge, a sign on a small dark box), whichever of the two contrasts more with that mark.

A face that needs more (white pictures on a dark card) reads ``frame.ink`` and draws differently.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from deckgen.errors import OptionError
from deckgen.i18n import Listing, _
from deckgen.render.palette import INK, contrast, grey

INK_MODES = ("normal", "low")
LOW_INK_TARGET = 0.15  # the darkness LowInkPen aims for: mean darkness of a 40 dpi greyscale render
COVERAGE_DPI = 40
LOW_INK_LIMIT = 45.0  # % C+M+Y+K of the page (Ghostscript's ink_cov): what --ink low promises for every sheet

# (share of the card a fill covers, the darkest that fill may print) from the largest down
FILL_CAPS = ((0.08, 0.10), (0.015, 0.30), (0.0, 1.0))
LIGHT = 0.35  # text or lines lighter than this darkness are meant for a dark ground
LIGHT_LINE = "#7a7a7a"  # what a light line becomes: it shows on a pale ground without weighing


def ink_mode(text: object) -> str:
    key = str(text).strip().lower()
    if key not in INK_MODES:
        from deckgen.i18n import _

        raise OptionError(_("unknown ink {value!r}: use {modes}", value=text, modes=Listing(INK_MODES, "or")))
    return key


def darkness(colour: str) -> float:
    """0 for white .. 1 for black, as a greyscale printer sees the colour."""
    return 1.0 - grey(colour) / 255.0


def pale(colour: str, most: float) -> str:
    """``colour`` mixed with white until it is at most ``most`` dark (its hue kept)."""
    d = darkness(colour)
    if d <= most:
        return colour
    k = 1.0 - most / d  # share of white
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * k):02x}" for c in (r, g, b))


LOW_CODE_DISTANCE = 8.0  # CIEDE2000: the least a colour code's pale tints stay apart in low ink


@lru_cache(maxsize=64)
def low_ink_code(colours: tuple[str, ...], most: float = FILL_CAPS[0][1]) -> dict[str, str]:
    """Pale tints for a colour code (colours that tell kinds apart: a table, a degree), each at most
    ``most`` dark, kept as far apart as the pale slab of sRGB allows (CIEDE2000), each near its own
    colour's :func:`pale` tint. Paling each colour alone brings a code's tints within 2 of each other.

    Chosen deterministically: the slab's colours on a grid, a farthest-point choice of as many as the
    code has (starting from the tint nearest the first colour's), then each colour given the chosen
    tint nearest its own pale tint (an optimal assignment)."""
    import itertools

    import numpy as np
    from colorspacious import cspace_convert, deltaE
    from scipy.optimize import linear_sum_assignment

    steps = np.linspace(0.0, 1.0, 26)
    grid = np.array(list(itertools.product(steps, steps, steps)))
    luma = 0.299 * grid[:, 0] + 0.587 * grid[:, 1] + 0.114 * grid[:, 2]
    slab = grid[(1.0 - luma <= most - 1e-9) & (1.0 - luma >= most - 0.06)]  # the palest a tint needs be
    lab = cspace_convert(slab, "sRGB1", "CIELab")
    own = np.array([[c / 255 for c in (int(h[i:i + 2], 16) for i in (1, 3, 5))] for h in (pale(x, most) for x in colours)])
    own_lab = cspace_convert(own, "sRGB1", "CIELab")
    chosen = [int(np.argmin(deltaE(lab, own_lab[0], input_space="CIELab")))]
    nearest = deltaE(lab, lab[chosen[0]], input_space="CIELab")
    while len(chosen) < len(colours):
        chosen.append(int(np.argmax(nearest)))
        nearest = np.minimum(nearest, deltaE(lab, lab[chosen[-1]], input_space="CIELab"))
    cost = np.array([[deltaE(own_lab[i], lab[j], input_space="CIELab") for j in chosen] for i in range(len(colours))])
    rows, cols = linear_sum_assignment(cost)
    out = {}
    for i, j in zip(rows, cols):
        r, g, b = (round(float(v) * 255) for v in slab[chosen[j]])
        out[colours[i]] = f"#{r:02x}{g:02x}{b:02x}"
    return out


def legible(colour: str, dark: str = INK) -> str:
    """A light text or line colour made dark (the ground under it has been paled)."""
    return dark if darkness(colour) < LIGHT else colour


def fill_cap(share: float) -> float:
    for least, cap in FILL_CAPS:
        if share >= least:
            return cap
    return 1.0


def polygon_area(points: Sequence[tuple[float, float]]) -> float:
    n = len(points)
    return abs(sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))) / 2


class LowInkPen:
    """A pen drawing through ``pen`` with low-ink colours; ``card_area`` is the card's trim area in mm²."""

    def __init__(self, pen, card_area: float, codes: Sequence[Sequence[str]] = ()) -> None:
        self.pen, self.area = pen, max(1e-9, card_area)
        # a colour of a code (the faces' ``colour_codes``) pales to its code's spread tint
        self.codes = {c: code for code in (tuple(x) for x in codes) for c in code}
        # every fill drawn on this face: its box (x0, y0, x1, y1) and the colour it prints, topmost last
        self.grounds: list[tuple[float, float, float, float, str]] = []

    def _fill(self, fill: str | None, area: float, box: tuple[float, float, float, float]) -> str | None:
        if not fill:
            return None
        cap = fill_cap(area / self.area)
        out = low_ink_code(self.codes[fill])[fill] if fill in self.codes and cap < 1.0 else pale(fill, cap)
        self.grounds.append((*box, out))
        return out

    def _ground(self, x: float, y: float) -> str | None:
        """The colour printed at (x, y): the topmost fill whose box holds it."""
        for x0, y0, x1, y1, colour in reversed(self.grounds):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return colour
        return None

    def _stroke(self, stroke: str | None) -> str | None:
        return legible(stroke, LIGHT_LINE) if stroke else None

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0) -> None:
        box = (min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h))
        self.pen.rect(x, y, w, h, fill=self._fill(fill, abs(w * h), box), stroke=self._stroke(stroke), width=width, radius=radius)

    def ellipse(self, cx, cy, rx, ry, *, fill=None, stroke=None, width=0.25) -> None:
        box = (cx - abs(rx), cy - abs(ry), cx + abs(rx), cy + abs(ry))
        self.pen.ellipse(cx, cy, rx, ry, fill=self._fill(fill, math.pi * abs(rx * ry), box), stroke=self._stroke(stroke), width=width)

    def polygon(self, points, *, fill=None, stroke=None, width=0.25) -> None:
        points = list(points)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = (min(xs), min(ys), max(xs), max(ys)) if points else (0.0, 0.0, 0.0, 0.0)
        self.pen.polygon(points, fill=self._fill(fill, polygon_area(points), box), stroke=self._stroke(stroke), width=width)

    def polyline(self, points, *, stroke, width=0.25) -> None:
        self.pen.polyline(points, stroke=self._stroke(stroke), width=width)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self.pen.image(path, x, y, w, h)

    def text(self, x, y, s, size, *, align="left", bold=False, color="#000000", angle=0.0) -> None:
        dark = legible(color)
        if dark != color and s:  # light text, meant for a dark ground: is its ground still dark?
            ground = self._ground(*_text_middle(x, y, s, size, align, bold, angle))
            if ground is not None and contrast(color, ground) > contrast(dark, ground):
                dark = color
        self.pen.text(x, y, s, size, align=align, bold=bold, color=dark, angle=angle)


def _text_middle(x: float, y: float, s: str, size: float, align: str, bold: bool, angle: float) -> tuple[float, float]:
    """The middle of a line of text drawn as Pen.text draws it (card millimetres, y down; ``angle``
    in degrees anticlockwise, as the page shows it): halfway along, half its cap height up."""
    from deckgen.render.fonts import ascent_mm, text_width_mm

    w = text_width_mm(s, size, bold)
    along = {"center": 0.0, "right": -w / 2}.get(align, w / 2)
    up = ascent_mm(size) / 2
    a = math.radians(angle)
    return x + math.cos(a) * along - math.sin(a) * up, y - math.sin(a) * along - math.cos(a) * up


def page_coverage(pdf: Path, dpi: int = COVERAGE_DPI) -> list[float]:
    """Mean darkness (0..1) of each page of ``pdf`` rendered in greyscale at ``dpi``."""
    import pypdfium2 as pdfium

    out: list[float] = []
    # an absolute path: pypdfium2 expands a leading ~ in a text path, so a folder the user named "~"
    # (or "~x") in the current folder would be looked for in the home folder
    doc = pdfium.PdfDocument(str(Path(pdf).absolute()))
    try:
        for page in doc:
            bitmap = page.render(scale=dpi / 72.0, grayscale=True)
            img = bitmap.to_pil().convert("L")
            hist = img.histogram()
            total = sum(hist) or 1
            out.append(1.0 - sum(v * n for v, n in enumerate(hist)) / (255.0 * total))
            page.close()
    finally:
        doc.close()
    return out


GHOSTSCRIPT = ("gs", "gswin64c", "gswin32c")


def ink_coverage(pdf: Path, dpi: int = 72) -> list[tuple[float, float, float, float]] | None:
    """Real ink of each page of ``pdf``: (C, M, Y, K) in percent of the page, as Ghostscript's
    ``ink_cov`` device measures it (not ``inkcov``, which counts pixels touched). None when no
    Ghostscript is installed, [] when it could not read the file: the figure is a report, never a
    reason to fail a build."""
    import shutil
    import subprocess

    exe = next((shutil.which(name) for name in GHOSTSCRIPT if shutil.which(name)), None)
    if exe is None:
        return None
    name, folder = _as_file(pdf)
    try:
        done = subprocess.run(
            [exe, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", "-sDEVICE=ink_cov", f"-r{dpi}", "-o", "-", name],
            capture_output=True, text=True, timeout=300, check=False, cwd=folder,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    pages = []
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[4] == "CMYK":
            try:
                pages.append(tuple(float(v) for v in parts[:4]))
            except ValueError:
                return []
    return pages if done.returncode == 0 else []


def _as_file(path: Path) -> tuple[str, str | None]:
    """``path`` as Ghostscript reads a file name, and the folder to run it in (None: any): absolute,
    so that a folder named like an option (``--out -x``: "-x/cards.pdf") is never read as one of its
    switches. Ghostscript takes a file name as UTF-8 and drops the bytes that are not (a folder named
    ``$'\\xff'``: "/undefinedfilename", the ink "not measured"), so such a path is read from its own
    folder, as ``./NAME`` (deckgen's names of its files are ASCII)."""
    full = Path(path).absolute()
    try:
        str(full).encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: the name's bytes were not UTF-8
        return "./" + full.name, str(full.parent)
    return str(full), None


def ink_summary(pages: Sequence[tuple[float, float, float, float]]) -> str:
    """"ink C+M+Y+K per page (Ghostscript ink_cov): mean 31%, most 206% (page 19)" (a catalog message)."""
    from deckgen.i18n import _

    totals = [sum(p) for p in pages]
    worst = max(range(len(totals)), key=lambda i: totals[i])
    return _("ink C+M+Y+K per page (Ghostscript ink_cov): mean {mean:.0f}%, most {most:.0f}% (page {page})",
             mean=sum(totals) / len(totals), most=totals[worst], page=worst + 1)


def heaviest_colour(pdf: Path, dpi: int = 72) -> float | None:
    """The heaviest colour a CMYK PDF prints: the largest C+M+Y+K (in %) at any point, the figure a
    print shop holds to its limit (:data:`deckgen.render.palette.MAX_INK`), read from Ghostscript's
    CMYK rendering (``tiff32nc``, no anti-aliasing, so every pixel holds a colour the file sets).
    None without Ghostscript."""
    import shutil
    import subprocess
    import tempfile

    exe = next((shutil.which(name) for name in GHOSTSCRIPT if shutil.which(name)), None)
    if exe is None:
        return None
    import numpy as np
    from PIL import Image, ImageSequence

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "ink.tif"
        name, folder = _as_file(pdf)
        try:
            done = subprocess.run(
                [exe, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiff32nc", f"-r{dpi}", "-o", str(out), name],
                capture_output=True, timeout=300, check=False, cwd=folder,
            )
        except (OSError, subprocess.SubprocessError):
            return None
        if done.returncode != 0 or not out.exists():
            return None
        most = 0.0
        with Image.open(out) as tif:
            for frame in ImageSequence.Iterator(tif):
                a = np.asarray(frame.convert("CMYK"), dtype=np.uint16)
                most = max(most, float(a.sum(axis=2).max()) * 100.0 / 255.0)
        return most


def ink_words(pages: Sequence[tuple[float, float, float, float]] | None, *, low: bool = False,
              heaviest: float | None = None, limit: float | None = None) -> str:
    """The one ink figure a build shows for a PDF: C+M+Y+K per page (mean and the heaviest page);
    for ``low`` ink, whether every page keeps under :data:`LOW_INK_LIMIT`; for a shop's CMYK file,
    the ``heaviest`` colour against the shop's ``limit``. Words of the language in force."""
    if pages is None:
        return str(_("ink not measured (Ghostscript is not installed)"))
    if not pages:
        return str(_("ink not measured (Ghostscript could not read the file)"))
    parts = [ink_summary(pages)]
    if low:
        most = max(sum(p) for p in pages)
        if most <= LOW_INK_LIMIT:
            parts.append(_("under the {limit:.0f}% that --ink low promises", limit=LOW_INK_LIMIT))
        else:
            parts.append(_("ABOVE the {limit:.0f}% that --ink low promises (a back image is not paled)",
                           limit=LOW_INK_LIMIT))
    if heaviest is not None and limit is not None:
        parts.append(_("heaviest colour {most:.0f}% C+M+Y+K at one point (the shop's limit: {limit:.0f}%)",
                       most=heaviest, limit=limit))
    return "; ".join(str(p) for p in parts)
