"""The validation report (``pipeline.report_text``) in the page's language.

The engine writes its report in English. The Spanish page shows it in Spanish: each line is read by
its shape (a check line, a measures table, the legend...) and its words are looked up in the tables
below, where every number of a sentence is a ``{}`` (the numbers are put back in the same order, or
by index). A line the tables do not know stays as the engine wrote it and is listed by
``translated`` (the test asks for none in the five games' default decks).
"""

from __future__ import annotations

import ast
import re
from typing import Mapping

NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")

# names of checks and measures (their "(N players)" / "(mode, N players)" tail is read apart)
NAMES = {
    "master cards": "cartas de maestra",
    "player counts this list can deal": "números de jugadores que puede repartir esta lista",
    "a game deck for {} players": "un mazo de partida para {} jugadores",
    "a master can open the first path": "una maestra puede abrir el primer camino",
    "a path can be won": "se puede ganar un camino",
    "a path fits on the grid": "un camino cabe en la cuadrícula",
    "a round can be closed": "se puede cerrar una ronda",
    "action cards": "cartas de acción",
    "action cards of each type": "cartas de acción de cada tipo",
    "action names": "nombres de las acciones",
    "action numbers spread evenly over {}..{}": "números de las acciones repartidos por igual entre {} y {}",
    "blocked rounds": "rondas bloqueadas",
    "card kinds": "tipos de carta",
    "cards": "cartas",
    "cards besides the central one divide evenly": "las cartas, sin la central, se reparten por igual",
    "cards of one (coefficient, degree) pair are different monomials where possible":
        "las cartas de un mismo par (coeficiente, grado) son monomios distintos cuando se puede",
    "cards per turn": "cartas por turno",
    "central card": "carta central",
    "combos per play": "combos por jugada",
    "comodines": "comodines",
    "composition for every player count": "composición para cada número de jugadores",
    "deck runs out": "se acaba el mazo",
    "draws per round": "robos por ronda",
    "draws per match": "robos por partida",
    "empty cards marked with the player counts that take them out": "cartas vacías marcadas con los números de jugadores que las quitan",
    "enough cards for {} players": "cartas suficientes para {} jugadores",
    "enough cards for the players": "cartas suficientes para los jugadores",
    "enough cards to deal": "cartas suficientes para repartir",
    "every card can be played on another card": "cada carta se puede jugar sobre otra carta",
    "every card can be played on some card": "cada carta se puede jugar sobre alguna carta",
    "every card can enter play": "cada carta puede entrar en juego",
    "every card can follow another": "cada carta puede seguir a otra",
    "every card can reach play from every card (follow-graph of the monomials and the wild cards)":
        "cada carta puede llegar a jugarse desde cualquier carta (grafo de los monomios y los comodines)",
    "every card turned up first has its starting rule": "cada carta que sale primero tiene su regla de inicio",
    "every coefficient and every degree can be followed (two cards or more carry it)":
        "cada coeficiente y cada grado se pueden seguir (los llevan dos cartas o más)",
    "every coefficient appears equally often": "cada coeficiente aparece las mismas veces",
    "every deal searched": "todos los repartos explorados",
    "cards for {} players": "cartas para {} jugadores",
    "cards besides the central one divide among {} players": "las cartas, sin la central, se reparten entre {} jugadores",
    "no dead end": "ningún callejón sin salida",
    "an end is always reachable": "siempre se puede llegar a un final",
    "no trap": "ninguna trampa",
    "games are short enough to check": "las partidas son lo bastante cortas para comprobarlas",
    "every degree appears equally often": "cada grado aparece las mismas veces",
    "every game ends": "toda partida termina",
    "every game's length is bounded": "la duración de toda partida está acotada",
    "simulation": "simulación",
    "every monomial can be followed by another (same coefficient or degree)":
        "cada monomio puede ir seguido de otro (mismo coeficiente o grado)",
    "every multiplication's product has a product card": "el producto de cada multiplicación tiene su carta de producto",
    "every number {}..{} once in each colour": "cada número del {} al {} una vez en cada color",
    "every number card can be matched": "cada carta de número tiene pareja",
    "every number once": "cada número una vez",
    "every point card can enter a path": "cada carta de puntos puede entrar en un camino",
    "every product card is reached by a multiplication card": "a cada carta de producto llega una carta de multiplicación",
    "every round dealt as printed": "cada ronda se reparte como está impreso",
    "every top card can be followed": "cada carta de arriba se puede seguir",
    "everyone started a round": "todos empezaron una ronda",
    "fewest-primes ties": "empates de menos primos",
    "first player's wins": "victorias del primer jugador",
    "full set": "juego completo",
    "games ended": "partidas terminadas",
    "games with no master won": "partidas sin ninguna maestra ganada",
    "gula rate": "tasa de gula",
    "hectoíndices {} to {}": "hectoíndices del {} al {}",
    "legal card at turn": "carta válida en el turno",
    "links are symmetric": "los enlaces son simétricos",
    "markers": "marcadores",
    "master cards per colour": "cartas maestras por color",
    "masters placed per game": "maestras colocadas por partida",
    "masters won per game": "maestras ganadas por partida",
    "missed chances": "ocasiones perdidas",
    "monomial cards": "cartas de monomio",
    "multiplication cards": "cartas de multiplicación",
    "number cards": "cartas de número",
    "paths left unwon": "caminos sin ganar",
    "penalties per player per round": "castigos por jugador y ronda",
    "penalty cards per round": "cartas de castigo por ronda",
    "player counts this deck serves": "números de jugadores que sirve este mazo",
    "players": "jugadores",
    "point cards": "cartas de puntos",
    "product cards": "cartas de producto",
    "product cards are distinct": "las cartas de producto son distintas",
    "product cards list exactly the deck's multiplications ({} to {})":
        "las cartas de producto muestran justo las multiplicaciones del mazo ({} a {})",
    "round wins by the opener": "rondas ganadas por quien abre",
    "rounds closed by ¡Monete!": "rondas cerradas con ¡Monete!",
    "rounds per game": "rondas por partida",
    "rounds per match": "rondas por partida",
    "seat {} wins": "victorias del asiento {}",
    "seat advantage (points)": "ventaja por asiento (puntos)",
    "shared wins": "victorias compartidas",
    "slap chances per turn": "ocasiones de palmada por turno",
    "slaps per reveal": "palmadas por carta descubierta",
    "special cards": "cartas especiales",
    "special names": "nombres de las especiales",
    "specials per game": "especiales por partida",
    "starter edge": "ventaja de quien empieza",
    "sympy reads each monomial's coefficient and degree as printed on the card":
        "sympy lee el coeficiente y el grado de cada monomio como están impresos en la carta",
    "table recycles per game": "veces que se recicla la mesa por partida",
    "the chosen numbers": "los números elegidos",
    "the deal for {} players": "el reparto para {} jugadores",
    "tie-break played": "desempate jugado",
    "turns per game": "turnos por partida",
    "turns per round": "turnos por ronda",
    "turns passed": "turnos pasados",
    "turns that must draw": "turnos en que hay que robar",
    "turns with a draw": "turnos con robo",
    "turns without a legal card": "turnos sin carta válida",
    "variables are spread evenly": "las variables están repartidas por igual",
    "ÁLGEBRA caught per round": "ÁLGEBRA pillados por ronda",
    "turns": "turnos",
    "game length (turns, mean)": "duración de la partida (turnos, media)",
    "turns: mean": "turnos: media",
    "turns: median": "turnos: mediana",
    "turns: p{}": "turnos: p{}",
}

