"""Issue 41, items 2-4: every number a user types is read by deckgen/numerals.py, on every face.

The class, not the cases: every reader of a number is found from the declarations (the common options'
table, each game's options and capabilities, the commands' own typed options, a deck file's schema),
then each is given a valid value written in other scripts' digits (refused, saying "digits 0-9") and,
where it takes a decimal, the same value with a decimal comma (accepted, the same value). The seed's
range is one definition (deckgen/seeds.py), and both its ends are accepted on every face."""

from __future__ import annotations

import inspect

import pytest

from clirun import run
from deckgen.errors import DeckgenError, OptionError
from deckgen.registry import games
from deckgen.shared_options import SHARED

# zero of each script: fullwidth, Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali, Thai, mathematical bold
ZEROS = {"fullwidth": 0xFF10, "arabic-indic": 0x0660, "persian": 0x06F0, "devanagari": 0x0966, "bengali": 0x09E6,
         "thai": 0x0E50, "math bold": 0x1D7CE}


def in_script(text: str, zero: int) -> str:
    return "".join(chr(zero + ord(c) - 48) if "0" <= c <= "9" else c for c in text)


def refused_for_digits(parse, text: str) -> str:
    """The message ``parse`` refuses ``text`` with (it must refuse it)."""
    try:
        got = parse(text)
    except (ValueError, DeckgenError) as exc:
        return str(exc)
    raise AssertionError(f"{text!r} was read as {got!r}")


# ---------------------------------------------------------------- every reader of a number

def print_readers():
    """(name, reader, a valid value as typed, takes decimals) for the print settings' own readers."""
    from deckgen.render import geometry, settings

    return [
        ("card size", geometry.card_size, "60x90", True),
        ("bleed", geometry.bleed_mm, "2.5", True),
        ("back offset", geometry.back_offset, "1.5,-0.5", True),
        ("dpi", settings.dots_per_inch, "300", False),
    ]


def option_readers():
    """Every game option and capability option that reads numbers, with a value it accepts."""
    found = []
    for game in games().values():
        options = [(f"{game.id} --{o.name}", o) for o in game.options]
        options += [(f"{game.id} {cap} --{o.name}", o) for cap, c in game.capabilities.items() for o in c.options]
        for name, opt in options:
            if opt.flag or opt.choices:
                continue
            numeric = [s for s in opt.samples() if any(c.isdigit() for c in s) and _accepts(opt.parse, s)]
            if numeric:
                found.append((name, opt.parse, numeric[0], isinstance(opt.parse(numeric[0]), float)))
    return found


def _accepts(parse, text) -> bool:
    try:
        parse(text)
        return True
    except (OptionError, ValueError):
        return False


def shared_readers():
    return [(row.flag, row.typed, (row.samples() or ("4",))[-1], row.kind == "float") for row in SHARED.values() if row.kind in ("int", "float")]


READERS = print_readers() + option_readers() + shared_readers()


def test_the_readers_found_cover_every_kind():
    names = {r[0] for r in READERS}
    assert {"card size", "bleed", "back offset", "dpi", "--seed", "--players", "--games"} <= names
    assert "multiplicats --reaction_ms" in names and "multiplicats --tables" in names
    assert any(" puzzle --" in n for n in names)  # a capability's options too
    assert len(READERS) > 30


@pytest.mark.parametrize("script", list(ZEROS))
def test_other_scripts_digits_are_refused_by_every_reader_saying_so(script):
    wrong = []
    for name, parse, text, _ in READERS:
        odd = in_script(text, ZEROS[script])
        said = refused_for_digits(parse, odd)
        if "digits 0-9" not in said:
            wrong.append((name, odd, said))
    assert not wrong, wrong


def test_a_decimal_comma_is_read_wherever_a_decimal_is():
    decimals = [(n, p, t) for n, p, t, dec in READERS if dec and "." in t]
    assert len(decimals) >= 4
    for name, parse, text in decimals:
        assert parse(text.replace(".", ",") if name != "back offset" else "1,5;-0,5") == parse(text), name
    from deckgen.render.geometry import back_offset, card_size

    assert back_offset("1,5,-0,5") == back_offset("1,5 -0,5") == (1.5, -0.5)
    assert card_size("62,5x88").width == 62.5
    from deckgen.games.multiplicats.reaction import parse_times

    assert parse_times("650,5;700") == [650.5, 700.0] and parse_times("600,700") == [600.0, 700.0]  # a list of decimals: semicolons


def test_every_number_option_of_every_command_is_read_by_the_one_parser():
    """The commands' own options (--games, --workers, --pace, --port...) read numbers with
    deckgen.numerals' parsers, never typer's int() or float()."""
    import typer

    from deckgen.main import app
    from deckgen.numerals import decimal_arg, whole_arg

    group = typer.main.get_command(app)
    plain = []
    for name, command in group.commands.items():
        for param in command.params:
            info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
            annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
            kind = getattr(getattr(param, "type", None), "name", "")
            if kind in ("integer", "float") or annotation in (int, float):
                if getattr(info, "parser", None) not in (whole_arg, decimal_arg):
                    plain.append((name, param.name))
    assert not plain, plain


@pytest.mark.parametrize("argv", [
    ["build", "multiplicats", "--tables", "2", "--card-size", "６０x90"],
    ["build", "multiplicats", "--tables", "2", "--back-offset", "٣,0"],
    ["simulate", "multiplicats", "--tables", "2", "--games", "2", "--reaction-ms", "७००"],
    ["calibrate", "--back-offset", "１,１"],
    ["build", "multiplicats", "--tables", "2", "--dpi", "৩০০"],
])
def test_the_command_line_refuses_them_in_one_line(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv, "-q")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "digits 0-9" in err, err
    assert not list(tmp_path.iterdir())


