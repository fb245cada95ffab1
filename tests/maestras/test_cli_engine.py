"""simulate / validate for Cartas Maestras: measures, compositions for every player count, exit codes,
and a designer's own card list."""

from __future__ import annotations

import json

from maestras.helpers import build

from deckgen.main import main
from deckgen.engine.validate import validate
from deckgen.registry import get_game

GAME = get_game("maestras")


def run(argv: list[str]) -> int:
    """The CLI's exit code (main returns normally on success)."""
    try:
        main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    return 0
MEASURES = {"masters won per game", "paths left unwon", "turns with a draw", "tie-break played", "first player's wins"}


def test_simulate_prints_the_games_measures(capsys):
    main(["simulate", "maestras", "--players", "3", "--games", "40", "--json", "-q"])
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 40 and data["ended"] == 40 and data["players"] == 3
    assert MEASURES <= set(data["measures"])
    assert 0 < data["measures"]["masters won per game"] <= 8
    assert 0 <= data["measures"]["tie-break played"] <= 1
    assert len(data["wins_by_seat"]) == 3


def test_validate_checks_every_player_count_and_the_default_deck_is_playable():
    report = validate(GAME, build(), games=100, seed=1)
    assert report.ok, [c.line() for c in report.checks if not c.ok]
    comp = next(c for c in report.exhaustive if c.name == "composition for every player count")
    for text in ("2 players: 43 cards, 21 each", "4 players: 41 cards, 10 each", "8 players: 41 cards, 5 each", "7 players: 43 cards, 6 each"):
        assert text in comp.detail
    ends = [c for c in report.simulated if c.name.startswith("every game ends")]
    assert len(ends) == 7 and all(c.ok for c in ends)
    assert sorted(report.summaries) == [2, 3, 4, 5, 6, 7, 8]


def test_validate_exit_codes(capsys):
    assert run(["validate", "maestras", "--players", "4", "--games", "20", "-q"]) == 0
    assert "PLAYABLE" in capsys.readouterr().out
    # paths of eight cards that need colour and points at once are almost never won
    assert run(["validate", "maestras", "--players", "3", "--games", "40", "--path-length", "8", "--link", "both", "-q"]) == 1
    assert "FAIL masters won per game (3 players)" in capsys.readouterr().out


def test_a_point_card_no_path_can_reach_is_reported():
    # a designer's list with blue masters only and red cards, linking by colour only: the red cards
    # can never enter a path (two masters: with one, the main phase would end as it is placed and no
    # card at all would enter a path, tests/independent/test_maestras.py)
    from deckgen.model import Card, Deck

    cards = [Card("central", {})] + [Card("master", {"colour": "blue"})] * 2 + [Card("points", {"points": p, "colour": "blue"}) for p in range(1, 9)] \
        + [Card("points", {"points": 5, "colour": "red"})] * 2
    deck = Deck("maestras", build().options | {"link": "colour"}, 1, tuple(cards), None, custom=True)
    report = validate(GAME, deck, games=10, seed=1)
    bad = {c.name: c.detail for c in report.checks if not c.ok}
    assert "every point card can enter a path" in bad and "red 5" in bad["every point card can enter a path"]


def test_a_custom_card_list_from_a_deck_file(tmp_path, capsys):
    lines = ['game = "maestras"', "seed = 3", "", "[[cards]]", 'kind = "central"']
    for colour in ("blue", "red"):
        lines += ["", "[[cards]]", 'kind = "master"', f'colour = "{colour}"', "copies = 2"]
        for p in range(1, 7):
            lines += ["", "[[cards]]", 'kind = "points"', f'colour = "{colour}"', f"points = {p}"]
    path = tmp_path / "mine.toml"
    path.write_text("\n".join(lines) + "\n")
    code = run(["validate", str(path), "--games", "20", "-q"])
    out = capsys.readouterr().out
    assert code in (0, 1) and "master cards: 4 (custom list)" in out
    # 16 cards besides the central one deal 4 each to 2, 3 or 4 players, not to 5
    assert "every game ends (4 players)" in out and "(5 players)" not in out
    # broken cards are clear errors naming the line and the field, not a traceback
    extra = ["", "[[cards]]", 'kind = "points"', 'colour = "purple"', "points = 3", "", "[[cards]]", 'kind = "empty"', "remove_for = [9]"]
    path.write_text("\n".join(lines + extra) + "\n")
    code = run(["validate", str(path), "--games", "5", "-q"])
    err = capsys.readouterr().err
    assert code == 2 and "colour: should be 'blue', 'red', 'green' or 'yellow' (got 'purple')" in err
    assert "remove_for lists player counts 2 to 8, not [9]" in err and "Traceback" not in err


def test_malformed_cards_fail_the_static_checks():
    from deckgen.games.maestras.deck import checks
    from deckgen.model import Card, Deck

    cards = (Card("central", {}), Card("master", {"colour": "blue"}), Card("points", {"points": "5", "colour": "blue"}))
    deck = Deck("maestras", build().options, 1, cards, None, custom=True)
    bad = [c for c in checks(deck) if not c.ok]
    assert [c.name for c in bad] == ["card fields", "player counts this list can deal"]
