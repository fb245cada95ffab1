"""The legal-move table of Monete: singles per mode and marker state, opening, combos, same-number
plays and their marker flips, comodín declarations, and the generator against the reference."""

from __future__ import annotations

import itertools
import random

import pytest

from deckgen.games.monete.cards import NO_COLOUR
from deckgen.games.monete.rules import (
    Rules,
    Situation,
    card_options,
    closes,
    is_legal_play,
    marker_options,
    play_key,
    play_moves,
)

RED, BLUE, GREEN, ORANGE = 1, 0, 2, 3


def singles(moves):
    return {m[0][0] for m in moves if len(m[0]) == 1}


def situation(top, up=True, same=None, opening=False, exempt=0):
    return Situation(opening, top[0], top[1], up, same, exempt)


# Top card: a red 10. Hand: 4 red, 10 blue, 12 green, 15 red, 7 orange, Espiar (purple 10).
HAND = [(4, "red"), (10, "blue"), (12, "green"), (15, "red"), (7, "orange"), "espiar"]
TABLE = {
    # mode, marker +?, colour marker same? -> the hand cards that may be played alone
    ("perezoso", True, None): {"10 blue", "12 green", "15 red", "espiar"},
    ("perezoso", False, None): {"4 red", "10 blue", "7 orange", "espiar"},
    ("siesta", True, None): {"10 blue", "12 green", "15 red", "espiar"},
    ("siesta", False, None): {"4 red", "10 blue", "7 orange", "espiar"},
    ("recreo", True, True): {"10 blue", "12 green", "15 red", "espiar", "4 red"},
    ("recreo", True, False): {"10 blue", "12 green", "15 red", "espiar", "7 orange"},
    ("recreo", False, True): {"4 red", "10 blue", "7 orange", "espiar", "15 red"},
    ("recreo", False, False): {"4 red", "10 blue", "7 orange", "espiar", "12 green"},
    ("jungla", True, True): {"15 red", "10 blue", "espiar"},
    ("jungla", True, False): {"12 green", "10 blue", "espiar"},
    ("jungla", False, True): {"4 red", "10 blue", "espiar"},
    ("jungla", False, False): {"7 orange", "10 blue", "espiar"},
}


@pytest.mark.parametrize("mode, up, same", sorted(TABLE, key=str))
def test_legal_single_cards_per_mode_and_markers(cards, mode, up, same):
    ids = {}
    for item in HAND:
        if item == "espiar":
            ids["espiar"] = cards.action("espiar", 10)
        else:
            ids[f"{item[0]} {item[1]}"] = cards(*item)
    rules = Rules(mode=mode, combo=1)
    moves = play_moves(rules, situation((10, RED), up, same), cards.table, list(ids.values()))
    assert all(len(m[0]) == 1 for m in moves)
    names = {name for name, c in ids.items() if c in singles(moves)}
    assert names == TABLE[(mode, up, same)]


def test_opening_takes_any_single_card_and_no_combo(cards):
    hand = [cards(9, "red"), cards(10, "red"), cards(11, "red"), cards(1, "blue"), cards.action("toma_2")]
    for mode in ("siesta", "recreo", "jungla"):
        moves = play_moves(Rules(mode=mode), Situation(True), cards.table, hand)
        assert sorted(m[0] for m in moves) == sorted((c,) for c in hand)


def test_opening_markers_one_forces_up_top_forces_down(cards):
    one, twenty, seven = cards(1, "red"), cards(20, "red"), cards(7, "red")
    sit = Situation(True)
    siesta, recreo = Rules(mode="siesta"), Rules(mode="recreo")
    assert marker_options(siesta, sit, ((one,), (1,), (RED,)), False) == [(True, None)]
    assert marker_options(siesta, sit, ((twenty,), (20,), (RED,)), False) == [(False, None)]
    assert marker_options(siesta, sit, ((seven,), (7,), (RED,)), False) == [(True, None), (False, None)]
    assert marker_options(recreo, sit, ((one,), (1,), (RED,)), False) == [(True, True), (True, False)]
    assert len(marker_options(recreo, sit, ((seven,), (7,), (RED,)), False)) == 4
    # a comodín declared 1 forces + too, and the top-10 deck closes (and forces) with 10
    assert marker_options(siesta, sit, ((cards.wilds[0],), (1,), (NO_COLOUR,)), False) == [(True, None)]
    assert marker_options(Rules(mode="siesta", top=10), sit, ((cards(10, "red"),), (10,), (RED,)), False) == [(False, None)]


