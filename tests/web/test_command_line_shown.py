"""The page's "On the command line:" line is a line to paste into a terminal: it runs exactly the words
the page's request is (DeckRequest.argv), so a value with a space or a ``;`` is not split into two
words, and an uploaded deck file's name is never run as a command.

Before, the words were joined with spaces: ``--tables 1, 2`` (the command line then read ``1,`` and
refused a second target ``2``), ``--back-offset 1,5;-0,5`` (a shell runs ``-0,5`` as a second
command) and, for a deck file uploaded as ``mi mazo$(id).toml``, ``deckgen build mi mazo$(id).toml``,
which a shell runs ``id`` for."""

from __future__ import annotations

import html
import re
import shlex

import pytest

from clirun import run
from deckgen.request import command_line
from web.webtools import finish

HOSTILE = ["1, 2", "1,5;-0,5", "a$(id).toml", "x`id`", "mi mazo.toml", "it's", 'say "x"', "a\\b", "100%", "!x", "", "a&b|c>d",
           "línea\tdos", "año.toml", "--tables", "2,5,10"]


@pytest.mark.parametrize("word", HOSTILE)
def test_each_word_reads_back_as_itself_in_a_posix_shell(word):
    line = command_line(["build", "multiplicats", "--tables", word])
    assert shlex.split(line) == ["deckgen", "build", "multiplicats", "--tables", word]


def test_plain_words_stay_bare_and_spaces_get_double_quotes_every_shell_reads():
    assert command_line(["build", "hectoedra", "--cards", "1-40", "--back-offset", "1.5,-0.5"]) == \
        "deckgen build hectoedra --cards 1-40 --back-offset 1.5,-0.5"
    # double quotes mean the same in sh, PowerShell and cmd.exe when the word holds none of "$`\!%
    assert command_line(["build", "multiplicats", "--tables", "1, 2"]) == 'deckgen build multiplicats --tables "1, 2"'
    assert command_line(["build", "mi mazo.toml"]) == 'deckgen build "mi mazo.toml"'
    # a word a shell would expand inside double quotes goes in single quotes
    assert command_line(["build", "a$(id).toml"]) == "deckgen build 'a$(id).toml'"


def shown_line(page_html: str) -> str:
    found = re.search(r'<code id="argv">(.*?)</code>', page_html, re.S)
    assert found, "the game page shows no command line"
    return html.unescape(found.group(1))


def test_the_preview_shows_a_line_that_builds_the_same_deck_on_the_command_line(client, capsys, tmp_path):
    data = client.post("/api/preview", json={"game": "multiplicats", "tables": "1, 2", "back_offset": "1,5;-0,5"}).json()
    assert data["argv"] == ["build", "multiplicats", "--tables", "1, 2", "--back-offset", "1,5;-0,5"]
    assert shlex.split(data["command"]) == ["deckgen", *data["argv"]]
    # the words a shell makes of the line are a command the command line runs, for the same deck
    code, out, err = run(capsys, *shlex.split(data["command"])[1:], "--out", tmp_path / "cli", "--quiet")
    assert code == 0, err
    # the page drawn without JavaScript shows the same line
    page = client.get("/games/multiplicats", params={"tables": "1, 2", "back_offset": "1,5;-0,5"})
    assert shown_line(page.text) == data["command"]


def test_an_uploaded_deck_files_name_is_quoted_never_run(client):
    body = b'game = "multiplicats"\n\n[options]\ntables = "2,5"\n'
    up = client.post("/api/upload", params={"name": "mi mazo$(touch pwned);ls.toml"}, content=body,
                     headers={"Content-Type": "application/toml"}).json()
    name = "mi mazo$(touch pwned);ls.toml"
    data = client.post("/api/preview", json={"deck": up["deck"]}).json()
    assert data["argv"][:2] == ["build", name]
    assert shlex.split(data["command"]) == ["deckgen", "build", name]
    assert shown_line(client.get(up["url"]).text) == data["command"]
    # and the finished build's result says it the same way
    job = finish(client, client.post("/api/build", json={"deck": up["deck"]}).json()["id"])
    assert job["state"] == "done", job
    result = client.get(f"/jobs/{job['id']}/result").text
    line = html.unescape(re.search(r'<p class="note cli-line">.*?<code>(.*?)</code>', result, re.S).group(1))
    assert shlex.split(line) == ["deckgen", "build", name]


# ---------------------------------------------------------------- a check's settings refused in the same words


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("field, value", [("skill_games", "-1"), ("skill_games", "100001"), ("games", "0"), ("games", "1000001"),
                                          ("games", "x"), ("players", "1")])
def test_a_check_setting_the_command_line_refuses_is_refused_in_its_words(client, capsys, field, value, lang):
    """Before, the page said of --skill-games -1 "must be 1 to 100000", as if 0 (no skill section, its
    own default) were refused; `deckgen validate` says "0 (no skill section) to 100000"."""
    flag = {"skill_games": "--skill-games", "games": "--games", "players": "--players"}[field]
    code, _out, err = run(capsys, "--ui-lang", lang, "validate", "hectoedra", flag, value, "--quiet")
    assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    r = client.post(f"/api/check?lang={lang}", json={"game": "hectoedra", field: value})
    assert r.status_code == 400
    assert r.json()["error"] == err.strip()[len("error: "):]
    assert r.json()["fields"] == {field: r.json()["error"]}
    assert not client.app.state.manager.jobs


def test_an_uploaded_deck_file_named_like_an_option_is_named_by_its_path(client, capsys, tmp_path, monkeypatch):
    """`deckgen build --tablas.toml` reads the name as an option (and refuses it): the line says ./--tablas.toml."""
    body = b'game = "multiplicats"\n\n[options]\ntables = "2,5"\n'
    up = client.post("/api/upload", params={"name": "--tablas.toml"}, content=body, headers={"Content-Type": "application/toml"}).json()
    data = client.post("/api/preview", json={"deck": up["deck"]}).json()
    assert data["command"] == "deckgen build ./--tablas.toml"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "--tablas.toml").write_bytes(body)
    code, _out, err = run(capsys, *shlex.split(data["command"])[1:], "--out", "cli", "--quiet")
    assert code == 0, err
