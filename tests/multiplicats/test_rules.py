"""Multipli Cat's rules, one situation at a time: positions laid out by hand, reactions scripted."""

from __future__ import annotations

import random
import re
from collections import deque

import pytest

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.games.multiplicats import GAME, rules
from deckgen.games.multiplicats.reaction import NEVER, ReactionModel, parse_times
from deckgen.games.multiplicats.state import REVEAL, MultiplicatsState
from deckgen.model import Card, Deck
from deckgen.options import resolve
from deckgen.errors import OptionError


def deck_of(*labels: str, **options) -> Deck:
    """"3x4" a multiplication card, "12" a product card, any other word a special card."""
    cards = []
    for label in labels:
        if "x" in label:
            a, b = map(int, label.split("x"))
            cards.append(Card("multiplication", {"a": a, "b": b, "product": a * b}))
        elif label.isdigit():
            cards.append(Card("product", {"value": int(label), "multiplications": []}))
        else:
            cards.append(Card("special", {"special": label}))
    return Deck("multiplicats", resolve(GAME.options, options), 1, tuple(cards), custom=True)


class Scripted:
    """Reaction times fixed per player (ms); ``miss``: players who miss; ``false``: wrong slappers."""

    def __init__(self, times: dict[int, float] | None = None, miss=(), false=()):
        self.times, self.miss, self.false = times or {}, set(miss), set(false)

    def time(self, rng, player):
        return self.times.get(player, 1000.0 + player)

    def entitled_time(self, rng, player):
        return NEVER if player in self.miss else self.time(rng, player)

    def false_time(self, rng, player):
        return self.time(rng, player) if player in self.false else NEVER


def position(deck, players, piles, up=None, turn=0, **script):
    state = MultiplicatsState.arranged(deck, players, piles, up, turn)
    state.model = Scripted(**script)
    return state


def play_turn(state):
    """The player to move turns up a card; the reactions are resolved."""
    assert state.current_player() >= 0
    state.apply_action(REVEAL)
    assert state.current_player() == CHANCE
    state.chance(random.Random(0))


# ---------------------------------------------------------------- dealing and seating


def test_deal_is_as_even_as_possible_and_first_seats_get_the_extra_cards():
    piles = rules.deal(list(range(102)), 4)
    assert [len(p) for p in piles] == [26, 26, 25, 25]
    assert piles[0][0] == 0 and piles[1][0] == 1  # one card at a time from seat 0
    assert sorted(c for p in piles for c in p) == list(range(102))


def test_two_players_play_two_piles_each_seated_alternately():
    assert rules.pile_owners(2) == [0, 1, 0, 1]
    assert rules.pile_owners(5) == [0, 1, 2, 3, 4]


def test_initial_state_deals_every_card_and_the_youngest_starts():
    deck = GAME.build(__import__("deckgen.registry", fromlist=["BuildRequest"]).BuildRequest(resolve(GAME.options, {"tables": "1-6"}), 1))
    state = MultiplicatsState(deck, 4, random.Random(7))
    assert state.all_cards() == list(range(102))
    assert [len(p) for p in state.piles] == [26, 26, 25, 25]
    assert state.current_player() == 0 and state.legal_actions() == [REVEAL]


# ---------------------------------------------------------------- slaps


def test_a_correct_slap_hands_the_winners_face_up_cards_to_the_loser():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 300, 1: 500})
    play_turn(s)  # seat 0 turns up 3×4 = 12, seat 1 shows 12: seat 0 is faster
    assert s.piles[1] == deque([4, 0, 1])  # the winner's card, then the loser's own face-up card
    assert s.up == [[], [], [2]]
    assert s.turn == 1  # the loser turns up next (next_after_exchange = loser)
    assert s.tally["slaps"] == 1 and s.tally["chances"] == 1


def test_the_slower_of_the_pair_takes_both_stacks():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 600, 1: 300})
    play_turn(s)
    assert s.piles[0] == deque([3, 1, 0])
    assert s.up == [[], [], [2]] and s.turn == 0


def test_next_after_exchange_next_keeps_the_order():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", next_after_exchange="next")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 300, 1: 500})
    play_turn(s)
    assert s.turn == 1  # the player after the one who turned up the card
    s2 = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 600, 1: 300})
    play_turn(s2)
    assert s2.turn == 1


def test_a_missed_match_leaves_the_cards_where_they_are():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], miss=(0, 1))
    play_turn(s)
    assert s.up == [[0], [1], [2]] and s.tally["missed"] == 1 and s.turn == 1


