"""Names and plain-words explanations of Multipli Cat's options, for forms (the web page)."""

OPTION_TEXT = {
    "es": {
        "tables": ("Tablas de multiplicar", "Las tablas que entran en el mazo: un intervalo como 1-6 o una lista como 2,5,10."),
        "specials": ("Cartas especiales", "Incluye las cartas especiales. Quítalas para empezar con los más pequeños."),
        "end": ("Final de la partida", "two-left: se juega hasta que solo quedan dos jugadores, que pierden; first: la partida acaba cuando el primer jugador se queda sin cartas."),
        "next_after_exchange": ("Quién sigue tras un golpe", "loser: después de un golpe ganado, levanta carta quien se llevó las cartas; next: sigue el turno en orden."),
        "raton_call": ("Cantar «¡Ratón!»", "Regla para jugadores expertos: si nadie golpea una pareja, se puede cantar «¡Ratón!»."),
        "infinite": ("Partida infinita", "Quien se queda sin cartas gana un punto y recibe cartas de nuevo."),
        "infinite_points": ("Puntos para ganar (partida infinita)", "La partida infinita acaba cuando alguien llega a estos puntos."),
        "infinite_refill": ("Cartas al rellenar (partida infinita)", "Cartas que recibe quien se queda sin ninguna. 0: entre 15 y 30 según los jugadores (30 con 3, 15 con 8), nunca más que el reparto igualado del mazo."),
        "reaction_ms": ("Simulación: tiempo de reacción (ms)", "Lo que tarda en golpear un jugador típico en las partidas simuladas; una lista con comas da uno por jugador."),
        "reaction_spread": ("Simulación: variación del tiempo de reacción", "Cuánto cambian los tiempos de reacción de un golpe a otro."),
        "miss_rate": ("Simulación: despistes", "Probabilidad de que un jugador que podría golpear no se dé cuenta."),
        "false_slap_rate": ("Simulación: golpes por error", "Probabilidad, por carta levantada, de que alguien golpee sin motivo."),
    },
    "en": {
        "tables": ("Times tables", ""),
        "specials": ("Special cards", ""),
        "end": ("End of the game", ""),
        "next_after_exchange": ("Who goes after a slap", ""),
        "raton_call": ("Call ¡Ratón!", ""),
        "infinite": ("Infinite match", ""),
        "infinite_points": ("Points to win (infinite match)", ""),
        "infinite_refill": ("Refill cards (infinite match)", ""),
        "reaction_ms": ("Simulation: reaction time (ms)", ""),
        "reaction_spread": ("Simulation: reaction-time spread", ""),
        "miss_rate": ("Simulation: missed chances", ""),
        "false_slap_rate": ("Simulation: false slaps", ""),
    },
}
