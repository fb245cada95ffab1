"""Names and plain-words explanations of Monete's options, for forms (the web page)."""

OPTION_TEXT = {
    "es": {
        "mode": ("Modo de juego", "perezoso: sin cartas moradas, un marcador de número; siesta: todas las cartas, marcador de número; recreo: los dos marcadores, respetas uno; jungla: los dos marcadores, respetas los dos; all: el mazo completo, comprobado en todos los modos."),
        "wildcards": ("Comodines", "Incluye los 4 comodines."),
        "top": ("Número más alto", "Las cartas van del 1 a este número en cada color; el 1 y este número cierran una ronda. 10 hace un mazo para los más pequeños."),
        "combo": ("Combo más largo", "Cuántas cartas seguidas puedes jugar de una vez como máximo. 1: sin combos."),
        "deck_out": ("Cuando se acaba el mazo", "empty: la partida acaba al robar la última carta; need: acaba cuando alguien tiene que robar y ya no quedan."),
        "give_taken": ("Devolver la carta tomada", "Con «Te la cambio» y «Espiar», la carta que devuelves puede ser la misma que acabas de tomar. Desmarcado: una carta tuya."),
        "wild_discard": ("Descartar un comodín", "En un «¡Monete!», quien no tiene el 1 (o el número más alto) puede descartar un comodín en vez de robar."),
    },
    "en": {
        "mode": ("Game mode", ""),
        "wildcards": ("Wild cards", ""),
        "top": ("Highest number", ""),
        "combo": ("Longest combo", ""),
        "deck_out": ("When the draw pile runs out", ""),
        "give_taken": ("Give back the card taken", ""),
        "wild_discard": ("Discard a wild card", ""),
    },
}
