"""The page's own words in Spanish (the default) and English. A game's option labels and explanations
come from the game (``Game.option_text``), not from here."""

from __future__ import annotations

from typing import Mapping

LANGS = ("es", "en")

WORDS: Mapping[str, Mapping[str, str]] = {
    "es": {
        "title": "deckgen: mazos de cartas de matemáticas para clase",
        "intro": "Elige un juego, ajusta sus opciones, mira las cartas, comprueba que el juego funciona e imprime el mazo.",
        "other_lang": "English",
        "players": "jugadores",
        "ages": "edades",
        "years": "años",
        "ages_from": "a partir de {} años",
        "choose": "Elegir",
        "upload_title": "¿Ya tienes un archivo de mazo?",
        "upload_text": "Sube un archivo de mazo (TOML, hasta 1 MB): verás cada error con su línea, o el mazo listo para comprobar e imprimir.",
        "upload_button": "Subir archivo",
        "home": "Todos los juegos",
        "deck_options": "Las cartas",
        "deck_options_text": "Estas opciones cambian qué cartas hay en el mazo.",
        "rule_options": "Variantes de las reglas",
        "rule_options_text": "Estas opciones no cambian las cartas: cambian cómo se juega (y lo que explica el reglamento). La comprobación juega partidas con ellas.",
        "play_options": "La partida",
        "print_options": "La impresión",
        "check_options": "La comprobación",
        "default": "por defecto",
        "yes": "sí",
        "no": "no",
        "preview": "Vista previa",
        "preview_wait": "Preparando la vista previa…",
        "cards": "cartas",
        "sheets": "hojas",
        "pages": "páginas",
        "per_sheet": "cartas por hoja",
        "sample": "Una muestra de las cartas y el reverso",
        "check": "Comprobar",
        "check_text": "Juega muchas partidas simuladas y mira si el juego funciona con este mazo.",
        "build": "Preparar para imprimir",
        "build_text": "Crea cards.pdf, los reglamentos y un ZIP con todo.",
        "deckfile": "Descargar el archivo de mazo",
        "deckfile_cards": "con todas las cartas",
        "queued": "En cola: {ahead} trabajo(s) delante; {running} de {slots} en marcha. Empezará en cuanto haya sitio.",
        "queued_next": "En cola: es el siguiente; {running} de {slots} trabajos en marcha.",
        "working": "Trabajando…",
        "playable": "JUGABLE",
        "not_playable": "NO JUGABLE",
        "verdict_ok": "El juego funciona con este mazo: pasó las {checks} comprobaciones.",
        "verdict_bad": "El juego no funciona bien con este mazo. Falla:",
        "basis": "Se basa en:",
        "measures": "Las medidas (informe completo)",
        "plots": "Gráficos",
        "downloads": "Descargas",
        "zip": "Todo en un ZIP",
        "zip_note": "Al descargar el ZIP se borran los archivos del servidor; si no, se borran al cabo de una hora.",
        "advice_title": "Para imprimir bien",
        "advice_duplex": "Imprime a doble cara, volteando por el borde largo (los reversos van en la página siguiente de cada hoja).",
        "advice_short": "Imprime a doble cara, volteando por el borde corto.",
        "advice_separate": "Los reversos van en páginas aparte, al final: imprímelos después, dando la vuelta a las hojas.",
        "advice_none": "Este mazo no lleva reversos: imprime solo a una cara.",
        "advice_scale": "Imprime al 100 % (tamaño real): desactiva «Ajustar a la página».",
        "advice_bar": "Mide la barra de 50 mm de cada hoja: si no mide 50 mm, la impresora cambió la escala.",
        "failed": "No se pudo terminar",
        "uploaded": "Archivo de mazo subido",
        "problems": "Problemas en el archivo",
        "line": "línea",
        "too_big": "El archivo pasa de 1 MB.",
        "error_title": "Algo no está bien",
        "back_home": "Volver a los juegos",
        "expired": "Los archivos de este trabajo ya se borraron del servidor (tras descargar su ZIP, o al cabo de una hora). Vuelve a pulsar «Preparar para imprimir» para hacerlos de nuevo.",
        "no_job": "Ese trabajo ya no existe (un trabajo terminado se olvida al cabo de una hora). Vuelve a empezarlo.",
        "cancel": "Cancelar",
        "cancelled": "Cancelado.",
        "time_left": "quedan unos {s} s",
        "stale": "Las opciones cambiaron: este resultado era de las anteriores. Vuelve a pulsar el botón.",
        "key_ok": "Jugable para {players} jugadores; una partida dura unos {minutes} minutos.",
        "key_ok_nomin": "Jugable para {players} jugadores.",
        "key_bad": "No jugable con este mazo.",
        "to": "a",
        "compared": "Este mazo no es el de por defecto: el informe lo compara con el mazo por defecto.",
        "is_default": "Es el mazo por defecto del juego.",
        "advice_separate_pages": "Imprime a una cara. Las páginas {fronts} son las caras; las páginas {backs} son los reversos (sin reflejar): pega cada hoja de reversos sobre el dorso de su hoja de caras.",
        "advice_manual": "Sin impresora a doble cara: imprime las páginas {fronts} (caras), vuelve a poner el montón en la bandeja dándole la vuelta e imprime las páginas {backs} (reversos).",
        "pages_total": "cards.pdf: {pages} páginas en {sheets} hojas.",
        "help_cards_note": "más {n} cartas de ayuda",
        "help_card_note": "más 1 carta de ayuda",
        "back": "reverso",
        "card_n": "carta {n}",
        "card_zoom": "Carta {n} a tamaño real (pulsa para cerrar)",
        "gallery": "Ver todas las cartas",
        "gallery_prev": "Anteriores",
        "gallery_next": "Siguientes",
        "gallery_pos": "Cartas {a}–{b} de {n}",
        "close": "Cerrar",
        "zoom_hint": "Pulsa una carta para verla a tamaño de impresión.",
        "empty_upload": "Elige primero un archivo de mazo.",
        "empty_file": "El archivo está vacío.",
        "upload_label": "Archivo de mazo (.toml)",
        "nojs_check": "Comprobar",
        "job_title": "Trabajo",
        "job_wait": "Esta página se actualiza sola hasta que el trabajo termine.",
        "back_to_form": "Volver al formulario",
        "error": "error",
        "ok_checks": "comprobaciones",
        "stage_players": "{n} jugadores",
        "stage_default": "mazo por defecto, {n} jugadores",
        "stage_rulebook": "reglamento",
        "stage_games": "partidas",
        "stage_skill": "escalera de habilidad",
        "plot_alt": "Gráfico: {name}",
        "plot_length": "Duración de las partidas por número de jugadores",
        "plot_seats": "Ventaja por asiento por número de jugadores",
        "plot_other": "Gráfico del informe",
        "cli_name": "En la línea de órdenes:",
        "back_image": "Imagen del reverso",
        "back_image_help": "Un PNG o JPEG (hasta 8 MB) que cubre el reverso de cada carta; 300 ppp o más se imprime nítido.",
        "back_image_remove": "Quitar la imagen",
    },
    "en": {
        "title": "deckgen: math card decks for the classroom",
        "intro": "Choose a game, set its options, look at the cards, check that the game works, and print the deck.",
        "other_lang": "Español",
        "players": "players",
        "ages": "ages",
        "years": "years",
        "ages_from": "ages {} and up",
        "choose": "Choose",
        "upload_title": "Already have a deck file?",
        "upload_text": "Upload a deck file (TOML, up to 1 MB): you will see every mistake with its line, or the deck ready to check and print.",
        "upload_button": "Upload file",
        "home": "All games",
        "deck_options": "The cards",
        "deck_options_text": "These options change which cards are in the deck.",
        "rule_options": "Rule variants",
        "rule_options_text": "These options do not change the cards: they change how the game is played (and what the rulebook says). The check plays games with them.",
        "play_options": "The game",
        "print_options": "Printing",
        "check_options": "The check",
        "default": "default",
        "yes": "yes",
        "no": "no",
        "preview": "Preview",
        "preview_wait": "Preparing the preview…",
        "cards": "cards",
        "sheets": "sheets",
        "pages": "pages",
        "per_sheet": "cards per sheet",
        "sample": "A sample of the cards and the back",
        "check": "Check",
        "check_text": "Plays many simulated games and tells whether the game works with this deck.",
        "build": "Make it ready to print",
        "build_text": "Makes cards.pdf, the rulebooks and a ZIP of everything.",
        "deckfile": "Download the deck file",
        "deckfile_cards": "with every card",
        "queued": "Queued: {ahead} job(s) ahead; {running} of {slots} running. It starts as soon as there is room.",
        "queued_next": "Queued: it is next; {running} of {slots} jobs running.",
        "working": "Working…",
        "playable": "PLAYABLE",
        "not_playable": "NOT PLAYABLE",
        "verdict_ok": "The game works with this deck: it passed all {checks} checks.",
        "verdict_bad": "The game does not work well with this deck. It fails:",
        "basis": "It rests on:",
        "measures": "The measures (full report)",
        "plots": "Plots",
        "downloads": "Downloads",
        "zip": "Everything in a ZIP",
        "zip_note": "Downloading the ZIP removes the files from the server; otherwise they are removed after an hour.",
        "advice_title": "To print it right",
        "advice_duplex": "Print double-sided, flipping on the long edge (each sheet's backs are on the page after it).",
        "advice_short": "Print double-sided, flipping on the short edge.",
        "advice_separate": "The backs are on their own pages at the end: print them afterwards on the other side of the sheets.",
        "advice_none": "This deck has no backs: print one-sided.",
        "advice_scale": "Print at 100% (actual size): turn off “Fit to page”.",
        "advice_bar": "Measure the 50 mm bar on each sheet: if it is not 50 mm, the printer changed the scale.",
        "failed": "Could not finish",
        "uploaded": "Uploaded deck file",
        "problems": "Problems in the file",
        "line": "line",
        "too_big": "The file is larger than 1 MB.",
        "error_title": "Something is not right",
        "back_home": "Back to the games",
        "expired": "The files of this job were removed from the server (after its ZIP was downloaded, or after an hour). Press “Make it ready to print” again to make them anew.",
        "no_job": "That job no longer exists (a finished job is forgotten after an hour). Start it again.",
        "cancel": "Cancel",
        "cancelled": "Cancelled.",
        "time_left": "about {s} s left",
        "stale": "The options changed: this result was for the earlier ones. Press the button again.",
        "key_ok": "Playable for {players} players; a game lasts about {minutes} minutes.",
        "key_ok_nomin": "Playable for {players} players.",
        "key_bad": "Not playable with this deck.",
        "to": "to",
        "compared": "This deck is not the default one: the report compares it with the default deck.",
        "is_default": "This is the game's default deck.",
        "advice_separate_pages": "Print single-sided. Pages {fronts} are the fronts; pages {backs} are the backs (not mirrored): glue each back sheet onto the back of its front sheet.",
        "advice_manual": "No duplex printer: print pages {fronts} (fronts), put the stack back in the tray turned over, then print pages {backs} (backs).",
        "pages_total": "cards.pdf: {pages} pages on {sheets} sheets.",
        "help_cards_note": "plus {n} help cards",
        "help_card_note": "plus 1 help card",
        "back": "back",
        "card_n": "card {n}",
        "card_zoom": "Card {n} at actual size (press to close)",
        "gallery": "See every card",
        "gallery_prev": "Previous",
        "gallery_next": "Next",
        "gallery_pos": "Cards {a}–{b} of {n}",
        "close": "Close",
        "zoom_hint": "Press a card to see it at print size.",
        "empty_upload": "Choose a deck file first.",
        "empty_file": "The file is empty.",
        "upload_label": "Deck file (.toml)",
        "nojs_check": "Check",
        "job_title": "Job",
        "job_wait": "This page updates itself until the job ends.",
        "back_to_form": "Back to the form",
        "error": "error",
        "ok_checks": "checks",
        "stage_players": "{n} players",
        "stage_default": "default deck, {n} players",
        "stage_rulebook": "rulebook",
        "stage_games": "games",
        "stage_skill": "skill ladder",
        "plot_alt": "Chart: {name}",
        "plot_length": "Game length by player count",
        "plot_seats": "Seat advantage by player count",
        "plot_other": "Chart of the report",
        "cli_name": "On the command line:",
        "back_image": "Back image",
        "back_image_help": "A PNG or JPEG (up to 8 MB) that covers the back of every card; 300 dpi or more prints sharp.",
        "back_image_remove": "Remove the image",
    },
}

