"""Issue 31, point 5: `build` reports real ink, C+M+Y+K per page as Ghostscript's ink_cov device
measures it, and --ink low lightens MGC's black action cards (206% of ink on their sheets)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from deckgen.render import ink
from tests.clirun import run

GS = shutil.which("gs")
LINE = re.compile(r"ink C\+M\+Y\+K per page \(Ghostscript ink_cov\): mean (\d+)%, most (\d+)% \(page (\d+)\)")


def _gs_totals(pdf) -> list[float]:
    """ink_cov read independently of deckgen: each page's C+M+Y+K in percent."""
    out = subprocess.run([GS, "-q", "-dSAFER", "-o", "-", "-sDEVICE=ink_cov", "-r72", str(pdf)], capture_output=True, text=True, check=True).stdout
    return [sum(float(v) for v in line.split()[:4]) for line in out.splitlines() if "CMYK" in line]


@pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed")
def test_build_reports_ink_and_low_ink_lightens_mgc_actions(capsys, tmp_path):
    figures = {}
    for mode in ("normal", "low"):
        out_dir = tmp_path / mode
        code, out, err = run(capsys, "build", "mgc", "--ink", mode, "--out", out_dir, "--lang", "es")
        assert code == 0, err
        line = next(l for l in out.splitlines() if l.strip().startswith("cards.pdf"))
        mean, most, page = (int(v) for v in LINE.search(line).groups())
        totals = _gs_totals(out_dir / "cards.pdf")
        assert most == round(max(totals)) and page == totals.index(max(totals)) + 1
        assert mean == round(sum(totals) / len(totals))
        figures[mode] = (mean, most)
    assert figures["normal"][1] >= 180  # the black action sheets
    assert figures["low"][1] <= 60 and figures["low"][0] <= figures["normal"][0] / 2


def test_no_ghostscript_no_figure(monkeypatch, tmp_path):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert ink.ink_coverage(tmp_path / "missing.pdf") is None


def test_summary_names_the_heaviest_page():
    pages = [(10.0, 10.0, 10.0, 0.0), (50.0, 50.0, 50.0, 56.0), (1.0, 1.0, 1.0, 1.0)]
    assert ink.ink_summary(pages) == "ink C+M+Y+K per page (Ghostscript ink_cov): mean 80%, most 206% (page 2)"
