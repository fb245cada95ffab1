"""The facts the MGC rulebook prints, computed from the deck actually built: its composition, the
scoring table, worked examples taken from its own cards, and the decisions the build used."""

from __future__ import annotations

from typing import Any, Mapping

from deckgen.model import Deck
from deckgen.options import runs
from deckgen.rulebook.spec import Rulebook

from deckgen.games.mgc import algebra, rules
from deckgen.games.mgc.deck import ACTION, ACTIONS, HAND, MONOMIAL, RESERVE, deck_variables

ACTION_TEXT: dict[str, dict[str, dict[str, str]]] = {
    "es": {
        "toma_dos": {
            "effect": "El jugador siguiente roba 2 cartas y no juega en ese turno.",
            "start": "El jugador a la izquierda de quien reparte roba 2 cartas y pierde el turno; empieza el siguiente.",
        },
        "retorno": {
            "effect": "Cambia el sentido del juego: si se jugaba hacia la izquierda, ahora se juega hacia la derecha, y al revés.",
            "start": "Empieza quien ha repartido y el juego sigue hacia su derecha.",
        },
        "intermision": {
            "effect": "El jugador siguiente se queda sin turno.",
            "start": "El jugador a la izquierda de quien reparte pierde el turno; empieza el siguiente.",
        },
        "eleccion_coeficiente": {
            "effect": "Quien la juega dice qué coeficiente hay que seguir.",
            "start": "El jugador a la izquierda de quien reparte dice el coeficiente y juega el primero.",
        },
        "eleccion_grado": {
            "effect": "Quien la juega dice qué grado hay que seguir.",
            "start": "El jugador a la izquierda de quien reparte dice el grado y juega el primero.",
        },
        "toma_cuatro": {
            "effect": "El jugador siguiente roba 4 cartas y no juega en ese turno.",
            "start": "El jugador a la izquierda de quien reparte roba 4 cartas y pierde el turno; empieza el siguiente.",
        },
    },
    "en": {
        "toma_dos": {
            "effect": "The next player draws 2 cards and plays nothing that turn.",
            "start": "The player left of the dealer draws 2 cards and loses the turn; the next player starts.",
        },
        "retorno": {
            "effect": "Play changes direction: if it went to the left, it now goes to the right, and the other way round.",
            "start": "The dealer starts and play goes to the dealer's right.",
        },
        "intermision": {
            "effect": "The next player loses the turn.",
            "start": "The player left of the dealer loses the turn; the next player starts.",
        },
        "eleccion_coeficiente": {
            "effect": "Whoever plays it says which coefficient must follow.",
            "start": "The player left of the dealer names the coefficient and plays first.",
        },
        "eleccion_grado": {
            "effect": "Whoever plays it says which degree must follow.",
            "start": "The player left of the dealer names the degree and plays first.",
        },
        "toma_cuatro": {
            "effect": "The next player draws 4 cards and plays nothing that turn.",
            "start": "The player left of the dealer draws 4 cards and loses the turn; the next player starts.",
        },
    },
}

