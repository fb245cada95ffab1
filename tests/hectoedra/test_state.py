"""The competitive match: setup, legal moves, penalties, refills, 10 turns each, rounds and scores."""

import random

import pytest

from deckgen.engine.loop import play_seeded
from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.games.hectoedra import GAME
from deckgen.games.hectoedra import rules
from deckgen.games.hectoedra.state import PENALTY, HectoedraState, Variant
from deckgen.spec import spec_for

ENGINE = GAME.engine
DECK = spec_for(GAME, cli={}).build()


def dealt(players=3, seed=1, variant=Variant()):
    s = HectoedraState(range(1, 101), players, variant)
    assert s.current_player() == CHANCE
    s.chance(random.Random(seed))
    return s


@pytest.mark.parametrize("players", [2, 3, 4, 7, 10])
def test_setup_counts(players):
    s = dealt(players)
    assert all(len(h) == 4 for h in s.hands)
    assert len(s.draw) == 6 * players  # 10 per player in the game deck, 4 of them dealt
    assert len(s.box) == 100 - 10 * players  # the rest is not used this round
    assert s.pile == [] and s.card_count() == 100


def test_first_starter_is_fewest_primes_with_ties_to_seat_0():
    for seed in range(40):
        s = dealt(4, seed)
        counts = [rules.primes_in(h) for h in s.hands]
        fewest = [i for i, c in enumerate(counts) if c == min(counts)]
        assert s.current_player() == fewest[0]
        assert s.start_tie == (len(fewest) > 1)


def test_only_legal_cards_may_be_played_and_penalty_only_without_one():
    s = dealt(2)
    s.hands[s.seat] = [6, 7, 25, 97]
    s.pile = [9]
    assert s.legal_actions() == [6]  # 6 shares 3 with 9; 7, 25, 97 do not link with 9
    with pytest.raises(IllegalAction):
        s.apply_action(PENALTY + 7)
    with pytest.raises(IllegalAction):
        s.apply_action(25)
    s.hands[s.seat] = [7, 25, 97, 49]
    s.pile = [4]
    assert s.legal_actions() == [PENALTY + c for c in (7, 25, 49, 97)]


def test_penalty_goes_face_down_and_hand_is_refilled():
    s = dealt(2)
    seat = s.seat
    s.hands[seat] = [7, 25, 97, 49]
    s.pile = [4]
    s.draw = [11, 13]
    s.box = [c for c in s.box if c not in (7, 25, 97, 49, 4, 11, 13)]
    s.apply_action(PENALTY + 25)
    assert s.penalty_piles[seat] == [25] and s.round_penalties[seat] == 1
    assert sorted(s.hands[seat]) == [7, 13, 49, 97]  # drew the top of the draw pile
    assert s.pile == [4] and s.draw == [11]
    assert s.current_player() == 1 - seat


def test_rounds_last_ten_turns_each_and_score():
    s = dealt(3, seed=5)
    rng = random.Random(0)
    turns = {i: 0 for i in range(3)}
    drew = {i: 0 for i in range(3)}
    while s.round_no == 0:
        seat = s.current_player()
        before = len(s.draw)
        s.apply_action(rng.choice(s.legal_actions()))
        turns[seat] += 1
        drew[seat] += before - len(s.draw)
    assert turns == {0: 10, 1: 10, 2: 10}
    assert drew == {0: 6, 1: 6, 2: 6}  # drawing only in the first 6 turns
    h = s.history[0]
    assert sum(h["penalties"]) + len(s.pile) == 30
    assert h["winners"] == rules.round_winners(h["penalties"])
    assert s.totals == h["penalties"]
    assert s.current_player() == CHANCE  # the next round is dealt


def test_next_round_starts_with_who_played_the_last_card():
    s = dealt(3, seed=9)
    rng = random.Random(3)
    while s.round_no == 0:
        s.apply_action(rng.choice(s.legal_actions()))
    last = s.history[0]["last_played"]
    s.chance(random.Random(1))
    assert s.current_player() == last


def test_a_match_has_as_many_rounds_as_players():
    for players in (2, 5):
        rec = play_seeded(ENGINE, DECK, players, 11, check=True)
        assert rec.ended and rec.length == players * 10 * players
        assert rec.counts["rounds"] == players


def test_rounds_option():
    deck = spec_for(GAME, cli={"options": {"rounds": 1}}).build()
    rec = play_seeded(ENGINE, deck, 4, 3, check=True)
    assert rec.counts["rounds"] == 1 and rec.length == 40


def test_match_winner_has_fewest_total_penalties():
    s = HectoedraState(range(1, 101), 2)
    rng = random.Random(2)
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.chance(rng)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert s.current_player() == TERMINAL
    assert s.winners() == [i for i, t in enumerate(s.totals) if t == min(s.totals)]
    assert sum(s.returns()) == pytest.approx(1.0)


def test_without_must_play_a_penalty_is_always_allowed():
    s = dealt(2, variant=Variant(must_play=False))
    s.hands[s.seat] = [6, 7, 25, 97]
    s.pile = [9]
    assert s.legal_actions() == [6] + [PENALTY + c for c in (6, 7, 25, 97)]


def test_keep_penalties_keeps_cards_out_of_later_deals():
    s = HectoedraState(range(1, 101), 10, Variant(keep_penalties=True))
    rng = random.Random(4)
    s.chance(rng)
    while s.round_no == 0:
        s.apply_action(s.legal_actions()[-1])
    kept = sum(map(len, s.penalty_piles))
    s.chance(rng)
    assert kept > 0
    per = (100 - kept) // 10
    assert all(len(h) == min(4, per) for h in s.hands) and s.card_count() == 100


@pytest.mark.parametrize("players, games", [(2, 700), (3, 500), (4, 400), (6, 150), (10, 60)])
def test_property_many_seeded_games(players, games):
    """Card conservation and legal plays at every step; every game ends with 10 turns per player and round."""
    for policy in ("heuristic", "random"):
        for seed in range(games // 2):
            rec = play_seeded(ENGINE, DECK, players, seed * 7 + players, policy=policy, check=True, detect_loops=True)
            assert rec.ended, rec.problem
            assert rec.length == 10 * players * players
            assert rec.counts["turns"] == rec.length
            assert rec.winners


def test_same_seed_same_game():
    a = play_seeded(ENGINE, DECK, 4, 123, keep_moves=True)
    b = play_seeded(ENGINE, DECK, 4, 123, keep_moves=True)
    assert a.moves == b.moves and a.winners == b.winners


def test_validate_playable_quickly():
    from deckgen.engine.validate import validate

    report = validate(GAME, DECK, players=[4], games=60, seed=1)
    assert report.ok, [c.line() for c in report.checks if not c.ok]
