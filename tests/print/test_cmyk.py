"""--colour cmyk, read back from every content stream of every page and form: no RGB operator or
image anywhere, black text in black ink alone, total ink at most 240%."""

from __future__ import annotations

import pytest
from PIL import Image
from pypdf import PdfReader

import pdfcheck
from clirun import run
from deckgen.render.palette import MAX_INK, cmyk


def k_only(colour: tuple[float, ...]) -> bool:
    return len(colour) == 4 and colour[:3] == (0.0, 0.0, 0.0)


@pytest.fixture(scope="module")
def cmyk_build(tmp_path_factory):
    """Multipli Cat's (tables 1-2 with specials) in CMYK, with a designer's colourful back image."""
    folder = tmp_path_factory.mktemp("cmyk")
    img = Image.new("RGB", (800, 1100), "#000000")
    for i, colour in enumerate(("#ff0000", "#00ff00", "#0000ff", "#1a1a1a", "#ffffff")):
        img.paste(colour, (0, 200 * i + 100, 800, 200 * i + 300))
    img.save(folder / "back.png")
    (folder / "deck.toml").write_text('game = "multiplicats"\n[options]\ntables = "1-2"\n[print]\nback_image = "back.png"\ncolour = "cmyk"\nformat = "sheets,pdf"\n')
    return pdfcheck.build(folder / "out", str(folder / "deck.toml"))


@pytest.mark.parametrize("name", ["cards.pdf", "cards-one-per-page.pdf"])
def test_no_rgb_anywhere(cmyk_build, name):
    scan = pdfcheck.scan_colours(PdfReader(cmyk_build / name))
    assert scan.rgb == []
    assert scan.cmyk and scan.text_fills
    assert scan.images and set(scan.images) == {"/DeviceCMYK"}  # the back image, converted


@pytest.mark.parametrize("name", ["cards.pdf", "cards-one-per-page.pdf"])
def test_black_text_is_black_ink_alone_and_ink_stays_under_240(cmyk_build, name):
    scan = pdfcheck.scan_colours(PdfReader(cmyk_build / name))
    assert all(len(f) == 4 for _, f in scan.text_fills)
    for colour in scan.cmyk:
        assert sum(colour) <= MAX_INK + 1e-6, colour
        assert min(colour[:3]) == 0, colour  # never all four inks: the darkness is black ink's
    # the numbers on the cards and the sheet's label are black text: K alone, at least 85%
    import pdfplumber

    with pdfplumber.open(cmyk_build / name) as pdf:
        pages = [pdf.pages[n] for n in ((0, 2) if name == "cards.pdf" else (1, 3))]
        chars = [c for page in pages for c in page.chars if c["text"] in "0123456789×·"]
        assert len(chars) >= 16
        for c in chars:
            colour = tuple(c["non_stroking_color"])
            assert k_only(colour) and colour[3] >= 0.85, (c["text"], colour)


def test_the_back_image_is_converted_with_black_ink(cmyk_build):
    reader = PdfReader(cmyk_build / "cards-one-per-page.pdf")
    xobjects = reader.pages[0]["/Resources"]["/XObject"]
    form = next(iter(xobjects.values())).get_object()
    image = next(v.get_object() for v in form["/Resources"]["/XObject"].values() if v.get_object()["/Subtype"] == "/Image")
    data = image.get_data()
    pixels = [tuple(data[i : i + 4]) for i in range(0, len(data), 4)]
    assert max(sum(p) for p in pixels) <= round(MAX_INK * 255) + 4
    assert (0, 0, 0, 255) in pixels  # the image's black: K alone
    assert any(p[0] > 200 and p[3] < 10 for p in pixels)  # its blue and green: cyan, no black


def test_an_rgb_build_is_seen_as_rgb(tmp_path):
    """The scan can fail: the default build writes RGB and the scan finds it."""
    out = pdfcheck.build(tmp_path, "multiplicats", "--tables", "1", "--no-specials", "--backs", "none")
    assert len(pdfcheck.scan_colours(PdfReader(out / "cards.pdf")).rgb) > 20


def test_other_games_in_cmyk_have_no_rgb_and_never_all_four_inks(tmp_path, capsys):
    for game, opts in (("monete", ()), ("mgc", ("--coefficients", "1-2", "--degrees", "0-1"))):
        out = tmp_path / game
        code, _, err = run(capsys, "build", game, *opts, "--colour", "cmyk", "--backs", "none", "--out", out, "--quiet", "--force")
        assert code == 0, err
        scan = pdfcheck.scan_colours(PdfReader(out / "cards.pdf"))
        assert scan.rgb == [], game
        for colour in scan.cmyk:
            assert sum(colour) <= MAX_INK + 1e-6, (game, colour)
            assert min(colour[:3]) == 0, (game, colour)
        assert all(len(f) == 4 for _, f in scan.text_fills)  # coloured text (Monete's suits) stays coloured, in CMYK


@pytest.mark.parametrize(
    "hex_colour,expected",
    [
        ("#000000", (0, 0, 0, 1)),
        ("#1a1a1a", (0, 0, 0, 0.898)),
        ("#ffffff", (0, 0, 0, 0)),
        ("#ff0000", (0, 1, 1, 0)),
        ("#00ff00", (1, 0, 1, 0)),
        ("#808080", (0, 0, 0, 0.498)),
        ("#1c1a1e", (0, 0, 0, 0.8902)),  # a near-grey is a grey: black ink alone
        ("#1a1a2e", (0.4348, 0.4348, 0, 0.8196)),  # a dark blue is not
        ("#1a1a2a", (0, 0, 0, 0.8771)),  # channels 16/255 apart: still a grey (K from their mean)
        ("#1a1a2b", (0.3953, 0.3953, 0, 0.8314)),  # 17/255 apart: a colour
        ("#000080", (0.951, 0.951, 0, 0.498)),  # 100+100+50 = 250% capped to 240%
    ],
)
def test_cmyk_conversion(hex_colour, expected):
    assert cmyk(hex_colour) == pytest.approx(expected, abs=1e-3)
    assert sum(cmyk(hex_colour)) <= MAX_INK + 1e-9
