"""Cartas Maestras: paths of cards grow from the four sides of a central card (seed 003, GAMES.md).

Every decision the rulebook leaves open is an option here (scope "rules" for rule variants), and the
rulebook prints the ones the deck was built with.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.i18n import _, pgettext
from deckgen.options import Opt, declare
from deckgen.registry import Game, deferred

from deckgen.games.maestras import deck
from deckgen.games.maestras.deck import REMOVAL_MODES
from deckgen.games.maestras.rules import AFTER_MASTER, IN_LINE, LINKS, MAIN_END, TIEBREAK, WON_PATHS

OPTIONS = declare(
    deck=(
        Opt("colours", 4, (2, 4), _("How many colours the deck has, each with its shape: 2 to 4."), label=_("Colours")),
        Opt("points", 8, (4, 10), _("The point cards run from 1 to this number in each colour."), label=_("Points")),
        Opt("masters", 2, (1, 3), _("Master cards of each colour."), label=_("Master cards")),
        Opt("empties", 5, (0, 9), _("Empty cards in the full set."), label=_("Empty cards")),
        Opt("removal", "rulebook", REMOVAL_MODES, _("Which empty cards leave the deck for a player count."), label=_("Which empty cards leave"),
            metavar=pgettext("metavar", "MODE"),
            words={"rulebook": _("as the rulebook says: 3 out with 2, 3, 6 and 7 players, 5 with 4, 5 and 8"),
                   "fewest": _("the fewest that let the other cards be dealt evenly")}),
    ),
    rules=(
        Opt("link", "either", LINKS, _("How two point cards link."), label=_("How cards link"), metavar=pgettext("metavar", "RULE"),
            words={"either": _("the same colour or points one apart"), "both": _("the same colour and points one apart"),
                   "colour": _("the same colour"), "points": _("points one apart")}),
        Opt("same_points", False, bool, _("Cards with equal points link too."), label=_("Equal points link")),
        Opt("after_master", "colour", AFTER_MASTER, _("What may follow a master card."), label=_("After a master"), metavar=pgettext("metavar", "RULE"),
            words={"colour": _("a card of its colour"), "any": _("any point card")}),
        Opt("empty_counts", True, bool, _("An empty card counts among the linked cards that win a path."), label=_("Empty cards count")),
        Opt("path_length", 4, (2, 8), _("Linked cards after the master that win a path."), label=_("Path length")),
        Opt("hand", 4, (1, 10), _("Cards dealt to each player."), label=_("Cards in hand")),
        Opt("in_line", "all", IN_LINE, _("Which new cards must be in line with the last card placed."), label=_("In line"), metavar=pgettext("metavar", "RULE"),
            words={"all": _("every card"), "links": _("the cards that link, not the masters"), "off": _("no card")}),
        Opt("corners", False, bool, _("Cards that meet only at a corner count as touching too."), label=_("Corners touch")),
        Opt("play_drawn", False, bool, _("A drawn card that can be placed is placed at once, in the same turn."), label=_("Play the drawn card")),
        Opt("refill", True, bool, _("After placing a card, draw back up to the hand size (off: draw only when you cannot place)."),
            label=_("Refill the hand")),
        Opt("won_paths", "taken", WON_PATHS, _("What happens to a won path."), label=_("Won paths"), metavar=pgettext("metavar", "RULE"),
            words={"taken": _("its winner takes the cards and that side opens again"), "stay": _("it stays and that side is closed")}),
        Opt("main_end", "masters", MAIN_END, _("When the main phase ends."), label=_("When play ends"), metavar=pgettext("metavar", "WHEN"),
            words={"masters": _("once every master card is on the table, or earlier when nothing can be placed"),
                   "stuck": _("only when nothing more can be placed")}),
        Opt("tiebreak", "when-tied", TIEBREAK, _("When the tie-break phase is played."), label=_("Tie-break"), metavar=pgettext("metavar", "WHEN"),
            words={"when-tied": _("only when the most masters are tied"), "always": _("always played"), "never": _("never played")}),
    ),
)


def _tag(options: Mapping[str, Any]) -> str:
    parts = []
    if options["colours"] != 4 or options["points"] != 8:
        parts.append(f"{options['colours']}x{options['points']}")
    if options["masters"] != 2:
        parts.append(f"m{options['masters']}")
    if options["empties"] != 5:
        parts.append(f"e{options['empties']}")
    return "-".join(parts)


def _described(cards) -> dict[str, Any]:
    """The options as the cards show them: colours, highest points, masters per colour, empty cards."""
    points = cards.of_kind(deck.POINTS)
    out = dict(cards.options)
    colours = {c.get("colour") for c in points + cards.of_kind(deck.MASTER) if c.get("colour") in deck.COLOURS}
    values = [c.get("points") for c in points if isinstance(c.get("points"), int) and not isinstance(c.get("points"), bool)]
    if colours:
        out["colours"] = len(colours)
        out["masters"] = max(1, round(len(cards.of_kind(deck.MASTER)) / len(colours)))
    if values:
        out["points"] = max(values)
    if cards.custom or cards.players is None:  # a deck built for a player count has its empties taken out
        out["empties"] = len(cards.of_kind(deck.EMPTY))
    return out


def _describe(options: Mapping[str, Any], lang: str) -> str:
    from deckgen.i18n import render

    return render(_("{n} colours · points 1-{top}", n=options["colours"], top=options["points"]), lang)


GAME = Game(
    id="maestras",
    title="Cartas Maestras",
    summary=_("paths of cards growing from a central card, each opened by a master card"),
    players=deck.PLAYERS,
    default_players=4,
    options=OPTIONS,
    build=deck.build,
    checks=deck.checks,
    faces=deferred("deckgen.games.maestras.faces", "MaestrasFaces", call=True),
    out_tag=_tag,
    describe=_describe,
    seconds_per_turn=12,  # a card placed on the grid after checking links and lines: 10-20 minutes a game, as the source says
    described=_described,
    engine=deferred("deckgen.games.maestras.engine", "ENGINE"),
    served=deferred("deckgen.games.maestras.deck", "player_counts"),
    rulebook=deferred("deckgen.games.maestras.rulebook", "RULEBOOK"),
    card_kinds=deferred("deckgen.games.maestras.schema", "CARD_KINDS"),
    help_card=deferred("deckgen.games.maestras.help", "help_card"),
    ages=(6, 99),
)
