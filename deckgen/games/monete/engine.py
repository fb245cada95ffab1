"""Monete's registration with the shared simulator and validator."""

from __future__ import annotations

import random
from typing import Any, Sequence

from deckgen.checks import Check, check
from deckgen.engine.state import copy_position
from deckgen.engine.game import Engine, Measure, Skill, Threshold, random_policy
from deckgen.engine.words import players_tag
from deckgen.i18n import _
from deckgen.model import Deck

from deckgen.games.monete import deck as monete_deck
from deckgen.games.monete.cards import NO_COLOUR, PURPLE_CODE, CardTable, card_table
from deckgen.games.monete.deck import ALL, MODES
from deckgen.games.monete.hidden import sample_hidden, sample_seen
from deckgen.games.monete.policies import heuristic_policy
from deckgen.games.monete.rules import Rules, fits
from deckgen.games.monete.state import MoneteState
from deckgen.games.monete.design import DESIGN



def new_state(deck: Deck, players: int, rng: random.Random) -> MoneteState:
    return MoneteState.deal(_table(deck), Rules.from_options(deck.options), players, rng)


# the card tables of the last few decks played: a simulation deals hundreds of games from one deck,
# and coding its cards took a twentieth of each game. Keyed by the identity of the deck's cards (a
# tuple, never changed), the entry holding them (no other tuple can take their id while it is kept).
# A cache only: the same cards always code the same.
_TABLES: dict[int, tuple[tuple, CardTable]] = {}


def _table(deck: Deck) -> CardTable:
    hit = _TABLES.get(id(deck.cards))
    if hit is None or hit[0] is not deck.cards:
        if len(_TABLES) >= 8:
            _TABLES.clear()
        hit = _TABLES[id(deck.cards)] = (deck.cards, card_table(deck))
    return hit[1]


def variants(deck: Deck) -> list[tuple[str, Deck]]:
    """A deck built for every mode is played (and validated) in each of the four modes, each with
    the cards that mode uses (PEREZOSO without the purple cards); a deck for one mode is labelled
    with it, so that it is compared with the default deck in that same mode."""
    mode = deck.options.get("mode")
    if mode != ALL:
        return [(mode, deck)]
    return [(m, monete_deck.for_mode(deck, m)) for m in MODES]


CARDS, MUST_DRAW, DECK_OUT, MONETES, SEAT0 = (_("cards per turn"), _("turns that must draw"), _("deck runs out"),
                                             _("rounds closed by ¡Monete!"), _("seat {seat} wins", seat=0))
MEASURES = (
    Measure(_("rounds per game"), "rounds", help=_("rounds opened in a game")),
    Measure(CARDS, "cards_played", per="turns", help=_("cards played per turn (combos play more)")),
    Measure(MUST_DRAW, "forced_draws", per="turns", percent=True, help=_("turns that start with no legal card")),
    Measure(DECK_OUT, "deck_out", percent=True, help=_("games ended by the empty draw pile (fewest cards wins)")),
    Measure(MONETES, "monetes", per="rounds", percent=True, help=_("rounds closed by a {low} or a TOP", low=1)),
    Measure(_("combos per play"), "combos", per="plays", percent=True, help=_("plays of two or three cards")),
    Measure(SEAT0, "seat0_wins", percent=True, help=_("games won by the seat that opens the first round")),
)


def thresholds(deck: Deck, players: int) -> Sequence[Threshold]:
    """The ranges where Monete works. Measured on the default deck with the heuristic player
    (400 games per mode and player count): ¡Monete! closes 42-94% of rounds, 1-33% of turns must
    draw, 0.9-1.4 cards are played per turn, and the deck runs out in 0-84% of games (84%: PEREZOSO
    with 8 players, where every ¡Monete! makes seven players draw)."""
    fair = 1.0 / players
    return (
        Threshold(MONETES, lo=0.25, why=_("rounds must mostly end by a {low} or a TOP, not by everyone passing", low=1),
                  hint=_("a lower --top, --wildcards, or an easier --mode")),
        Threshold(CARDS, lo=0.5, why=_("a turn should usually play a card"),
                  hint=_("--wildcards, a lower --top, or an easier --mode (perezoso, siesta)")),
        Threshold(MUST_DRAW, hi=0.5, why=_("a player who draws more often than plays is not playing"),
                  hint=_("--wildcards, an easier --mode (perezoso, siesta), or a higher --combo")),
        Threshold(DECK_OUT, hi=0.9, why=_("a game that nearly always ends on the empty draw pile is a drawing contest"),
                  hint=_("fewer --players, a higher --top, or --deck-out need")),
        Threshold(SEAT0, lo=fair * 0.5, hi=fair * 1.6, why=_("the first seat should win near its fair share ({share:.0f}%)", share=100 * fair),
                  hint=_("more --games to tell luck from an edge, or another --mode")),
    )


