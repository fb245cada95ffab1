"""The facts the Hectoedra rulebook prints, computed from the deck, and its drawn figures."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from deckgen.model import Card, Deck
from deckgen.options import compact_ranges
from deckgen.render.faces import Frame
from deckgen.render.pen import Pen, TransformPen
from deckgen.rulebook.spec import Rulebook

from deckgen.games.hectoedra import deck as deck_mod
from deckgen.games.hectoedra.faces import HectoedraFaces
from deckgen.games.hectoedra.numbers import is_prime, link
from deckgen.games.hectoedra.solver import solve
from deckgen.games.hectoedra.state import Variant

STACK_EXAMPLE = tuple(range(1, 11))  # 1..10: the longest stack has 9 cards

VARIANT_TEXT = {
    "es": {
        "per_player": "Cartas por jugador en el mazo de juego: {v}.",
        "hand": "Cartas en la mano: {v}.",
        "rounds": "Rondas de la partida: {v}.",
        "rounds_all": "tantas como jugadores",
        "start_tie": {
            "youngest": "Empate a menos primos en la primera ronda: empieza el más joven de los empatados.",
            "random": "Empate a menos primos en la primera ronda: se sortea entre los empatados.",
        },
        "next_starter": {
            "last-played": "Empieza la ronda siguiente quien dejó la última carta en la pila central (una penalización no cuenta como jugada).",
            "last-turn": "Empieza la ronda siguiente quien jugó el último turno, aunque fuera una penalización.",
        },
        "each_starts": {
            True: "Nadie empieza dos rondas antes de que todos hayan empezado una: si a quien le toca ya empezó, empieza el siguiente en el orden de juego que aún no lo haya hecho.",
            False: "Empieza siempre quien dejó la última carta, aunque ya hubiera empezado otra ronda (puede que alguien no llegue a empezar nunca).",
        },
        "must_play": {
            True: "Quien tiene una carta válida está obligado a jugarla; cuál, lo decide él.",
            False: "Se puede penalizar una carta aunque se tenga una jugada válida.",
        },
        "keep_penalties": {
            False: "Al acabar cada ronda se anotan las penalizaciones y todas las cartas vuelven al mazo para el reparto siguiente.",
            True: "Las cartas penalizadas se quedan boca abajo toda la partida y no entran en los repartos siguientes.",
        },
    },
    "en": {
        "per_player": "Cards per player in the game deck: {v}.",
        "hand": "Cards in hand: {v}.",
        "rounds": "Rounds in a match: {v}.",
        "rounds_all": "as many as players",
        "start_tie": {
            "youngest": "A tie for fewest primes in the first round: the youngest of the tied players starts.",
            "random": "A tie for fewest primes in the first round: draw lots among the tied players.",
        },
        "next_starter": {
            "last-played": "The next round starts with whoever put the last card on the central pile (a penalty is not a play).",
            "last-turn": "The next round starts with whoever took the last turn, even if it was a penalty.",
        },
        "each_starts": {
            True: "Nobody starts a second round before everyone has started one: if that player already started, the next player in turn order who has not starts instead.",
            False: "The last player to play always starts, even if they already started a round (someone may never start).",
        },
        "must_play": {
            True: "A player holding a legal card must play one; which one is their choice.",
            False: "A player may put a card face down as a penalty even when holding a legal card.",
        },
        "keep_penalties": {
            False: "At the end of each round the penalties are written down and every card goes back into the deck for the next deal.",
            True: "Penalty cards stay face down for the whole match and are left out of later deals.",
        },
    },
}


def variants(options: Mapping[str, Any], lang: str) -> list[str]:
    v = Variant.from_options(options)
    t = VARIANT_TEXT[lang]
    return [
        t["per_player"].format(v=v.per_player),
        t["hand"].format(v=v.hand),
        t["rounds"].format(v=v.rounds or t["rounds_all"]),
        t["start_tie"][v.start_tie],
        t["next_starter"][v.next_starter],
        t["each_starts"][v.each_starts],
        t["must_play"][v.must_play],
        t["keep_penalties"][v.keep_penalties],
    ]


def _pick(values: list[int], pairs: list[tuple[int, int]], why: str) -> tuple[int, int] | None:
    have = set(values)
    for a, b in pairs:
        if a in have and b in have and link(a, b, "full") == why:
            return a, b
    for i, a in enumerate(values):  # any pair of the deck with that link
        for b in values[i + 1 :]:
            if link(a, b, "full") == why and (why != "multiple" or a > 1):
                return a, b
    return None


@lru_cache(maxsize=8)
def _longest_stack(values: tuple[int, ...]):
    """The deck's own longest stack, solved once for both languages' rulebooks (about a second for
    the hundred cards): the solver is a pure function of the cards."""
    return solve(values, time_limit=20.0)


def context(deck: Deck, lang: str) -> Mapping[str, Any]:
    values = deck_mod.values(deck)
    index = {v: i for i, v in enumerate(values)}
    v = Variant.from_options(deck.options)
    examples = {
        "multiple": _pick(values, [(4, 12), (3, 15), (7, 14)], "multiple"),
        "common": _pick(values, [(6, 9), (10, 15), (14, 21)], "common"),
        "primes": _pick(values, [(2, 3), (5, 7), (3, 11)], "primes"),
    }
    on = {"es": "sobre", "en": "on"}[lang]
    row = []
    for pair in examples.values():
        if pair is not None:
            a, b = pair
            row += [{"index": index[a], "caption": str(a)}, {"index": index[b], "caption": f"{b} {on} {a}"}]
    refused = next(((a, b) for a, b in [(9, 10), (8, 15), (4, 9)] if a in index and b in index), None)
    small = solve(STACK_EXAMPLE)
    # the puzzle is solved for a set of different cards; a forced deck repeating a card has no answer to give
    own = _longest_stack(tuple(values)) if len(values) <= 100 and len(set(values)) == len(values) else None
    # the tip's examples, from this deck: the cards with most divisors, and its biggest prime
    divisors = {x: sum(1 for d in range(1, x + 1) if x % d == 0) for x in set(values) if x > 1}
    rich = sorted(sorted(divisors, key=lambda x: (-divisors[x], x))[:4])
    big_prime = max((x for x in values if is_prime(x) and x > 10), default=None)
    return {
        "rich": rich if len(rich) >= 2 and divisors[rich[0]] > 2 else [],
        "big_prime": big_prime,
        "count": len(values),
        "range": compact_ranges(values),
        "full_deck": values == list(range(1, 101)),
        "primes": sum(1 for x in values if is_prime(x)),
        "per_player": v.per_player,
        "hand": v.hand,
        "draw_turns": max(0, v.per_player - v.hand),
        "turns": v.per_player,
        "examples": {k: (None if p is None else {"a": p[0], "b": p[1], "indexes": f"{index[p[0]]},{index[p[1]]}"}) for k, p in examples.items()},
        "example_row": {"indexes": ",".join(str(r["index"]) for r in row), "captions": "|".join(r["caption"] for r in row)} if row else None,
        "refused": None if refused is None else {"a": refused[0], "b": refused[1], "indexes": f"{index[refused[0]]},{index[refused[1]]}"},
        "stack_example": {"cards": compact_ranges(STACK_EXAMPLE), "length": small.length, "order": list(small.order)},
        "own": None if own is None else {"length": own.length, "proven": own.proven, "order": list(own.order)},
        "variants": variants(deck.options, lang),
        "each_starts": v.each_starts,
        "rounds": v.rounds,  # 0: as many rounds as players
        "next_starter": v.next_starter,  # "last-played" or "last-turn"
        "keep_penalties": v.keep_penalties,  # penalty cards stay face down, out of later deals
        "aids": list(deck.options.get("aids", ["prime"])),
        "has_one": 1 in index,
        "one_index": index.get(1),
    }


def stack_figure(pen: Pen, width: float, height: float, lang: str) -> None:
    """The longest stack of the cards 1..10 (9 cards), bottom card first, left to right."""
    order = solve(STACK_EXAMPLE).order
    faces = HectoedraFaces()
    n = len(order)
    gap = 2.0
    label = 4.5
    card_w = min((width - (n - 1) * gap) / n, (height - label) * 63 / 88)
    card_h = card_w * 88 / 63
    left = (width - n * card_w - (n - 1) * gap) / 2
    frame = Frame(card_w, card_h, 0.0, lang, {"aids": []})
    for i, value in enumerate(order):
        faces.front(TransformPen(pen, left + i * (card_w + gap), 0.0), Card(deck_mod.NUMBER, {"value": value}), frame)
    words = {"es": ("abajo", "arriba"), "en": ("bottom", "top")}[lang]
    y = card_h + label - 0.8
    pen.text(left + card_w / 2, y, words[0], 8, align="center", color="#1a1a1a")
    pen.text(left + (n - 1) * (card_w + gap) + card_w / 2, y, words[1], 8, align="center", color="#1a1a1a")
    for i in range(n - 1):  # a small arrow head between neighbours
        x = left + (i + 1) * (card_w + gap) - gap / 2
        pen.polygon([(x - 0.7, card_h / 2 - 1.2), (x + 0.8, card_h / 2), (x - 0.7, card_h / 2 + 1.2)], fill="#1f4e9c")


RULEBOOK = Rulebook(context=context, figures={"stack": stack_figure})
