"""Issue 19, point 1: every static check reads the same resolved options as the engine.

Seen: a Hectoedra deck file with ``per_player = 8`` and ``players = 5`` (cards 1-40) failed "40 cards,
50 needed (10 each)" while the engine deals 8 each; the same deck on the command line passed."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from deckgen.cli import load_spec
from deckgen.errors import DeckgenError
from deckgen.registry import BuildRequest, games
from deckgen.spec import spec_for
from tests.clirun import run
from tests.first_use.variants import other_values

GAMES = sorted(games())


def _scoped(game, scope):
    return [o for o in game.options if o.scope == scope]


def _toml_value(raw):
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, (int, float)):
        return repr(raw)
    return '"' + str(raw) + '"'


def _deck_file(tmp_path: Path, game_id: str, options: dict, players: int | None) -> Path:
    lines = [f'game = "{game_id}"'] + ([f"players = {players}"] if players else []) + ["", "[options]"]
    lines += [f"{k} = {_toml_value(v)}" for k, v in options.items()]
    path = tmp_path / f"{game_id}-{len(list(tmp_path.iterdir()))}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _cli_words(game, options: dict) -> list[str]:
    words = []
    for name, raw in options.items():
        opt = game.option(name)
        if opt.flag:
            words.append(opt.cli if raw else f"--no-{opt.cli[2:]}")
        else:
            words += [opt.cli, str(raw)]
    return words


def _seen(checks):
    return [(c.name, c.ok, c.detail) for c in checks]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_deck_file_and_the_command_line_give_the_same_checks(game_id, tmp_path):
    """Every option of scope deck and rules, set in a deck file or on the command line (with the same
    player count), gives the same resolved spec and the same static check results."""
    game = games()[game_id]
    tried = 0
    for opt in _scoped(game, "deck") + _scoped(game, "rules"):
        for raw in other_values(opt)[:2]:
            players = game.default_players + 1
            file_spec = load_spec(str(_deck_file(tmp_path, game_id, {opt.name: raw}, players)), [])
            cli_spec = load_spec(game_id, _cli_words(game, {opt.name: raw}), players=players)
            assert dict(file_spec.options) == dict(cli_spec.options), opt.name
            assert file_spec.players == cli_spec.players == players
            try:
                a = _seen(game.checks(file_spec.build()))
            except DeckgenError:
                continue  # a value the deck cannot be built with: refused the same way below
            assert a == _seen(game.checks(cli_spec.build())), (opt.name, raw)
            tried += 1
    assert tried >= len(game.options)  # every option was exercised at least once


def _can_deal(game, deck, n) -> bool:
    if n not in game.player_counts(dataclasses.replace(deck, players=None)):
        return False
    try:
        for _, variant in game.engine.variants(deck):  # a deck for several modes is played in each
            if n not in game.player_counts(dataclasses.replace(variant, players=None)):
                return False
            game.engine.new_state(variant, n, random.Random(1))
    except (DeckgenError, ValueError):
        return False
    return True


def _decks(game):
    """The default deck and decks with each deck option changed, each under every rule variant."""
    base = spec_for(game, cli={}).options
    decks = [dict(base)]
    for opt in _scoped(game, "deck"):
        for raw in other_values(opt)[:2]:
            decks.append({**base, opt.name: opt.parse(raw)})
    rules = [{}] + [{o.name: o.parse(v)} for o in _scoped(game, "rules") for v in other_values(o)[:1]]
    return decks, rules


@pytest.mark.parametrize("game_id", GAMES)
def test_the_static_checks_pass_exactly_for_the_player_counts_the_engine_deals(game_id):
    """For every deck option and rule variant: a deck built for n players passes its static checks
    exactly when the engine deals a game for n players (the checks and the engine read the same
    options: per_player, hand, ...)."""
    game = games()[game_id]
    lo, hi = game.players
    deck_options, rule_variants = _decks(game)
    compared = 0
    for options in deck_options:
        try:
            full = game.build(BuildRequest(options, 1, None))
        except DeckgenError:
            continue
        same_cards = game.build(BuildRequest(options, 1, lo)).cards == full.cards
        for rules in rule_variants:
            merged = {**options, **rules}
            verdicts = {}
            for n in range(lo, hi + 1):
                deck = dataclasses.replace(full, options=merged, players=n) if same_cards else dataclasses.replace(
                    game.build(BuildRequest(options, 1, n)), options=merged)
                verdicts[n] = (all(c.ok for c in game.checks(deck)), _can_deal(game, deck, n))
            if not any(ok for ok, _ in verdicts.values()):
                continue  # the deck fails for a reason of its own (not the player count)
            assert all(ok == deal for ok, deal in verdicts.values()), (options, rules, verdicts)
            compared += 1
    assert compared >= len(rule_variants)


def test_hectoedra_per_player_in_a_deck_file_is_what_the_check_counts(tmp_path, capsys):
    """The deck of the report: cards 1-40, 8 each, 5 players: playable from a file and from the command line."""
    path = tmp_path / "h.toml"
    path.write_text('game = "hectoedra"\nplayers = 5\n[options]\ncards = "1-40"\nper_player = 8\n', encoding="utf-8")
    code, out, _ = run(capsys, "validate", path, "--games", "20", "--quiet")
    assert code == 0, out
    assert "40 cards, 40 needed (8 each" in out and "50 needed" not in out
    code, cli_out, _ = run(capsys, "validate", "hectoedra", "--cards", "1-40", "--per-player", "8", "--players", "5", "--games", "20", "--quiet")
    assert code == 0
    assert "enough cards for 5 players: 40 cards, 40 needed (8 each" in cli_out  # --players reaches the checks too
    path.write_text('game = "hectoedra"\nplayers = 4\n[options]\ncards = "1-40"\nper_player = 8\n', encoding="utf-8")
    code, out, _ = run(capsys, "validate", path, "--games", "20", "--quiet")
    assert "40 cards, 32 needed (8 each" in out and "a game deck for 4 players: 32 of 40 cards" in out
    assert "(10 each)" not in out
