"""Rulebooks through the command line: build writes them beside cards.pdf, rules writes only them,
and template problems end in one line on stderr with exit code 2."""

from __future__ import annotations

from dataclasses import replace

import pytest

import deckgen.rulebook.render as render
from deckgen import cli
from deckgen.games.multiplicats import GAME

from rulebook.rbtools import flat, pdf_pages, write_template


def run(argv: list[str]) -> int:
    try:
        cli.main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0


def test_build_lang_all_writes_both_rulebooks(tmp_path, capsys):
    out = tmp_path / "deck"
    assert run(["build", "multiplicats", "--tables", "1-5", "--lang", "all", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["cards.pdf", "deck.json", "preparing-en.pdf", "preparing-es.pdf", "rulebook-en.pdf", "rulebook-es.pdf"]
    printed = capsys.readouterr().out
    assert "rulebook-es.pdf" in printed and "rulebook-en.pdf" in printed
    assert "Reglas del juego" in pdf_pages(out / "rulebook-es.pdf")[1]
    assert "Rules of the game" in pdf_pages(out / "rulebook-en.pdf")[1]


def test_build_default_is_spanish_and_lang_en_is_english(tmp_path):
    es, en = tmp_path / "es", tmp_path / "en"
    assert run(["build", "multiplicats", "--tables", "1-5", "--no-specials", "--out", str(es), "-q"]) == 0
    assert run(["build", "multiplicats", "--tables", "1-5", "--no-specials", "--lang", "en", "--out", str(en), "-q"]) == 0
    assert sorted(p.name for p in es.iterdir() if not p.name.startswith(".")) == ["cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"]
    assert sorted(p.name for p in en.iterdir() if not p.name.startswith(".")) == ["cards.pdf", "deck.json", "preparing-en.pdf", "rulebook-en.pdf"]


def test_rules_writes_only_the_rulebook(tmp_path, capsys):
    out = tmp_path / "r"
    assert run(["rules", "multiplicats", "--tables", "1-7", "--lang", "en", "--paper", "letter", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["preparing-en.pdf", "rulebook-en.pdf"]
    text = flat(" ".join(pdf_pages(out / "rulebook-en.pdf", body=True)))
    assert "tables 1-7 · 120 cards" in text and "1 to 7 (this deck) 70 36 14 (3, 3, 3, 3, 1, 1) 120" in text
    assert "rulebook-en.pdf" in capsys.readouterr().out


def test_rules_from_a_deck_file(tmp_path):
    deck_file = tmp_path / "mine.toml"
    deck_file.write_text('game = "multiplicats"\n[options]\ntables = "2,5,10"\n', encoding="utf-8")
    assert run(["rules", str(deck_file), "--out", str(tmp_path / "o"), "-q"]) == 0
    text = flat(" ".join(pdf_pages(tmp_path / "o" / "rulebook-es.pdf", body=True)))
    assert "Este mazo usa las tablas 2, 5 y 10: 30 cartas de multiplicar" in text


def test_a_game_without_rulebook_builds_and_says_so(tmp_path, capsys, monkeypatch):
    bare = replace(GAME, rulebook=None)
    monkeypatch.setattr("deckgen.spec.get_game", lambda gid: bare)
    monkeypatch.setattr("deckgen.cli.get_game", lambda gid: bare)
    monkeypatch.setattr("deckgen.request.get_game", lambda gid: bare)
    out = tmp_path / "bare"
    assert run(["build", "multiplicats", "--tables", "1-5", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["cards.pdf", "deck.json"]
    notes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note:")]
    assert notes == ["note: Multipli Cat's has no rulebook yet: only the cards were written"]
    assert run(["rules", "multiplicats", "--out", str(out)]) == 2
    assert capsys.readouterr().err.strip() == "error: Multipli Cat's has no rulebook yet"


@pytest.mark.parametrize(
    "template, expected",
    [
        (None, "is missing"),
        ("<h1>x</h1>\n<p>{{ nope }}</p>\n", "rulebook.es.html.j2, line 2: 'nope' is undefined"),
        ("<h1>x</h1>\n{% for %}\n", "rulebook.es.html.j2, line 2: template syntax error"),
        ("<h1>x</h1>\n\n<marquee>{{ tables_text }}</marquee>\n", "rulebook.es.html.j2, line 3: unknown tag <marquee>"),
    ],
)
def test_template_problems_exit_2_with_one_line(tmp_path, capsys, monkeypatch, template, expected):
    root = tmp_path / "templates"
    root.mkdir()
    if template is not None:
        write_template(root, template, game="multiplicats")
    monkeypatch.setattr(render, "data_dir", lambda name: root)
    out = tmp_path / "o"
    assert run(["rules", "multiplicats", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and expected in err
    assert "Traceback" not in err
    assert not (out / "rulebook-es.pdf").exists()


def test_bad_language_is_exit_2(tmp_path, capsys):
    assert run(["rules", "multiplicats", "--lang", "fr", "--out", str(tmp_path)]) == 2
    assert "unknown language 'fr'" in capsys.readouterr().err
