"""A whole Monete game solved by explicit search, written from the rulebooks alone (../shared/seeds/002,
../shared/GAMES.md and the decisions the project's rulebook prints under "Decisions and variants":
templates/monete, deckgen/games/monete/RULES.md), not from deckgen's engine: its own encoding (card
types as (kind, value, colour, action), hands and the draw pile as tuples of counts, every choice and
every draw of a turn resolved in one edge), its own successor function, its own search.

A position is the start of a turn: (seat, direction, top, up, same, exempt, passes, first passer,
hands, draw pile). ``top`` is None when the player to act opens a round, else the (value, colour)
the last card counts as; ``up`` is the number marker (+ is True), ``same`` the colour marker (None
without one); ``exempt`` the value (1 or TOP) of an opening card whose twin, played right after it,
does not close. An edge is one whole turn, every choice (cards, markers, declarations, targets) and
every card a draw can bring among its successors; the ends are a player without cards and the
empty draw pile (fewest cards).

The printed rules, as this solver reads them:
- five cards each, the rest face down is the draw pile; seat 0 (the youngest) opens, play goes to
  seat + 1;
- the opener plays one card, any card, and sets the markers (a 1 forces +, a TOP forces -); opening
  with a 1 or a TOP does not close the round, nor does the same value played right after it;
- a card follows when it respects the markers the mode asks for (PEREZOSO and SIESTA: the number
  marker, + is "equal or higher"; RECREO: at least one of number and colour; JUNGLA: both); purple
  (the action cards) is a fifth colour; a card of the same number as the last one always follows,
  and a number card or comodín played so may turn either marker or both;
- a combo: 2 to ``combo`` cards of consecutive numbers all running one way, each respecting the
  markers against the card before it (the first against the table's card), never to open; a 1 or a
  TOP only last (it closes), except the spared twin of an opening card, first; only the last card's
  action happens;
- JUNGLA: after every play the player may set both markers; Números mayores / menores set the number
  marker (in every mode that has them);
- a player who cannot play draws one card, then plays if they now can, else passes; nobody passes
  holding a playable card; when every player has passed in a row the first who passed opens a new
  round;
- playing a 1 or a TOP (not to open, not the spared twin) closes the round: every other player, in
  turn order, discards a number card of that value (a comodín too with ``wild_discard``) or draws
  one while cards last; a player emptied so wins (the first in turn order); the next player opens;
- comodín: declared as any number 1..TOP and, with a colour marker, one of the four colours;
- actions (at once, also when opening; not when the card was the player's last): Todos mudos
  nothing; Te la cambio takes a card unseen from a chosen rival and gives back one of the player's
  own (not the one taken unless ``give_taken``); Espiar the same with the card taken chosen;
  Números mayores / menores; Ladronzuelos: in turn order from the card's player, each takes a card
  unseen from seat + 1; Cambio de sentido reverses; Regalito gives a chosen card to a chosen rival;
  Toma 2 / Toma 3 make a chosen rival draw; Repite turno: the same player takes another whole turn;
  Descarte: discard a chosen card (out of the game) and draw one; Maldición: every rival draws one;
- the game ends when a player has no cards, or on the empty draw pile: ``deck_out = "empty"`` as soon
  as its last card is drawn (but a ¡Monete! is answered by everyone first), ``"need"`` when someone
  must draw and it is empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

HAND = 5
NUM, ACT, WILD = "number", "action", "wild"
PURPLE = 4
COLOURS = ("blue", "red", "green", "orange")
END = "end"


@dataclass(frozen=True)
class Rules:
    types: tuple  # (kind, value, colour index or PURPLE or None, action or None) per type
    counts: tuple
    players: int
    mode: str = "siesta"
    top: int = 20
    combo: int = 3
    deck_out: str = "empty"
    give_taken: bool = False
    wild_discard: bool = False


@dataclass
class Verdict:
    positions: int
    dead_ends: int
    cycle: bool
    longest: int  # turns of the longest game
    closes: bool  # some reachable turn closes a round with ¡Monete!
    followed: frozenset  # card types played on a card (not to open) in some reachable turn
    complete: bool


def _sub(a, i, k=1):
    return a[:i] + (a[i] - k,) + a[i + 1:]


def _add(a, i, k=1):
    return a[:i] + (a[i] + k,) + a[i + 1:]


def _set(hs, s, h):
    return hs[:s] + (h,) + hs[s + 1:]


def multisets(counts, k):
    if not counts:
        if k == 0:
            yield ()
        return
    for j in range(min(counts[0], k) + 1):
        for rest in multisets(counts[1:], k - j):
            yield (j,) + rest


class Game:
    def __init__(self, r: Rules) -> None:
        self.r = r
        self.n = r.players
        self.colour = r.mode in ("recreo", "jungla")
        self.closes_seen = False
        self.followed: set = set()
        self._plays: dict = {}

    # ------------------------------------------------------------ the deal

    def deals(self):
        r = self.r
        for hands in self._hands(r.counts, self.n):
            pile = list(r.counts)
            for h in hands:
                pile = [a - b for a, b in zip(pile, h)]
            yield (0, 1, None, True, None, None, 0, None, hands, tuple(pile))

    def _hands(self, counts, n):
        if n == 0:
            yield ()
            return
        for h in multisets(counts, HAND):
            for more in self._hands(tuple(a - b for a, b in zip(counts, h)), n - 1):
                yield (h,) + more

    # ------------------------------------------------------------ card faces

    def faces(self, t):
        """(value, colour) a card of type t can count as."""
        kind, v, c, _ = self.r.types[t]
        if kind != WILD:
            return [(v, c if self.colour else None)]
        cols = range(4) if self.colour else (None,)
        return [(x, col) for x in range(1, self.r.top + 1) for col in cols]

    def respects(self, v, col, tv, tc, up, same):
        num = v >= tv if up else v <= tv
        if not self.colour:
            return num
        hue = (col == tc) if same else (col != tc)
        return (num or hue) if self.r.mode == "recreo" else (num and hue)

    def closer(self, v):
        return v in (1, self.r.top)

    # ------------------------------------------------------------ a turn

    def turn(self, x):
        """Every position the turn of ``x`` can lead to (END for an end of the game)."""
        seat, d, top, up, same, exempt, passes, first, hands, pile = x
        plays = self.plays(x, hands[seat])
        if plays:
            return self.after_plays(x, plays, hands, pile)
        if not any(pile):  # must draw, nothing to draw ("need"; "empty" ended already)
            return [END]
        out = []
        for t, c in enumerate(pile):
            if not c:
                continue
            h = _add(hands[seat], t)
            hs, p = _set(hands, seat, h), _sub(pile, t)
            if not any(p) and self.r.deck_out == "empty":
                out.append(END)
                continue
            y = (seat, d, top, up, same, exempt, passes, first, hs, p)
            now = self.plays(y, h)
            if now:
                out += self.after_plays(y, now, hs, p)
                continue
            passes2, first2 = passes + 1, seat if passes == 0 else first
            if passes2 == self.n:  # everyone passed in a row: the first who passed opens
                out.append((first2, d, None, up, same, None, 0, None, hs, p))
            else:
                out.append(((seat + d) % self.n, d, top, up, same, exempt, passes2, first2, hs, p))
        return out

    def plays(self, x, hand):
        """(cards as types, faces as (value, colour)) of every legal play."""
        key = (hand, x[2], x[3], x[4], x[5])
        got = self._plays.get(key)
        if got is None:
            got = self._plays[key] = list(dict.fromkeys(self._legal(hand, *key[1:])))
        return got

    def _legal(self, hand, top, up, same, exempt):
        held = [t for t in range(len(hand)) if hand[t]]
        if top is None:
            for t in held:
                for f in self.faces(t):
                    yield (t,), (f,)
            return
        tv, tc = top
        for t in held:
            for f in self.faces(t):
                if f[0] == tv or self.respects(f[0], f[1], tv, tc, up, same):
                    yield (t,), (f,)
        if self.r.combo < 2:
            return
        for k in range(2, self.r.combo + 1):
            yield from self._combos(hand, k, top, up, same, exempt)

    def _combos(self, hand, k, top, up, same, exempt):
        tv, tc = top

        def grow(cards, faces, left):
            if len(cards) == k:
                yield tuple(cards), tuple(faces)
                return
            pv, pc = faces[-1]
            for t in range(len(left)):
                if not left[t]:
                    continue
                for f in self.faces(t):
                    if abs(f[0] - pv) != 1:
                        continue
                    if len(faces) >= 2 and (f[0] - pv) != (faces[1][0] - faces[0][0]):
                        continue
                    if not self.respects(f[0], f[1], pv, pc, up, same):
                        continue
                    if self.closer(f[0]) and len(cards) + 1 < k:
                        continue  # a closer only last
                    yield from grow(cards + [t], faces + [f], _sub(left, t))

        for t in range(len(hand)):
            if not hand[t]:
                continue
            for f in self.faces(t):
                if not (f[0] == tv or self.respects(f[0], f[1], tv, tc, up, same)):
                    continue
                if self.closer(f[0]) and f[0] != exempt:
                    continue  # it would close: only last
                yield from grow([t], [f], _sub(hand, t))

    def after_plays(self, x, plays, hands, pile):
        out = []
        for cards, faces in plays:
            out += self.play(x, cards, faces, hands, pile)
        return out

    def play(self, x, cards, faces, hands, pile):
        seat, d, top, up, same, exempt, passes, first, _h, _p = x
        r, n = self.r, self.n
        hand = hands[seat]
        for t in cards:
            hand = _sub(hand, t)
        hs = _set(hands, seat, hand)
        opening = top is None
        if not opening:
            for t in cards:
                self.followed.add(t)
        last_t, (v, col) = cards[-1], faces[-1]
        kind, _, _, action = r.types[last_t]
        if not any(hand):
            return [END]
        closes = not opening and any(self.closer(f[0]) and not (i == 0 and f[0] == exempt) for i, f in enumerate(faces))
        if closes:
            self.closes_seen = True
            return self._monete(seat, d, v, hs, pile)
        # the markers after the play
        colour_opts = (True, False) if self.colour else (None,)
        if opening:
            ups = (True,) if v == 1 else (False,) if v == r.top else (True, False)
            markers = [(u, s) for u in ups for s in colour_opts]
        elif r.mode == "jungla":
            markers = [(u, s) for u in (True, False) for s in colour_opts]
        elif len(cards) == 1 and kind != ACT and v == top[0]:  # the same number may turn the markers
            markers = [(u, s) for u in (True, False) for s in colour_opts]
        else:
            markers = [(up, same)]
        if kind == ACT and action == "numeros_mayores":
            markers = sorted({(True, s) for _, s in markers}, key=str)
        elif kind == ACT and action == "numeros_menores":
            markers = sorted({(False, s) for _, s in markers}, key=str)
        ex = v if opening and self.closer(v) else None
        out = []
        for u, s in markers:
            base = ((seat + d) % n, d, (v, col), u, s, ex, 0, None, hs, pile)
            out += self._action(base, seat, action if kind == ACT else None)
        return out

    def _monete(self, seat, d, v, hands, pile):
        """Every other player, in turn order, discards a card of value v or draws one."""
        r, n = self.r, self.n
        states = [(hands, pile, False)]  # (hands, pile, a draw was impossible)
        for i in range(1, n):
            q = (seat + i * d) % n
            nxt = []
            for hs, p, short in states:
                h = hs[q]
                match = [t for t in range(len(h)) if h[t] and r.types[t][0] == NUM and r.types[t][1] == v]
                if not match and r.wild_discard:
                    match = [t for t in range(len(h)) if h[t] and r.types[t][0] == WILD]
                if match:
                    for t in match:
                        nxt.append((_set(hs, q, _sub(h, t)), p, short))
                elif any(p):
                    for t, c in enumerate(p):
                        if c:
                            nxt.append((_set(hs, q, _add(h, t)), _sub(p, t), short))
                else:
                    nxt.append((hs, p, True))
            states = nxt
        out = []
        for hs, p, short in states:
            if not all(any(h) for h in hs):
                out.append(END)  # emptied by the discard
            elif not any(p) and (r.deck_out == "empty" or short):
                out.append(END)
            else:
                out.append(((seat + d) % n, d, None, True, None, None, 0, None, hs, p))
        return out

    def _draws(self, hands, pile, q, k):
        """(hands, pile, over) after seat q draws k cards; over: the empty draw pile ended the game."""
        out = [(hands, pile, False)]
        for _ in range(k):
            nxt = []
            for hs, p, over in out:
                if over:
                    nxt.append((hs, p, over))
                    continue
                if not any(p):
                    nxt.append((hs, p, True))  # "need": someone must draw and it is empty
                    continue
                for t, c in enumerate(p):
                    if c:
                        p2 = _sub(p, t)
                        nxt.append((_set(hs, q, _add(hs[q], t)), p2, not any(p2) and self.r.deck_out == "empty"))
            out = nxt
        return out

    def _action(self, base, seat, action):
        r, n = self.r, self.n
        nseat, d, top, u, s, ex, passes, first, hs, pile = base
        rivals = [q for q in range(n) if q != seat]

        def at(hands, p, nxt=None, dd=None):
            dd = d if dd is None else dd
            return ((seat + dd) % n if nxt is None else nxt, dd, top, u, s, ex, 0, None, hands, p)

        if action in (None, "todos_mudos", "numeros_mayores", "numeros_menores"):
            return [at(hs, pile)]
        if action == "cambio_sentido":
            return [at(hs, pile, dd=-d)]
        if action == "repite_turno":
            return [at(hs, pile, nxt=seat)]
        out = []
        if action in ("toma_2", "toma_3"):
            k = 2 if action == "toma_2" else 3
            for q in rivals:
                for hands, p, over in self._draws(hs, pile, q, k):
                    out.append(END if over else at(hands, p))
            return out
        if action == "maldicion":
            states = [(hs, pile, False)]
            for i in range(1, n):
                q = (seat + i * d) % n
                nxt = []
                for hands, p, over in states:
                    if over:
                        nxt.append((hands, p, True))
                    else:
                        nxt += self._draws(hands, p, q, 1)
                states = nxt
            return [END if over else at(hands, p) for hands, p, over in states]
        if action == "descarte":
            h = hs[seat]
            for t in range(len(h)):
                if h[t]:
                    hands = _set(hs, seat, _sub(h, t))
                    for h2, p, over in self._draws(hands, pile, seat, 1):
                        out.append(END if over or not any(h2[seat]) else at(h2, p))
            return out
        if action == "regalito":
            h = hs[seat]
            for t in range(len(h)):
                if h[t]:
                    for q in rivals:
                        hands = _set(_set(hs, seat, _sub(h, t)), q, _add(hs[q], t))
                        out.append(END if not any(hands[seat]) else at(hands, pile))
            return out
        if action in ("te_la_cambio", "espiar"):
            for q in rivals:
                hq = hs[q]
                for t in range(len(hq)):  # unseen or chosen: every card can be the one taken
                    if not hq[t]:
                        continue
                    mine = _add(hs[seat], t)
                    theirs = _sub(hq, t)
                    own = hs[seat]  # the cards held before taking
                    gives = [g for g in range(len(mine)) if mine[g] and (r.give_taken or own[g])]
                    for g in gives:
                        hands = _set(_set(hs, seat, _sub(mine, g)), q, _add(theirs, g))
                        out.append(at(hands, pile))
            return out
        if action == "ladronzuelos":
            states = [hs]
            for i in range(n):
                p_ = (seat + i * d) % n
                left = (p_ + 1) % n
                nxt = []
                for hands in states:
                    hl = hands[left]
                    took = False
                    for t in range(len(hl)):
                        if hl[t]:
                            took = True
                            nxt.append(_set(_set(hands, left, _sub(hl, t)), p_, _add(hands[p_], t)))
                    if not took:
                        nxt.append(hands)
                states = nxt
            return [END if not all(any(h) for h in hands) else at(hands, pile) for hands in states]
        raise ValueError(action)


def solve(r: Rules, budget: int = 300_000) -> Verdict:
    """Every position of every game from every deal: dead ends, a cycle, the longest game in turns."""
    game = Game(r)
    succ: dict = {}
    stack = list(dict.fromkeys(game.deals()))
    roots = list(stack)
    while stack and len(succ) <= budget:
        x = stack.pop()
        if x in succ:
            continue
        out = list(dict.fromkeys(game.turn(x)))
        succ[x] = out
        for y in out:
            if y != END and y not in succ:
                stack.append(y)
    complete = not stack
    dead = sum(1 for x, out in succ.items() if not out)
    longest: dict = {END: 0}
    cycle = False
    colour: dict = {}
    for start in roots:
        if start in colour or start not in succ:
            continue
        colour[start] = 1
        path = [(start, iter(succ[start]))]
        while path:
            x, it = path[-1]
            y = next(it, None)
            if y is None:
                path.pop()
                colour[x] = 2
                longest[x] = max((1 + longest.get(z, 0) for z in succ.get(x, [])), default=0)
                continue
            if y == END or y not in succ:
                continue
            c = colour.get(y, 0)
            if c == 1:
                cycle = True
            elif c == 0:
                colour[y] = 1
                path.append((y, iter(succ[y])))
    return Verdict(len(succ), dead, cycle, max((longest.get(x, 0) for x in roots), default=0), game.closes_seen,
                   frozenset(game.followed), complete)


__all__ = ["Rules", "Verdict", "solve", "product"]
