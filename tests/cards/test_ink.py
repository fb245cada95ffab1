"""`--ink low` keeps every sheet, faces and backs, under what `--help` promises (issue 42: one ink
figure, C+M+Y+K as Ghostscript's ink_cov measures it, the figure the build prints)."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from clirun import run
from cardcheck import GAMES
from deckgen.render.ink import LOW_INK_LIMIT, LOW_INK_TARGET, page_coverage, pale, darkness

GS = shutil.which("gs")
needs_gs = pytest.mark.skipif(GS is None, reason="Ghostscript (gs) is not installed")


def cmyk_totals(pdf) -> list[float]:
    """Each page's C+M+Y+K in percent, read by Ghostscript directly (not through deckgen)."""
    out = subprocess.run([GS, "-q", "-dSAFER", "-o", "-", "-sDEVICE=ink_cov", "-r72", str(pdf)],
                         capture_output=True, text=True, check=True).stdout
    return [sum(float(v) for v in line.split()[:4]) for line in out.splitlines() if "CMYK" in line]


def promised(capsys) -> float:
    """The figure `deckgen build --help` promises for --ink low."""
    code, out, err = run(capsys, "build", "--help")
    m = re.search(r"every sheet\s+under\s+(\d+)%\s+ink", " ".join(out.split()))
    assert m, out
    return float(m.group(1))


def test_help_promises_the_limit_the_build_checks(capsys):
    assert promised(capsys) == LOW_INK_LIMIT


@needs_gs
@pytest.mark.parametrize("game", GAMES)
def test_low_ink_every_sheet_under_the_promise(built, game):
    pages = cmyk_totals(built(game, "--ink", "low").pdf_path)
    assert len(pages) >= 2
    assert max(pages) <= LOW_INK_LIMIT, [f"{p:.0f}" for p in pages]


@pytest.mark.parametrize("game", GAMES)
def test_low_ink_every_sheet_under_the_darkness_it_aims_for(built, game):
    pages = page_coverage(built(game, "--ink", "low").pdf_path)
    assert max(pages) <= LOW_INK_TARGET, [f"{p:.3f}" for p in pages]


@pytest.mark.parametrize("game", GAMES)
def test_normal_ink_is_darker_than_low(built, game):
    """The measure can fail: the same deck printed normally puts more ink on its darkest sheet."""
    normal = max(page_coverage(built(game).pdf_path))
    low = max(page_coverage(built(game, "--ink", "low").pdf_path))
    assert normal > low + 0.05


def test_coverage_measures_darkness(tmp_path):
    from reportlab.pdfgen.canvas import Canvas

    pdf = tmp_path / "half.pdf"
    c = Canvas(str(pdf), pagesize=(200, 100))
    c.rect(0, 0, 100, 100, fill=1, stroke=0)  # the left half black
    c.showPage()
    c.showPage()  # an empty page
    c.save()
    half, empty = page_coverage(pdf)
    assert half == pytest.approx(0.5, abs=0.02)
    assert empty == pytest.approx(0.0, abs=0.001)


def test_pale_keeps_hue_and_caps_darkness():
    assert pale("#1a1a1a", 0.1) != "#1a1a1a"
    assert darkness(pale("#1f4e9c", 0.1)) == pytest.approx(0.1, abs=0.01)
    r, g, b = (int(pale("#1f4e9c", 0.1)[i : i + 2], 16) for i in (1, 3, 5))
    assert b > g > r  # still blue
    assert pale("#f0f0f0", 0.1) == "#f0f0f0"  # already light


@needs_gs
def test_build_prints_one_ink_figure_per_pdf_checked_against_the_promise(capsys, tmp_path):
    code, out, err = run(capsys, "build", "hectoedra", "--cards", "1-12", "--ink", "low", "--lang", "all", "--out", tmp_path / "o")
    assert code == 0, err
    lines = [l for l in out.splitlines() if ".pdf" in l]
    assert sorted(l.split()[0] for l in lines) == ["cards.pdf", "preparing-en.pdf", "preparing-es.pdf", "rulebook-en.pdf", "rulebook-es.pdf"]
    for line in lines:
        assert line.count("%") >= 2 and len(re.findall(r"C\+M\+Y\+K", line)) == 1, line
        assert "of the page" not in line  # the greyscale darkness is no longer shown beside it
        name = line.split()[0]
        mean, most = (int(v) for v in re.search(r"mean (\d+)%, most (\d+)%", line).groups())
        totals = cmyk_totals(tmp_path / "o" / name)
        assert most == round(max(totals)) and mean == round(sum(totals) / len(totals))
    cards = next(l for l in lines if l.split()[0] == "cards.pdf")
    assert f"under the {LOW_INK_LIMIT:.0f}% that --ink low promises" in cards