VARIANT_TEXT: dict[str, dict[str, Any]] = {
    "es": {
        "draw_freely": {
            False: "Solo se roba cuando no se tiene ninguna carta que se pueda jugar.",
            True: "Se puede robar aunque se tenga una carta que se pueda jugar.",
        },
        "after_action": {
            "monomial": "Después de una carta de acción hay que seguir el coeficiente o el grado del último monomio jugado (o el valor que dijo una carta de Elección).",
            "free": "Después de una carta de acción (salvo las de Elección) se puede jugar cualquier carta.",
        },
        "retorno_two_players": {
            "reverse": "Con dos jugadores, el Retorno solo cambia el sentido, así que vuelve a jugar el otro jugador.",
            "skip": "Con dos jugadores, el Retorno hace perder el turno al otro jugador: quien lo juega vuelve a jugar.",
        },
        "last_card_draws": {
            True: "Si la última carta de una ronda es un Toma dos o un Toma cuatro, el jugador siguiente roba igualmente, y esas cartas cuentan al puntuar.",
            False: "Si la última carta de una ronda es un Toma dos o un Toma cuatro, nadie roba: la ronda acaba en ese momento.",
        },
        "round_starter": {
            "rotate": "En cada ronda reparte el jugador a la izquierda del que repartió la anterior.",
            "winner": "Cada ronda la empieza quien ganó la anterior (reparte el jugador a su derecha).",
        },
        "target": "Gana la partida quien llega antes a {v} puntos.",
        "choices": "Una carta de Elección solo puede nombrar un coeficiente o un grado que esté en la baraja (coeficientes {c}; grados {d}).",
        "refill": "Si se acaba el mazo de robo, se barajan las cartas del montón de descartes, menos la de arriba, y forman un mazo nuevo.",
        "negative": "Un monomio con coeficiente negativo vale su valor absoluto: −3x² vale 3 puntos.",
        "blocked": ("Si no queda ninguna carta que robar (ni en el mazo ni debajo de la carta de arriba del montón de descartes), quien no puede "
                    "jugar pasa el turno y nadie puede robar porque quiera. Si entonces ningún jugador puede jugar, la ronda se acaba: la gana "
                    "quien tiene menos puntos en la mano, y se anota, como siempre, los puntos de las cartas que quedan en las manos de los demás; "
                    "si hay empate a menos puntos, nadie puntúa."),
        "caught": "Quien olvida decir «ÁLGEBRA» y es descubierto antes de que el siguiente jugador robe o juegue, roba 2 cartas.",
    },
    "en": {
        "draw_freely": {
            False: "A player draws only when no card in hand may be played.",
            True: "A player may draw even when holding a card that may be played.",
        },
        "after_action": {
            "monomial": "After an action card the next card must follow the last monomial's coefficient or degree (or the value an Elección card named).",
            "free": "After an action card (except the Elección cards) any card may be played.",
        },
        "retorno_two_players": {
            "reverse": "With two players a Retorno only changes direction, so the other player is next anyway.",
            "skip": "With two players a Retorno makes the other player lose the turn: whoever played it plays again.",
        },
        "last_card_draws": {
            True: "If a round's last card is a Toma dos or a Toma cuatro, the next player still draws, and those cards count in the score.",
            False: "If a round's last card is a Toma dos or a Toma cuatro, nobody draws: the round ends there.",
        },
        "round_starter": {
            "rotate": "Each round is dealt by the player left of the previous dealer.",
            "winner": "Each round is opened by the previous round's winner (the player on their right deals).",
        },
        "target": "The first player to reach {v} points wins the match.",
        "choices": "An Elección card may only name a coefficient or a degree that the deck has (coefficients {c}; degrees {d}).",
        "refill": "When the draw pile runs out, the discard pile, all but its top card, is shuffled into a new draw pile.",
        "negative": "A monomial with a negative coefficient is worth its absolute value: −3x² is worth 3 points.",
        "blocked": ("When no card is left to draw (neither in the draw pile nor under the discard pile's top card), a player who cannot "
                    "play passes, and nobody may draw by choice. If then nobody can play, the round ends: the player with the lowest hand "
                    "wins it and scores, as always, the points of the cards left in the other hands; on a tie for the lowest hand nobody scores."),
        "caught": "A player who forgets to say “ÁLGEBRA” and is caught before the next player draws or plays draws 2 cards.",
    },
}

WORDS = {
    "es": {"top": "en juego", "coef": "mismo coeficiente", "degree": "mismo grado", "no": "no vale", "basic": "Monomio"},
    "en": {"top": "in play", "coef": "same coefficient", "degree": "same degree", "no": "not allowed", "basic": "Monomial"},
}


def _runs(card, variables) -> list[dict[str, Any]]:
    """A monomial as the template prints it: pieces of text, the exponents marked for <sup>."""
    r = _read(card, variables)
    if r is None:
        return [{"text": str(card.get("monomial")), "sup": False}]
    return [{"text": run.text, "sup": run.sup} for run in algebra.runs(r[0], r[2], r[3])]


def _signed(n: int) -> str:
    return str(n).replace("-", algebra.MINUS)


