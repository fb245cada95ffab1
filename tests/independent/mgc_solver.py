"""One round of MGC solved by explicit search, written from the rulebooks alone (../shared/seeds/000,
../shared/GAMES.md and the decisions the project's rulebook prints, deckgen/games/mgc/RULES.md), not
from deckgen's engine: its own encoding (cards as (kind, coefficient, degree) types, a hand as a
tuple of counts, no seat rotation, no packing), its own successor function, its own search.

A position: (stage, seat, direction, constraint, top, hands, pile, under, extra), where ``under`` is
the discard pile below its top card, ``stage`` is "turn" (play a card or draw), "drawn" (the card
just drawn fits: play it or keep it; ``extra`` is its type) or "name" (an Elección card's player
names a value; ``extra`` is True when the player then plays: the first card turned up). Draws are
resolved in the edges: every card type a draw can bring is a successor. The ends: "won" (a player
put down their last card) and "blocked" (nobody can play and no card is left to draw).

The printed rules, as this solver reads them:
- deal seven cards each, turn one up; the dealer is the last seat; the player on the dealer's left
  (seat 0) plays first, to the left;
- a monomial follows the constraint when it shares its coefficient or its degree; action cards go on
  anything; after an action card the last monomial's constraint stays (``after_action =
  "monomial"``) or any card may follow ("free"); a first card that is an action card leaves any card;
- a player who cannot play draws one card (``draw_freely``: may draw anyway while a card is left to
  draw); a drawn card that fits may be played at once or kept; otherwise the turn passes;
- an empty draw pile is refilled from the discard pile but its top card; with nothing to draw, a
  player who cannot play passes, and when nobody can play the round is over ("blocked");
- Toma dos / Toma cuatro: the next player draws 2 / 4 and loses the turn; Retorno reverses (two
  players: it only reverses, or skips under ``retorno_two_players = "skip"``); Intermisión skips
  the next player; Elección: its player names a coefficient / degree of the deck, which the next
  card must follow;
- first card turned up: Toma: the dealer's left draws and is skipped; Retorno: the dealer starts,
  play goes to the right; Intermisión: the dealer's left is skipped; Elección: the dealer's left
  names the value, then plays;
- the players always say ÁLGEBRA (a slip is not a move).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import product

BASIC, TOMA2, RETORNO, INTER, ECOEF, EGRADO, TOMA4 = "basic", "toma_dos", "retorno", "intermision", "eleccion_coeficiente", "eleccion_grado", "toma_cuatro"
HAND = 7


@dataclass(frozen=True)
class Rules:
    types: tuple  # (kind, coefficient, degree) per type
    counts: tuple  # copies per type
    players: int
    after_free: bool = False
    draw_freely: bool = False
    retorno_skip: bool = False


@dataclass
class Verdict:
    positions: int
    ends: int
    dead_ends: int
    cannot_end: int  # positions from which no end is reachable
    complete: bool


def fits(r: Rules, t: int, cons: tuple) -> bool:
    kind, c, d = r.types[t]
    if kind != BASIC:
        return True
    return cons == (None, None) or (cons[0] is not None and c == cons[0]) or (cons[1] is not None and d == cons[1])


def _sub(a: tuple, i: int) -> tuple:
    return a[:i] + (a[i] - 1,) + a[i + 1:]


def _add(a: tuple, i: int) -> tuple:
    return a[:i] + (a[i] + 1,) + a[i + 1:]


def _set(hands: tuple, s: int, h: tuple) -> tuple:
    return hands[:s] + (h,) + hands[s + 1:]


def multisets(counts: tuple, k: int):
    if not counts:
        if k == 0:
            yield ()
        return
    for j in range(min(counts[0], k) + 1):
        for rest in multisets(counts[1:], k - j):
            yield (j,) + rest


def draw_outcomes(pile: tuple, under: tuple, k: int):
    """(cards drawn, pile after, under after) for k draws in a row, refilling from ``under`` when the
    pile runs out (the top card stays); fewer cards when both run out."""
    out = {((0,) * len(pile), pile, under)}
    for _ in range(k):
        nxt = set()
        for got, p, u in out:
            if not any(p):
                p, u = u, (0,) * len(u)
            if not any(p):
                nxt.add((got, p, u))
                continue
            for t, c in enumerate(p):
                if c:
                    nxt.add((_add(got, t), _sub(p, t), u))
        out = nxt
    return out


class Round:
    def __init__(self, r: Rules) -> None:
        self.r = r
        self.n = r.players
        self.coefs = sorted({c for k, c, _ in r.types if k == BASIC})
        self.degrees = sorted({d for k, _, d in r.types if k == BASIC})

    # ------------------------------------------------------------ the deal

    def deals(self):
        r, n = self.r, self.n
        dealer = n - 1
        for hands in self._hands(r.counts, n):
            rest = list(r.counts)
            for h in hands:
                for i, c in enumerate(h):
                    rest[i] -= c
            for top, c in enumerate(rest):
                if not c:
                    continue
                pile = _sub(tuple(rest), top)
                under = (0,) * len(pile)
                kind = r.types[top][0]
                left = (dealer + 1) % n
                cons = (r.types[top][1], r.types[top][2]) if kind == BASIC else (None, None)
                if kind in (TOMA2, TOMA4):
                    k = 2 if kind == TOMA2 else 4
                    for got, p, u in draw_outcomes(pile, under, k):
                        hs = _set(hands, left, tuple(a + b for a, b in zip(hands[left], got)))
                        yield self._turn((dealer + 2) % n, 1, cons, top, hs, p, u)
                elif kind == RETORNO:
                    yield self._turn(dealer, -1, cons, top, hands, pile, under)
                elif kind == INTER:
                    yield self._turn((dealer + 2) % n, 1, cons, top, hands, pile, under)
                elif kind in (ECOEF, EGRADO):
                    yield ("name", left, 1, cons, top, hands, pile, under, True)
                else:
                    yield self._turn(left, 1, cons, top, hands, pile, under)

    def _hands(self, counts: tuple, n: int):
        if n == 0:
            yield ()
            return
        for h in multisets(counts, HAND):
            rest = tuple(a - b for a, b in zip(counts, h))
            for more in self._hands(rest, n - 1):
                yield (h,) + more

    # ------------------------------------------------------------ a turn

    def _turn(self, seat, d, cons, top, hands, pile, under):
        """The position where ``seat`` begins a turn, or "blocked"."""
        if not any(pile) and not any(under):
            r = self.r
            if not any(h[t] and fits(r, t, cons) for h in hands for t in range(len(h))):
                return "blocked"
        return ("turn", seat, d, cons, top, hands, pile, under, None)

    def _next(self, seat, d, skip=False):
        s = (seat + d) % self.n
        return (s + d) % self.n if skip else s

    def successors(self, x):
        if x in ("won", "blocked"):
            return []
        stage, seat, d, cons, top, hands, pile, under, extra = x
        r = self.r
        out = []
        if stage == "name":
            values = [(c, None) for c in self.coefs] if r.types[top][0] == ECOEF else [(None, g) for g in self.degrees]
            for v in values:
                if extra:  # the first card: the same player then plays
                    out.append(self._turn(seat, d, v, top, hands, pile, under))
                else:
                    out.append(self._turn(self._next(seat, d), d, v, top, hands, pile, under))
            return out
        hand = hands[seat]
        if stage == "drawn":
            out.extend(self._play(seat, d, cons, top, hands, pile, under, extra))
            out.append(self._turn(self._next(seat, d), d, cons, top, hands, pile, under))
            return out
        legal = [t for t in range(len(hand)) if hand[t] and fits(r, t, cons)]
        for t in legal:
            out.extend(self._play(seat, d, cons, top, hands, pile, under, t))
        can_draw = any(pile) or any(under)
        if not legal or (r.draw_freely and can_draw):
            if not can_draw:
                out.append(self._turn(self._next(seat, d), d, cons, top, hands, pile, under))
            else:
                if not any(pile):
                    pile, under = under, (0,) * len(under)
                for t, c in enumerate(pile):
                    if c:
                        hs = _set(hands, seat, _add(hand, t))
                        if fits(r, t, cons):
                            out.append(("drawn", seat, d, cons, top, hs, _sub(pile, t), under, t))
                        else:
                            out.append(self._turn(self._next(seat, d), d, cons, top, hs, _sub(pile, t), under))
        return out

    def _play(self, seat, d, cons, top, hands, pile, under, t):
        r = self.r
        hand = _sub(hands[seat], t)
        hands = _set(hands, seat, hand)
        under = _add(under, top)
        kind, c, g = r.types[t]
        if not any(hand):
            return ["won"]
        if kind == BASIC:
            return [self._turn(self._next(seat, d), d, (c, g), t, hands, pile, under)]
        if r.after_free:
            cons = (None, None)
        if kind in (ECOEF, EGRADO):
            return [("name", seat, d, cons, t, hands, pile, under, False)]
        if kind == RETORNO:
            d = -d
            skip = self.n == 2 and r.retorno_skip
            return [self._turn(self._next(seat, d, skip), d, cons, t, hands, pile, under)]
        if kind == INTER:
            return [self._turn(self._next(seat, d, True), d, cons, t, hands, pile, under)]
        k = 2 if kind == TOMA2 else 4
        victim = self._next(seat, d)
        out = []
        for got, p, u in draw_outcomes(pile, under, k):
            hs = _set(hands, victim, tuple(a + b for a, b in zip(hands[victim], got)))
            out.append(self._turn(self._next(seat, d, True), d, cons, t, hs, p, u))
        return out


def solve(r: Rules, budget: int = 2_000_000) -> Verdict:
    """Every position of a round from every deal; which cannot reach an end (backward search)."""
    game = Round(r)
    index: dict = {}
    succ: list = []
    queue: deque = deque()
    for x in game.deals():
        if x not in index:
            index[x] = len(index)
            queue.append(x)
    complete = True
    order = []
    while queue:
        x = queue.popleft()
        order.append(x)
        out = []
        for y in game.successors(x):
            j = index.get(y)
            if j is None:
                j = index[y] = len(index)
                queue.append(y)
            out.append(j)
        succ.append(out)
        if len(index) > budget:
            complete = False
            break
    ids = {x: i for i, x in enumerate(order)}
    n = len(order)
    ends = [x in ("won", "blocked") for x in order]
    dead = sum(1 for i in range(n) if not ends[i] and not succ[i])
    pred: list = [[] for _ in range(len(index))]
    for i, out in enumerate(succ):
        for j in out:
            pred[j].append(i)
    reach = [False] * len(index)
    stack = [i for i in range(n) if ends[i]]
    for i in stack:
        reach[i] = True
    while stack:
        j = stack.pop()
        for i in pred[j]:
            if not reach[i]:
                reach[i] = True
                stack.append(i)
    del ids
    return Verdict(n, sum(ends), dead, sum(1 for i in range(n) if not reach[i]), complete)


def rules_of(types: list, counts: list, players: int, options: dict) -> Rules:
    return Rules(tuple(types), tuple(counts), players, options.get("after_action") == "free",
                 bool(options.get("draw_freely")), options.get("retorno_two_players") == "skip")


__all__ = ["Rules", "Verdict", "solve", "rules_of", "product"]