# what a check found (a number of the sentence is a {})
DETAILS = {
    "{} cards besides the central one": "{} cartas sin contar la central",
    "{} cards, {} needed ({} each in the round's game deck)": "{} cartas, hacen falta {} ({} cada uno en el mazo de partida de la ronda)",
    "{}": "{}",
    "{} cards a player in each round's game deck ({} in hand), in every round of the {} games":
        "{} cartas por jugador en el mazo de partida de cada ronda ({} en la mano), en todas las rondas de las {} partidas",
    "{} cards each": "{} cartas cada uno",
    "{} cards serve {} to {} players ({} each, {} turned up, {} in reserve to draw after the deal)":
        "{} cartas sirven para {} a {} jugadores ({} cada uno, {} boca arriba, {} de reserva para robar tras el reparto)",
    "{} coefficients, {} degrees": "{} coeficientes, {} grados",
    "{} different numbers": "{} números distintos",
    "{} empty cards in the full set": "{} cartas vacías en el juego completo",
    "{} kinds of card can close a round with ¡Monete!": "{} tipos de carta pueden cerrar una ronda con ¡Monete!",
    "{} kinds of card each follow some card": "{} tipos de carta siguen cada uno a alguna carta",
    "{} kinds × every dealer, {}-{} players": "{} tipos × cada repartidor, {}-{} jugadores",
    "{} linked pairs of {}": "{} parejas enlazadas de {}",
    "{} master cards": "{} cartas maestras",
    "{} monomials": "{} monomios",
    "{} monomials agree": "{} monomios coinciden",
    "{} of {} cards": "{} de {} cartas",
    "{} pairs": "{} pares",
    "{} products have a card": "{} productos tienen carta",
    "{} products reached": "{} productos alcanzados",
    "{} to {} players": "de {} a {} jugadores",
    "{} to {} players (checked for the {} asked for)": "de {} a {} jugadores (comprobado para los {} pedidos)",
    "{} players (checked for the {} asked for)": "{} jugadores (comprobado para los {} pedidos)",
    "{} = {} × {}": "{} = {} × {}",
    "no number of empty cards taken out makes {} cards divide among {} players":
        "ningún número de cartas vacías quitadas hace que {} cartas se repartan entre {} jugadores",
    "{} cards each for {} players from {}": "{} cartas cada uno para {} jugadores de {}",
    "{} playing cards, {} needed ({} each and a draw pile of {} per player)":
        "{} cartas de juego, hacen falta {} ({} cada uno y un mazo de robo de {} por jugador)",
    "{} playing cards, {} needed ({} each and a draw pile of {} per player) in PEREZOSO, which plays without the purple cards":
        "{} cartas de juego, hacen falta {} ({} cada uno y un mazo de robo de {} por jugador) en PEREZOSO, que se juega sin "
        "las cartas moradas",
    "{} cards; {} × {} dealt + {} turned up + {} in reserve = {} (the reserve: cards left to draw after the deal, for a Toma cuatro "
    "and penalties)": "{} cartas; {} × {} repartidas + {} boca arriba + {} de reserva = {} (la reserva: las cartas que quedan para "
    "robar tras el reparto, para un Toma cuatro y los castigos)",
    "{} cards; {} players need {}": "{} cartas; {} jugadores necesitan {}",
    "no player count: no count of players can be dealt this deck": "ningún número de jugadores: este mazo no se puede repartir a ninguno",
    "skipped: the deck fails its static checks": "no se hizo: el mazo no pasa sus comprobaciones estáticas",
    "{} cards per pile (at least {} needed)": "{} cartas por montón (hacen falta al menos {})",
    "{}: points {}-{} in {} colours": "{}: puntos del {} al {} en {} colores",
    "a master and {} linked cards exist": "hay una maestra y {} cartas enlazadas",
    "a straight arm of {} cards from a side is legal": "un brazo recto de {} cartas desde un lado es válido",
    "all {} cards": "las {} cartas",
    "all {} cards dealt into {} piles of {} cards": "las {} cartas repartidas en {} montones de {} cartas",
    "all {} cards dealt into {} piles of {} or {} cards": "las {} cartas repartidas en {} montones de {} o {} cartas",
    "all in {}..{}": "todos entre {} y {}",
    "all known": "todos conocidos",
    "all lists match": "todas las listas coinciden",
    "at worst {} cards of the deck can follow (top {} colour {}, marker -)":
        "en el peor caso {} cartas del mazo pueden seguir (arriba {}, color {}, marcador -)",
    "at worst {} cards of the deck can follow (top {}, marker -)":
        "en el peor caso {} cartas del mazo pueden seguir (arriba {}, marcador -)",
    "central, master, points, empty": "central, maestra, puntos, vacía",
    "complete": "completo",
    "each card has a partner by the three rules": "cada carta tiene pareja por las tres reglas",
    "each of the {} products is on at least {} cards": "cada uno de los {} productos está en al menos {} cartas",
    "every number carries {} to {} action cards": "cada número lleva de {} a {} cartas de acción",
    "every point card links from a master, directly or through other cards":
        "cada carta de puntos enlaza desde una maestra, directamente o a través de otras cartas",
    "match the --cards option": "coinciden con la opción --cards",
    "monomial, action": "monomio, acción",
    "monomials follow one another; action cards go anywhere": "los monomios se siguen unos a otros; las cartas de acción van en cualquier sitio",
    "multiplication, product, special": "multiplicación, producto, especial",
    "no failure in {} games of random and built-in players: at {}% confidence, fewer than {}/{} ({}%) of games dealt and played "
    "this way fail to end; a sample bounds these players' games, not deals: a deal that gets stuck only after rare moves can go unseen":
        "ningún fallo en {} partidas de jugadores al azar e integrados: con un {} % de confianza, menos de {}/{} ({} %) de las "
        "partidas repartidas y jugadas así no terminan; una muestra acota las partidas de estos jugadores, no los repartos: un "
        "reparto que solo se atasca tras jugadas raras puede pasar sin verse",
    "no game was left to show it: {} played, {} excused as the computer player's loops":
        "no quedó ninguna partida que lo muestre: se jugaron {}, y {} se descartaron por ser bucles del jugador del programa",
    "no repeats": "sin repeticiones",
    "number": "número",
    "number cards {}, {} close a round": "las cartas de número {} y {} cierran una ronda",
    "number, action, wild, marker": "número, acción, comodín, marcador",
    "proven for every deal: {} × draw pile + cards in hands (at most {}) loses at least one every turn and never grows, "
    "so at most {} turns of at most {} decisions: {} steps, within the step budget":
        "demostrado para todo reparto: {} × mazo de robo + cartas en las manos (como mucho {}) pierde al menos una en cada turno "
        "y nunca crece, así que como mucho {} turnos de como mucho {} decisiones: {} pasos, dentro del límite de pasos",
    "proven for every deal: (rounds left, a deal due, cards in hands and the draw pile) decreases at every turn; "
    "{} rounds of at most {} × {} turns and a deal; so a game lasts at most {} steps, within the step budget":
        "demostrado para todo reparto: (rondas que quedan, un reparto pendiente, cartas en las manos y en el mazo de robo) "
        "baja en cada turno; {} rondas de como mucho {} × {} turnos y un reparto; así que una partida dura como mucho {} pasos, "
        "dentro del límite de pasos",
    "proven for every deal: the tuple (phase, {} × draw pile + cards in hands, passes left) decreases at every action "
    "(a draw or a pass is always legal with nothing to place), so a game lasts at most ({} × {} + {}) × {} + {} = {} actions, "
    "within the step budget":
        "demostrado para todo reparto: la tupla (fase, {} × mazo de robo + cartas en las manos, pases que quedan) baja en cada "
        "acción (robar o pasar siempre vale si no hay nada que colocar), así que una partida dura como mucho "
        "({} × {} + {}) × {} + {} = {} acciones, dentro del límite de pasos",
    "proven for every deal by the game's argument (every card of this deck can be played at any time): the player to act "
    "always holds a legal card, or a drawn card to play or keep, or a value to name":
        "demostrado para todo reparto por el argumento del juego (toda carta de este mazo se puede jugar en cualquier momento): "
        "quien tiene el turno siempre tiene una carta que vale, o una carta robada que jugar o quedarse, o un valor que elegir",
    "proven for every deal by the game's argument (every card of this deck can be played at any time): from any position, "
    "each player plays a card and no card of this deck makes anyone draw, so the cards in hands drop at every play, within "
    "{} moves; the winner scores at least {} point, so a match reaches its target":
        "demostrado para todo reparto por el argumento del juego (toda carta de este mazo se puede jugar en cualquier momento): "
        "desde cualquier posición, cada jugador juega una carta y ninguna carta de este mazo hace robar a nadie, así que las "
        "cartas en las manos bajan con cada jugada, en como mucho {} jugadas; quien gana suma al menos {} punto, así que la "
        "partida llega a su meta",
    "proven for every deal by the game's argument (every card of this deck can be played at any time): from any position, "
    "each player plays a card that passes the turn while they hold one; the first who holds only cards that keep the turn "
    "(those that skip the other player) plays them all and goes out, within {} moves; the winner scores at least {} point, "
    "so a match reaches its target":
        "demostrado para todo reparto por el argumento del juego (toda carta de este mazo se puede jugar en cualquier momento): "
        "desde cualquier posición, cada jugador juega una carta que pasa el turno mientras le quede alguna; el primero que solo "
        "tiene cartas que conservan el turno (las que saltan al otro jugador) las juega todas y se queda sin cartas, en como "
        "mucho {} jugadas; quien gana suma al menos {} punto, así que la partida llega a su meta",
    "proven for every deal by the game's argument (every card of this deck can be played at any time): those moves have a "
    "positive chance from every position, so random players end every round, and the match, with probability {}":
        "demostrado para todo reparto por el argumento del juego (toda carta de este mazo se puede jugar en cualquier momento): "
        "esas jugadas tienen probabilidad positiva desde cualquier posición, así que jugadores al azar terminan cada ronda, y "
        "la partida, con probabilidad {}",
    "proven: one group of monomials": "demostrado: un solo grupo de monomios",
    "proven: Elección cards name any coefficient or degree": "demostrado: las cartas Elección eligen cualquier coeficiente o grado",
    "proven: any card follows an action card (after_action free), and the engine gives that choice to the next player":
        "demostrado: cualquier carta sigue a una carta de acción (after_action free), y el motor da esa elección al jugador siguiente",
    "proven for every deal: no closed set of positions without an end (finite graph, an end reachable from each)":
        "demostrado para todo reparto: ningún conjunto cerrado de posiciones sin final (grafo finito, con un final al que se "
        "llega desde cada una)",
    "{} positions form a closed set without an end (the replay above reaches one)":
        "{} posiciones forman un conjunto cerrado sin final (el ejemplo de arriba llega a una de ellas)",
    "validation stopped after {} games: they took {} steps, about {} a game, and it spends at most {} on a player count; "
    "fewer than {} measured games cannot be trusted":
        "la comprobación se paró tras {} partidas: costaron {} pasos, unos {} por partida, y no gasta más de {} por número de "
        "jugadores; con menos de {} partidas medidas no hay que fiarse",
    "the argument fails: its bound, {} steps, is above the step budget of {}":
        "el argumento falla: su cota, {} pasos, supera el límite de pasos de {}",
    "the competitive game for {} to {} players ({} cards each in a round's game deck)":
        "el juego competitivo para {} a {} jugadores ({} cartas cada uno en el mazo de partida de una ronda)",
    "[('colour', 'different'), ('colour', 'same'), ('number', '+'), ('number', '-')]":
        "(color, distinto), (color, igual), (número, +), (número, -)",
}

