"""MGC for the shared simulator and validator: how a match starts, its policies, its measures and
the ranges in which the game works, and the checks proven by counting."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.checks import Check, check
from deckgen.engine.game import Engine, Measure, Skill, Threshold
from deckgen.model import Deck

from deckgen.games.mgc import rules
from deckgen.games.mgc.cards import tables
from deckgen.games.mgc.deck import MAX_PLAYERS, MIN_PLAYERS, players_supported
from deckgen.games.mgc.hidden import sample_hidden, sample_seen
from deckgen.games.mgc import going_out
from deckgen.games.mgc.model import searchable_model
from deckgen.games.mgc.policies import heuristic_policy, random_policy
from deckgen.games.mgc.state import CHOOSE, PLAY, MgcState, Setup
from deckgen.games.mgc.design import DESIGN


def setup_for(deck: Deck, players: int) -> Setup:
    """The fixed part of a match (tables, player count, rule variant), to reuse across matches."""
    return Setup(tables(deck), players, rules.Variant.from_options(deck.options))


def new_state(deck: Deck, players: int, rng: random.Random) -> MgcState:
    return MgcState(setup_for(deck, players), rng)


MEASURES = (
    Measure("legal card at turn", "turns_with_legal", "turns", percent=True,
            help="chance that the player to move holds a card they may play"),
    Measure("draws per round", "draws", "rounds", help="cards drawn because no card fitted (or by choice)"),
    Measure("draws per match", "draws", None, help="the same, over a whole match (a simulated game is a match)"),
    Measure("rounds per match", "rounds", None, help="rounds played until someone reaches the target score"),
    Measure("turns per round", "turns", "rounds"),
    Measure("round wins by the opener", "starter_wins", "rounds", percent=True,
            help="rounds won by the player who acted first: the seat advantage within a round"),
    Measure("penalty cards per round", "penalty_cards", "rounds", help="cards drawn by Toma dos, Toma cuatro and ÁLGEBRA penalties"),
    Measure("ÁLGEBRA caught per round", "algebra_caught", "rounds"),
    Measure("blocked rounds", "blocked_rounds", "rounds", percent=True, help="rounds where nobody could play or draw"),
)


def thresholds(deck: Deck, players: int) -> list[Threshold]:
    fair = 1.0 / players
    return [
        Threshold("legal card at turn", lo=0.6,
                  why="below 60% most turns are spent drawing and the round turns into a lottery",
                  hint="fewer --coefficients or --degrees values (more cards share each), more --copies, or --after-action free"),
        Threshold("draws per round", hi=len(deck.cards) / 2,
                  why="drawing more than half the deck per round means the draw pile is recycled again and again",
                  hint="fewer --toma-dos and --toma-cuatro cards, or more --copies"),
        Threshold("rounds per match", lo=1.0, hi=40.0,
                  why="a match to the target score should fit a few class sessions",
                  hint="a lower --target-score"),
        Threshold("round wins by the opener", lo=round(max(0.0, fair - 0.1), 3), hi=round(fair + 0.15, 3),
                  why=f"the opener should win about 1 in {players} rounds, as every seat does",
                  hint="more --games to tell luck from an edge, or --round-starter rotate"),
        Threshold("blocked rounds", hi=0.01, why="a round should end by a player going out, not by running out of cards",
                  hint="more cards (--copies, a wider --coefficients range) or fewer --players"),
    ]


def exhaustive(deck: Deck, counts: Sequence[int]) -> list[Check]:
    """Checks proven by counting: every monomial can be followed and can enter play, every value an
    Elección card names can be followed, and every starting card leads to a first move."""
    t = tables(deck)
    basics = [i for i in range(t.size) if t.kind[i] == rules.BASIC]
    kinds = set(t.kind)
    out: list[Check] = []
    stuck = [
        i for i in basics
        if not any(j != i and (t.coefficient[j] == t.coefficient[i] or t.degree[j] == t.degree[i]) for j in basics)
    ]
    out.append(
        check(
            "every monomial can be followed by another (same coefficient or degree)",
            not stuck,
            f"nothing follows {', '.join(_label(deck, i) for i in stuck[:4])}" if stuck else f"{len(basics)} monomials", hint="more --copies, or monomials sharing a coefficient or degree with others"
        )
    )
    lonely_c = [c for c in t.coefficients if sum(1 for i in basics if t.coefficient[i] == c) < 2]
    lonely_d = [d for d in t.degrees if sum(1 for i in basics if t.degree[i] == d) < 2]
    out.append(
        check(
            "every coefficient and every degree can be followed (two cards or more carry it)",
            not lonely_c and not lonely_d,
            (f"coefficients {lonely_c} " if lonely_c else "") + (f"degrees {lonely_d}" if lonely_d else "")
            if lonely_c or lonely_d
            else f"{len(t.coefficients)} coefficients, {len(t.degrees)} degrees", hint="more --copies, or take the values named out of --coefficients / --degrees"
        )
    )
    unreachable = [
        i for i in basics
        if not (
            any(j != i and (t.coefficient[j] == t.coefficient[i] or t.degree[j] == t.degree[i]) for j in basics)
            or rules.ELECCION_COEF in kinds or rules.ELECCION_GRADO in kinds
        )
    ]
    out.append(
        check(
            "every card can enter play",
            not unreachable,
            f"{len(unreachable)} monomials can never be played" if unreachable else "monomials follow one another; action cards go anywhere", hint="add Elección cards (--eleccion-coeficiente, --eleccion-grado) or monomials that link the ones named"
        )
    )
    out.append(follow_graph_check(deck, t))
    bad = []
    for n in counts:
        setup = Setup(t, n, rules.Variant.from_options(deck.options))
        for kind in sorted(kinds):
            for dealer in range(n):
                first, direction, draw, choose = setup.starts[kind][dealer]
                if not (0 <= first < n and direction in (1, -1) and draw in (0, 2, 4)):
                    bad.append((n, kind, dealer))
    out.append(
        check(
            "every card turned up first has its starting rule",
            not bad,
            f"no rule for {bad[:3]}" if bad else f"{len(kinds)} kinds × every dealer, {min(counts)}-{max(counts)} players" if counts else "no player count", hint="report it: every card kind should have a starting rule"
        )
    )
    return out


def follow_graph_check(deck: Deck, t) -> Check:
    """Every card can reach play from every card: in the follow-graph of the monomials (one
    follows another with the same coefficient or the same degree; the relation is symmetric, so its
    groups are its connected components) and the wild cards (an Elección card names any coefficient or
    degree; with ``after_action = "free"`` any card follows an action card), the monomials form one
    group. Otherwise a round whose constraint is in one group can never reach the other: a player
    holding only cards of another group can never go out (issue 26, case 3)."""
    basics = [i for i in range(t.size) if t.kind[i] == rules.BASIC]
    kinds = set(t.kind)
    wild = rules.ELECCION_COEF in kinds or rules.ELECCION_GRADO in kinds
    free = deck.options.get("after_action") == "free" and any(k != rules.BASIC for k in kinds)
    parent: dict = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i in basics:  # a monomial joins the group of its coefficient and the group of its degree
        a, b = find(("c", t.coefficient[i])), find(("d", t.degree[i]))
        if a != b:
            parent[a] = b
    groups: dict = {}
    for i in basics:
        groups.setdefault(find(("c", t.coefficient[i])), []).append(i)
    name = "every card can reach play from every card (follow-graph of the monomials and the wild cards)"
    if len(groups) <= 1 or wild or free:
        why = ("one group of monomials" if len(groups) <= 1 else
               "Elección cards name any coefficient or degree" if wild else "any card follows an action card (after_action free)")
        return check(name, True, f"proven: {why}", proof="proven")
    shown = "; ".join("{" + ", ".join(sorted({_label(deck, i) for i in g})[:4]) + ("…" if len({_label(deck, i) for i in g}) > 4 else "") + "}"
                      for g in sorted(groups.values(), key=len, reverse=True))
    return check(name, False, f"the monomials fall into {len(groups)} groups that never follow one another: {shown}",
                 hint="add monomials that share a coefficient or degree across the groups, or Elección cards", proof="proven")


def _label(deck: Deck, i: int) -> str:
    """A card as it is printed (2x^2), or its action."""
    card = deck.cards[i]
    if card.get("monomial") is None:
        return str(card.get("action"))
    from deckgen.games.mgc import algebra
    from deckgen.games.mgc.deck import deck_variables

    return algebra.printed(str(card["monomial"]), deck_variables(deck))


def max_steps(deck: Deck, players: int) -> int:
    # measured on the default deck (40 seeded matches each of 2, 3 and 10 players, random play, the
    # longest): a match to 500 takes up to about 35,000 steps with drawing by choice (7,000 without),
    # a one-round match up to about 4,600. 5,000 steps per 25 points of target leaves a wide margin
    # while a match that never ends costs a bounded time; fewer players make longer matches, so
    # the bound does not grow with the player count. It stops growing at the default target (500):
    # a match to 100,000 points (the option's limit) would otherwise get 20 million steps, and a
    # match longer than 100,000 steps is a finding ("games do not end"), not something to wait for.
    target = int(deck.options.get("target_score", 500))
    return 5_000 * min(MAX_BUDGET_BLOCKS, max(2, target // 25))


MAX_BUDGET_BLOCKS = 20  # 100,000 steps at most, the default target's budget


ENGINE = Engine(
    design=DESIGN,  # the design measures' hooks (design.py)
    new_state=new_state,
    policies={"random": random_policy, "heuristic": heuristic_policy},
    measures=MEASURES,
    thresholds=thresholds,
    exhaustive=exhaustive,
    max_steps=max_steps,
    # the default deck's longest player count (2) spends about 250,000 steps before its verdicts
    # settle (80 measured and 20 exploring games); a step of a 5,000-card deck costs 10 to 40 µs, so
    # 9 player counts stay within about 60 s on two cores
    validate_steps=500_000,
    length_name="turns",
    repeat_limit=50,
    # one round is the ladder's unit: a 500-point match is dozens of rounds, too long to search
    skill=Skill(sample_hidden=sample_hidden, sample_seen=sample_seen, search_worlds=8, options={"target_score": 1}, unit="rounds", whole_games=20, whole_unit="matches", rollouts=(4, 16, 64), games=400),
    # the model checker explores one round (model.py); the match is rounds until the target score
    model=searchable_model,
    model_scope="one round",
    # two players with a deck whose every card can always be played: proven by argument (going_out.py)
    arguments=lambda deck, players: going_out.arguments(deck, players, new_state),
)

__all__ = ["ENGINE", "setup_for", "new_state", "CHOOSE", "PLAY"]