def test_gula_the_wrong_slapper_takes_every_face_up_card():
    deck = deck_of("2x2", "12", "5x5", "3x3", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], false=(2,), times={2: 200})
    play_turn(s)  # 2×2 = 4 matches nothing; seat 2 slaps anyway
    assert s.piles[2] == deque([5, 2, 0, 1])  # own stack first, then the others in play order
    assert s.up == [[], [], []]
    assert s.tally["gulas"] == 1
    assert s.turn == 0  # the player after the glutton starts again


def test_a_player_outside_the_pair_slapping_first_commits_gula():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], false=(2,), times={0: 300, 1: 500, 2: 100})
    play_turn(s)
    # the pair still exchanges (seat 0 wins); the glutton then collects what is left face up: its own card
    assert s.piles[1] == deque([4, 0, 1]) and s.piles[2] == deque([5, 2]) and s.up == [[], [], []]
    assert s.tally["gulas"] == 1 and s.tally["slaps"] == 1 and s.turn == 1


def test_three_players_on_one_product_fastest_gives_to_slowest():
    deck = deck_of("3x4", "12", "4x3", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 300, 1: 500, 2: 900})
    play_turn(s)
    assert s.piles[2] == deque([5, 0, 2]) and s.up == [[], [1], []]


# ---------------------------------------------------------------- special cards


def test_persecucion_everyone_slaps_the_slowest_takes_back_their_cards_the_fastest_starts():
    deck = deck_of("persecucion", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 500, 1: 200, 2: 900})
    play_turn(s)
    assert s.piles[2] == deque([5, 2]) and s.up == [[0], [1], []]
    assert s.turn == 1 and s.tally["specials"] == 1


def test_sin_salida_reverses_the_direction():
    deck = deck_of("sin_salida", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]])
    play_turn(s)
    assert s.direction == -1 and s.turn == 2
    play_turn(s)  # seat 2 turns up 1×1; no match
    assert s.turn == 1


def test_magia_everyone_turns_up_at_once_next_turn():
    deck = deck_of("magia", "3x4", "12", "2x2", "7x7", "1x1", "9x9")
    # seat 0 turns up Magia; then seats 1 and 2 (and 0) turn up together: 3×4 and 12 match
    s = position(deck, 3, [[0, 3], [1, 4], [2, 5]], up=[[], [], [6]], times={1: 100, 2: 400, 0: 700})
    play_turn(s)
    assert s.turn == 1 and s.magia_from == 0
    play_turn(s)
    assert s.tally["reveals"] == 4  # Magia, then three cards at once
    assert s.up[1] == [] and s.piles[2] == deque([5, 1, 6, 2])  # seat 1 won against seat 2
    assert s.up[0] == [0, 3]
    assert s.turn == 2 and s.magia_from is None


def test_magia_without_a_match_play_goes_on_after_the_magia_player():
    deck = deck_of("magia", "3x4", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [1, 4], [2, 5]])
    play_turn(s)
    play_turn(s)
    assert s.up == [[0, 3], [1], [2]] and s.turn == 1


def test_balancin_highest_and_lowest_products_duel():
    deck = deck_of("balancin", "12", "25", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={1: 300, 2: 500})
    play_turn(s)
    assert s.piles[2] == deque([5, 1, 2]) and s.up == [[0], [], []] and s.tally["slaps"] == 1


def test_balancin_with_fewer_than_two_number_cards_showing_nobody_slaps():
    deck = deck_of("balancin", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [2, 5]], up=[[], [1], []], times={1: 100, 2: 100})
    play_turn(s)
    assert s.up == [[0], [1], []] and s.tally["chances"] == 0 and s.tally["slaps"] == 0


def test_emboscada_won_by_its_player_changes_nothing():
    deck = deck_of("emboscada", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 100, 1: 300, 2: 400})
    play_turn(s)
    assert [list(p) for p in s.piles] == [[3], [4], [5]] and s.turn == 1


def test_emboscada_lost_by_its_player_everyone_hands_over_their_top_card():
    deck = deck_of("emboscada", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={0: 500, 1: 300, 2: 400})
    play_turn(s)
    assert [list(p) for p in s.piles] == [[3, 4, 5], [], []]


def test_regalo_gives_one_card_from_the_pile_to_each_other_player():
    deck = deck_of("regalo", "12", "5x5", "2x2", "7x7", "1x1", "9x9")
    s = position(deck, 3, [[0, 3, 6], [4], [5]], up=[[], [1], [2]])
    play_turn(s)
    assert [list(p) for p in s.piles] == [[], [4, 3], [5, 6]]