# why a measured figure must stay in its range
REASONS = {
    "not judged: {} games are too few to tell luck from an edge (at least {}; more --games)":
        "sin juzgar: {} partidas son demasiado pocas para distinguir la suerte de una ventaja (al menos {}; más --games)",
    "below {}% most turns are spent drawing and the round turns into a lottery":
        "por debajo del {} % casi todos los turnos se van en robar y la ronda se vuelve una lotería",
    "rounds must mostly end by a {} or a TOP, not by everyone passing":
        "las rondas deben acabar casi siempre con un {} o un TOP, no porque todos pasen",
    "a game that nearly always ends on the empty draw pile is a drawing contest":
        "una partida que casi siempre acaba con el mazo de robo vacío es un concurso de robar",
    "a player who draws more often than plays is not playing": "quien roba más veces de las que juega no está jugando",
    "a player who draws more often than they place is waiting, not playing": "quien roba más veces de las que coloca está esperando, no jugando",
    "a round should end by a player going out, not by running out of cards":
        "una ronda debe acabar porque alguien se queda sin cartas en la mano, no porque se acaben las cartas",
    "a shared win is a result the rules state, but most games should still have one winner":
        "las reglas prevén la victoria compartida, pero la mayoría de las partidas deben tener un solo ganador",
    "in at most one game in ten may nobody win a master": "como mucho en una partida de cada diez puede quedarse una maestra sin ganar",
    "{}% to {}%: the penalty must happen sometimes for the rule to matter, and most turns must still be plays":
        "del {} % al {} %: el castigo tiene que darse a veces para que la regla cuente, y la mayoría de los turnos deben seguir siendo jugadas",
    "the first seat should win near its fair share ({}%)": "el primer asiento debe ganar cerca de lo que le toca ({} %)",
    "the opener should win about {} in {} rounds, as every seat does": "quien abre debe ganar más o menos {} de cada {} rondas, como cualquier asiento",
    "the player who starts should win about one game in {} (within {} points)":
        "quien empieza debe ganar más o menos una partida de cada {} (con {} puntos de margen)",
    "a chance to slap at least every {} cards (every {} s at {} s a card)":
        "una ocasión de palmada al menos cada {} cartas (cada {} s a {} s por carta)",
    "a game fits a class hour ({} cards at {} s each)": "una partida cabe en una hora de clase ({} cartas a {} s cada una)",
    "a match to the target score should fit a few class sessions": "una partida hasta la puntuación objetivo debe caber en unas pocas clases",
    "a round where nobody is ever stuck has no tension, and one where a player loses half the hand to penalties is luck, not play":
        "una ronda en la que nadie se atasca nunca no tiene tensión, y una en la que alguien pierde media mano en castigos es suerte, no juego",
    "a turn should usually play a card": "en un turno se suele jugar una carta",
    "drawing more than half the deck per round means the draw pile is recycled again and again":
        "robar más de medio mazo por ronda quiere decir que el mazo de robo se recicla una y otra vez",
    "masters are the score: a game where fewer than two paths are won is decided by the tie-break, not by play":
        "las maestras son la puntuación: una partida en la que se ganan menos de dos caminos la decide el desempate, no el juego",
    "starting a round must not decide it: the starter's share of round wins within {} to {} times a fair share":
        "empezar una ronda no debe decidirla: las rondas que gana quien empieza, entre {} y {} veces lo que le toca",
}