def test_closing_with_one_or_twenty_and_the_second_card_exception(cards):
    rules = Rules(mode="siesta")
    one, twenty = (cards(1, "red"),), (cards(20, "red"),)
    assert closes(rules, situation((5, BLUE), up=False), (one, (1,), (RED,)))
    assert closes(rules, situation((5, BLUE), up=True), (twenty, (20,), (RED,)))
    assert not closes(rules, Situation(True), (one, (1,), (RED,)))  # opening with 1 does not close
    # a second 1 right after an opening 1 does not close; a 20 after an opening 1 does
    assert not closes(rules, situation((1, BLUE), exempt=1), (one, (1,), (RED,)))
    assert closes(rules, situation((1, BLUE), exempt=1), (twenty, (20,), (RED,)))
    assert closes(rules, situation((1, BLUE), exempt=0), (one, (1,), (RED,)))  # a later 1 closes
    assert not closes(rules, situation((5, BLUE)), ((cards(7, "red"),), (7,), (RED,)))


def combos(moves):
    return {tuple(m[0]) for m in moves if len(m[0]) > 1}


def test_combos_ascending_under_plus_up_to_three(cards):
    c = cards
    hand = [c(9, "red"), c(10, "green"), c(11, "blue"), c(12, "orange"), c(9, "blue"), c(3, "red")]
    moves = play_moves(Rules(mode="siesta"), situation((8, BLUE), up=True), cards.table, hand)
    assert singles(moves) == {c(9, "red"), c(10, "green"), c(11, "blue"), c(12, "orange"), c(9, "blue")}
    assert combos(moves) == {
        (c(9, "red"), c(10, "green")), (c(9, "blue"), c(10, "green")), (c(10, "green"), c(11, "blue")),
        (c(11, "blue"), c(12, "orange")), (c(9, "red"), c(10, "green"), c(11, "blue")),
        (c(9, "blue"), c(10, "green"), c(11, "blue")), (c(10, "green"), c(11, "blue"), c(12, "orange")),
    }
    assert max(len(m[0]) for m in moves) == 3  # 9-10-11-12 is too long


def test_combos_descending_under_minus(cards):
    c = cards
    hand = [c(11, "red"), c(10, "green"), c(9, "blue"), c(8, "orange")]
    moves = play_moves(Rules(mode="siesta"), situation((12, BLUE), up=False), cards.table, hand)
    assert combos(moves) == {
        (c(11, "red"), c(10, "green")), (c(10, "green"), c(9, "blue")), (c(9, "blue"), c(8, "orange")),
        (c(11, "red"), c(10, "green"), c(9, "blue")), (c(10, "green"), c(9, "blue"), c(8, "orange")),
    }


def test_combos_need_consecutive_numbers_in_one_direction(cards):
    c, t = cards, cards.table
    rules, sit = Rules(mode="recreo"), situation((8, BLUE), up=True, same=True)
    hand = [c(9, "blue"), c(11, "blue"), c(10, "blue"), c(12, "red")]
    assert not is_legal_play(rules, sit, t, hand, ((c(9, "blue"), c(11, "blue")), (9, 11), (BLUE, BLUE)))
    assert not is_legal_play(rules, sit, t, hand, ((c(9, "blue"), c(10, "blue"), c(9, "blue")), (9, 10, 9), (BLUE,) * 3))
    assert not is_legal_play(rules, sit, t, hand, ((c(11, "blue"), c(10, "blue"), c(11, "blue")), (11, 10, 11), (BLUE,) * 3))
    assert is_legal_play(rules, sit, t, hand, ((c(9, "blue"), c(10, "blue"), c(11, "blue")), (9, 10, 11), (BLUE,) * 3))
    # RECREO: a falling combo is fine when every card keeps the colour (one marker is enough)
    assert is_legal_play(rules, sit, t, hand, ((c(11, "blue"), c(10, "blue"), c(9, "blue")), (11, 10, 9), (BLUE,) * 3))
    # ... but not once the colour breaks and the numbers fall
    hand2 = hand + [c(10, "red")]
    assert not is_legal_play(rules, sit, t, hand2, ((c(11, "blue"), c(10, "red")), (11, 10), (BLUE, RED)))


