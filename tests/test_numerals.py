"""Every number a user types is read one way, on every face: the digits 0-9, a sign, a point (or a
Spanish decimal comma). Other scripts' digits and underscores, which Python's int() takes, are
refused everywhere with one message that says how to write the number."""

from __future__ import annotations

import pytest

from clirun import run
from deckgen.numerals import decimal_number, whole_number

ODD = ["٣", "1_0", "१२", "３", "²"]


@pytest.mark.parametrize("text,value", [("4", 4), (" 7 ", 7), ("+5", 5), ("-3", -3), ("012", 12)])
def test_whole_numbers_in_the_digits_0_to_9(text, value):
    assert whole_number(text) == value


@pytest.mark.parametrize("text", ODD + ["four", "0x10", "1e3", "", "4.0", "--4"])
def test_anything_else_is_refused_and_odd_digits_are_named(text):
    with pytest.raises(ValueError) as exc:
        whole_number(text)
    odd = text in ODD
    assert ("written with the digits 0-9" in str(exc.value)) == odd


@pytest.mark.parametrize("text,value", [("2.5", 2.5), (".5", 0.5), ("3", 3.0), ("3,5", 3.5), ("1e-2", 0.01), ("-0.5", -0.5)])
def test_decimals_with_a_point_or_a_spanish_comma(text, value):
    assert decimal_number(text) == value


@pytest.mark.parametrize("text", ["nan", "inf", "٣.٥", "1_0.5", "1,000.5", "3,5,1", "", "1.2.3"])
def test_other_decimals_are_refused(text):
    with pytest.raises(ValueError):
        decimal_number(text)


@pytest.mark.parametrize("argv,flag", [
    (["simulate", "multiplicats", "--tables", "1-3", "--players", "٣"], "--players"),
    (["simulate", "multiplicats", "--tables", "1-3", "--seed", "1_0"], "--seed"),
    (["validate", "hectoedra", "--games", "١٠"], "--games"),
    (["build", "multiplicats", "--tables", "2", "--bleed", "٣"], "--bleed"),
    (["build", "multiplicats", "--tables", "2", "--dpi", "3_00"], "--dpi"),
])
def test_the_command_line_refuses_them_in_one_line(capsys, tmp_path, monkeypatch, argv, flag):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"error: invalid value for {flag}: expected a") and "written with the digits 0-9" in err
    assert err.count("\n") == 1 and not list(tmp_path.iterdir())  # one line; nothing written


@pytest.mark.parametrize("value", ["١-٣", "1_0", "2,٥"])
def test_a_game_options_numbers_follow_the_same_rule(capsys, value):
    code, _, err = run(capsys, "simulate", "multiplicats", "--tables", value, "--games", "1")
    assert code == 2 and f"--tables: {value!r} is not a list of numbers written with the digits 0-9, like 1-6 or 2,5,10" in err


def test_the_web_request_says_what_the_command_line_says(capsys):
    from deckgen.errors import DeckgenError
    from deckgen.request import typed

    with pytest.raises(DeckgenError) as exc:
        typed("players", "٣")
    _, _, err = run(capsys, "simulate", "multiplicats", "--tables", "1-3", "--players", "٣")
    assert err == f"error: {exc.value}\n"
    assert typed("bleed", "3,5") == 3.5 and typed("players", "4") == 4


def test_the_spanish_page_says_it_in_spanish(capsys):
    """The page's refusal is a catalog message, said in the page's language; in English it is the
    command line's very words (deckgen.numerals.invalid_value)."""
    from deckgen.errors import DeckgenError
    from deckgen.i18n import using
    from deckgen.request import typed

    with pytest.raises(DeckgenError) as exc:
        typed("players", "٣")
    _, _, err = run(capsys, "simulate", "multiplicats", "--tables", "1-3", "--players", "٣")
    assert err == f"error: {exc.value}\n"
    with using("es"):
        assert str(exc.value).startswith("valor no válido para --players: ")
