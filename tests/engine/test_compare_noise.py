"""Issue 27, point 3: a difference is flagged only when it is real.

One formula gives the printed interval and the flag (the flag is "the interval leaves out 0"), the
intervals are corrected together for the rows compared (Holm-Bonferroni), and the same deck in
another card order, or played from other seeds, flags nothing in any of the five games."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from deckgen.engine.compare import ALPHA, METHOD, Row, cell, compare, comparison_json, comparison_lines, corrected, holm, z_for
from deckgen.engine.validate import validate
from deckgen.registry import get_game
from deckgen.spec import spec_for


def test_the_issue_example_is_not_flagged_its_interval_spans_zero():
    # "ÁLGEBRA caught per round, 9 players: +63% ± 75": -12% to +138%
    row = Row(9, "ÁLGEBRA caught per round", 0.163, 0.100, 0.0255, 0.0255)
    lo, hi = row.interval()
    assert lo < 0 < hi and not row.significant and cell(row) == "·"


def test_the_flag_is_exactly_the_printed_interval_leaving_out_zero():
    rng = random.Random(5)
    table = [Row(2, f"m{i}", rng.uniform(0, 2), rng.choice([0.0, rng.uniform(0.5, 1.5)]), rng.uniform(0, 0.3), rng.uniform(0, 0.3)) for i in range(300)]
    for r in holm(table):
        ci = r.interval()
        assert r.significant == (ci is not None and (ci[0] > 0 or ci[1] < 0))
        if r.significant:  # the cell prints that same interval
            est, se = r.estimate()
            assert cell(r).endswith(f"±{r.z * se * 100:.0f}" if r.change is not None else f"±{r.z * se:.2g}")


def test_holm_steps_down_and_stops_at_the_first_row_it_keeps():
    # p-values 0.001, 0.011, 0.02, 0.5 over m = 4: levels 0.0125, 0.0167 (0.011 flagged), 0.025 (0.02 flagged), 0.05
    def row(p):
        return Row(2, f"p{p}", 1.0 + NormalDistInv(p), 1.0, 1 / math.sqrt(2), 1 / math.sqrt(2))

    done = holm([row(0.5), row(0.02), row(0.001), row(0.011)])
    assert [r.significant for r in done] == [False, True, True, True]
    assert [round(r.z, 3) for r in done] == [round(z_for(0.05), 3), round(z_for(0.025), 3), round(z_for(0.0125), 3), round(z_for(0.05 / 3), 3)]
    # one row above its level stops the step-down: every later row is tested at that level
    # (0.02 > 0.05 / 3), even 0.04, below its own step's 0.05, whose interval then contains 0
    stopped = holm([row(0.04), row(0.021), row(0.02)])
    assert not any(r.significant for r in stopped)
    assert all(r.z == pytest.approx(z_for(ALPHA / 3)) for r in stopped)
    assert stopped[0].interval()[0] < 0
    # 1.96 alone would flag p = 0.02 in a family of 100; the correction does not
    many = holm([row(0.02)] + [row(0.9)] * 99)
    assert not many[0].significant and many[0].z > 3.4


def NormalDistInv(p: float) -> float:
    """The difference (with standard error 1) whose two-sided p-value is ``p``."""
    return z_for(p)


def _decks(game_id: str):
    game = get_game(game_id)
    deck = spec_for(game, cli={}).build()
    return game, deck, dataclasses.replace(deck, cards=type(deck.cards)(reversed(deck.cards)))


# player counts that keep the test to seconds; MGC at 9 players is the issue's own case
CASES = {"mgc": [3, 9], "hectoedra": [2, 4], "monete": [2, 4], "multiplicats": [3, 6], "maestras": [2, 4]}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_the_same_deck_in_another_order_or_from_other_seeds_flags_nothing(game_id):
    game, deck, reversed_deck = _decks(game_id)
    players, games = CASES[game_id], 40
    # only the measured games' summaries are compared: the model checker and the sample behind the
    # claims (tests/modelcheck) leave them as they are, so neither runs here
    mine = validate(game, reversed_deck, players=players, games=games, sequential=False, confidence=0, model_budget=0)
    base = compare(game, mine, deck, games=games, sequential=False)
    assert sorted(base, key=str) == sorted(mine.summaries, key=str)
    table, total = corrected(game, mine.summaries, base)
    assert len(table) > 10 and not [(r.name, r.players) for r in table if r.significant]
    assert total is not None and not total.significant
    other = validate(game, deck, players=players, games=games, seed=1001, sequential=False, confidence=0, model_budget=0)
    table, total = corrected(game, other.summaries, base)
    assert not [(r.name, r.players) for r in table if r.significant] and not total.significant
    lines = comparison_lines(game, other.summaries, base)
    assert "about as long as the default deck" in lines[0] and METHOD in "\n".join(lines)
    data = comparison_json(game, other.summaries, base)
    assert data["correction"]["method"] == METHOD and not any(r["measurable"] for r in data["rows"])


def test_a_real_change_is_still_found():
    """Hectoedra with the cards 1-30 against the full deck: fewer penalties, found at 40 games."""
    game = get_game("hectoedra")
    deck = spec_for(game, cli={}).build()
    from deckgen.options import resolve
    from deckgen.registry import BuildRequest

    small = game.build(BuildRequest(resolve(game.options, {"cards": "1-30"}), 1, None))
    mine = validate(game, small, players=[2], games=40, sequential=False)
    base = compare(game, mine, deck, games=40, sequential=False)
    table, _ = corrected(game, mine.summaries, base)
    assert any(r.significant and r.name == "penalties per player per round" for r in table)
