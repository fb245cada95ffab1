"""Per-card exports and shop presets, read back: pixel sizes, file names, page boxes, page order,
Tabletop Simulator sheets, and the same bytes for the same seed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

import pdfcheck
from clirun import run
from pdfcheck import MM

SMALL = ("--tables", "1", "--no-specials", "--no-help-card")  # 20 cards (the help card left out)


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    """``export(*args)``: the output folder of `deckgen build multiplicats *args` (cards only), built once."""
    cache: dict[tuple[str, ...], Path] = {}

    def get(*args: str) -> Path:
        if args not in cache:
            cache[args] = pdfcheck.build(tmp_path_factory.mktemp("export"), "multiplicats", *args)
        return cache[args]

    return get


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


# (preset, pixel size of every image: the card plus its bleed at 300 dpi)
PIXELS = [("tgc", (825, 1125)), ("mpc", (822, 1122))]


@pytest.mark.parametrize("shop,size", PIXELS)
def test_preset_pngs_have_the_shops_pixel_size(export, shop, size):
    out = export(*SMALL, "--for", shop)
    names = sorted(p.name for p in (out / "png").iterdir())
    assert names == [f"{i:03d}-front.png" for i in range(1, 21)] + ["back.png"]
    assert not (out / "cards.pdf").exists()  # the shop takes images, not sheets
    for name in names:
        with Image.open(out / "png" / name) as img:
            assert img.size == size and img.mode == "RGB", name
            assert [round(v) for v in img.info["dpi"]] == [300, 300]


def test_pngs_follow_the_deck_order(export):
    """Each image shows its card: 001 is the deck's first card (1 × 1 with --tables 1)."""
    out = export(*SMALL, "--for", "tgc")
    deck = json.loads((out / "deck.json").read_text())
    assert len(deck["cards"]) == 20
    with Image.open(out / "png" / "001-front.png") as a, Image.open(out / "png" / "002-front.png") as b:
        assert a.tobytes() != b.tobytes()
    from deckgen.games.multiplicats import faces as _  # noqa: F401  (the game's faces are importable)
    from deckgen.model import Card
    from deckgen.registry import get_game
    from deckgen.render.export import CardArt
    from deckgen.render.faces import Frame

    game = get_game("multiplicats")
    art = CardArt(game.faces, Frame(63.5, 88.9, 25.4 / 8, "es", deck["options"]))
    for i in (0, 7, 19):
        card = deck["cards"][i]
        expected = art.render(Card(card["kind"], {k: v for k, v in card.items() if k != "kind"}), (825, 1125))
        with Image.open(out / "png" / f"{i + 1:03d}-front.png") as img:
            assert img.tobytes() == expected.tobytes(), i


def test_cli_options_win_over_the_preset(export):
    out = export(*SMALL, "--for", "tgc", "--dpi", "150")
    with Image.open(out / "png" / "back.png") as img:
        assert img.size == (412, 562)  # 2.75 × 3.75 in at 150 dpi


def test_dtc_one_card_per_page_pdf(export):
    """DriveThruCards: every page 2.75×3.75 in, TrimBox the 2.5×3.5 in card 1/8 in inside, BleedBox
    the whole page; the back of card 1, then its front, and so on; CMYK."""
    out = export(*SMALL, "--for", "dtc")
    reader = PdfReader(out / "cards-one-per-page.pdf")
    assert len(reader.pages) == 40
    for page in reader.pages:
        media = pdfcheck.page_box(page, "mediabox")
        assert media.key(2) == (0.0, 0.0, 198.0, 270.0)
        assert pdfcheck.page_box(page, "bleedbox").key(2) == media.key(2)
        assert pdfcheck.page_box(page, "trimbox").key(2) == (9.0, 9.0, 189.0, 261.0)
    texts = [reader.pages[n].extract_text() for n in (0, 1, 2, 3)]
    assert "1 × 1" not in texts[0] and "1 × 1" in texts[1]  # back, then the front of card 1
    assert "1 × 2" in texts[3]
    assert pdfcheck.scan_colours(reader).rgb == []


def test_pdf_format_without_a_preset_keeps_the_build_size(export):
    out = export(*SMALL, "--format", "pdf,sheets", "--bleed", "2")
    assert (out / "cards.pdf").is_file()
    page = PdfReader(out / "cards-one-per-page.pdf").pages[1]
    assert pdfcheck.page_box(page, "mediabox").key(2) == tuple(round(v * MM, 2) for v in (0, 0, 67, 92))
    assert pdfcheck.page_box(page, "trimbox").key(2) == tuple(round(v * MM, 2) for v in (2, 2, 65, 90))


def test_home_preset_writes_sheets_of_nine(export):
    out = export(*SMALL, "--for", "home")
    reader = PdfReader(out / "cards.pdf")
    assert len(reader.pages) == 6  # 20 cards, 9 a sheet, fronts and backs
    assert not (out / "png").exists()


def test_tts_sheets(export):
    """At most 10×7 per sheet (69 cards and the back as the hidden card), at most 4096 px, RGB; the
    count in each sheet's name and in tts.json."""
    out = export("--tables", "1-6", "--no-help-card", "--format", "tts")  # 102 cards: 69 + 33
    meta = json.loads((out / "tts" / "tts.json").read_text())
    assert meta["cards"] == 102 and [s["cards"] for s in meta["sheets"]] == [69, 33]
    assert [s["file"] for s in meta["sheets"]] == ["sheet-1-69-cards.png", "sheet-2-33-cards.png"]
    tw, th = meta["card_px"]
    assert tw * 10 <= 4096 and th * 7 <= 4096 and tw == 409
    with Image.open(out / "tts" / "back.png") as back:
        back_pixels = back.convert("RGB").tobytes()
        assert back.size == (tw, th)
    for s, rows in zip(meta["sheets"], (7, 4)):
        assert (s["columns"], s["rows"]) == (10, rows)
        with Image.open(out / "tts" / s["file"]) as img:
            assert img.mode == "RGB" and img.size == (10 * tw, rows * th) and max(img.size) <= 4096
            hidden = img.crop((9 * tw, (rows - 1) * th, 10 * tw, rows * th))
            assert hidden.tobytes() == back_pixels