def test_combos_respect_both_markers_in_jungla(cards):
    c = cards
    hand = [c(9, "red"), c(10, "red"), c(11, "green")]
    moves = play_moves(Rules(mode="jungla"), situation((8, BLUE), up=True, same=False), cards.table, hand)
    assert combos(moves) == {(c(10, "red"), c(11, "green"))}  # 9r-10r breaks "different colour"


def test_no_combo_to_open_and_none_with_combo_option_one(cards):
    c = cards
    hand = [c(9, "red"), c(10, "red"), c(11, "red")]
    assert not combos(play_moves(Rules(mode="siesta"), Situation(True), cards.table, hand))
    assert not combos(play_moves(Rules(mode="siesta", combo=1), situation((8, RED)), cards.table, hand))
    assert max(len(m[0]) for m in play_moves(Rules(mode="siesta", combo=2), situation((8, RED)), cards.table, hand)) == 2


def test_a_closing_card_ends_a_combo_unless_it_is_the_spared_second(cards):
    c = cards
    hand = [c(18, "red"), c(19, "red"), c(20, "red")]
    moves = play_moves(Rules(mode="siesta"), situation((17, BLUE)), cards.table, hand)
    assert (c(18, "red"), c(19, "red"), c(20, "red")) in combos(moves)
    hand = [c(1, "red"), c(2, "red")]
    assert not combos(play_moves(Rules(mode="siesta"), situation((1, BLUE)), cards.table, hand))
    assert combos(play_moves(Rules(mode="siesta"), situation((1, BLUE), exempt=1), cards.table, hand)) == {(c(1, "red"), c(2, "red"))}


def test_same_number_ignores_markers_and_may_flip_them(cards):
    c = cards
    seven = c(7, "green")
    # JUNGLA, + and same colour on a red 7: a green 7 breaks the colour marker but is the same number
    sit = situation((7, RED), up=True, same=True)
    assert seven in singles(play_moves(Rules(mode="jungla", combo=1), sit, cards.table, [seven]))
    play = ((seven,), (7,), (GREEN,))
    assert marker_options(Rules(mode="recreo"), sit, play, False) == [(True, True), (True, False), (False, True), (False, False)]
    siesta_sit = situation((7, RED), up=False)
    assert marker_options(Rules(mode="siesta"), siesta_sit, play, False) == [(False, None), (True, None)]
    # an action card of the same number applies only its effect: no flip
    toma = c.action("toma_3", 7)
    assert marker_options(Rules(mode="siesta"), situation((7, RED)), ((toma,), (7,), (4,)), True) == [(True, None)]
    # another number keeps the markers, except in JUNGLA where every play may reset them
    eight = ((c(8, "red"),), (8,), (RED,))
    assert marker_options(Rules(mode="recreo"), sit, eight, False) == [(True, True)]
    assert len(marker_options(Rules(mode="jungla"), sit, eight, False)) == 4
    assert len(marker_options(Rules(mode="jungla"), sit, ((toma,), (7,), (4,)), True)) == 4


