"""A whole Hectoedra match solved by explicit search, written from the rulebooks alone
(../shared/seeds/001, ../shared/GAMES.md, the decisions the project's rulebook prints under
"Variants": templates/hectoedra and deckgen/games/hectoedra/RULES.md), not from deckgen's engine:
its own encoding (a hand, the draw pile and the cards set aside as frozensets of numbers, draws
resolved in the edges), its own successor function, its own search.

The rules, as this solver reads them:
- a match of ``rounds`` rounds (0: as many as players); before each round every card not kept out
  is shuffled and ``per_player`` cards a player are set aside as the round's game deck (when fewer
  are left, as many a player as the cards allow, the same for everyone: a short deal); each player
  gets ``hand`` cards of it (at most what a player's share allows), the rest is the draw pile;
- the first round is started by the player with the fewest primes in hand (a tie: the youngest, or
  any of them at random); later rounds by whoever put the last card on the pile (or took the last
  turn), or, when every player must start once, the next one clockwise who has not started yet;
- the starter puts any card on the empty central pile; then clockwise each player with cards puts
  one card on top: a multiple or divisor of the top card, one sharing a divisor greater than 1 with
  it, or a prime on a prime; without such a card (or, when a legal card need not be played, at
  will) the player lays any card face down as a penalty; then draws back up to ``hand`` while the
  draw pile lasts (any card of the pile can come);
- the round ends when nobody holds a card; its penalties are scored (with ``keep_penalties`` the
  face-down cards also stay out of every later deal); after the last round the match is over.

The claims it decides: no dead end (a player to act always has a move), every match ends (the graph
of positions has no cycle), the longest match in steps (a deal, a turn), and whether some round
reachable by some play is dealt short of the printed counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import gcd


@dataclass(frozen=True)
class Rules:
    cards: tuple
    players: int
    per_player: int = 10
    hand: int = 4
    rounds: int = 0
    start_tie: str = "youngest"
    next_starter: str = "last-played"
    each_starts: bool = True
    must_play: bool = True
    keep_penalties: bool = False


@dataclass
class Verdict:
    positions: int
    dead_ends: int
    cycle: bool
    longest: int  # steps of the longest match: deals and turns
    short_deal: bool  # some reachable round is dealt short of per_player a player or of the hand
    complete: bool


def prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def fits(card: int, top) -> bool:
    if top is None:
        return True
    return card % top == 0 or top % card == 0 or gcd(card, top) > 1 or (prime(card) and prime(top))


class Match:
    def __init__(self, r: Rules) -> None:
        self.r = r
        self.n = r.players
        self.total_rounds = r.rounds or r.players

    def root(self):
        # ("deal", round, kept out, starter of this round or None (the first), starters so far)
        return ("deal", 0, frozenset(), None, frozenset())

    def successors(self, x):
        """(steps, position) pairs: a deal and a turn are one step each."""
        if x == "over":
            return []
        if x[0] == "deal":  # the match's end after the last round is no step
            return [(0 if y == "over" else 1, y) for y in self._deals(x)]
        return [(1, y) for y in self._turn(x)]

    # ------------------------------------------------------------ a deal

    def _deals(self, x):
        _, rnd, kept, starter, started = x
        r, n = self.r, self.n
        if rnd == self.total_rounds:
            return ["over"]
        box = sorted(set(r.cards) - kept)
        per = min(r.per_player, len(box) // n)
        dealt = min(r.hand, per)
        short = per < r.per_player or dealt < r.hand
        out = []
        for deck in combinations(box, per * n):
            for hands in self._split(frozenset(deck), n, dealt):
                rest = frozenset(deck) - frozenset().union(*hands)
                if starter is None:  # the first round: fewest primes
                    counts = [sum(prime(c) for c in h) for h in hands]
                    tied = [s for s in range(n) if counts[s] == min(counts)]
                    firsts = tied[:1] if r.start_tie == "youngest" else tied
                else:
                    firsts = [starter]
                for s in firsts:
                    if not any(hands):  # nothing dealt: a round of no turns
                        out.append(self._round_over(rnd, kept, started | {s}, s, s))
                        continue
                    out.append(("turn", rnd, kept, tuple(hands), rest, None, s, -1, started | {s}, short))
        return out

    def _split(self, deck, n, k):
        if n == 0:
            yield ()
            return
        for h in combinations(sorted(deck), k):
            for more in self._split(deck - frozenset(h), n - 1, k):
                yield (frozenset(h),) + more

    # ------------------------------------------------------------ a turn

    def _turn(self, x):
        _, rnd, kept, hands, draw, top, seat, last, started, short = x
        r = self.r
        hand = hands[seat]
        legal = [c for c in sorted(hand) if fits(c, top)]
        out = []
        for c in legal:
            out += self._after(rnd, kept, hands, draw, c, seat, seat, started, short, hand - {c})
        if not legal or not r.must_play:
            for c in sorted(hand):
                out += self._after(rnd, kept | ({c} if r.keep_penalties else set()), hands, draw, top, seat, last,
                                   started, short, hand - {c})
        return out

    def _after(self, rnd, kept, hands, draw, top, seat, last, started, short, hand):
        r, n = self.r, self.n
        need = min(r.hand - len(hand), len(draw))
        out = []
        for got in combinations(sorted(draw), max(0, need)):
            h = hand | frozenset(got)
            hs = hands[:seat] + (h,) + hands[seat + 1:]
            rest = draw - frozenset(got)
            nxt = next(((seat + i) % n for i in range(1, n + 1) if hs[(seat + i) % n]), None)
            if nxt is None:
                out.append(self._round_over(rnd, frozenset(kept), started, last, seat))
            else:
                out.append(("turn", rnd, frozenset(kept), hs, rest, top, nxt, last, started, short))
        return out

    def _round_over(self, rnd, kept, started, last_played, last_turn):
        r, n = self.r, self.n
        who = last_turn if r.next_starter == "last-turn" or last_played < 0 else last_played
        if r.each_starts and who in started and len(started) < n:
            who = next((who + i) % n for i in range(1, n + 1) if (who + i) % n not in started)
        return ("deal", rnd + 1, kept, who, started)


def solve(r: Rules, budget: int = 500_000) -> Verdict:
    """Every position of every match: dead ends, a cycle, the longest match, a short deal."""
    game = Match(r)
    root = game.root()
    succ: dict = {}
    stack = [root]
    short = False
    dead = 0
    while stack and len(succ) <= budget:
        x = stack.pop()
        if x in succ:
            continue
        out = game.successors(x)
        succ[x] = out
        if x != "over" and x[0] == "turn":
            short |= x[-1]
        if not out and x != "over":
            dead += 1
        for _, y in out:
            if y not in succ:
                stack.append(y)
    complete = not stack
    # longest path and cycles: a depth-first search with colours (iterative)
    longest: dict = {}
    cycle = False
    colour: dict = {}
    for start in list(succ):
        if start in colour:
            continue
        path = [(start, iter(succ.get(start, [])))]
        colour[start] = 1
        while path:
            x, it = path[-1]
            step = next(it, None)
            if step is None:
                path.pop()
                colour[x] = 2
                longest[x] = max((w + longest.get(y, 0) for w, y in succ.get(x, [])), default=0)
                continue
            _, y = step
            c = colour.get(y, 0)
            if c == 1:
                cycle = True
            elif c == 0:
                colour[y] = 1
                path.append((y, iter(succ.get(y, []))))
    return Verdict(len(succ), dead, cycle, longest.get(root, 0), short, complete)
