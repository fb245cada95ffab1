"""Deck files: schema errors with file, line and field; examples that build; the designer's report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from deckgen.deckfile.load import DeckFileError, read_deck_file
from deckgen.deckfile.locate import key_lines, line_of
from deckgen.resources import data_dir
from clirun import run

EXAMPLES = data_dir("decks") / "examples"



def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_line_locator_finds_keys_in_tables_and_array_tables():
    text = 'game = "x"\n\n[options]\ntables = "1-6"\n# c\n[[cards]]\nkind = "a"\n[[cards]]\nkind = "b"\nvalue = 3\n[print]\npaper = "a4"\n'
    lines = key_lines(text)
    assert lines[("game",)] == 1 and lines[("options", "tables")] == 4
    assert lines[("cards", 0, "kind")] == 7 and lines[("cards", 1, "value")] == 10
    assert line_of(lines, ("cards", 1, "missing")) == 8  # falls back to the card's header
    assert lines[("print", "paper")] == 12


BROKEN = {
    "syntax error": ('game = "multiplicats"\n[options\ntables = "1-6"\n', ["deck.toml:2:", "not valid TOML"]),
    "wrong type": ('game = "multiplicats"\nseed = "twelve"\n', ["deck.toml:2: seed: should be a whole number (got 'twelve')"]),
    "unknown key": ('game = "multiplicats"\nplayres = 4\n', ["deck.toml:2: playres: unknown key (did you mean players?)"]),
    "unknown option": ('game = "multiplicats"\n[options]\ntabels = "1-6"\n', ["deck.toml:3: options.tabels: Multipli Cat's has no option 'tabels' (did you mean tables?)"]),
    "bad option value": ('game = "multiplicats"\n[options]\ntables = "7-3"\n', ["deck.toml:3: options.tables: the range 7-3 goes backwards"]),
    "out of range": ('game = "multiplicats"\n[print]\nbleed = 30\n', ["deck.toml:3: print.bleed: should be at most 10 (got 30)"]),
    "not a number": ('game = "multiplicats"\n[print]\nbleed = nan\n', ["deck.toml:3: print.bleed: should be a finite number (got nan)"]),
    "infinite": ('game = "multiplicats"\n[print]\nbleed = -inf\n', ["deck.toml:3: print.bleed: should be at least 0 (got -inf)"]),
    "unknown print key": ('game = "multiplicats"\n[print]\npapre = "a4"\n', ["deck.toml:3: print.papre: unknown key (did you mean paper?)"]),
    "bad card size": ('game = "multiplicats"\n[print]\ncard_size = "huge"\n', ["deck.toml:3: print.card_size: unknown card size 'huge'"]),
    "impossible card": ('game = "multiplicats"\n[[cards]]\nkind = "multiplication"\na = 11\nb = 2\n', ["deck.toml:4: cards[1].a: should be at most 10 (got 11)"]),
    "unknown card kind": ('game = "multiplicats"\n[[cards]]\nkind = "joker"\n', ["deck.toml:3: cards[1].kind: Multipli Cat's has no 'joker' cards"]),
    "wrong product": ('game = "multiplicats"\n[[cards]]\nkind = "product"\nvalue = 12\nmultiplications = [[3, 5]]\n', ["cards[1]", "3 × 5 does not give 12"]),
    "unknown special": ('game = "multiplicats"\n[[cards]]\nkind = "special"\nspecial = "Balancin"\n', ["deck.toml:4: cards[1].special: should be 'persecucion'"]),
    "unknown game": ('game = "uno"\n', ["deck.toml:1: game: unknown game 'uno'"]),
    "missing game": ('seed = 3\n', ["game: is required: say which game the deck is for"]),
    "too many copies": ('game = "multiplicats"\n[[cards]]\nkind = "special"\nspecial = "magia"\ncopies = 5000\n', ["deck.toml:5: cards[1].copies: copies must be a whole number from 1 to 1000"]),
    "text too long": ('game = "multiplicats"\nlang = "' + "x" * 300 + '"\n', ["deck.toml:2: lang: text of 300 characters is too long"]),
    "players out of range": ('game = "multiplicats"\nplayers = 12\n', ["deck.toml:2: players: Multipli Cat's is for 2 to 8 players, not 12"]),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_each_broken_file_gives_its_own_clear_message_and_exit_2(tmp_path, capsys, case):
    text, expected = BROKEN[case]
    f = write(tmp_path, text)
    for command in ("validate", "build"):
        code, out, err = run(capsys, command, f, "--out", tmp_path / "out", "--quiet") if command == "build" else run(capsys, command, f, "--quiet")
        assert code == 2, (case, err)
        assert err.startswith("error: ")
        for piece in expected:
            assert piece in err, (case, err)
    assert not (tmp_path / "out" / "cards.pdf").exists()


def test_all_problems_are_reported_at_once(tmp_path):
    f = write(tmp_path, 'game = "multiplicats"\nseed = -1\nplayres = 2\n[options]\ntabels = 3\n[[cards]]\nkind = "multiplication"\na = 0\nb = 1\n')
    with pytest.raises(DeckFileError) as exc:
        read_deck_file(f)
    fields = [p.field for p in exc.value.problems]
    assert fields == ["seed", "playres", "options.tabels", "cards[1].a"]
    assert [p.line for p in exc.value.problems] == [2, 3, 5, 8]
    assert str(exc.value).startswith(f"{f}: 4 problems:")


def test_referenced_images_must_stay_in_the_deck_folder(tmp_path, capsys):
    (tmp_path / "deck").mkdir()
    Image.new("RGB", (800, 1100), "#336699").save(tmp_path / "deck" / "back.png")  # 300 dpi over 67×92 mm
    Image.new("RGB", (800, 1100), "#336699").save(tmp_path / "outside.png")
    (tmp_path / "deck" / "fake.png").write_text("not an image")
    cases = {
        '"../outside.png"': "leaves the deck file's folder",
        f'"{tmp_path / "outside.png"}"': "not an absolute one",
        '"fake.png"': "is not a PNG or JPEG image",
        '"missing.png"': "not found beside the deck file",
    }
    for ref, message in cases.items():
        f = write(tmp_path / "deck", f'game = "multiplicats"\n[print]\nback_image = {ref}\n')
        code, _, err = run(capsys, "validate", f, "--quiet")
        assert code == 2 and message in err and ":3: print.back_image:" in err
    (tmp_path / "deck" / "link.png").symlink_to(tmp_path / "outside.png")
    f = write(tmp_path / "deck", 'game = "multiplicats"\n[print]\nback_image = "link.png"\n')
    code, _, err = run(capsys, "validate", f, "--quiet")
    assert code == 2 and "leaves the deck file's folder" in err
    f = write(tmp_path / "deck", 'game = "multiplicats"\n[options]\ntables = "2"\n[print]\nback_image = "back.png"\n')
    code, out, _ = run(capsys, "build", f, "--out", tmp_path / "out", "--quiet")
    assert code == 0 and (tmp_path / "out" / "cards.pdf").is_file()


def test_a_huge_file_is_refused_before_it_is_read(tmp_path, capsys):
    f = write(tmp_path, 'game = "multiplicats"\n' + "# padding\n" * 200_000)
    code, _, err = run(capsys, "validate", f)
    assert code == 2 and "a deck file is at most" in err


def test_a_file_of_too_many_values_is_refused_before_the_toml_reader_builds_them(tmp_path, capsys, monkeypatch):
    """More than 60,000 commas outside strings and comments: more values than a deck file may hold,
    refused with the limit's own message before tomllib reads the file (it spent seconds on 450,000
    entries); commas in comments and strings count for nothing."""
    import tomllib

    from deckgen.deckfile import load

    real = tomllib.loads
    read: list[int] = []
    monkeypatch.setattr(load, "tomllib", type("Reader", (), {"loads": staticmethod(lambda text: read.append(len(text)) or real(text)),
                                                             "TOMLDecodeError": tomllib.TOMLDecodeError}))
    for values in (60_001, 450_000):
        f = write(tmp_path, 'game = "multiplicats"\n[options]\ntables = [' + "1," * values + "]\n")
        code, out, err = run(capsys, "validate", f)
        assert code == 2 and out == ""
        assert err.splitlines()[1:] == [f"  {f}: more than 60,000 values; a deck file holds at most 5,000 cards"], err
        assert read == []  # refused before the TOML reader
    # 59,999 entries: read whole, then refused by the count of what was read (the array and its elements,
    # with the file's other values, pass 60,000)
    f = write(tmp_path, 'game = "multiplicats"\n[options]\ntables = [' + "1," * 59_999 + "]\n")
    code, _, err = run(capsys, "validate", f)
    assert code == 2 and "more than 60,000 values" in err and len(read) == 1
    # 80,000 commas in comments and a string: no values; the file is read and checked as any other
    f = write(tmp_path, 'game = "multiplicats"\nseed = 3 # ' + "," * 60_000 + '\n"' + "," * 100 + '" = 1 # ' + "," * 19_900 + "\n")
    code, _, err = run(capsys, "validate", f, "--games", "2")
    assert code == 2 and len(read) == 2 and "more than 60,000 values" not in err
    assert f"deck.toml:3: {',' * 100}: unknown key; the keys are: game, seed," in err, err  # read, and its key found


@pytest.mark.parametrize("name", ["multiplicats-own-list.toml", "multiplicats-tables-2-5-10.toml"])
def test_the_examples_build(tmp_path, capsys, name):
    code, out, err = run(capsys, "build", EXAMPLES / name, "--out", tmp_path, "--quiet", "--force", "--no-help-card")
    assert code == 0, err
    deck = json.loads((tmp_path / "deck.json").read_text())
    assert deck["game"] == "multiplicats"
    raw, _ = read_deck_file(EXAMPLES / name)
    if "cards" in raw:
        assert deck["custom"] is True
        assert deck["count"] == sum(c.get("copies", 1) for c in raw["cards"])
    else:
        assert deck["options"]["tables"] == [2, 5, 10] and deck["players"] == 4


def test_a_custom_deck_builds_exactly_what_the_file_says(tmp_path, capsys):
    f = write(
        tmp_path,
        'game = "multiplicats"\nseed = 5\nlang = "en"\n[print]\npaper = "letter"\ncard_size = "mini"\n'
        + "".join(f'[[cards]]\nkind = "multiplication"\na = 2\nb = {b}\n[[cards]]\nkind = "product"\nvalue = {2 * b}\nmultiplications = [[2, {b}]]\n' for b in range(1, 11))
        + '[[cards]]\nkind = "special"\nspecial = "persecucion"\ncopies = 3\n',
    )
    code, _, err = run(capsys, "build", f, "--out", tmp_path / "o", "--quiet", "--no-help-card")
    assert code == 0, err
    deck = json.loads((tmp_path / "o" / "deck.json").read_text())
    assert deck["count"] == 23 and deck["seed"] == 5 and deck["custom"]
    assert sum(1 for c in deck["cards"] if c["kind"] == "special") == 3
    from pypdf import PdfReader

    page = PdfReader(tmp_path / "o" / "cards.pdf").pages[0]
    # letter, turned landscape: 6×3 mini cards fit where 4×4 would upright
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (792, 612)


def test_an_unplayable_mix_is_refused_by_build_and_failed_by_validate(tmp_path, capsys):
    f = write(tmp_path, 'game = "multiplicats"\nplayers = 3\n[options]\ntables = "6-10"\nspecials = false\n')
    code, out, _ = run(capsys, "validate", f, "--games", "150", "--quiet")
    assert code == 1 and "FAIL slap chances per turn (3 players)" in out and "NOT PLAYABLE" in out
    code, _, err = run(capsys, "build", f, "--out", tmp_path / "o", "--quiet", "--no-help-card")
    assert code == 2 and "not playable" in err and "slap chances per turn" in err


def test_the_report_compares_with_the_default_deck(tmp_path, capsys):
    f = write(tmp_path, 'game = "multiplicats"\n[options]\ntables = "2,5,10"\n')
    code, out, _ = run(capsys, "validate", f, "--players", "4", "--games", "60", "--quiet", "--report", tmp_path / "rep", "--skill-games", "0")
    assert code == 0
    assert "beside the default deck: your deck makes games" in out and "shorter than the default deck" in out
    assert "change from the default deck" in out
    for name in ("report.txt", "report.json", "game-length.png", "seat-advantage.png"):
        assert (tmp_path / "rep" / name).is_file()
    with Image.open(tmp_path / "rep" / "game-length.png") as img:
        colours = {c[:3] for _, c in img.convert("RGB").getcolors(1 << 20)}
    assert (0x1F, 0x4E, 0x9C) in colours and (0xE0, 0x8A, 0x2E) in colours  # your deck beside the default deck
    data = json.loads((tmp_path / "rep" / "report.json").read_text())
    assert data["playable"] and data["default_deck"]["headline"].startswith("your deck makes games")
    row = next(r for r in data["default_deck"]["rows"] if r["measure"].startswith("game length"))
    assert row["players"] == 4 and row["yours"] < row["default"] and row["change"] < 0
    code, out, _ = run(capsys, "validate", f, "--players", "4", "--games", "20", "--quiet", "--json")
    assert json.loads(out)["default_deck"]["rows"]


def test_the_default_deck_is_not_compared_with_itself(capsys):
    code, out, _ = run(capsys, "validate", "multiplicats", "--players", "3", "--games", "20", "--quiet")
    assert code == 0 and "beside the default deck" not in out
