"""Issue 19, point 3: one player range per game, the same in `list`, the rulebook, validation and
the README (the web page reads the same registry field).

Seen: Monete `list` 2-8, rulebook 2 to 6, validate 2-6; Hectoedra `list` 2-10, validate of a small
deck "2 to 4"; Multipli Cat's `list` 2-8, rulebook "3 to 8" with 2 as a variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from deckgen.cli import load_spec
from deckgen.engine.validate import player_counts
from deckgen.registry import games
from deckgen.rulebook.render import write_rulebook
from rulebook.rbtools import pdf_pages
from tests.clirun import run

README = Path(__file__).resolve().parents[2] / "README.md"

# a default deck and a small one per game (the small one serves fewer players)
DECKS = {
    "multiplicats": [[], ["--tables", "2"]],
    "mgc": [[], ["--coefficients", "1-2", "--degrees", "1-2", "--copies", "2"]],
    "hectoedra": [[], ["--cards", "1-40"], ["--cards", "1-40", "--per-player", "8"]],
    "monete": [[], ["--top", "10", "--mode", "perezoso"]],
    "maestras": [[], ["--colours", "3"], ["--colours", "2"]],
}
RANGE_ES = re.compile(r"(\d+) a (\d+) jugadores")
RANGE_EN = re.compile(r"(\d+) to (\d+) players")


def test_list_and_readme_give_the_registry_range(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    readme = README.read_text(encoding="utf-8")
    for game in games().values():
        lo, hi = game.players
        line = next(l for l in out.splitlines() if l.startswith(f"{game.id}  "))
        assert line.endswith(f"({game.players_text('en')})") and f"({lo}-{hi} players" in line
        row = next(l for l in readme.splitlines() if l.startswith(f"| `{game.id}` |"))
        assert f"| {game.players_text('en')} |" in row


def test_the_multiplicats_range_is_2_to_8_with_two_piles_each_for_2():
    game = games()["multiplicats"]
    assert game.players == (2, 8)
    assert game.players_text("en") == "2-8 players; with 2, each plays two piles"


@pytest.mark.parametrize("game_id,words", [(g, w) for g, ws in DECKS.items() for w in ws])
def test_rulebook_and_validation_serve_the_same_player_counts(game_id, words, tmp_path):
    game = games()[game_id]
    spec = load_spec(game_id, words)
    deck = spec.build()
    counts = player_counts(game, deck)
    assert counts == game.player_counts(deck)
    lo, hi = game.players
    assert counts and lo <= counts[0] and counts[-1] <= hi
    for lang, pattern in (("es", RANGE_ES), ("en", RANGE_EN)):
        pdf = write_rulebook(tmp_path / f"r-{lang}.pdf", game, deck, lang, spec.print)
        text = " ".join(pdf_pages(pdf)[:2]).replace("\n", " ")
        if counts == list(range(counts[0], counts[-1] + 1)):
            found = {(int(a), int(b)) for a, b in pattern.findall(text)}
            assert (counts[0], counts[-1]) in found, (lang, found, counts)
        else:  # gaps: every count named, e.g. "2, 4 or 5 players"
            listed = ", ".join(map(str, counts[:-1])) + (" o " if lang == "es" else " or ") + str(counts[-1])
            assert listed in text, (lang, counts)


def test_small_decks_serve_fewer_players_and_say_so():
    assert games()["monete"].player_range(load_spec("monete", ["--top", "10", "--mode", "perezoso"]).build()) == (2, 6)
    hecto = games()["hectoedra"]
    assert hecto.player_range(load_spec("hectoedra", ["--cards", "1-40"]).build()) == (2, 4)
    assert hecto.player_range(load_spec("hectoedra", ["--cards", "1-40", "--per-player", "8"]).build()) == (2, 5)


def test_validate_at_5_players_of_a_small_hectoedra_deck_says_what_to_change(capsys):
    """Seen: "the competitive game for 2 to 4 players" at 5 players. Now --players 5 is checked as a
    deck file's players = 5 is: not playable, and the hint names the option that makes room."""
    code, out, _ = run(capsys, "validate", "hectoedra", "--cards", "1-40", "--players", "5", "--quiet")
    assert code == 1
    assert "FAIL enough cards for 5 players: 40 cards, 50 needed (10 each in the round's game deck); try: --per-player 8" in out
