"""A two-sided card (Monete's markers: + behind −, = behind ≠) keeps its own back in every per-card
export, as it does on the sheets: its own back PNG, its own back page in the one-card-a-page PDF, and
its back in Tabletop Simulator's sheet of unique backs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

import pdfcheck
from deckgen.model import Card


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return pdfcheck.build(tmp_path_factory.mktemp("two-sided"), "monete", "--format", "png,pdf,tts", "--dpi", "72", "--seed", "3")


def markers(out: Path) -> list[tuple[int, dict]]:
    cards = json.loads((out / "deck.json").read_text())["cards"]
    return [(i, c) for i, c in enumerate(cards) if c["kind"] == "marker"]


def test_each_marker_gets_its_own_back_png_and_only_markers_do(out):
    names = sorted(p.name for p in (out / "png").iterdir())
    found = markers(out)
    assert len(found) == 4
    assert [n for n in names if n.endswith("-back.png")] == [f"{i + 1:03d}-back.png" for i, _ in found]
    cards = json.loads((out / "deck.json").read_text())["cards"]
    assert len(names) == len(cards) + len(found) + 1  # every front, the markers' backs, the common back
    with Image.open(out / "png" / "back.png") as common:
        common_pixels = common.tobytes()
    other = {("number", "+"): "-", ("number", "-"): "+", ("colour", "same"): "different", ("colour", "different"): "same"}
    for i, card in found:
        with Image.open(out / "png" / f"{i + 1:03d}-back.png") as back, Image.open(out / "png" / f"{i + 1:03d}-front.png") as front:
            assert back.size == front.size and back.tobytes() not in (common_pixels, front.tobytes())
            flip = Card("marker", {"marker": card["marker"], "side": other[(card["marker"], card["side"])]})
            # the back is the marker's other side, pixel for pixel as that side's own front
            sibling = next(j for j, c in found if (c["marker"], c["side"]) == (flip["marker"], flip["side"]))
            with Image.open(out / "png" / f"{sibling + 1:03d}-front.png") as other_front:
                assert back.tobytes() == other_front.tobytes()


def test_the_one_card_a_page_pdf_gives_a_marker_its_other_side_as_its_back(out):
    reader = PdfReader(out / "cards-one-per-page.pdf")
    cards = json.loads((out / "deck.json").read_text())["cards"]
    assert len(reader.pages) == 2 * len(cards)
    common = reader.pages[0].extract_text()  # the back of the first card, a number
    for i, card in markers(out):
        back, front = reader.pages[2 * i].extract_text(), reader.pages[2 * i + 1].extract_text()
        assert "Marcador" in front and "Marcador" in back and back != front and back != common
    words = {"+": "MAYOR O IGUAL", "-": "MENOR O IGUAL", "same": "MISMO COLOR", "different": "DISTINTO COLOR"}
    for i, card in markers(out):
        assert words[card["side"]] in reader.pages[2 * i + 1].extract_text()
        assert words[card["side"]] not in reader.pages[2 * i].extract_text()


def test_tabletop_simulator_gets_a_sheet_of_unique_backs(out):
    meta = json.loads((out / "tts" / "tts.json").read_text())
    tw, th = meta["card_px"]
    with Image.open(out / "tts" / "back.png") as b:
        common = b.convert("RGB").tobytes()
    found = dict(markers(out))
    for s in meta["sheets"]:
        assert s["unique_backs"] == s["file"].replace("-cards.png", "-backs.png")
        with Image.open(out / "tts" / s["unique_backs"]) as backs, Image.open(out / "tts" / s["file"]) as fronts:
            assert backs.size == fronts.size
            for k in range(s["cards"]):
                r, c = divmod(k, s["columns"])
                place = backs.crop((c * tw, r * th, (c + 1) * tw, (r + 1) * th)).convert("RGB").tobytes()
                assert (place != common) == (s["first_card"] - 1 + k in found), k
            last = backs.crop((9 * tw, (s["rows"] - 1) * th, 10 * tw, s["rows"] * th)).convert("RGB").tobytes()
            assert last == common  # the hidden card's place


def test_a_deck_without_two_sided_cards_keeps_one_back(tmp_path):
    out = pdfcheck.build(tmp_path, "multiplicats", "--tables", "1", "--no-specials", "--no-help-card", "--format", "png,tts", "--dpi", "72")
    assert not [p for p in (out / "png").iterdir() if p.name.endswith("-back.png")]
    assert all("unique_backs" not in s for s in json.loads((out / "tts" / "tts.json").read_text())["sheets"])
    assert sorted(p.name for p in (out / "tts").iterdir()) == ["back.png", "sheet-1-20-cards.png", "tts.json"]
