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


# the drawing step under --draw-freely (a player may draw even holding a card that may be played)
DRAW_FREELY = {
    "es": "Puedes robar una carta aunque puedas poner otra; si sirve, puedes jugarla.",
    "en": "You may draw a card even when you could play; if it fits, you may play it.",
}


def help_card(deck: Deck, lang: str) -> HelpText:
    words = TEXT
    if deck.options.get("draw_freely"):
        title, turn, steps, specials = TEXT.get(lang, TEXT["es"])
        steps = [DRAW_FREELY.get(lang, DRAW_FREELY["es"]) if k == 2 else step for k, step in enumerate(steps)]
        words = {**TEXT, lang: (title, turn, steps, specials)}
    # the action cards keep their Spanish names in every language
    return help_text(deck, lang, words, kind=ACTION, field="action", names=ACTIONS, reminders=REMINDERS, name_lang="es")