# ---------------------------------------------------------------- two players, end of game


def test_two_players_own_piles_never_duel():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    # piles 0 and 2 are player 0's; pile 2 shows 12 but that is player 0's own pile
    s = position(deck, 2, [[0, 3], [4], [5], [6]], up=[[], [7], [1], [2]], times={0: 100, 1: 200})
    play_turn(s)
    assert s.tally["chances"] == 0 and s.up[0] == [0]


def test_two_players_a_pile_of_the_other_player_does_duel():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    s = position(deck, 2, [[0, 3], [4], [5], [6]], up=[[], [1], [7], [2]], times={0: 100, 1: 200})
    play_turn(s)
    assert s.piles[1] == deque([4, 0, 1]) and s.current_player() == 1


def test_giving_away_the_last_cards_wins_and_two_left_ends_a_three_player_game():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0], [3, 4], [5]], up=[[], [1], [2]], times={0: 100, 1: 500})
    play_turn(s)  # seat 0 turns up its last card and wins the slap: it has given everything away
    assert s.out == [0]
    assert s.current_player() == TERMINAL and s.is_terminal()
    assert s.winners() == [0] and s.returns() == [1.0, 0.0, 0.0]


def test_two_left_plays_on_with_four_players_first_stops():
    labels = ("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", "8x8")
    for end, over in (("two-left", False), ("first", True)):
        deck = deck_of(*labels, end=end)
        s = position(deck, 4, [[0], [3, 4], [5], [6]], up=[[], [1], [2], [7]], times={0: 100, 1: 500})
        play_turn(s)
        assert s.out == [0] and s.is_terminal() == over
        if not over:
            with pytest.raises(IllegalAction):
                s.chance(random.Random(0))


def test_last_card_special_may_slap_on_others_match_and_hand_out_its_cards():
    deck = deck_of("3x4", "12", "magia", "2x2", "7x7", "5x5", "6x6")
    # seat 2 has no face-down card and its last card was a special (Magia): it slaps first
    s = position(deck, 3, [[0, 3], [4], []], up=[[5], [1], [6, 2]], times={2: 50, 0: 300, 1: 500})
    play_turn(s)
    assert s.out == [2] and s.is_terminal()  # three players: two left, the game is over
    assert s.piles[0] == deque([3, 6, 5, 0]) and s.piles[1] == deque([4, 2, 1])


def test_raton_call_denounces_a_match_nobody_slapped():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", raton_call=True)
    s = position(deck, 3, [[0, 3], [4], [5, 6]], up=[[], [1], [2]], miss=(0, 1), times={2: 200})
    play_turn(s)  # the match 3×4 / 12 goes unslapped
    assert s.missed == [0, 1]
    play_turn(s)  # seat 1 turns up; seat 2 calls ¡Ratón!
    assert s.tally["raton_calls"] == 1
    assert s.piles[0] == deque([3, 0]) and s.piles[1] == deque([1, 4])
    assert s.turn == 2


def test_infinite_match_scores_a_point_and_refills_the_empty_player():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1", "9x9", infinite=True, infinite_points=2, infinite_refill=2)
    s = position(deck, 3, [[0], [3, 4, 6], [5]], up=[[], [1], [2]], times={0: 100, 1: 500})
    play_turn(s)
    assert s.points == [1, 0, 0] and not s.is_terminal()
    assert list(s.piles[0]) == [3, 4]  # two cards taken from the richest pile
    assert s.out == []


