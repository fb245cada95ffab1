"""The words of the algebra game's model checker: its moves and positions, as counterexamples tell them."""

# the words of a round's moves and positions, for the model checker's counterexamples and ways out
# of a loop (engine/replay.py: each a template per language, "{0}" an argument, "sep" joins a list).
# Card names (monomials as printed, Toma dos, Elección de grado...) are the same in every language.
MODEL_WORDS = {
    # moves
    "plays": {"en": "plays {0}", "es": "juega {0}"},
    "draws a card": {"en": "draws a card", "es": "roba una carta"},
    "keeps": {"en": "keeps the drawn card", "es": "se queda la carta robada"},
    "names coefficient": {"en": "names coefficient {0}", "es": "elige el coeficiente {0}"},
    "names degree": {"en": "names degree {0}", "es": "elige el grado {0}"},
    # chance: the deal, the draws, the ÁLGEBRA moment
    "deal": {"en": "deal: {0}; turned up: {1}", "es": "reparto: {0}; boca arriba: {1}", "sep": "; "},
    "seat holds": {"en": "seat {0}: {1}", "es": "asiento {0}: {1}"},
    "draws": {"en": "seat {0} draws {1}", "es": "el asiento {0} roba {1}"},
    "finds nothing": {"en": "seat {0} finds nothing to draw", "es": "el asiento {0} no tiene nada que robar"},
    "algebra said": {"en": "ÁLGEBRA said (or not caught)", "es": "dice ÁLGEBRA (o nadie lo pilla)"},
    "algebra caught": {"en": "ÁLGEBRA forgotten and caught: 2 penalty cards",
                       "es": "olvida decir ÁLGEBRA y lo pillan: 2 cartas de castigo"},
    # cards
    "cards": {"en": "{0}", "es": "{0}", "sep": ", "},
    "copies": {"en": "{0} cards {1}", "es": "{0} cartas {1}"},  # not "5 × 2x^2": a product, in a game of monomials
    "nothing": {"en": "nothing", "es": "nada"},
    "empty": {"en": "empty", "es": "vacío"},
    "monomial": {"en": "coefficient {0}, degree {1}", "es": "coeficiente {0}, grado {1}"},
    # a position
    "before the deal": {"en": "the cards before the deal: {0}", "es": "las cartas antes del reparto: {0}"},
    "round over": {"en": "the round is over: {0}", "es": "la ronda ha terminado: {0}"},
    "went out": {"en": "seat {0} went out", "es": "el asiento {0} se quedó sin cartas"},
    "blocked": {"en": "blocked", "es": "bloqueada"},
    "to act": {"en": "seat {0} to act", "es": "le toca al asiento {0}"},
    "to draw": {"en": "seat {0} to draw", "es": "le toca robar al asiento {0}"},
    "algebra or not": {"en": "seat {0}: ÁLGEBRA said or not", "es": "asiento {0}: dice ÁLGEBRA o no"},
    "any card": {"en": "any card", "es": "cualquier carta"},
    "coefficient": {"en": "coefficient {0}", "es": "coeficiente {0}"},
    "degree": {"en": "degree {0}", "es": "grado {0}"},
    "coefficient or degree": {"en": "coefficient {0} or degree {1}", "es": "coeficiente {0} o grado {1}"},
    "position": {"en": "{0}; on the table {1} (follow {2}); {3}; draw pile: {4}; under the top card: {5}",
                 "es": "{0}; en la mesa {1} (hay que seguir {2}); {3}; mazo de robo: {4}; debajo de la carta de la mesa: {5}",
                 "sep": "; "},
}
