"""Issue 41, item 3 (a deck file's cards): a card's number may be written as text (``value = "7"``), as
every number of a deck file may; it is read by deckgen/numerals.py, so other scripts' digits are
refused with its one message, on the command line and through the web page's upload alike.

The class: every number field of every card kind of every game is found from the kinds' schemas
(deckgen.deckfile.card_numbers reads the same declarations), and each is written as text, in
fullwidth digits and as a word."""

from __future__ import annotations

import pytest

from clirun import run
from deckgen.deckfile.card_numbers import _fields
from deckgen.deckfile.load import DeckFileError, read_deck_text
from deckgen.pipeline import make_deck
from deckgen.registry import games
from deckgen.request import DeckRequest
from deckgen.spec import spec_for


def _toml(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return repr(v) if isinstance(v, int) else '"' + str(v) + '"'


def _written(value, text):
    """``value`` (a number or lists of them) with every number written by ``text``."""
    return [_written(v, text) for v in value] if isinstance(value, list) else text(value)


def number_fields():
    """(game, kind, face, field) for every number field a card of a default deck carries, and the
    kinds whose schema declares a number field no default card shows (none may be missed)."""
    found, declared = [], set()
    for game in games().values():
        kinds = dict(game.card_kinds or {})
        declared |= {(game.id, kind, key) for kind, model in kinds.items() for key in _fields(model)}
        seen = set()
        for card in dict.fromkeys(make_deck(spec_for(game, cli={}))[0].cards):
            for key in _fields(kinds.get(card.kind)):
                if key in card.face and (card.kind, key) not in seen:
                    seen.add((card.kind, key))
                    found.append((game.id, card.kind, dict(card.face), key))
    return found, declared


FOUND, DECLARED = number_fields()


def test_every_games_number_fields_are_found():
    assert {g for g, *_ in FOUND} == set(games())
    shown = {(g, k, f) for g, k, _, f in FOUND}
    # fields no default card writes: a coefficient or degree beside a monomial (derived), an empty card's number
    assert DECLARED - shown <= {("mgc", "monomial", "coefficient"), ("mgc", "monomial", "degree")} | {
        (g, k, f) for g, k, f in DECLARED if k == "empty"}, DECLARED - shown
    assert ("monete", "number", "value") in shown and ("multiplicats", "product", "multiplications") in shown


def card_file(game: str, kind: str, face: dict, key: str, text) -> str:
    body = "".join(f"{k} = {_toml(_written(v, text) if k == key else v)}\n" for k, v in face.items())
    return f'game = "{game}"\n[[cards]]\nkind = "{kind}"\n{body}copies = {_toml(text(2))}\n'


@pytest.mark.parametrize("game,kind,face,key", FOUND, ids=[f"{g}-{k}-{f}" for g, k, _, f in FOUND])
def test_a_card_number_written_as_text_is_that_number(game, kind, face, key):
    plain = read_deck_text(card_file(game, kind, face, key, lambda n: n), "d.toml", folder=None)
    text = read_deck_text(card_file(game, kind, face, key, str), "d.toml", folder=None)
    assert text[0]["cards"] == plain[0]["cards"]
    deck = spec_for(text[1], cli={}, file_layer=text[0]).build()
    assert [c.face for c in deck.cards] == [c.face for c in spec_for(plain[1], cli={}, file_layer=plain[0]).build().cards]
    assert len(deck.cards) == 2  # copies = "2" too


FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


@pytest.mark.parametrize("game,kind,face,key", FOUND, ids=[f"{g}-{k}-{f}" for g, k, _, f in FOUND])
def test_other_scripts_digits_in_a_card_are_refused_with_the_one_message(game, kind, face, key):
    text = card_file(game, kind, face, key, lambda n: str(n).translate(FULLWIDTH))
    with pytest.raises(DeckFileError) as exc:
        read_deck_text(text, "d.toml", folder=None)
    said = [p for p in exc.value.problems if p.field.startswith(f"cards[1].{key}")]
    assert said and all("written with the digits 0-9" in str(p.message) for p in said), exc.value.problems
    with pytest.raises(DeckFileError) as word:
        read_deck_text(card_file(game, kind, face, key, lambda n: "many"), "d.toml", folder=None)
    assert any(p.field.startswith(f"cards[1].{key}") and "expected a whole number, got 'many'" in str(p.message) for p in word.value.problems)


def test_the_same_on_the_command_line_and_the_web_pages_upload(tmp_path, monkeypatch, capsys):
    good = 'game = "hectoedra"\n[[cards]]\nkind = "number"\nvalue = "7"\ncopies = 20\n[[cards]]\nkind = "number"\nvalue = 8\ncopies = 20\n'
    bad = good.replace('"7"', '"٧"')
    assert [c["value"] for c in DeckRequest("hectoedra", deck_text=good, deck_name="d.toml").spec().build().cards][:1] == [7]
    with pytest.raises(DeckFileError) as exc:
        DeckRequest("hectoedra", deck_text=bad, deck_name="d.toml").spec()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.toml").write_text(bad, encoding="utf-8")
    code, _, err = run(capsys, "build", "d.toml", "--out", "o", "-q")
    page = str(exc.value).splitlines()[1].strip()
    assert code == 2 and page in err and "d.toml:4: cards[1].value: expected a whole number written with the digits 0-9" in page, err


def test_a_monomial_in_other_digits_says_so():
    with pytest.raises(DeckFileError) as exc:
        read_deck_text('game = "mgc"\n[[cards]]\nkind = "monomial"\nmonomial = "３*x**２"\n', "d.toml", folder=None)
    assert "digits 0-9" in str(exc.value.problems[0].message)
