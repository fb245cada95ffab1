"""Multipli Cat's quick-reference card: the turn, when to slap, and what each special card does."""

from __future__ import annotations

from deckgen.model import Deck
from deckgen.render.help_card import HelpText, help_text

from deckgen.games.multiplicats.deck import SPECIAL, SPECIALS
from deckgen.games.multiplicats.faces import REMINDERS

TEXT = {
    "es": ("Multipli Cat's: ayuda", "Tu turno", [
        "Destapa la carta de arriba de tu pila y déjala boca arriba.",
        "Si dos cartas de la mesa dan el mismo producto, sus dueños golpean el ratón.",
        "El más rápido da sus cartas boca arriba al otro.",
        "Quien golpea sin derecho (glotón) se lleva todas las cartas boca arriba.",
        "Gana quien se queda sin cartas.",
    ], "Cartas especiales"),
    "en": ("Multipli Cat's: quick help", "Your turn", [
        "Turn up the top card of your pile and leave it face up.",
        "When two cards on the table make the same product, their owners slap the mouse.",
        "The faster one gives their face-up cards to the other.",
        "Slapping without the right (a glutton) takes every face-up card.",
        "The first player with no cards left wins.",
    ], "Special cards"),
}


def help_card(deck: Deck, lang: str) -> HelpText:
    return help_text(deck, lang, TEXT, kind=SPECIAL, field="special", names=SPECIALS, reminders=REMINDERS)
