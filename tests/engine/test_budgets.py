"""A deck whose games never end is a finding after one step budget, not a hang: validation stops
playing a player count at the first game that hits its budget."""

from __future__ import annotations

import re

from clirun import run
from deckgen.games.mgc.engine import max_steps
from deckgen.model import Deck


def test_mgc_budget_follows_the_target_not_the_players():
    deck = Deck("mgc", {"target_score": 500}, 1, ())
    assert max_steps(deck, 2) == max_steps(deck, 10) == 100_000
    assert max_steps(Deck("mgc", {"target_score": 1}, 1, ()), 3) == 10_000


def test_a_deck_of_toma_cuatro_cards_is_a_finding_not_a_hang(tmp_path, capsys):
    deck = tmp_path / "toma.toml"
    deck.write_text('game = "mgc"\n[options]\ntarget_score = 25\n[[cards]]\nkind = "action"\naction = "toma_cuatro"\ncopies = 100\n')
    code, out, err = run(capsys, "validate", deck, "--players", "5", "--games", "40", "-q")
    assert code == 1, err
    found = re.search(r"FAIL every game ends \(5 players\): (\d+) of (\d+) games did not end", out)
    assert found, out
    assert int(found.group(2)) < 40  # it stopped at the first batch with a stalled game
