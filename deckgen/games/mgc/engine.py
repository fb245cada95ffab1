"""MGC for the shared simulator and validator: how a match starts, its policies, its measures and
the ranges in which the game works, and the checks proven by counting."""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.checks import Check, check
from deckgen.i18n import Listing, _, ngettext
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
    """The fixed part of a match (tables, player count, rule variant), to reuse across matches: the
    tables are read once per deck object (Deck.derived), not at every deal."""
    return Setup(deck.derived(("mgc", "tables"), tables), players, rules.Variant.from_options(deck.options))


def new_state(deck: Deck, players: int, rng: random.Random) -> MgcState:
    return MgcState(setup_for(deck, players), rng)


LEGAL, DRAWS, ROUNDS, OPENER, BLOCKED = (_("legal card at turn"), _("draws per round"), _("rounds per match"),
                                         _("round wins by the opener"), _("blocked rounds"))
MEASURES = (
    Measure(LEGAL, "turns_with_legal", "turns", percent=True,
            help=_("chance that the player to move holds a card they may play")),
    Measure(DRAWS, "draws", "rounds", help=_("cards drawn because no card fitted (or by choice)")),
    Measure(_("draws per match"), "draws", None, help=_("the same, over a whole match (a simulated game is a match)")),
    Measure(ROUNDS, "rounds", None, help=_("rounds played until someone reaches the target score")),
    Measure(_("turns per round"), "turns", "rounds"),
    Measure(OPENER, "starter_wins", "rounds", percent=True,
            help=_("rounds won by the player who acted first: the seat advantage within a round")),
    Measure(_("penalty cards per round"), "penalty_cards", "rounds", help=_("cards drawn by Toma dos, Toma cuatro and ÁLGEBRA penalties")),
    Measure(_("ÁLGEBRA caught per round"), "algebra_caught", "rounds"),
    Measure(BLOCKED, "blocked_rounds", "rounds", percent=True, help=_("rounds where nobody could play or draw")),
)


def thresholds(deck: Deck, players: int) -> list[Threshold]:
    fair = 1.0 / players
    return [
        Threshold(LEGAL, lo=0.6,
                  why=_("below {percent}% most turns are spent drawing and the round turns into a lottery", percent=60),
                  hint=_("fewer --coefficients or --degrees values (more cards share each), more --copies, or --after-action free")),
        Threshold(DRAWS, hi=len(deck.cards) / 2,
                  why=_("drawing more than half the deck per round means the draw pile is recycled again and again"),
                  hint=_("fewer --toma-dos and --toma-cuatro cards, or more --copies")),
        Threshold(ROUNDS, lo=1.0, hi=40.0,
                  why=_("a match to the target score should fit a few class sessions"),
                  hint=_("a lower --target-score")),
        Threshold(OPENER, lo=round(max(0.0, fair - 0.1), 3), hi=round(fair + 0.15, 3),
                  why=_("the opener should win about 1 in {players} rounds, as every seat does", players=players),
                  hint=_("more --games to tell luck from an edge, or --round-starter rotate")),
        Threshold(BLOCKED, hi=0.01, why=_("a round should end by a player going out, not by running out of cards"),
                  hint=_("more cards (--copies, a wider --coefficients range) or fewer --players")),
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
            _("every monomial can be followed by another (same coefficient or degree)"),
            not stuck,
            _("nothing follows {cards}", cards=", ".join(_label(deck, i) for i in stuck[:4])) if stuck else ngettext("{n} monomial", "{n} monomials", len(basics)),
            hint=_("more --copies, or monomials sharing a coefficient or degree with others"),
        )
    )
    lonely_c = [c for c in t.coefficients if sum(1 for i in basics if t.coefficient[i] == c) < 2]
    lonely_d = [d for d in t.degrees if sum(1 for i in basics if t.degree[i] == d) < 2]
    lonely = (_("coefficients {coefficients}, degrees {degrees}", coefficients=lonely_c, degrees=lonely_d) if lonely_c and lonely_d
              else _("coefficients {coefficients}", coefficients=lonely_c) if lonely_c else _("degrees {degrees}", degrees=lonely_d))
    out.append(
        check(
            _("every coefficient and every degree can be followed (two cards or more carry it)"),
            not lonely_c and not lonely_d,
            lonely if lonely_c or lonely_d
            else _("{coefficients} coefficients, {degrees} degrees", coefficients=len(t.coefficients), degrees=len(t.degrees)),
            hint=_("more --copies, or take the values named out of --coefficients / --degrees"),
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
            _("every card can enter play"),
            not unreachable,
            ngettext("{n} monomial can never be played", "{n} monomials can never be played", len(unreachable)) if unreachable else _("monomials follow one another; action cards go anywhere"),
            hint=_("add Elección cards (--eleccion-coeficiente, --eleccion-grado) or monomials that link the ones named"),
        )
    )
    out.append(follow_graph_check(deck, t, counts))
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
            _("every card turned up first has its starting rule"),
            not bad,
            _("no rule for {cases}", cases=bad[:3]) if bad else
            _("{kinds} kinds × every dealer, {fewest}-{most} players", kinds=len(kinds), fewest=min(counts), most=max(counts)) if counts
            else _("no player count"),
            hint=_("report it: every card kind should have a starting rule"),
        )
    )
    return out


