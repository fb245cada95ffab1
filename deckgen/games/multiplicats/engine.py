"""Multipli Cat's on the shared engine: measures, the ranges where the game works, exhaustive checks."""

from __future__ import annotations

from typing import Sequence

from deckgen.checks import Check, check
from deckgen.engine.game import Engine, Measure, Skill, Threshold, random_policy
from deckgen.engine.words import players_tag
from deckgen.i18n import _
from deckgen.model import Deck

from deckgen.games.multiplicats.cards import BALANCIN, CardTable
from deckgen.games.multiplicats.deck import MIN_CARDS_PER_PILE, piles_for
from deckgen.games.multiplicats.skill import PLAYER_WORDS, PROFILE_WORDS, PROFILES, apply_profiles
from deckgen.games.multiplicats.state import new_state
from deckgen.games.multiplicats.design import DESIGN

MEASURES = (
    Measure(_("turns per game"), "turns", help=_("cards (or Magia rounds) turned up per game")),
    Measure(_("slaps per reveal"), "slaps", per="reveals", help=_("winning slaps for each card turned up")),
    Measure(_("slap chances per turn"), "chances", per="turns", help=_("turns after which somebody had the right to slap")),
    Measure(_("missed chances"), "missed", per="chances", percent=True, help=_("chances nobody took")),
    Measure(_("gula rate"), "gulas", per="turns", percent=True, help=_("turns ending in a wrong slap")),
    Measure(_("specials per game"), "specials", help=_("special cards turned up per game")),
    Measure(_("table recycles per game"), "recycles", help=_("times every pile ran out and face-up cards were turned over")),
)


# A speed game turns a card about every two seconds. It lives on slaps: one chance to slap every 20
# cards is one every 40 seconds; rarer than that and the table turns cards in silence. The
# rulebook's own decks give 0.06 to 0.11 (2 to 8 players); the whole deck without specials at 3
# players falls to 0.034, tables 6-10 without specials too.
MIN_CHANCES_PER_TURN = 0.05
# A game must fit in a class hour: 1800 cards at two seconds each. The full deck with 2 players (four
# piles), the longest official setting, averages about 1470; with 8 players about 1000.
MAX_TURNS_PER_GAME = 1800


def thresholds(deck: Deck, players: int) -> list[Threshold]:
    return [
        Threshold(
            MEASURES[2].name,
            lo=MIN_CHANCES_PER_TURN,
            why=_("a chance to slap at least every {cards} cards (every {seconds} s at {each} s a card)", cards=20, seconds=40, each=2),
            hint=_("fewer --tables with more repeated products (e.g. 1-5), or --specials"),
        ),
        Threshold(MEASURES[0].name, hi=MAX_TURNS_PER_GAME,
                  why=_("a game fits a class hour ({cards} cards at {each} s each)", cards=MAX_TURNS_PER_GAME, each=2),
                  hint=_("fewer --tables, --end first, or fewer --players")),
    ]


def exhaustive(deck: Deck, players: Sequence[int]) -> list[Check]:
    code = CardTable.of(deck).code
    numbers: dict[int, int] = {}
    for c in code:
        if c > 0:
            numbers[c] = numbers.get(c, 0) + 1
    lonely = sorted(v for v, n in numbers.items() if n < 2)
    out = [
        check(
            _("every number card can be matched"),
            not lonely,
            _("no other card shows {values}, so these can never be slapped", values=lonely) if lonely
            else _("each of the {n} products is on at least {least} cards", n=len(numbers), least=2),
            hint=_("more --tables, so that each product appears on two cards"),
        )
    ]
    if BALANCIN in code and len(numbers) < 2:  # a duel needs a Balancín and two different products; other specials need neither
        out.append(check(_("a Balancín can start a duel"), False, _("the deck shows fewer than two different products"),
                         hint=_("more --tables, or --no-specials")))
    for p in players:
        n = piles_for(p)
        lo, hi = len(code) // n, -(-len(code) // n)
        out.append(
            check(
                _("the deal for {players}", players=players_tag(p)),
                lo >= MIN_CARDS_PER_PILE,
                _("all {cards} cards dealt into {piles} piles of {lo} or {hi} cards", cards=len(code), piles=n, lo=lo, hi=hi) if hi != lo
                else _("all {cards} cards dealt into {piles} piles of {each} cards", cards=len(code), piles=n, each=lo),
                hint=_("fewer --players, or more --tables"),
            )
        )
    return out


def max_steps(deck: Deck, players: int) -> int:
    # 400 steps a card (74,000 for the default 160 cards), at most 100,000: a 5,000-card deck file
    # would otherwise allow 2 million steps (minutes) before a game that never ends is reported
    return min(MAX_STEPS, 400 * len(deck.cards) + 10_000)


MAX_STEPS = 100_000


ENGINE = Engine(
    design=DESIGN,  # the design measures' hooks (design.py)
    new_state=new_state,
    policies={"random": random_policy, "heuristic": random_policy},
    measures=MEASURES,
    thresholds=thresholds,
    exhaustive=exhaustive,
    max_steps=max_steps,
    # the default deck at 2 players spends about 420,000 steps before its verdicts settle (120
    # measured and 30 exploring games); a step costs 10 to 20 µs, so 7 player counts stay within
    # about 60 s on two cores
    validate_steps=700_000,
    length_name="turns",
    repeat_limit=50,
    skill=Skill(profiles=PROFILES, apply_profiles=apply_profiles, games=400, level_words=PROFILE_WORDS, player_words=PLAYER_WORDS),
    # no proof: what validate says beside the sampled claims (issue 40)
    proof_gap=lambda deck, players: _(
        "no argument proves that every game ends: the cards of an exchange go back under a pile, so no count of cards "
        "falls at every turn, and a game's positions (the order of every card in every pile) are far too many to search"),
)
