"""Cartas Maestras: paths of cards grow from the four sides of a central card (seed 003, GAMES.md).

Every decision the rulebook leaves open is an option here (scope "rules" for rule variants), and the
rulebook prints the ones the deck was built with.
"""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.options import Opt, declare
from deckgen.i18n import _
from deckgen.registry import Game, deferred

from deckgen.games.maestras import deck
from deckgen.games.maestras.deck import REMOVAL_MODES
from deckgen.games.maestras.rules import AFTER_MASTER, IN_LINE, LINKS, MAIN_END, TIEBREAK, WON_PATHS
from deckgen.games.maestras.labels import OPTION_TEXT

OPTIONS = declare(
    deck=(
        Opt("colours", 4, (2, 4), "number of colours (each with its shape): 2 to 4"),
        Opt("points", 8, (4, 10), "point cards run from 1 to this number in every colour"),
        Opt("masters", 2, (1, 3), "master cards per colour"),
        Opt("empties", 5, (0, 9), "empty cards in the full set"),
        Opt("removal", "rulebook", REMOVAL_MODES, "which empty cards leave for a player count: rulebook (3 out for 2, 3, 6, 7 players; 5 for 4, 5, 8) "
            "or fewest (the fewest that make the other cards divide evenly)", metavar="MODE"),
    ),
    rules=(
        Opt("link", "either", LINKS, "how two point cards link: either (same colour or points one apart), both (same colour and "
            "points one apart), colour, points", metavar="RULE"),
        Opt("same_points", False, bool, "cards with equal points also link"),
        Opt("after_master", "colour", AFTER_MASTER, "what may follow a master: colour (a card of its colour) or any (any point card)", metavar="RULE"),
        Opt("empty_counts", True, bool, "an empty card counts among the four linked cards that win a path"),
        Opt("path_length", 4, (2, 8), "linked cards after the master that win a path"),
        Opt("hand", 4, (1, 10), "cards dealt to each player"),
        Opt("in_line", "all", IN_LINE, "which new cards must be in line with the last card placed: all, links (not masters) or off", metavar="RULE"),
        Opt("corners", False, bool, "cards that meet only at a corner also count as touching"),
        Opt("play_drawn", False, bool, "a drawn card that can be placed is placed at once, in the same turn"),
        Opt("refill", True, bool, "after placing a card, draw back up to the hand size (--no-refill: draw only when you cannot place)"),
        Opt("won_paths", "taken", WON_PATHS, "a won path: taken (its winner takes the cards, the side opens again) or stay (it stays, the side is closed)", metavar="RULE"),
        Opt("main_end", "masters", MAIN_END, "when the main phase ends: masters (once every master card is on the table, or earlier when "
            "nothing can be placed) or stuck (only when nothing more can be placed)", metavar="WHEN"),
        Opt("tiebreak", "when-tied", TIEBREAK, "the tie-break phase: when-tied (only when the most masters are tied), always, never", metavar="WHEN"),
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
    n = options["colours"]
    if lang == "es":
        return f"{n} colores · puntos 1-{options['points']}"
    return f"{n} colours · points 1-{options['points']}"


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
    option_text=OPTION_TEXT,
)
