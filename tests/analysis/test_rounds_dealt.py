"""Issue 27, point 1: every round is dealt as the rulebook prints, not only the first.

The deck file keeps Hectoedra's penalty cards out of later deals with only 20 cards for 2 players at
10 each: the first round deals 10 each, but any penalty leaves too few for the next round."""

from __future__ import annotations

import random
from pathlib import Path

from clirun import run
from deckgen.engine.loop import play_seeded
from deckgen.engine.validate import validate
from deckgen.games.hectoedra.state import HectoedraState, Variant
from deckgen.registry import get_game

DECKS = Path(__file__).with_name("decks")
KEPT = DECKS / "hectoedra_kept_penalties.toml"


def _deal_rounds(keep: bool, penalties: int) -> HectoedraState:
    """Round 1 dealt, ``penalties`` of seat 0's cards put face down, then round 2 dealt."""
    state = HectoedraState(range(1, 21), 2, Variant(keep_penalties=keep, rounds=10))
    state.chance(random.Random(3))
    assert state.shortfalls == []
    everything = state.hands[0] + state.hands[1] + state.draw
    assert len(everything) == 20  # the first deal: 10 each
    for _ in range(penalties):
        state.penalty_piles[0].append(everything.pop())
    state.box += everything  # the round ends: everything else goes back
    state.hands, state.draw = [[], []], []
    state.round_no, state.dealing = 1, True
    state.chance(random.Random(4))
    return state


def test_a_round_dealt_short_is_recorded_with_its_round_and_count():
    state = _deal_rounds(keep=True, penalties=3)
    assert len(state.shortfalls) == 1
    assert state.shortfalls[0].startswith("round 2 dealt 8 cards a player (4 in hand), not the 10 printed")
    assert sum(map(len, state.hands)) + len(state.draw) == 16


def test_penalties_going_back_keep_every_round_whole():
    state = _deal_rounds(keep=False, penalties=3)
    assert state.shortfalls == []
    assert sum(map(len, state.hands)) + len(state.draw) == 20


def test_a_simulated_game_carries_its_first_short_deal():
    game = get_game("hectoedra")
    deck = game.build(_request(game, keep=True))
    r = play_seeded(game.engine, deck, 2, 1)
    assert r.shortfall.startswith("round ")
    ok = play_seeded(game.engine, game.build(_request(game, keep=False)), 2, 1)
    assert ok.shortfall == ""


def _request(game, keep: bool):
    from deckgen.registry import BuildRequest
    from deckgen.options import resolve

    opts = resolve(game.options, {"cards": "1-20", "per_player": 10, "hand": 4, "rounds": 10, "keep_penalties": keep})
    return BuildRequest(opts, 1, None)


def test_validate_fails_the_issue_deck_naming_round_count_and_fix(capsys):
    code, out, _ = run(capsys, "validate", KEPT, "--games", 80, "--quiet")
    line = next(l for l in out.splitlines() if l.lstrip().startswith("FAIL every round dealt as printed (2 players)"))
    assert line.lstrip().startswith("FAIL")
    assert "round 2 dealt" in line and "not the 10 printed" in line and "(seed " in line
    # the deck file set keep_penalties: the fix names its key and the file, once
    assert "try: options.keep_penalties = false in " in line and "--" not in line.split("try:")[1]
    assert line.count("hectoedra_kept_penalties.toml") == 1 and "or more options.cards" in line
    assert "NOT PLAYABLE" in out and code != 0


def test_the_same_deck_without_kept_penalties_deals_every_round():
    game = get_game("hectoedra")
    report = validate(game, game.build(_request(game, keep=False)), games=80)
    line = next(c for c in report.checks if c.name == "every round dealt as printed (2 players)")
    assert line.ok and "10 cards a player" in line.detail


def test_the_model_checker_finds_a_short_deal_with_its_shortest_path():
    import sys

    sys.path.insert(0, str(Path(__file__).parent.parent))
    from deckgen.engine.claims import model_checks
    from deckgen.engine.modelcheck import check_model
    from modelcheck.toy import Toy

    class ShortToy(Toy):
        def clone(self):
            c = ShortToy.__new__(ShortToy)
            c.__dict__.update(self.__dict__)
            return c

        @property
        def shortfalls(self):  # square 3 stands for a round dealt short
            return ["round 2 dealt 3 cards a player, not the 4 printed"] if self.at == 3 else []

    r = check_model(ShortToy(size=6))
    assert r.complete and r.dead_end is None and r.no_end is None and not r.ok
    assert r.short_deal.what == "a deal short of the rulebook (round 2 dealt 3 cards a player, not the 4 printed)"
    assert r.short_deal.steps == ["seat 0: moves 1", "seat 1: moves 2"]  # the fewest steps to square 3
    assert r.to_json()["short_deal"]["what"].startswith("a deal short")
    engine = type("E", (), {"model_scope": "", "model": object()})()
    failed = [c for c in model_checks(engine, "2 players", r) if not c.ok]
    assert [c.name for c in failed] == ["every round dealt as printed (2 players)"]
    assert check_model(Toy(size=6)).short_deal is None