# The common options: (label, plain-words explanation) per language
COMMON: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "es": {
        "players": ("Jugadores", "Para cuántos jugadores es el mazo. Vacío: se comprueba con todos los números de jugadores posibles."),
        "seed": ("Semilla", "Un número: con la misma semilla salen el mismo mazo, las mismas partidas y el mismo PDF."),
        "lang": ("Idioma de las cartas y el reglamento", "Sigue al idioma de esta página salvo que lo cambies. «Los dos» hace reglamentos en los dos idiomas (cartas en español)."),
        "paper": ("Papel", "El tamaño de las hojas de la impresora."),
        "card_size": ("Tamaño de carta", "poker (63×88 mm), bridge, mini, tarot, o ANCHOxALTO en milímetros, como 60x90."),
        "bleed": ("Sangrado (mm)", "Margen extra alrededor de cada carta para una imprenta; añade marcas de corte. 0 para imprimir en casa o en el colegio."),
        "backs": ("Reversos", "Cómo se imprimen los reversos de las cartas."),
        "ink": ("Tinta", "Poca tinta: fondos claros, cada hoja con menos del 45 % de tinta (C+M+Y+K)."),
        "shop": ("Imprenta", "Una plantilla de imprenta fija el tamaño de carta, el sangrado y los archivos (imágenes PNG)."),
        "help_card": ("Carta de ayuda", "Imprime tras el mazo una carta con el resumen de las reglas."),
        "games": ("Partidas simuladas", "Cuántas partidas juega la comprobación por número de jugadores. Menos es más rápido; más es más seguro."),
        "skill_games": ("Partidas de la escalera de habilidad", "¿Cuánto importa jugar bien? Con un número, la comprobación enfrenta jugadores de distinto nivel (tantas partidas por pareja) y lo mide; 0: no se mide (es lo más lento)."),
    },
    "en": {
        "players": ("Players", "How many players the deck is for. Empty: every possible player count is checked."),
        "seed": ("Seed", "A number: the same seed gives the same deck, the same games and the same PDF."),
        "lang": ("Language of the cards and rulebook", "Follows this page's language unless you change it. “Both” makes rulebooks in both languages (cards in Spanish)."),
        "paper": ("Paper", "The size of the printer's sheets."),
        "card_size": ("Card size", "poker (63×88 mm), bridge, mini, tarot, or WIDTHxHEIGHT in millimetres, like 60x90."),
        "bleed": ("Bleed (mm)", "Extra margin around each card for a print shop; adds crop marks. 0 to print at home or at school."),
        "backs": ("Backs", "How the backs of the cards are printed."),
        "ink": ("Ink", "Low ink: pale backgrounds, every sheet under 45% ink (C+M+Y+K)."),
        "shop": ("Print shop", "A print shop's template sets the card size, the bleed and the files (PNG images)."),
        "help_card": ("Help card", "Prints a card with a summary of the rules after the deck."),
        "games": ("Simulated games", "How many games the check plays per player count. Fewer is faster; more is surer."),
        "skill_games": ("Skill-ladder games", "How much does playing well matter? With a number, the check pits players of different levels against each other (that many games per pair) and measures it; 0: not measured (it is the slowest part)."),
    },
}


