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


# ---------------------------------------------------------------- a game's own words (issue 41, item 12's leftover)

FLAG = r"--(?:no-)?[a-z][a-z0-9-]*"


@pytest.mark.parametrize("game_id", ["hectoedra", "maestras", "mgc", "monete", "multiplicats"])
def test_a_games_checks_name_the_files_keys_for_every_value_it_gave(tmp_path, monkeypatch, capsys, game_id):
    """The class: a deck file written by `deckgen init` gives every option of the game, and a player
    count; no check of the game (its names, details and hints) nor any threshold's hint names the
    flag of a value the file gave: each names the file's key."""
    import re

    from deckgen.given import renames, reworded
    from deckgen.pipeline import make_deck
    from deckgen.registry import get_game
    from deckgen.request import load_spec

    monkeypatch.chdir(tmp_path)
    game = get_game(game_id)
    assert run(capsys, "init", game_id, "--out", "d.toml", "--players", str(game.default_players))[0] == 0
    assert f"players = {game.default_players}" in (tmp_path / "d.toml").read_text(encoding="utf-8")
    spec = load_spec("d.toml", [])
    pairs = renames(spec)
    given = {"--players", *(f"--{o.name.replace('_', '-')}" for o in game.options), *(f"--no-{o.name.replace('_', '-')}" for o in game.options)}
    deck, checks = make_deck(spec)
    said = [str.__str__(getattr(c, f)) for c in checks for f in ("name", "detail", "hint")]
    for n in game.player_counts(deck) if game.engine else ():
        said += [str.__str__(reworded(t.hint, pairs)) for t in game.engine.thresholds(deck, n)]
    blamed = [s for s in said if set(re.findall(FLAG, s)) & given]
    assert not blamed, blamed
    plain = [str.__str__(getattr(c, f)) for c in game.checks(deck) for f in ("name", "detail", "hint")]
    if any(set(re.findall(FLAG, s)) & given for s in plain):  # the game did name such flags: now the file's keys
        assert any(" in d.toml" in s for s in said)


def test_the_report_and_an_error_of_the_rules_name_the_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.toml").write_text(DECK)
    code, out, _ = run(capsys, "validate", "d.toml", "--games", "2", "-q")
    # the file named once, at the first of its keys
    assert code == 1 and "fewer players in d.toml, or more options.cards\n" in out and "--players" not in out, out
    code, out, _ = run(capsys, "validate", "d.toml", "--games", "2", "--players", "3", "-q")  # typed: the flag's
    assert "fewer --players, or more options.cards in d.toml" in out, out
    code, out, _ = run(capsys, "--ui-lang", "es", "validate", "d.toml", "--games", "2", "-q")
    assert "en d.toml" in out and " in d.toml" not in out, out
    (tmp_path / "r.toml").write_text('game = "multiplicats"\nplayers = 3\n[options]\ntables = "1-4"\nreaction_ms = "600;700"\n')
    code, _, err = run(capsys, "simulate", "r.toml", "--games", "2", "-q")
    assert code == 2 and "options.reaction_ms in r.toml gives 2 times for 3 players" in err and "--reaction-ms" not in err, err


# ---------------------------------------------------------------- every command over a deck file (item 12, skill and measure)

RULES_ERROR = 'game = "multiplicats"\nplayers = 3\n[options]\ntables = "1-4"\nreaction_ms = "600;700"\n'  # 2 times for 3 players


@pytest.mark.parametrize("command", ["skill", "measure"])
def test_an_error_of_the_rules_in_skill_and_measure_names_the_file(tmp_path, monkeypatch, capsys, command):
    """The game's rules raise it while the ladder or the measures start their games: the value the
    file gave is the file's key; typed, the flag's."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.toml").write_text(RULES_ERROR)
    code, _, err = run(capsys, command, "r.toml", "--games", "1", "-q")
    assert code == 2 and "options.reaction_ms in r.toml gives 2 times for 3 players" in err and "--reaction-ms" not in err, err
    code, _, err = run(capsys, command, "multiplicats", "--tables", "1-4", "--reaction-ms", "600;700", "--players", "3", "--games", "1", "-q")
    assert code == 2 and "--reaction-ms gives 2 times for 3 players" in err, err


def test_every_pipeline_command_over_a_spec_blames_the_file():
    """The class: every public pipeline function that takes a spec runs under blames_the_file."""
    import inspect

    from deckgen import pipeline
    from deckgen.given import blames_the_file

    blamed = blames_the_file(lambda spec: spec).__code__  # the wrapper's code, shared by every wrapped command
    over_spec = [name for name, f in vars(pipeline).items() if inspect.isfunction(f) and not name.startswith("_")
                 and f.__module__ == pipeline.__name__ and next(iter(inspect.signature(f).parameters), "") == "spec"]
    assert {"build", "validate", "simulate", "skill", "measure", "teacher", "rules", "preview"} <= set(over_spec)
    assert [name for name in over_spec if vars(pipeline)[name].__code__ is not blamed] == []


def test_an_error_about_a_flag_the_file_gave_names_the_files_key(tmp_path, monkeypatch):
    """An error whose option is a flag (``--players: ...``) for a value the file gave names the file's
    key instead; a flag the file did not give stays."""
    from deckgen.errors import DeckgenError
    from deckgen.given import blames_the_file
    from deckgen.request import load_spec

    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.toml").write_text(DECK)
    spec = load_spec("d.toml", [])

    @blames_the_file
    def fails(spec, option):
        raise DeckgenError("no", option=option)

    for option, shown in (("--players", "d.toml: players"), ("--cards", "d.toml: options.cards"), ("--games", "--games")):
        with pytest.raises(DeckgenError) as exc:
            fails(spec, option)
        assert exc.value.option == shown
