"""Issue 19, points 9-12: finding your way (modes, help screens, did-you-mean, card-field errors,
the README's card table and teacher quick start)."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.deckfile.kinds_table import BEGIN, END, table
from deckgen.registry import games
from deckgen.spelling import closest
from tests.clirun import run

README = Path(__file__).resolve().parents[2] / "README.md"


def test_monete_modes_say_easiest_and_hardest_in_help_list_and_errors(capsys):
    code, out, _ = run(capsys, "list")
    mode = next(l for l in out.splitlines() if l.strip().startswith("--mode MODE") and "perezoso" in l)
    assert "perezoso (easiest" in mode and "jungla (hardest" in mode
    code, out, _ = run(capsys, "build", "monete", "--help")
    assert "perezoso (easiest" in out
    code, _, err = run(capsys, "build", "monete", "--mode", "easiest")
    assert code == 2
    assert err.strip() == ("error: monete: --mode: 'easiest' is not one of all (the full deck, simulated and checked in every mode), "
                           "perezoso (easiest: no purple cards, the number marker), siesta (easy: every card, the number marker), "
                           "recreo (harder: both markers, respect one) or jungla (hardest: both markers, respect both)")
    assert "did you mean" not in err  # seen: "did you mean siesta?", a word of another meaning


@pytest.mark.parametrize("typed,known,expected", [
    ("easiest", ["all", "perezoso", "siesta", "recreo", "jungla"], None),
    ("hardest", ["all", "perezoso", "siesta", "recreo", "jungla"], None),
    ("siesat", ["siesta", "recreo"], "siesta"),
    ("jungle", ["siesta", "jungla"], "jungla"),
    ("tabels", ["tables", "specials"], "tables"),
    ("--paper-size", ["--tables", "--paper", "--card-size"], "--paper"),
    ("coef", ["monomial", "coefficient", "degree"], "coefficient"),
    ("--card_size", ["--card-size", "--cards"], "--card-size"),
    ("x", ["a", "b"], None),
    ("colors", ["colours", "points"], "colours"),
])
def test_did_you_mean_goes_by_spelling_only(typed, known, expected):
    assert closest(typed, known) == expected


def test_a_print_option_misspelt_after_the_game_is_suggested(capsys):
    code, _, err = run(capsys, "build", "multiplicats", "--paper-size", "letter")
    assert code == 2
    assert "unknown option --paper-size for multiplicats (did you mean --paper?)" in err
    assert "--tables" in err and "--card-size" in err  # both sets are listed


@pytest.mark.parametrize("game_id", sorted(games()))
@pytest.mark.parametrize("command", ["build", "validate", "simulate"])
def test_command_game_help_shows_the_print_and_the_game_options(game_id, command, capsys):
    code, out, err = run(capsys, command, game_id, "--help")
    assert code == 0 and not err
    assert f"Usage: deckgen {command}" in out and "--seed" in out
    if command == "build":
        assert "--paper" in out and "--backs" in out
    game = games()[game_id]
    assert f"{game.title} options" in out
    for opt in game.options:
        assert opt.usage() in out


def test_help_for_a_deck_file_shows_its_game_options(tmp_path, capsys):
    deck = tmp_path / "d.toml"
    deck.write_text('game = "hectoedra"\n', encoding="utf-8")
    code, out, _ = run(capsys, "build", deck, "--help")
    assert code == 0 and "--per-player N" in out and "--paper" in out


def test_card_field_errors_list_the_keys_and_suggest(tmp_path, capsys):
    deck = tmp_path / "deck.toml"
    deck.write_text(
        'game = "mgc"\n[[cards]]\nkind = "monomial"\nmonomial = "2x^3"\n[[cards]]\nkind = "monomial"\nmonomial = "x"\ncoef = 1\n',
        encoding="utf-8",
    )
    code, _, err = run(capsys, "validate", deck)
    assert code == 2
    assert ("deck.toml:8: cards[2].coef: unknown key (did you mean coefficient?); the keys are: kind, monomial, "
            "coefficient, degree, copies") in err
    assert 'deck.toml:4: cards[1].monomial: not a monomial: write it like monomial = "2*x**3"' in err
    assert 'did you mean monomial = "2*x**3"?' in err


def test_the_readme_card_table_is_generated_from_the_card_schemas():
    text = README.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    assert text[start:end] == table()
    for game in games().values():
        for kind, model in game.card_kinds.items():
            row = next(l for l in table().splitlines() if l.startswith(f"| `{game.id}` | `{kind}` |"))
            for name in model.model_fields:
                assert f"`{name}` (" in row


def test_the_readme_opens_with_the_two_commands_then_the_teacher_quick_start():
    text = README.read_text(encoding="utf-8")
    first_block = text.index("```sh")
    assert text[first_block:].splitlines()[1].startswith("python3 -m pip install -e '.[test]'")
    teacher = text.index("## For teachers: print a class deck")
    assert teacher < text.index("## The games")
    section = text[teacher:text.index("## The games")]
    assert "python3 -m venv" in section and "source ~/deckgen-env/bin/activate" in section
    assert "### No duplex printer?" in section and "--backs manual-duplex" in section and "--backs separate" in section
    assert "under the folder you ran the command in" in section


@pytest.mark.parametrize("a,b,d", [
    ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("abc", "abcd", 1), ("abcd", "abc", 1), ("abc", "abd", 1),
    ("ab", "ba", 1), ("atbles", "tables", 1), ("tabels", "tables", 1), ("easiest", "siesta", 3), ("kitten", "sitting", 3),
])
def test_spelling_distance(a, b, d):
    from deckgen.spelling import distance

    assert distance(a, b) == d


@pytest.mark.parametrize("typed,known,expected", [
    ("atbles", ["tables"], "tables"),  # the first two letters swapped
    ("ab", ["ac"], None), ("abc", ["abd"], "abd"),  # two letters: no slip allowed; three: one
    ("co", ["coefficient"], None), ("coe", ["coefficient"], "coefficient"),
    ("abc-x", ["abc"], "abc"), ("ab-x", ["ab"], None), ("abcx", ["abc"], "abc"), ("abcxy", ["abc"], None),
])
def test_did_you_mean_edges(typed, known, expected):
    assert closest(typed, known) == expected
