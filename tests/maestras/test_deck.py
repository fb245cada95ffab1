"""The Cartas Maestras set: 46 cards, the 43/41-card compositions by player count, the marks."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from maestras.helpers import build
from pypdf import PdfReader

from deckgen.checks import failures
from deckgen.main import main
from deckgen.errors import OptionError
from deckgen.games.maestras.deck import RULEBOOK_REMOVAL, checks, composition, removal_table
from deckgen.registry import get_game
from deckgen.render.geometry import card_size, layout

GAME = get_game("maestras")


def test_full_set_is_46_cards_of_the_games_md_composition():
    deck = build()
    assert len(deck) == 46
    kinds = Counter(c.kind for c in deck.cards)
    assert kinds == {"central": 1, "empty": 5, "master": 8, "points": 32}
    assert Counter(c["colour"] for c in deck.of_kind("master")) == {"blue": 2, "red": 2, "green": 2, "yellow": 2}
    points = sorted((c["colour"], c["points"]) for c in deck.of_kind("points"))
    assert points == sorted((colour, p) for colour in ("blue", "red", "green", "yellow") for p in range(1, 9))
    assert not failures(checks(deck))


@pytest.mark.parametrize("players,cards,empties_out", [(2, 43, 3), (3, 43, 3), (6, 43, 3), (7, 43, 3), (4, 41, 5), (5, 41, 5), (8, 41, 5)])
def test_player_count_composition_and_even_share(players, cards, empties_out):
    deck = build(players)
    assert len(deck) == cards
    assert len(deck.of_kind("empty")) == 5 - empties_out
    assert (len(deck) - 1) % players == 0  # the cards besides the central one divide evenly
    assert Counter(c.kind for c in deck.cards)["master"] == 8 and len(deck.of_kind("points")) == 32
    assert deck.players == players
    assert not failures(checks(deck))
    # every empty card kept stays in play for this count
    assert all(players not in e["remove_for"] for e in deck.of_kind("empty"))


def test_empty_cards_are_marked_with_the_player_counts_that_take_them_out():
    marks = [e["remove_for"] for e in build().of_kind("empty")]
    assert marks == [[2, 3, 4, 5, 6, 7, 8]] * 3 + [[4, 5, 8]] * 2
    assert RULEBOOK_REMOVAL == {2: 3, 3: 3, 6: 3, 7: 3, 4: 5, 5: 5, 8: 5}


def test_deck_json_kinds_and_fields(tmp_path):
    assert main(["build", "maestras", "--players", "3", "--no-help-card", "--out", str(tmp_path), "-q"]) is None
    data = json.loads((tmp_path / "deck.json").read_text())
    assert data["count"] == 43 and data["players"] == 3
    kinds = {c["kind"] for c in data["cards"]}
    assert kinds == {"central", "master", "points", "empty"}
    p = next(c for c in data["cards"] if c["kind"] == "points")
    assert set(p) == {"kind", "points", "colour"}
    m = next(c for c in data["cards"] if c["kind"] == "master")
    assert set(m) == {"kind", "colour"}
    # every card on a sheet, fronts and mirrored backs alternating: two pages per sheet of 9 poker cards
    pages = PdfReader(tmp_path / "cards.pdf").pages
    assert len(pages) == 2 * layout(card_size("poker"), "a4").sheets_for(data["count"])
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in pages} == {(595, 842)}


def test_fewest_removal_and_custom_sets():
    comp = composition({"colours": 4, "points": 8, "masters": 2, "empties": 5})
    assert removal_table(comp, "fewest") == {2: 1, 3: 0, 4: 1, 5: 0, 6: 3, 7: 3, 8: 5}
    deck = build(6, empties=2)  # the rulebook's table needs 3 empty cards for 6 players
    bad = failures(checks(deck))
    assert bad and bad[0].hint == "--removal fewest" and bad[0].line().endswith("; try: --removal fewest")
    deck = build(6, empties=2, removal="fewest", points=7)  # 1 + 8 + 28 + 2 = 39; 38 - 2 = 36 = 6 x 6
    assert len(deck) == 37 and not failures(checks(deck))
    deck = build(5, points=6, removal="fewest")  # 1 + 8 + 24 + 5 = 38 -> 35 for 5 players
    assert len(deck) == 36 and not failures(checks(deck))


def test_bad_options_raise_one_clear_sentence(capsys):
    with pytest.raises(OptionError, match="sideways"):
        build(link="sideways")
    for argv, words in ((["--players", "9"], "2 to 8 players"), (["--points", "12"], "--points"), (["--in-line", "diagonal"], "diagonal")):
        with pytest.raises(SystemExit) as exit_:
            main(["build", "maestras", *argv, "-q"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
