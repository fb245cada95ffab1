"""Multipli Cat's: a speed game of multiplication and product cards (seed 004, GAMES.md)."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.options import Option, boolean, choice, compact_ranges, int_list, integer, number
from deckgen.registry import Game, deferred

from deckgen.games.multiplicats import deck
from deckgen.games.multiplicats.reaction import parse_times
from deckgen.games.multiplicats.labels import OPTION_TEXT

OPTIONS = (
    Option(
        "tables",
        default=list(range(1, 11)),
        help="the multiplication tables in the deck: a range like 1-6, or a list like 2,5,10",
        parse=int_list(1, 10),
        metavar="RANGE",
        show=compact_ranges,
    ),
    Option(
        "specials",
        default=True,
        help="include the special cards (play without them to start with young children)",
        parse=boolean,
        flag=True,
    ),
    # Rule variants (GAMES.md decisions and the rulebook's optional rules)
    Option(
        "end",
        default="two-left",
        help="two-left: play on until two players are left (they lose); first: stop when the first player is out",
        parse=choice("two-left", "first"),
        scope="rules",
        metavar="two-left|first",
    ),
    Option(
        "next_after_exchange",
        default="loser",
        help="after a won slap, loser: the player who took the cards turns up next; next: play goes on in order",
        parse=choice("loser", "next"),
        scope="rules",
        metavar="loser|next",
    ),
    Option("raton_call", default=False, help="the confirmed players' rule: call ¡Ratón! on a match nobody slapped", parse=boolean, flag=True, scope="rules"),
    Option("raton_own_pile", default=False, help="with 2 players, a player may call ¡Ratón! on a match one of their own piles missed (calling from their other pile)", parse=boolean, flag=True, scope="rules"),
    Option(
        "magia_pairs",
        default="one",
        help="after a Magia with several equal products, one: only the pair of the first slap exchanges; each: every pair exchanges",
        parse=choice("one", "each"),
        scope="rules",
        metavar="one|each",
    ),
    Option("infinite", default=False, help="the infinite match: an emptied player scores a point and gets cards back", parse=boolean, flag=True, scope="rules"),
    Option("infinite_points", default=3, help="infinite match: it ends when a player has this many points", parse=integer(1, 50), scope="rules", metavar="N"),
    Option("infinite_refill", default=0, help="infinite match: cards an emptied player receives (0: the source's 15 to 30 by player count, 30 with 3 players down to 15 with 8, at most deck ÷ players)", parse=integer(0, 200), scope="rules", metavar="N"),
    # The simulator's model of speed and mistakes
    Option(
        "reaction_ms",
        default=[700.0],
        help="median reaction time in ms; a comma list gives one per player (e.g. 600,700,900)",
        parse=parse_times,
        scope="rules",
        metavar="MS",
        show=lambda v: ",".join(f"{x:g}" for x in v),
    ),
    Option("reaction_spread", default=0.35, help="spread of reaction times (sigma of the log-normal)", parse=number(0.0, 2.0), scope="rules", metavar="X"),
    Option("miss_rate", default=0.10, help="chance that a player who may slap does not notice", parse=number(0.0, 0.95), scope="rules", metavar="P"),
    Option("false_slap_rate", default=0.01, help="chance per turned-up card that a player slaps without the right", parse=number(0.0, 0.5), scope="rules", metavar="P"),
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
    word = {"es": "tablas", "en": "tables"}[lang]
    text = f"{word} {compact_ranges(options['tables'])}"
    if not options.get("specials", True):
        text += " · " + {"es": "sin especiales", "en": "no specials"}[lang]
    return text


GAME = Game(
    id="multiplicats",
    title="Multipli Cat's",
    summary={
        "es": "juego de rapidez con cartas de multiplicar y de productos",
        "en": "a speed game with multiplication and product cards",
    },
    players=(2, 8),
    players_note={"es": "con 2, cada uno juega dos pilas", "en": "with 2, each plays two piles"},
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
    rulebook=deferred("deckgen.games.multiplicats.rulebook", "RULEBOOK"),
    card_kinds=deferred("deckgen.games.multiplicats.schema", "CARD_KINDS"),
    help_card=deferred("deckgen.games.multiplicats.help", "help_card"),
    ages=(8, 88),
    option_text=OPTION_TEXT,
)
