"""A fast reader of what a PDF draws where, for the tests that need only text and rectangles.

pdfplumber (pdfminer) interprets every content stream in Python: a 26-page card sheet takes it about
a second a page. pdfium (pypdfium2, already a dependency of deckgen's ink figure) reads the same
pages in about a hundredth of that. This module gives a page's characters and rectangles with
pdfplumber's names and units (points, y upward for ``y0``/``y1``, ``top``/``bottom`` from the top),
so that tests/pdfcheck.py's helpers (``chars_in``, ``texts_in``, ``runs``, ``box_of``) read either.

What it gives, and how it differs from pdfplumber (tests/test_pdfium_pages.py holds the two equal
on real sheets):

- ``chars``: every character the file draws (pdfium's own spaces and line breaks left out), with
  ``text``, ``x0 x1 y0 y1 top bottom`` (pdfium's loose box: the font's ascent to descent, as
  pdfplumber's), ``matrix`` (the unit direction of the baseline and the origin: pdfplumber's for
  text drawn at its size, within half a point), ``size``, ``fontname`` (the font's base name
  without pdfplumber's subset prefix: "DejaVuSans-Bold", not "ABCDEF+DejaVuSans-Bold") and ``adv``
  (the advance along the baseline, from the box).
- ``rects``: every path that is an axis-aligned rectangle (after its own and its forms' matrices),
  with ``x0 y0 x1 y1 top bottom width height``, ``fill``/``stroke`` (pdfium's draw mode) and
  ``fill_rgb``: its fill colour as pdfium gives it, red, green and blue from 0 to 1 in 1/255 steps
  (pdfplumber's ``non_stroking_color`` holds the file's own numbers in the file's colour space:
  for an RGB file the same colour within 1/510, tests/test_pdfium_pages.py).
- ``lines`` (when ``read`` is asked for them): every straight segment drawn as a subpath of its own
  (a move then one line, closed or not: pdfplumber's lines), with ``x0 y0 x1 y1 top bottom width height``, ``pts`` (its two ends, x
  and distance from the top, as pdfplumber gives them) and ``fill``/``stroke``.
- ``extract_text()``: pdfplumber's own text layout (``chars_to_textmap``) over these characters, so
  lines and words come out as pdfplumber's ``extract_text`` gives them, and ``search(pattern)``
  over the same text map (made once a page); ``crop(bbox)`` as pdfplumber's (the objects
  overlapping the box, cut to it; a box off the page refused), ``filter(keep)`` as pdfplumber's.

Colours are not read: the tests of colours keep pdfplumber.

``Shapes(path)`` reads a file as pdfminer does, for tests/cardcheck.py's ``cells`` (tests/cards):
each page (read when first asked for) with pdfminer's characters (``_exact_chars``: in the file's
order, origins, advances, boxes and sizes to pdfminer's numbers, the font's /Widths and /Descent
read from the file) and every path as pdfminer splits and sorts it (``_paths``: ``rects``,
``lines`` and ``curves`` with ``pts``, ``fill``, ``stroke``, ``linewidth``, ``fill_rgb``).
Also ``images`` (each image's box) and the page's width and height as the file gives them (its
crop box). Text whose font or colour changes within a line (pdfium starts a new text object there)
goes on from where pdfium's rounder widths left it (``_continues``), word spacing and text rise
(an exponent) included. tests/test_pdfium_pages.py holds it equal to pdfplumber, to 1/1000 pt, on
card sheets of every game; tests/rulebook/test_shapes_reads_rulebooks.py on every game's
rulebooks, es and en (their text laid out and searched too).

Not read as pdfminer reads it: a run of spaces (pdfium keeps one space of "a   b", pdfminer each:
hectoedra's puzzle sheets have such runs, so their tests keep pdfplumber); text in a font
without /Widths, /ToUnicode or /Descent (refused); colours other than a fill's RGB.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    chars: tuple[dict, ...]
    rects: tuple[dict, ...]
    lines: tuple[dict, ...] = ()
    curves: tuple[dict, ...] = ()
    images: tuple[dict, ...] = ()

    def _textmap(self, options: dict):
        """pdfplumber's text map of these characters (``chars_to_textmap``, with the defaults of
        pdfplumber's ``Page.get_textmap``), made once a page for each set of options (pdfplumber's
        page caches it too: ``search`` and ``extract_text`` share it)."""
        from pdfplumber.utils.text import chars_to_textmap

        key = tuple(sorted(options.items()))
        made = self.__dict__.setdefault("_textmaps", {})  # a frozen dataclass: its cache in its own __dict__
        if key not in made:
            made[key] = chars_to_textmap(list(self.chars), **{
                "layout_bbox": (0, 0, self.width, self.height), "layout_width": self.width, "layout_height": self.height, **options})
        return made[key]

    def extract_text(self, **options) -> str:
        """The page's text laid out by pdfplumber's own algorithm (lines by position, words by gaps),
        from these characters: what pdfplumber's ``Page.extract_text`` gives."""
        return self._textmap(options).as_string

    def search(self, pattern, regex: bool = True, case: bool = True, main_group: int = 0,
               return_chars: bool = True, return_groups: bool = True, **options) -> list[dict]:
        """Where ``pattern`` lies in the page's text, laid out as ``extract_text`` lays it out:
        pdfplumber's ``Page.search`` (the same text map, the same defaults) over these characters."""
        return self._textmap(options).search(pattern, regex=regex, case=case, main_group=main_group,
                                             return_chars=return_chars, return_groups=return_groups)

    def filter(self, keep) -> "Page":
        """The page with only the objects ``keep`` accepts: pdfplumber's ``Page.filter``."""
        return Page(self.width, self.height, tuple(filter(keep, self.chars)), tuple(filter(keep, self.rects)),
                    tuple(filter(keep, self.lines)), tuple(filter(keep, self.curves)), tuple(filter(keep, self.images)))

    def crop(self, bbox: tuple[float, float, float, float]) -> "Page":
        """The objects overlapping ``bbox`` (x0, top, x1, bottom, from the top), each cut to it:
        pdfplumber's ``Page.crop`` (its own ``crop_to_bbox``); a box not wholly on the page, or of
        no area, refused as pdfplumber refuses it (ValueError)."""
        from pdfplumber.page import test_proposed_bbox
        from pdfplumber.utils.geometry import clip_obj

        test_proposed_bbox(bbox, (0, 0, self.width, self.height))
        x0, top, x1, bottom = bbox

        def cut(o: dict) -> dict | None:
            if x0 <= o["x0"] and o["x1"] <= x1 and top <= o["top"] and o["bottom"] <= bottom and o["x1"] - o["x0"] + o["bottom"] - o["top"] > 0:
                return o  # wholly inside: clip_obj's copy would be the same
            return clip_obj(o, bbox)

        return Page(self.width, self.height, *(tuple(filter(None, map(cut, getattr(self, kind))))
                                               for kind in ("chars", "rects", "lines", "curves", "images")))


