"""MGC's rules as pure functions and small tables: what an action card does, the rule for each card
when it is the first one turned up, legality, scoring. The state (state.py) only applies them.

Kinds are small integers so the engine can index tables with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

BASIC, TOMA_DOS, RETORNO, INTERMISION, ELECCION_COEF, ELECCION_GRADO, TOMA_CUATRO = range(7)
KINDS = 7
ACTION_KIND = {
    "toma_dos": TOMA_DOS,
    "retorno": RETORNO,
    "intermision": INTERMISION,
    "eleccion_coeficiente": ELECCION_COEF,
    "eleccion_grado": ELECCION_GRADO,
    "toma_cuatro": TOMA_CUATRO,
}
KIND_ACTION = {v: k for k, v in ACTION_KIND.items()}

NO_CHOICE, CHOOSE_COEFFICIENT, CHOOSE_DEGREE = 0, 1, 2


@dataclass(frozen=True)
class Effect:
    """What playing a card does to the next turns."""

    draw: int = 0  # the next player draws this many cards...
    skip: bool = False  # ...and/or loses the turn
    reverse: bool = False  # play changes direction
    choose: int = NO_CHOICE  # the player names the coefficient or the degree that must follow


EFFECTS: dict[int, Effect] = {
    BASIC: Effect(),
    TOMA_DOS: Effect(draw=2, skip=True),
    RETORNO: Effect(reverse=True),
    INTERMISION: Effect(skip=True),
    ELECCION_COEF: Effect(choose=CHOOSE_COEFFICIENT),
    ELECCION_GRADO: Effect(choose=CHOOSE_DEGREE),
    TOMA_CUATRO: Effect(draw=4, skip=True),
}


def effect(kind: int, players: int, retorno_two_players: str = "reverse") -> Effect:
    """The effect of a card of ``kind``. With two players a Retorno only reverses (the other player
    is next either way) unless the variant ``skip`` makes it skip the other player, as in UNO."""
    e = EFFECTS[kind]
    if kind == RETORNO and players == 2 and retorno_two_players == "skip":
        return Effect(reverse=True, skip=True)
    return e


def points(kind: int, coefficient: int | None = None) -> int:
    """What a card left in a hand is worth to the round's winner (negative coefficients count
    their absolute value)."""
    if kind == BASIC:
        return abs(int(coefficient or 0))
    if kind in (TOMA_DOS, RETORNO, INTERMISION):
        return 20
    return 50  # Elección de coeficiente, Elección de grado, Toma cuatro


POINT_TABLE = (
    ("basic", "coefficient"),
    ("toma_dos", 20),
    ("retorno", 20),
    ("intermision", 20),
    ("eleccion_coeficiente", 50),
    ("eleccion_grado", 50),
    ("toma_cuatro", 50),
)


def follows(top: tuple[int | None, int | None], coefficient: int, degree: int) -> bool:
    """May a monomial with ``coefficient`` and ``degree`` be played when the constraint in force is
    ``top`` = (coefficient or None, degree or None)? None means "any". Action cards are always legal."""
    c, d = top
    if c is None and d is None:
        return True
    return (c is not None and coefficient == c) or (d is not None and degree == d)


@dataclass(frozen=True)
class Start:
    """How a round opens after the first card is turned up (seats counted from the dealer)."""

    first: int  # the seat that acts first
    direction: int  # +1 to the left (increasing seats), -1 to the right
    draw: int = 0  # cards the player left of the dealer draws at once
    choose: int = NO_CHOICE  # the first player names a value, then plays


def start_rule(kind: int, dealer: int, players: int) -> Start:
    """Each card's own rule when it is the first card turned up.

    - a monomial: the player left of the dealer starts, following it;
    - Toma dos / Toma cuatro: the player left of the dealer draws 2 / 4 and loses the turn;
    - Retorno: the dealer starts and play goes to the right;
    - Intermisión: the player left of the dealer is skipped;
    - Elección de coeficiente / de grado: the player left of the dealer names the value, then plays.
    """
    left = (dealer + 1) % players
    after = (dealer + 2) % players
    if kind == TOMA_DOS:
        return Start(after, 1, draw=2)
    if kind == TOMA_CUATRO:
        return Start(after, 1, draw=4)
    if kind == RETORNO:
        return Start(dealer, -1)
    if kind == INTERMISION:
        return Start(after, 1)
    if kind == ELECCION_COEF:
        return Start(left, 1, choose=CHOOSE_COEFFICIENT)
    if kind == ELECCION_GRADO:
        return Start(left, 1, choose=CHOOSE_DEGREE)
    return Start(left, 1)




@dataclass(frozen=True)
class Variant:
    """The rule variants and the simulated players' habits (options with scope "rules")."""

    draw_freely: bool = False  # a player may draw even holding a legal card
    algebra_call: float = 0.9  # chance that a player says "ÁLGEBRA" when playing the second-to-last card
    algebra_catch: float = 0.5  # chance that a forgotten call is caught in time (2 penalty cards)
    target_score: int = 500  # the match ends when a player reaches this score
    retorno_two_players: str = "reverse"  # with 2 players, Retorno only reverses ("reverse") or skips ("skip")
    last_card_draws: bool = True  # a Toma card played as the last card still makes the next player draw
    round_starter: str = "rotate"  # who opens the next round: the deal rotates, or the round's winner starts
    after_action: str = "monomial"  # after an action card: the last monomial still rules ("monomial"), or any card ("free")

    @staticmethod
    def from_options(options: Mapping[str, object]) -> "Variant":
        fields = Variant.__dataclass_fields__
        return Variant(**{k: options[k] for k in fields if k in options})  # type: ignore[arg-type]
