"""Monete quick-reference card: the turn, the markers, ¡Monete!, and what each action card does."""

from __future__ import annotations

from deckgen.model import Deck
from deckgen.render.help_card import HelpText, help_text

from deckgen.games.monete.deck import ACTION, ACTIONS
from deckgen.games.monete.faces import REMINDERS

TEXT = {
    "es": ("Monete: ayuda", "Tu turno", [
        "Juega una carta que siga los marcadores: + igual o mayor, − igual o menor.",
        "El mismo número se puede jugar siempre.",
        "Si no puedes jugar, roba una; si sigue sin servir, pasa.",
        "Un 1 o el número más alto cierra la ronda: ¡Monete! Los demás se descartan de ese número o roban.",
    ], "Cartas de acción"),
    "en": ("Monete: quick help", "Your turn", [
        "Play a card that follows the markers: + equal or higher, − equal or lower.",
        "The same number may always be played.",
        "If you cannot play, draw one; if it still does not fit, pass.",
        "A 1 or the top number closes the round: Monete! The others discard that number or draw.",
    ], "Action cards"),
}


def help_card(deck: Deck, lang: str) -> HelpText:
    return help_text(deck, lang, TEXT, kind=ACTION, field="action", names=ACTIONS, reminders=REMINDERS)
