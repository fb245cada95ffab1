"""Multipli Cat's: a speed game of multiplication and product cards (seed 004, GAMES.md)."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.options import Option, boolean, compact_ranges, int_list
from deckgen.registry import Game

from deckgen.games.multiplicats import deck
from deckgen.games.multiplicats.faces import MultiplicatsFaces
from deckgen.games.multiplicats.rulebook import RULEBOOK

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
)


def _tag(options: Mapping[str, Any]) -> str:
    tag = compact_ranges(options["tables"]).replace(",", "_")
    return tag if options.get("specials", True) else f"{tag}-nospecials"


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
    default_players=4,
    options=OPTIONS,
    build=deck.build,
    checks=deck.checks,
    faces=MultiplicatsFaces(),
    out_tag=_tag,
    describe=_describe,
    rulebook=RULEBOOK,
)