def handing_on(kinds: set, players: int, variant: rules.Variant) -> list[int]:
    """The action kinds of the deck after which the engine gives the next move to another seat than
    the one who played the card (``rules.effect`` and the turn order): with two players a card that
    skips (Intermisión, Toma dos, Toma cuatro, Retorno under ``skip``) gives the turn back to its own
    player; with more players every action card hands the turn on."""
    return sorted(k for k in kinds if k != rules.BASIC
                  and not (players == 2 and rules.effect(k, players, variant.retorno_two_players).skip))


def follow_graph_check(deck: Deck, t, counts: Sequence[int] = ()) -> Check:
    """Every card can reach play from every card: in the follow-graph of the monomials (one
    follows another with the same coefficient or the same degree; the relation is symmetric, so its
    groups are its connected components) and the wild cards, the monomials form one group. A wild
    card links the groups only where the engine hands the choice to another player: an Elección
    card's value is followed by the next player; with ``after_action = "free"`` an action card
    leaves any card to follow, but to whom reads the engine's turn order (``handing_on``): with two
    players a Toma card or an Intermisión gives the free choice back to the player who played it.
    Such a card is no link for the other player (issue 40, case 1: two players hoarding one group
    each, 82 positions that cannot end), yet no proof of a trap either (9 x², 4 3x³ and 3 Intermisión,
    free, is playable: the independent solver, tests/independent): the check then proves nothing
    and the search decides. With no wild card at all, a round whose constraint is in one group can
    never reach the other: players holding only cards of other groups can never go out (issue 26,
    case 3)."""
    basics = [i for i in range(t.size) if t.kind[i] == rules.BASIC]
    kinds = set(t.kind)
    variant = rules.Variant.from_options(deck.options)
    wild = rules.ELECCION_COEF in kinds or rules.ELECCION_GRADO in kinds
    free = variant.after_action == "free" and any(k != rules.BASIC for k in kinds)
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
    name = _("every card can reach play from every card (follow-graph of the monomials and the wild cards)")
    # the player counts at which a free choice after an action card goes to another player
    counts = list(counts) or [2]
    unlinked = [n for n in counts if not handing_on(kinds, n, variant)]
    if len(groups) <= 1 or wild or free and not unlinked:
        why = (_("proven: one group of monomials") if len(groups) <= 1 else
               _("proven: Elección cards name any coefficient or degree") if wild else
               _("proven: any card follows an action card (after_action free), and the engine gives that choice to the next player"))
        return check(name, True, why, proof="proven")
    shown = "; ".join("{" + ", ".join(sorted({_label(deck, i) for i in g})[:4]) + ("…" if len({_label(deck, i) for i in g}) > 4 else "") + "}"
                      for g in sorted(groups.values(), key=len, reverse=True))  # the cards as printed, the same in every language
    if free:  # a free choice that goes back to whoever played the card: neither a link nor a proof of none
        detail = _("not proven: the monomials fall into {n} groups that never follow one another: {groups}; any card may follow "
                   "an action card (after_action free), but with {players} players every action card of this deck skips the "
                   "other player, so the free choice goes back to whoever played it; whether a round can always end is "
                   "left to the search", n=len(groups), groups=shown, players=Listing([str(n) for n in unlinked], "or"))
        return check(name, True, detail)
    return check(name, False, _("the monomials fall into {n} groups that never follow one another: {groups}", n=len(groups), groups=shown),
                 hint=_("add monomials that share a coefficient or degree across the groups, or Elección cards"), proof="proven")


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
    # one round is the ladder's unit: a 500-point match is dozens of rounds, too long to search.
    # Monte Carlo levels of 4 and 16 rollouts only: mc64's four pairs took over half the ladder's
    # time (issue 41: 491 s under load against a two-minute target) and it never rated above mc16
    # or mc4 (random rollouts cannot see far in MGC: 66 Elo against 82 and 83 at seed 1); the top
    # is read from the heuristic and the search rung (pimc8), and the verdict from whole matches
    skill=Skill(sample_hidden=sample_hidden, sample_seen=sample_seen, search_worlds=8, options={"target_score": 1}, unit="rounds", whole_games=20, whole_unit="matches", rollouts=(4, 16), games=400),
    # the model checker explores one round (model.py); the match is rounds until the target score
    model=searchable_model,
    model_scope=_("one round"),
    # two players with a deck whose every card can always be played: proven by argument (going_out.py)
    arguments=lambda deck, players: going_out.arguments(deck, players, new_state),
    # ... and checked at every step of every game validate plays with its checks on (going_out.Along)
    argument_steps=going_out.along,
    proof_gap=going_out.gap,
)

__all__ = ["ENGINE", "setup_for", "new_state", "CHOOSE", "PLAY"]
