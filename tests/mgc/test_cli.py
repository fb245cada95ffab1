"""deckgen simulate / validate / build for MGC from the command line."""

from __future__ import annotations

import json


from clirun import run



def test_simulate_prints_mgcs_measures(capsys):
    code, out, _ = run(capsys, "simulate", "mgc", "--players", "2", "--games", "30", "--policy", "random", "--quiet")
    assert code in (0, None)
    for name in ("legal card at turn", "draws per round", "rounds per match", "round wins by the opener", "seat advantage"):
        assert name in out
    assert "games ended by the rules   30 of 30" in out


def test_simulate_json_is_reproducible(capsys):
    a = run(capsys, "simulate", "mgc", "--players", "3", "--games", "10", "--seed", "5", "--json", "--target-score", "100")[1]
    b = run(capsys, "simulate", "mgc", "--players", "3", "--games", "10", "--seed", "5", "--json", "--target-score", "100")[1]
    assert a == b and json.loads(a)["measures"]["rounds per match"] > 0


def test_validate_passes_the_default_deck_and_fails_a_deck_file_with_a_lonely_card(capsys, tmp_path):
    code, out, _ = run(capsys, "validate", "mgc", "--players", "4", "--games", "6", "--quiet")
    assert code == 0 and "PLAYABLE" in out
    f = tmp_path / "lonely.toml"
    f.write_text(
        'game = "mgc"\n'
        '[[cards]]\nkind = "monomial"\nmonomial = "2*x"\ncopies = 14\n'
        '[[cards]]\nkind = "monomial"\nmonomial = "3*x*y"\ncopies = 14\n'
        '[[cards]]\nkind = "monomial"\nmonomial = "5*z**4"\n'
        '[[cards]]\nkind = "action"\naction = "retorno"\ncopies = 4\n',
        encoding="utf-8",
    )
    # the structural check is the subject, not the search: without --model-budget 0 the model checker
    # spends 5 s proving what tests/modelcheck proves on its own decks (no end reachable, a trap)
    code, out, _ = run(capsys, "validate", str(f), "--players", "2", "--games", "4", "--quiet", "--model-budget", "0")
    assert code == 1 and "NOT PLAYABLE" in out and "nothing follows 5z^4" in out
