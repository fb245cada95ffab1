"""Custom deck files for every game: the examples build and validate; each kind of broken file gets
its own clear message and exit code (2 for a file the schema refuses, 1 for a deck that is not
playable); the report compares with the default deck."""

from __future__ import annotations

import json

import pytest

from deckgen.deckfile.load import read_deck_file
from deckgen.registry import games
from deckgen.resources import data_dir
from clirun import run

EXAMPLES = sorted((data_dir("decks") / "examples").glob("*.toml"))
pytestmark = pytest.mark.usefixtures("cache_of_the_file")  # each default deck simulated once for the comparisons



def test_every_game_has_an_example_and_a_valid_default_deck_file():
    covered = {read_deck_file(f)[1].id for f in EXAMPLES}
    assert covered == set(games())
    for gid in games():
        raw, game = read_deck_file(data_dir("decks") / f"{gid}.toml")
        assert game.id == gid and raw["game"] == gid
        assert game.card_kinds, f"{gid} declares no card kinds for deck files"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_builds_exactly_what_it_says_and_is_playable(tmp_path, capsys, example):
    raw, game = read_deck_file(example)
    code, _, err = run(capsys, "build", example, "--out", tmp_path, "--quiet", "--force", "--no-help-card")
    assert code == 0, err
    deck = json.loads((tmp_path / "deck.json").read_text())
    assert deck["game"] == game.id and deck["seed"] == raw.get("seed", 1)
    if "cards" in raw:
        assert deck["custom"] and deck["count"] == sum(c.get("copies", 1) for c in raw["cards"])
        kinds = {c["kind"] for c in raw["cards"]}
        assert {c["kind"] for c in deck["cards"]} == kinds
    for key, value in raw.get("options", {}).items():
        assert key in deck["options"]
    code, out, _ = run(capsys, "validate", example, "--games", "40", "--quiet")
    assert code == 0, out
    assert "\nPLAYABLE\n" in out and "beside the default deck: your deck makes games" in out