def read(path: str | Path, *, lines: bool = False) -> list[Page]:
    """Every page of the PDF at ``path``; its lines only when asked (finding them means reading every
    segment of every curved path too, which doubles the time on a page of backs)."""
    doc = pdfium.PdfDocument(str(path))
    try:
        return [_page(doc[i], lines) for i in range(len(doc))]
    finally:
        doc.close()


class Shapes:
    """The PDF at ``path`` read as pdfminer reads its paths (``shapes`` below): ``pages[i]`` is page
    ``i`` with its characters, rectangles, lines and curves, read on first use (a page of backs
    costs ten of fronts); a pdfplumber ``PDF`` for tests/cardcheck.py's ``cells``. ``close()`` (or
    ``with``) closes the file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._doc = pdfium.PdfDocument(str(path))
        self.pages = _Lazy(self._doc, _font_metrics(path))

    def text_page(self, i: int) -> Page:
        """Page ``i`` with its characters alone (the same as ``pages[i]``'s; its paths not read: a
        page of backs in a sixth of the time or less)."""
        if i in self.pages._read:
            return self.pages[i].filter(lambda o: o["object_type"] == "char")
        page = self._doc[i]
        width, height = _size(page, i, self.pages._fonts)
        textpage = page.get_textpage()
        try:
            return Page(float(width), float(height), tuple(_exact_chars(page, textpage, height, self.pages._fonts)), ())
        finally:
            textpage.close()

    def close(self) -> None:
        self._doc.close()

    def __enter__(self) -> "Shapes":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Lazy:
    def __init__(self, doc, fonts: dict) -> None:
        self._doc = doc
        self._fonts = fonts
        self._read: dict[int, Page] = {}

    def __len__(self) -> int:
        return len(self._doc)

    def __getitem__(self, i: int) -> Page:
        if not 0 <= i < len(self._doc):
            raise IndexError(i)
        if i not in self._read:
            self._read[i] = _page(self._doc[i], fonts=self._fonts, index=i)
        return self._read[i]

    def __iter__(self):
        return (self[i] for i in range(len(self)))


def _size(page, i: int, fonts: dict) -> tuple[float, float]:
    """The page's width and height: the file's own numbers (pdfplumber's: its crop box, read with
    pypdf) when pdfium's agree with them to its float's precision, else pdfium's."""
    width, height = page.get_size()
    sizes = fonts.get("sizes", ())
    if i < len(sizes) and abs(sizes[i][0] - width) < 1e-3 and abs(sizes[i][1] - height) < 1e-3:
        return sizes[i]
    return float(width), float(height)


