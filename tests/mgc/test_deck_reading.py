"""A deck is read once per deck object, not once per game: a 5,000-monomial deck file spent more
time in dealing (its tables, 14 ms a deal) and in asking whether the going-out argument applies
(its card types, 190 ms a checked game) than in playing (``Deck.derived``)."""

from __future__ import annotations

import pickle
import random

from deckgen.model import Card, Deck

import deckgen.games.mgc.card_types as card_types
import deckgen.games.mgc.engine as mgc_engine
from deckgen.games.mgc import going_out


def test_a_derived_value_is_made_once_per_deck_object_and_never_pickled():
    deck = Deck("g", {"a": 1}, 3, (Card("x", {"n": 1}),))
    made = []

    def make(d):
        made.append(d)
        return len(made)

    assert deck.derived("k", make) == 1 and deck.derived("k", make) == 1 and made == [deck]
    assert deck.derived("other", make) == 2  # each key its own value
    copy = pickle.loads(pickle.dumps(deck))
    assert copy == deck and "_derived" not in copy.__dict__  # a worker computes its own
    assert copy.derived("k", make) == 3 and deck.derived("k", make) == 1
    twin = Deck("g", {"a": 1}, 3, (Card("x", {"n": 1}),))
    assert twin == deck and twin.derived("k", make) == 4  # equal decks, separate objects: separate values


def test_dealing_reads_the_tables_once_and_deals_as_before(game, deck, monkeypatch):
    calls = []
    real = mgc_engine.tables

    def counted(d):
        calls.append(d)
        return real(d)

    monkeypatch.setattr(mgc_engine, "tables", counted)
    deck = Deck(deck.game, deck.options, deck.seed, deck.cards, deck.players)  # the session's deck may keep tables already
    states = [mgc_engine.new_state(deck, 3, random.Random(seed)) for seed in range(20)]
    assert len(calls) == 1
    fresh = Deck(deck.game, deck.options, deck.seed, deck.cards, deck.players)  # nothing kept with it yet
    again = [mgc_engine.new_state(fresh, 3, random.Random(seed)) for seed in range(20)]
    assert len(calls) == 2
    for a, b in zip(states, again):
        assert a.key() == b.key() and a.k.tables == b.k.tables


def test_the_argument_reads_the_card_types_once_for_every_game(game, deck, monkeypatch):
    reads = []
    real = card_types.Types.read

    def counted(d):
        reads.append(d)
        return real(d)

    monkeypatch.setattr(card_types.Types, "read", staticmethod(counted))
    blocked = Deck(deck.game, deck.options, deck.seed, deck.cards, deck.players)
    answers = {going_out.along(blocked, n) is None for _ in range(30) for n in (2, 3)}
    assert len(reads) == 1 and len(answers) == 1
    # the answer is the argument's own: why_not says why, or nothing
    t = real(blocked)
    for n in (2, 3):
        applies = not going_out.why_not(t, n, mgc_engine.rules.Variant.from_options(blocked.options))
        assert (going_out.along(blocked, n) is not None) == applies
