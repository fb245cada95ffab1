"""Cartas Maestras quick-reference card: the turn, how cards link, where they go, winning a path."""

from __future__ import annotations

from deckgen.model import Deck
from deckgen.render.help_card import HelpText, sections_text

TEXT = {
    "es": ("Cartas Maestras: ayuda", [
        ("Tu turno: haz una sola cosa", [
            "abre un camino con una maestra junto a la carta central, o",
            "enlaza una carta al final de un camino, o",
            "{draw}",
        ]),
        ("Enlazar", [
            "{link}",
            "La vacía enlaza con todo; la siguiente enlaza con la de antes.",
            "La carta nueva toca solo a la carta con la que enlaza.",
        ]),
        ("Ganar", ["Quien completa un camino con {n} cartas enlazadas tras su maestra lo gana."]),
    ]),
    "en": ("Cartas Maestras: quick help", [
        ("Your turn: do one thing", [
            "open a path with a master beside the central card, or",
            "link a card to the end of a path, or",
            "{draw}",
        ]),
        ("Linking", [
            "{link}",
            "An empty card links to anything; the next links to the card before it.",
            "A new card touches only the card it links to.",
        ]),
        ("Winning", ["Whoever completes a path with {n} linked cards after its master wins it."]),
    ]),
}


# how two point cards link, by --link and --same-points (rules.links): the first line of "Linking"
LINKS = {
    "es": {"either": "Mismo color, o puntos {step}.", "both": "Mismo color y puntos {step}.",
           "colour": "Mismo color (los puntos no cuentan).", "points": "Puntos {step}, de cualquier color."},
    "en": {"either": "Same colour, or points {step}.", "both": "Same colour and points {step}.",
           "colour": "Same colour (points do not count).", "points": "Points {step}, any colour."},
}
# the last step of the turn, without and with --play-drawn
DRAW = {"es": ("si no puedes colocar nada, roba una carta.", "si no puedes colocar nada, roba una carta y colócala enseguida si se puede."),
        "en": ("if you can place nothing, draw a card.", "if you can place nothing, draw a card and place it at once if it fits.")}
STEP = {"es": ("que se diferencian en uno", "iguales o que se diferencian en uno"), "en": ("one apart", "equal or one apart")}


def help_card(deck: Deck, lang: str) -> HelpText:
    options = deck.options
    words = LINKS.get(lang, LINKS["es"])[options.get("link", "either")]
    link = words.format(step=STEP.get(lang, STEP["es"])[bool(options.get("same_points", False))])
    draw = DRAW.get(lang, DRAW["es"])[bool(options.get("play_drawn", False))]
    return sections_text(lang, TEXT, n=options.get("path_length", 4), link=link, draw=draw)