def _page(page, with_lines: bool = False, fonts: dict | None = None, index: int = -1) -> Page:
    """The page; with ``fonts`` (``_font_metrics``), read as pdfminer reads it: its characters
    (``_exact_chars``) and all its paths (``_paths``)."""
    shapes = fonts is not None
    width, height = _size(page, index, fonts) if shapes else page.get_size()
    textpage = page.get_textpage()
    try:
        chars = _exact_chars(page, textpage, height, fonts) if shapes else _chars(textpage, height)
    finally:
        textpage.close()
    rects: list[dict] = []
    lines: list[dict] | None = [] if with_lines or shapes else None
    curves: list[dict] = []
    images: list[dict] = []
    raw_page = page.raw
    for i in range(raw.FPDFPage_CountObjects(raw_page)):
        obj = raw.FPDFPage_GetObject(raw_page, i)
        if shapes:
            _paths(obj, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), height, rects, lines, curves, images)
        else:
            _walk(obj, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), height, rects, lines)
    return Page(float(width), float(height), tuple(chars), tuple(rects), tuple(lines or ()), tuple(curves), tuple(images))


def _chars(textpage, height: float) -> list[dict]:
    tp = textpage.raw
    out = []
    ox, oy = ctypes.c_double(), ctypes.c_double()
    box = raw.FS_RECTF()
    matrix = raw.FS_MATRIX()
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    generated, unicode, loose, origin, get_matrix = (raw.FPDFText_IsGenerated, raw.FPDFText_GetUnicode,
                                                     raw.FPDFText_GetLooseCharBox, raw.FPDFText_GetCharOrigin, raw.FPDFText_GetMatrix)
    size_of, font_info = raw.FPDFText_GetFontSize, raw.FPDFText_GetFontInfo
    for i in range(raw.FPDFText_CountChars(tp)):
        if generated(tp, i) == 1:
            continue
        code = unicode(tp, i)
        if code in (0, 0xFFFE, 0xFFFF):  # no character
            continue
        loose(tp, i, box)
        origin(tp, i, ox, oy)
        get_matrix(tp, i, matrix)
        size = size_of(tp, i)
        font_info(tp, i, name, 256, flags)
        a, b = matrix.a, matrix.b
        n = math.hypot(a, b) or 1.0
        ux, uy = a / n, b / n
        x0, x1 = min(box.left, box.right), max(box.left, box.right)
        y0, y1 = min(box.bottom, box.top), max(box.bottom, box.top)
        out.append({
            "object_type": "char", "text": chr(code), "x0": x0, "x1": x1, "y0": y0, "y1": y1, "top": height - y1, "bottom": height - y0,
            "doctop": height - y1, "width": x1 - x0, "height": y1 - y0,  # doctop: top, the page being the first
            "matrix": (ux, uy, -uy, ux, ox.value, oy.value), "size": size, "fontname": name.value.decode("utf-8", "replace"),
            "adv": abs((x1 - x0) * ux) + abs((y1 - y0) * uy),
            "upright": abs(ux) > 1e-9,  # pdfminer's: a*d > 0 and b*c <= 0 (text turned half round is upright too)
        })
    return out


