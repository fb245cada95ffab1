"""Bad input: one clear line on stderr, exit code 2, no traceback, and an earlier good deck untouched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckgen import pipeline
from deckgen.main import main
from deckgen.errors import DeckgenError
from deckgen.games.multiplicats.faces import MultiplicatsFaces
from clirun import run



def assert_one_clear_line(code: int, err: str, *words: str) -> None:
    assert code == 2
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("error: ")
    for w in words:
        assert w in lines[0], (w, lines[0])


BAD = [
    (["--tables", "7-3"], ["--tables", "7-3", "backwards"]),
    (["--tables", "0-5"], ["--tables", "0", "out of range"]),
    (["--tables", "1-11"], ["--tables", "11", "out of range"]),
    (["--tables", "abc"], ["--tables", "abc"]),
    (["--tables", ""], ["--tables"]),
    (["--tables", "3,3"], ["--tables", "3 given twice"]),
    (["--card-size", "huge"], ["card size", "huge"]),
    (["--card-size", "250x250"], ["does not fit"]),
    (["--paper", "a3"], ["paper", "a3"]),
    (["--backs", "both"], ["--backs", "both"]),
    (["--bleed", "20"], ["--bleed", "20"]),
    (["--bleed", "abc"], ["--bleed"]),
    (["--lang", "fr"], ["language", "fr"]),
    (["--players", "12"], ["--players", "2 to 8"]),
    (["--players", "1"], ["--players", "2 to 8"]),
    (["--seed", "-1"], ["--seed", "-1"]),
    (["--glitter", "red"], ["unknown option --glitter"]),
    (["--colour", "red"], ["unknown --colour 'red'", "rgb or cmyk"]),
    (["--for", "kinkos"], ["unknown --for 'kinkos'", "tgc, mpc, dtc or home"]),
    (["--format", "png,gif"], ["--format: unknown format gif", "sheets, png, pdf, tts"]),
    (["--dpi", "20"], ["--dpi", "20", "72 to 1200"]),
    (["--back-offset", "1"], ["--back-offset", "X,Y"]),
    (["--back-offset", "1,9"], ["--back-offset", "9 mm", "-5 to 5"]),
    (["--back-offset", "nan,0"], ["--back-offset"]),
    (["--table", "1-6"], ["unknown option --table", "did you mean --tables"]),
    (["--tables"], ["--tables needs a value"]),
    (["1-6"], ["unexpected argument '1-6'"]),
]


@pytest.mark.parametrize("extra,words", BAD, ids=[" ".join(e) or "empty" for e, _ in BAD])
def test_bad_option(tmp_path, capsys, extra, words):
    out = tmp_path / "out"
    code, stdout, err = run(capsys, "build", "multiplicats", *extra, "--out", str(out))
    assert_one_clear_line(code, err, *words)
    assert not out.exists() or not any(out.iterdir())


SWALLOWED = [  # an option where a value goes: click alone would take "--quiet" for the folder
    (("build", "multiplicats", "--out", "--quiet"), ["--out needs a value", "--quiet in its place is an option", "--out=--quiet"]),
    (("build", "multiplicats", "--out", "-q"), ["--out needs a value", "-q in its place is an option"]),
    (("build", "multiplicats", "--out", "--tables", "1-3"), ["--out needs a value", "--tables in its place"]),  # a game's word
    (("validate", "multiplicats", "--report", "--json"), ["--report needs a value", "--json in its place", "--report=--json"]),
    (("simulate", "multiplicats", "--games", "--json"), ["--games needs a value", "--json in its place is an option"]),
    (("measure", "monete", "--players", "--games", "40"), ["--players needs a value", "--games in its place"]),
]


@pytest.mark.parametrize("argv,words", SWALLOWED, ids=[" ".join(a) for a, _ in SWALLOWED])
def test_an_option_in_place_of_a_value(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert_one_clear_line(code, err, *words)
    if "--games needs" in err:  # a number: no hint to write it with "="
        assert "=" not in err
    assert list(tmp_path.iterdir()) == []  # no folder named after the option, nothing built


def test_a_value_that_begins_like_an_option_is_written_with_equals(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "build", "multiplicats", "--tables", "2", "--out=--quiet", "--quiet")
    assert code == 0, err
    assert (tmp_path / "--quiet" / "cards.pdf").is_file() and out == "--quiet/\n"  # --quiet: the folder alone
    code, _, err = run(capsys, "simulate", "multiplicats", "--seed", "-1")  # a negative number is a value
    assert_one_clear_line(code, err, "--seed", "-1", "out of range")


def test_unknown_game(tmp_path, capsys):
    code, _, err = run(capsys, "build", "multicats", "--out", str(tmp_path / "o"))
    assert_one_clear_line(code, err, "unknown game 'multicats'", "did you mean multiplicats", "multiplicats")


def test_unknown_game_in_preview(tmp_path, capsys):
    code, _, err = run(capsys, "preview", "nope", "--out", str(tmp_path / "o"))
    assert_one_clear_line(code, err, "unknown game 'nope'")


def test_output_folder_under_a_regular_file(tmp_path, capsys):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", str(blocker / "deck"))
    assert_one_clear_line(code, err, str(blocker / "deck"))
    assert blocker.read_text() == "not a folder"


def test_output_folder_is_a_regular_file(tmp_path, capsys):
    blocker = tmp_path / "cards"
    blocker.write_text("x")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", str(blocker))
    assert_one_clear_line(code, err, str(blocker))


def test_missing_deck_file(tmp_path, capsys):
    code, _, err = run(capsys, "build", str(tmp_path / "mine.toml"))
    assert_one_clear_line(code, err, "mine.toml", "not found")


# ---------------------------------------------------------------- an earlier good deck survives


@pytest.fixture
def good_out(tmp_path) -> tuple[Path, dict[str, bytes]]:
    out = tmp_path / "out"
    main(["build", "multiplicats", "--tables", "1", "--out", str(out), "-q"])
    files = {p.name: p.read_bytes() for p in out.iterdir()}
    assert {"cards.pdf", "deck.json"} <= set(files)  # and the rulebook
    return out, files


def assert_untouched(out: Path, files: dict[str, bytes]) -> None:
    assert {p.name: p.read_bytes() for p in out.iterdir()} == files  # same bytes, no temporary files


@pytest.mark.parametrize("extra", [["--tables", "7-3"], ["--card-size", "huge"], ["--players", "12"], ["--bogus", "1"]])
def test_failed_build_leaves_the_earlier_deck(capsys, good_out, extra):
    out, files = good_out
    code, _, err = run(capsys, "build", "multiplicats", *extra, "--out", str(out))
    assert_one_clear_line(code, err)
    assert_untouched(out, files)


def test_refused_deck_leaves_the_earlier_deck(capsys, good_out):
    out, files = good_out
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--no-specials", "--players", "8", "--out", str(out))
    assert_one_clear_line(code, err, "refused", "enough cards for 8 players")
    assert_untouched(out, files)


@pytest.mark.parametrize("method", ["_product", "_special", "back"])
def test_failure_while_drawing_leaves_the_earlier_deck(capsys, monkeypatch, good_out, method):
    """A face that fails halfway through the PDF: the old cards.pdf stays, no temporary file is left."""
    out, files = good_out
    calls = []

    def boom(self, *args, **kwargs):
        calls.append(1)
        raise DeckgenError("the printer ran out of cats")

    monkeypatch.setattr(MultiplicatsFaces, method, boom)
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1-6", "--out", str(out))
    assert calls
    assert_one_clear_line(code, err, "the printer ran out of cats")
    assert_untouched(out, files)


def test_crash_while_drawing_leaves_the_earlier_deck(monkeypatch, good_out):
    """Even an unexpected exception (a bug, not bad input) cannot leave a half-written file."""
    out, files = good_out
    n = {"calls": 0}
    original = MultiplicatsFaces._multiplication

    def flaky(self, *args, **kwargs):
        n["calls"] += 1
        if n["calls"] == 15:  # on the second sheet
            raise RuntimeError("boom")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(MultiplicatsFaces, "_multiplication", flaky)
    from deckgen.cli import load_spec

    with pytest.raises(RuntimeError):
        pipeline.build(load_spec("multiplicats", ["--tables", "1-6"]), out)
    assert_untouched(out, files)


def test_interrupted_build_leaves_no_temporary_file(monkeypatch, tmp_path):
    out = tmp_path / "fresh"

    def interrupt(self, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(MultiplicatsFaces, "_special", interrupt)
    from deckgen.cli import load_spec

    with pytest.raises(KeyboardInterrupt):
        pipeline.build(load_spec("multiplicats", ["--tables", "1"]), out)
    assert list(tmp_path.iterdir()) == []  # no folder, no staging folder, no lock file


def test_success_prints_where(tmp_path, capsys):
    out = tmp_path / "o"
    main(["build", "multiplicats", "--tables", "1", "--out", str(out), "-q"])
    assert capsys.readouterr().out == f"{out}/\n"  # --quiet keeps one line: where the files are
    main(["build", "multiplicats", "--tables", "1", "--out", str(out)])
    text = capsys.readouterr().out
    assert "Multipli Cat's (tables 1): 30 cards" in text and f"written to {out}/" in text
    written = sorted(n for n in os.listdir(out) if not n.startswith("."))  # .deckgen marks a folder deckgen wrote
    assert {"cards.pdf", "deck.json"} <= set(written)
    listed = [line.split()[0] for line in text.splitlines() if line.startswith("  ")]
    assert sorted(listed) == written  # every file it wrote, named, each with what it is


def test_options_before_the_game(tmp_path, capsys):
    code, _, err = run(capsys, "build", "--tables", "1-6", "multiplicats", "--out", str(tmp_path / "o"))
    assert_one_clear_line(code, err, "name the game", "'--tables' came first")


def test_missing_game(capsys):
    code, _, err = run(capsys, "build")
    assert_one_clear_line(code, err, "missing argument")