# what to try when a measured figure is out of its range (the simulation claims of each game's engine)
TRIES = {
    "more --confidence": "más --confidence",
    "more --games to tell luck from an edge, or another --mode":
        "más partidas (--games) para distinguir la suerte de una ventaja, u otro modo (--mode)",
    "more --games to tell luck from an edge, or --round-starter rotate":
        "más partidas (--games) para distinguir la suerte de una ventaja, o --round-starter rotate",
    "more --games to tell luck from an edge, or --next-starter last-turn":
        "más partidas (--games) para distinguir la suerte de una ventaja, o --next-starter last-turn",
    "more --games to tell luck from an edge, or a larger --hand":
        "más partidas (--games) para distinguir la suerte de una ventaja, o una mano más grande (--hand)",
    "more penalties: fewer --cards with many divisors; fewer: a larger --hand or --cards 1-100":
        "para más castigos, menos números con muchos divisores (--cards); para menos, una mano más grande (--hand) o --cards 1-100",
    "a larger --hand, or --cards with more small numbers (more divisors in common)":
        "una mano más grande (--hand), o números más pequeños en --cards (más divisores en común)",
    "a lower --top, --wildcards, or an easier --mode": "un --top más bajo, --wildcards, o un modo más fácil (--mode)",
    "--wildcards, a lower --top, or an easier --mode (perezoso, siesta)":
        "--wildcards, un --top más bajo, o un modo más fácil (--mode perezoso o siesta)",
    "--wildcards, an easier --mode (perezoso, siesta), or a higher --combo":
        "--wildcards, un modo más fácil (--mode perezoso o siesta), o un --combo más alto",
    "fewer --players, a higher --top, or --deck-out need": "menos jugadores (--players), un --top más alto, o --deck-out need",
    "fewer --coefficients or --degrees values (more cards share each), more --copies, or --after-action free":
        "menos valores en --coefficients o --degrees (más cartas comparten cada uno), más --copies, o --after-action free",
    "fewer --toma-dos and --toma-cuatro cards, or more --copies": "menos cartas --toma-dos y --toma-cuatro, o más --copies",
    "a lower --target-score": "un --target-score más bajo",
    "more cards (--copies, a wider --coefficients range) or fewer --players":
        "más cartas (--copies, un intervalo --coefficients más ancho) o menos jugadores (--players)",
    "a shorter --path-length, --link either, or --refill": "un --path-length más corto, --link either, o --refill",
    "a shorter --path-length, or --link either": "un --path-length más corto, o --link either",
    "--link either, --in-line links or off, or --corners": "--link either, --in-line links u off, o --corners",
    "--tiebreak always": "--tiebreak always",
    "fewer --tables with more repeated products (e.g. 1-5), or --specials":
        "menos tablas (--tables) con más productos repetidos (por ejemplo 1-5), o --specials",
    "fewer --tables, --end first, or fewer --players": "menos tablas (--tables), --end first, o menos jugadores (--players)",
    "report it: the rules broke their own bound": "avísanos: las reglas se saltaron su propio límite",
    "more cards: a wider --coefficients or --degrees range, more --copies":
        "más cartas: un intervalo --coefficients o --degrees más ancho, más --copies",
    "at most {} --players, or more cards: a wider --coefficients or --degrees range, more --copies":
        "como mucho {} jugadores (--players), o más cartas: un intervalo --coefficients o --degrees más ancho, más --copies",
    "more cards, or fewer cards in a hand (see the checks above)": "más cartas, o menos cartas en cada mano (mira las comprobaciones de arriba)",
    "fix the failing checks above first": "arregla antes las comprobaciones de arriba que fallan",
    "--no-keep-penalties (penalty cards go back into every deal), or more --cards, fewer --rounds or a lower --per-player":
        "--no-keep-penalties (las cartas de castigo vuelven a cada reparto), o más cartas (--cards), menos rondas (--rounds) "
        "o un --per-player más bajo",
    "more --cards or a lower --per-player": "más cartas (--cards) o un --per-player más bajo",
    "--per-player {}, fewer --players, or more --cards": "--per-player {}, menos jugadores (--players) o más cartas (--cards)",
    "fewer --players, or more --tables (each table adds {} multiplication cards)":
        "menos jugadores (--players), o más tablas (--tables: cada tabla añade {} cartas de multiplicación)",
    "--removal fewest": "--removal fewest",
    "more cards in the file": "más cartas en el archivo",
    # the model checker's and the simulation's claims (engine/claims.py, engine/validate.py)
    "a card or rule that leaves the player to act without a legal move: see the replay":
        "una carta o una regla que deja sin jugada válida a quien le toca: mira el ejemplo",
    "the cards named in the replay can never be got rid of: change or add cards so that they can":
        "las cartas que nombra el ejemplo nunca se pueden soltar: cambia cartas o añade otras para que se pueda",
    "more cards, or rules that give back to the deal what they take out (see the replay)":
        "más cartas, o reglas que devuelvan al reparto lo que quitan (mira el ejemplo)",
    "nothing in your deck: this is a bug in deckgen's rules; report the command and the seed":
        "nada de tu mazo: es un fallo de las reglas de deckgen; avísanos con la orden y la semilla",
    "fewer cards that make players draw: hands of hundreds of cards make a game no class can finish":
        "menos cartas que hagan robar: con manos de cientos de cartas ninguna clase acaba la partida",
    "games this long do not fit a class: fewer cards, or rules that end a game sooner":
        "partidas tan largas no caben en una clase: menos cartas, o reglas que acaben antes la partida",
    "add monomials that share a coefficient or degree across the groups, or Elección cards":
        "añade monomios que compartan coeficiente o grado entre los grupos, o cartas Elección",
}

# what a game's model covers (``Engine.model_scope``)
SCOPES = {"one round": "una ronda"}

# why a simulated game did not end (engine/loop.py)
PROBLEMS = {
    "the same position came back {} times (a loop)": "la misma posición volvió {} veces (un bucle)",
    "did not end within {} steps": "no terminó en {} pasos",
    "did not end within {} steps ({} turns and draws with hands of hundreds of cards, each counted as several steps)":
        "no terminó en {} pasos ({} turnos y robos con manos de cientos de cartas, cada uno contado como varios pasos)",
    "a game did not end": "una partida no terminó",
}

# what every round's deal promises (a game's ``deal_promise``) and a deal that fell short of it (its ``shortfalls``)
PROMISES = {
    "{} cards a player in each round's game deck ({} in hand)": "{} cartas por jugador en el mazo de partida de cada ronda ({} en la mano)",
}
SHORTFALLS = {
    "round {} dealt {} cards a player ({} in hand), not the {} printed ({} needed, {} left to deal)":
        "la ronda {} repartió {} cartas por jugador ({} en la mano), no las {} impresas (hacían falta {}, quedaban {} por repartir)",
}

# the model checker's claims, read with their scope (":" groups: numbers, then the scope)
MODEL = (
    (re.compile(r"^proven for every deal: ([\d,]+) positions searched(?: \((.+?)\))?$"),
     "demostrado para todo reparto: {0} posiciones exploradas{1}"),
    (re.compile(r"^proven for every deal: ([\d,]+) positions searched(?: \((.+?)\))?; backward search from the ([\d,]+) ends reaches every one$"),
     "demostrado para todo reparto: {0} posiciones exploradas{1}; la búsqueda hacia atrás desde los {2} finales llega a todas"),
    (re.compile(r"^not proven by search: the model checker stopped at its budget of ([\d,]+) positions(?: \((.+?)\))?; the claims below are sampled$"),
     "no demostrado por búsqueda: el verificador de modelos se paró en su límite de {0} posiciones{1}; lo que sigue se comprueba por muestreo"),
    (re.compile(r"^not proven by search: the deck has too many different deals to enumerate(?: \((.+?)\))?; the claims below are sampled$"),
     "no demostrado por búsqueda: el mazo tiene demasiados repartos distintos para recorrerlos{0}; lo que sigue se comprueba por muestreo"),
)
LOOP_NOTE = re.compile(r"^(.*); (\d+) game\(s\) of the computer player went round in circles: a fault of the player, not of the deck "
                       r"\(a legal continuation leaves the loop\)$")
SCOPE_NOTE = re.compile(r"^(.*) \((.+?): proven for every deal by search\)$")
NOT_ENDED = re.compile(r"^([\d,]+) of ([\d,]+) games did not end: (.*?)"
                       r"(; the model checker's counterexample above shows why: the deck, not deckgen's rules)?$")
FAULT = re.compile(r"^  (?:([a-z_]+), )?(\d+) players, seed (\d+): the computer player went round in circles: (.*)$")

# words inside the check details that print a table of counts ({'blue': 2, ...})
KEYS = {"blue": "azul", "red": "rojo", "green": "verde", "yellow": "amarillo"}

# whole lines (the legend and the plain lines around the checks)
LINES = {
    "  (±: interval corrected for the {} figures compared at once (Holm-Bonferroni), so that all of them hold together":
        "  (±: intervalo corregido para las {} cifras comparadas a la vez (Holm-Bonferroni), para que se cumplan todas juntas",
    "   with {}% confidence; ·: no measurable change, the interval contains {})":
        "   con un {} % de confianza; ·: sin cambio medible, el intervalo contiene el {})",
    "static checks:": "comprobaciones estáticas:",
    "exhaustive checks:": "comprobaciones exhaustivas:",
    "simulation:": "simulación:",
    "PLAYABLE": "JUGABLE",
    "What the figures mean:": "Qué quieren decir las cifras:",
    "the computer player (not the deck):": "el jugador del ordenador (no el mazo):",
    "  ok / FAIL       each check of the deck; a FAIL says what to try":
        "  bien / FALLA    cada comprobación del mazo; una FALLA dice qué probar",
    "  ± x             the figure's standard error: how much it could move with other games (a check fails only":
        "  ± x             el error estándar de la cifra: cuánto podría moverse con otras partidas (una comprobación falla solo",
    "                  when the figure is out of its range by more than {} of them)":
        "                  cuando la cifra se sale de su intervalo en más de {} de ellos)",
    "  turns: median  half the games are shorter; p{}: {} games in {} are shorter":
        "  turnos: mediana  la mitad de las partidas son más cortas; p{}: {} partidas de cada {} son más cortas",
    "  seat advantage  how many points the luckiest seat's share of wins is above a fair share":
        "  ventaja por asiento  cuántos puntos están las victorias del asiento con más suerte por encima de lo que le toca",
    "A game lasts about {} minutes at {} players (at {} seconds a turn; --pace SECONDS changes it).":
        "Una partida dura unos {} minutos con {} jugadores (a {} segundos por turno; --pace SEGUNDOS lo cambia).",
    "A game lasts about {} minute at {} players (at {} seconds a turn; --pace SECONDS changes it).":
        "Una partida dura {} minuto con {} jugadores (a {} segundos por turno; --pace SEGUNDOS lo cambia).",
    "Measured over {} simulated games at each player count and mode, played by the computer following the rules; "
    "{} more with random moves looked for games that never end.":
        "Medido en {} partidas simuladas para cada número de jugadores y modo, jugadas por el ordenador según las reglas; "
        "{} más con jugadas al azar buscaron partidas que no terminan nunca.",
    "Measured over {} simulated games at each player count, played by the computer following the rules; "
    "{} more with random moves looked for games that never end.":
        "Medido en {} partidas simuladas para cada número de jugadores, jugadas por el ordenador según las reglas; "
        "{} más con jugadas al azar buscaron partidas que no terminan nunca.",
    "Measured over {} to {} simulated games at each player count (more where a verdict was close), played by the computer "
    "following the rules; a quarter as many more with random moves looked for games that never end.":
        "Medido en {} a {} partidas simuladas para cada número de jugadores (más donde el veredicto estaba ajustado), jugadas "
        "por el ordenador según las reglas; una cuarta parte más con jugadas al azar buscaron partidas que no terminan nunca.",
    "Measured over {} to {} simulated games at each player count and mode (more where a verdict was close), played by the "
    "computer following the rules; a quarter as many more with random moves looked for games that never end.":
        "Medido en {} a {} partidas simuladas para cada número de jugadores y modo (más donde el veredicto estaba ajustado), "
        "jugadas por el ordenador según las reglas; una cuarta parte más con jugadas al azar buscaron partidas que no terminan nunca.",
}

