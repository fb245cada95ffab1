"""`deckgen measure --trace FILE`: every measured game step by step, in a file a replay of the engine
agrees with, the measures unchanged by asking for it, and the file rules (no foreign file replaced,
a stopped run leaves the old file)."""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest

from clirun import run
from deckgen.engine.state import CHANCE
from deckgen.registry import games
from deckgen.spec import spec_for


def _measure(*args: str) -> str:
    from deckgen.main import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            main(["measure", *args, "--json", "--quiet"])
        except SystemExit as exc:
            assert not exc.code
    return buf.getvalue()


@pytest.fixture(scope="module")
def monete_trace(tmp_path_factory):
    path = tmp_path_factory.mktemp("trace") / "monete.jsonl"
    with_trace = _measure("monete", "--players", "3", "--games", "6", "--trace", str(path))
    without = _measure("monete", "--players", "3", "--games", "6")
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    return path, lines, with_trace, without


def test_asking_for_the_trace_changes_no_measure(monete_trace):
    _, _, with_trace, without = monete_trace
    assert json.loads(with_trace) == json.loads(without)


def test_the_file_holds_a_header_then_every_game_of_every_mode_in_seed_order(monete_trace):
    _, lines, _, _ = monete_trace
    head, rest = lines[0], lines[1:]
    assert head == {"format": "deckgen-trace", "version": 1, "game": "monete", "players": 3, "seed": 1,
                    "steps": ["seat", "legal", "action", "clock"], "chance": CHANCE}
    modes = [label for label, _ in games()["monete"].engine.variants(spec_for(games()["monete"], cli={}).build())]
    assert [(g["variant"], g["seed"]) for g in rest] == [(m, 1 + i) for m in modes for i in range(6)]


def test_each_game_replays_in_the_engine_step_for_step(monete_trace):
    """Deal the game from its seed, then apply the file's actions: at every step the seat to act and
    its number of legal actions are the file's, chance steps fall where the file has them, and the game
    ends with the file's length and winners."""
    _, lines, _, _ = monete_trace
    game = games()["monete"]
    engine = game.engine
    variants = dict(engine.variants(spec_for(game, cli={}).build()))
    for g in lines[1:]:
        rng = random.Random(g["seed"])
        state = engine.new_state(variants[g["variant"]], 3, rng)
        assert g["steps"], g["seed"]
        for seat, legal, action, clock in g["steps"]:
            assert state.current_player() == seat
            assert state.length() == clock
            if seat == CHANCE:
                assert legal == 0 and action is None
                state.chance(rng)
            else:
                assert len(state.legal_actions()) == legal and 0 <= action < legal
                assert engine.policies["heuristic"](state, rng) == action  # the same choice, the same random numbers
                state.apply_action(action)
        assert state.is_terminal() == g["ended"] is True
        assert state.length() == g["length"] and list(state.winners()) == g["winners"]
        clocks = [c for c, _ in g["standing"]]
        assert clocks == sorted(clocks) and clocks[-1] == g["length"]
        assert all(len(seats) == 3 for _, seats in g["standing"])


def test_a_file_deckgen_wrote_is_replaced_and_any_other_refused(monete_trace, tmp_path, capsys):
    path, lines, _, _ = monete_trace
    again = tmp_path / "again.jsonl"
    again.write_bytes(path.read_bytes())
    code, out, err = run(capsys, "measure", "hectoedra", "--players", "2", "--games", "2", "--trace", str(again), "--quiet")
    assert code == 0, err
    assert json.loads(again.read_text().splitlines()[0])["game"] == "hectoedra"
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes\n")
    code, out, err = run(capsys, "measure", "hectoedra", "--players", "2", "--games", "2", "--trace", str(mine))
    assert code == 2 and err.strip() == f"error: --trace {mine}: a file deckgen did not write is there; choose another name"
    assert mine.read_text() == "my notes\n"
    code, out, err = run(capsys, "measure", "hectoedra", "--games", "2", "--trace", str(tmp_path))
    assert code == 2 and "a folder is there" in err
    code, out, err = run(capsys, "measure", "hectoedra", "--games", "2", "--trace", str(tmp_path / "no" / "t.jsonl"))
    assert code == 2 and "does not exist" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.jsonl", "notes.txt"]  # no temporary file left


def test_the_command_says_what_it_wrote(tmp_path, capsys):
    path = tmp_path / "t.jsonl"
    code, out, err = run(capsys, "measure", "hectoedra", "--players", "2", "--games", "3", "--trace", str(path))
    assert code == 0, err
    assert out.splitlines()[-1] == f"trace of 3 games written to {path}"
    assert len(path.read_text().splitlines()) == 1 + 3
