"""Multipli Cat's: a speed game of multiplication and product cards (seed 004, GAMES.md)."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.i18n import _, pgettext
from deckgen.options import Opt, compact_ranges, declare, int_list
from deckgen.registry import Game, deferred

from deckgen.games.multiplicats import deck
from deckgen.games.multiplicats.reaction import parse_times

OPTIONS = declare(
    deck=(
        Opt("tables", list(range(1, 11)), int_list(1, 10), _("The times tables in the deck: a range like 1-6 or a list like 2,5,10."),
            label=_("Times tables"), metavar=pgettext("metavar", "RANGE"), show=compact_ranges, examples=("1-6", "2,5,10")),
        Opt("specials", True, bool, _("Include the special cards; leave them out to start with young children."), label=_("Special cards")),
    ),
    rules=(
        # Rule variants (GAMES.md decisions and the rulebook's optional rules)
        Opt("end", "two-left", ("two-left", "first"), _("When the game ends."), label=_("End of the game"),
            words={"two-left": _("play on until only two players are left, who lose"),
                   "first": _("it ends when the first player runs out of cards")}),
        Opt("next_after_exchange", "loser", ("loser", "next"), _("Who turns up the next card after a won slap."),
            label=_("Who goes after a slap"),
            words={"loser": _("the player who took the cards"), "next": _("the next player in turn")}),
        Opt("raton_call", False, bool, _("The confirmed players' rule: call ¡Ratón! on a match nobody slapped."), label=_("Call ¡Ratón!")),
        Opt("raton_own_pile", False, bool,
            _("With 2 players, a player may call ¡Ratón! on a match that one of their own piles missed, calling from their other pile."),
            label=_("¡Ratón! with two players")),
        Opt("magia_pairs", "one", ("one", "each"), _("Which pairs exchange after a Magia with several equal products."),
            label=_("Magia with several pairs"), words={"one": _("only the pair of the first slap"), "each": _("every pair")}),
        Opt("infinite", False, bool, _("The infinite match: a player who runs out of cards scores a point and gets cards back."),
            label=_("Infinite match")),
        Opt("infinite_points", 3, (1, 50), _("The infinite match ends when a player has this many points."),
            label=_("Points to win (infinite match)")),
        Opt("infinite_refill", 0, (0, 200),
            _("Cards a player who runs out receives in the infinite match; 0: between 15 and 30 by player count (30 with 3 players, "
              "15 with 8), never more than the deck shared out among the players."),
            label=_("Refill cards (infinite match)")),
        # The simulator's model of speed and mistakes: habits of the simulated players
        Opt("reaction_ms", [700.0], parse_times,
            _("How long a typical simulated player takes to slap, in milliseconds; a list separated by commas gives one per player "
              "(like 600,700,900)."),
            label=_("Simulation: reaction time (ms)"), metavar="MS", show=lambda v: ",".join(f"{x:g}" for x in v),
            examples=("50", "10000", "600,700,900"), habit=True),
        Opt("reaction_spread", 0.35, (0.0, 2.0), _("How much the simulated players' reaction times vary from slap to slap (the sigma of a log-normal)."),
            label=_("Simulation: reaction-time spread"), metavar="X", examples=("0.5",), habit=True),
        Opt("miss_rate", 0.10, (0.0, 0.95), _("The chance that a simulated player who may slap does not notice."),
            label=_("Simulation: missed chances"), examples=("0.2",), habit=True),
        Opt("false_slap_rate", 0.01, (0.0, 0.5), _("The chance, for each card turned up, that a simulated player slaps without the right."),
            label=_("Simulation: false slaps"), examples=("0.05",), habit=True),
    ),
)


def _tag(options: Mapping[str, Any]) -> str:
    tag = compact_ranges(options["tables"]).replace(",", "_")
    return tag if options.get("specials", True) else f"{tag}-nospecials"


def _described(cards) -> dict[str, Any]:
    """The options as the cards show them: the tables of the multiplication cards, specials or not."""
    tables = sorted({c.get("a") for c in cards.of_kind(deck.MULTIPLICATION) if _whole(c.get("a"))})
    out = dict(cards.options)
    if tables:
        out["tables"] = tables
    out["specials"] = bool(cards.of_kind(deck.SPECIAL))
    return out


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _describe(options: Mapping[str, Any], lang: str) -> str:
    from deckgen.i18n import Listing, render

    # "tablas 1-6", "tablas 3 y 4", "tablas 2, 5 y 10": a list in words, never "3,4" or "2,5" (a decimal in Spanish)
    tables = Listing(compact_ranges(options["tables"]).split(","))
    if not options.get("specials", True):
        return render(_("tables {tables} · no specials", tables=tables), lang)
    return render(_("tables {tables}", tables=tables), lang)


GAME = Game(
    id="multiplicats",
    title="Multipli Cat's",
    summary=_("a speed game with multiplication and product cards"),
    players=(2, 8),
    players_note=_("with 2, each plays two piles"),
    default_players=4,
    options=OPTIONS,
    build=deck.build,
    checks=deck.checks,
    faces=deferred("deckgen.games.multiplicats.faces", "MultiplicatsFaces", call=True),
    out_tag=_tag,
    describe=_describe,
    seconds_per_turn=2,  # a card is turned up about every two seconds (engine.py)
    described=_described,
    engine=deferred("deckgen.games.multiplicats.engine", "ENGINE"),
    served=deferred("deckgen.games.multiplicats.deck", "player_counts"),
    rulebook=deferred("deckgen.games.multiplicats.rulebook", "RULEBOOK"),
    card_kinds=deferred("deckgen.games.multiplicats.schema", "CARD_KINDS"),
    help_card=deferred("deckgen.games.multiplicats.help", "help_card"),
    ages=(8, 88),
)
