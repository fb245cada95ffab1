"""The MGC deck: balanced monomial cards built with sympy from a seed, and the black action cards.

Default (GAMES.md): coefficients 1..6 × degrees 1..6, 2 cards per (coefficient, degree) pair, each a
different monomial in x, y, z where one exists (72 basic cards), plus 8 Toma dos, 8 Retorno,
8 Intermisión, 4 Elección de coeficiente, 4 Elección de grado and 4 Toma cuatro: 108 cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from deckgen.checks import Check, Counts, check, expect_equal
from deckgen.engine.words import players_tag
from deckgen.i18n import _, ngettext
from deckgen.model import Card, Deck
from deckgen.registry import BuildRequest

from deckgen.games.mgc import algebra

MONOMIAL, ACTION = "monomial", "action"
HAND = 7  # cards dealt to each player
RESERVE = 10  # cards that must stay in the draw pile after the deal (a Toma cuatro, a penalty, draws)
MIN_PLAYERS, MAX_PLAYERS = 2, 10
VARIABLE_SPREAD = 1  # the cards carrying each variable may differ in number by at most one

# Action cards in rulebook order: id -> Spanish and English names (the Spanish name is printed).
ACTIONS: dict[str, dict[str, str]] = {
    "toma_dos": {"es": "Toma dos", "en": "Draw two"},
    "retorno": {"es": "Retorno", "en": "Reverse"},
    "intermision": {"es": "Intermisión", "en": "Skip"},
    "eleccion_coeficiente": {"es": "Elección de coeficiente", "en": "Choose the coefficient"},
    "eleccion_grado": {"es": "Elección de grado", "en": "Choose the degree"},
    "toma_cuatro": {"es": "Toma cuatro", "en": "Draw four"},
}
DEFAULT_ACTION_COUNTS = {
    "toma_dos": 8,
    "retorno": 8,
    "intermision": 8,
    "eleccion_coeficiente": 4,
    "eleccion_grado": 4,
    "toma_cuatro": 4,
}


@dataclass(frozen=True)
class Composition:
    coefficients: tuple[int, ...]
    degrees: tuple[int, ...]
    variables: tuple[str, ...]
    copies: int
    actions: dict[str, int]

    @property
    def basic(self) -> int:
        return len(self.coefficients) * len(self.degrees) * self.copies

    @property
    def total(self) -> int:
        return self.basic + sum(self.actions.values())


def composition(options: Mapping[str, Any]) -> Composition:
    return Composition(
        tuple(options["coefficients"]),
        tuple(options["degrees"]),
        tuple(options["variables"]),
        int(options["copies"]),
        {a: int(options[a]) for a in ACTIONS},
    )


def players_supported(n_cards: int) -> int:
    """The most players a deck of ``n_cards`` cards serves (7 each, a starting card, a reserve)."""
    return min(MAX_PLAYERS, (n_cards - 1 - RESERVE) // HAND)


def cards_needed(players: int) -> int:
    return HAND * players + 1 + RESERVE


# ---------------------------------------------------------------- building


def choose_monomials(comp: Composition, rng: random.Random) -> dict[tuple[int, int], list[tuple[int, ...]]]:
    """The exponent vectors of every (coefficient, degree) pair, chosen greedily so that

    1. the cards of one pair are different monomials while different ones exist;
    2. the variables' card counts stay within VARIABLE_SPREAD of each other;
    3. the monomials of one degree are used evenly across the coefficients (variety);
    4. then the variables' card counts and total exponents are as even as they can be;
    ties broken by ``rng`` (so the seed changes which monomial lands on which coefficient).
    """
    nv = len(comp.variables)
    presence = [0] * nv
    total = [0] * nv
    chosen: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for d in comp.degrees:
        vectors = algebra.exponent_vectors(d, nv)
        used = {v: 0 for v in vectors}
        for c in comp.coefficients:
            pair: list[tuple[int, ...]] = []
            for _ in range(comp.copies):
                tiebreak = {v: rng.random() for v in vectors}

                def cost(v: tuple[int, ...]) -> tuple:
                    p = [presence[i] + (v[i] > 0) for i in range(nv)]
                    t = [total[i] + v[i] for i in range(nv)]
                    spread = max(p) - min(p)
                    return (pair.count(v), max(0, spread - VARIABLE_SPREAD), used[v], spread, max(t) - min(t), tiebreak[v])

                best = min(vectors, key=cost)
                pair.append(best)
                used[best] += 1
                for i in range(nv):
                    presence[i] += best[i] > 0
                    total[i] += best[i]
            chosen[(c, d)] = pair
    return chosen


def build(request: BuildRequest) -> Deck:
    comp = composition(request.options)
    rng = random.Random(request.seed)
    monomials = choose_monomials(comp, rng)
    cards: list[Card] = []
    for c in comp.coefficients:
        for d in comp.degrees:
            for vec in monomials[(c, d)]:
                text = algebra.sympy_text(c, vec, comp.variables)
                cards.append(Card(MONOMIAL, {"coefficient": c, "degree": d, "monomial": text}))
    for action, n in comp.actions.items():
        cards.extend(Card(ACTION, {"action": action}) for _ in range(n))
    return Deck("mgc", request.options, request.seed, tuple(cards), request.players)


# ---------------------------------------------------------------- reading a card


def deck_variables(deck: Deck) -> tuple[str, ...]:
    """The variables of a deck: its option, or for a hand-written card list every letter its
    monomials use."""
    variables = tuple(deck.options["variables"])  # options come resolved: the declared default fills a gap
    if getattr(deck, "custom", False):
        used = {v for c in deck.of_kind(MONOMIAL) for v in algebra.letters(str(c.get("monomial", "")))}
        if not used <= set(variables):
            return tuple(sorted(used))
    return variables


# ---------------------------------------------------------------- static checks


def variable_presence(deck: Deck) -> dict[str, int]:
    """On how many monomial cards each variable of the deck appears."""
    variables = deck_variables(deck)
    counts = {v: 0 for v in variables}
    for card in deck.of_kind(MONOMIAL):
        parsed = algebra.parse(str(card.get("monomial")), variables)
        if parsed is None:
            continue
        for v, e in zip(variables, parsed[2]):
            counts[v] += e > 0
    return counts


SYMPY_CHECKED = 200


def checks(deck: Deck) -> list[Check]:
    """Composition, sympy agreement, balance, distinct monomials and enough cards for the players.

    A deck file's own card list (``deck.custom``) is the designer's: its counts and balance are
    reported, not required; sympy must still agree with every card, and the players must fit."""
    custom = getattr(deck, "custom", False)
    comp = composition(deck.options)
    variables = deck_variables(deck)
    monos = deck.of_kind(MONOMIAL)
    actions = deck.of_kind(ACTION)
    action_counts = {a: sum(1 for c in actions if c.get("action") == a) for a in ACTIONS}
    out: list[Check] = []
    unknown = sorted({c.kind for c in deck.cards} - {MONOMIAL, ACTION})
    out.append(check(_("card kinds"), not unknown, _("unknown kinds {kinds}", kinds=unknown) if unknown else _("monomial, action"),
                     hint=_('kind = "monomial" or "action" on every card')))
    if custom:
        # an Elección card names a coefficient or degree of the deck's monomials: without any, the
        # player who plays one has nothing to name and the game cannot go on
        choosers = action_counts.get("eleccion_coeficiente", 0) + action_counts.get("eleccion_grado", 0)
        out.append(check(_("monomial cards"), bool(monos) or not choosers, _("{count} (custom list)", count=len(monos)) if monos or not choosers
                         else _("none, but {n} Elección cards that must name a coefficient or degree of one", n=choosers),
                         hint=_("add monomial cards, or take the Elección cards out")))
        out.append(check(_("action cards"), True, _("{count} (custom list)", count=_action_counts(action_counts))))
    else:
        out.append(expect_equal(_("monomial cards"), len(monos), comp.basic, hint=_("build the deck again from --coefficients, --degrees and --copies")))
        out.append(expect_equal(_("action cards"), action_counts, comp.actions, hint=_("build the deck again from the action counts (--toma-dos ...)"),
                                show=_action_counts))
    bad_actions = sorted({str(c.get("action")) for c in actions} - set(ACTIONS))
    out.append(check(_("action names"), not bad_actions, _("unknown actions {names}", names=bad_actions) if bad_actions else _("all known"),
                     hint=_("action = one of {names}", names=", ".join(ACTIONS))))

    wrong = []
    for card in monos:
        parsed = algebra.parse(str(card.get("monomial")), variables)
        if parsed is None or parsed[0] != card.get("coefficient") or parsed[1] != card.get("degree"):
            wrong.append(str(card.get("monomial")))
    texts = sorted({str(c.get("monomial")) for c in monos})
    # sympy reads every distinct monomial up to SYMPY_CHECKED of them (all of a generated deck), an
    # even spread beyond: at milliseconds a text, a 5,000-card deck file would take minutes
    step = max(1, -(-len(texts) // SYMPY_CHECKED))
    sample = texts[::step]
    wrong += [t for t in sample if algebra.parse_with_sympy(t, variables) != algebra.parse(t, variables) and t not in wrong]
    agree = (_("{n} monomials agree (sympy read {read} of the {distinct} distinct ones)", n=len(monos), read=len(sample), distinct=len(texts))
             if len(sample) < len(texts) else ngettext("{n} monomial agrees", "{n} monomials agree", len(monos)))
    out.append(
        check(
            _("sympy reads each monomial's coefficient and degree as printed on the card"),
            not wrong,
            (_("disagrees on {monomials} ...", monomials=", ".join(wrong[:5])) if len(wrong) > 5
             else _("disagrees on {monomials}", monomials=", ".join(wrong))) if wrong else agree,
            hint=_('write each monomial like monomial = "2*x**3" and leave coefficient and degree out (they are read from it)'),
        )
    )

    coefficients = comp.coefficients if not custom else tuple(sorted({m.get("coefficient") for m in monos}, key=str))
    degrees = comp.degrees if not custom else tuple(sorted({m.get("degree") for m in monos}, key=str))
    for name, field, values in ((_("every coefficient appears equally often"), "coefficient", coefficients),
                                (_("every degree appears equally often"), "degree", degrees)):
        tally = {v: sum(1 for m in monos if m.get(field) == v) for v in values}
        stray = sorted({m.get(field) for m in monos} - set(values), key=str)
        even = len(set(tally.values())) <= 1 and not stray
        detail = _("{counts}, stray {stray}", counts=Counts(tally), stray=stray) if stray else Counts(tally)
        if custom:
            out.append(check(name, True, _("{counts} (custom list: not required)", counts=detail)))
        else:
            out.append(check(name, even, detail, hint=_("other --copies, or a --degrees range the variables can fill")))

    presence = variable_presence(deck)
    if presence and not custom:
        spread = max(presence.values()) - min(presence.values())
        out.append(
            check(
                _("variables are spread evenly"),
                spread <= VARIABLE_SPREAD,
                _("cards with each variable: {counts} (spread {spread}, at most {most})", counts=Counts(presence), spread=spread, most=VARIABLE_SPREAD),
                hint=_("another --seed, other --copies, or fewer --variables"),
            )
        )
        repeats = []
        pairs: dict[tuple[Any, Any], list[str]] = {}
        for m in monos:
            pairs.setdefault((m.get("coefficient"), m.get("degree")), []).append(str(m.get("monomial")))
        for (c, d), texts in pairs.items():
            available = len(algebra.exponent_vectors(d, len(variables))) if isinstance(d, int) and d >= 0 else 1
            if len(set(texts)) < min(len(texts), available):
                repeats.append(f"{c}/{d}")
        out.append(
            check(
                _("cards of one (coefficient, degree) pair are different monomials where possible"),
                not repeats,
                _("repeated monomials in pairs {pairs}", pairs=", ".join(repeats[:6])) if repeats else ngettext("{n} pair", "{n} pairs", len(pairs)),
                hint=_("more --variables, or fewer --copies"),
            )
        )

    n = len(deck.cards)
    more_cards = _("more cards: a wider --coefficients or --degrees range, more --copies")
    if deck.players:
        need = cards_needed(deck.players)
        out.append(
            check(
                _("enough cards for {players}", players=players_tag(deck.players)),
                n >= need,
                _("{n} cards; {players} × {hand} dealt + 1 turned up + {reserve} in reserve = {need} (the reserve: cards left to draw "
                  "after the deal, for a Toma cuatro and penalties)", n=n, players=deck.players, hand=HAND, reserve=RESERVE, need=need),
                hint=_("at most {most} --players, or more cards: a wider --coefficients or --degrees range, more --copies",
                       most=players_supported(n)) if players_supported(n) >= MIN_PLAYERS else more_cards,
            )
        )
    else:
        top = players_supported(n)
        out.append(
            check(
                _("enough cards for the players"),
                top >= MIN_PLAYERS,
                _("{n} cards serve {fewest} to {most} players ({hand} each, 1 turned up, {reserve} in reserve to draw after the deal)",
                  n=n, fewest=MIN_PLAYERS, most=top, hand=HAND, reserve=RESERVE)
                if top >= MIN_PLAYERS
                else _("{n} cards; {players} players need {need}", n=n, players=MIN_PLAYERS, need=cards_needed(MIN_PLAYERS)),
                hint=more_cards,
            )
        )
    return out


def _action_counts(counts: Mapping[str, int]) -> Counts:
    """The action cards counted by their printed names (Spanish in every language: card names)."""
    return Counts(counts, {k: names["es"] for k, names in ACTIONS.items()})


def player_counts(deck: Deck) -> list[int]:
    return list(range(MIN_PLAYERS, min(MAX_PLAYERS, players_supported(len(deck.cards))) + 1))
