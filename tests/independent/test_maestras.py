"""deckgen's Cartas Maestras claims agree with an independent solver (maestras_solver.py, written from
the rulebooks, not from the engine) on random tiny decks with random rule options (issue 40).

The suite's share is a dozen decks of 5 to 9 cards the solver finishes in well under a second each;
``python3 bench/independent_solvers.py --game maestras`` sweeps more and prints its figures."""

from __future__ import annotations

import random

from independent.maestras_compare import Case, compare, random_case
from independent.maestras_solver import EMPTY, MASTER, POINTS


def test_random_tiny_decks_get_the_solvers_verdicts():
    """Every claim validate labels [proven] (the length bound, every game ends) and the claims it
    proves by enumerating the deck (a master opens a path, every point card enters one, a path can be
    won) agree with what the solver finds in every game of every deal."""
    compared = won = 0
    for seed in range(12):
        got = compare(random_case(random.Random(seed)), budget=20_000, games=6)
        if not got["complete"]:
            continue
        assert not got["problems"] and not got["sampled_refuted"], (got["case"], got["problems"], got["sampled_refuted"])
        if "refused" in got:  # hands larger than the deck deals: no deal for the solver either
            continue
        assert got["proven"] >= 2, got["case"]
        compared += 1
        won += got["solver"].won
    assert compared >= 8 and 0 < won < compared


def test_a_single_master_ends_the_main_phase_before_any_card_links_to_it():
    """Found by the solver: with the main phase ending once every master is on the table (the
    default), a deck of one master ends it the moment that master is placed, so no point card ever
    enters a path and no path can be won; validate said both could. With ``main_end = "stuck"`` the
    same cards win paths, and validate and the solver say so."""
    types = [(MASTER, 0, 0), (POINTS, 0, 1), (POINTS, 0, 2), (EMPTY, None, 0)]
    options = {"link": "either", "after_master": "colour", "path_length": 2, "hand": 1, "in_line": "off", "refill": True}
    at_once = compare(Case(types, [1, 2, 2, 1], 2, {**options, "main_end": "masters"}), games=6)
    assert at_once["complete"] and not at_once["problems"], at_once["problems"]
    assert not at_once["solver"].won and not at_once["solver"].placed
    failed = {str.__str__(c.name) for c in at_once["report"].checks if not c.ok}
    assert {"every point card can enter a path", "a path can be won"} <= failed
    stuck = compare(Case(types, [1, 2, 2, 1], 2, {**options, "main_end": "stuck"}), games=6)
    assert stuck["complete"] and not stuck["problems"], stuck["problems"]
    assert stuck["solver"].won and len(stuck["solver"].placed) == 2
    assert not {"every point card can enter a path", "a path can be won"} & {str.__str__(c.name) for c in stuck["report"].checks if not c.ok}


def test_hands_larger_than_the_deck_deals_are_refused_with_one_message():
    """Hands of four for two players from six cards besides the central one: the solver finds no deal,
    and validate refuses the player count in one message instead of judging it."""
    got = compare(Case([(MASTER, 0, 0), (POINTS, 0, 1), (POINTS, 0, 2)], [2, 2, 2], 2, {"hand": 4}), games=6)
    assert got["solver"].positions == 0 and "refused" in got and not got["problems"]
    assert "no player count" in got["refused"]


def test_equal_points_link_as_the_rulebook_says_for_every_link_rule():
    """Found by the wider sweep (bench/independent_solvers.py --game maestras --decks 150 --seed 1001):
    the solver let equal points link whatever ``link`` said, so with ``link = "colour"`` a blue 3 and a
    green 3 linked and it won a path validate's enumeration rightly says cannot be won. The rulebook's
    "Variants" say equal points count as points one apart: with ``colour`` they change nothing, with
    ``both`` the colour must still match. Both sides now read it so and agree."""
    from independent.maestras_solver import Game, Rules

    blue3, green3, blue4 = (POINTS, 0, 3), (POINTS, 2, 3), (POINTS, 0, 4)
    types = (blue3, green3, blue4)
    for link, cross, same_colour in (("colour", False, True), ("both", False, True), ("points", True, True), ("either", True, True)):
        s = Game(Rules(types, (1, 1, 1), 2, link=link, same_points=True))
        assert s.links(0, 1) is cross and s.links(0, 2) is same_colour, link
    options = {"link": "colour", "same_points": True, "after_master": "colour", "empty_counts": True, "path_length": 3, "hand": 2,
               "in_line": "links", "corners": False, "play_drawn": True, "refill": False, "won_paths": "taken", "main_end": "masters",
               "tiebreak": "never"}
    got = compare(Case([(MASTER, 0, 0), (MASTER, 2, 0), (POINTS, 0, 1), blue3, green3], [1, 1, 1, 1, 1], 2, options), games=6)
    assert got["complete"] and not got["problems"], got["problems"]
    assert not got["solver"].won


def test_a_path_won_only_with_an_empty_card_that_the_player_count_takes_out():
    """Found by crafting decks the random ones did not hold: one blue master, four blue 1s (equal points
    do not link under ``link = "points"``) and an empty card marked to be taken out at two players;
    with ``empty_counts`` the empty card is a path's second linked card, the only way to win one. At
    three players it is in play and a path can be won; at two it is set aside and none can, as the
    solver finds, but validate enumerated the whole file and said a path could be won at both."""
    options = {"link": "points", "same_points": False, "after_master": "colour", "empty_counts": True, "path_length": 2, "hand": 2,
               "in_line": "off", "corners": False, "play_drawn": False, "refill": True, "won_paths": "taken", "main_end": "stuck",
               "tiebreak": "when-tied"}
    two = compare(Case([(MASTER, 0, 0), (POINTS, 0, 1)], [1, 4], 2, options, aside=1), games=6)
    assert two["complete"] and not two["solver"].won
    assert not two["problems"], two["problems"]
    assert "a path can be won" in {str.__str__(c.name) for c in two["report"].checks if not c.ok}
    three = compare(Case([(MASTER, 0, 0), (POINTS, 0, 1), (EMPTY, None, 0)], [1, 4, 1], 3, options), games=6)
    assert three["complete"] and three["solver"].won and not three["problems"], three["problems"]
    # the whole file validated at every player count it serves names the one where no path can be won
    from deckgen.engine.validate import validate
    from deckgen.registry import get_game

    deck = Case([(MASTER, 0, 0), (POINTS, 0, 1)], [1, 4], 2, options, aside=1).deck()
    report = validate(get_game("maestras"), deck, games=6, sequential=False, workers=1)
    won = next(c for c in report.checks if str.__str__(c.name) == "a path can be won")
    assert not won.ok and str.__str__(won.detail).startswith("not at 2 players"), won.detail
