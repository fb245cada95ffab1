"""Names and plain-words explanations of the algebra game's options, for forms (the web page)."""

OPTION_TEXT = {
    "es": {
        "coefficients": ("Coeficientes", "Los coeficientes de los monomios: un intervalo como 1-6 o -3-3 (el 0 se salta), o una lista como -2,-1,1,2."),
        "degrees": ("Grados", "Los grados de los monomios: un intervalo como 1-6 o 0-4 (0 da números sin letra), hasta 9."),
        "variables": ("Letras", "Las variables de los monomios: de 1 a 4 letras minúsculas, como x,y,z o a,b."),
        "copies": ("Cartas por pareja", "Cuántas cartas hay de cada pareja de coeficiente y grado; cada una es un monomio distinto si lo hay."),
        "toma_dos": ("Cartas Toma dos", "Cuántas cartas Toma dos lleva el mazo."),
        "retorno": ("Cartas Retorno", "Cuántas cartas Retorno (cambio de sentido) lleva el mazo."),
        "intermision": ("Cartas Intermisión", "Cuántas cartas Intermisión (salta al siguiente) lleva el mazo."),
        "eleccion_coeficiente": ("Cartas Elección de coeficiente", "Cuántas cartas Elección de coeficiente lleva el mazo."),
        "eleccion_grado": ("Cartas Elección de grado", "Cuántas cartas Elección de grado lleva el mazo."),
        "toma_cuatro": ("Cartas Toma cuatro", "Cuántas cartas Toma cuatro lleva el mazo."),
        "hints": ("Ayudas en las cartas", "Escribe en las esquinas el coeficiente y el grado de cada monomio."),
        "draw_freely": ("Robar cuando quieras", "Variante: puedes robar aunque tengas una carta que se pueda jugar."),
        "retorno_two_players": ("Retorno con dos jugadores", "reverse: solo cambia el sentido (con dos, vuelve a tocarte al otro); skip: el otro pierde su turno, como en el UNO."),
        "last_card_draws": ("Robo con la última carta", "Si la última carta de la ronda es Toma dos o Toma cuatro, el siguiente roba igualmente (y esas cartas cuentan en los puntos)."),
        "round_starter": ("Quién empieza cada ronda", "rotate: el reparto pasa al jugador de la izquierda; winner: empieza quien ganó la ronda anterior."),
        "after_action": ("Después de una carta de acción", "monomial: hay que seguir el coeficiente o el grado del último monomio; free: vale cualquier carta."),
        "target_score": ("Puntos para ganar", "Los puntos con los que se gana la partida."),
        "algebra_call": ("Simulación: decir «ÁLGEBRA»", "Probabilidad de que un jugador se acuerde de decir «ÁLGEBRA» al jugar su penúltima carta."),
        "algebra_catch": ("Simulación: pillar el olvido", "Probabilidad de que alguien pille a tiempo un «ÁLGEBRA» olvidado (el olvidadizo roba dos)."),
    },
    "en": {
        "coefficients": ("Coefficients", ""),
        "degrees": ("Degrees", ""),
        "variables": ("Letters", ""),
        "copies": ("Cards per pair", ""),
        "toma_dos": ("Toma dos cards", ""),
        "retorno": ("Retorno cards", ""),
        "intermision": ("Intermisión cards", ""),
        "eleccion_coeficiente": ("Elección de coeficiente cards", ""),
        "eleccion_grado": ("Elección de grado cards", ""),
        "toma_cuatro": ("Toma cuatro cards", ""),
        "hints": ("Hints on the cards", ""),
        "draw_freely": ("Draw freely", ""),
        "retorno_two_players": ("Retorno with two players", ""),
        "last_card_draws": ("Last card still draws", ""),
        "round_starter": ("Who opens each round", ""),
        "after_action": ("After an action card", ""),
        "target_score": ("Points to win", ""),
        "algebra_call": ("Simulation: saying ÁLGEBRA", ""),
        "algebra_catch": ("Simulation: catching a forgotten call", ""),
    },
}

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