def test_reveal_is_the_only_action_and_only_on_your_turn():
    deck = deck_of("3x4", "12", "5x5", "2x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]])
    with pytest.raises(IllegalAction):
        s.apply_action(5)
    s.apply_action(REVEAL)
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply_action(REVEAL)


# ---------------------------------------------------------------- the reaction model


@pytest.mark.parametrize("rate", [0.0, 0.01, 0.5])
def test_false_times_draw_what_false_time_draws_player_by_player(rate):
    """The slaps' fast path (one call for every player) against the generic one (a call each): the
    same times from the same random numbers, and the generator left in the same place."""
    model = ReactionModel((500.0, 800.0, 1200.0, 700.0), 0.35, 0.1, rate)
    hits = 0
    for seed in range(60):
        players = [p for p in range(4) if (seed >> p) & 1 or p == seed % 4]
        fast, slow = random.Random(seed), random.Random(seed)
        times = model.false_times(fast, players)
        assert times == {p: model.false_time(slow, p) for p in players}
        assert list(times) == players and fast.random() == slow.random()
        hits += sum(t != NEVER for t in times.values())
    assert hits == 0 if rate == 0.0 else rate < 0.5 or hits > 0  # at 0.5: every path of the fast one taken


def test_reaction_model_per_player_medians_and_errors():
    opts = resolve(GAME.options, {"reaction_ms": "500,800,1200", "miss_rate": 0.0, "false_slap_rate": 0.0})
    model = ReactionModel.from_options(opts, 3)
    rng = random.Random(3)
    samples = {p: sorted(model.time(rng, p) for _ in range(2001)) for p in range(3)}
    medians = [samples[p][1000] for p in range(3)]
    assert medians[0] < medians[1] < medians[2]
    assert abs(medians[1] - 800) < 40
    assert model.entitled_time(rng, 0) < NEVER and model.false_time(rng, 0) == NEVER
    with pytest.raises(OptionError):
        ReactionModel.from_options(opts, 4)  # three times for four players
    with pytest.raises(OptionError):
        parse_times("fast")
    always_miss = ReactionModel((700.0,), miss=1.0)
    assert always_miss.entitled_time(rng, 0) == NEVER


def test_a_perfect_table_can_stall_when_only_specials_are_left_and_the_loop_is_caught():
    """Players holding only special cards cannot shed them through a match: at a real table a wrong
    slap (gula) takes them. With no wrong slaps at all this game cannot end, and the engine says so."""
    from deckgen.engine.game import random_policy
    from deckgen.engine.loop import play

    deck = deck_of("regalo", "sin_salida", "3x4", "5x5", false_slap_rate=0.0, miss_rate=0.0)
    state = MultiplicatsState.arranged(deck, 3, [[], [1], [2, 3]], up=[[0], [], []], turn=1)
    record = play(state, [random_policy] * 3, random.Random(1), max_steps=5000, repeat_limit=50)
    assert not record.ended and "came back" in record.problem
    assert state.all_cards() == [0, 1, 2, 3]
    # one wrong slap in the same position takes every face-up card and the game moves on
    lively = deck_of("regalo", "sin_salida", "3x4", "5x5", false_slap_rate=0.2, miss_rate=0.0)
    state = MultiplicatsState.arranged(lively, 3, [[], [1], [2, 3]], up=[[0], [], []], turn=1)
    assert play(state, [random_policy] * 3, random.Random(1), max_steps=5000, repeat_limit=50).ended


@pytest.mark.parametrize("older, newest, matches", [("12", "5x5", False), ("5x5", "12", True)])
def test_only_the_newest_face_up_card_counts(older, newest, matches):
    # seat 1 has two face-up cards; seat 0 turns up 3×4 = 12: only seat 1's newest card is compared
    deck = deck_of("3x4", older, newest, "2x2", "7x7", "1x1", "9x9")
    s = position(deck, 3, [[0, 3], [4], [5, 6]], up=[[], [1, 2], []], times={0: 100, 1: 300})
    play_turn(s)
    if matches:
        assert s.tally["slaps"] == 1 and s.piles[1] == deque([4, 0, 1, 2]) and s.up == [[], [], []]
    else:
        assert s.tally["chances"] == 0 and s.up == [[0], [1, 2], []] and s.turn == 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_balancin_with_every_number_showing_equal_has_no_duel_and_the_rulebook_says_so(lang):
    """No highest against lowest when every number card showing has the same product: nobody may
    slap, and a slap is gula (rules.balancin_sides). The rulebook said only "fewer than two number
    cards showing"; it now names this case too, in the card's description and in the decisions."""
    from deckgen.render.settings import PrintSettings
    from deckgen.rulebook.render import render_markup

    deck = deck_of("balancin", "12", "3x4", "6x2", "7x7", "1x1")
    s = position(deck, 3, [[0, 3], [4], [5]], up=[[], [1], [2]], times={1: 100, 2: 100}, false={1})
    play_turn(s)
    assert s.tally["chances"] == 0 and s.tally["gulas"] == 1  # 12, 12: no duel, the slap is gula
    full = GAME.build(__import__("deckgen.registry", fromlist=["BuildRequest"]).BuildRequest(resolve(GAME.options, {}), 1))
    text = re.sub(r"<[^>]+>|\s+", " ", render_markup(GAME, full, lang, PrintSettings.parse()))
    said = {"es": "todas muestran el mismo producto", "en": "they all show the same product"}[lang]
    assert text.count(said) == 2, said  # the Balancín card, and the decisions
