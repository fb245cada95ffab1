"""The links between kinds of card are asked of the rules once per pair (rules.LinkTable): a step's
work stays bounded by the kinds of card, however long the game or large the hands (issue 41 item 1:
99 points in four colours, 1,000 empty cards and the tie-break always asked R.links millions of
times), and the table answers exactly as R.links does."""

from __future__ import annotations

import itertools
import random

import pytest

from deckgen.engine.game import random_policy
from deckgen.engine.loop import play
from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import CENTRAL_INFO, EMPTY_K, MASTER_K, POINTS_K, Info
from deckgen.games.maestras.engine import ENGINE
from deckgen.games.maestras.policies import heuristic_policy


KINDS = [Info(POINTS_K, c, p) for c in range(3) for p in range(1, 6)] + [Info(MASTER_K, c, 0) for c in range(3)] + [Info(EMPTY_K, -1, 0)]
RULES = [R.Rules(link=link, same_points=same, after_master=after)
         for link, same, after in itertools.product(R.LINKS, (False, True), R.AFTER_MASTER)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.link}-{r.same_points}-{r.after_master}")
def test_the_table_answers_as_the_rules_for_every_pair(rules):
    table = R.LinkTable(KINDS + KINDS[:4], rules)  # repeated kinds are one kind
    assert len(table.kinds) == len(KINDS)
    for prev in [CENTRAL_INFO] + [k for k in KINDS if k.kind != EMPTY_K]:
        assert table.after(prev) == {new for new in KINDS if R.links(prev, new, rules)}, prev
        assert table.after(prev) is table.after(prev)  # kept, not asked again


def _deck():
    from deckgen.deckfile.load import read_deck_text
    from deckgen.spec import spec_for

    cards = ['[[cards]]\nkind = "central"\n'] + [f'[[cards]]\nkind = "master"\ncolour = "{c}"\n' for c in ("blue", "red")] + [
        f'[[cards]]\nkind = "points"\npoints = {p}\ncolour = "{c}"\ncopies = 3\n' for p in range(1, 13) for c in ("blue", "red")] + [
        '[[cards]]\nkind = "empty"\ncopies = 60\n']
    text = 'game = "maestras"\n[options]\nmain_end = "stuck"\npath_length = 2\ntiebreak = "always"\nhand = 10\nlink = "both"\n' + "".join(cards)
    raw, game = read_deck_text(text, "many-kinds.toml", folder=None)
    return spec_for(game, file_layer=raw, cli={}).build()


@pytest.mark.parametrize("policy", [heuristic_policy, random_policy], ids=["heuristic", "random"])
def test_a_game_asks_the_rules_once_per_pair_of_kinds(policy, monkeypatch):
    """Every step of both phases (placements, the tie-break's moves and its chain search, the
    heuristic's partners) reads the table: R.links is asked once for each reference card and kind
    in the deck, not at every step."""
    calls = []
    real = R.links
    monkeypatch.setattr(R, "links", lambda prev, new, rules: calls.append(prev) or real(prev, new, rules))
    deck = _deck()
    rng = random.Random(4)
    state = ENGINE.new_state(deck, 2, rng)
    record = play(state, [policy] * 2, rng, max_steps=ENGINE.max_steps(deck, 2), check=True, deck_size=len(deck.cards))
    kinds, refs = len(state.follow.kinds), len(state.follow._after)
    assert record.ended and state.tiebreak_played and sum(map(len, state.tiebreak_won)) > 0  # both phases played
    assert len(calls) == kinds * refs and refs <= kinds + 1  # each reference card (the central one too) once
    assert record.steps > 3 * refs  # the game is far longer than the references it met
