"""Static checks refuse broken decks; deck.json carries the game, options, seed and every card."""

from __future__ import annotations

import json

import pytest

from deckgen.main import main
from deckgen.model import Card, Deck
from deckgen.options import resolve
from deckgen.registry import BuildRequest, get_game

GAME = get_game("multiplicats")


def make(tables: str = "1-6", players: int | None = None, **extra) -> Deck:
    options = resolve(GAME.options, {"tables": tables, **extra})
    return GAME.build(BuildRequest(options, seed=3, players=players))


def failed(deck: Deck) -> dict[str, str]:
    return {c.name: c.detail for c in GAME.checks(deck) if not c.ok}


def replace_cards(deck: Deck, cards) -> Deck:
    return Deck(deck.game, deck.options, deck.seed, tuple(cards), deck.players)


def test_good_decks_pass_every_check():
    for tables in ("1-5", "1-6", "1-7", "1-8", "1-9", "1-10", "6-9", "2,5,10", "1"):
        assert failed(make(tables)) == {}, tables


def test_a_product_no_multiplication_reaches_is_refused():
    d = make("1-6")
    broken = replace_cards(d, [*d.cards, Card("product", {"value": 49, "multiplications": [[7, 7]]})])
    bad = failed(broken)
    assert "no multiplication gives [49]" in bad["every product card is reached by a multiplication card"]
    assert "product cards" in bad  # 33 product cards where the range has 32


def test_removing_the_only_multiplication_of_a_product_is_refused():
    d = make("1-10")
    broken = replace_cards(d, [c for c in d.cards if not (c.kind == "multiplication" and c["a"] == c["b"] == 7)])
    bad = failed(broken)
    assert "no multiplication gives [49]" in bad["every product card is reached by a multiplication card"]
    assert "multiplication cards" in bad


def test_a_multiplication_whose_product_has_no_card_is_refused():
    d = make("1-6")
    broken = replace_cards(d, [c for c in d.cards if not (c.kind == "product" and c["value"] == 25)])
    bad = failed(broken)
    assert "no product card for [25]" in bad["every multiplication's product has a product card"]


def test_a_product_card_with_a_wrong_list_is_refused():
    d = make("1-6")
    cards = [
        Card("product", {"value": 12, "multiplications": [[2, 6], [3, 4]]}) if c.kind == "product" and c["value"] == 12 else c
        for c in d.cards
    ]
    bad = failed(replace_cards(d, cards))
    assert "wrong lists on [12]" in bad["product cards list exactly the deck's multiplications (1 to 4)"]


def test_missing_special_is_refused():
    d = make("1-6")
    cards = list(d.cards)
    cards.remove(Card("special", {"special": "emboscada"}))
    bad = failed(replace_cards(d, cards))
    assert "special cards" in bad


@pytest.mark.parametrize("players,ok", [(2, True), (3, True), (4, True), (5, False), (8, False)])
def test_too_few_cards_for_the_players(players, ok):
    d = make("1", players=players, specials=False)  # 20 cards
    assert len(d) == 20
    bad = failed(d)
    name = f"enough cards for {players} players"
    assert (name not in bad) == ok, bad
    if not ok:
        assert "cards per pile" in bad[name]


def test_the_full_deck_is_enough_for_eight_players():
    assert failed(make("1-10", players=8)) == {}


def test_the_cli_refuses_a_deck_too_small_for_the_players(tmp_path, capsys):
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as exc:
        main(["build", "multiplicats", "--tables", "1", "--no-specials", "--players", "8", "--out", str(out), "-q"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "enough cards for 8 players" in err and "Traceback" not in err
    assert not (out / "cards.pdf").exists()


# ---------------------------------------------------------------- deck.json


@pytest.fixture(scope="module")
def deck_json(tmp_path_factory):
    out = tmp_path_factory.mktemp("json")
    main(["build", "multiplicats", "--tables", "2,5,10", "--seed", "42", "--players", "3", "--backs", "none", "--no-help-card", "--out", str(out), "-q"])
    return json.loads((out / "deck.json").read_text(encoding="utf-8"))


def test_deck_json_header(deck_json):
    assert deck_json["game"] == "multiplicats"
    options = deck_json["options"]
    assert set(options) == {o.name for o in GAME.options}  # every option, rule variants included
    assert {o.name: options[o.name] for o in GAME.options if o.scope == "deck"} == {"tables": [2, 5, 10], "specials": True}
    assert all(options[o.name] == o.default for o in GAME.options if o.scope != "deck")
    assert deck_json["seed"] == 42
    assert deck_json["players"] == 3
    assert deck_json["count"] == len(deck_json["cards"]) == 30 + 23 + 10


def test_deck_json_cards(deck_json):
    cards = deck_json["cards"]
    assert {c["kind"] for c in cards} == {"multiplication", "product", "special"}
    mults = [c for c in cards if c["kind"] == "multiplication"]
    assert mults[0] == {"kind": "multiplication", "a": 2, "b": 1, "product": 2}
    assert sorted((c["a"], c["b"]) for c in mults) == [(a, b) for a in (2, 5, 10) for b in range(1, 11)]
    assert all(set(c) == {"kind", "a", "b", "product"} and c["product"] == c["a"] * c["b"] for c in mults)
    prods = {c["value"]: c for c in cards if c["kind"] == "product"}
    assert all(set(c) == {"kind", "value", "multiplications"} for c in prods.values())
    assert prods[10]["multiplications"] == [[2, 5], [5, 2], [10, 1]]
    assert prods[100]["multiplications"] == [[10, 10]]
    specials = [c for c in cards if c["kind"] == "special"]
    assert all(set(c) == {"kind", "special"} for c in specials)
    assert [c["special"] for c in specials] == ["persecucion"] * 2 + ["sin_salida"] * 2 + ["magia"] * 2 + [
        "balancin"
    ] * 2 + ["emboscada", "regalo"]


def test_deck_json_round_trips(deck_json):
    d = Deck.from_json(deck_json)
    assert d.to_json() == deck_json
    assert not [c for c in GAME.checks(d) if not c.ok]
