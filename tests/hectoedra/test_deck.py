"""The 100-card deck, subsets, learning aids, checks and deck.json."""

import json

import pytest

from deckgen.errors import OptionError
from deckgen.games.hectoedra import GAME, parse_aids
from deckgen.pipeline import build
from deckgen.spec import spec_for

from rulebook.rbtools import flat, pdf_pages


def spec(**options):
    return spec_for(GAME, cli={"options": options})


def test_full_deck_is_one_card_per_number():
    deck = spec().build()
    assert len(deck) == 100
    assert [c["value"] for c in deck.cards] == list(range(1, 101))
    assert {c.kind for c in deck.cards} == {"number"}
    assert all(c.ok for c in GAME.checks(deck))


@pytest.mark.parametrize("text, values", [("1-20", list(range(1, 21))), ("2,3,5,7", [2, 3, 5, 7]), ("1-3,50", [1, 2, 3, 50])])
def test_subsets(text, values):
    deck = spec(cards=text).build()
    assert [c["value"] for c in deck.cards] == values
    assert all(c.ok for c in GAME.checks(deck))


def test_bad_subsets_are_refused():
    with pytest.raises(OptionError, match="out of range"):
        spec(cards="0-20")
    with pytest.raises(OptionError, match="out of range"):
        spec(cards="1-101")
    with pytest.raises(OptionError, match="given twice"):
        spec(cards="1,2,2")


def test_aids_parse():
    assert parse_aids("factors,prime") == ["prime", "factors"]
    assert parse_aids("none") == [] and parse_aids("") == []
    assert parse_aids(["divisors"]) == ["divisors"]
    with pytest.raises(OptionError, match="divisors"):
        parse_aids("divisor")


def test_checks_flag_a_card_without_partner_and_too_few_cards_for_players():
    deck = spec(cards="53,59").build()  # two primes: linked by the prime rule
    assert all(c.ok for c in GAME.checks(deck))
    lonely = spec(cards="25,49").build()  # no common divisor, not prime, no multiple
    bad = [c.name for c in GAME.checks(lonely) if not c.ok]
    assert bad == ["every card can be played on another card"]
    four = spec_for(GAME, cli={"options": {"cards": "1-30"}, "players": 4}).build()
    assert [c.name for c in GAME.checks(four) if not c.ok] == ["enough cards for 4 players"]


def test_build_writes_deck_json_and_pdf(tmp_path):
    result = build(spec(cards="1-12", aids="prime,factors,divisors"), tmp_path, help_card=False)
    data = json.loads((tmp_path / "deck.json").read_text())
    assert data["count"] == 12
    assert data["cards"][11] == {"kind": "number", "value": 12}
    assert data["options"]["aids"] == ["prime", "factors", "divisors"]
    # the faces carry the aids asked for: every card's divisor list and a factorisation, read back
    fronts = " ".join(flat(t) for t in pdf_pages(tmp_path / "cards.pdf")[::2])
    for n in range(1, 13):
        assert ", ".join(str(d) for d in range(1, n + 1) if n % d == 0) in fronts, n
    assert "6 = 2 · 3" in fronts and "10 = 2 · 5" in fronts
    assert result.deck.game == "hectoedra"


def test_custom_deck_file_with_other_numbers(tmp_path):
    from deckgen.engine.validate import validate

    path = tmp_path / "mine.toml"
    numbers = list(range(2, 14)) + list(range(102, 114))
    lines = ['game = "hectoedra"'] + [f'[[cards]]\nkind = "number"\nvalue = {v}' for v in numbers]
    path.write_text("\n".join(lines) + "\n")
    from deckgen.deckfile.load import read_deck_file

    layer, game = read_deck_file(path)
    deck = spec_for(game, cli={}, file_layer=layer).build()
    assert deck.custom and len(deck) == 24
    assert all(c.ok for c in GAME.checks(deck))
    report = validate(GAME, deck, games=20, seed=1)
    assert report.ok and list(report.summaries) == [2]


def test_too_small_deck_is_not_playable_competitively():
    from deckgen.engine.validate import validate

    report = validate(GAME, spec(cards="1-15").build(), games=10)
    assert not report.ok
    # 15 cards cannot give 2 players 10 each: the deck serves no player count (issue 27), and nothing is simulated
    failed = [c for c in report.checks if not c.ok]
    assert [c.name for c in failed] == ["player counts this deck serves", "simulation"]
    assert "no count of players can be dealt this deck" in failed[0].detail


def test_a_deck_without_tension_is_not_playable():
    """Only even numbers: every card always fits, nobody is ever penalised, the game has no point."""
    from deckgen.engine.validate import validate
    from deckgen.model import Card, Deck

    deck = Deck("hectoedra", spec().options, 1, tuple(Card("number", {"value": v}) for v in range(200, 248, 2)), None, custom=True)
    # 40 games: about 1,400 turns with no card ever stuck; 20 games (about 700 turns) cannot tell 0%
    # from the threshold's 0.5% at three standard errors (a rate of 0.5% gives no stuck turn in 700 3% of the time)
    report = validate(GAME, deck, games=40, seed=1)
    failed = [c.name for c in report.checks if not c.ok]
    assert failed == ["penalties per player per round (2 players)", "turns without a legal card (2 players)"]
    short = validate(GAME, deck, games=20, seed=1)
    assert [c.name for c in short.checks if not c.ok] == ["penalties per player per round (2 players)"]
