"""Hectoedra on the shared engine: the match, its policies, its measures and where they must lie."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.checks import Check, check
from deckgen.i18n import _
from deckgen.engine.game import Engine, Measure, Skill, Threshold, random_policy
from deckgen.engine.words import players_tag
from deckgen.model import Deck

from deckgen.games.hectoedra import deck as deck_mod
from deckgen.games.hectoedra import rules
from deckgen.games.hectoedra.hidden import copy_world, sample_hidden, sample_seen, value
from deckgen.games.hectoedra.numbers import linked
from deckgen.games.hectoedra.policies import heuristic_policy
from deckgen.games.hectoedra.state import HectoedraState, Variant
from deckgen.games.hectoedra.design import DESIGN


def new_state(deck: Deck, players: int, rng: random.Random) -> HectoedraState:
    return HectoedraState(deck_mod.values(deck), players, Variant.from_options(deck.options))


PENALTIES, NO_LEGAL, STARTER = _("penalties per player per round"), _("turns without a legal card"), _("starter edge")
MEASURES = (
    Measure(PENALTIES, "penalties", "player_rounds", help=_("face-down cards a player collects in a round")),
    Measure(NO_LEGAL, "no_legal", "turns", percent=True, help=_("how often the player to move cannot play")),
    Measure(STARTER, "starter_edge", "rounds", help=_("round wins of the starting player, {fair} = a fair share", fair="1.0")),
    Measure(_("fewest-primes ties"), "start_ties", None, percent=True,
            help=_("matches whose first starter was settled by the tie rule (youngest first)")),
    Measure(_("everyone started a round"), "every_seat_started", None, percent=True,
            help=_("matches in which every player started a round (or, with fewer rounds than players, every round had a new starter)")),
)


def thresholds(deck: Deck, players: int) -> Sequence[Threshold]:
    per = Variant.from_options(deck.options).per_player
    return (
        Threshold(
            PENALTIES, 0.05, per * 0.5,
            _("a round where nobody is ever stuck has no tension, and one where a player loses half the hand to penalties is luck, not play"),
            hint=_("more penalties: fewer --cards with many divisors; fewer: a larger --hand or --cards 1-100"),
        ),
        Threshold(
            NO_LEGAL, 0.005, 0.5,
            _("{lo}% to {hi}%: the penalty must happen sometimes for the rule to matter, and most turns must still be plays", lo=0.5, hi=50),
            hint=_("a larger --hand, or --cards with more small numbers (more divisors in common)"),
        ),
        Threshold(
            STARTER, 0.5, 1.6,
            _("starting a round must not decide it: the starter's share of round wins within {lo} to {hi} times a fair share", lo=0.5, hi=1.6),
            hint=_("more --games to tell luck from an edge, or --next-starter last-turn"),
        ),
    )


def exhaustive(deck: Deck, players: Sequence[int]) -> list[Check]:
    vals = deck_mod.values(deck)
    out = []
    # Every card can enter play: on an empty pile any card goes, and each card has a partner.
    lonely = [v for v in vals if not any(linked(v, w, "full") for w in vals if w != v)]
    out.append(check(_("every card can be played on some card"), not lonely,
                     _("stuck cards {values}", values=lonely) if lonely else _("all {n} cards", n=len(vals)),
                     hint=_("more --cards, so that each card has a multiple, divisor or common divisor among them")))
    # The legality table is symmetric and complete: count the links of the deck.
    pairs = sum(1 for i, a in enumerate(vals) for b in vals[i + 1 :] if rules.is_legal(a, b))
    sym = all(rules.is_legal(a, b) == rules.is_legal(b, a) for a in vals for b in vals if a != b)
    out.append(check(_("links are symmetric"), sym, _("{pairs} linked pairs of {all}", pairs=pairs, all=len(vals) * (len(vals) - 1) // 2),
                     hint=_("nothing in your deck: report it (the legality table is deckgen's)")))
    if not players:
        need = 2 * Variant.from_options(deck.options).per_player
        out.append(check(_("a game deck for {players}", players=players_tag(2)), False,
                         _("{n} cards, the competitive game needs at least {need}", n=len(vals), need=need),
                         hint=_("more --cards, or a lower --per-player (at least 4; {fit} would fit)", fit=len(vals) // 2)))
    for n in players:
        need = n * Variant.from_options(deck.options).per_player
        out.append(check(_("a game deck for {players}", players=players_tag(n)), len(vals) >= need,
                         _("{need} of {n} cards", need=need, n=len(vals)),
                         hint=_("fewer --players, more --cards, or a lower --per-player")))
    return out


def deal_promise(deck: Deck, players: int) -> tuple[str, str]:
    """What every round's deal promises, and what to change when a round is dealt short."""
    v = Variant.from_options(deck.options)
    promise = _("{per} cards a player in each round's game deck ({hand} in hand)", per=v.per_player, hand=v.hand)
    if v.hand > v.per_player:
        return promise, _("a --hand of at most --per-player ({per})", per=v.per_player)
    hint = (_("--no-keep-penalties (penalty cards go back into every deal), or more --cards, fewer --rounds or a lower --per-player")
            if v.keep_penalties else _("more --cards or a lower --per-player"))
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
                             _("(rounds left, a deal due, cards in hands and the draw pile) decreases at every turn; "
                               "{rounds} rounds of at most {players} × {per} turns and a deal", rounds=rounds, players=players, per=v.per_player))]


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
    skill=Skill(sample_hidden=sample_hidden, copy_world=copy_world, value=value, rollouts=(4, 16, 64), games=100, sample_seen=sample_seen, search_worlds=16),
    # "every game ends" proven by a decreasing variant (HectoedraState.length_variant), checked in code
    arguments=lambda deck, players: length_argument(deck, players),
)
