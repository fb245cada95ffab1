"""Comparisons with the default deck: every difference with its 95% interval, noise called noise,
and the default deck's figures cached."""

from __future__ import annotations

import json
import os

import pytest

from deckgen.engine import cache, compare as comparing
from deckgen.engine.compare import Row, cell, comparison_lines
from deckgen.engine.simulate import Summary
from deckgen.registry import get_game

from clirun import run


def summary(length, error, wins, measures, errors, n=400):
    return Summary("multiplicats", 4, "heuristic", n, 1, n, length_mean=length, length_error=error, wins_by_seat=wins, measures=measures, errors=errors)


def test_a_difference_inside_its_interval_is_no_measurable_change():
    noise = Row(4, "x", 10.4, 10.0, 0.2, 0.2)  # 0.4 apart, interval 1.96 * 0.28 = 0.55
    assert not noise.significant and cell(noise) == "·"
    real = Row(4, "x", 11.0, 10.0, 0.2, 0.2)
    assert real.significant and cell(real) == "+10%±6"
    lo, hi = real.interval()
    assert lo == pytest.approx(0.1 - 1.96 * (0.2**2 + 0.2**2) ** 0.5 / 10) and hi == pytest.approx(0.2 - lo)
    assert not Row(4, "x", 5.0, 0.0, 0.1, float("inf")).significant


def test_comparison_lines_mark_only_what_is_measurable():
    game = get_game("multiplicats")
    names = [m.name for m in game.engine.measures]
    mine = summary(500.0, 5.0, [0.26, 0.25, 0.24, 0.25], {n: 0.1 for n in names}, {n: 0.01 for n in names})
    base = summary(1000.0, 8.0, [0.27, 0.24, 0.25, 0.24], {n: 0.1 for n in names} | {"slap chances per turn": 0.2}, {n: 0.01 for n in names})
    lines = comparison_lines(game, {4: mine}, {4: base})
    text = "\n".join(lines)
    assert lines[0] == "beside the default deck: your deck makes games 50% shorter than the default deck (±3%, counted in turns)"
    # game length; slap chances 0.1 vs 0.2: intervals at Holm-Bonferroni levels over the 10 figures (z 2.8 and 2.7)
    assert "-50%±3\n" in text and "-50%±19" in text
    seat = next(line for line in lines if line.strip().startswith("seat advantage"))
    assert seat.endswith("no measurable change")  # 1 point against 2, each ± 2 points
    assert "+102%" not in text and "-0%" not in text
    same = comparison_lines(game, {4: base}, {4: base})
    assert "no measurable change" in same[0] and all(("%" not in line) for line in same[2:-1])


def test_the_default_figures_are_cached_and_reused(tmp_path, capsys, monkeypatch):
    deck = tmp_path / "deck.toml"
    deck.write_text('game = "multiplicats"\nplayers = 4\n[options]\ntables = "2,5,10"\n')
    code, out, _ = run(capsys, "validate", deck, "--games", "80", "--quiet", "--workers", "1")
    assert code == 0 and "beside the default deck" in out
    stored = list(cache.cache_dir().glob("multiplicats-*.json"))
    assert len(stored) == 1 and str(cache.cache_dir()).startswith(os.environ["XDG_CACHE_HOME"])
    entry = Summary.from_json(json.loads(stored[0].read_text()))
    assert entry.players == 4 and entry.games == 80 and sum(entry.length_hist.values()) == entry.ended

    def no_play(*args, **kwargs):
        raise AssertionError("the default deck was simulated again")

    monkeypatch.setattr(comparing, "run_streams", no_play)
    code, again, _ = run(capsys, "validate", deck, "--games", "80", "--quiet", "--workers", "1")
    assert code == 0 and again == out
    with pytest.raises(AssertionError, match="simulated again"):  # another seed is another key
        run(capsys, "validate", deck, "--games", "80", "--seed", "2", "--quiet", "--workers", "1")


def test_validating_the_default_deck_fills_the_cache(capsys, monkeypatch):
    code, _, _ = run(capsys, "validate", "hectoedra", "--players", "3", "--games", "80", "--quiet", "--workers", "1")
    assert code == 0
    assert len(list(cache.cache_dir().glob("hectoedra-*.json"))) == 1


def test_a_damaged_cache_entry_is_ignored_whatever_it_holds():
    cache.cache_dir().mkdir(parents=True, exist_ok=True)
    for i, content in enumerate([b"\xff\xfe\x00binary", b"{not json", b"[" * 100_000 + b"]" * 100_000, b'["a list"]', b"{}"]):
        (cache.cache_dir() / f"multiplicats-damaged{i}.json").write_bytes(content)
        assert cache.load("multiplicats", f"damaged{i}") is None
    assert cache.load_json("multiplicats", "damaged3") == ["a list"] and cache.load_json("multiplicats", "missing") is None