def test_comodin_declarations(cards):
    wild = cards.wilds[0]
    t = cards.table
    top = situation((10, RED), up=True, same=True)
    siesta = play_moves(Rules(mode="siesta", combo=1), situation((10, RED)), t, [wild])
    assert sorted(m[1][0] for m in siesta) == list(range(10, 21)) and {m[2][0] for m in siesta} == {NO_COLOUR}
    recreo = play_moves(Rules(mode="recreo", combo=1), top, t, [wild])
    assert len(recreo) == 11 * 4 + 9  # ≥ 10 in any colour, or red below 10
    jungla = play_moves(Rules(mode="jungla", combo=1), top, t, [wild])
    assert len(jungla) == 11 + 3  # red ≥ 10, or a 10 of another colour (same number)
    assert len(play_moves(Rules(mode="jungla"), Situation(True), t, [wild])) == 80
    assert len(play_moves(Rules(mode="siesta"), Situation(True), t, [wild])) == 20
    # opening, a comodín is any number of any colour: 80 different declarations, 20 in siesta
    assert len({(m[1], m[2]) for m in play_moves(Rules(mode="jungla"), Situation(True), t, [wild])}) == 80
    assert sorted(m[1][0] for m in play_moves(Rules(mode="siesta"), Situation(True), t, [wild])) == list(range(1, 21))
    # two comodines are interchangeable: one move per outcome, and they fill a gap in a combo
    hand = [cards.wilds[0], cards.wilds[1]]
    assert len(play_moves(Rules(mode="siesta", combo=1), situation((10, RED)), t, hand)) == 11
    gap = [cards(11, "blue"), wild, cards(13, "blue")]
    combo = [m for m in play_moves(Rules(mode="siesta"), situation((10, RED)), t, gap) if len(m[0]) == 3]
    assert ((cards(11, "blue"), wild, cards(13, "blue")), (11, 12, 13), (BLUE, NO_COLOUR, BLUE)) in combo


def test_generator_equals_the_reference_definition(cards):
    """Every legal play by brute force over orders and declarations, against ``play_moves``."""
    t = cards.table
    rng = random.Random(7)
    for mode in ("siesta", "recreo", "jungla"):
        rules = Rules(mode=mode)
        for _ in range(25):
            hand = rng.sample([c for c in t.playing if not t.wild[c]], 5) + (cards.wilds[:1] if rng.random() < 0.3 else [])
            top = rng.choice([c for c in t.playing if not t.wild[c]])
            sit = Situation(
                rng.random() < 0.1, t.value[top], t.colour[top], rng.random() < 0.5,
                (rng.random() < 0.5) if rules.colour else None, rng.choice([0, 0, 1, 20]),
            )
            expected = set()
            for n in range(1, 4):
                for seq in itertools.permutations(hand, n):
                    for decl in itertools.product(*(list(card_options(c, t, rules)) for c in seq)):
                        play = (seq, tuple(d[0] for d in decl), tuple(d[1] for d in decl))
                        if is_legal_play(rules, sit, t, hand, play):
                            expected.add(play_key(play))
            moves = play_moves(rules, sit, t, hand)
            assert len({play_key(m) for m in moves}) == len(moves)
            assert {play_key(m) for m in moves} == expected
            assert all(is_legal_play(rules, sit, t, hand, m) for m in moves)


def test_generator_with_two_comodines_equals_the_reference(cards):
    """Two comodines in hand: a combo may go on from one comodín to the other (the second declared
    anew), and a comodín that opens a combo leaves the other free for it. ``play_moves`` equals the
    brute force over every order and declaration, hands of the two comodines alone and with one card."""
    t = cards.table
    rng = random.Random(11)
    plain = [c for c in t.playing if not t.wild[c]]
    both = 0
    for mode in ("siesta", "recreo", "jungla"):
        rules = Rules(mode=mode)
        for extra in (0, 1, 1):
            wilds = list(cards.wilds[:2])
            hand = rng.sample(plain, extra) + wilds
            top = rng.choice(plain)
            sit = Situation(False, t.value[top], t.colour[top], rng.random() < 0.5,
                            (rng.random() < 0.5) if rules.colour else None, 0)
            expected = set()
            for n in range(1, len(hand) + 1):
                for seq in itertools.permutations(hand, n):
                    for decl in itertools.product(*(list(card_options(c, t, rules)) for c in seq)):
                        play = (seq, tuple(d[0] for d in decl), tuple(d[1] for d in decl))
                        used = [c for c in seq if t.wild[c]]
                        if set(used) == set(wilds[:len(used)]) and is_legal_play(rules, sit, t, hand, play):
                            expected.add(play_key(play))  # (a play uses the hand's first comodines)
            moves = play_moves(rules, sit, t, hand)
            keys = {play_key(m) for m in moves}
            assert len(keys) == len(moves)
            assert keys == expected
            both += sum(set(wilds) <= set(k[0]) for k in keys)
    assert both > 0  # plays holding both comodines were compared