# what each measure means ("  name: help" in the legend)
HELPS = {
    "rounds where nobody could play or draw": "rondas en las que nadie podía jugar ni robar",
    "cards played per turn (combos play more)": "cartas jugadas por turno (los combos juegan más)",
    "plays of two or three cards": "jugadas de dos o tres cartas",
    "games ended by the empty draw pile (fewest cards wins)": "partidas acabadas por el mazo de robo vacío (gana quien tiene menos cartas)",
    "the same, over a whole match (a simulated game is a match)": "lo mismo, en una partida entera (una partida simulada es una partida completa)",
    "cards drawn because no card fitted (or by choice)": "cartas robadas porque ninguna encajaba (o por elección)",
    "matches in which every player started a round (or, with fewer rounds than players, every round had a new starter)":
        "partidas en las que cada jugador empezó una ronda (o, con menos rondas que jugadores, cada ronda la empezó alguien nuevo)",
    "matches whose first starter was settled by the tie rule (youngest first)":
        "partidas en las que quien empieza se decidió por la regla de empate (primero el más joven)",
    "share of wins of the player who starts (ties shared)": "parte de las victorias de quien empieza (los empates se reparten)",
    "turns ending in a wrong slap": "turnos que acaban en una palmada equivocada",
    "chance that the player to move holds a card they may play": "probabilidad de que quien juega tenga una carta que puede jugar",
    "paths completed and won": "caminos completados y ganados",
    "masters placed on the table": "maestras colocadas en la mesa",
    "chances nobody took": "ocasiones que nadie aprovechó",
    "paths on the table when play stopped": "caminos que quedaban en la mesa al acabar",
    "face-down cards a player collects in a round": "cartas boca abajo que un jugador acumula en una ronda",
    "cards drawn by Toma dos, Toma cuatro and ÁLGEBRA penalties": "cartas robadas por Toma dos, Toma cuatro y los castigos de ÁLGEBRA",
    "rounds won by the player who acted first: the seat advantage within a round":
        "rondas ganadas por quien jugó primero: la ventaja por asiento dentro de una ronda",
    "rounds opened in a game": "rondas abiertas en una partida",
    "rounds played until someone reaches the target score": "rondas jugadas hasta que alguien llega a la puntuación objetivo",
    "games still tied after the tie-break": "partidas aún empatadas tras el desempate",
    "turns after which somebody had the right to slap": "turnos tras los que alguien tenía derecho a dar palmada",
    "winning slaps for each card turned up": "palmadas ganadoras por cada carta descubierta",
    "special cards turned up per game": "cartas especiales descubiertas por partida",
    "times every pile ran out and face-up cards were turned over": "veces que se acabaron todos los montones y se dieron la vuelta a las cartas boca arriba",
    "games that needed the tie-break phase": "partidas que necesitaron la fase de desempate",
    "nothing to place and nothing to draw": "nada que colocar y nada que robar",
    "cards (or Magia rounds) turned up per game": "cartas (o rondas de Magia) descubiertas por partida",
    "turns that start with no legal card": "turnos que empiezan sin carta válida",
    "turns where the player had nothing to place and drew": "turnos en los que el jugador no tenía nada que colocar y robó",
    "how often the player to move cannot play": "con qué frecuencia quien juega no puede jugar",
    "round wins of the starting player, {} = a fair share": "rondas ganadas por quien empieza, {} = lo que le toca",
    "rounds closed by a {} or a TOP": "rondas cerradas con un {} o un TOP",
    "games won by the seat that opens the first round": "partidas ganadas por el asiento que abre la primera ronda",
    "face-down cards collected per round": "cartas boca abajo acumuladas por ronda",
    "ÁLGEBRA calls missed and caught per round": "ÁLGEBRA olvidados y pillados por ronda",
    "turns played in a round": "turnos jugados en una ronda",
}

SAMPLES = {
    "{} games each": "{} partidas cada uno",
    "up to {} games each, fewer once every verdict is settled": "hasta {} partidas cada uno, menos cuando cada veredicto ya está claro",
}

