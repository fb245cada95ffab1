"""Hectoedra on the shared engine: the match, its policies, its measures and where they must lie."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.checks import Check, check
from deckgen.engine.game import Engine, Measure, Skill, Threshold, random_policy
from deckgen.model import Deck

from deckgen.games.hectoedra import deck as deck_mod
from deckgen.games.hectoedra import rules
from deckgen.games.hectoedra.hidden import sample_hidden, sample_seen, value
from deckgen.games.hectoedra.numbers import linked
from deckgen.games.hectoedra.policies import heuristic_policy
from deckgen.games.hectoedra.state import HectoedraState, Variant
from deckgen.games.hectoedra.design import DESIGN


def new_state(deck: Deck, players: int, rng: random.Random) -> HectoedraState:
    return HectoedraState(deck_mod.values(deck), players, Variant.from_options(deck.options))


MEASURES = (
    Measure("penalties per player per round", "penalties", "player_rounds", help="face-down cards a player collects in a round"),
    Measure("turns without a legal card", "no_legal", "turns", percent=True, help="how often the player to move cannot play"),
    Measure("starter edge", "starter_edge", "rounds", help="round wins of the starting player, 1.0 = a fair share"),
    Measure("fewest-primes ties", "start_ties", None, percent=True, help="matches whose first starter was settled by the tie rule (youngest first)"),
    Measure("everyone started a round", "every_seat_started", None, percent=True, help="matches in which every player started a round (or, with fewer rounds than players, every round had a new starter)"),
)


def thresholds(deck: Deck, players: int) -> Sequence[Threshold]:
    per = Variant.from_options(deck.options).per_player
    return (
        Threshold(
            "penalties per player per round", 0.05, per * 0.5,
            "a round where nobody is ever stuck has no tension, and one where a player loses half the hand to penalties is luck, not play",
            hint="more penalties: fewer --cards with many divisors; fewer: a larger --hand or --cards 1-100",
        ),
        Threshold(
            "turns without a legal card", 0.005, 0.5,
            "0.5% to 50%: the penalty must happen sometimes for the rule to matter, and most turns must still be plays",
            hint="a larger --hand, or --cards with more small numbers (more divisors in common)",
        ),
        Threshold(
            "starter edge", 0.5, 1.6,
            "starting a round must not decide it: the starter's share of round wins within 0.5 to 1.6 times a fair share",
            hint="more --games to tell luck from an edge, or --next-starter last-turn",
        ),
    )


def exhaustive(deck: Deck, players: Sequence[int]) -> list[Check]:
    vals = deck_mod.values(deck)
    out = []
    # Every card can enter play: on an empty pile any card goes, and each card has a partner.
    lonely = [v for v in vals if not any(linked(v, w, "full") for w in vals if w != v)]
    out.append(check("every card can be played on some card", not lonely, f"stuck cards {lonely}" if lonely else f"all {len(vals)} cards", hint="more --cards, so that each card has a multiple, divisor or common divisor among them"))
    # The legality table is symmetric and complete: count the links of the deck.
    pairs = sum(1 for i, a in enumerate(vals) for b in vals[i + 1 :] if rules.is_legal(a, b))
    sym = all(rules.is_legal(a, b) == rules.is_legal(b, a) for a in vals for b in vals if a != b)
    out.append(check("links are symmetric", sym, f"{pairs} linked pairs of {len(vals) * (len(vals) - 1) // 2}", hint="nothing in your deck: report it (the legality table is deckgen's)"))
    if not players:
        need = 2 * Variant.from_options(deck.options).per_player
        out.append(check("a game deck for 2 players", False, f"{len(vals)} cards, the competitive game needs at least {need}",
                         hint=f"more --cards, or a lower --per-player (at least 4; {len(vals) // 2} would fit)"))
    for n in players:
        need = n * Variant.from_options(deck.options).per_player
        out.append(check(f"a game deck for {n} players", len(vals) >= need, f"{need} of {len(vals)} cards",
                         hint="fewer --players, more --cards, or a lower --per-player"))
    return out


def deal_promise(deck: Deck, players: int) -> tuple[str, str]:
    """What every round's deal promises, and what to change when a round is dealt short."""
    v = Variant.from_options(deck.options)
    promise = f"{v.per_player} cards a player in each round's game deck ({v.hand} in hand)"
    hint = ("--no-keep-penalties (penalty cards go back into every deal), or more --cards, fewer --rounds or a lower --per-player"
            if v.keep_penalties else "more --cards or a lower --per-player")
    return promise, hint


def max_steps(deck: Deck, players: int) -> int:
    v = Variant.from_options(deck.options)
    rounds = v.rounds or players
    return rounds * (players * v.per_player + 1) + 10


def length_argument(deck: Deck, players: int) -> list[Check]:
    """"every game ends" for one player count, as a checked argument (HectoedraState.length_variant):
    each turn plays or penalises a card, so a round has at most players × per_player turns, and the
    match has its fixed number of rounds. With a card in hand a player can always act (play it, or
    put it down as a penalty), so no position is a dead end."""
    from deckgen.engine.claims import variant_argument

    v = Variant.from_options(deck.options)
    rounds = v.rounds or players
    bound = rounds * (players * v.per_player + 1)
    return [variant_argument(ENGINE, deck, players, bound,
                             f"(rounds left, a deal due, cards in hands and the draw pile) decreases at every turn; "
                             f"{rounds} rounds of at most {players} × {v.per_player} turns and a deal")]


ENGINE = Engine(
    design=DESIGN,  # the design measures' hooks (design.py)
    new_state=new_state,
    policies={"random": random_policy, "heuristic": heuristic_policy},
    measures=MEASURES,
    thresholds=thresholds,
    exhaustive=exhaustive,
    max_steps=max_steps,
    deal_promise=deal_promise,
    length_name="turns",
    skill=Skill(sample_hidden=sample_hidden, value=value, rollouts=(4, 16, 64), games=100, sample_seen=sample_seen, search_worlds=16),
    # "every game ends" proven by a decreasing variant (HectoedraState.length_variant), checked in code
    arguments=lambda deck, players: length_argument(deck, players),
)
