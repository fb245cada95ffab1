"""Monete's rules as pure functions: which plays are legal, which close a round, which marker
settings a player may choose. The state (``state.py``) only moves cards and asks these.

Vocabulary: the *top* is the last card played this round, with the value and colour it counts as
(a comodín counts as what its player declared). The number marker is ``up`` (+: a card must be
greater than or equal to the top) or down (−: less than or equal). The colour marker is ``same``
(same colour as the top) or different; ``None`` in the modes without a colour marker.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from deckgen.errors import DeckgenError

from deckgen.games.monete.cards import NO_COLOUR, CardTable
from deckgen.games.monete.deck import ALL, COLOUR_MODES, COLOURS, MAX_COMBO

# How a play must respect the markers, per mode.
NUMBER_ONLY, EITHER, BOTH = 0, 1, 2
MODE_RULE = {"perezoso": NUMBER_ONLY, "siesta": NUMBER_ONLY, "recreo": EITHER, "jungla": BOTH}

# A play: the cards in the order played, and the value and colour each one counts as.
Play = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
Markers = tuple[bool, "bool | None"]  # (up, same)


@dataclass(frozen=True)
class Rules:
    """The rule variant a game is played with (read from the deck's options)."""

    mode: str
    top: int = 20
    combo: int = MAX_COMBO  # most cards in one play
    deck_out: str = "empty"  # "empty": the game ends when the draw pile runs out; "need": when a draw finds it empty
    wild_discard: bool = False  # a comodín may be the 1 (or TOP) discarded at a ¡Monete!
    give_taken: bool = False  # Te la cambio / Espiar: the card given back may be the one just taken

    @cached_property  # asked at every step of a game
    def rule(self) -> int:
        return MODE_RULE[self.mode]

    @cached_property  # asked at every step of a game
    def colour(self) -> bool:
        """Whether this mode uses the colour marker."""
        return self.mode in COLOUR_MODES

    @property
    def reset(self) -> bool:
        """JUNGLA: after every play the player may set both markers."""
        return self.mode == "jungla"

    @cached_property  # asked at every step of a game
    def declared_colours(self) -> tuple[int, ...]:
        """The colours a comodín may be declared as (none matters without a colour marker)."""
        return tuple(range(len(COLOURS))) if self.colour else (NO_COLOUR,)

    @cached_property  # asked at every step of a game
    def combo_directions(self) -> dict[bool, tuple[tuple[int, bool], ...]]:
        """``combo_steps`` under each number marker (+: True, −: False)."""
        return {up: combo_steps(self, up) for up in (True, False)}

    @staticmethod
    def from_options(options: Mapping[str, Any]) -> "Rules":
        mode = options.get("mode", "siesta")
        if mode == ALL:
            raise DeckgenError("a Monete game is played in one mode: choose --mode perezoso, siesta, recreo or jungla")
        return Rules(
            mode=mode,
            top=int(options.get("top", 20)),
            combo=int(options.get("combo", MAX_COMBO)),
            deck_out=options.get("deck_out", "empty"),
            wild_discard=bool(options.get("wild_discard", False)),
            give_taken=bool(options.get("give_taken", False)),
        )


class Situation(NamedTuple):
    """What a play is judged against (a named tuple: a game builds one at every step)."""

    opening: bool  # no card on the table this round: any single card opens it
    top_value: int = 0
    top_colour: int = NO_COLOUR
    up: bool = True
    same: bool | None = None
    exempt: int = 0  # the value (1 or TOP) of an opening card the next card may repeat without closing


def fits(v: int, c: int, tv: int, tc: int, up: bool, same: bool | None, rule: int) -> bool:
    """Does a card (value v, colour c) respect the markers against the top (tv, tc)?"""
    num = v >= tv if up else v <= tv
    if rule == NUMBER_ONLY:
        return num
    col = (c == tc) if same else (c != tc)
    if rule == EITHER:
        return num or col
    return num and col


def closes(rules: Rules, sit: Situation, play: Play) -> bool:
    """Does this play close the round (¡Monete!)? Its last card is a 1 or a TOP, not opening the
    round, and not the one card that repeats an opening 1/TOP right after it."""
    if sit.opening:
        return False
    v = play[1][-1]
    if v != 1 and v != rules.top:
        return False
    return not (len(play[0]) == 1 and sit.exempt == v)


def is_same_number(sit: Situation, play: Play) -> bool:
    return not sit.opening and len(play[0]) == 1 and play[1][0] == sit.top_value


def card_options(card: int, table: CardTable, rules: Rules) -> Iterator[tuple[int, int]]:
    """Every (value, colour) a card may count as: its own, or any declaration for a comodín."""
    if table.wild[card]:
        for v in range(1, rules.top + 1):
            for c in rules.declared_colours:
                yield v, c
    else:
        yield table.value[card], table.colour[card]


def is_legal_play(rules: Rules, sit: Situation, table: CardTable, hand: Sequence[int], play: Play) -> bool:
    """The reference definition of a legal play (plain and slow; the state uses ``play_moves``).

    - Opening a round: exactly one card, any card.
    - One card: the same number as the top (markers ignored), or a card that respects the markers
      (PEREZOSO/SIESTA: the number marker; RECREO: at least one marker; JUNGLA: both).
    - A combo of 2..combo cards: never to open; consecutive numbers all going up or all going down;
      every card respects the markers against the card before it (the first against the top);
      a card that closes the round can only be the last one.
    - A comodín counts as the number (and, with a colour marker, the colour) declared for it.
    """
    cards, values, colours = play
    n = len(cards)
    if not 1 <= n <= (1 if sit.opening else rules.combo):
        return False
    if not (len(values) == len(colours) == n) or len(set(cards)) != n:
        return False
    if any(c not in hand for c in cards):
        return False
    for card, v, c in zip(cards, values, colours):
        if (v, c) not in set(card_options(card, table, rules)):
            return False
    if sit.opening:
        return True
    rule = rules.rule
    if n == 1:
        v, c = values[0], colours[0]
        return v == sit.top_value or fits(v, c, sit.top_value, sit.top_colour, sit.up, sit.same, rule)
    step = values[1] - values[0]
    if step not in (1, -1) or any(values[i + 1] - values[i] != step for i in range(n - 1)):
        return False
    pv, pc = sit.top_value, sit.top_colour
    for i, (v, c) in enumerate(zip(values, colours)):
        if not fits(v, c, pv, pc, sit.up, sit.same, rule):
            return False
        if i < n - 1 and v in (1, rules.top) and not (i == 0 and sit.exempt == v):
            return False  # this card would close the round in the middle of the combo
        pv, pc = v, c
    return True


def play_key(play: Play) -> tuple:
    """Plays with the same key leave the same position: the same cards leave the hand and the same
    value and colour end on top."""
    return (tuple(sorted(play[0])), play[1][-1], play[2][-1])


def play_moves(rules: Rules, sit: Situation, table: CardTable, hand: Sequence[int]) -> list[Play]:
    """Every legal play from ``hand``, one per distinct outcome (``play_key``), in a fixed order.

    Comodines are interchangeable, so a play uses the hand's first unused comodín.

    The engine's hot path (the most of a game's time): each card alone is judged by ``fits``; the
    next card of a combo is one number up or down from the last, so whether it respects the number
    marker is the same for every card of that direction (``combo_steps``), and only its colour is
    left to test. ``is_legal_play`` is the reference it must equal
    (tests/monete/test_rules.py::test_generator_equals_the_reference_definition).
    """
    value, colour, wild = table.value, table.colour, table.wild
    top = rules.top
    wilds = [c for c in hand if wild[c]]
    plain = [c for c in hand if not wild[c]]

    if sit.opening:
        out = [((c,), (value[c],), (colour[c],)) for c in plain]
        if wilds:
            for v in range(1, top + 1):
                for col in rules.declared_colours:
                    out.append(((wilds[0],), (v,), (col,)))
        return out

    rule, up, same = rules.rule, sit.up, sit.same
    tv, tc, exempt = sit.top_value, sit.top_colour, sit.exempt
    out: list[Play] = []
    # a play without a comodín is found once (its cards and its direction fix its order), so only
    # the plays holding one are checked against the outcomes already found (``play_key``)
    found: set[tuple] = set()
    steps = rules.combo_directions[up] if rules.combo >= 2 else ()
    by_value: dict[int, list[int]] = {}
    if steps:
        for c in plain:
            v = value[c]
            if v in by_value:
                by_value[v].append(c)
            else:
                by_value[v] = [c]
    more_wilds = len(wilds)
    decl = rules.declared_colours
    most = rules.combo

    def extend(cards, values, colours, used_wilds, step, check_colour) -> None:
        """Add the next card of a combo going ``step`` (+1 / -1) from the last one."""
        pv, pc = values[-1], colours[-1]
        nv = pv + step
        if nv < 1 or nv > top:
            return
        more = len(cards) + 1 < most and nv != 1 and nv != top
        for c in by_value.get(nv, ()):
            col = colour[c]
            if not check_colour or ((col == pc) if same else (col != pc)):
                nc, nvs, ncs = cards + (c,), values + (nv,), colours + (col,)
                if used_wilds:
                    key = (tuple(sorted(nc)), nv, col)
                    if key not in found:
                        found.add(key)
                        out.append((nc, nvs, ncs))
                else:
                    out.append((nc, nvs, ncs))
                if more:
                    extend(nc, nvs, ncs, used_wilds, step, check_colour)
        if used_wilds < more_wilds:
            w = wilds[used_wilds]
            for col in decl:
                if not check_colour or ((col == pc) if same else (col != pc)):
                    nc, nvs, ncs = cards + (w,), values + (nv,), colours + (col,)
                    key = (tuple(sorted(nc)), nv, col)
                    if key not in found:
                        found.add(key)
                        out.append((nc, nvs, ncs))
                    if more:
                        extend(nc, nvs, ncs, used_wilds + 1, step, check_colour)

    def first(card: int, v: int, col: int, used_wilds: int) -> None:
        respects = fits(v, col, tv, tc, up, same, rule)
        if not (respects or v == tv):
            return
        out.append(((card,), (v,), (col,)))  # one card: no other play has its outcome
        if not steps or not respects:
            return
        if (v == 1 or v == top) and exempt != v:
            return  # it closes the round: nothing may follow it
        for step, check_colour in steps:
            if more_wilds > used_wilds or v + step in by_value:  # else no card can follow
                extend((card,), (v,), (col,), used_wilds, step, check_colour)

    for c in plain:
        first(c, value[c], colour[c], 0)
    if wilds:
        by_number_alone = rule != EITHER  # fits fails on the number alone whatever the colour
        for v in range(1, top + 1):
            if by_number_alone and not (v >= tv if up else v <= tv):  # (the top's own number passes)
                continue  # ``first`` would add nothing for any declared colour
            for col in decl:
                first(wilds[0], v, col, 1)
    return out


def combo_steps(rules: Rules, up: bool) -> tuple[tuple[int, bool], ...]:
    """The directions (+1 up, -1 down) in which a combo may go on from a card, each with whether the
    next card's colour must be tested (True) or any card of that number follows (False). The next
    card is one number from the last, so ``fits`` judges the number alike for the whole direction:
    asked with the number alone (NUMBER_ONLY), then how the mode's rule joins it to the colour."""
    out = []
    joined = rules.rule
    for step in (1, -1):
        by_number = fits(2 + step, NO_COLOUR, 2, NO_COLOUR, up, None, NUMBER_ONLY)
        if joined == EITHER:
            out.append((step, not by_number))  # the number, or else the colour
        elif by_number:
            out.append((step, joined == BOTH))  # the number alone, or the number and the colour
    return tuple(out)


def marker_options(rules: Rules, sit: Situation, play: Play, is_action: bool) -> list[Markers]:
    """The marker settings the player may choose after a play that does not close the round.

    The current setting comes first when it is allowed (choosing it changes nothing).
    - Opening: free, except that an opening 1 forces + and an opening TOP forces −.
    - JUNGLA: after every play the player may set both markers.
    - The same number as the top (one number card or comodín): flip one, both or neither marker.
    - Any other play: the markers stay.
    """
    colour_opts: tuple[bool | None, ...] = (True, False) if rules.colour else (None,)
    if sit.opening:
        v = play[1][0]
        ups = (True,) if v == 1 else (False,) if v == rules.top else (True, False)
        return [(u, s) for u in ups for s in colour_opts]
    current = (sit.up, sit.same)
    if rules.reset or (is_same_number(sit, play) and not is_action):
        rest = [(u, s) for u in (True, False) for s in colour_opts if (u, s) != current]
        return [current] + rest
    return [current]