def span(values: list[int], lang: str) -> str:
    """Values as a reader says them: "1 a 6", "−3 a −1 y 1 a 3", "2, 5 y 7" ("to"/"and" in English)."""
    to, and_ = {"es": ("a", "y"), "en": ("to", "and")}[lang]
    parts: list[str] = []
    for a, b in runs(values):
        parts.extend([f"{_signed(a)} {to} {_signed(b)}"] if b - a >= 2 else (_signed(v) for v in range(a, b + 1)))
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} {and_} {parts[-1]}" if parts else ""


def _read(card, variables) -> tuple[int, int, tuple[int, ...], tuple[str, ...]] | None:
    return algebra.read(str(card.get("monomial")), variables)


def composition(deck: Deck, lang: str = "es") -> dict[str, Any]:
    """What the deck holds, counted from its cards (so a deck file's own list is described too)."""
    monos = [c for c in deck.cards if c.kind == MONOMIAL]
    coefficients = sorted({int(c["coefficient"]) for c in monos})
    degrees = sorted({int(c["degree"]) for c in monos})
    pairs: dict[tuple[int, int], int] = {}
    for c in monos:
        key = (int(c["coefficient"]), int(c["degree"]))
        pairs[key] = pairs.get(key, 0) + 1
    copies = sorted(set(pairs.values()))
    actions = []
    for a, names in ACTIONS.items():
        idx = [i for i, c in enumerate(deck.cards) if c.kind == ACTION and c.get("action") == a]
        actions.append({"id": a, "name": names["es"], "name_en": names["en"], "count": len(idx), "index": idx[0] if idx else None,
                        "points": rules.points(rules.ACTION_KIND[a])})
    return {
        "monomials": len(monos),
        "coefficients": [_signed(c) for c in coefficients],
        "coefficient_range": span(coefficients, lang),
        "degrees": degrees,
        "degree_range": span(degrees, lang),
        "variables": list(deck_variables(deck)),
        "pairs": len(pairs),
        "copies": copies[0] if len(copies) == 1 else None,
        "actions": actions,
        "action_total": sum(a["count"] for a in actions),
        "total": len(deck.cards),
    }


def scoring(lang: str) -> list[dict[str, Any]]:
    """The scoring table of the rules: a monomial scores its coefficient, the action cards 20 or 50."""
    basic = {"es": "su coeficiente (sin signo)", "en": "its coefficient (without sign)"}[lang]
    rows = [{"card": WORDS[lang]["basic"], "points": basic, "value": None}]
    for key, _ in rules.POINT_TABLE[1:]:
        rows.append({"card": ACTIONS[key]["es"], "points": str(rules.points(rules.ACTION_KIND[key])), "value": rules.points(rules.ACTION_KIND[key])})
    return rows


def _reading_examples(deck: Deck, variables) -> list[dict[str, Any]]:
    """Three monomials of the deck to read: an unwritten coefficient 1, written exponents, and a
    negative coefficient when the deck has one."""
    found: list[int] = []
    tests = (
        lambda r: r[0] == 1 and r[1] >= 2,  # coefficient 1, not written
        lambda r: r[0] not in (1, -1) and any(e > 1 for e in r[2]) and any(e == 1 for e in r[2]),  # exponent 1 unwritten
        lambda r: r[0] < 0,  # a negative coefficient
        lambda r: r[1] == 0,  # a constant: degree 0
        lambda r: r[0] not in (1, -1),
    )
    reads = {i: _read(c, variables) for i, c in enumerate(deck.cards) if c.kind == MONOMIAL}
    for test in tests:
        for i, r in reads.items():
            if r is not None and i not in found and test(r):
                found.append(i)
                break
        if len(found) == 3:
            break
    out = []
    for i in found:
        coefficient, degree, exps, names = reads[i]  # type: ignore[misc]
        parts = [str(e) for e in exps if e]
        out.append(
            {
                "index": i,
                "text": algebra.plain(coefficient, exps, names).replace("-", algebra.MINUS),
                "runs": [{"text": run.text, "sup": run.sup} for run in algebra.runs(coefficient, exps, names)],
                "coefficient": _signed(coefficient),
                "degree": degree,
                "sum": " + ".join(parts) if len(parts) > 1 else (parts[0] if parts else "0"),
            }
        )
    return out


