"""Cartas Maestras quick-reference card: the turn, how cards link, where they go, winning a path."""

from __future__ import annotations

from deckgen.model import Deck
from deckgen.render.help_card import HelpText, sections_text

TEXT = {
    "es": ("Cartas Maestras: ayuda", [
        ("Tu turno: haz una sola cosa", [
            "abre un camino con una maestra junto a la carta central, o",
            "enlaza una carta al final de un camino, o",
            "si no puedes colocar nada, roba una carta.",
        ]),
        ("Enlazar", [
            "Mismo color, o puntos que se diferencian en uno.",
            "La vacía enlaza con todo; la siguiente enlaza con la de antes.",
            "La carta nueva toca solo a la carta con la que enlaza.",
        ]),
        ("Ganar", ["Quien completa un camino con {n} cartas enlazadas tras su maestra lo gana."]),
    ]),
    "en": ("Cartas Maestras: quick help", [
        ("Your turn: do one thing", [
            "open a path with a master beside the central card, or",
            "link a card to the end of a path, or",
            "if you can place nothing, draw a card.",
        ]),
        ("Linking", [
            "Same colour, or points one apart.",
            "An empty card links to anything; the next links to the card before it.",
            "A new card touches only the card it links to.",
        ]),
        ("Winning", ["Whoever completes a path with {n} linked cards after its master wins it."]),
    ]),
}


def help_card(deck: Deck, lang: str) -> HelpText:
    return sections_text(lang, TEXT, n=deck.options.get("path_length", 4))