DECK = 'game = "multiplicats"\n[options]\ntables = "2"\n[print]\n'


@pytest.mark.parametrize("line,key", [('card_size = "６０x90"', "print.card_size"), ('bleed = "٢"', "print.bleed"),
                                      ('back_offset = "١,0"', "print.back_offset"), ('dpi = "३००"', "print.dpi"),
                                      ('[options]\ninfinite_points = "٣"', "options.infinite_points")])
def test_a_deck_file_refuses_them_on_the_keys_line(tmp_path, line, key):
    from deckgen.deckfile.load import DeckFileError, read_deck_text

    text = DECK + line + "\n" if not line.startswith("[") else 'game = "multiplicats"\n' + line + "\n"
    with pytest.raises(DeckFileError) as exc:
        read_deck_text(text, "deck.toml", folder=tmp_path)
    (problem,) = exc.value.problems
    assert problem.field == key and "digits 0-9" in str(problem.message) and problem.line == text.count("\n")


def test_a_deck_file_writes_a_decimal_comma_and_numbers_as_text(tmp_path):
    from deckgen.deckfile.load import read_deck_text
    from deckgen.spec import spec_for

    raw, game = read_deck_text(DECK + 'bleed = "2,5"\ndpi = "200"\nback_offset = "1,5;-0,5"\ncard_size = "62,5x88"\n', "d.toml", folder=tmp_path)
    spec = spec_for(game, cli={}, file_layer=raw)
    assert (spec.print.bleed, spec.print.dpi, spec.print.back_offset, spec.print.card.width) == (2.5, 200, (1.5, -0.5), 62.5)


# ---------------------------------------------------------------- item 2: one seed range, both ends on every face

def test_the_seed_range_has_one_definition():
    """Every face reads the range from deckgen.seeds: no other module states 2**63 - 1 or its digits."""
    from pathlib import Path

    import deckgen

    root = Path(deckgen.__file__).parent
    stated = [p.relative_to(root) for p in root.rglob("*.py") if p.name != "seeds.py"
              and any(s in p.read_text(encoding="utf-8") for s in ("2**63 - 1", "2 ** 63 - 1", "9223372036854775807", "(1 << 63) - 1"))]
    assert not stated, stated


@pytest.mark.parametrize("seed", ["0", "9223372036854775807"])
def test_both_ends_of_the_seed_range_are_accepted_on_every_face(capsys, tmp_path, monkeypatch, seed):
    from deckgen.deckfile.load import read_deck_text
    from deckgen.request import typed

    monkeypatch.chdir(tmp_path)
    for argv in (["simulate", "hectoedra", "--cards", "1-20", "--players", "2", "--games", "2"], ["rules", "hectoedra", "--cards", "1-20", "--out", "r"],
                 ["puzzle", "hectoedra", "--sets", "1", "--size", "6", "--out", "p"]):
        code, _, err = run(capsys, *argv, "--seed", seed, "-q")
        assert code == 0, (argv, err)
    assert typed("seed", seed) == int(seed)  # the web form's field
    raw, _ = read_deck_text(f'game = "hectoedra"\nseed = {seed}\n', "d.toml", folder=tmp_path)  # a deck file
    (tmp_path / "d.toml").write_text(f'game = "hectoedra"\nseed = {seed}\nplayers = 2\n[options]\ncards = "1-20"\n')
    code, out, err = run(capsys, "simulate", "d.toml", "--games", "2", "-q")
    assert code == 0 and raw["seed"] == int(seed), err


@pytest.mark.parametrize("seed", ["-1", "9223372036854775808"])
def test_one_past_either_end_is_refused_with_the_range(capsys, tmp_path, monkeypatch, seed):
    from deckgen.deckfile.load import DeckFileError, read_deck_text
    from deckgen.request import request_from_values

    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "simulate", "hectoedra", "--seed", seed, "-q")
    assert code == 2 and "0 to 9223372036854775807" in err and err.count("\n") == 1, err
    with pytest.raises(DeckgenError) as exc:
        request_from_values("hectoedra", {"seed": seed})
    assert "0 to 9223372036854775807" in str(exc.value)
    with pytest.raises(DeckFileError) as exc:
        read_deck_text(f'game = "hectoedra"\nseed = {seed}\n', "d.toml", folder=tmp_path)
    assert "9223372036854775807" in str(exc.value) or "at least 0" in str(exc.value)


# ---------------------------------------------------------------- item 4: a deck file's keys as the file writes them

def test_a_deck_files_keys_are_named_as_written_never_by_a_python_name(tmp_path):
    from deckgen.deckfile.load import DeckFileError, read_deck_text
    from deckgen.deckfile.schema import DeckFileModel, PrintSection, keys

    for model in (DeckFileModel, PrintSection):
        assert all(k.isidentifier() and not k.endswith("_") for k in keys(model)), keys(model)
    assert "for" in keys(PrintSection)
    for text in (DECK + "colr = 1\n", DECK + 'for_ = "tgc"\n'):  # the listing names `for`; `for_` is no key at all
        with pytest.raises(DeckFileError) as exc:
            read_deck_text(text, "d.toml", folder=tmp_path)
        said = str(exc.value.problems[0].message)
        assert "for," in said and "for_" not in said.split("the keys are:")[1], said
    with pytest.raises(DeckFileError) as exc:
        read_deck_text(DECK + 'for = "kinkos"\n', "d.toml", folder=tmp_path)
    assert "'tgc'" in str(exc.value)  # the choices of `for` are found by its own name
    assert inspect.isfunction(keys)