# game -> {case: (file text, exit code of validate, expected pieces of the message)}
BROKEN = {
    "multiplicats": {
        "wrong type": ('game = "multiplicats"\n[options]\nspecials = "maybe"\n', 2, ["deck.toml:3: options.specials: expected true or false, got 'maybe'"]),
        "unknown key": ('game = "multiplicats"\n[options]\ntabels = "1-6"\n', 2, ["deck.toml:3: options.tabels: Multipli Cat's has no option 'tabels' (did you mean tables?)"]),
        "impossible card": ('game = "multiplicats"\n[[cards]]\nkind = "multiplication"\na = 11\nb = 2\n', 2, ["deck.toml:4: cards[1].a: should be at most 10 (got 11)"]),
        "too few cards": ('game = "multiplicats"\nplayers = 8\n[options]\ntables = "1"\n', 1, ["FAIL enough cards for 8 players: 3 cards per pile (at least 5 needed)"]),
        "unplayable mix": ('game = "multiplicats"\nplayers = 3\n[options]\ntables = "6-10"\nspecials = false\n', 1, ["FAIL slap chances per turn (3 players)"]),
    },
    "hectoedra": {
        "wrong type": ('game = "hectoedra"\n[options]\nhand = "four"\n', 2, ["deck.toml:3: options.hand: expected a whole number, got 'four'"]),
        "unknown key": ('game = "hectoedra"\n[options]\naid = "prime"\n', 2, ["deck.toml:3: options.aid: Hectoedra has no option 'aid' (did you mean aids?)"]),
        "impossible card": ('game = "hectoedra"\n[[cards]]\nkind = "number"\nvalue = 0\n', 2, ["deck.toml:4: cards[1].value: should be at least 1 (got 0)"]),
        "too few cards": ('game = "hectoedra"\nplayers = 4\n[options]\ncards = "1-20"\n', 1, ["FAIL enough cards for 4 players: 20 cards, 40 needed (10 each in the round's game deck); try: --per-player 5"]),
        "unplayable mix": ('game = "hectoedra"\nplayers = 2\n[options]\ncards = "2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40"\n', 1, ["FAIL penalties per player per round (2 players): 0.000"]),
    },
    "monete": {
        "wrong type": ('game = "monete"\n[options]\ntop = "twenty"\n', 2, ["deck.toml:3: options.top: expected a whole number, got 'twenty'"]),
        "unknown key": ('game = "monete"\n[options]\nmod = "jungla"\n', 2, ["deck.toml:3: options.mod: Monete has no option 'mod' (did you mean mode?)"]),
        "impossible card": ('game = "monete"\n[[cards]]\nkind = "number"\nvalue = 25\ncolour = "pink"\n', 2, ["deck.toml:4: cards[1].value: should be at most 20 (got 25)", "deck.toml:5: cards[1].colour: should be 'blue', 'red', 'green' or 'orange' (got 'pink')"]),
        "too few cards": ('game = "monete"\nplayers = 8\n[options]\ntop = 10\nmode = "perezoso"\n', 1, ["FAIL enough cards for 8 players: 44 playing cards, 56 needed"]),
        "unplayable mix": (
            'game = "monete"\n[options]\nmode = "siesta"\nwildcards = false\n'
            + "".join(f'[[cards]]\nkind = "number"\nvalue = {v}\ncolour = "{c}"\n' for c in ("blue", "red", "green", "orange") for v in range(2, 20))
            + '[[cards]]\nkind = "marker"\nmarker = "number"\nside = "+"\n[[cards]]\nkind = "marker"\nmarker = "number"\nside = "-"\n',
            1,
            ["FAIL", "NOT PLAYABLE"],
        ),
    },
    "maestras": {
        "wrong type": ('game = "maestras"\n[options]\npoints = "eight"\n', 2, ["deck.toml:3: options.points: expected a whole number, got 'eight'"]),
        "unknown key": ('game = "maestras"\n[options]\nlinks = "both"\n', 2, ["deck.toml:3: options.links: Cartas Maestras has no option 'links' (did you mean link?)"]),
        "impossible card": ('game = "maestras"\n[[cards]]\nkind = "points"\npoints = 0\ncolour = "pink"\n', 2, ["deck.toml:4: cards[1].points: should be at least 1 (got 0)", "deck.toml:5: cards[1].colour: should be 'blue', 'red', 'green' or 'yellow' (got 'pink')"]),
        "too few cards": ('game = "maestras"\nplayers = 8\n[[cards]]\nkind = "central"\n[[cards]]\nkind = "master"\ncolour = "blue"\ncopies = 2\n[[cards]]\nkind = "points"\npoints = 3\ncolour = "blue"\ncopies = 6\n', 1, ["FAIL enough cards for 8 players: 8 cards besides the central one"]),
        "unplayable mix": ('game = "maestras"\nplayers = 4\n[options]\nlink = "both"\npath_length = 8\n', 1, ["FAIL masters won per game (4 players)", "FAIL games with no master won (4 players)"]),
    },
    "mgc": {
        "wrong type": ('game = "mgc"\n[options]\ncopies = "two"\n', 2, ["deck.toml:3: options.copies: expected a whole number, got 'two'"]),
        "unknown key": ('game = "mgc"\n[options]\ncoefficient = "1-6"\n', 2, ["deck.toml:3: options.coefficient: MGC has no option 'coefficient' (did you mean coefficients?)"]),
        "impossible card": (
            'game = "mgc"\n[[cards]]\nkind = "monomial"\nmonomial = "x + y"\n[[cards]]\nkind = "monomial"\nmonomial = "3*x**2"\ndegree = 3\n',
            2,
            ["deck.toml:4: cards[1].monomial: not a monomial: write it like monomial = \"2*x**3\"", "deck.toml:8: cards[2].degree: the degree of 3*x**2 is 2 (got 3)"],
        ),
        "too few cards": ('game = "mgc"\nplayers = 10\n[options]\ncoefficients = "1-2"\ndegrees = "1-2"\n', 1, ["FAIL enough cards for 10 players: 44 cards; 10 × 7 dealt + 1 turned up + 10 in reserve = 81"]),
        "unplayable mix": ('game = "mgc"\nplayers = 2\n[options]\ncoefficients = "1"\ndegrees = "1"\ncopies = 1\n', 1, ["FAIL every monomial can be followed by another (same coefficient or degree): nothing follows x"]),
    },
}
CASES = [(g, case) for g, cases in BROKEN.items() for case in cases]


def test_every_game_has_its_broken_corpus():
    assert set(BROKEN) == set(games())


@pytest.mark.parametrize("game,case", CASES, ids=[f"{g}-{c}" for g, c in CASES])
def test_each_broken_file_gets_its_own_message_and_exit_code(tmp_path, capsys, game, case):
    text, code, pieces = BROKEN[game][case]
    f = tmp_path / "deck.toml"
    f.write_text(text, encoding="utf-8")
    got, out, err = run(capsys, "validate", f, "--games", "40", "--quiet")
    assert got == code, (out, err)
    shown = err if code == 2 else out
    for piece in pieces:
        assert piece in shown, shown
    if code == 2:
        assert err.startswith("error: ") and out == ""
    got, _, err = run(capsys, "build", f, "--out", tmp_path / "out", "--quiet")
    assert got == 2 and err.startswith("error: ")  # build refuses both kinds, with one message
    assert not (tmp_path / "out" / "cards.pdf").exists()


@pytest.mark.parametrize("game", sorted(BROKEN))
def test_a_syntax_error_names_its_line_for_every_game(tmp_path, capsys, game):
    f = tmp_path / "deck.toml"
    f.write_text(f'game = "{game}"\nseed = 2\n[options\n', encoding="utf-8")
    code, _, err = run(capsys, "validate", f)
    assert code == 2 and f"{f}:3: not valid TOML" in err