# the skill-ladder section: its phrases, longest first (the numbers and level codes stay)
SKILL_HEAD = re.compile(r"^.+: skill ladder, \d+ players, \d+ \w+ per pair of levels \(")
UNITS = {"games": "partidas", "rounds": "rondas", "matches": "partidas enteras", "game": "partida", "round": "ronda", "match": "partida entera"}
_U = r"(games|rounds|matches)"
SKILL = (
    (r"^(.+): skill ladder, (\d+) players, (\d+) " + _U + r" per pair of levels \((\d+) in all, seed (\d+)\), (\d+) s$",
     lambda m: f"{m.group(1)}: escalera de habilidad, {m.group(2)} jugadores, {m.group(3)} {UNITS[m.group(4)]} por pareja de niveles "
               f"({m.group(5)} en total, semilla {m.group(6)}), {m.group(7)} s"),
    (r"^  level(\s+)rating \(Elo\)(\s+)95% interval$", lambda m: f"  nivel{m.group(1)[4:]}puntuación (Elo){m.group(2)[1:]}intervalo 95%"),
    (r"^  (random|heuristic)(\s+)", lambda m: f"  {LEVEL[m.group(1)]:<24}"),
    (r"(-?\d+) to (-?\d+)$", r"\1 a \2"),
    (r"^  against the (.+) player:$", r"  frente al jugador \1:"),
    (r"^  the ladder climbs:$", "  la escalera sube:"),
    (r" over ", " sobre "),
    (r"lone win share", "victorias en solitario"),
    (r"NOT significantly better \(a finding\)", "NO es significativamente mejor (un hallazgo)"),
    (r"NOT better: rated below \(a finding\)", "NO es mejor: tiene menos puntuación (un hallazgo)"),
    (r": beats it$", ": le gana"),
    (r"^  top \((.+?): the best-rated level significantly above the one below it\) as the lone player among the weakest: wins (\S+) by the ratings",
     r"  cima (\1: el nivel mejor puntuado que supera con claridad al de debajo) como jugador solo entre los más débiles: gana el \2 según las puntuaciones"),
    (r"\(95%: (\S+) to (\S+); fair share (\S+)\); counted in their own (\d+) " + _U + r": (\S+)$",
     lambda m: f"(95 %: {m.group(1)} a {m.group(2)}; lo que le toca: {m.group(3)}); contado en sus propias {m.group(4)} {UNITS[m.group(5)]}: {m.group(6)}"),
    (r"rating spread \(standard deviation of the levels\): (\S+) Elo; range (\S+) Elo",
     r"dispersión de las puntuaciones (desviación típica de los niveles): \1 Elo; rango \2 Elo"),
    (r"skill share: (\S+) \(95%: (\S+) to (\S+)\): like a game of pure skill with (\S+) of its " + _U + r" decided by a coin flip",
     lambda m: f"parte de habilidad: {m.group(1)} (95 %: {m.group(2)} a {m.group(3)}): como un juego de pura habilidad con el {m.group(4)} "
               f"de sus {UNITS[m.group(5)]} decididas a cara o cruz"),
    (r"^  in whole " + _U + r" \(the game's own unit, the main figure\): the top \((.+?)\) as the lone player among (.+?) players wins (\S+) "
     r"\(95%: (\S+) to (\S+)\) of (\d+) " + _U + r"; the " + _U + r" above are a detail$",
     lambda m: f"  en {UNITS[m.group(1)]} (la unidad del propio juego, la cifra principal): la cima ({m.group(2)}) como jugador solo entre "
               f"jugadores {m.group(3)} gana el {m.group(4)} (95 %: {m.group(5)} a {m.group(6)}) de {m.group(7)} {UNITS[m.group(8)]}; "
               f"las {UNITS[m.group(9)]} de arriba son un detalle"),
    (r"^  (\d+) " + _U + r" did not end within the step limit \(left out\)$",
     lambda m: f"  {m.group(1)} {UNITS[m.group(2)]} no acabaron dentro del límite de pasos (se dejan fuera)"),
    (r"^  verdict: ", "  veredicto: "),
    (r"no level of the ladder plays significantly better than random moves in these (\d+) " + _U + ": ",
     lambda m: f"ningún nivel de la escalera juega significativamente mejor que las jugadas al azar en estas {m.group(1)} {UNITS[m.group(2)]}: "),
    (r"no skill shows in these (\d+) " + _U, lambda m: f"no se ve habilidad en estas {m.group(1)} {UNITS[m.group(2)]}"),
    (r"no skill shows", "no se ve habilidad"),
    (r"luck decides \(more --games would measure a small edge\)\.", "decide la suerte (más --games mediría una ventaja pequeña)."),
    (r" This is a lower bound on how much skill matters: a stronger player could win more\.",
     " Es un límite inferior de cuánto importa la habilidad: un jugador más fuerte podría ganar más."),
    (r"the best player deckgen has \((.+?)\)", lambda m: f"el mejor jugador que tiene deckgen ({LEVEL.get(m.group(1), m.group(1))})"),
    (r"^    (random|heuristic|mc\d+|pimc\d+) sobre (random|heuristic|mc\d+|pimc\d+):",
     lambda m: f"    {LEVEL.get(m.group(1), m.group(1))} sobre {LEVEL.get(m.group(2), m.group(2))}:"),
    (r"^(  cima \()(random|heuristic):", lambda m: m.group(1) + LEVEL[m.group(2)] + ":"),
    (r"a player who is (20% faster|missing half as often|.+?)(?= wins)",
     lambda m: f"un jugador {PROFILE.get(m.group(1), m.group(1))}"),
    (r" wins (\S+) of (\d+)-player " + _U + r" against ",
     lambda m: f" gana el {m.group(1)} de las {UNITS[m.group(3)]} de {m.group(2)} jugadores contra "),
    (r"(\d+) average players", r"\1 jugadores medios"), (r"an average player", "un jugador medio"),
    (r"(\d+) beginners", r"\1 principiantes"), (r"a beginner", "un principiante"),
    (r"\(a fair share is (\S+)\)", r"(lo que le toca es el \1)"),
    (r"\(in single " + _U + r": (\S+)\)", lambda m: f"(en {UNITS[m.group(1)]} sueltas: {m.group(2)})"),
    (r"not measured precisely enough: the skill share lies between (\S+) and (\S+), which spans two verdicts; ",
     r"no se midió con bastante precisión: la parte de habilidad está entre \1 y \2, que abarca dos veredictos; "),
    (r"about (\d+) " + _U + r" per pair of levels \(skill --games (\d+)\) would settle it",
     lambda m: f"unas {m.group(1)} {UNITS[m.group(2)]} por pareja de niveles (skill --games {m.group(3)}) lo aclararían"),
    (r"about (\d+) whole " + _U + r" \(skill --games (\d+)\) would settle it",
     lambda m: f"unas {m.group(1)} {UNITS[m.group(2)]} enteras (skill --games {m.group(3)}) lo aclararían"),
    (r"its estimate sits on the edge between two categories, so more games would not settle it",
     "su estimación está en el borde entre dos categorías, así que más partidas no lo aclararían"),
    (r"luck decides most " + _U + ", skill a little", lambda m: f"la suerte decide la mayoría de las {UNITS[m.group(1)]}, la habilidad un poco"),
    (r"skill matters, luck still decides much", "la habilidad importa, pero la suerte aún decide mucho"),
    (r"skill matters a lot", "la habilidad importa mucho"),
    (r"skill decides almost every (game|round|match)", lambda m: f"la habilidad decide casi cada {UNITS[m.group(1)]}"),
    (r", and (un jugador medio|un principiante) among stronger players still wins (\d+) " + _U + r" in 100",
     lambda m: f", y {m.group(1)} entre jugadores más fuertes aún gana {m.group(2)} {UNITS[m.group(3)]} de cada 100"),
    (r", and (un jugador medio|un principiante) among them still wins some " + _U,
     lambda m: f", y {m.group(1)} entre ellos aún gana algunas {UNITS[m.group(2)]}"),
    (r", and (un jugador medio|un principiante) still wins (\d+) (games?|rounds?|match(?:es)?) in 10",
     lambda m: f", y {m.group(1)} aún gana {m.group(2)} {UNITS.get(m.group(3), m.group(3))} de cada 10"),
    (r"^  beside the default deck \(\* marks a significant difference, 95%\):$",
     "  junto al mazo por defecto (* marca una diferencia significativa, 95 %):"),
    (r"^    (.+?) rating \(Elo\)(\s+) yours ", lambda m: f"    {'puntuación (Elo) de ' + PROFILE_NAME.get(m.group(1), LEVEL.get(m.group(1), m.group(1))):<36} tuyo  "),
    (r"^    strongest level's win share(\s+) yours ", lambda m: f"    {'victorias del nivel más fuerte':<36} tuyo  "),
    (r"^    skill share(\s+) yours ", lambda m: f"    {'parte de habilidad':<36} tuyo  "),
    (r"   default ", "   defecto "),
    # the level names of a ladder of player profiles (Multipli Cat's), in the table and the climb
    (r"^  (average|20% faster|missing half as often)(\s+)", lambda m: f"  {PROFILE_NAME[m.group(1)]:<24}"[: 2 + max(24, len(PROFILE_NAME[m.group(1)]) + 1)]),
    (r"^    (average|20% faster|missing half as often) sobre (average|20% faster|missing half as often):",
     lambda m: f"    {PROFILE_NAME[m.group(1)]} sobre {PROFILE_NAME[m.group(2)]}:"),
    (r"^  frente al jugador average:$", "  frente al jugador medio:"),
    (r"^(  cima \()(average|20% faster|missing half as often):", lambda m: m.group(1) + PROFILE_NAME[m.group(2)] + ":"),
)
LEVEL = {"random": "al azar", "heuristic": "heurístico"}
PROFILE = {"20% faster": "un 20 % más rápido", "missing half as often": "que falla la mitad de veces", "average": "medio"}
PROFILE_NAME = {"average": "medio", "20% faster": "un 20 % más rápido", "missing half as often": "falla la mitad"}
ENGLISH_LEFT = re.compile(r"\b(the|and|of|is|are|players?|games?|rounds?|wins?|level|rating|interval|over|share|skill|luck|"
                          r"verdict|yours|default|beside|average|faster|missing|top|spread|range|against|ladder|climbs|not|random|heuristic)\b")

CHECK = re.compile(r"^  (ok|FAIL)(\s+)(.+?(?: \((?:[a-z_]+, )?\d+ players\))?): (.*)$")
TAIL = re.compile(r"^(.*) \((?:([a-z_]+), )?(\d+) players\)$")
RANGE = re.compile(r"^(.*?), must be (?:between (\S+) and (\S+)|at least (\S+)|at most (\S+)): (.*)$")
MEASURES = re.compile(r"^measures(?: \(([a-z_]+)\))? \(policy (\S+), seeds from (\d+); (.*)\)$")
TITLE = re.compile(r"^(.+): (\d+) cards \((.*)\)$")
PLAYABLE = re.compile(r"^Playable for (.+?)(?:: (.*))?\.$")


