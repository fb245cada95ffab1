"""A print shop's PDF as PDF/X-1a:2001 (ISO 15930-1): CMYK only, fonts embedded, each page's TrimBox
and BleedBox, an OutputIntent naming the printing condition, the PDF/X keys in the document
information, and (for the shops' preflights) a distinct subset tag on every embedded font.

reportlab writes the drawing; pikepdf (qpdf) adds what PDF/X asks for, in place. Checked in
tests/print/test_pdfx.py by reading the file back and with Ghostscript.
"""

from __future__ import annotations

import hashlib
import re
import string
from pathlib import Path

# The characterized printing condition DriveThruCards' CMYK files are separated for: SWOP coated
# (CGATS TR 001), registered at the ICC, so PDF/X-1a needs no embedded profile for it.
OUTPUT_CONDITION = "CGATS TR 001"
OUTPUT_INFO = "SWOP (Publication) coated paper, US (CGATS TR 001)"
REGISTRY = "http://www.color.org"
PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"


def _tag(seed: str, taken: set[str]) -> str:
    """Six capital letters from ``seed``, different from every tag already ``taken``."""
    n = 0
    while True:
        digest = hashlib.sha1(f"{seed}/{n}".encode()).digest()
        tag = "".join(string.ascii_uppercase[b % 26] for b in digest[:6])
        if tag not in taken:
            taken.add(tag)
            return tag
        n += 1


def _fonts(pdf) -> list:
    """Every font dictionary reachable from the pages and their form XObjects, once each."""
    import pikepdf

    seen: set = set()
    found = []

    def walk(resources) -> None:
        if not isinstance(resources, pikepdf.Dictionary):
            return
        for font in (resources.get("/Font") or {}).values():
            key = font.objgen
            if key not in seen:
                seen.add(key)
                found.append(font)
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.objgen not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(xobject.objgen)
                walk(xobject.get("/Resources"))

    for page in pdf.pages:
        walk(page.obj.get("/Resources"))
    return found


def unique_subset_tags(pdf) -> None:
    """Give every subset font its own six-letter tag (reportlab starts each at AAAAAA+)."""
    import pikepdf

    taken: set[str] = set()
    for font in _fonts(pdf):
        base = str(font.get("/BaseFont", ""))
        if len(base) < 8 or base[7] != "+":
            continue
        name = base[8:]
        tagged = pikepdf.Name("/" + _tag(f"{name}/{len(taken)}", taken) + "+" + name)
        font.BaseFont = tagged
        for descendant in font.get("/DescendantFonts") or []:
            descendant.BaseFont = tagged
            if "/FontDescriptor" in descendant:
                descendant.FontDescriptor.FontName = tagged
        if "/FontDescriptor" in font:
            font.FontDescriptor.FontName = tagged


_SUBSET = re.compile(rb"/([A-Z]{6})\+([A-Za-z0-9_.-]+)")
# A stream's dictionary end and its "stream" keyword; the stream's data follows the end of line.
_STREAM = re.compile(rb">>\s*stream(?:\r\n|\n|\r)")
_LENGTH = re.compile(rb"/Length\s+(\d+)(?!\d)(?!\s+\d+\s+R)")  # a direct length, not "/Length 12 0 R"


def _outside_streams(data: bytes) -> list[tuple[int, int]]:
    """The (start, end) spans of ``data`` that are not a stream's data: the objects' dictionaries
    and the file's structure. A stream's data (compressed, or ASCII85 text, which may spell
    anything, "/ABCDEF+d" included) is skipped by its direct /Length, else up to "endstream"."""
    spans, start, at = [], 0, 0
    while (m := _STREAM.search(data, at)) is not None:
        body = m.end()
        lengths = _LENGTH.findall(data, max(0, data.rfind(b" obj", 0, m.start())), m.start())
        end = body + int(lengths[-1]) if lengths else -1
        if end < 0 or data.find(b"endstream", end, end + 40) < 0:  # no length, or a wrong one
            end = data.find(b"endstream", body)
            if end < 0:
                break
        spans.append((start, body))
        start = at = end
    spans.append((start, len(data)))
    return spans


def tag_fonts(path: Path) -> Path:
    """Give each font subset of the PDF at ``path`` its own tag, in place and deterministically:
    every PDF deckgen writes (sheets, rulebooks, one-card pages, calibration and puzzle sheets), so
    that no two fonts share reportlab's AAAAAA+ (a viewer or a shop's RIP may take two fonts of one
    name for one). reportlab writes font dictionaries as plain objects, so each ``/TAG+Name`` is
    replaced by one of the same length: every byte offset of the file stays, and no PDF library is
    loaded for it (a quiet build's start-up stays as it was). Only the objects' dictionaries are
    read and rewritten, never a stream's data: reportlab writes streams as ASCII85 text, where a
    run such as "/FOYWVV+d" turns up by chance (a card sheet of 33 pages did), and rewriting
    it broke the page's content stream."""
    data = Path(path).read_bytes()
    taken: set[str] = set()
    new: dict[bytes, bytes] = {}
    spans = _outside_streams(data)
    for start, end in spans:
        for m in _SUBSET.finditer(data, start, end):
            if m.group(0) not in new:
                name = m.group(2).decode("ascii")
                new[m.group(0)] = b"/" + _tag(f"{m.group(1).decode()}+{name}", taken).encode() + b"+" + m.group(2)
    if new:
        parts, at = [], 0
        for start, end in spans:
            parts += [data[at:start], _SUBSET.sub(lambda m: new[m.group(0)], data[start:end])]
            at = end
        parts.append(data[at:])
        Path(path).write_bytes(b"".join(parts))
    return Path(path)


def make_pdfx1a(path: Path) -> Path:
    """Rewrite the CMYK PDF at ``path`` as PDF/X-1a:2001, deterministically."""
    import pikepdf

    with pikepdf.open(str(path), allow_overwriting_input=True) as pdf:
        unique_subset_tags(pdf)
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=OUTPUT_CONDITION, OutputCondition=OUTPUT_INFO,
            RegistryName=REGISTRY, Info=OUTPUT_INFO,
        ))])
        info = pdf.docinfo
        info[pikepdf.Name.GTS_PDFXVersion] = PDFX_VERSION
        info[pikepdf.Name.GTS_PDFXConformance] = PDFX_CONFORMANCE
        info[pikepdf.Name.Trapped] = pikepdf.Name("/False")
        for key in ("/CreationDate", "/ModDate"):
            if key not in info:
                info[key] = "D:20000101000000+00'00'"
        if "/Metadata" in pdf.Root:
            del pdf.Root["/Metadata"]
        for page in pdf.pages:  # PDF/X: every page has its TrimBox (and the BleedBox inside the MediaBox)
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = page.obj.MediaBox
        pdf.save(str(path), force_version="1.3", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 deterministic_id=True, linearize=False)
    return Path(path)