def _font_metrics(path: str | Path) -> dict:
    """{(font name without a subset prefix, character): its width from the font's /Widths (in
    thousandths of the size)} and {font name: its descent} (the font descriptor's /Descent), for
    every simple font of the file (pages and the forms they draw): the numbers pdfminer reads, which
    pdfium keeps only to the whole unit."""
    import re

    from pypdf import PdfReader

    widths: dict[tuple[str, str], float] = {}
    descents: dict[str, float] = {}
    seen: dict[int, object] = {}  # id -> the object, kept so that no id is reused

    def fonts_of(resources) -> None:
        if not resources:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) in seen or font.get("/Subtype") not in ("/TrueType", "/Type1") or "/Widths" not in font:
                continue
            seen[id(font)] = font
            name = str(font["/BaseFont"])[1:] if str(font["/BaseFont"]).startswith("/") else str(font["/BaseFont"])
            name = name.split("+", 1)[1] if re.match(r"^[A-Z]{6}\+", name) else name
            first = int(font.get("/FirstChar", 0))
            w = [float(v) for v in font["/Widths"]]
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None:
                descents[name] = float(descriptor.get_object().get("/Descent", 0))
            cmap = font.get("/ToUnicode")
            if cmap is None:
                continue
            text = cmap.get_object().get_data().decode("latin-1")
            for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
                for code, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                    c, u = int(code, 16), int(uni, 16)
                    if u and 0 <= c - first < len(w):
                        widths.setdefault((name, chr(u)), w[c - first])
            for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
                for lo, hi, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                    for c in range(int(lo, 16), int(hi, 16) + 1):
                        if 0 <= c - first < len(w):
                            widths.setdefault((name, chr(int(uni, 16) + c - int(lo, 16))), w[c - first])
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form" and id(xobject) not in seen:
                seen[id(xobject)] = xobject
                fonts_of(xobject.get("/Resources"))

    sizes = []
    for page in PdfReader(str(path)).pages:
        fonts_of(page.get("/Resources"))
        box = page.cropbox
        sizes.append((float(box.width), float(box.height)) if not page.get("/Rotate") and (box.left, box.bottom) == (0, 0) else (-1.0, -1.0))
    return {"widths": widths, "descents": descents, "sizes": sizes}


def _text_objects(page) -> dict[int, int]:
    """{address of a text object: its place in the page's drawing order} (forms' objects in their place)."""
    order: dict[int, int] = {}

    def walk(obj) -> None:
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            order[ctypes.cast(obj, ctypes.c_void_p).value] = len(order)
        elif kind == raw.FPDF_PAGEOBJ_FORM:
            for i in range(raw.FPDFFormObj_CountObjects(obj)):
                walk(raw.FPDFFormObj_GetObject(obj, i))

    for i in range(raw.FPDFPage_CountObjects(page.raw)):
        walk(raw.FPDFPage_GetObject(page.raw, i))
    return order


