"""Issue 19, points 5, 6 and 8: printing without a duplex printer, what a build says, and the plain
summary that opens `validate`."""

from __future__ import annotations

import re

import pytest

from deckgen.render.geometry import card_size, layout
from deckgen.render.printing import instructions, pages
from deckgen.render.settings import PrintSettings
from tests import pdfcheck, pdfium_pages
from tests.clirun import run

BACK = (0x3B / 255, 0x2A / 255, 0x4D / 255)  # the Multipli Cat's back's ground colour


def _cells(page, colour=None, reach: float = 0.0):
    """Trims of the cards drawn on a page; a back's ground reaches ``reach`` mm past its trim. (Pages
    read with pdfium, tests/pdfium_pages.py: pdfplumber's rectangles and text layout, the fill
    colours in RGB, tests/test_pdfium_pages.py; a page of backs reads in a hundredth of the time.)"""
    w, h = (63 + 2 * reach) * pdfcheck.MM, (88 + 2 * reach) * pdfcheck.MM
    return [
        pdfcheck.box_of(r).grow(-reach * pdfcheck.MM) for r in page.rects
        if r["fill"] and pdfcheck.close(r["width"], w, 0.05) and pdfcheck.close(r["height"], h, 0.05)
        and (colour is None or tuple(round(v, 3) for v in r["fill_rgb"]) == tuple(round(v, 3) for v in colour))
    ]


def _backs(page):
    return _cells(page, BACK, reach=2.0)  # backs reach 2 mm past the card, for a printer's small offset


def test_manual_duplex_prints_all_fronts_then_mirrored_backs(tmp_path):
    """20 cards, 3 sheets: pages 1-3 fronts, 4-6 backs, each back mirrored as for long-edge duplex
    (the stack is turned over by hand), with the instructions on every sheet."""
    out = pdfcheck.build(tmp_path / "md", "multiplicats", "--tables", "1", "--no-specials", "--backs", "manual-duplex")
    page_w, page_h = pdfcheck.PAPER_PT["a4"]
    read = pdfium_pages.read(out / "cards.pdf")
    assert len(read) == 6
    for n in range(3):
        front, back = read[n], read[n + 3]
        assert f"hoja {n + 1}/3 · caras" in front.extract_text() and f"hoja {n + 1}/3 · dorsos" in back.extract_text()
        fronts = [c for c in _cells(front) if c not in _cells(front, BACK)]
        assert fronts and _cells(front, BACK) == []
        mirrored = [pdfcheck.mirrored(f, page_w, page_h, "duplex-long") for f in fronts]
        assert set(pdfcheck.keys(mirrored)) <= set(pdfcheck.keys(_backs(back)))
        # every cell carries a back, so a stack turned the other way still backs every card
        assert len(_backs(back)) == 9
        for page in (front, back):  # the instruction on every sheet, in the cards' language
            text = page.extract_text().replace("\n", " ")
            assert "imprime las páginas 1-3 (caras)" in text and "imprime las páginas 4-6 (dorsos)" in text


def test_separate_keeps_each_back_where_its_front_is_for_gluing(tmp_path):
    out = pdfcheck.build(tmp_path / "sep", "multiplicats", "--tables", "1", "--no-specials", "--backs", "separate")
    read = pdfium_pages.read(out / "cards.pdf")
    last_front, last_back = read[2], read[5]
    fronts = [c for c in _cells(last_front)]
    assert set(pdfcheck.keys(fronts)) < set(pdfcheck.keys(_backs(last_back)))  # not mirrored
    assert len(_backs(last_back)) == 9  # a back in every cell: glued either way, every card has one
    text = last_back.extract_text().replace("\n", " ")
    assert "Sin impresora" not in text and "pega cada hoja de dorsos detrás de la hoja de caras" in text


@pytest.mark.parametrize("backs,expected", [
    ("duplex-long", "3 sheets: fronts on the odd pages, each back on the even page after its front; print double-sided, flip on the long edge"),
    ("duplex-short", "flip on the short edge"),
    ("manual-duplex", "No duplex printer: print pages 1-3 (fronts), put the stack back in the tray turned over (over either edge) without changing the order of the sheets, then print pages 4-6 (backs)"),
    ("separate", "Separate backs: print pages 1-3 (fronts) and 4-6 (backs) single-sided; glue each back sheet behind the front sheet of the same number"),
    ("none", "Pages 1-3 fronts, no backs: print single-sided"),
])
def test_the_printing_line_names_the_pages_and_settings(backs, expected):
    settings = PrintSettings(card_size("poker"), backs=backs)
    line = instructions(20, settings)
    assert expected in line and "scale 100%" in line
    p = pages(20, settings)
    assert p.fronts == ((1, 3, 5) if backs.startswith("duplex") else (1, 2, 3))


def test_pages_for_a_letter_deck_of_63_cards():
    p = pages(63, PrintSettings(card_size("poker"), paper="letter", backs="manual-duplex"))
    assert layout(card_size("poker"), "letter").per_sheet == 9
    assert p.fronts == tuple(range(1, 8)) and p.backs == tuple(range(8, 15))


