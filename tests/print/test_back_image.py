"""A designer's back image: refused below 150 dpi at the card's size (saying what it has and what it
needs), a warning below 300 dpi, silence above."""

from __future__ import annotations

import pytest
from PIL import Image

from clirun import run
from deckgen.render.images import cover_dpi


def deck(tmp_path, size: tuple[int, int], extra: str = "") -> str:
    Image.new("RGB", size, "#336699").save(tmp_path / "back.png")
    f = tmp_path / "deck.toml"
    f.write_text(f'game = "multiplicats"\n[options]\ntables = "2"\nspecials = false\n[print]\nback_image = "back.png"\n{extra}')
    return f


def test_a_40_by_56_back_is_refused(tmp_path, capsys):
    """40×56 px over a poker card and the 2 mm its back reaches (67×92 mm): 15 dpi."""
    f = deck(tmp_path, (40, 56))
    for command in ("build", "validate"):
        code, out, err = run(capsys, command, f, "--out", tmp_path / "o", "--quiet")
        assert code == 2, (command, out)
        assert "back.png is 40×56 px: 15 dpi" in err and "at least 150 dpi is needed" in err and "792×1087 px" in err
        assert not (tmp_path / "o" / "cards.pdf").exists()


def test_between_150_and_300_dpi_is_a_warning(tmp_path, capsys):
    """600×830 px over 67×92 mm: 227 dpi, kept with a warning that says what 300 dpi takes."""
    f = deck(tmp_path, (600, 830))
    code, out, err = run(capsys, "build", f, "--out", tmp_path / "o", "--force")
    assert code == 0, err
    assert "warning: back_image back.png is 600×830 px: 227 dpi" in out and "300 dpi (792×1087 px) prints sharper" in out


def test_below_150_with_the_bleed_asked_on_the_command_line(tmp_path, capsys):
    f = deck(tmp_path, (420, 580))  # 159 dpi over 67×92 mm; 128.5 dpi over 83×108 mm (10 mm bleed)
    code, _, err = run(capsys, "build", f, "--out", tmp_path / "o", "--bleed", "10", "--quiet", "--force")
    assert code == 2 and "129 dpi" in err and "83×108 mm" in err and len(err.splitlines()) == 1


def test_a_sharp_back_gets_no_warning(tmp_path, capsys):
    f = deck(tmp_path, (800, 1100))
    code, out, err = run(capsys, "build", f, "--out", tmp_path / "o", "--force")
    assert code == 0 and "warning" not in out + err


@pytest.mark.parametrize(
    "size,box,dpi",
    [((744, 1040), (63, 88), 299.96), ((1000, 1000), (63, 88), 288.64), ((300, 2000), (63, 88), 120.95), ((40, 56), (67, 92), 15.16)],
)
def test_cover_dpi(size, box, dpi):
    assert cover_dpi(size, box) == pytest.approx(dpi, abs=0.01)


# (card size, image width, verdict). Over a poker card and the 2 mm its back reaches (67 mm wide),
# 792 px is 300 dpi and 396 px 150 dpi; a 46.8 mm card plus 2 × 2 mm is exactly 2 in, so there 600 px
# is exactly 300 dpi (no warning) and 300 px exactly 150 dpi (a warning, not an error).
THRESHOLDS = [
    ("poker", 792, None), ("poker", 780, "warning"), ("poker", 396, "warning"), ("poker", 394, "error"),
    ("46.8x80", 600, None), ("46.8x80", 599, "warning"), ("46.8x80", 300, "warning"), ("46.8x80", 299, "error"),
]


@pytest.mark.parametrize("card,width,verdict", THRESHOLDS)
def test_the_thresholds(tmp_path, card, width, verdict):
    from deckgen.errors import OptionError
    from deckgen.render.images import check_back_image
    from deckgen.render.settings import PrintSettings

    Image.new("RGB", (width, 3000), "white").save(tmp_path / "b.png")
    settings = PrintSettings.parse(card=card, back_image=str(tmp_path / "b.png"))
    if verdict == "error":
        with pytest.raises(OptionError, match="at least 150 dpi is needed"):
            check_back_image(settings)
    elif verdict == "warning":
        assert "prints sharper" in check_back_image(settings)
    else:
        assert check_back_image(settings) is None
