"""Names and plain-words explanations of the algebra game's options, for forms (the web page), and
the words of the model checker's counterexamples."""

from deckgen.engine.replay import word
from deckgen.i18n import N_, pgettext

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
# of a loop (engine/replay.py): each a catalog message whose placeholders take the term's arguments
# in order ("sep" joins a list). Card names (monomials as printed, Toma dos, Elección de grado...)
# are the same in every language.
MODEL_WORDS = {
    # moves
    "plays": word(N_("plays {card}"), "card"),
    "draws a card": word(N_("draws a card")),
    "keeps": word(N_("keeps the drawn card")),
    "names coefficient": word(N_("names coefficient {value}"), "value"),
    "names degree": word(N_("names degree {value}"), "value"),
    # chance: the deal, the draws, the ÁLGEBRA moment
    "deal": word(N_("deal: {hands}; turned up: {card}"), "hands", "card", sep="; "),
    "seat holds": word(N_("seat {seat}: {cards}"), "seat", "cards"),
    "draws": word(N_("seat {seat} draws {cards}"), "seat", "cards"),
    "finds nothing": word(N_("seat {seat} finds nothing to draw"), "seat"),
    "algebra said": word(N_("ÁLGEBRA said (or not caught)")),
    "algebra caught": word(N_("ÁLGEBRA forgotten and caught: 2 penalty cards")),
    # cards
    "cards": word("", "cards"),
    "copies": word(N_("{n} cards {card}"), "n", "card"),  # not "5 × 2x^2": a product, in a game of monomials
    "nothing": word(N_("nothing")),
    "empty": word(pgettext("pile", "empty")),
    "monomial": word(N_("coefficient {coefficient}, degree {degree}"), "coefficient", "degree"),
    # a position
    "before the deal": word(N_("the cards before the deal: {cards}"), "cards"),
    "round over": word(N_("the round is over: {how}"), "how"),
    "went out": word(N_("seat {seat} went out"), "seat"),
    "blocked": word(N_("blocked")),
    "to act": word(N_("seat {seat} to act"), "seat"),
    "to draw": word(N_("seat {seat} to draw"), "seat"),
    "algebra or not": word(N_("seat {seat}: ÁLGEBRA said or not"), "seat"),
    "any card": word(N_("any card")),
    "coefficient": word(N_("coefficient {value}"), "value"),
    "degree": word(N_("degree {value}"), "value"),
    "coefficient or degree": word(N_("coefficient {coefficient} or degree {degree}"), "coefficient", "degree"),
    "position": word(N_("{turn}; on the table {card} (follow {rule}); {hands}; draw pile: {pile}; under the top card: {under}"),
                     "turn", "card", "rule", "hands", "pile", "under", sep="; "),
}
