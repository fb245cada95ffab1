"""Issue 41, item 12: a value that came from a deck file is blamed on the file and its key, never on a
command-line flag the user did not type; a value neither gave (a default) blames no one and says how
to choose another."""

from __future__ import annotations

import pytest

from clirun import run
from deckgen.errors import OptionError
from deckgen.spec import spec_for

DECK = 'game = "hectoedra"\nplayers = 3\n[options]\ncards = "1-20"\n'  # 20 cards, 10 each: it serves 2 players only


@pytest.mark.parametrize("command", [["skill", "--games", "1"], ["simulate", "--games", "2"], ["measure", "--games", "2"]])
def test_a_player_count_from_the_file_is_the_files(tmp_path, monkeypatch, capsys, command):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.toml").write_text(DECK)
    code, _, err = run(capsys, command[0], "d.toml", *command[1:], "-q")
    assert code == 2 and err.startswith("error: d.toml: players: ") and "not 3" in err and "--players:" not in err, err
    code, _, err = run(capsys, command[0], "d.toml", *command[1:], "--players", "4", "-q")  # typed: the flag's
    assert code == 2 and err.startswith("error: --players: ") and "not 4" in err, err


def test_a_default_count_blames_no_flag(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "simulate", "hectoedra", "--cards", "1-20", "--games", "2", "-q")
    assert code == 2 and not err.startswith("error: --players") and "choose one with --players" in err, err


@pytest.mark.parametrize("layer,key", [({"seed": -1}, "seed"), ({"players": 40}, "players"), ({"print": {"bleed": 30}}, "print.bleed"),
                                       ({"print": {"dpi": 5}}, "print.dpi"), ({"print": {"back_offset": "9,9"}}, "print.back_offset")])
def test_every_value_of_the_file_is_named_by_its_key(layer, key):
    with pytest.raises(OptionError) as exc:
        spec_for("hectoedra", cli={}, file_layer=layer, source="d.toml")
    assert exc.value.option == f"d.toml: {key}"
    typed = {k: v for k, v in layer.items() if k != "print"} or {"print": layer["print"]}
    with pytest.raises(OptionError) as exc:  # the same value typed: the flag's
        spec_for("hectoedra", cli=typed)
    assert exc.value.option.startswith("--")