def _exact_chars(page, textpage, height: float, fonts: dict) -> list[dict]:
    """The characters as pdfminer makes them (pdfminer.layout's ``LTChar``), from pdfium's:

    - in the order the file draws them (pdfium's text page puts some in reading order): by text
      object in drawing order, then pdfium's order within the object;
    - ``matrix``: pdfium's (the text's direction and scale, without the font size) and the origin,
      pdfium's moved by what pdfium's whole-unit widths lost against the font's /Widths along the
      text object so far (pdfium's origins drift by up to a few tenths of a point along a line);
    - ``adv``: the width from /Widths times the size (pdfminer's ``textwidth * fontsize``);
    - the box pdfminer's: from the descent (the font's /Descent) to the descent plus the size, the
      advance wide, turned by the matrix (its upright bounding box); ``size`` its height, as
      pdfminer's (for text turned a quarter round, the advance);
    - ``fontname`` (without the subset prefix), ``text`` and ``upright`` as pdfminer's.

    Characters pdfium makes up (spaces, line breaks) are left out. Text is taken as drawn at its
    size (no scale in the text matrix, as deckgen and reportlab draw it); a character whose font
    gives no /Widths, /ToUnicode or /Descent (a composite font: deckgen embeds simple TrueType
    subsets) is refused (ValueError), not read with pdfium's rounder numbers."""
    tp = textpage.raw
    order = _text_objects(page)
    widths, descents = fonts["widths"], fonts["descents"]
    ox, oy = ctypes.c_double(), ctypes.c_double()
    px, py = ctypes.byref(ox), ctypes.byref(oy)
    matrix = raw.FS_MATRIX()
    name = ctypes.create_string_buffer(256)
    flags = ctypes.c_int()
    handle = ctypes.cast(tp, ctypes.c_void_p).value  # pdfium's functions called through _BY_ADDRESS: no ctypes conversions
    generated, unicode, text_object, origin = _BY_ADDRESS["generated"], _BY_ADDRESS["unicode"], _BY_ADDRESS["object"], _BY_ADDRESS["origin"]
    items = []
    objects = len(order)
    for i in range(raw.FPDFText_CountChars(tp)):
        if generated(handle, i) == 1:
            continue
        code = unicode(handle, i)
        if code in (0, 0xFFFE, 0xFFFF):
            continue
        key = text_object(handle, i)
        items.append((order.get(key, objects), i, key, code))
    items.sort()
    width = ctypes.c_float()
    out = []
    last = object()
    drift, pen, tw, rise = 0.0, None, None, 0.0  # pen: the last character (_continues); tw: the line's word spacing,
    # when seen; rise: the text rise of this object over the line's first (pdfminer's matrix leaves it out)
    for _place, i, key, code in items:
        origin(handle, i, px, py)
        x, y = ox.value, oy.value
        if key == last and pen[5]:  # after a space within a text object: pdfium's word spacing
            tw = _along(pen, x, y)[1] - pen[3]
        if key != last:  # a text object: one font, size and matrix for its characters
            last = key
            raw.FPDFText_GetMatrix(tp, i, matrix)
            size = raw.FPDFText_GetFontSize(tp, i)
            if _continues(pen, (matrix.a, matrix.b, matrix.c, matrix.d), x, y, tw):
                rise += _along(pen, x, y)[0]  # a change of text rise (an exponent) on the line
            else:
                drift, tw, rise = 0.0, None, 0.0  # drift: what pdfium's widths lost along the line of text so far
            raw.FPDFText_GetFontInfo(tp, i, name, 256, flags)
            font = name.value.decode("utf-8", "replace")
            font_handle = raw.FPDFTextObj_GetFont(raw.FPDFText_GetTextObject(tp, i)) if key else None
            a, b, c, d = matrix.a, matrix.b, matrix.c, matrix.d
            theirs_of: dict[int, float] = {}
            # the box: from the descent (raised with the text: pdfminer's LTChar) to a size above it,
            # the advance wide, turned by the matrix; its extent across the baseline the same for
            # every character of the object
            n = math.hypot(a, b) or 1.0
            low = descents.get(font, 0.0) * size / 1000 + rise / (math.hypot(c, d) or 1.0)
            cx = (min(c * low, c * (low + size)), max(c * low, c * (low + size)))
            dy = (min(d * low, d * (low + size)), max(d * low, d * (low + size)))
            raised = (b / n * rise, -a / n * rise)
            upright = a * d > 0 and b * c <= 0
            matrix_abcd = (a, b, c, d)
        e, f = x + a * drift + raised[0], y + b * drift + raised[1]
        text = chr(code)
        exact = widths.get((font, text))
        if exact is None or font not in descents:
            raise ValueError(f"{text!r} in {font}: no /Widths, /ToUnicode or /Descent to read pdfminer's numbers from")
        theirs = theirs_of.get(code)
        if theirs is None:
            # pdfium's own width of the character, whole thousandths of the size (its "glyph" is
            # the character: pdfium looks its code up)
            theirs = theirs_of[code] = width.value if font_handle and raw.FPDFFont_GetGlyphWidth(font_handle, code, size, width) else 0.0
        adv = exact * size / 1000
        drift += adv - theirs
        pen = (matrix_abcd, x, y, theirs, size, text == " ")
        ax, by = a * adv, b * adv
        x0, x1 = e + (ax if ax < 0 else 0.0) + cx[0], e + (ax if ax > 0 else 0.0) + cx[1]
        y0, y1 = f + (by if by < 0 else 0.0) + dy[0], f + (by if by > 0 else 0.0) + dy[1]
        out.append({
            "object_type": "char", "text": text, "x0": x0, "x1": x1, "y0": y0, "y1": y1, "top": height - y1, "bottom": height - y0,
            "doctop": height - y1, "width": x1 - x0, "height": y1 - y0,
            "matrix": (a, b, c, d, e, f), "size": y1 - y0, "fontname": font, "adv": adv,
            "upright": upright,
        })
    return out


