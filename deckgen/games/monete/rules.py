"""Monete's rules as pure functions: which plays are legal, which close a round, which marker
settings a player may choose. The state (``state.py``) only moves cards and asks these.

Vocabulary: the *top* is the last card played this round, with the value and colour it counts as
(a comodín counts as what its player declared). The number marker is ``up`` (+: a card must be
greater than or equal to the top) or down (−: less than or equal). The colour marker is ``same``
(same colour as the top) or different; ``None`` in the modes without a colour marker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Sequence

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

    @property
    def rule(self) -> int:
        return MODE_RULE[self.mode]

    @property
    def colour(self) -> bool:
        """Whether this mode uses the colour marker."""
        return self.mode in COLOUR_MODES

    @property
    def reset(self) -> bool:
        """JUNGLA: after every play the player may set both markers."""
        return self.mode == "jungla"

    @property
    def declared_colours(self) -> tuple[int, ...]:
        """The colours a comodín may be declared as (none matters without a colour marker)."""
        return tuple(range(len(COLOURS))) if self.colour else (NO_COLOUR,)

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


@dataclass(frozen=True)
class Situation:
    """What a play is judged against."""

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
    """
    value, colour, wild = table.value, table.colour, table.wild
    top = rules.top
    decl = rules.declared_colours
    wilds = [c for c in hand if wild[c]]
    plain = [c for c in hand if not wild[c]]
    out: dict[tuple, Play] = {}

    def add(cards: tuple[int, ...], values: tuple[int, ...], colours: tuple[int, ...]) -> None:
        key = (tuple(sorted(cards)), values[-1], colours[-1])
        if key not in out:
            out[key] = (cards, values, colours)

    if sit.opening:
        for c in plain:
            add((c,), (value[c],), (colour[c],))
        if wilds:
            for v in range(1, top + 1):
                for col in decl:
                    add((wilds[0],), (v,), (col,))
        return list(out.values())

    rule, up, same = rules.rule, sit.up, sit.same
    tv, tc = sit.top_value, sit.top_colour
    by_value: dict[int, list[int]] = {}
    for c in plain:
        by_value.setdefault(value[c], []).append(c)

    def extend(cards, values, colours, used_wilds, step) -> None:
        """Add the next card of a combo going ``step`` (+1 / -1) from the last one."""
        pv, pc = values[-1], colours[-1]
        nv = pv + step
        if nv < 1 or nv > top:
            return
        more = len(cards) + 1 < rules.combo and nv != 1 and nv != top
        for c in by_value.get(nv, ()):
            if c in cards:
                continue
            col = colour[c]
            if fits(nv, col, pv, pc, up, same, rule):
                add(cards + (c,), values + (nv,), colours + (col,))
                if more:
                    extend(cards + (c,), values + (nv,), colours + (col,), used_wilds, step)
        if used_wilds < len(wilds):
            w = wilds[used_wilds]
            for col in decl:
                if fits(nv, col, pv, pc, up, same, rule):
                    add(cards + (w,), values + (nv,), colours + (col,))
                    if more:
                        extend(cards + (w,), values + (nv,), colours + (col,), used_wilds + 1, step)

    def first(card: int, v: int, col: int, used_wilds: int) -> None:
        respects = fits(v, col, tv, tc, up, same, rule)
        if not (respects or v == tv):
            return
        add((card,), (v,), (col,))
        if rules.combo < 2 or not respects:
            return
        if (v == 1 or v == top) and sit.exempt != v:
            return  # it closes the round: nothing may follow it
        for step in (1, -1):
            extend((card,), (v,), (col,), used_wilds, step)

    for c in plain:
        first(c, value[c], colour[c], 0)
    if wilds:
        for v in range(1, top + 1):
            for col in decl:
                first(wilds[0], v, col, 1)
    return list(out.values())


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