def test_deck_file_asks_for_low_ink(capsys, tmp_path):
    deck = tmp_path / "d.toml"
    deck.write_text('game = "hectoedra"\nplayers = 2\n[options]\ncards = "1-40"\n[print]\nink = "low"\n', encoding="utf-8")
    code, out, err = run(capsys, "build", deck, "--out", tmp_path / "o")
    assert code == 0, err
    assert max(page_coverage(tmp_path / "o" / "cards.pdf")) <= LOW_INK_TARGET
    if GS:
        assert max(cmyk_totals(tmp_path / "o" / "cards.pdf")) <= LOW_INK_LIMIT


@pytest.mark.parametrize("argv", [("--ink", "none"), ("--ink", "")])
def test_unknown_ink_is_one_error_line(capsys, tmp_path, argv):
    code, out, err = run(capsys, "build", "hectoedra", *argv, "--out", tmp_path / "o")
    assert code == 2 and err.startswith("error:") and len(err.strip().splitlines()) == 1


def _hex(colour) -> str | None:
    """pdfplumber's fill colour (RGB 0..1, or a grey) as #rrggbb."""
    if colour is None:
        return None
    values = tuple(colour) if isinstance(colour, (list, tuple)) else (colour,)
    if len(values) == 1:
        values = values * 3
    if len(values) != 3:
        return None
    return "#" + "".join(f"{round(float(v) * 255):02x}" for v in values)


def glyphs_on_small_marks(page, cell_area: float) -> list[tuple[str, str, str]]:
    """(glyph, its colour, the colour under it) for every glyph whose middle lies on a small filled
    mark (under 2% of a card: a badge, a box in an icon): the last filled mark drawn before the glyph
    whose box holds its middle, read in the page's drawing order (pdfminer's layout without
    analysis keeps it)."""
    from pdfminer.layout import LTChar, LTCurve

    drawn, out = [], []
    for o in page.layout:
        if isinstance(o, LTCurve) and o.fill:  # LTRect is an LTCurve
            drawn.append(o)
        elif isinstance(o, LTChar) and o.get_text().strip():
            x, y = (o.x0 + o.x1) / 2, (o.y0 + o.y1) / 2
            ground = next((m for m in reversed(drawn) if m.x0 <= x <= m.x1 and m.y0 <= y <= m.y1), None)
            if ground is not None and (ground.x1 - ground.x0) * (ground.y1 - ground.y0) < 0.02 * cell_area:
                out.append((o.get_text(), _hex(o.graphicstate.ncolor), _hex(ground.non_stroking_color)))
    return out


@pytest.mark.parametrize("game,pages", [("monete", (0, 20)), ("maestras", (0, 2)), ("mgc", (20, 22))])
def test_low_ink_letters_on_small_marks_stay_readable(built, game, pages):
    """The print review of 2026-11-29: with --ink low the letters in the colour badges (Monete,
    Cartas Maestras: the cue for colour-blind players) and the signs on MGC's small corner icons
    ("?", "+4") were printed dark on their still dark marks (1.8:1 on Monete's blue): small marks keep
    their colour, and light text was darkened whatever lay under it. Every glyph on a small mark
    now contrasts with it at least 3:1 (WCAG's least for large text and graphics)."""
    from deckgen.render.ink import contrast

    b = built(game, "--ink", "low")
    card_area = (63 * 72 / 25.4) * (88 * 72 / 25.4)
    found = [g for p in pages for g in glyphs_on_small_marks(b.plumber.pages[p], card_area)]
    assert len(found) >= 8, found
    poor = sorted({(t, fg, bg, round(contrast(fg, bg), 2)) for t, fg, bg in found if fg and bg and contrast(fg, bg) < 3.0})
    assert not poor, poor[:8]


def test_contrast_is_wcags_ratio():
    from deckgen.render.ink import contrast

    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)
    assert contrast("#ffffff", "#1c3f8a") > 8 > 2 > contrast("#1a1a1a", "#1c3f8a")
