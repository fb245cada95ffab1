"""The Monete deck: composition per mode and option, the action numbers, deck.json kinds, checks."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from deckgen.checks import failures
from deckgen.errors import OptionError
from deckgen.model import Card, Deck
from deckgen.options import resolve

from deckgen.games.monete import deck as md


def kinds(deck):
    return Counter(c.kind for c in deck.cards)


def test_default_deck_is_the_full_deck_of_games_md(make_deck):
    deck = make_deck()
    assert deck.options["mode"] == "all"
    assert kinds(deck) == {"number": 80, "action": 26, "wild": 4, "marker": 4}
    assert len(deck) == 114
    numbers = deck.of_kind("number")
    assert sorted((c["value"], c["colour"]) for c in numbers) == sorted(
        (v, c) for c in ("blue", "red", "green", "orange") for v in range(1, 21)
    )
    assert not failures(md.checks(deck))


def test_action_cards_two_of_each_of_thirteen_types(make_deck):
    actions = make_deck().of_kind("action")
    per_type = Counter(c["action"] for c in actions)
    assert len(per_type) == 13 and set(per_type.values()) == {2}
    assert {"toma_2", "toma_3"} <= set(per_type)  # "Toma 2 o 3" is two types
    assert set(per_type) == set(md.ACTIONS)


def test_action_numbers_cover_2_to_19_evenly_and_mirror(make_deck):
    actions = make_deck().of_kind("action")
    per_value = Counter(c["value"] for c in actions)
    assert sorted(per_value) == list(range(2, 20))
    assert set(per_value.values()) == {1, 2}
    assert sum(per_value.values()) == 26
    # each type has a low copy and a high copy, mirrored about 10.5
    for name in md.ACTIONS:
        values = sorted(c["value"] for c in actions if c["action"] == name)
        assert values[0] + values[1] == 21, name
    assert [v for v, a in md.action_layout(20)][:4] == [2, 2, 3, 4]


def test_perezoso_leaves_the_purple_cards_and_colour_markers_out(make_deck):
    deck = make_deck(mode="perezoso")
    assert kinds(deck) == {"number": 80, "wild": 4, "marker": 2}
    assert sorted(c["side"] for c in deck.of_kind("marker")) == ["+", "-"]
    assert not failures(md.checks(deck))


@pytest.mark.parametrize("mode, markers", [("siesta", 2), ("recreo", 4), ("jungla", 4)])
def test_other_modes_have_every_card(make_deck, mode, markers):
    deck = make_deck(mode=mode)
    assert kinds(deck) == {"number": 80, "action": 26, "wild": 4, "marker": markers}


def test_no_wildcards_removes_the_four_comodines(make_deck):
    deck = make_deck(wildcards=False)
    assert kinds(deck)["wild"] == 0 and len(deck) == 110
    assert not failures(md.checks(deck))


def test_top_ten_deck_for_the_youngest(make_deck):
    deck = make_deck(top=10)
    assert kinds(deck) == {"number": 40, "action": 26, "wild": 4, "marker": 4}
    per_value = Counter(c["value"] for c in deck.of_kind("action"))
    assert sorted(per_value) == list(range(2, 10))
    assert max(per_value.values()) - min(per_value.values()) <= 1
    assert not failures(md.checks(deck))


def test_deck_json_kinds_and_fields(make_deck):
    data = json.loads(make_deck().dumps())
    fields = {}
    for card in data["cards"]:
        fields.setdefault(card["kind"], set()).add(tuple(sorted(k for k in card if k != "kind")))
    assert fields == {
        "number": {("colour", "value")},
        "action": {("action", "value")},
        "wild": {()},
        "marker": {("marker", "side")},
    }
    markers = {(c["marker"], c["side"]) for c in data["cards"] if c["kind"] == "marker"}
    assert markers == {("number", "+"), ("number", "-"), ("colour", "same"), ("colour", "different")}


@pytest.mark.parametrize(
    "given, words",
    [({"mode": "selva"}, "--mode"), ({"top": 25}, "--top"), ({"top": 9}, "--top"), ({"combo": 4}, "--combo"), ({"deck_out": "never"}, "--deck-out")],
)
def test_bad_options_are_one_clear_sentence(game, given, words):
    with pytest.raises(OptionError, match=words):
        resolve(game.options, given, where="monete: ")


def test_checks_refuse_a_deck_that_cannot_close_a_round(make_deck):
    deck = make_deck(wildcards=False)
    broken = Deck("monete", deck.options, 1, tuple(c for c in deck.cards if c.get("value") not in (1, 20) or c.kind != "number"))
    bad = {c.name for c in failures(md.checks(broken))}
    assert "a round can be closed" in bad
    assert "number cards" in bad


def test_checks_catch_a_wrong_composition(make_deck):
    deck = make_deck()
    extra = Deck("monete", deck.options, 1, deck.cards + (Card("action", {"value": 1, "action": "espiar"}),))
    bad = {c.name for c in failures(md.checks(extra))}
    assert {"action cards", "action cards of each type", "action numbers spread evenly over 2..19"} <= bad


def test_enough_cards_for_the_players(make_deck):
    assert not failures(md.checks(make_deck(players=8)))
    small = make_deck(players=8, top=10, mode="perezoso")  # 44 playing cards: 8 × 5 leaves 4
    bad = failures(md.checks(small))
    assert [c.name for c in bad] == ["enough cards for 8 players"]
    assert md.max_players(make_deck(top=10, mode="perezoso")) == 6


def test_each_mode_deck_is_the_full_deck_filtered(make_deck):
    full = make_deck()
    for mode in md.MODES:
        assert md.for_mode(full, mode).cards == make_deck(mode=mode).cards


def test_a_designers_card_list_is_checked_by_its_fields(make_deck):
    deck = make_deck()
    custom = Deck("monete", deck.options, 1, deck.cards[:60] + deck.cards[-4:], custom=True)
    assert not failures(md.checks(custom))  # fewer cards than the default: the designer's choice
    broken = Deck("monete", deck.options, 1, deck.cards + (Card("number", {"value": 25, "colour": "blue"}), Card("action", {"value": 4})), custom=True)
    bad = failures(md.checks(broken))
    assert [c.name for c in bad] == ["card fields"] and "114" in bad[0].detail
    no_markers = Deck("monete", deck.options, 1, deck.cards[:-4], custom=True)
    assert [c.name for c in failures(md.checks(no_markers))] == ["markers"]