def _by_address() -> dict:
    """pdfium's text functions _exact_chars calls for every character, taking the text page's
    address as a plain number and giving a text object's address as one (ctypes' conversions of
    pypdfium2's typed pointers cost more than the calls)."""
    def typed(fn, restype, *argtypes):
        return ctypes.CFUNCTYPE(restype, *argtypes)(ctypes.cast(fn, ctypes.c_void_p).value)

    vp, i, dp = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)
    return {"generated": typed(raw.FPDFText_IsGenerated, i, vp, i), "unicode": typed(raw.FPDFText_GetUnicode, ctypes.c_uint, vp, i),
            "object": typed(raw.FPDFText_GetTextObject, vp, vp, i), "origin": typed(raw.FPDFText_GetCharOrigin, i, vp, i, dp, dp)}


_BY_ADDRESS = _by_address()


def _along(pen, x: float, y: float) -> tuple[float, float]:
    """(across, along): where pdfium's origin ``(x, y)`` lies from the last character's (``pen``),
    across its baseline (in points) and along it (in the text's units, as pdfium's advances)."""
    (a, b, _c, _d), px, py = pen[:3]
    n = math.hypot(a, b) or 1.0
    dx, dy = x - px, y - py
    return (dx * -b + dy * a) / n, (dx * a + dy * b) / n / n


def _continues(pen, matrix, x: float, y: float, tw: float | None) -> bool:
    """Whether a text object starting at pdfium's origin ``(x, y)`` goes on where the last character
    (``pen``: matrix, origin, pdfium's advance, size, a space or not) left off (a change of font or
    colour within a line: no new text matrix in between), so that it inherits what pdfium's
    whole-unit widths lost so far: on the same baseline, in the same direction, and exactly at
    pdfium's end of the last character (after a space, plus the line's word spacing ``tw`` when
    seen; unseen, within a quarter of an em, on the baseline), or raised or lowered by less than
    an em, exactly there, after a character that is no space (a text rise: an exponent). A text matrix set anew puts the object at the file's
    own position instead: pdfium's end of the last character plus what was lost (or any other
    place)."""
    if pen is None or pen[0] != matrix:
        return False
    across, along = _along(pen, x, y)
    gap = along - pen[3]
    if pen[5]:
        return abs(gap - tw) < 1e-3 if tw is not None else abs(gap) < 0.25 * pen[4] and abs(across) < 1e-3
    if abs(across) < 1e-3:
        return abs(gap) < 1e-3  # a text matrix set anew this near loses less than 1/1000 pt of the drift
    # a text rise (less than an em): exactly at pdfium's end (to its float's noise), where a text
    # matrix set anew would be off by the drift (1/10,000 pt or more on the rulebooks' exponents)
    return abs(gap) < 2e-5 and abs(across) < pen[4]


