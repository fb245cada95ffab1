"""MGC, the algebra game (ÁLGEBRA): UNO with monomials (seed 000, GAMES.md)."""

from __future__ import annotations

import string
from typing import Any, Mapping

from deckgen.errors import OptionError
from deckgen.i18n import _, pgettext
from deckgen.options import Opt, check_size, compact_ranges, declare, int_list, runs
from deckgen.registry import Game, deferred

from deckgen.games.mgc import deck

MAX_COEFFICIENT = 20
MAX_DEGREE = 9
MAX_VARIABLES = 4


def _coefficients(value: Any) -> list[int]:
    """Like a range option, but never 0: a range across zero (-3-3) leaves it out; a 0 written as a
    value or as a range's end is refused (a monomial with coefficient 0 is just 0)."""
    check_size(value)  # bounded before it is split or expanded
    parts = value if isinstance(value, (list, tuple)) else [value] if isinstance(value, int) else str(value).split(",")
    parse = int_list(-MAX_COEFFICIENT, MAX_COEFFICIENT)
    values: set[int] = set()
    for part in parts:
        got = parse(part)
        if 0 in got and (len(got) == 1 or got[0] == 0 or got[-1] == 0):
            raise OptionError(_("0 cannot be a coefficient (a monomial with coefficient 0 is just 0)"))
        for v in got:
            if v in values:
                raise OptionError(_("{value} given twice", value=str(v)))
            if v:
                values.add(v)
    return sorted(values)


def show_coefficients(values: list[int]) -> str:
    """As a user would write them back: -3-3 for −3..3 without 0, else ranges like 1-6 or -5,-2,2,5."""
    lo, hi = min(values), max(values)
    if lo < 0 < hi and sorted(values) == [v for v in range(lo, hi + 1) if v]:
        return f"{lo}-{hi}"
    return compact_ranges(values)


