"""Multipli Cat's: a speed game of multiplication and product cards (seed 004, GAMES.md)."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.options import Opt, compact_ranges, declare, int_list
from deckgen.registry import Game, deferred

from deckgen.games.multiplicats import deck
from deckgen.games.multiplicats.reaction import parse_times
from deckgen.games.multiplicats.labels import OPTION_TEXT

OPTIONS = declare(
    deck=(
        Opt("tables", list(range(1, 11)), int_list(1, 10), "the multiplication tables in the deck: a range like 1-6, or a list like 2,5,10", metavar="RANGE", show=compact_ranges),
        Opt("specials", True, bool, "include the special cards (play without them to start with young children)"),
    ),
    rules=(
        # Rule variants (GAMES.md decisions and the rulebook's optional rules)
        Opt("end", "two-left", ("two-left", "first"), "two-left: play on until two players are left (they lose); first: stop when the first player is out"),
        Opt("next_after_exchange", "loser", ("loser", "next"), "after a won slap, loser: the player who took the cards turns up next; next: play goes on in order"),
        Opt("raton_call", False, bool, "the confirmed players' rule: call ¡Ratón! on a match nobody slapped"),
        Opt("raton_own_pile", False, bool, "with 2 players, a player may call ¡Ratón! on a match one of their own piles missed (calling from their other pile)"),
        Opt("magia_pairs", "one", ("one", "each"), "after a Magia with several equal products, one: only the pair of the first slap exchanges; each: every pair exchanges"),
        Opt("infinite", False, bool, "the infinite match: an emptied player scores a point and gets cards back"),
        Opt("infinite_points", 3, (1, 50), "infinite match: it ends when a player has this many points"),
        Opt("infinite_refill", 0, (0, 200), "infinite match: cards an emptied player receives (0: the source's 15 to 30 by player count, 30 with 3 players down to 15 with 8, at most deck ÷ players)"),
        # The simulator's model of speed and mistakes
        Opt("reaction_ms", [700.0], parse_times, "median reaction time in ms; a comma list gives one per player (e.g. 600,700,900)", metavar="MS", show=lambda v: ",".join(f"{x:g}" for x in v)),
        Opt("reaction_spread", 0.35, (0.0, 2.0), "spread of reaction times (sigma of the log-normal)", metavar="X"),
        Opt("miss_rate", 0.10, (0.0, 0.95), "chance that a player who may slap does not notice"),
        Opt("false_slap_rate", 0.01, (0.0, 0.5), "chance per turned-up card that a player slaps without the right"),
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
    from deckgen.i18n import Listing

    word = {"es": "tablas", "en": "tables"}[lang]
    # "tablas 1-6", "tablas 3 y 4", "tablas 2, 5 y 10": a list in words, never "3,4" or "2,5" (a decimal in Spanish)
    text = f"{word} {Listing(compact_ranges(options['tables']).split(',')).render(lang)}"
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
    served=deferred("deckgen.games.multiplicats.deck", "player_counts"),
    rulebook=deferred("deckgen.games.multiplicats.rulebook", "RULEBOOK"),
    card_kinds=deferred("deckgen.games.multiplicats.schema", "CARD_KINDS"),
    help_card=deferred("deckgen.games.multiplicats.help", "help_card"),
    ages=(8, 88),
    option_text=OPTION_TEXT,
)
