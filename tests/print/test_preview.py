"""deckgen preview: PNG contact sheets of every card face and the back, of the right size, not blank."""

from __future__ import annotations

import pytest
from PIL import Image, ImageStat

from deckgen.main import main

PX_PER_MM, GAP_MM, COLS, PER_SHEET = 4, 4, 6, 30  # the contact-sheet format


def sheet_size(tiles: int, card=(63, 88)) -> tuple[int, int]:
    cols, rows = min(COLS, tiles), -(-tiles // COLS)
    w = cols * (card[0] + GAP_MM) * PX_PER_MM + GAP_MM * PX_PER_MM
    h = rows * (card[1] + GAP_MM) * PX_PER_MM + GAP_MM * PX_PER_MM
    return round(w), round(h)


@pytest.fixture(scope="module")
def preview(tmp_path_factory):
    out = tmp_path_factory.mktemp("preview")
    main(["preview", "multiplicats", "--tables", "1-6", "--out", str(out), "-q"])
    return out


def test_contact_sheets_cover_every_card_the_help_cards_and_the_back(preview):
    files = sorted(p.name for p in preview.iterdir() if not p.name.startswith("."))
    # 102 fronts + 2 help cards (as cards.pdf prints them after the deck) + 1 back = 105 tiles, 30 a
    # sheet -> 4 sheets (30, 30, 30, 15)
    assert files == ["preview-01.png", "preview-02.png", "preview-03.png", "preview-04.png"]
    sizes = [Image.open(preview / f).size for f in files]
    assert sizes == [sheet_size(30)] * 3 + [sheet_size(15)]
    assert sizes[0] == (1624, 1856)


def test_the_help_cards_come_after_the_deck_and_before_the_back(tmp_path, capsys, monkeypatch):
    from clirun import run

    import deckgen.render.preview as previews

    drawn = []
    real = previews.write_previews

    def watched(folder, job, **kw):
        drawn.append([c.kind for c in job.cards])
        return real(folder, job, **kw)

    monkeypatch.setattr(previews, "write_previews", watched)
    code, out, _ = run(capsys, "preview", "multiplicats", "--tables", "1-6", "--out", tmp_path / "p")
    assert code == 0 and out.splitlines()[0] == f"Multipli Cat's: 102 cards and 2 help cards previewed in {tmp_path / 'p'}/"
    code, out, _ = run(capsys, "preview", "multiplicats", "--tables", "1-6", "--no-help-card", "--out", tmp_path / "q")
    assert code == 0 and out.splitlines()[0] == f"Multipli Cat's: 102 cards previewed in {tmp_path / 'q'}/"
    assert Image.open(tmp_path / "q" / "preview-04.png").size == sheet_size(13)  # 102 fronts and the back
    with_help, without = drawn
    assert len(with_help) == 104 and with_help[102:] == ["help", "help"] and "help" not in with_help[:102]
    assert without == with_help[:102]


def test_tiles_are_not_blank(preview):
    img = Image.open(preview / "preview-01.png").convert("RGB")
    cw, ch, gap = 63 * PX_PER_MM, 88 * PX_PER_MM, GAP_MM * PX_PER_MM
    for i in range(30):
        r, c = divmod(i, COLS)
        x, y = gap + c * (cw + gap), gap + r * (ch + gap)
        tile = img.crop((x + 8, y + 8, x + cw - 8, y + ch - 8)).convert("L")
        stat = ImageStat.Stat(tile)
        assert stat.stddev[0] > 20, i  # drawn on, not a flat colour
        dark = sum(tile.histogram()[:80])
        assert dark > 500, i  # it has dark ink: the numbers


def test_back_tile_is_the_dark_back(preview):
    img = Image.open(preview / "preview-04.png").convert("L")
    cw, ch, gap = 63 * PX_PER_MM, 88 * PX_PER_MM, GAP_MM * PX_PER_MM
    i = 14  # the 15th tile of the last sheet
    r, c = divmod(i, COLS)
    x, y = gap + c * (cw + gap), gap + r * (ch + gap)
    corner = img.crop((x + 4, y + 4, x + 30, y + 30))
    assert ImageStat.Stat(corner).mean[0] < 90  # the dark ground reaches the corner
    empty = img.crop((x + cw + gap + 10, y + 10, x + 2 * cw, y + ch - 10))  # no 16th tile
    assert ImageStat.Stat(empty).stddev[0] < 1


def test_preview_in_mini_size(tmp_path):
    main(["preview", "multiplicats", "--tables", "1", "--card-size", "mini", "--out", str(tmp_path), "-q"])
    files = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("."))
    assert files == ["preview-01.png", "preview-02.png"]  # 33 tiles: 30 cards, 2 help cards, the back
    assert Image.open(tmp_path / "preview-02.png").size == sheet_size(3, (44, 63))