class _Words:
    """One report's translation: remembers the lines it could not translate."""

    def __init__(self, phrases: Mapping[str, str] | None = None) -> None:
        self.missing: list[str] = []
        # the report's parts told from data (a counterexample, a way out of a loop), English -> here
        self.phrases = dict(phrases or {})

    def table(self, table: dict[str, str], text: str) -> str | None:
        numbers = NUMBER.findall(text)
        shape = NUMBER.sub("{}", text)
        if shape not in table:
            return None
        return table[shape].format(*numbers)

    def look(self, table: dict[str, str], text: str) -> str:
        found = self.table(table, text)
        if found is None:
            self.missing.append(text)
            return text
        return found

    def name(self, text: str) -> str:
        m = TAIL.match(text)
        if m:
            base, mode, n = m.groups()
            return f"{self.name(base)} ({mode + ', ' if mode else ''}{n} jugadores)"
        m = re.match(r"^(.*) \(([A-Z]+)\)$", text)  # "every card can follow another (JUNGLA)"
        if m and self.table(NAMES, m.group(1)) is not None:
            return f"{self.table(NAMES, m.group(1))} ({m.group(2)})"
        return self.look(NAMES, text)

    def detail(self, text: str) -> str:
        tail = ""
        m = re.match(r"^(.*) \(custom list(: not required)?\)$", text)  # a deck file's own list of cards
        if m:
            return self.detail(m.group(1)) + (" (lista propia: no obligatorio)" if m.group(2) else " (lista propia)")
        if text == "all present":
            return "todas presentes"
        if re.fullmatch(r"\d+(, \d+)*", text):  # a list of player counts
            return text
        if re.fullmatch(r"\d+ players?", text):
            return self.players(text)
        m = re.match(r"^(.*); try: (.*)$", text)  # a check line's tail: [proof] (seed N); try: advice
        if m:
            text, tail = m.group(1), f"; prueba: {self.advice(m.group(2))}"
        m = re.match(r"^(.*) \(seed (\d+)\)$", text)
        if m:
            text, tail = m.group(1), f" (semilla {m.group(2)})" + tail
        m = re.match(r"^(.*) \[(proven|sampled)\]$", text)
        if m:
            text, tail = m.group(1), (" [demostrado]" if m.group(2) == "proven" else " [por muestreo]") + tail
        if text in self.phrases:  # a counterexample, told from the model checker's data
            return self.phrases[text] + tail
        m = re.match(r"^(.*); checked at every step of the ([\d,]+) games simulated below$", text)  # a game's argument
        if m:
            return f"{self.detail(m.group(1))}; comprobado en cada paso de las {m.group(2)} partidas simuladas abajo{tail}"
        m = LOOP_NOTE.match(text)
        if m:
            return (f"{self.detail(m.group(1))}; {m.group(2)} partida(s) del jugador del ordenador dieron vueltas en círculo: "
                    f"un fallo del jugador, no del mazo (una continuación válida sale del bucle){tail}")
        m = SCOPE_NOTE.match(text)
        if m:
            return f"{self.detail(m.group(1))} ({self.scope(m.group(2))}: demostrado para todo reparto por búsqueda){tail}"
        m = NOT_ENDED.match(text)
        if m:
            done, total, problem, model = m.groups()
            why = "; el ejemplo de arriba (del verificador de modelos) muestra por qué: es el mazo, no las reglas de deckgen"
            return f"{done} de {total} partidas no terminaron: {self.look(PROBLEMS, problem)}{why if model else ''}{tail}"
        for rx, spanish in MODEL:
            m = rx.match(text)
            if m:
                args = [g if g and re.fullmatch(r"[\d,]+", g) else (f" ({self.scope(g)})" if g else "") for g in m.groups()]
                return spanish.format(*args) + tail
        m = re.fullmatch(r"(.+ players|no player count), not the (\d+) the deck asks for", text)
        if m:
            return f"{self.players(m.group(1))}, no los {m.group(2)} que pide el mazo{tail}"
        m = re.match(r"^in ([\d,]+) of ([\d,]+) games a later deal fell short of (.+?); first: (.+)$", text)
        if m:
            done, total, promise, first = m.groups()
            return (f"en {done} de {total} partidas un reparto posterior no llegó a {self.look(PROMISES, promise)}; "
                    f"el primero: {self.look(SHORTFALLS, first)}{tail}")
        m = re.match(r"^the monomials fall into (\d+) groups that never follow one another: (.*)$", text)
        if m:
            return f"los monomios forman {m.group(1)} grupos que nunca se siguen unos a otros: {m.group(2)}{tail}"
        m = RANGE.match(text)
        if m:
            value, lo, hi, least, most, why = m.groups()
            bound = f"estar entre {lo} y {hi}" if lo else (f"ser al menos {least}" if least else f"ser como mucho {most}")
            return f"{value}, debe {bound}: {self.look(REASONS, why)}{tail}"
        m = re.match(r"^proven for every deal by the game's argument \((.*), above\)$", text)
        if m:
            return f"demostrado para todo reparto por el argumento del juego ({self.names(m.group(1))}, más arriba){tail}"
        if text.startswith("{") and text.endswith("}"):
            try:
                counts = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                counts = None
            if isinstance(counts, dict):
                return ", ".join(f"{KEYS.get(str(k), str(k).replace('_', ' '))}: {v}" for k, v in counts.items()) + tail
        m = re.match(r"^cards with each variable (\{.*\}) \(spread (\d+), at most (\d+)\)$", text)
        if m:
            return f"cartas con cada variable {self.detail(m.group(1))} (diferencia {m.group(2)}, como mucho {m.group(3)}){tail}"
        m = re.match(r"^cards used by player count (.*)$", text)
        if m:
            return f"cartas usadas según el número de jugadores {m.group(1)}{tail}"
        if re.fullmatch(r"(\d+ players: \d+ cards, \d+ each(; )?)+", text):
            return re.sub(r"(\d+) players: (\d+) cards, (\d+) each", r"\1 jugadores: \2 cartas, \3 cada uno", text) + tail
        return self.look(DETAILS, text) + tail

    def advice(self, text: str) -> str:
        """What a failed check says to try."""
        found = TRIES.get(text) or self.table(TRIES, text) or self.deck_line(text)
        if found is None:
            self.missing.append(text)
        return found or text

    def deck_line(self, text: str) -> str | None:
        """Advice that is a deck file's line: "players = one of 2, 4, 5, or more cards"."""
        m = re.fullmatch(r"players = one of ([\d, ]+?)(, or more cards)?", text)
        if m:
            counts = m.group(1).split(", ")
            told = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " o " + counts[-1]
            return f"pide {told} jugadores en el archivo del mazo" + (", o más cartas" if m.group(2) else "")
        return None

    def scope(self, text: str) -> str:
        """What a game's model covers ("one round")."""
        if text not in SCOPES:
            self.missing.append(text)
        return SCOPES.get(text, text)

    def fault(self, line: str) -> str | None:
        """A game where the computer player went round in circles, and the way out found."""
        m = FAULT.match(line)
        if not m:
            return None
        mode, n, seed, rest = m.groups()
        way = next((k for k in self.phrases if rest.endswith("; " + k)), None)
        if way is None:
            self.missing.append(line)
            return line
        problem = self.look(PROBLEMS, rest[: -len(way) - 2])
        return (f"  {mode + ', ' if mode else ''}{n} jugadores, semilla {seed}: el jugador del ordenador dio vueltas en círculo: "
                f"{problem}; {self.phrases[way]}")

    def players(self, text: str) -> str:
        m = re.fullmatch(r"(\d+) to (\d+) players", text)
        if m:
            return f"{m.group(1)} a {m.group(2)} jugadores"
        m = re.fullmatch(r"(\d+) players?", text)
        if m:
            return f"{m.group(1)} jugador{'es' if m.group(1) != '1' else ''}"
        m = re.fullmatch(r"(.+) (and|or) (\d+) players", text)
        if m:
            return f"{m.group(1)} {'y' if m.group(2) == 'and' else 'o'} {m.group(3)} jugadores"
        if text == "no player count":
            return "ningún número de jugadores"
        self.missing.append(text)
        return text

    def line(self, line: str) -> str:
        if not line.strip():
            return line
        told = self.fault(line)
        if told is not None:
            return told
        m = CHECK.match(line)
        if m:
            ok, gap, name, detail = m.groups()
            word = "bien" if ok == "ok" else "FALLA"
            return f"  {word:<6}{self.name(name)}: {self.detail(detail)}"
        m = TITLE.match(line)
        if m:
            title, n, source = m.groups()
            source = "por defecto" if source == "defaults" else re.sub(r"^([a-z]+) with ", r"\1 con ", source)
            return f"{title}: {n} cartas ({source})"
        m = PLAYABLE.match(line)
        if m:
            who, basis = m.groups()
            basis = basis and self.basis(basis)
            return f"Jugable para {self.players(who)}" + (f": {basis}." if basis else ".")
        m = re.fullmatch(r"With its cards it serves (.+), not (\d+)\.", line)
        if m:
            return f"Con sus cartas sirve para {self.players(m.group(1))}, no para {m.group(2)}."
        m = re.match(r"^Not playable: (.*)\. Each FAIL line below says what to try\.$", line)
        if m:
            return f"No es jugable: {self.names(m.group(1))}. Cada línea FALLA de abajo dice qué probar."
        m = re.match(r"^NOT PLAYABLE: (.*)$", line)
        if m:
            return f"NO JUGABLE: {self.names(m.group(1))}"
        m = re.match(r"^A game lasts from about (\d+) minutes? \((\S+)\) to (\d+) minutes? \((\S+)\) at (\d+) players "
                     r"\(at (\S+) seconds a turn; --pace SECONDS changes it\)\.$", line)
        if m:
            a, ma, b, mb, at, pace = m.groups()
            return (f"Una partida dura de unos {a} minutos ({ma}) a {b} minutos ({mb}) con {at} jugadores "
                    f"(a {pace} segundos por turno; --pace SEGUNDOS lo cambia).")
        m = re.match(r"^  (.+?): (.+)$", line)
        if m and self.table(NAMES, m.group(1)) is not None and self.table(HELPS, m.group(2)) is not None:
            return f"  {self.table(NAMES, m.group(1))}: {self.table(HELPS, m.group(2))}"
        return self.look(LINES, line)

    def skill(self, line: str) -> str:
        """A line of the skill-ladder section (``analysis.skill.lines`` and its comparison with the
        default deck): read phrase by phrase (level names such as mc16 or pimc8 stay as printed)."""
        out = line
        for pattern, spanish in SKILL:
            out = re.sub(pattern, spanish, out)
        if ENGLISH_LEFT.search(re.sub(r"skill --games|--[a-z][a-z-]*|\bmc\d+|\bpimc\d+|\bElo\b", "", out)):
            self.missing.append(line)
            return line
        return out

    def names(self, text: str) -> str:
        m = re.match(r"^(.*) and (\d+) more$", text)
        more = ""
        if m:
            text, more = m.group(1), f" y {m.group(2)} más"
        return "; ".join(self.name(n) for n in text.split("; ")) + more

    def basis(self, text: str) -> str:
        lead = "nothing is proven: the model checker stopped at its budget and no argument of the game applies; "
        if text.startswith(lead):
            return ("nada está demostrado: el verificador de modelos se detuvo en su límite y no se aplica ningún argumento del juego; "
                    + self.basis(text[len(lead):]))
        if text == "proven for every deal":
            return "demostrado para todo reparto"
        m = re.fullmatch(r"no failure in ([\d,]+) games( at each player count)?", text)
        if m:
            return f"ningún fallo en {m.group(1)} partidas" + (" con cada número de jugadores" if m.group(2) else "")
        self.missing.append(text)
        return text

    def comparison(self, lines: list[str]) -> list[str]:
        """The default deck beside this one: the headline, then each figure's change, re-aligned."""
        head = lines[0].removeprefix("beside the default deck: ")
        m = re.fullmatch(r"your deck makes games about as long as the default deck \(no measurable change, counted in (.+)\)", head)
        n = re.fullmatch(r"your deck makes games (\d+)% (longer|shorter) than the default deck \(±(\d+)%, counted in (.+)\)", head)
        if m:
            head = f"tu mazo hace partidas más o menos igual de largas que el mazo por defecto (sin cambio medible, contado en {self.name(m.group(1))})"
        elif n:
            pct, word, pm, unit = n.groups()
            head = (f"tu mazo hace partidas un {pct} % más {'largas' if word == 'longer' else 'cortas'} que el mazo por defecto "
                    f"(±{pm} %, contado en {self.name(unit)})")
        elif head:
            self.missing.append(head)
        out = [f"junto al mazo por defecto: {head}"]
        rows: list[tuple[str, list[str] | None]] = []
        notes = []
        for row in lines[1:]:
            t = re.match(r"^  change from the default deck(?: \(([a-z_]+)\))?((?:\s+\d+ pl\.)+)$", row)
            if t:
                title = "cambio frente al mazo por defecto" + (f" ({t.group(1)})" if t.group(1) else "")
                rows.append((title, [c.replace("pl.", "j.") for c in re.findall(r"\d+ pl\.", t.group(2))]))
            elif row.startswith("  (") or row.startswith("   with"):
                notes.append(self.look(LINES, row))
            elif row.endswith("  no measurable change"):
                rows.append((self.name(row.removesuffix("no measurable change").strip()), None))
            else:
                parts = row.split()
                k = next(i for i, p in enumerate(parts) if p == "·" or re.match(r"^[+-]", p))
                rows.append((self.name(" ".join(parts[:k])), parts[k:]))
        width = max((len(name) for name, _ in rows), default=0) + 2
        for name, cells in rows:
            out.append(f"  {name:<{width}}" + ("  sin cambio medible" if cells is None else "".join(f"{c:>10}" for c in cells)))
        return out + notes

    def measures(self, lines: list[str]) -> list[str]:
        """One measures table: its head, the player counts' row and one row per figure, re-aligned."""
        mode, policy, seed, sample = MEASURES.match(lines[0]).groups()
        head = (f"medidas{' (' + mode + ')' if mode else ''} (jugador {'heurístico' if policy == 'heuristic' else policy}, "
                f"semillas desde {seed}; {self.look(SAMPLES, sample)})")
        counts = re.findall(r"(\d+) pl\.", lines[1])
        k = len(counts)
        rows = []
        for row in lines[2:]:
            parts = row.split()
            rows.append((self.name(" ".join(parts[:-k])), parts[-k:]))
        width = max(len(name) for name, _ in rows) + 2
        col = max(9, max(len(v) for _, vals in rows for v in vals) + 2)
        out = [head, " " * (width + 2) + "".join(f"{n + ' j.':>{col}}" for n in counts)]
        out += [f"  {name:<{width}}" + "".join(f"{v:>{col}}" for v in vals) for name, vals in rows]
        return out