def _follow_example(deck: Deck, variables, lang: str) -> dict[str, Any] | None:
    """A card in play and, from the same deck, one card that follows by coefficient, one by degree,
    and one that may not follow."""
    monos = [(i, int(c["coefficient"]), int(c["degree"])) for i, c in enumerate(deck.cards) if c.kind == MONOMIAL]
    for i, c, d in sorted(monos, key=lambda m: (m[1] == 1 or m[2] < 2, m[0])):
        same_c = next((j for j, cj, dj in monos if cj == c and dj != d), None)
        same_d = next((j for j, cj, dj in monos if dj == d and cj != c), None)
        neither = next((j for j, cj, dj in monos if cj != c and dj != d), None)
        if None not in (same_c, same_d, neither):
            w = WORDS[lang]
            plain = {j: _runs(deck.cards[j], variables) for j in (i, same_c, same_d, neither)}  # type: ignore[arg-type]
            return {
                "indexes": f"{i},{same_c},{same_d},{neither}",
                "captions": "|".join((w["top"], w["coef"], w["degree"], w["no"])),
                "top": plain[i], "coefficient": _signed(c), "degree": d,
                "same_c": plain[same_c], "same_d": plain[same_d], "neither": plain[neither],  # type: ignore[index]
            }
    return None


def _score_example(deck: Deck, variables) -> dict[str, Any] | None:
    """A losing hand made of this deck's cards and what it is worth."""
    picks: list[int] = []
    monos = [i for i, c in enumerate(deck.cards) if c.kind == MONOMIAL]
    negative = next((i for i in monos if int(deck.cards[i]["coefficient"]) < 0), None)
    for i in ([negative] if negative is not None else []) + monos[::-1]:
        if i not in picks and len(picks) < 2:
            picks.append(i)
    for a in ("toma_dos", "eleccion_grado", "toma_cuatro", "retorno"):
        j = next((i for i, c in enumerate(deck.cards) if c.kind == ACTION and c.get("action") == a), None)
        if j is not None and len([p for p in picks if deck.cards[p].kind == ACTION]) < 2:
            picks.append(j)
    if not picks:
        return None
    values = []
    for i in picks:
        card = deck.cards[i]
        kind = rules.BASIC if card.kind == MONOMIAL else rules.ACTION_KIND[card["action"]]
        values.append(rules.points(kind, card.get("coefficient")))
    return {"indexes": ",".join(map(str, picks)), "captions": "|".join(str(v) for v in values),
            "sum": " + ".join(map(str, values)), "total": sum(values)}


def variants(deck: Deck, lang: str) -> list[str]:
    v = rules.Variant.from_options(deck.options)
    t = VARIANT_TEXT[lang]
    comp = composition(deck, lang)
    return [
        t["draw_freely"][v.draw_freely],
        t["after_action"][v.after_action],
        t["choices"].format(c=comp["coefficient_range"], d=comp["degree_range"]),
        t["retorno_two_players"][v.retorno_two_players],
        t["last_card_draws"][v.last_card_draws],
        t["round_starter"][v.round_starter],
        t["target"].format(v=v.target_score),
        t["negative"],
        t["refill"],
        t["caught"],
        t["blocked"],
    ]


def context(deck: Deck, lang: str) -> Mapping[str, Any]:
    variables = deck_variables(deck)
    comp = composition(deck, lang)
    text = ACTION_TEXT[lang]
    for a in comp["actions"]:
        a["effect"] = text[a["id"]]["effect"]
        a["start"] = text[a["id"]]["start"]
    variant = rules.Variant.from_options(deck.options)
    shown = [a["index"] for a in comp["actions"] if a["index"] is not None]
    return {
        "composition": comp,
        "scoring": scoring(lang),
        "reading": _reading_examples(deck, variables),
        "follow": _follow_example(deck, variables, lang),
        "score_example": _score_example(deck, variables),
        "action_gallery": ",".join(map(str, shown)),
        "action_captions": "|".join(a["name"] for a in comp["actions"] if a["index"] is not None),
        "hand": HAND,
        "reserve": RESERVE,
        "target": variant.target_score,
        "draw_freely": variant.draw_freely,
        "variants": variants(deck, lang),
        "hints": bool(deck.options.get("hints")),
        "custom": bool(getattr(deck, "custom", False)),
    }


RULEBOOK = Rulebook(context=context)
