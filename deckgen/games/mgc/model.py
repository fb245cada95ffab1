"""One MGC round as an explicit-state model, for the shared model checker (``engine/modelcheck.py``).

The match engine (state.py) is a generator paused inside its rules: fast, but it cannot be copied.
The model checker needs positions it can copy and compare, so this module states the same rules
of a round over immutable positions, with **identical cards merged**: two cards the rules cannot
tell apart (same kind, coefficient and degree; hence the same points) are one card type, and a hand
or a pile is a tuple of counts per type. Seats are rotated so that the seat to act is seat 0 (a
round's rules are the same for every seat once the cards are dealt).

Every chance outcome of positive probability is enumerated: each deal (hands and the card turned
up) and each card type a draw can bring. The model checker's players follow the printed rules and
always say "ÁLGEBRA"; a model built from the engine's position (:func:`position_of`) also has the
simulated players' slips: at the ÁLGEBRA moment "said (or not caught)" and "caught". A draw of several cards is a chain of one-card draws, so the draw pile empties and is
refilled from the discard pile exactly as in the engine.

tests/mgc/test_model.py plays the engine and checks that every position it reaches is one this
model reaches by the same move and one of its chance outcomes, with the same legal moves.

A match is rounds until a player reaches the target score; the argument for the match is in
:func:`match_argument`.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterator

from deckgen.engine.state import CHANCE, TERMINAL, IllegalAction
from deckgen.model import Deck

from deckgen.games.mgc import rules
from deckgen.games.mgc.card_types import Types, _add, _sub, distinct_hands, hands_of  # noqa: F401 (named here too)
from deckgen.games.mgc.deck import HAND
from deckgen.games.mgc.model_draws import Draws
from deckgen.games.mgc.model_words import Words

from deckgen.games.mgc.stages import (  # noqa: F401 (the stages of a position, named here too)
    ALGEBRA, ALGEBRA_DRAW, CHOOSE, DEAL, DRAW, DRAWN, OVER, PENALTY_DRAW, PLAY, START_DRAW,
)
CHANCE_STAGES = frozenset({DEAL, START_DRAW, DRAW, ALGEBRA, ALGEBRA_DRAW, PENALTY_DRAW})
ANY = None


class Position(Draws, Words):
    """A position of one round: the State protocol and the model checker's exploration methods.

    Fields: stage, seat, dir, cons (coefficient, degree; None = any), top (type), hands (count
    tuples per seat), pile (count tuple), pending, skip, choosing, then_play, drawn (type or -1),
    left (cards still to draw in a draw chain), winner (at OVER: the seat, or -1 for a round that
    ended because nobody could play or draw: RULES.md, row 24)."""

    __slots__ = ("m", "stage", "seat", "dir", "cons", "top", "hands", "pile", "pending", "skip", "choosing",
                 "then_play", "drawn", "left", "winner")

    def __init__(self, m: "Model") -> None:
        self.m = m
        n = m.players
        self.stage, self.seat, self.dir, self.cons, self.top = DEAL, 0, 1, (ANY, ANY), -1
        self.hands: tuple = ((0,) * m.t.n,) * n
        self.pile: tuple = m.t.total
        self.pending, self.skip, self.choosing, self.then_play, self.drawn = 0, False, 0, False, -1
        self.left = 0
        self.winner = -1

    # ---------------------------------------------------------------- State protocol

    def clone(self) -> "Position":
        p = Position.__new__(Position)
        p.m, p.stage, p.seat, p.dir, p.cons, p.top, p.hands, p.pile = self.m, self.stage, self.seat, self.dir, self.cons, self.top, self.hands, self.pile
        p.pending, p.skip, p.choosing, p.then_play, p.drawn = self.pending, self.skip, self.choosing, self.then_play, self.drawn
        p.left, p.winner = self.left, self.winner
        return p

    def current_player(self) -> int:
        if self.stage == OVER:
            return TERMINAL
        if self.stage in CHANCE_STAGES:
            return CHANCE
        return self.seat

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def key(self) -> Hashable:
        return (self.stage, self.seat, self.dir, self.cons, self.top, self.hands, self.pile, self.pending, self.skip,
                self.choosing, self.then_play, self.drawn, self.left, self.winner)

    def canonical_key(self) -> Hashable:
        """The key with seats rotated so that the seat to act is seat 0 (the winner too), and
        reflected where play's direction cannot matter.

        Reflection: a round's rules name no seat once the cards are dealt (only the dealer's left
        at the deal and its first draw, stages DEAL and START_DRAW), and the direction is used only
        to find the next seat (``_next``) and is reversed by a Retorno. So the position with every
        seat s moved to -s (the seat to act stays 0) and the direction reversed has the same future,
        seat for seat mirrored: the same legal moves, outcomes and ends (tests/mgc/test_model.py
        checks this on every position of played rounds). Of the two, the smaller key is kept. With
        two players the mirror of a seat is itself, so the direction alone is dropped."""
        s, n = self.seat, self.m.players
        hands = self.hands[s:] + self.hands[:s]
        w = (self.winner - s) % n if self.winner >= 0 else -1
        d = self.dir
        if self.stage != START_DRAW and self.stage != DEAL:
            if n == 2:
                d = 1
            else:
                mirrored = hands[:1] + hands[:0:-1]
                if (mirrored, -d) < (hands, d):
                    hands, d = mirrored, -d
                    w = (n - w) % n if w >= 0 else -1
        return (self.stage, d, self.cons, self.top, hands, self.pile, self.pending, self.skip,
                self.choosing, self.then_play, self.drawn, self.left, w)

    def graph(self) -> Any:
        """The round's graph in the model checker's compact form (graph.py), from the deal; None
        elsewhere, or with ÁLGEBRA slips (which the compact graph leaves out)."""
        if self.stage != DEAL or self.m.algebra_chance:
            return None
        from deckgen.games.mgc.graph import Graph

        return Graph(self.m)

    def legal_actions(self) -> list:
        m, t = self.m, self.m.t
        if self.stage == PLAY:
            hand = self.hands[self.seat]
            ok = t.playable(self.cons)
            out = [i for i in range(t.n) if hand[i] and ok[i]]
            if not out or m.variant.draw_freely and self.can_draw():
                out.append("draw")
            return out
        if self.stage == DRAWN:
            return [self.drawn, "keep"]
        if self.stage == CHOOSE:
            values = t.coefficients if self.choosing == rules.CHOOSE_COEFFICIENT else t.degrees
            return [("name", v) for v in values]
        return []


    def _legal(self, a: Any) -> bool:
        if self.stage == PLAY and a.__class__ is int:  # a card: held and playable (the common case, checked fast)
            return 0 <= a < self.m.t.n and self.hands[self.seat][a] > 0 and self.m.t.playable(self.cons)[a]
        return a in self.legal_actions()

    def apply_action(self, a: Any) -> None:
        if not self._legal(a):
            raise IllegalAction(f"{a!r} is not legal now")
        m = self.m
        if self.stage == CHOOSE:
            v = a[1]
            self.cons = (v, ANY) if self.choosing == rules.CHOOSE_COEFFICIENT else (ANY, v)
            self.choosing = 0
            if self.then_play:
                self.then_play = False
                self._to_play()
                return
            self._after_card()
            return
        if self.stage == DRAWN:
            drawn, self.drawn = self.drawn, -1
            if a == "keep":
                self._next_turn(skip=False)
                return
            self._play(drawn)
            return
        if a == "draw":
            self.stage = DRAW
            return
        self._play(a)
        del m

    # ---------------------------------------------------------------- chance


    # ---------------------------------------------------------------- the rules


    def _next(self, s: int) -> int:
        return (s + self.dir) % self.m.players

    def _deal(self, hands: tuple, top: int) -> None:
        m, t = self.m, self.m.t
        pile = list(t.total)
        for h in hands:
            for i, c in enumerate(h):
                pile[i] -= c
        pile[top] -= 1
        self.hands, self.pile, self.top = hands, tuple(pile), top
        dealer = m.dealer
        start = rules.start_rule(t.kind[top], dealer, m.players)
        self.seat, self.dir = start.first, start.direction
        self.cons = (t.coef[top], t.degree[top]) if t.kind[top] == rules.BASIC else (ANY, ANY)
        self.choosing, self.then_play = start.choose, bool(start.choose)
        self.pending, self.skip = 0, False
        if start.draw:
            self.stage, self.left = START_DRAW, start.draw
            self._draw_chain(None)
        else:
            self._turn()

    def _turn(self) -> None:
        if self.choosing:
            self.stage = CHOOSE
        else:
            self._to_play()

    def can_draw(self) -> bool:
        """Is a card left to draw (in the pile, or below the discard pile's top card)?"""
        return any(self.pile) or any(self._refilled())

    def _to_play(self) -> None:
        """A turn begins; when nobody can play and nothing is left to draw the round is over, won by
        nobody yet (the lowest hand takes it: scoring.py; RULES.md, row 24)."""
        self.stage = PLAY
        if not self.can_draw():
            ok = self.m.t.playable(self.cons)
            if not any(h[i] and ok[i] for h in self.hands for i in range(len(h))):
                self.stage, self.winner = OVER, -1


    def _play(self, card: int) -> None:
        m, t = self.m, self.m.t
        s = self.seat
        hand = _sub(self.hands[s], card)
        self.hands = self.hands[:s] + (hand,) + self.hands[s + 1 :]
        self.top = card
        kind = t.kind[card]
        left = sum(hand)
        if kind == rules.BASIC:
            self.cons = (t.coef[card], t.degree[card])
            if left > 1:
                self._next_turn(skip=False)
                return
        else:
            e = rules.effect(kind, m.players, m.variant.retorno_two_players)
            self.pending, self.skip = e.draw, e.skip
            if m.variant.after_action == "free":
                self.cons = (ANY, ANY)
            if e.reverse:
                self.dir = -self.dir
            if e.choose and left:
                self.choosing, self.stage = e.choose, CHOOSE
                return
        self._after_card()

    def _after_card(self) -> None:
        if self.m.algebra_chance and sum(self.hands[self.seat]) == 1:
            self.stage = ALGEBRA
            return
        self._after_algebra()

    def _after_algebra(self) -> None:
        if self.pending and (any(self.hands[self.seat]) or self.m.variant.last_card_draws):
            self.stage, self.left = PENALTY_DRAW, self.pending
            self._draw_chain(None)
            return
        self.pending = 0
        self._finish()

    def _finish(self) -> None:
        if not any(self.hands[self.seat]):
            self.stage, self.winner = OVER, self.seat
            return
        skip, self.skip = self.skip, False
        self._next_turn(skip)

    def _next_turn(self, skip: bool) -> None:
        s = self._next(self.seat)
        if skip:
            s = self._next(s)
        self.seat = s
        self._to_play()


class Model:
    """The fixed part: the deck's types, the player count and the rule variant."""

    def __init__(self, types: Types, players: int, variant: rules.Variant, dealer: int | None = None, slips: bool = False) -> None:
        self.t = types
        self.players = players
        self.variant = variant
        self.dealer = players - 1 if dealer is None else dealer
        # with ``slips``, a player may forget to say "ÁLGEBRA" and be caught (2 penalty cards), as
        # the simulated players do (algebra_call, algebra_catch); the model checker's players follow
        # the printed rules and always say it (a forgotten call is a slip the rules punish, not a
        # move), which also keeps the graph ten times smaller
        self.algebra_chance = slips and self.variant.algebra_call < 1.0 and self.variant.algebra_catch > 0.0
        self.algebra_penalty = 2

    def root(self) -> Position:
        return Position(self)

    def deals(self) -> Iterator[tuple]:
        """Every deal: a hand of HAND cards per seat (dealt from seat 0) and the card turned up."""
        n = self.players

        def rec(seat: int, rest: tuple, acc: tuple) -> Iterator[tuple]:
            if seat == n:
                for top in range(len(rest)):
                    if rest[top]:
                        yield acc, top
                return
            for h in hands_of(rest, HAND):
                yield from rec(seat + 1, tuple(a - b for a, b in zip(rest, h)), acc + (h,))

        yield from rec(0, self.t.total, ())


MAX_HANDS = 5_000  # a deck with more different hands than this is not explored: its deals alone are too many
MAX_DEALS = 1_000_000  # nor one whose deals may number more than this (hands per seat ** seats × cards turned up):
# the deals are the root's successors, listed at once, before any budget can stop the search (a deck of x and
# 36 action cards of six kinds listed about 15 M of them: 6.4 GB and two minutes, whatever the budget)


def model(deck: Deck, players: int) -> Position | None:
    """The root of the round's graph: the deal (the dealer is the last seat); None when the deck
    has so many different hands that its deals alone would exceed any budget."""
    types = Types.of_deck(deck)
    if distinct_hands(types.total) > MAX_HANDS:
        return None
    return Model(types, players, rules.Variant.from_options(deck.options)).root()


def searchable_model(deck: Deck, players: int) -> Position | None:
    """:func:`model` for the model checker's search (the engine's ``model``): None also when the
    deals alone may number more than MAX_DEALS (the root's successors are listed at once)."""
    types = Types.of_deck(deck)
    if distinct_hands(types.total) ** players * types.n > MAX_DEALS:
        return None
    return model(deck, players)


def position_of(state: Any, types: Types | None = None, pile: tuple | None = None) -> Position | None:
    """The engine's position (an MgcState paused at a decision or inside a round) as a model
    position; None between rounds and at the end of the match. ``types``: the deck's types, when
    the caller has them already (``Types.of_tables(state.k.tables)``); ``pile``: the draw pile's count
    per type, when the caller keeps it (going_out.Along: a pile of thousands is not counted a step)."""
    from deckgen.games.mgc import phases as engine_state

    phase, job = state.phase, state.job
    stage = {engine_state.PLAY: PLAY, engine_state.DRAWN: DRAWN, engine_state.CHOOSE: CHOOSE}.get(phase)
    if phase == engine_state.CHANCE_NODE:
        stage = {engine_state.J_DRAW: DRAW, engine_state.J_ALGEBRA: ALGEBRA, engine_state.J_PENALTY: PENALTY_DRAW}.get(job)
    if stage is None:
        return None
    k = state.k
    if types is None:
        types = Types.of_tables(k.tables)
    m = Model(types, k.players, k.variant, state.dealer, slips=True)
    p = m.root()

    from collections import Counter

    from deckgen.games.mgc.cards import types_in

    of_card = types.of_card

    def held(hand: int) -> tuple:
        """A hand's count per type, read type by type (never card by card: cards.types_in)."""
        c = [0] * types.n
        for _t, low, count in types_in(hand, k.tables):
            c[of_card[low]] += count
        return tuple(c)

    def piled(cards: list) -> tuple:
        """The draw pile's count per type (counted at C speed: it may hold thousands of cards)."""
        c = [0] * types.n
        for t, count in Counter(map(of_card.__getitem__, cards)).items():
            c[t] = count
        return tuple(c)

    p.stage, p.seat, p.dir = stage, state.seat, state.dir
    p.cons = k.tables.constraints[state.cons]
    p.top = of_card[state.top]
    p.hands = tuple(held(h) for h in state.hands)
    p.pile = piled(state.pile) if pile is None else pile
    p.pending, p.skip, p.choosing, p.then_play = state.pending, bool(state.skip), state.choosing, bool(state.then_play)
    p.drawn = types.of_card[state.drawn] if stage == DRAWN else -1
    p.left = state.pending if stage == PENALTY_DRAW else 0
    return p
