"""Issue 19, point 7: every failing check says what to change, naming an option or a card.

Seen: "rounds per match 51 (must be at most 40)" with no word on what to change; "10 in reserve"
unexplained."""

from __future__ import annotations

import dataclasses
import re

import pytest

from deckgen.cli import app
from deckgen.errors import DeckgenError
from deckgen.registry import BuildRequest, games
from deckgen.spec import spec_for
from tests.clirun import run
from tests.deckfile.test_each_game import BROKEN
from tests.first_use.variants import other_values

GAMES = sorted(games())
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def _known_flags(game) -> set[str]:
    import typer

    command = typer.main.get_command(app).commands["validate"]
    own = {o for p in command.params for o in getattr(p, "opts", [])}
    build = {o for p in typer.main.get_command(app).commands["build"].params for o in getattr(p, "opts", [])}
    negated = {f"--no-{o.cli[2:]}" for o in game.options if o.flag}
    return {o.cli for o in game.options} | negated | own | build


def _failing_checks(game):
    """Every failing static and exhaustive check over the game's option values and player counts."""
    base = spec_for(game, cli={}).options
    variants = [dict(base)] + [{**base, o.name: o.parse(v)} for o in game.options for v in other_values(o)]
    for options in variants:
        for n in [None, *range(game.players[0], game.players[1] + 1)]:
            try:
                deck = game.build(BuildRequest(options, 1, n))
            except DeckgenError:
                continue
            yield from (c for c in game.checks(deck) if not c.ok)
            if n is None:
                for _, variant in game.engine.variants(deck):
                    counts = game.player_counts(variant) or [game.players[0]]
                    try:
                        yield from (c for c in game.engine.exhaustive(variant, counts) if not c.ok)
                    except DeckgenError:
                        pass


@pytest.mark.parametrize("game_id", GAMES)
def test_every_failing_check_has_a_hint_naming_real_options(game_id):
    game = games()[game_id]
    known = _known_flags(game)
    failed = list(_failing_checks(game))
    assert failed or game_id == "monete"  # options reach failures (Monete's: the deck files below)
    for c in failed:
        assert c.hint, c.line()
        assert c.line().endswith(f"; try: {c.hint}")
        assert set(FLAG.findall(c.hint)) <= known, (c.hint, set(FLAG.findall(c.hint)) - known)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_threshold_has_a_hint_naming_real_options(game_id):
    game = games()[game_id]
    known = _known_flags(game)
    deck = spec_for(game, cli={}).build()
    for _, variant in game.engine.variants(deck):
        for t in game.engine.thresholds(variant, game.default_players):
            assert t.hint and FLAG.search(t.hint), t.measure
            assert set(FLAG.findall(t.hint)) <= known, (t.measure, t.hint)


CASES = [(g, name, case) for g, cases in BROKEN.items() for name, case in cases.items() if case[1] == 1]


@pytest.mark.parametrize("game_id,name,case", CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_every_fail_line_of_a_not_playable_deck_file_says_try(game_id, name, case, tmp_path, capsys):
    path = tmp_path / "deck.toml"
    path.write_text(case[0], encoding="utf-8")
    code, out, _ = run(capsys, "validate", path, "--games", "40", "--quiet")
    assert code == 1
    fails = [line for line in out.splitlines() if line.strip().startswith("FAIL")]
    assert fails and all("; try: " in line for line in fails), fails


def test_the_mgc_target_score_failure_points_at_target_score(capsys):
    code, out, _ = run(capsys, "validate", "mgc", "--target-score", "2000", "--players", "3", "--games", "30", "--quiet")
    assert code == 1
    line = next(l for l in out.splitlines() if "FAIL rounds per match (3 players)" in l)
    assert line.endswith("; try: a lower --target-score")


def test_the_reserve_is_explained_where_it_appears():
    game = games()["mgc"]
    deck = dataclasses.replace(spec_for(game, cli={}).build(), players=4)
    line = next(c.line() for c in game.checks(deck) if c.name.startswith("enough cards"))
    assert "10 in reserve" in line and "cards left to draw after the deal" in line
