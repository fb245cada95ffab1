"""Deck files as Windows editors write them (Notepad: a UTF-8 byte-order mark, CRLF line ends; its
"Unicode": UTF-16), read with the right line numbers; and `deckgen init` writing this system's line
ends (CRLF on Windows, simulated here through ``os.linesep``)."""

from __future__ import annotations

import os
import re

import pytest

from clirun import run
from deckgen.deckfile.load import DeckFileError, read_deck_file, read_deck_text
from deckgen.errors import DeckgenError

LINES = [
    "# a deck written in Notepad",
    'game = "multiplicats"',
    "seed = 3",
    "",
    "[options]",
    'tables = "1-6"',
    "tabels = 4",  # line 7: the mistake
    "",
    "[print]",
    'paper = "a4"',
]


def notepad(lines: list[str], bom: bool = True, end: str = "\r\n") -> bytes:
    return (b"\xef\xbb\xbf" if bom else b"") + end.join(lines).encode("utf-8") + end.encode()


def problem_lines(exc: DeckFileError) -> list[int | None]:
    return [p.line for p in exc.problems]


@pytest.mark.parametrize("bom", [True, False])
@pytest.mark.parametrize("end", ["\r\n", "\n", "\r"])
def test_a_mistake_is_reported_on_its_own_line_whatever_the_line_ends(tmp_path, bom, end):
    path = tmp_path / "deck.toml"
    path.write_bytes(notepad(LINES, bom, end))
    with pytest.raises(DeckFileError) as info:
        read_deck_file(path)
    assert problem_lines(info.value) == [7]
    assert f"deck.toml:7: options.tabels: " in str(info.value)


def test_a_syntax_error_is_on_its_line_in_a_notepad_file(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_bytes(notepad(LINES[:6] + ["tables = = 4"] + LINES[7:]))
    with pytest.raises(DeckFileError) as info:
        read_deck_file(path)
    assert problem_lines(info.value) == [7] and "not valid TOML" in str(info.value)


def test_an_uploaded_notepad_text_keeps_its_line_numbers():
    text = notepad(LINES).decode("utf-8")  # what the web page receives: the BOM and every CR
    with pytest.raises(DeckFileError) as info:
        read_deck_text(text, "deck.toml", folder=None)
    assert problem_lines(info.value) == [7]


def test_unusual_line_separators_inside_a_comment_do_not_shift_the_lines(tmp_path):
    path = tmp_path / "deck.toml"
    lines = list(LINES)
    lines[0] = "# a comment with\u2028a line separator and\x85a next-line"
    path.write_bytes(notepad(lines))
    with pytest.raises(DeckFileError) as info:
        read_deck_file(path)
    assert problem_lines(info.value) == [7]


def test_notepads_unicode_is_read(tmp_path):
    path = tmp_path / "deck.toml"
    good = [line for line in LINES if not line.startswith("tabels")]
    path.write_bytes("\ufeff".encode("utf-16-le")[:0] + b"\xff\xfe" + "\r\n".join(good).encode("utf-16-le"))
    raw, game = read_deck_file(path)
    assert game.id == "multiplicats" and raw["options"] == {"tables": "1-6"} and raw["seed"] == 3


def test_an_ansi_file_is_refused_with_what_to_do(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_bytes('game = "multiplicats"\r\n# Comodín\r\n'.encode("cp1252"))
    with pytest.raises(DeckgenError, match=r"is not UTF-8 text; save it as UTF-8 \(in Notepad: Save as, Encoding: UTF-8\)"):
        read_deck_file(path)


@pytest.mark.parametrize("linesep", ["\r\n", "\n"])
def test_init_writes_this_systems_line_ends_and_reads_back(tmp_path, capsys, monkeypatch, linesep):
    monkeypatch.setattr(os, "linesep", linesep)
    out = tmp_path / "my-deck.toml"
    code, _, err = run(capsys, "init", "monete", "--mode", "jungla", "--out", out)
    assert code == 0, err
    data = out.read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf")  # no byte-order mark: other TOML readers refuse one
    if linesep == "\r\n":
        assert data.count(b"\r\n") == data.count(b"\n") > 10  # every line ends in CRLF, none in LF alone
    else:
        assert b"\r" not in data
    text = data.decode("utf-8")
    lines = text.replace("\r\n", "\n").split("\n")
    raw, game = read_deck_file(out)
    assert game.id == "monete" and raw["options"]["mode"] == "jungla"
    # a mistake typed into the file is reported on the line where it was typed
    at = next(i for i, line in enumerate(lines) if line.startswith("mode ="))
    lines.insert(at + 1, "modo = 3")
    out.write_bytes(linesep.join(lines).encode("utf-8"))
    with pytest.raises(DeckFileError) as info:
        read_deck_file(out)
    assert problem_lines(info.value) == [at + 2] and re.search(rf"my-deck.toml:{at + 2}: options.modo", str(info.value))


@pytest.mark.parametrize("encoding", ["cp437", "cp850", "cp1252"])
def test_output_to_a_windows_code_page_never_fails_the_command(tmp_path, encoding):
    """Windows writes a redirected output in a code page that lacks characters deckgen prints
    (— and – are not in cp437): they show as ? and the command still succeeds."""
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONIOENCODING=encoding, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    for args in (["list"], ["build", "mgc", "--out", str(tmp_path / "mgc")]):
        done = subprocess.run([sys.executable, "-m", "deckgen", *args], env=env, capture_output=True, timeout=300)
        assert done.returncode == 0 and done.stderr == b"", done.stderr
        assert b"multiplicats" in done.stdout or b"cards.pdf" in done.stdout