def test_build_says_what_each_file_is_and_the_check_that_passed(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "build", "multiplicats", "--tables", "2,5,10", "--paper", "letter", "--lang", "en",
                       "--backs", "manual-duplex", "--players", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Multipli Cat's (tables 2, 5 and 10): 63 cards, checked for 4 players: 10 card checks passed (`deckgen validate` also plays simulated games)"
    assert lines[1] == "written to output/multiplicats-2_5_10-letter-manual-duplex-en/ (a folder under the one you ran deckgen in):"
    by_file = {l.split()[0]: l for l in lines[2:]}
    assert set(by_file) == {"cards.pdf", "deck.json", "rulebook-en.pdf", "preparing-en.pdf"}
    assert "not for the players" in by_file["preparing-en.pdf"]
    # 63 cards and the 2 help cards printed after them, 9 a letter sheet: 8 sheets (the deck alone fits 7)
    assert "PRINT IT" in by_file["cards.pdf"] and "print pages 1-8 (fronts)" in by_file["cards.pdf"] and "pages 9-16 (backs)" in by_file["cards.pdf"]
    from pypdf import PdfReader

    assert len(PdfReader(tmp_path / "output" / "multiplicats-2_5_10-letter-manual-duplex-en" / "cards.pdf").pages) == 16
    assert "do not print" in by_file["deck.json"]
    assert "the rules in English: print it" in by_file["rulebook-en.pdf"]


def test_a_deck_file_build_says_it_was_played(tmp_path, monkeypatch, capsys):
    from tests.first_use.decks import hectoedra_1_40

    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "build", hectoedra_1_40(tmp_path))
    assert code == 0
    assert re.search(r"checked for 5 players: playable \(\d+ card checks passed, 100 simulated games\)", out.splitlines()[0])


def test_quiet_prints_the_folder_on_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "build", "monete", "--mode", "perezoso", "--top", "10", "--quiet")
    assert code == 0 and not err
    assert out == "output/monete-perezoso-1-10/\n"
    assert (tmp_path / out.strip() / "cards.pdf").is_file()


# ---------------------------------------------------------------- validate's opening summary


def _validate(capsys, *args):
    code, out, _ = run(capsys, "validate", *args, "--games", "40", "--quiet")
    return code, out.splitlines()


def test_validate_opens_with_a_plain_summary(capsys):
    code, lines = _validate(capsys, "monete", "--mode", "perezoso", "--top", "10")
    assert code == 0
    # the headline says what "playable" rests on (issue 26): Monete's length argument, checked in code
    assert lines[2] == "Playable for 2 to 6 players: proven for every deal."
    minutes = re.fullmatch(r"A game lasts about (\d+) minutes? at 4 players \(at 8 seconds a turn; --pace SECONDS changes it\)\.", lines[3])
    assert minutes
    assert lines[4].startswith("Measured over 40 simulated games at each player count")
    assert "10 more with random moves" in lines[4]
    body = "\n".join(lines)
    assert "ok   every game ends (perezoso, 3 players): proven for every deal by the game's argument" in body
    assert "ok   every game's length is bounded (perezoso, 3 players): proven for every deal:" in body
    assert "; 40 games each)" in body  # the table says the same number
    assert "What the figures mean:" in body and "p95: 95 games in 100 are shorter" in body


def test_the_summary_gives_the_range_of_games_sequential_stopping_played(capsys):
    """Without --games each player count plays until its verdicts are settled: the summary gives the
    smallest and largest number of games the table shows."""
    code, out, _ = run(capsys, "validate", "monete", "--mode", "perezoso", "--top", "10", "--quiet")
    lines = out.splitlines()
    ended = next(line for line in lines if line.strip().startswith("games ended"))
    played = sorted({int(cell.split("/")[1]) for cell in ended.split()[2:]})
    assert code == 0 and len(played) > 1
    assert lines[4].startswith(f"Measured over {played[0]} to {played[-1]} simulated games at each player count (more where a verdict was close)")


def test_the_pace_is_an_option_and_scales_the_minutes(capsys):
    _, slow = _validate(capsys, "monete", "--mode", "siesta", "--players", "4", "--pace", "16")
    _, fast = _validate(capsys, "monete", "--mode", "siesta", "--players", "4", "--pace", "8")
    m_slow = int(re.search(r"about (\d+) minute", slow[3]).group(1))
    m_fast = int(re.search(r"about (\d+) minute", fast[3]).group(1))
    assert "at 16 seconds a turn" in slow[3] and abs(m_slow - 2 * m_fast) <= 1


def test_a_failing_validate_summary_names_the_failure(capsys):
    code, lines = _validate(capsys, "mgc", "--target-score", "2000", "--players", "3")
    assert code == 1
    assert lines[2] == "Not playable: rounds per match (3 players). Each FAIL line below says what to try."
    assert "at 3 players" in lines[3]


def test_bad_pace_is_refused(capsys):
    code, _, err = run(capsys, "validate", "monete", "--pace", "0", "--games", "4")
    assert code == 2 and err.startswith("error: --pace must be")


def test_a_deck_file_for_too_many_players_says_how_many_it_serves(tmp_path, capsys):
    from tests.first_use.decks import hectoedra_1_40

    code, lines = _validate(capsys, hectoedra_1_40(tmp_path, players=6))
    assert code == 1
    assert lines[2:4] == [
        "Not playable: enough cards for 6 players; player counts this deck serves. Each FAIL line below says what to try.",
        "With its cards it serves 2 to 5 players, not 6.",
    ]
    assert "  FAIL player counts this deck serves: 2 to 5 players, not the 6 the deck asks for; try: players = one of 2, 3, 4, 5, or more cards" in lines
    # the values came from the deck file: its keys, the file named once (at the first)
    assert any(l.endswith(f"40 cards, 48 needed (8 each in the round's game deck); try: options.per_player = 6 in {tmp_path / 'hecto-1-40.toml'}, "
                          "fewer players, or more options.cards") for l in lines), lines
