"""An uploaded deck file is read as `deckgen build FILE` reads a file (deckfile.load.deck_text_of): UTF-8,
or Notepad's "Unicode" (UTF-16 with its byte-order mark), with Windows' and old Macs' line ends; any
other encoding is refused in the command line's words, which say how to save it.

Before, the page decoded UTF-8 only: a deck file saved as "Unicode" in Notepad, which the command line
builds, was refused as "not UTF-8 text", and a Latin-1 file was told so without the command line's
"save it as UTF-8 (in Notepad: Save as, Encoding: UTF-8)"."""

from __future__ import annotations

import pytest

from clirun import run

DECK = 'game = "multiplicats"\n\n[options]\n# las tablas del año\ntables = "2,5"\n'
TOML = {"Content-Type": "application/toml"}


@pytest.mark.parametrize("encoding, line_end", [("utf-16", "\r\n"), ("utf-16-be", "\n"), ("utf-8-sig", "\r\n"), ("utf-8", "\r")])
def test_a_deck_file_the_command_line_reads_is_read_by_the_page(client, capsys, tmp_path, monkeypatch, encoding, line_end):
    data = DECK.replace("\n", line_end).encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data  # a byte-order mark, as an editor writes it
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mazo.toml").write_bytes(data)
    code, out, err = run(capsys, "build", "mazo.toml", "--out", "cli", "--quiet")
    assert code == 0, err
    up = client.post("/api/upload?name=mazo.toml", content=data, headers=TOML)
    assert up.status_code == 200, up.text
    assert (up.json()["game"], up.json()["cards"]) == ("multiplicats", 48)
    assert client.post("/api/preview", json={"deck": up.json()["deck"]}).json()["cards"] == 48


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("data", [DECK.encode("latin-1"), DECK.encode("utf-16-le"), b"\xff" * 10 + b'game = "mgc"\n'])
def test_a_deck_file_neither_reads_is_refused_in_the_command_lines_words(client, capsys, tmp_path, monkeypatch, data, lang):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mazo.toml").write_bytes(data)
    code, _out, err = run(capsys, "--ui-lang", lang, "build", "mazo.toml", "--out", "cli", "--quiet")
    assert code == 2 and err.startswith("error: ") and "UTF-8" in err, err
    r = client.post(f"/api/upload?name=mazo.toml&lang={lang}", content=data, headers=TOML)
    assert r.status_code == 400
    assert r.json()["error"] == err.strip()[len("error: "):]


@pytest.mark.parametrize("data", [b"", b"  \n", b"\xef\xbb\xbf", b"\xff\xfe", "\n".encode("utf-16")])
def test_an_empty_deck_file_in_any_encoding_is_said_empty(client, data):
    r = client.post("/api/upload?name=vacio.toml", content=data, headers=TOML)
    assert r.status_code == 400 and r.json()["error"].startswith("deck file vacio.toml is empty"), r.text