def translated(text: str, lang: str, phrases: Mapping[str, str] | None = None) -> tuple[str, list[str]]:
    """``text`` (a report as ``pipeline.report_text`` writes it) in ``lang``, and the lines left in
    English (none for the five games' default decks). ``phrases``: the report's parts told from data
    (``Report.phrases``, a counterexample or a way out of a loop), their English words -> ``lang``'s
    (``replay.phrases_in``)."""
    if lang != "es":
        return text, []
    words = _Words(phrases)
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("beside the default deck: "):
            j = i + 1
            while j < len(lines) and lines[j].strip():
                j += 1
            out += words.comparison(lines[i:j])
            i = j
            continue
        if SKILL_HEAD.match(line):
            j = i + 1
            while j < len(lines) and lines[j].startswith("  "):
                j += 1
            out += [words.skill(row) for row in lines[i:j]]
            i = j
            continue
        if MEASURES.match(line) and i + 1 < len(lines):
            j = i + 2  # the table's rows: indented, up to a blank line or the computer player's loops
            while j < len(lines) and lines[j].startswith("  ") and lines[j].strip() and not FAULT.match(lines[j]):
                j += 1
            out += words.measures(lines[i:j])
            i = j
            continue
        out.append(words.line(line))
        i += 1
    return "\n".join(out), words.missing


def report_in(text: str, lang: str, phrases: Mapping[str, str] | None = None) -> str:
    """The report in the page's language (a line the tables do not know stays in English)."""
    return translated(text, lang, phrases)[0]


def basis_in(text: str, lang: str) -> str:
    """What "playable" rests on (``claims.headline_basis``) in ``lang``."""
    return _Words().basis(text) if lang == "es" and text else text


def failure_in(name: str, detail: str, proof: str | None, lang: str, phrases: Mapping[str, str] | None = None,
               hint: str = "") -> str:
    """A failed check as the page lists it ("name: detail [proof]", and on a line of its own what to
    try, when the check says) in ``lang``."""
    line = f"{name}: {(phrases or {}).get(detail, detail)}" + (f" [{proof}]" if proof else "")
    if lang != "es":
        return line + (f"\nWhat to try: {hint}" if hint else "")
    words = _Words(phrases)
    told = f"{words.name(name)}: {words.detail(detail + (f' [{proof}]' if proof else ''))}"
    if hint:
        told += f"\nQué probar: {words.advice(hint)}"
    return told