def accepted(header: str | None) -> str | None:
    """The first of the page's languages an ``Accept-Language`` header prefers ("es-ES,es;q=0.9,en;q=0.8"
    -> "es"), or None if it names neither."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((header or "").split(",")[:40]):
        tag, _, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        if code not in LANGS:
            continue
        q = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and (best is None or (-q, i) < (best[0], best[1])):
            best = (-q, i, code)
    return best[2] if best else None


def asked_lang(query: str | None = None, form: str | None = None, accept: str | None = None) -> str | None:
    """The language a request asks for, or None: the address's ``?lang=``, then the page's form field
    (``page_lang``, or the login form's ``lang``), then the browser's ``Accept-Language``."""
    for value in (query, form):
        if value in LANGS:
            return value
    return accepted(accept)


def lang_of(value: str | None) -> str:
    return value if value in LANGS else "es"


def words(lang: str) -> Mapping[str, str]:
    return WORDS[lang_of(lang)]


def common_words(lang: str) -> Mapping[str, tuple[str, str]]:
    return COMMON[lang_of(lang)]


# What each dropdown of the common options shows for its command-line value
CHOICES: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "es": {
        "lang": {"es": "Español", "en": "Inglés", "all": "Los dos (cartas en español)"},
        "paper": {"a4": "A4 (210 × 297 mm)", "letter": "Carta (Letter, 216 × 279 mm)"},
        "backs": {
            "duplex-long": "Doble cara, volteando por el borde largo",
            "duplex-short": "Doble cara, volteando por el borde corto",
            "manual-duplex": "Doble cara a mano (impresora de una cara)",
            "separate": "Reversos aparte, para pegar",
            "none": "Sin reversos",
        },
        "ink": {"normal": "Normal", "low": "Poca tinta"},
        "shop": {"": "Ninguna (imprimir en casa o en el colegio)", "home": "Casa (hojas y PNG)", "tgc": "The Game Crafter",
                 "mpc": "MakePlayingCards", "dtc": "DriveThruCards"},
    },
    "en": {
        "lang": {"es": "Spanish", "en": "English", "all": "Both (cards in Spanish)"},
        "paper": {"a4": "A4 (210 × 297 mm)", "letter": "Letter (216 × 279 mm)"},
        "backs": {
            "duplex-long": "Double-sided, flipped on the long edge",
            "duplex-short": "Double-sided, flipped on the short edge",
            "manual-duplex": "Double-sided by hand (single-sided printer)",
            "separate": "Backs apart, to glue on",
            "none": "No backs",
        },
        "ink": {"normal": "Normal", "low": "Low ink"},
        "shop": {"": "None (print at home or at school)", "home": "Home (sheets and PNG)", "tgc": "The Game Crafter",
                 "mpc": "MakePlayingCards", "dtc": "DriveThruCards"},
    },
}

# The name a game's cards carry, where it is not its id's title (MGC's cards say ÁLGEBRA)
CARD_NAMES = {"mgc": "ÁLGEBRA"}


def choice_words(lang: str) -> Mapping[str, Mapping[str, str]]:
    return CHOICES[lang_of(lang)]


def game_title(game) -> str:
    """The game's name as its cards show it."""
    return CARD_NAMES.get(game.id, game.title)


# The page's own messages that the server sends in English, in Spanish
SAID = {
    "expired": "expired",
    "no_job": "no_job",
}


# The command line's messages (English) as the Spanish page says them: each pattern replaced where it
# occurs, so "multiplicats: --tables: 11 is out of range (1 to 10)" keeps its option names and numbers.
SPANISH = (
    # the gate's and the request reader's refusals (guard.py, app.parse_form): before the general
    # patterns below, which would otherwise take their pieces ("given twice", "is not allowed here")
    (r"this server does not answer to the host name (.+?); open it as (\S+) or (\S+)$",
     r"este servidor no responde al nombre \1; ábrelo como \2 o \3"),
    (r"^the request has no Host header$", "la petición no lleva la cabecera Host"),
    (r"a request from another site \((.*?)\) may not change anything here; use the page itself",
     r"una petición de otro sitio (\1) no puede cambiar nada aquí; usa la propia página"),
    (r"a request from another origin \((.*?)\) may not change anything here; use the page itself",
     r"una petición de otro origen (\1) no puede cambiar nada aquí; usa la propia página"),
    (r"log in first: this page asks for the password printed where `deckgen serve` was started",
     "entra primero: esta página pide la contraseña que `deckgen serve` mostró al arrancar"),
    (r"the request body did not arrive within (\S+) seconds", r"el cuerpo de la petición no llegó en \1 segundos"),
    (r"multipart/form-data is not read here: send the fields as application/x-www-form-urlencoded or JSON",
     "aquí no se lee multipart/form-data: envía los campos como application/x-www-form-urlencoded o JSON"),
    (r"a form is sent as application/x-www-form-urlencoded or JSON, not (.+)",
     r"un formulario se envía como application/x-www-form-urlencoded o JSON, no como \1"),
    (r"^the form is not UTF-8 text$", "el formulario no es texto UTF-8"),
    (r"the form holds a %-escaped value that is not UTF-8 text", "el formulario lleva un valor escapado con % que no es texto UTF-8"),
    (r"the form has (\S+) fields; at most (\d+) are read", r"el formulario tiene \1 campos; se leen como mucho \2"),
    (r"the JSON object has (\S+) fields; at most (\d+) are read", r"el objeto JSON tiene \1 campos; se leen como mucho \2"),
    (r"the field (.+) is given twice", r"el campo \1 está repetido"),
    (r"^given twice$", "está repetido"),
    (r"a (form|cancel) sent without the page's CSRF token is refused; use the page(, or send the fields as JSON)?",
     lambda m: ("un formulario" if m.group(1) == "form" else "una cancelación") + " sin la clave CSRF de la página se rechaza; usa la página"
     + (", o envía los campos como JSON" if m.group(2) else "")),
    (r"the JSON is nested too deeply \(a form is one object of names and values\)",
     "el JSON está anidado demasiado hondo (un formulario es un solo objeto de nombres y valores)"),
    (r"^the JSON is not UTF-8 text$", "el JSON no es texto UTF-8"),
    (r"the JSON holds a number too long to read \(at most 4,300 digits\)", "el JSON lleva un número demasiado largo para leerlo (como mucho 4.300 cifras)"),
    (r"the request is not valid JSON \(.*?line (\d+) column (\d+).*\)$", r"la petición no es JSON válido (línea \1, columna \2)"),
    (r"the request is not valid JSON \((.*)\)$", r"la petición no es JSON válido (\1)"),
    (r"the request must be a JSON object of option names and values", "la petición debe ser un objeto JSON de nombres de opción y valores"),
    (r"a value is text, a number, true or false, not a JSON (\w+)",
     lambda m: "un valor es texto, un número, true o false, no " + {"object": "un objeto", "list": "una lista"}.get(m.group(1), m.group(1)) + " JSON"),
    (r"^not text, a number, true or false$", "no es texto, un número, true o false"),
    (r"the number is too long", "el número es demasiado largo"),
    (r"unknown fields? ", lambda m: "campos desconocidos " if m.group(0).startswith("unknown fields") else "campo desconocido "),
    (r" and (\d+) more$", r" y \1 más"),
    (r"(a request|a deck file|a back image) is at most (\S+) bytes; this one is (larger|\S+)",
     lambda m: {"a request": "una petición", "a deck file": "un archivo de mazo", "a back image": "una imagen de reverso"}[m.group(1)]
     + f" ocupa como mucho {m.group(2)} bytes; " + ("lo enviado ocupa más" if m.group(3) == "larger" else f"lo enviado ocupa {m.group(3)}")),
    (r"too many wrong passwords; wait (\S+) s", r"demasiadas contraseñas incorrectas; espera \1 s"),
    (r"no such uploaded deck file \(they are forgotten after an hour\); upload it again",
     "no hay ningún archivo de mazo subido con esa clave (se olvidan al cabo de una hora); vuelve a subirlo"),
    (r"send the (deck file|back image) as (.+?) \(or with the page's CSRF token\), not (?:without a content type|(.+))",
     lambda m: ("envía el archivo de mazo" if m.group(1) == "deck file" else "envía la imagen del reverso") + f" como {m.group(2).replace(' or ', ' o ')}"
     + " (o con la clave CSRF de la página), " + (f"no como {m.group(3)}" if m.group(3) else "no sin tipo de contenido")),
    (r"^(\w+) is not allowed here$", r"aquí no se admite \1"),
    (r"the range (\S+) is out of range: it goes past (\S+) \((.+?) to (.+?)\)", r"el intervalo \1 se sale: pasa de \2 (\3 a \4)"),
    (r"expected numbers, got ", "se esperaban números, no "),
    (r"(\S+) takes no value \(write (\S+), or (\S+)\)", r"\1 no lleva valor (escribe \2, o \3)"),
    (r"(\S+) needs a value", r"\1 necesita un valor"),
    (r"(\S+) is out of range \((.+?) to (.+?)\)", r"\1 está fuera del intervalo (\2 a \3)"),
    (r"(\S+) is out of range$", r"\1 está fuera del intervalo"),
    (r"expected a whole number, got ", "se esperaba un número entero, no "),
    (r"expected a number, got ", "se esperaba un número, no "),
    (r"expected a whole number written with the digits 0-9, got ", "se esperaba un número entero escrito con las cifras 0-9, no "),
    (r"expected a number written with the digits 0-9, got ", "se esperaba un número escrito con las cifras 0-9, no "),
    (r"expected true or false, got ", "se esperaba true o false (sí o no), no "),
    (r"(\S+) is not one of ", r"\1 no es ninguno de "),
    (r"\(did you mean (.+?)\?\)", r"(¿quisiste decir \1?)"),
    (r"the range (\S+) goes backwards \(write (\S+)\)", r"el intervalo \1 va al revés (escribe \2)"),
    (r"(\S+) given twice", r"\1 está repetido"),
    (r"expected numbers like 1-6 or 2,5,10, got nothing", "faltan los números, como 1-6 o 2,5,10"),
    (r"is not a list of numbers like 1-6 or 2,5,10", "no es una lista de números como 1-6 o 2,5,10"),
    (r"at most (\d+) values allowed", r"como mucho \1 valores"),
    (r"needs at least (\d+) value\(s\)", r"necesita al menos \1 valor(es)"),
    (r"(.+?) is for (\d+) to (\d+) players", r"\1 es para \2 a \3 jugadores"),
    (r"Invalid value for '(\S+)': '(.*)' is not a valid integer(?: range)?\.?", r"valor no válido para \1: '\2' no es un número entero"),
    (r"Invalid value for '(\S+)': '(.*)' is not a valid float(?: range)?\.?", r"valor no válido para \1: '\2' no es un número"),
    (r"Invalid value for '(\S+)': (.+)", r"valor no válido para \1: \2"),
    (r"unknown game '(.*)'", r"no hay ningún juego '\1'"),
    (r"; the games are: ", "; los juegos son: "),
    (r"no page at (\S+)", r"no hay ninguna página en \1"),
    (r"unknown option (\S+)", r"no existe la opción \1"),
    (r"(.+?) has no option '(.+?)'", r"\1 no tiene la opción '\2'"),
    (r"deck file (.+) is empty: choose a deck file that has a game and its options", r"el archivo de mazo \1 está vacío: elige uno que tenga un juego y sus opciones"),
    (r"the back image is not a PNG or JPEG picture that can be read", "la imagen del reverso no es un PNG o JPEG que se pueda leer"),
    (r"the back image is empty: choose a PNG or JPEG file", "la imagen del reverso está vacía: elige un archivo PNG o JPEG"),
    (r"the back image is no longer on the server.*", "la imagen del reverso ya no está en el servidor (se guardan una hora): elígela otra vez"),
    (r"the server is busy: (\d+) jobs are waiting; try again in a few minutes", r"el servidor está ocupado: hay \1 trabajos esperando; vuelve a intentarlo en unos minutos"),
    (r"the (build|check) took longer than the time limit of (\S+) s and was stopped", r"el trabajo pasó del tiempo límite de \2 s y se paró"),
    (r"; try fewer games", "; prueba con menos partidas"),
    (r"is not allowed here", "no se admite aquí"),
    (r"a form value of (\d+) characters is too long \(at most (\d+)\)", r"un valor de \1 caracteres es demasiado largo (como mucho \2)"),
    (r"--games must be (\d+) to (\S+), not (\S+)", r"--games debe ir de \1 a \2, no \3"),
    (r"the job failed unexpectedly", "el trabajo falló de forma inesperada"),
    (r"the job ran out of memory", "el trabajo se quedó sin memoria"),
)


def say(lang: str, message: str) -> str:
    """A message of the server in the page's language: the page's own, or the command line's put
    into Spanish pattern by pattern (what no pattern knows stays as the command line says it)."""
    import re

    for key in SAID:
        if message == WORDS["en"][key]:
            return WORDS[lang_of(lang)][key]
    if lang != "es":
        return message
    for pattern, spanish in SPANISH:
        message = re.sub(pattern, spanish, message)
    return message