def _variables(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        items = [str(v).strip() for v in value]
    else:
        text = str(value).strip()
        items = [v.strip() for v in text.split(",")] if "," in text else list(text.replace(" ", ""))
    if not items or any(not v for v in items):
        raise OptionError(_("expected variable letters like x,y,z"))
    for v in items:
        if len(v) != 1 or v not in string.ascii_lowercase:
            raise OptionError(_("{value!r} is not a variable: use single lowercase letters like x,y,z", value=v[:60]))
    if len(set(items)) != len(items):
        raise OptionError(_("a variable is given twice in {letters}", letters=",".join(items)))
    if len(items) > MAX_VARIABLES:
        raise OptionError(_("at most {most} variables fit on a card", most=MAX_VARIABLES))
    return items


ACTION_HELP = {  # what each action card does, in the words its option explains it with
    "toma_dos": _("How many Toma dos cards (the next player draws two) the deck holds."),
    "retorno": _("How many Retorno cards (play changes direction) the deck holds."),
    "intermision": _("How many Intermisión cards (the next player is skipped) the deck holds."),
    "eleccion_coeficiente": _("How many Elección de coeficiente cards (who plays it names the coefficient to follow) the deck holds."),
    "eleccion_grado": _("How many Elección de grado cards (who plays it names the degree to follow) the deck holds."),
    "toma_cuatro": _("How many Toma cuatro cards (the next player draws four) the deck holds."),
}


def _action_option(action: str) -> Opt:
    names = deck.ACTIONS[action]
    return Opt(action, deck.DEFAULT_ACTION_COUNTS[action], (0, 40), ACTION_HELP[action], label=_("{card} cards", card=names["es"]))


OPTIONS = declare(
    deck=(
        Opt("coefficients", list(range(1, 7)), _coefficients,
            _("The coefficients of the monomials: a range like 1-6 or -3-3 (0 is left out), or a list like -2,-1,1,2."),
            label=_("Coefficients"), metavar=pgettext("metavar", "RANGE"), show=show_coefficients, examples=("-3-3", "-2,-1,1,2", "-20", "20")),
        Opt("degrees", list(range(1, 7)), int_list(0, MAX_DEGREE),
            _("The degrees of the monomials: a range like 1-6 or 0-4 (0 gives numbers without a letter), up to {most}.", most=MAX_DEGREE),
            label=_("Degrees"), metavar=pgettext("metavar", "RANGE"), show=compact_ranges, examples=("0-4",)),
        Opt("variables", ["x", "y", "z"], _variables,
            _("The variables of the monomials: 1 to {most} lowercase letters, like x,y,z or a,b.", most=MAX_VARIABLES),
            label=_("Letters"), metavar=pgettext("metavar", "LETTERS"), show=lambda v: ",".join(v), examples=("x", "a,b,c,d")),
        Opt("copies", 2, (1, 8), _("Cards of each pair of coefficient and degree, each a different monomial where there is one."),
            label=_("Cards per pair")),
        *(_action_option(a) for a in deck.ACTIONS),
        Opt("hints", False, bool, _("A learning aid: each monomial's coefficient and degree printed in its corners."), label=_("Hints on the cards")),
    ),
    rules=(
        # rule variants and the simulated players' habits
        Opt("draw_freely", False, bool, _("A variant: a player may draw even when holding a card that can be played."), label=_("Draw freely")),
        Opt("retorno_two_players", "reverse", ("reverse", "skip"), _("What a Retorno does with 2 players."), label=_("Retorno with two players"),
            words={"reverse": _("it only changes the direction: with two, the other player is next anyway"),
                   "skip": _("the other player loses their turn, as in UNO")}),
        Opt("last_card_draws", True, bool,
            _("A Toma dos or Toma cuatro played as the last card of a round still makes the next player draw (and those cards score)."),
            label=_("Last card still draws")),
        Opt("round_starter", "rotate", ("rotate", "winner"), _("Who opens the next round."), label=_("Who opens each round"),
            words={"rotate": _("the deal passes to the left"), "winner": _("the winner of the last round")}),
        Opt("after_action", "monomial", ("monomial", "free"), _("What must follow an action card."), label=_("After an action card"),
            words={"monomial": _("the coefficient or the degree of the last monomial"), "free": _("any card")}),
        Opt("target_score", 500, (1, 100_000), _("The score that wins the match."), label=_("Points to win"), metavar=pgettext("metavar", "POINTS"), examples=("200",)),
        Opt("algebra_call", 0.9, (0.0, 1.0), _("The chance that a simulated player says ÁLGEBRA when playing the second-to-last card."),
            label=_("Simulation: saying ÁLGEBRA"), examples=("0.5",), habit=True),
        Opt("algebra_catch", 0.5, (0.0, 1.0), _("The chance that a forgotten ÁLGEBRA is caught in time (2 penalty cards)."),
            label=_("Simulation: catching a forgotten call"), examples=("0.25",), habit=True),
    ),
)


def _tag(options: Mapping[str, Any]) -> str:
    tag = f"c{show_coefficients(options['coefficients'])}_g{compact_ranges(options['degrees'])}".replace(",", ".")
    if options.get("hints"):
        tag += "-hints"
    return tag


def _described(cards) -> dict[str, Any]:
    """The options as the cards show them: the coefficients, degrees and variables of the monomials."""
    monos = cards.of_kind(deck.MONOMIAL)
    out = dict(cards.options)
    for name in ("coefficient", "degree"):
        values = sorted({m.get(name) for m in monos if isinstance(m.get(name), int) and not isinstance(m.get(name), bool)})
        if values:
            out[name + "s"] = values
    out["variables"] = list(deck.deck_variables(cards)) or out["variables"]
    return out


def _describe(options: Mapping[str, Any], lang: str) -> str:
    from deckgen.i18n import render

    said = _("coefficients {coefficients} · degrees {degrees} · {variables}", coefficients=_label(options["coefficients"]),
             degrees=_label(options["degrees"]), variables=", ".join(options["variables"]))
    return render(said, lang)


def _label(values: list[int]) -> str:
    """Values for a sheet label, with real minus signs and en dashes: 1–6, −3–3 (no 0), −5, −2, 2, 5."""
    def signed(v: int) -> str:
        return str(v).replace("-", "\u2212")

    values = sorted(values)
    lo, hi = values[0], values[-1]
    if lo < 0 < hi and values == [v for v in range(lo, hi + 1) if v] and len(values) > 2:
        return f"{signed(lo)}\u2013{signed(hi)}"
    return ", ".join(
        f"{signed(a)}\u2013{signed(b)}" if b - a >= 2 else ", ".join(signed(v) for v in range(a, b + 1)) for a, b in runs(values)
    )


GAME = Game(
    id="mgc",
    title="MGC",
    card_name="ÁLGEBRA",
    summary=_("the algebra game: monomials that follow by coefficient or by degree"),
    players=(deck.MIN_PLAYERS, deck.MAX_PLAYERS),
    default_players=4,
    options=OPTIONS,
    build=deck.build,
    checks=deck.checks,
    faces=deferred("deckgen.games.mgc.faces", "MgcFaces", call=True),
    out_tag=_tag,
    describe=_describe,
    seconds_per_turn=8,  # a monomial is read, matched and played, or a card drawn
    described=_described,
    engine=deferred("deckgen.games.mgc.engine", "ENGINE"),
    served=deferred("deckgen.games.mgc.deck", "player_counts"),
    rulebook=deferred("deckgen.games.mgc.rulebook", "RULEBOOK"),
    card_kinds=deferred("deckgen.games.mgc.schema", "CARD_KINDS"),
    help_card=deferred("deckgen.games.mgc.help", "help_card"),
    ages=(12, 99),
)
