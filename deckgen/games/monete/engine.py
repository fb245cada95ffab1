"""Monete's registration with the shared simulator and validator."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.checks import Check, check
from deckgen.engine.game import Engine, Measure, Skill, Threshold, random_policy
from deckgen.model import Deck

from deckgen.games.monete import deck as monete_deck
from deckgen.games.monete.cards import NO_COLOUR, PURPLE_CODE, card_table
from deckgen.games.monete.deck import ALL, MODES
from deckgen.games.monete.hidden import sample_hidden, sample_seen
from deckgen.games.monete.policies import heuristic_policy
from deckgen.games.monete.rules import Rules, fits
from deckgen.games.monete.state import MoneteState
from deckgen.games.monete.design import DESIGN



def new_state(deck: Deck, players: int, rng: random.Random) -> MoneteState:
    return MoneteState.deal(card_table(deck), Rules.from_options(deck.options), players, rng)


def variants(deck: Deck) -> list[tuple[str, Deck]]:
    """A deck built for every mode is played (and validated) in each of the four modes, each with
    the cards that mode uses (PEREZOSO without the purple cards); a deck for one mode is labelled
    with it, so that it is compared with the default deck in that same mode."""
    mode = deck.options.get("mode")
    if mode != ALL:
        return [(mode, deck)]
    return [(m, monete_deck.for_mode(deck, m)) for m in MODES]


MEASURES = (
    Measure("rounds per game", "rounds", help="rounds opened in a game"),
    Measure("cards per turn", "cards_played", per="turns", help="cards played per turn (combos play more)"),
    Measure("turns that must draw", "forced_draws", per="turns", percent=True, help="turns that start with no legal card"),
    Measure("deck runs out", "deck_out", percent=True, help="games ended by the empty draw pile (fewest cards wins)"),
    Measure("rounds closed by ¡Monete!", "monetes", per="rounds", percent=True, help="rounds closed by a 1 or a TOP"),
    Measure("combos per play", "combos", per="plays", percent=True, help="plays of two or three cards"),
    Measure("seat 0 wins", "seat0_wins", percent=True, help="games won by the seat that opens the first round"),
)


def thresholds(deck: Deck, players: int) -> Sequence[Threshold]:
    """The ranges where Monete works. Measured on the default deck with the heuristic player
    (400 games per mode and player count): ¡Monete! closes 42-94% of rounds, 1-33% of turns must
    draw, 0.9-1.4 cards are played per turn, and the deck runs out in 0-84% of games (84%: PEREZOSO
    with 8 players, where every ¡Monete! makes seven players draw)."""
    fair = 1.0 / players
    return (
        Threshold("rounds closed by ¡Monete!", lo=0.25, why="rounds must mostly end by a 1 or a TOP, not by everyone passing",
                  hint="a lower --top, --wildcards, or an easier --mode"),
        Threshold("cards per turn", lo=0.5, why="a turn should usually play a card",
                  hint="--wildcards, a lower --top, or an easier --mode (perezoso, siesta)"),
        Threshold("turns that must draw", hi=0.5, why="a player who draws more often than plays is not playing",
                  hint="--wildcards, an easier --mode (perezoso, siesta), or a higher --combo"),
        Threshold("deck runs out", hi=0.9, why="a game that nearly always ends on the empty draw pile is a drawing contest",
                  hint="fewer --players, a higher --top, or --deck-out need"),
        Threshold("seat 0 wins", lo=fair * 0.5, hi=fair * 1.6, why=f"the first seat should win near its fair share ({100 * fair:.0f}%)",
                  hint="more --games to tell luck from an edge, or another --mode"),
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
    # (a 1 on an opening 1 does not close): any top other than its value will do.
    closing = [
        c for c in closers
        if any(can_follow(c, tv, tc, up, same) and (table.wild[c] or tv != table.value[c]) for tv, tc in tops for up, same in markers)
    ]
    out = [
        check(
            f"a round can be closed ({mode})",
            bool(closing),
            f"{len(closing)} kinds of card can close a round with ¡Monete!"
            if closing
            else "no card can ever close a round: rounds would end only when everyone passes", hint="add number cards 1 and --top, or --wildcards"
        )
    ]
    stuck_cards = [c for c in cards if not any(can_follow(c, tv, tc, up, same) for tv, tc in tops for up, same in markers)]
    out.append(
        check(
            f"every card can follow another ({mode})",
            not stuck_cards,
            f"{len(cards)} kinds of card each follow some card" if not stuck_cards else f"never playable after a card: {[table.label(c) for c in stuck_cards[:5]]}", hint="take out the cards named, or use an easier --mode"
        )
    )
    worst, where = None, None
    for tv, tc in tops:
        for up, same in markers:
            n = sum(1 for c in table.playing if can_follow(c, tv, tc, up, same))
            if worst is None or n < worst:
                worst, where = n, (tv, tc, up, same)
    colour = "" if where is None or where[1] == NO_COLOUR else (" purple" if where[1] == PURPLE_CODE else f" colour {where[1]}")
    out.append(
        check(
            f"every top card can be followed ({mode})",
            bool(worst),
            f"at worst {worst} cards of the deck can follow (top {where[0]}{colour}, marker {'+' if where[2] else '-'})", hint="--wildcards, a lower --top, or an easier --mode"
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
    broken = "" if bound <= max_steps(deck, players) else f"{bound:,} steps exceed the budget of {max_steps(deck, players):,}"
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
            broken = str(exc)
            break
        if not record.ended or worst > STEPS_PER_TURN:
            broken = f"seed {seed}: {record.problem or f'a turn took {worst} decisions'}"
            break
    ok = not broken
    detail = (f"proven for every deal: 2 × draw pile + cards in hands (at most {2 * n:,}) loses at least one every turn and never grows, "
              f"so at most {2 * n:,} turns of at most {STEPS_PER_TURN} decisions: {bound:,} steps, within the step budget"
              if ok else f"the argument fails: {broken}")
    return [check(f"every game's length is bounded ({players} players)", ok, detail,
                  hint="" if ok else "report it: the rules broke their own bound", proof="proven")]


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
    skill=Skill(sample_hidden=sample_hidden, rollouts=(4, 16, 64), games=32, sample_seen=sample_seen, search_worlds=16),
    # "every game ends" proven by a decreasing variant (MoneteState.length_variant), checked in code
    arguments=length_argument,
)