def _situations(table, rules: Rules):
    """Every (top value, top colour) a round can show, from the deck's own cards."""
    tops = set()
    for c in table.playing:
        if table.wild[c]:
            for v in range(1, rules.top + 1):
                for col in rules.declared_colours:
                    tops.add((v, col))
        else:
            tops.add((table.value[c], table.colour[c]))
    markers = [(u, s) for u in (True, False) for s in ((True, False) if rules.colour else (None,))]
    return sorted(tops), markers


def exhaustive(deck: Deck, counts: Sequence[int]) -> list[Check]:
    """Proved by enumerating every top card and marker setting of the deck, per mode:
    a card can close a round; every card can follow some card; every top can be followed."""
    rules = Rules.from_options(deck.options)
    table = card_table(deck)
    tops, markers = _situations(table, rules)
    rule, top = rules.rule, rules.top
    mode = rules.mode.upper()

    def can_follow(c: int, tv: int, tc: int, up: bool, same) -> bool:
        if table.wild[c]:
            return True
        v, col = table.value[c], table.colour[c]
        return v == tv or fits(v, col, tv, tc, up, same, rule)

    distinct: dict[tuple, int] = {}
    for c in table.playing:
        distinct.setdefault((table.value[c], table.colour[c], table.action[c], table.wild[c]), c)
    cards = list(distinct.values())
    closers = [c for c in cards if table.wild[c] or table.value[c] in (1, top)]
    # A closer closes when played on a top it can follow that is not its own opening twin
    # (a 1 on an opening 1 does not close): any top other than its value will do. On its own value
    # it closes too once that value is not the opening card's twin: a round opened with a 1, the
    # spared 1 right after it, then a third card that counts as 1 (the rulebook: "the next one does").
    as_value = {v: sum(1 for c in table.playing if table.wild[c] or table.value[c] == v) for v in (1, top)}
    closing = [
        c for c in closers
        if any(can_follow(c, tv, tc, up, same) and (table.wild[c] or tv != table.value[c]) for tv, tc in tops for up, same in markers)
        or (not table.wild[c] and as_value[table.value[c]] >= 3)
    ]
    out = [
        check(
            _("a round can be closed ({mode})", mode=mode),
            bool(closing),
            _("{n} kinds of card can close a round with ¡Monete!", n=len(closing))
            if closing
            else _("no card can ever close a round: rounds would end only when everyone passes"),
            hint=_("add number cards 1 and --top, or --wildcards"),
        )
    ]
    stuck_cards = [c for c in cards if not any(can_follow(c, tv, tc, up, same) for tv, tc in tops for up, same in markers)]
    out.append(
        check(
            _("every card can follow another ({mode})", mode=mode),
            not stuck_cards,
            _("{n} kinds of card each follow some card", n=len(cards)) if not stuck_cards
            else _("never playable after a card: {cards}", cards=", ".join(table.label(c) for c in stuck_cards[:5])),
            hint=_("take out the cards named, or use an easier --mode"),
        )
    )
    worst, where = None, None
    for tv, tc in tops:
        for up, same in markers:
            n = sum(1 for c in table.playing if can_follow(c, tv, tc, up, same))
            if worst is None or n < worst:
                worst, where = n, (tv, tc, up, same)
    sign = "+" if where[2] else "-"
    at_worst = (_("at worst {n} cards of the deck can follow (top {top}, marker {sign})", n=worst, top=where[0], sign=sign)
                if where[1] == NO_COLOUR else
                _("at worst {n} cards of the deck can follow (top {top} purple, marker {sign})", n=worst, top=where[0], sign=sign)
                if where[1] == PURPLE_CODE else
                _("at worst {n} cards of the deck can follow (top {top} {colour}, marker {sign})", n=worst, top=where[0],
                  colour=monete_deck.COLOUR_WORDS[monete_deck.COLOURS[where[1]]], sign=sign))
    out.append(
        check(
            _("every top card can be followed ({mode})", mode=mode),
            bool(worst),
            at_worst,
            hint=_("--wildcards, a lower --top, or an easier --mode"),
        )
    )
    return out


