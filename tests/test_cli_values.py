"""The command line's plain values read without pydantic (deckgen.cli_values) are exactly what typer's
own validators make of them, and everything else is still typer's (its values and its messages)."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.main

from deckgen.cli_values import plain_value
from deckgen.main import app
from tests.clirun import run

TEXTS = ["7", "-3", "007", "-0", "123456789012345678", "1234567890123456789", "+7", " 7", "7 ", "7.0", "1_000", "1e3", "x",
         "", "-", "~", "a b", "out/dir", "./x.toml", "ñ", "x\udcff", "0x10", "٣"]


def _typer_param(name: str):
    command = typer.main.get_command(app).commands["build"]
    return next(p for p in command.params if p.name == name)


@pytest.mark.parametrize("name", ["target", "seed", "dpi", "lang", "out", "bleed", "players"])
def test_a_plain_value_is_what_typers_validator_makes_of_it(name):
    from typer._coercion import build_runtime_param

    param = _typer_param(name)
    desc = param.type_descriptor
    full = build_runtime_param(desc)  # typer's own, through pydantic
    taken = 0
    for text in TEXTS:
        plain, value = plain_value(desc.annotation, desc.parameter_info, text)
        if not plain:
            continue
        taken += 1
        expected = full._coerce_value(text, param=param, ctx=None)
        assert value == expected and type(value) is type(expected), (name, text)
    assert taken


def test_what_is_left_to_typer():
    for name, refused in (("seed", ("7.0", "1_000", "x", "٣", "1e3", "")), ("bleed", ("lots", "1_0", "٣"))):
        desc = _typer_param(name).type_descriptor
        for text in refused:
            assert plain_value(desc.annotation, desc.parameter_info, text) == (False, None), (name, text)
    # an int option without a parser takes only plain digits without typer
    from typer.models import ParameterInfo

    info = ParameterInfo()
    assert plain_value(int, info, "42") == (True, 42)
    for text in ("+7", " 7", "7.0", "1_000", "1234567890123456789"):
        assert plain_value(int, info, text) == (False, None), text
    assert plain_value(float, info, "3") == (False, None)  # floats: always typer's


@pytest.mark.parametrize("argv, message", [
    (["--seed", "7x"], "invalid value for --seed: expected a whole number, got '7x'"),
    (["--seed", "-1"], "--seed"),
    (["--bleed", "lots"], "invalid value for --bleed"),
    (["--dpi", "1e3"], "invalid value for --dpi"),
])
def test_values_typer_checks_keep_its_messages(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, "build", "hectoedra", *argv, "--out", tmp_path / "o")
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_plain_values_reach_the_build(capsys, tmp_path):
    code, out, err = run(capsys, "build", "hectoedra", "--cards", "1-12", "--seed", "007", "--lang", "en", "--quiet", "--out", tmp_path / "o")
    assert code == 0, err
    assert out.strip() == f"{tmp_path / 'o'}/"
    assert '"seed": 7' in (tmp_path / "o" / "deck.json").read_text(encoding="utf-8")
    assert (tmp_path / "o" / "rulebook-en.pdf").is_file() and isinstance(tmp_path, Path)
