"""Issue 41, item 5: a cache (the figures cache, the compiled rulebook templates) is read only from
regular files of a bounded size whose contents conform to their schema; a FIFO, a link (to /dev/zero
or anywhere), a huge file, wrong types or impossible figures are ignored and written again: never a
hang, never a failure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run
from deckgen.engine import cache
from deckgen.engine.simulate import Summary
from deckgen.fileio import read_regular

ROOT = Path(__file__).resolve().parents[2]


# every kind of damage an entry (a file the cache would read) can have
def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _zero(p: Path) -> None:
    p.symlink_to("/dev/zero")


def _huge(p: Path) -> None:
    with open(p, "wb") as f:  # sparse: huge to stat(), nothing on the disk
        f.truncate(cache.MOST_BYTES + 1)


def _folder(p: Path) -> None:
    p.mkdir()


def _link_to_good(p: Path) -> None:
    good = p.with_name("elsewhere.json")
    good.write_text("{}")
    p.symlink_to(good)


DAMAGE = {"fifo": _fifo, "link to /dev/zero": _zero, "huge": _huge, "folder": _folder, "link": _link_to_good}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_only_regular_bounded_files_are_read(tmp_path, kind):
    entry = tmp_path / "entry.json"
    DAMAGE[kind](entry)
    assert read_regular(entry, cache.MOST_BYTES) is None  # at once: a FIFO is opened without blocking
    entry2 = tmp_path / "ok.json"
    entry2.write_bytes(b"x" * 10)
    assert read_regular(entry2, 10) == b"x" * 10 and read_regular(entry2, 9) is None


def summary(**changes) -> dict:
    s = Summary("hectoedra", 2, "heuristic", 10, 1, 10, wins_by_seat=[0.6, 0.4], length_hist={40: 10}, length_mean=40.0,
                length_median=40.0, length_p95=40.0, measures={"x": 1.0}, errors={"x": 0.1}, planned=10)
    data = s.to_json(full=True)
    data.update(changes)
    return data


WRONG = {  # a summary's JSON, wrong in one way each: types, impossible figures, other shapes
    "players is text": summary(players="2"),
    "players -3": summary(players=-3),
    "games 0": summary(games=0, ended=0, length_hist=[]),
    "ended over games": summary(ended=11),
    "a share of wins over 1": summary(wins_by_seat=[1.5, -0.5]),
    "one seat's wins for two players": summary(wins_by_seat=[1.0]),
    "measures a list": summary(measures=[1, 2]),
    "a measure as text": summary(measures={"x": "1"}),
    "lengths as text": summary(length_hist=[["40", 10]]),
    "more lengths than games": summary(length_hist=[[40, 50]]),
    "an unknown field": summary(colour="red"),
    "a field missing": {k: v for k, v in summary().items() if k != "ended"},
    "another game's": summary(game="mgc"),
    "a list": [summary()],
    "deep": json.loads("[" * 50 + "]" * 50),
}


def test_a_summary_is_used_only_when_it_conforms_and_makes_sense(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache.store_json("hectoedra", "good", summary())
    assert cache.load("hectoedra", "good", 2) == Summary.from_json(summary())
    assert cache.load("hectoedra", "good", 3) is None  # figures for another player count
    for name, data in WRONG.items():
        cache.store_json("hectoedra", "bad", data)
        assert cache.load("hectoedra", "bad", 2) is None, name


def test_a_damaged_ladder_or_measures_entry_is_played_again(tmp_path, monkeypatch):
    from deckgen.analysis import skill
    from deckgen.analysis.measures.run import Plan, played_from
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    engine = get_game("hectoedra").engine
    deck = spec_for("hectoedra", cli={}).build()
    for data in ({"names": "random", "returns": []}, {"names": ["random"], "returns": [["1"]]}, {"names": [], "returns": [], "seconds": 1},
                 [1, 2], {"names": ["random"], "returns": [[float("nan")]]}):
        cache.store_json("hectoedra", "ladder", data)
        assert skill._cached(engine, deck, 2, 2, "ladder") is None
    plan = Plan(games=1, evaluated_games=0, decisions=0, rollouts=1, skill_games=0, seed=1)
    fact = {"seed": 1, "players": 2, "ended": True, "winners": [0], "order": [0, 1]}
    good = {"players": 2, "facts": [fact], "decisions": [], "skill": [], "deals": []}
    assert played_from(good, plan, 2) is not None
    for bad in (dict(good, players=-3, facts=[dict(fact, players=-3)]),
                dict(good, facts=[dict(fact, winners=[5])]),
                dict(good, facts=[dict(fact, ended="yes")]),
                dict(good, facts=[]),
                dict(good, skill=[["x"]]),
                {k: v for k, v in good.items() if k != "deals"},  # an entry written before the deal share
                dict(good, deals=[[[1.0, 0.0]]])):  # deals the plan did not play
        assert played_from(bad, plan, 2) is None, bad
    assert played_from(good, plan, 3) is None
    dealt = Plan(games=1, evaluated_games=0, decisions=0, rollouts=1, skill_games=0, seed=1, deal_games=1)
    assert played_from(dict(good, deals=[[[1.0, 0.0]]]), dealt, 2) is not None
    assert played_from(dict(good, deals=[[[1.0]]]), dealt, 2) is None  # a play that is not one result a seat


def test_validate_and_rules_never_hang_on_a_damaged_cache_and_write_it_again(tmp_path):
    """End to end, in a process of its own (a hang would hang the suite): every entry of the figures
    cache and every compiled template replaced by a FIFO, a link to /dev/zero or wrong types; validate
    and rules finish as with no cache, and the entries are written again as files."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT), DECKGEN_LANG="en")
    deck = tmp_path / "d.toml"
    deck.write_text('game = "hectoedra"\nplayers = 2\n[options]\ncards = "1-20"\n')
    argv = [sys.executable, "-m", "deckgen", "validate", str(deck), "--games", "40", "--workers", "1", "-q"]
    first = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=240)
    rules = [sys.executable, "-m", "deckgen", "rules", "hectoedra", "--out", str(tmp_path / "r"), "-q"]
    assert subprocess.run(rules, env=env, capture_output=True, timeout=120).returncode == 0
    entries = sorted((tmp_path / "cache" / "deckgen" / "figures").glob("*.json"))
    templates = sorted(p for p in (tmp_path / "cache" / "deckgen" / "templates").iterdir() if p.is_file())
    assert entries and templates and first.returncode in (0, 1), first.stderr
    damage = [_fifo, _zero, lambda p: p.write_text(json.dumps(summary(players=-3, games=0)))]
    for i, path in enumerate(entries + templates):
        path.unlink()
        damage[i % len(damage)](path)
    again = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=240)
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout) and "Traceback" not in again.stderr
    out = subprocess.run(rules, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert all(p.is_file() and not p.is_symlink() for p in entries + templates)  # written again as files
