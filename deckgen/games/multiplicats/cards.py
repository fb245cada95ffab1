"""Integer coding of a Multipli Cat's deck for the engine: a card is its index in the deck."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.model import Deck

from deckgen.games.multiplicats.deck import MULTIPLICATION, PRODUCT, SPECIAL, SPECIALS

SPECIAL_CODES = {name: -(i + 1) for i, name in enumerate(SPECIALS)}  # persecucion = -1 ... regalo = -6
PERSECUCION, SIN_SALIDA, MAGIA, BALANCIN, EMBOSCADA, REGALO = (SPECIAL_CODES[k] for k in SPECIALS)


@dataclass(frozen=True)
class CardTable:
    """``code[i]`` is card i's product (1..100) for number cards, or a negative special code."""

    code: tuple[int, ...]

    @staticmethod
    def of(deck: Deck) -> "CardTable":
        codes = []
        for card in deck.cards:
            if card.kind == MULTIPLICATION:
                codes.append(card["a"] * card["b"])
            elif card.kind == PRODUCT:
                codes.append(card["value"])
            elif card.kind == SPECIAL:
                codes.append(SPECIAL_CODES[card["special"]])
            else:
                raise ValueError(f"not a Multipli Cat's card: {card.kind}")
        return CardTable(tuple(codes))

    def __len__(self) -> int:
        return len(self.code)
