"""Issue 27, point 2: a deck serves the player counts it can, and every face says the same counts.

The deck file (Cartas Maestras, 3 colours, points 1-5, 3 masters, 1 empty, removal "fewest",
paths of 2) cannot deal 4 cards each to 8 players (24 cards besides the central one) and no
removal divides it among 7; it serves 2 to 6 players and is playable for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import run
from deckgen.deckfile.load import read_deck_file
from deckgen.engine.validate import player_counts, streams_for, validate
from deckgen.errors import DeckgenError
from deckgen.registry import players_words
from deckgen.spec import spec_for

SMALL = Path(__file__).with_name("decks") / "maestras_small.toml"


def _spec(players: int | None = None, path: Path = SMALL):
    raw, game = read_deck_file(path)
    if players is not None:
        raw = {**raw, "players": players}
    return spec_for(game, cli={}, file_layer=raw, source=str(path))


def test_the_deck_serves_2_to_6_players_and_only_those():
    spec = _spec()
    deck = spec.build()
    assert spec.game.player_counts(deck) == [2, 3, 4, 5, 6]
    assert [s.players for s in streams_for(spec.game, deck)] == [2, 3, 4, 5, 6]
    served = spec.game.served_check(deck)
    assert served.ok and served.detail == "2 to 6 players"


def test_validate_says_playable_for_the_counts_it_serves():
    spec = _spec()
    report = validate(spec.game, spec.build(), games=40, sequential=False)
    assert report.ok, [c.line() for c in report.checks if not c.ok]
    assert sorted(report.summaries) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize("asked, ok", [(8, False), (7, False), (4, True)])
def test_not_playable_only_for_a_count_the_file_asks_for_and_cannot_serve(asked, ok):
    spec = _spec(players=asked)
    deck = spec.build()
    served = spec.game.served_check(deck)
    assert served.ok is ok
    if not ok:
        assert served.detail == f"2 to 6 players, not the {asked} the deck asks for"
        report = validate(spec.game, deck, games=40, sequential=False)
        assert not report.ok and not report.summaries


def test_asking_validate_for_a_count_not_served_names_the_counts():
    spec = _spec()
    with pytest.raises(DeckgenError, match="played by 2 to 6 players, not 8"):
        player_counts(spec.game, spec.build(), [8])


def test_the_rulebook_and_the_build_line_print_the_same_counts(capsys):
    from deckgen.guide import checked_line
    from deckgen.rulebook.template import common_context

    spec = _spec()
    deck = spec.build()
    assert common_context(spec.game, deck, "en", spec.print)["players_text"] == "2 to 6 players"
    assert common_context(spec.game, deck, "es", spec.print)["players_text"] == "De 2 a 6 jugadores"

    class Result:  # what checked_line reads from a build
        forced, played, checks = False, None, []

    Result.deck = deck
    assert checked_line(spec, Result) == "checked for 2 to 6 players: 0 card checks passed (`deckgen validate` also plays simulated games)"


def test_counts_with_a_gap_are_named_one_by_one():
    assert players_words([2, 3, 4, 5, 6, 8]) == "2, 3, 4, 5, 6 or 8 players"
    assert players_words([2, 3]) == "2 to 3 players"
    assert players_words([]) == "no player count"


def test_the_validate_command_on_the_file(capsys):
    code, out, _ = run(capsys, "validate", SMALL, "--games", 40, "--fixed", "--quiet")
    assert code == 0
    assert "Playable for 2 to 6 players" in out
    assert "ok   player counts this deck serves: 2 to 6 players" in out
