"""A whole Multipli Cat's game solved by explicit search, written from the rulebooks alone
(../shared/seeds/004, ../shared/GAMES.md and the decisions the project's rulebook prints:
templates/multiplicats, deckgen/games/multiplicats/RULES.md), not from deckgen's engine: its own
encoding (a card is its product, or a negative code for a special; each player's face-down pile and
face-up pile as tuples), its own successor function, its own search.

A speed game has no choices: what happens after a card is turned up depends on who is fastest, who
misses a match and who slaps without the right. The solver takes every such outcome as a successor
(any player may be the fastest or the slowest; with a positive miss rate every rightful player may
miss; with a positive false-slap rate any player without the right may slap), so "an end is always
reachable" over its graph is "the game ends with probability 1" for players who slap at random.

A position: (face-down piles, face-up piles, the player to turn up, direction, players out in
order). A face-down pile's first card is its top; a face-up pile's last card is its top.

The printed rules, as this solver reads them (three or more players, one pile each):
- the whole deck is dealt, the first players getting the extra cards; the youngest (seat 0) turns up
  first and play goes to seat + 1;
- a number card (a multiplication, worth its product, or a product card) whose product equals other
  players' top cards makes a match: those players slap; the fastest gives their face-up cards to the
  slowest of the group, who puts them with their own face-up cards under their face-down pile; then
  the player who took the cards (``next_after_exchange = "loser"``) or the player after the one who
  turned up turns up next;
- Persecución: everyone slaps; the slowest puts their own face-up cards back under their pile; the
  fastest turns up next. Sin salida: the direction reverses. Balancín: the top products showing (number
  cards only, two at least) are compared; the players at the highest and at the lowest end may slap;
  the fastest gives their face-up cards to the slowest player at the other end. Emboscada: everyone
  may slap; if someone other than its player is fastest, every other player gives its player the top
  card of their face-down pile, under its pile. Regalo: its player gives the top cards of their
  face-down pile, one to each other player in playing order while it lasts, under their piles;
- gula: a player who slaps without the right collects every face-up card left on the table under
  their pile; when nobody with the right slapped, the player after the glutton turns up next;
- a player whose face-down pile is used up skips their turns but keeps their face-up pile (its top
  counts); one whose top card is a special may slap on a match of two other players, and if fastest
  shares their face-up cards between the two slowest of them; when nobody has a face-down pile, each
  player shuffles their face-up cards (any order) into a new face-down pile;
- a player with no cards left is out (the first is the Gatosabio): ``end = "first"`` stops the game
  there, ``"two-left"`` when two players are left.
Cards put under a pile go as a block: the receiver's own face-up cards first, then the cards given,
each as they lay (bottom card first): the rulebook leaves the order open.
Not modelled: Magia, ¡Ratón!, the infinite match, two players on four piles (compare.py never deals
them to the solver).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

PERSECUCION, SIN_SALIDA, MAGIA, BALANCIN, EMBOSCADA, REGALO = -1, -2, -3, -4, -5, -6
SPECIAL_CODES = {"persecucion": PERSECUCION, "sin_salida": SIN_SALIDA, "magia": MAGIA, "balancin": BALANCIN,
                 "emboscada": EMBOSCADA, "regalo": REGALO}
END = "end"


@dataclass(frozen=True)
class Rules:
    cards: tuple  # one code per card: a product (> 0) or a special (< 0)
    players: int
    end: str = "two-left"
    next_after_exchange: str = "loser"
    misses: bool = True  # miss_rate > 0
    false_slaps: bool = True  # false_slap_rate > 0


@dataclass
class Verdict:
    positions: int
    dead_ends: int
    cannot_end: int  # reachable positions from which no end is reachable
    matched: frozenset  # products that took part in a won match in some game
    duel: bool  # some Balancín ended in an exchange
    complete: bool


def orders(cards: tuple):
    return list(dict.fromkeys(permutations(cards)))


class Game:
    def __init__(self, r: Rules) -> None:
        self.r = r
        self.n = r.players
        self.matched: set = set()
        self.duel = False

    def deals(self):
        n, cards = self.n, self.r.cards
        sizes = [len(cards) // n + (1 if i < len(cards) % n else 0) for i in range(n)]
        for perm in orders(tuple(sorted(cards))):
            piles, k = [], 0
            for s in sizes:
                piles.append(perm[k:k + s])
                k += s
            yield (tuple(piles), ((),) * n, 0, 1, ())

    # ------------------------------------------------------------ helpers

    def inside(self, x):
        down, up, _, _, out = x
        return [p for p in range(self.n) if p not in out]

    def after(self, p, d, down, out):
        """The next player after p (in direction d) with a face-down pile, or None."""
        for i in range(1, self.n + 1):
            q = (p + i * d) % self.n
            if q not in out and down[q]:
                return q
        return None

    def settle(self, down, up, nxt, d, out, turner):
        """Players left with no cards go out; the end; else who turns up next (a reshuffle when nobody
        has a face-down pile): every position that can follow."""
        out = list(out)
        for p in range(self.n):
            if p not in out and not down[p] and not up[p]:
                out.append(p)
        if out and (self.r.end == "first" or self.n - len(out) <= 2):
            return [END]
        out = tuple(out)
        if not any(down[p] for p in range(self.n) if p not in out):
            states = [(down, up)]
            for p in range(self.n):
                if p in out:
                    continue
                states = [(dn[:p] + (o,) + dn[p + 1:], u[:p] + ((),) + u[p + 1:]) for dn, u in states for o in orders(up[p])]
            res = []
            for dn, u in states:
                q = nxt if nxt is not None and nxt not in out else self.after(turner, d, dn, out)
                res.append((dn, u, q, d, out))
            return res
        if nxt is None or nxt in out or not down[nxt]:
            nxt = self.after(nxt if nxt is not None else turner, d, down, out)
        return [(down, up, nxt, d, out)]

    @staticmethod
    def give(down, up, to, cards):
        return down[:to] + (down[to] + cards,) + down[to + 1:], up

    def exchange(self, down, up, w, l):
        """w's face-up cards to l, who puts their own and them under their face-down pile."""
        block = up[l] + up[w]
        down = down[:l] + (down[l] + block,) + down[l + 1:]
        up = tuple(() if p in (w, l) else u for p, u in enumerate(up))
        return down, up

    def gula(self, down, up, g):
        block = tuple(c for p in range(self.n) for c in up[p])
        down = down[:g] + (down[g] + block,) + down[g + 1:]
        return down, ((),) * self.n

    # ------------------------------------------------------------ a turn

    def successors(self, x):
        down, up, t, d, out = x
        r = self.r
        card = down[t][0]
        down = down[:t] + (down[t][1:],) + down[t + 1:]
        up = up[:t] + (up[t] + (card,),) + up[t + 1:]
        players = self.inside(x)
        outcomes = []  # (down, up, next player or None for "after the turner", direction, rightful set)
        if card > 0:
            group = [p for p in players if up[p] and up[p][-1] == card]
            if len(group) >= 2:
                vi = [p for p in players if p not in group and not down[p] and up[p] and up[p][-1] < 0]
                for w in group:
                    for l in group:
                        if w != l:
                            self.matched.add(card)
                            dn, u = self.exchange(down, up, w, l)
                            outcomes.append((dn, u, l if r.next_after_exchange == "loser" else None, d, set(group) | set(vi), True))
                for v in vi:  # chapter VI: shares their face-up cards between the two slowest of the group
                    for a in group:
                        for b in group:
                            if a < b:
                                cards = up[v]
                                dn = down[:a] + (down[a] + cards[0::2],) + down[a + 1:]
                                dn = dn[:b] + (dn[b] + cards[1::2],) + dn[b + 1:]
                                u = tuple(() if p == v else q for p, q in enumerate(up))
                                outcomes.append((dn, u, a if r.next_after_exchange == "loser" else None, d, set(group) | set(vi), True))
                if r.misses:
                    outcomes.append((down, up, None, d, set(), False))
            else:
                outcomes.append((down, up, None, d, set(), False))
        elif card == PERSECUCION:
            for f in players:
                for l in players:
                    if f != l:
                        dn = down[:l] + (down[l] + up[l],) + down[l + 1:]
                        u = up[:l] + ((),) + up[l + 1:]
                        outcomes.append((dn, u, f, d, set(players), True))
        elif card == SIN_SALIDA:
            outcomes.append((down, up, None, -d, set(), False))
        elif card == BALANCIN:
            shown = [(up[p][-1], p) for p in players if up[p] and up[p][-1] > 0]
            if len(shown) >= 2 and min(shown)[0] != max(shown)[0]:
                hi, lo = max(shown)[0], min(shown)[0]
                high = [p for v, p in shown if v == hi]
                low = [p for v, p in shown if v == lo]
                for w in high + low:
                    for l in (low if w in high else high):
                        self.duel = True
                        dn, u = self.exchange(down, up, w, l)
                        outcomes.append((dn, u, l if r.next_after_exchange == "loser" else None, d, set(high + low), True))
                if r.misses:
                    outcomes.append((down, up, None, d, set(), False))
            else:
                outcomes.append((down, up, None, d, set(), False))
        elif card == EMBOSCADA:
            outcomes.append((down, up, None, d, set(players), True))  # its player is fastest (or nobody slaps)
            dn = down
            for q in players:
                if q != t and dn[q]:
                    top = dn[q][0]
                    dn = dn[:q] + (dn[q][1:],) + dn[q + 1:]
                    dn = dn[:t] + (dn[t] + (top,),) + dn[t + 1:]
            if len(players) > 1:
                outcomes.append((dn, up, None, d, set(players), True))
        elif card == REGALO:
            dn = down
            for i in range(1, self.n):
                q = (t + i * d) % self.n
                if q in out or not dn[t]:
                    continue
                top = dn[t][0]
                dn = dn[:t] + (dn[t][1:],) + dn[t + 1:]
                dn = dn[:q] + (dn[q] + (top,),) + dn[q + 1:]
            outcomes.append((dn, up, None, d, set(), False))
        else:
            raise ValueError(f"card {card} is not modelled")
        res = []
        for dn, u, nxt, dd, rightful, slapped in outcomes:
            res += self.settle(dn, u, nxt, dd, out, t)
            if r.false_slaps:  # a glutton: after the rightful exchange, if any, collects what is left
                for g in players:
                    if g not in rightful:
                        dn2, u2 = self.gula(dn, u, g)
                        res += self.settle(dn2, u2, nxt if slapped else self.after(g, dd, dn2, out), dd, out, t)
        return res


def solve(r: Rules, budget: int = 300_000) -> Verdict:
    game = Game(r)
    roots = list(dict.fromkeys(game.deals()))
    succ: dict = {}
    stack = list(roots)
    while stack and len(succ) <= budget:
        x = stack.pop()
        if x in succ:
            continue
        out = list(dict.fromkeys(game.successors(x)))
        succ[x] = out
        stack += [y for y in out if y != END and y not in succ]
    complete = not stack
    dead = sum(1 for out in succ.values() if not out)
    pred: dict = {}
    for x, out in succ.items():
        for y in out:
            pred.setdefault(y, []).append(x)
    reach = {END}
    frontier = [END]
    while frontier:
        y = frontier.pop()
        for x in pred.get(y, []):
            if x not in reach:
                reach.add(x)
                frontier.append(x)
    return Verdict(len(succ), dead, sum(1 for x in succ if x not in reach), frozenset(game.matched), game.duel, complete)
