"""A percentage measured over few trials never claims less error than a binomial count allows: a
deck is not failed on "0.0% ± 0.0%" from two games."""

from __future__ import annotations

import pytest

from deckgen.engine.game import Measure, Threshold

OPENER = Measure("round wins by the opener", "wins", "rounds", percent=True)
PER_GAME = Measure("seat 0 wins", "seat0", percent=True)
LENGTH = Measure("turns", "turns")


def test_no_hit_in_ten_rounds_keeps_a_binomial_error():
    games = [{"wins": 0.0, "rounds": 5.0}, {"wins": 0.0, "rounds": 5.0}]
    se = OPENER.stderr(games)
    p = 2 / 14
    assert se == pytest.approx((p * (1 - p) / 14) ** 0.5)  # Agresti-Coull: (0+2)/(10+4)
    assert Threshold("round wins by the opener", lo=0.011, hi=0.261).holds(0.0, se)  # not a FAIL on 2 games
    assert OPENER.stderr_of_sums(2, {"wins": 0.0, "rounds": 10.0}, {"wins": 0.0, "rounds": 50.0}, {"wins*rounds": 0.0}) == pytest.approx(se)


def test_many_trials_still_fail_a_real_edge():
    games = [{"wins": 0.0, "rounds": 5.0}] * 400  # 0 of 2,000 rounds: the opener never wins
    se = OPENER.stderr(games)
    assert se < 0.002
    assert not Threshold("round wins by the opener", lo=0.011, hi=0.261).holds(0.0, se)


def test_the_floor_only_raises_and_only_for_percentages():
    spread = [{"wins": float(i % 2), "rounds": 1.0} for i in range(100)]  # 50 of 100: the usual error stands
    usual = (0.25 / 100 * 100 / 99) ** 0.5
    assert OPENER.stderr(spread) == pytest.approx(usual)
    assert PER_GAME.stderr([{"seat0": 1.0}] * 20) == pytest.approx(((20 + 2) / 24 * (2 / 24) / 24) ** 0.5)
    assert LENGTH.stderr([{"turns": 10.0}] * 20) == 0.0  # a constant count is exact, not a proportion


def test_a_measure_the_same_in_two_games_is_not_judged_and_says_so_in_both_languages(capsys):
    from clirun import run

    code, out, err = run(capsys, "validate", "hectoedra", "--games", "2", "--players", "4", "--quiet")
    assert (code, err) == (0, "")
    line = next(l for l in out.splitlines() if "starter edge (4 players)" in l)
    assert line == ("  ok   starter edge (4 players): 0.000, must be between 0.500 and 1.600: not judged: 2 games "
                    "are too few to tell luck from an edge (at least 20; more --games)")
    code, out, err = run(capsys, "--ui-lang", "es", "validate", "hectoedra", "--games", "2", "--players", "4", "--quiet")
    assert (code, err) == (0, "")
    line = next(l for l in out.splitlines() if "ventaja de quien empieza (4 jugadores)" in l)
    assert line == ("  bien  ventaja de quien empieza (4 jugadores): 0,000, debe estar entre 0,500 y 1,600: sin juzgar: 2 partidas "
                    "son muy pocas para distinguir la suerte de una ventaja (al menos 20; más --games)")


def test_one_game_judges_no_measure_and_a_wrong_figure_is_never_shown_as_passing():
    from deckgen.engine.validate import validate
    from deckgen.games.hectoedra import GAME
    from deckgen.spec import spec_for

    import re

    shape = re.compile(r"^(-?[\d.]+)%?(?: ± [\d.]+%?)?, must be (?:between (-?[\d.]+)%? and (-?[\d.]+)%?|at least (-?[\d.]+)%?|at most (-?[\d.]+)%?)")
    judged = 0
    for games in (1, 3):
        report = validate(GAME, spec_for(GAME, cli={"options": {"rounds": 2}}).build(), players=[3], games=games, seed=5)
        for c in report.simulated:
            m = shape.match(c.detail)
            if not m or "not judged" in c.detail:
                continue
            value, lo, hi, least, most = (None if g is None else float(g) for g in m.groups())
            inside = (lo is None or lo <= value <= hi) and (least is None or value >= least) and (most is None or value <= most)
            assert c.ok == inside or " ± " in c.detail, c.line()  # no figure outside its range passes without its error
            judged += 1
    assert judged
