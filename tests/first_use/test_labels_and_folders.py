"""Issue 19, points 2 and 4: labels, titles, backs and folder names come from the deck built, and
builds whose files differ never share a default folder."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from deckgen import pipeline
from deckgen.cli import load_spec
from deckgen.naming import folder_name
from deckgen.registry import games
from rulebook.rbtools import pdf_pages
from tests.clirun import run
from tests.first_use.decks import hectoedra_1_40, mgc_own_list


def _texts(pdf) -> list[str]:
    return pdf_pages(pdf)


def test_an_mgc_card_list_is_labelled_by_its_own_coefficients_and_degrees(tmp_path, monkeypatch):
    """Seen: coefficients 1-4 and degrees 1-3 labelled "coeficientes 1–6 · grados 1–6" everywhere."""
    monkeypatch.chdir(tmp_path)
    spec = load_spec(str(mgc_own_list(tmp_path)), [])
    result = pipeline.build(spec)
    assert result.out_dir.as_posix() == "output/mgc-c1-4_g1-3"
    cards = result.out_dir / "cards.pdf"
    title = PdfReader(cards).metadata.title
    assert title == "MGC — coeficientes 1–4 · grados 1–3 · x, y, z"
    pages = _texts(cards)
    assert all("coeficientes 1–4 · grados 1–3" in p for p in pages)
    assert not any("1–6" in p for p in pages)
    rulebook = result.out_dir / "rulebook-es.pdf"
    assert "coeficientes 1–4 · grados 1–3" in PdfReader(rulebook).metadata.title
    head = _texts(rulebook)
    assert len(head) > 1 and all("coeficientes 1–4 · grados 1–3" in p for p in head[1:])  # page headers
    assert not any("1–6" in p for p in head)


def test_a_hectoedra_deck_1_to_40_says_so_on_its_backs(tmp_path):
    spec = load_spec(str(hectoedra_1_40(tmp_path)), [])
    result = pipeline.build(spec, tmp_path / "out", rulebooks=False, help_card=False)
    pages = _texts(result.out_dir / "cards.pdf")
    backs = [p for p in pages if "dorsos" in p]
    assert backs and all(p.count("1 – 40") == 9 or "1 – 40" in p for p in backs)
    assert not any("100" in p for p in backs)
    assert sum(p.count("1 – 40") for p in backs) == 40  # one on every back


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_label_of_a_generated_deck_is_its_options_label(game_id):
    """For a generated deck the cards show exactly the options (nothing changes for an ordinary build)."""
    game = games()[game_id]
    spec = load_spec(game_id, [])
    deck = spec.build()
    for lang in ("es", "en"):
        assert game.label(deck, lang) == game.describe(spec.options, lang)
    assert game.out_name(game.described(deck)) == game.out_name(spec.options)


# ---------------------------------------------------------------- point 4: folder names

PRINT_CHANGES = [
    ("--paper", "letter"),
    ("--card-size", "mini"),
    ("--card-size", "60x90"),
    ("--bleed", "3"),
    ("--backs", "duplex-short"),
    ("--backs", "separate"),
    ("--backs", "none"),
    ("--lang", "en"),
    ("--lang", "all"),
]


def _name(target, *words, **kw):
    spec = load_spec(target, list(words), **kw)
    return folder_name(spec, spec.build())


def test_every_print_setting_language_and_option_gets_its_own_folder():
    base = _name("multiplicats", "--tables", "2,5,10")
    assert base == "multiplicats-2_5_10"
    names = {base}
    for flag, value in PRINT_CHANGES:
        key = flag[2:].replace("-", "_")
        name = _name("multiplicats", "--tables", "2,5,10", **{key: value})
        assert name not in names, (flag, value, name)
        names.add(name)
    assert _name("multiplicats", "--tables", "2,5,10", paper="letter", lang="en", backs="separate") == "multiplicats-2_5_10-letter-separate-en"


def test_players_name_the_folder_only_when_they_change_the_cards():
    assert _name("maestras", players=4) == "maestras-4p"  # 5 empty cards out for 4 players
    assert _name("maestras", players=3) == "maestras-3p"
    assert _name("multiplicats", "--tables", "2,5,10", players=4) == "multiplicats-2_5_10"  # same cards


def test_a_back_image_names_the_folder(tmp_path):
    from PIL import Image

    Image.new("RGB", (750, 1050), "white").save(tmp_path / "back.png")
    deck = tmp_path / "d.toml"
    deck.write_text('game = "monete"\n[print]\nback_image = "back.png"\n', encoding="utf-8")
    assert _name(str(deck)) == "monete-own-back"


def test_a_letter_english_build_and_an_a4_build_do_not_share_a_folder(tmp_path, monkeypatch, capsys):
    """Seen: the A4 build wrote over cards.pdf beside the stale Letter rulebook-en.pdf."""
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "build", "multiplicats", "--tables", "2,5,10", "--paper", "letter", "--lang", "en", "--quiet")
    assert code == 0
    code, out, _ = run(capsys, "build", "multiplicats", "--tables", "2,5,10", "--quiet")
    assert code == 0
    letter, a4 = tmp_path / "output/multiplicats-2_5_10-letter-en", tmp_path / "output/multiplicats-2_5_10"
    assert sorted(p.name for p in letter.iterdir() if not p.name.startswith(".")) == ["cards.pdf", "deck.json", "preparing-en.pdf", "rulebook-en.pdf"]
    assert sorted(p.name for p in a4.iterdir() if not p.name.startswith(".")) == ["cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"]
    assert round(float(PdfReader(letter / "cards.pdf").pages[0].mediabox.width)) == 612
    assert round(float(PdfReader(a4 / "cards.pdf").pages[0].mediabox.width)) == 595
