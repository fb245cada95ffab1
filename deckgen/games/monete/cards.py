"""Integer coding of a Monete deck for the engine.

A card's id is its index in ``deck.cards``. Markers are not playing cards: they stay on the table
the whole game, so the engine counts them there and never deals them.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.model import Deck

from deckgen.games.monete.deck import ACTION, ACTIONS, COLOURS, MARKER, NUMBER, WILD

NO_ACTION = 0
ACTION_CODES: dict[str, int] = {name: i + 1 for i, name in enumerate(ACTIONS)}
ACTION_NAMES: dict[int, str] = {code: name for name, code in ACTION_CODES.items()}
# Colour codes: the four number colours 0..3, the purple of the action cards, and NO_COLOUR for a
# comodín in the modes without a colour marker (its colour is never looked at there).
PURPLE_CODE = len(COLOURS)
NO_COLOUR = -1
COLOUR_CODES: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}

(
    TODOS_MUDOS,
    TE_LA_CAMBIO,
    NUMEROS_MAYORES,
    NUMEROS_MENORES,
    LADRONZUELOS,
    CAMBIO_SENTIDO,
    REGALITO,
    TOMA_2,
    TOMA_3,
    REPITE_TURNO,
    DESCARTE,
    MALDICION,
    ESPIAR,
) = (ACTION_CODES[name] for name in ACTIONS)


@dataclass(frozen=True)
class CardTable:
    """Per card id: printed value (0 for a comodín), colour code, action code, comodín flag."""

    value: tuple[int, ...]
    colour: tuple[int, ...]
    action: tuple[int, ...]
    wild: tuple[bool, ...]
    playing: tuple[int, ...]  # ids of the cards that are dealt and played
    markers: int  # marker cards: on the table all game

    def label(self, card: int, lang: str = "es") -> str:
        if self.wild[card]:
            return "comodín" if lang == "es" else "wild"
        colour = COLOURS[self.colour[card]] if self.colour[card] < PURPLE_CODE else "purple"
        if self.action[card]:
            return f"{self.value[card]} {ACTIONS[ACTION_NAMES[self.action[card]]][lang]}"
        return f"{self.value[card]} {colour}"


def card_table(deck: Deck) -> CardTable:
    value, colour, action, wild, playing = [], [], [], [], []
    markers = 0
    for i, card in enumerate(deck.cards):
        if card.kind == NUMBER:
            value.append(int(card["value"]))
            colour.append(COLOUR_CODES[card["colour"]])
            action.append(NO_ACTION)
            wild.append(False)
        elif card.kind == ACTION:
            value.append(int(card["value"]))
            colour.append(PURPLE_CODE)
            action.append(ACTION_CODES[card["action"]])
            wild.append(False)
        elif card.kind == WILD:
            value.append(0)
            colour.append(NO_COLOUR)
            action.append(NO_ACTION)
            wild.append(True)
        elif card.kind == MARKER:
            value.append(0)
            colour.append(NO_COLOUR)
            action.append(NO_ACTION)
            wild.append(False)
            markers += 1
            continue
        else:  # pragma: no cover - deck.checks refuses unknown kinds first
            raise ValueError(f"unknown card kind {card.kind!r}")
        playing.append(i)
    return CardTable(tuple(value), tuple(colour), tuple(action), tuple(wild), tuple(playing), markers)