def _multiply(m, n):
    """The matrix ``m`` then ``n`` (PDF's row-vector convention: m × n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _matrix_of(obj):
    m = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, m):
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _walk(obj, outer, height: float, rects: list[dict], lines: list[dict] | None) -> None:
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        inner = _multiply(_matrix_of(obj), outer)
        for i in range(raw.FPDFFormObj_CountObjects(obj)):
            _walk(raw.FPDFFormObj_GetObject(obj, i), inner, height, rects, lines)
        return
    if kind != raw.FPDF_PAGEOBJ_PATH:
        return
    segments, kinds = [], []
    for i in range(raw.FPDFPath_CountSegments(obj)):
        segments.append(raw.FPDFPath_GetPathSegment(obj, i))
        kinds.append(raw.FPDFPathSegment_GetType(segments[-1]))
        if lines is None and kinds[-1] == raw.FPDF_SEGMENT_BEZIERTO:
            return  # a curve: no rectangle, and no line is asked for
    move, line = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO
    # a subpath of a move and one line is a line (pdfminer splits a path at each move)
    alone = [i for i, k in enumerate(kinds) if k == move and i + 1 < len(kinds) and kinds[i + 1] == line
             and (i + 2 == len(kinds) or kinds[i + 2] == move)] if lines is not None else []
    boxed = len(kinds) in (4, 5) and raw.FPDF_SEGMENT_BEZIERTO not in kinds  # a rectangle's 4 corners (and a 5th closing it)
    if not alone and not boxed:
        return
    m = _multiply(_matrix_of(obj), outer)
    x, y = ctypes.c_float(), ctypes.c_float()

    def point(i: int) -> tuple[float, float]:
        raw.FPDFPathSegment_GetPoint(segments[i], x, y)
        px, py = x.value, y.value
        return (m[0] * px + m[2] * py + m[4], m[1] * px + m[3] * py + m[5])

    fillmode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fillmode, stroke)
    drawn = {"fill": fillmode.value != 0, "stroke": bool(stroke.value)}
    for i in alone:
        (ax, ay), (bx, by) = point(i), point(i + 1)
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        lines.append({"object_type": "line", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "top": height - y1, "bottom": height - y0,
                      "width": x1 - x0, "height": y1 - y0, "pts": [(ax, height - ay), (bx, height - by)], **drawn})
    rect = _rectangle([point(i) for i in range(len(kinds))]) if boxed else None
    if rect is None:
        return
    x0, y0, x1, y1 = rect
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
    rects.append({"object_type": "rect", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "top": height - y1, "bottom": height - y0,
                  "width": x1 - x0, "height": y1 - y0, **drawn, "fill_rgb": (r.value / 255, g.value / 255, b.value / 255)})


def _paths(obj, outer, height: float, rects: list[dict], lines: list[dict], curves: list[dict], images: list[dict]) -> None:
    """The rectangles, lines and curves of a path object (and of the paths in a form), as pdfminer
    makes them (pdfminer.converter's ``PDFLayoutAnalyzer.paint_path``): a path split at each move;
    a subpath's points the end point of each segment (a curve's control points left out) and, for
    each close, its start again (pdfium marks the segment it closes; a line back to the start
    before the close counts once); a move and one line (closed or not) a line; a move, three lines
    and a close (or four lines back to the start) with sides along the axes, exactly, a rectangle;
    anything else a curve. Each with pdfplumber's ``x0 y0 x1 y1 top bottom width height``, ``pts``
    (x and distance from the top), ``fill``, ``stroke``, ``linewidth`` (pdfium's width of a
    stroke, when stroked: pdfminer's reads 0 until the file sets one) and ``fill_rgb``. An image
    (pdfplumber's ``images``): the box of its unit square under its matrix, ``x0 y0 x1 y1 top bottom
    width height``."""
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        inner = _multiply(_matrix_of(obj), outer)
        for i in range(raw.FPDFFormObj_CountObjects(obj)):
            _paths(raw.FPDFFormObj_GetObject(obj, i), inner, height, rects, lines, curves, images)
        return
    if kind == raw.FPDF_PAGEOBJ_IMAGE:
        a, b, c, d, e, f = _multiply(_matrix_of(obj), outer)
        corners = [(a * u + c * v + e, b * u + d * v + f) for u in (0.0, 1.0) for v in (0.0, 1.0)]
        x0, x1 = min(p[0] for p in corners), max(p[0] for p in corners)
        y0, y1 = min(p[1] for p in corners), max(p[1] for p in corners)
        images.append({"object_type": "image", "x0": x0, "y0": y0, "x1": x1, "y1": y1, "top": height - y1, "bottom": height - y0,
                       "width": x1 - x0, "height": y1 - y0})
        return
    if kind != raw.FPDF_PAGEOBJ_PATH:
        return
    a, b, c, d, e, f = _multiply(_matrix_of(obj), outer)
    x, y = ctypes.c_float(), ctypes.c_float()
    get, kind_of, point, closes = raw.FPDFPath_GetPathSegment, raw.FPDFPathSegment_GetType, raw.FPDFPathSegment_GetPoint, raw.FPDFPathSegment_GetClose
    move, line = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO
    ops: list[str] = []
    pts: list[tuple[float, float] | None] = []
    controls = 0  # bezier points since the last end of a segment: the third is a curve's end
    for i in range(raw.FPDFPath_CountSegments(obj)):
        seg = get(obj, i)
        t = kind_of(seg)
        if t == move or t == line:
            op, controls = ("m" if t == move else "l"), 0
        else:
            controls += 1
            if controls < 3:
                continue
            op, controls = "c", 0
        point(seg, x, y)
        px, py = x.value, y.value
        ops.append(op)
        pts.append((a * px + c * py + e, b * px + d * py + f))
        if closes(seg):
            ops.append("h")
            pts.append(None)
    if not ops:
        return
    fillmode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fillmode, stroke)
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    r, g, bl, al = (ctypes.c_uint() for _ in range(4))
    raw.FPDFPageObj_GetFillColor(obj, r, g, bl, al)
    drawn = {"fill": fillmode.value != 0, "stroke": bool(stroke.value), "linewidth": float(width.value),
             "fill_rgb": (r.value / 255, g.value / 255, bl.value / 255)}
    shape = "".join(ops)
    if shape[:1] != "m":
        return
    starts = [i for i, op in enumerate(ops) if op == "m"] + [len(ops)]
    for s0, s1 in zip(starts, starts[1:]):
        if s1 - s0 >= 2:  # pdfminer's r"m[^m]+": a move alone is nothing
            _subpath(shape[s0:s1], [p if p is not None else pts[s0] for p in pts[s0:s1]], height, drawn, rects, lines, curves)


def _subpath(shape: str, pts: list[tuple[float, float]], height: float, drawn: dict,
             rects: list[dict], lines: list[dict], curves: list[dict]) -> None:
    if len(shape) > 3 and shape[-2:] == "lh" and pts[-2] == pts[0]:  # a line back to the start, then closed
        shape = shape[:-2] + "h"
        pts = pts[:-2] + pts[-1:]
    if shape in ("mlh", "ml"):
        kind, out, pts = "line", lines, pts[:2]
    elif shape in ("mlllh", "mllll") and pts[0] == pts[4] and (
            (pts[0][0] == pts[1][0] and pts[1][1] == pts[2][1] and pts[2][0] == pts[3][0] and pts[3][1] == pts[0][1])
            or (pts[0][1] == pts[1][1] and pts[1][0] == pts[2][0] and pts[2][1] == pts[3][1] and pts[3][0] == pts[0][0])):
        kind, out = "rect", rects
    else:
        kind, out = "curve", curves
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if kind == "rect":  # pdfminer's LTRect: its corners from the path's first point, by its third (drawn from any corner)
        (ax, ay), (bx, by) = pts[0], pts[2]
        pts = [(ax, ay), (bx, ay), (bx, by), (ax, by)]
    out.append({"object_type": kind, "x0": x0, "y0": y0, "x1": x1, "y1": y1, "top": height - y1, "bottom": height - y0,
                "width": x1 - x0, "height": y1 - y0, "pts": [(px, height - py) for px, py in pts], **drawn})


def _rectangle(points: list[tuple[float, float]], tol: float = 1e-3):
    """(x0, y0, x1, y1) when the points trace an axis-aligned rectangle, else None."""
    if points and len(points) == 5 and math.dist(points[0], points[-1]) <= tol:
        points = points[:4]
    if len(points) != 4:
        return None
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        if abs(ax - bx) > tol and abs(ay - by) > tol:
            return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if x1 - x0 <= tol and y1 - y0 <= tol:
        return None
    return (x0, y0, x1, y1)