def test_the_same_seed_gives_the_same_bytes(tmp_path):
    a = pdfcheck.build(tmp_path / "a", "multiplicats", *SMALL, "--format", "png,pdf,tts,sheets", "--dpi", "100", "--colour", "cmyk")
    b = pdfcheck.build(tmp_path / "b", "multiplicats", *SMALL, "--format", "png,pdf,tts,sheets", "--dpi", "100", "--colour", "cmyk")
    da, db = digest(a), digest(b)
    # 21 images, the one-card PDF, one TTS sheet with its back and tts.json, cards.pdf, deck.json and
    # the .deckgen marker of a published folder
    assert len(da) == 21 + 1 + 3 + 2 + 1 and da == db


def test_the_help_card_follows_the_deck_in_the_exports(tmp_path):
    out = pdfcheck.build(tmp_path, "multiplicats", "--tables", "1", "--no-specials", "--format", "png", "--dpi", "72", help_card=True)
    assert len(json.loads((out / "deck.json").read_text())["cards"]) == 21  # 20 cards and the help card
    assert sorted(p.name for p in (out / "png").iterdir())[-2:] == ["021-front.png", "back.png"]


def test_pngs_do_not_depend_on_the_workers(tmp_path):
    from deckgen.registry import get_game
    from deckgen.render.export import write_pngs
    from deckgen.render.job import PrintJob
    from deckgen.render.settings import PrintSettings
    from deckgen.spec import spec_for

    spec = spec_for("multiplicats", cli={"options": {"tables": "2"}})
    deck = spec.build()
    settings = PrintSettings.parse(card="63.5x88.9", bleed=3.175, dpi=120)
    for workers in (1, 2):
        (tmp_path / str(workers)).mkdir()
        write_pngs(tmp_path / str(workers), PrintJob(deck.cards[:12], get_game("multiplicats").faces, settings, dict(spec.options)), workers=workers)
    assert digest(tmp_path / "1") == digest(tmp_path / "2") and len(digest(tmp_path / "1")) == 13


def test_a_deck_file_can_name_its_shop(tmp_path, capsys):
    f = tmp_path / "deck.toml"
    f.write_text('game = "multiplicats"\n[options]\ntables = "2"\nspecials = false\n[print]\ncard_size = "poker"\nbleed = 0\nfor = "mpc"\n')
    code, out, err = run(capsys, "build", f, "--out", tmp_path / "o", "--quiet", "--force")
    assert code == 0, err
    with Image.open(tmp_path / "o" / "png" / "back.png") as img:
        assert img.size == (822, 1122)  # the preset wins over the file's own card size and bleed


def test_a_rebuild_replaces_the_whole_png_folder(tmp_path):
    pdfcheck.build(tmp_path, "multiplicats", "--tables", "1-2", "--no-specials", "--no-help-card", "--format", "png", "--dpi", "72")
    old = json.loads((tmp_path / "deck.json").read_text())["count"]
    assert old > 20 and len(list((tmp_path / "png").iterdir())) == old + 1
    pdfcheck.build(tmp_path, "multiplicats", "--tables", "1", "--no-specials", "--no-help-card", "--format", "png", "--dpi", "72")
    assert len(list((tmp_path / "png").iterdir())) == 20 + 1  # no card of the old build is left


def test_tgc_build_of_tables_1_to_6_is_ready_to_upload(tmp_path, capsys):
    """`deckgen build multiplicats --tables 1-6 --for tgc`: 102 fronts and a back, 825×1125 px."""
    code, out, err = run(capsys, "build", "multiplicats", "--tables", "1-6", "--for", "tgc", "--out", tmp_path, "--quiet", "--no-help-card")
    assert code == 0, err
    files = sorted((tmp_path / "png").iterdir())
    assert len(files) == 103 and files[-1].name == "back.png" and files[-2].name == "102-front.png"
    for f in files:
        with Image.open(f) as img:
            assert img.size == (825, 1125) and img.mode == "RGB"


def test_which_value_wins(tmp_path):
    """A preset fixes the card size and bleed over the deck file's; its files, resolution and colour
    are defaults the file may change when the file names the shop, but win when --for is typed;
    anything typed on the command line wins over all."""
    from deckgen.deckfile.load import read_deck_file
    from deckgen.spec import spec_for

    f = tmp_path / "deck.toml"
    f.write_text('game = "multiplicats"\n[print]\ncard_size = "poker"\nbleed = 0\nfor = "dtc"\nformat = "pdf,tts"\ndpi = 200\n')
    raw, game = read_deck_file(f)
    own = spec_for(game, cli={}, file_layer=raw).print
    assert (own.card.width, own.card.height, own.bleed) == (63.5, 88.9, 25.4 / 8)
    assert (own.formats, own.dpi, own.colour, own.shop) == (("pdf", "tts"), 200, "cmyk", "dtc")
    typed = spec_for(game, cli={"print": {"for": "tgc"}}, file_layer=raw).print
    assert (typed.formats, typed.dpi, typed.colour, typed.shop, typed.bleed) == (("png",), 300, "rgb", "tgc", 25.4 / 8)
    both = spec_for(game, cli={"print": {"for": "mpc", "bleed": 2.0, "dpi": 150}}, file_layer=raw).print
    assert (both.bleed, both.dpi, both.card.width) == (2.0, 150, 63.5)
