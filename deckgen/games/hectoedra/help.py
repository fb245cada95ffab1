"""Hectoedra quick-reference card: when a card may go on the pile, penalties, and who wins."""

from __future__ import annotations

from deckgen.model import Deck
from deckgen.render.help_card import HelpText, sections_text

TEXT = {
    "es": ("Hectoedra: ayuda", [
        ("Tu turno: pon una carta sobre la pila si", [
            "una divide a la otra (el 1 va con todas), o",
            "tienen un divisor común mayor que 1, o",
            "las dos son primos (las cartas con estrella).",
        ]),
        ("{cannot}", ["Deja una carta boca abajo delante de ti: un punto en contra."]),
        ("Después de cada turno", ["Roba hasta tener {hand} cartas, mientras queden."]),
        ("Fin", ["Gana la partida quien acumula menos puntos."]),
    ]),
    "en": ("Hectoedra: quick help", [
        ("Your turn: put a card on the pile if", [
            "one divides the other (1 goes with all), or",
            "they share a divisor greater than 1, or",
            "both are primes (the cards with a star).",
        ]),
        ("{cannot}", ["Lay a card face down in front of you: one point against you."]),
        ("After every turn", ["Draw back up to {hand} cards while the pile lasts."]),
        ("End", ["Whoever has the fewest points wins the match."]),
    ]),
}


# the penalty's heading: only without a legal card, or by choice too (--no-must-play)
CANNOT = {"es": ("Si no puedes", "Si no puedes (o no quieres)"), "en": ("If you cannot", "If you cannot (or would rather not)")}


def help_card(deck: Deck, lang: str) -> HelpText:
    text = sections_text(lang, TEXT, hand=deck.options.get("hand", 4))
    cannot = CANNOT.get(lang, CANNOT["es"])[not deck.options.get("must_play", True)]
    return HelpText(text.title, [(h.replace("{cannot}", cannot), lines) for h, lines in text.sections])
