"""Integer coding of the cards for the engine: each deck card becomes a small ``Info`` tuple."""

from __future__ import annotations

from typing import NamedTuple, Sequence

from deckgen.model import Card

from deckgen.games.maestras.deck import CENTRAL, COLOURS, EMPTY, MASTER, POINTS

CENTRAL_K, MASTER_K, POINTS_K, EMPTY_K = 0, 1, 2, 3
KIND_CODE = {CENTRAL: CENTRAL_K, MASTER: MASTER_K, POINTS: POINTS_K, EMPTY: EMPTY_K}


class Info(NamedTuple):
    kind: int
    colour: int  # index into COLOURS, -1 for the central and empty cards
    points: int  # 0 for every card that is not a point card


CENTRAL_INFO = Info(CENTRAL_K, -1, 0)


def info(card: Card) -> Info:
    kind = KIND_CODE[card.kind]
    colour = COLOURS.index(card["colour"]) if kind in (MASTER_K, POINTS_K) else -1
    return Info(kind, colour, int(card["points"]) if kind == POINTS_K else 0)


def infos(cards: Sequence[Card]) -> tuple[Info, ...]:
    return tuple(info(c) for c in cards)


def name(i: Info, lang: str = "en") -> str:
    """A short readable name: "red 5", "blue master", "empty", "central"."""
    if i.kind == CENTRAL_K:
        return "central" if lang == "en" else "central"
    if i.kind == EMPTY_K:
        return "empty" if lang == "en" else "vacía"
    colour = COLOURS[i.colour]
    if i.kind == MASTER_K:
        return f"{colour} master"
    return f"{colour} {i.points}"
