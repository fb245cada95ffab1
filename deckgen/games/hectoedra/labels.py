"""Names and plain-words explanations of Hectoedra's options, for forms (the web page)."""

OPTION_TEXT = {
    "es": {
        "cards": ("Cartas", "Los números del mazo: un intervalo como 1-20 o una lista como 2,3,5."),
        "aids": ("Ayudas en las cartas", "prime: una marca en los primos; factors: la descomposición en factores; divisors: la lista de divisores. Sepáralas con comas; vacío: sin ayudas."),
        "per_player": ("Cartas por jugador", "Cuántas cartas por jugador entran en el mazo de cada ronda."),
        "hand": ("Cartas en la mano", "Cuántas cartas tienes en la mano; robas hasta tenerlas después de cada turno, mientras queden."),
        "rounds": ("Rondas", "Rondas de la partida. 0: tantas como jugadores."),
        "start_tie": ("Empate al empezar", "Si varios tienen los mismos primos, youngest: empieza el más joven; random: se sortea."),
        "next_starter": ("Quién empieza la ronda siguiente", "last-played: quien puso la última carta en el montón; last-turn: quien jugó el último turno."),
        "each_starts": ("Todos empiezan una ronda", "Nadie empieza dos rondas antes de que todos hayan empezado una: si a quien jugó la última carta ya le tocó empezar, empieza el siguiente que aún no lo ha hecho."),
        "must_play": ("Obligado a jugar", "Si tienes una carta que se puede jugar, tienes que jugarla. Desmarcado: también puedes elegir una penalización."),
        "keep_penalties": ("Guardar las penalizaciones", "Las cartas de penalización se quedan boca abajo toda la partida en vez de volver al mazo en cada reparto."),
    },
    "en": {
        "cards": ("Cards", ""),
        "aids": ("Aids on the cards", ""),
        "per_player": ("Cards per player", ""),
        "hand": ("Cards in hand", ""),
        "rounds": ("Rounds", ""),
        "start_tie": ("Tie at the start", ""),
        "next_starter": ("Who starts the next round", ""),
        "each_starts": ("Everyone starts a round", ""),
        "must_play": ("Must play", ""),
        "keep_penalties": ("Keep penalties", ""),
    },
}
