"""The two extra commands Hectoedra offers: ``deckgen solve hectoedra`` and ``deckgen puzzle hectoedra``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Mapping

from deckgen.i18n import _, ngettext, pgettext
from deckgen.options import Option, boolean, choice, compact_ranges, folder_name, int_list, integer, number
from deckgen.registry import Capability
from deckgen.seeds import RANGE as SEEDS

from deckgen.games.hectoedra.numbers import RULES
from deckgen.games.hectoedra.solver import DEFAULT_TIME_LIMIT, explain, solve

Echo = Callable[[str], None]

CARDS = Option("cards", default=list(range(1, 101)), help=_("the set of cards: a range like 1-20 or a list like 2,3,5"), parse=int_list(1, 100), metavar=pgettext("metavar", "RANGE"), show=compact_ranges)
RULE = Option("rule", default="divisor", help=_("divisor: multiple or divisor (the cooperative rule); full: also a common divisor or two primes"), parse=choice(*RULES), metavar="divisor|full")
TIME = Option("time_limit", default=DEFAULT_TIME_LIMIT, help=_("seconds before the solver stops and reports its best stack as not proven"), parse=number(0.001, 86400), metavar="S", show=lambda v: f"{v:g}")
LINES = {
    "divisor": _("each card a multiple or a divisor of the one below"),
    "full": _("each card a multiple or divisor of the one below, or sharing a divisor above 1 with it, or both prime"),
}


def run_solve(values: Mapping[str, Any], echo: Echo) -> int:
    cards = values["cards"]
    sol = solve(cards, values["rule"], values["time_limit"])
    if values["json"]:
        data = sol.to_json()
        data.update({"bound": sol.bound, "rule": sol.rule, "cards": list(sol.cards)})
        echo(json.dumps(data))
        return 0
    rule = values["rule"]
    echo(str(_("Hectoedra stack puzzle, {rule} rule ({meaning}): {n} cards {cards}", rule=rule, meaning=LINES[rule], n=len(cards),
               cards=compact_ranges(cards))))
    if sol.proven:
        echo(str(_("Longest stack: {n} cards (proven optimal, {seconds:.3f} s)", n=sol.length, seconds=sol.seconds)))
    else:
        echo(str(_("Best stack found: {n} cards (NOT proven: the {limit:g} s time limit ran out; the optimum is at most {bound})",
                   n=sol.length, limit=values["time_limit"], bound=sol.bound)))
    echo(str(_("Order, bottom card first: {cards}", cards=" ".join(map(str, sol.order)))))
    left = sorted(set(cards) - set(sol.order))
    echo(str(_("Left out: {cards}", cards=" ".join(map(str, left))) if left else _("Left out: none")))
    if values["explain"]:
        for line in explain(sol.order, rule):
            echo(f"  {line}")
    return 0


SOLVE = Capability(
    help=_("the longest stack from a set of cards, proven optimal (the cooperative puzzle)"),
    options=(
        CARDS,
        RULE,
        TIME,
        Option("json", default=False, help=_('print {{"length", "proven", "order", ...}} as JSON'), parse=boolean, flag=True),
        Option("explain", default=False, help=_("print why each card may go on the one below"), parse=boolean, flag=True),
    ),
    run=run_solve,
)


def run_puzzle(values: Mapping[str, Any], echo: Echo) -> int:
    from deckgen.games.hectoedra.puzzle import PuzzleRequest, make_sets, write_puzzle

    req = PuzzleRequest(
        sets=values["sets"],
        size=values["size"],
        seed=values["seed"],
        cards=values["cards"],
        team=values["team"],
        rule=values["rule"],
        lang=values["lang"],
        paper=values["paper"],
        aids=values["aids"],
        time_limit=values["time_limit"],
        min_stack=values["min_stack"],
    )
    out = Path(values["out"]) if values["out"] is not None else Path("output") / f"hectoedra-puzzle-{req.seed}"
    puzzle = make_sets(req)
    files = write_puzzle(puzzle, out)
    sheets = (ngettext("{n} team sheet (one set for every team)", "{n} team sheets (one set for every team)", len(puzzle.sheets)) if req.team
              else ngettext("{n} challenge sheet", "{n} challenge sheets", len(puzzle.sheets)))
    sets = ngettext("{n} set of {cards} cards", "{n} sets of {cards} cards", len(puzzle.sets), cards=len(puzzle.sets[0].cards))
    echo(str(_("Hectoedra stack puzzle: {sheets}, {sets}, written to {folder}/", sheets=sheets, sets=sets, folder=out)))
    for s in puzzle.sets:
        if s.solution.proven:
            echo("  " + str(_("set {number}: longest stack {n} cards (proven)", number=s.number, n=s.solution.length)))
        else:
            echo("  " + str(_("set {number}: longest stack {n} cards (NOT proven, at most {bound})", number=s.number, n=s.solution.length,
                              bound=s.solution.bound)))
    for f in files:
        echo(f"  {f}")
    return 0


def _aids(value: Any) -> list[str]:
    from deckgen.games.hectoedra import parse_aids

    return parse_aids(value)


_aids.typed = ("prime", "factors", "divisors")  # type: ignore[attr-defined]  # its values as typed (data in any language)

PUZZLE = Capability(
    help=_("printable challenge sheets (a set of card pictures each) and the teacher's answer key"),
    options=(
        Option("sets", default=6, help=_("how many sheets (different sets; with --team: how many teams)"), parse=integer(1, 60), metavar="N"),
        Option("size", default=20, help=_("cards per set"), parse=integer(2, 100), metavar="N"),
        Option("seed", default=1, help=_("random seed: the same seed gives the same sets"), parse=integer(*SEEDS), metavar="S"),
        Option("cards", default=None, help=_("the cards to draw the sets from (all of them when there are no more than --size)"), parse=int_list(1, 100),
               metavar=pgettext("metavar", "RANGE"), show=compact_ranges),
        Option("min_stack", default=None, help=_("each random set must allow a stack at least this high (default: half the set; 0: any set)"),
               parse=integer(0, 100), metavar="N", show=lambda v: _("half the set") if v is None else str(v)),
        Option("team", default=False, help=_("team variant: the same set on every sheet, one sheet per team"), parse=boolean, flag=True),
        RULE,
        Option("lang", default="es", help=_("language of the sheets: es or en"), parse=choice("es", "en"), metavar="es|en"),
        Option("paper", default="a4", help=_("a4 or letter"), parse=choice("a4", "letter"), metavar="a4|letter"),
        Option("aids", default=[], help=_("learning aids on the card pictures ({aids})", aids=", ".join(_aids.typed)), parse=_aids, metavar=pgettext("metavar", "LIST"),
               show=lambda v: ",".join(v) or _("none")),
        TIME,
        Option("out", default=None, help=_("output folder (default output/hectoedra-puzzle-SEED/)"), parse=folder_name, metavar=pgettext("metavar", "FOLDER")),
    ),
    run=run_puzzle,
)
