"""MGC quick-reference card: what may follow, drawing, ¡ÁLGEBRA!, and what each action card does."""

from __future__ import annotations

from deckgen.model import Deck
from deckgen.render.help_card import HelpText, help_text

from deckgen.games.mgc.deck import ACTION, ACTIONS
from deckgen.games.mgc.faces import REMINDERS

TEXT = {
    "es": ("MGC: ayuda", "Tu turno", [
        "Pon un monomio con el mismo coeficiente o el mismo grado que el de la mesa.",
        "Una carta de acción se puede poner siempre.",
        "Si no puedes poner nada, roba una carta; si sirve, puedes jugarla.",
        "Con tu penúltima carta di «ÁLGEBRA»; si se te olvida y alguien lo nota a tiempo, robas 2.",
    ], "Cartas de acción"),
    "en": ("MGC: quick help", "Your turn", [
        "Play a monomial with the same coefficient or the same degree as the one on the table.",
        "An action card may always be played.",
        "If you cannot play, draw a card; if it fits, you may play it.",
        "Say «ÁLGEBRA» as you play your second-to-last card; forget it, and if someone notices in time, draw 2.",
    ], "Action cards"),
}


def help_card(deck: Deck, lang: str) -> HelpText:
    # the action cards keep their Spanish names in every language
    return help_text(deck, lang, TEXT, kind=ACTION, field="action", names=ACTIONS, reminders=REMINDERS, name_lang="es")
