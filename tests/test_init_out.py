"""`deckgen init --out`: a file name writes that file; a folder (a name ending in a slash, or a folder
that exists) gets ``<game>.toml`` inside it; nothing is ever overwritten."""

from __future__ import annotations

import os

import pytest

from clirun import run


@pytest.mark.parametrize("out", ["newdir/", "newdir" + os.sep])
def test_a_name_ending_in_a_slash_is_a_folder_that_gets_the_games_deck_file(capsys, tmp_path, monkeypatch, out):
    monkeypatch.chdir(tmp_path)
    code, stdout, err = run(capsys, "init", "mgc", "--out", out)
    assert (code, err) == (0, "")
    assert not (tmp_path / "newdir").is_file()  # not a file called newdir
    written = tmp_path / "newdir" / "mgc.toml"
    assert written.is_file() and "coefficients" in written.read_text(encoding="utf-8")
    assert f"deck file written to {os.path.join('newdir', 'mgc.toml')}" in stdout
    code, _, _ = run(capsys, "validate", str(written), "--games", "2", "--quiet")
    assert code == 0


def test_an_existing_folder_gets_one_file_per_game_and_nothing_is_overwritten(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    assert run(capsys, "init", "hectoedra", "--out", "decks")[0] == 0
    assert run(capsys, "init", "monete", "--out", "decks")[0] == 0
    assert sorted(p.name for p in (tmp_path / "decks").iterdir()) == ["hectoedra.toml", "monete.toml"]
    before = (tmp_path / "decks" / "monete.toml").read_bytes()
    code, _, err = run(capsys, "init", "monete", "--out", "decks/")
    assert code == 2 and err.startswith("error: ") and "monete.toml already exists" in err and "Traceback" not in err
    assert (tmp_path / "decks" / "monete.toml").read_bytes() == before


def test_a_file_name_still_names_the_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "init", "multiplicats", "--tables", "2-5", "--out", "mine.toml")[0] == 0
    assert (tmp_path / "mine.toml").is_file() and 'tables = "2-5"' in (tmp_path / "mine.toml").read_text(encoding="utf-8")