STEPS_PER_TURN = 5  # the most decisions one turn asks for: play, markers, target, take (or a blind card), give


def max_steps(deck: Deck, players: int) -> int:
    # 12 steps a card: at most 60,100 for the 5,000 cards a deck file may hold; above the proven
    # bound (length_argument): at most 2 × cards turns of at most STEPS_PER_TURN steps each
    return 12 * len(deck.cards) + 100


def length_argument(deck: Deck, players: int) -> list[Check]:
    """"every game ends", as a checked argument for one player count: the variant
    (MoneteState.length_variant, 2 × draw pile + cards in hands) starts at most at 2 × cards and loses at
    least one every turn, so a game has at most 2 × cards turns; each turn asks at most
    STEPS_PER_TURN decisions, so 2 × cards × STEPS_PER_TURN steps fit the step budget. Checked on
    dealt games of random play: the variant at every step (engine/loop.py) and the steps per turn."""
    import random as _random

    from deckgen.engine.game import random_policy as uniform
    from deckgen.engine.loop import InvariantBroken, play

    n = len(deck.cards)
    bound = 2 * n * STEPS_PER_TURN
    broken: Any = "" if bound <= max_steps(deck, players) else _("{bound:,} steps exceed the budget of {budget:,}", bound=bound,
                                                                   budget=max_steps(deck, players))
    for seed in range(3 if not broken else 0):
        rng = _random.Random(seed)
        state = new_state(deck, players, rng)
        steps_in_turn, turns, worst = 0, state.length(), 0
        policy = uniform

        def counting(st, r):  # noqa: ANN001
            nonlocal steps_in_turn, turns, worst
            if st.length() != turns:
                turns, steps_in_turn = st.length(), 0
            steps_in_turn += 1
            worst = max(worst, steps_in_turn)
            return policy(st, r)

        try:
            record = play(state, [counting] * players, rng, seed=seed, max_steps=max_steps(deck, players), check=True)
        except InvariantBroken as exc:
            broken = exc.message
            break
        if not record.ended or worst > STEPS_PER_TURN:
            broken = _("seed {seed}: {problem}", seed=seed, problem=record.problem or _("a turn took {n} decisions", n=worst))
            break
    ok = not broken
    detail = (_("proven for every deal: 2 × draw pile + cards in hands (at most {most:,}) loses at least one every turn and never grows, "
                "so at most {most:,} turns of at most {decisions} decisions: {bound:,} steps, within the step budget",
                most=2 * n, decisions=STEPS_PER_TURN, bound=bound)
              if ok else _("the argument fails: {why}", why=broken))
    return [check(_("every game's length is bounded ({players})", players=players_tag(players)), ok, detail,
                  hint="" if ok else _("report it: the rules broke their own bound"), proof="proven")]


ENGINE = Engine(
    design=DESIGN,  # the design measures' hooks (design.py)
    new_state=new_state,
    policies={"random": random_policy, "heuristic": heuristic_policy},
    measures=MEASURES,
    thresholds=thresholds,
    exhaustive=exhaustive,
    max_steps=max_steps,
    # the default deck's longest stream (jungla, 8 players) spends about 45,000 steps (360 measured
    # and 90 exploring games); a step costs about 30 µs and a deck is played in 4 modes × 7 player
    # counts
    validate_steps=80_000,
    length_name="turns",
    variants=variants,
    # games per pair and mode: the default deck is played in all four modes within the two minutes
    skill=Skill(sample_hidden=sample_hidden, copy_world=copy_position, rollouts=(4, 16, 32), games=32, sample_seen=sample_seen, search_worlds=16),
    # "every game ends" proven by a decreasing variant (MoneteState.length_variant), checked in code
    arguments=length_argument,
)
