"""Issue 31, point 5: the DriveThruCards file is PDF/X-1a:2001: PDF 1.3, an OutputIntent (GTS_PDFX),
the PDF/X keys, TrimBox and BleedBox on every page, CMYK only, every font embedded under its own
subset tag. Read back with pypdf, then checked by qpdf and Ghostscript (rendering, and its PDF/X
pdfwrite, which stops on what it cannot make PDF/X)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

import pdfcheck


@pytest.fixture(scope="module")
def dtc(tmp_path_factory):
    out = pdfcheck.build(tmp_path_factory.mktemp("dtc") / "mgc", "mgc", "--for", "dtc")
    return out / "cards-one-per-page.pdf"


def test_pdfx_1a_structure(dtc):
    assert dtc.read_bytes()[:8] == b"%PDF-1.3"
    reader = PdfReader(dtc)
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    assert intent["/RegistryName"] == "http://www.color.org"
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001" and info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False" and info["/Title"]
    assert reader.trailer.get("/ID")
    for page in reader.pages:
        media, trim, bleed = (pdfcheck.page_box(page, n) for n in ("mediabox", "trimbox", "bleedbox"))
        assert trim.inside(bleed) and bleed.inside(media)
        assert trim.w < media.w  # the bleed is there


def test_fonts_embedded_with_unique_subset_tags(dtc):
    reader = PdfReader(dtc)
    fonts = pdfcheck.fonts_used(reader)
    names = {str(f["/BaseFont"]) for f in fonts}
    assert len(names) >= 2
    tags = [n[1:7] for n in names]
    assert all(re.fullmatch(r"/[A-Z]{6}\+\S+", n) for n in names), names
    assert len(set(tags)) == len(tags), names
    assert all(pdfcheck.font_file(f) for f in fonts)


def test_cmyk_only(dtc):
    scan = pdfcheck.scan_colours(PdfReader(dtc))
    assert scan.rgb == [] and scan.cmyk


@pytest.mark.skipif(shutil.which("gs") is None or shutil.which("qpdf") is None, reason="needs Ghostscript and qpdf")
def test_qpdf_and_ghostscript_accept_it(dtc, tmp_path):
    check = subprocess.run(["qpdf", "--check", str(dtc)], capture_output=True, text=True)
    assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout
    render = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=nullpage", str(dtc)], capture_output=True, text=True)
    assert render.returncode == 0 and not render.stdout.strip() and not render.stderr.strip()
    pdfx = subprocess.run(["gs", "-q", "-dPDFX", "-dNOPAUSE", "-dBATCH", "-sDEVICE=pdfwrite", "-sColorConversionStrategy=CMYK",
                           "-dPDFXSetBleedBoxToMediaBox=false", f"-sOutputFile={tmp_path / 'x.pdf'}", str(dtc)], capture_output=True, text=True)
    assert pdfx.returncode == 0 and not pdfx.stderr.strip(), pdfx.stderr[-500:]


def test_same_bytes_for_the_same_deck(tmp_path):
    """The PDF/X rewrite keeps the build deterministic (a document ID from the content)."""
    a = pdfcheck.build(tmp_path / "a", "hectoedra", "--cards", "1-12", "--for", "dtc") / "cards-one-per-page.pdf"
    b = pdfcheck.build(tmp_path / "b", "hectoedra", "--cards", "1-12", "--for", "dtc") / "cards-one-per-page.pdf"
    assert a.read_bytes() == b.read_bytes() and a.read_bytes()[:8] == b"%PDF-1.3"
