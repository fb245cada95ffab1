"""The main phase of a Cartas Maestras game solved by explicit search, written from the rulebooks alone
(../shared/seeds/003, ../shared/GAMES.md and the decisions the project's rulebook prints under
"Variants and decisions" and "Fixed decisions": templates/maestras, deckgen/games/maestras/RULES.md),
not from deckgen's engine: its own encoding (card types, hands and the draw pile as tuples of counts,
the board as the four paths' cells), its own successor function, its own search.

A position is the start of an action: (seat, passes in a row, hands, draw pile, paths, last cell
placed, masters placed). ``paths`` holds one entry per side of the central card: None (free), or
(cells, won) with cells a tuple of ((x, y), type), the master first. The central card is at (0, 0).

The printed rules, as this solver reads them:
- ``hand`` cards each; seat 0 starts and play passes on seat by seat;
- on a turn a player places one card if they can (they must): a master on a free side of the central
  card, or a point or empty card linked to the last card of a path not won; else they draw one (with
  ``play_drawn`` a drawn card that can be placed is placed at once), and with the pile empty they
  pass; with ``refill`` a player who placed a card draws back up to ``hand`` while the pile lasts;
- links: two point cards link by ``link`` (same colour / points one apart / either / both); with
  ``same_points`` equal points count as points one apart (the rulebook's "Variants": with ``both``
  the colour must still match, with ``colour`` points never matter); after a master, a point card
  of its colour (``after_master = "colour"``) or any point card; an empty card links to any card,
  and the card after it links to the card before it; a master is never placed inside a path;
- placement: a free cell sharing a side with the card it links to (a master: with the central card),
  touching no other card (with ``corners`` a corner counts as touching), in the same row or column as
  the last card placed (``in_line``: every card, only linked cards, or none); at the start, and after
  a path is taken away, the central card is the last card placed;
- a path is won by whoever places its ``path_length``-th linked card after the master (empty cards
  count with ``empty_counts``): ``won_paths = "taken"`` takes its cards away and frees the side,
  ``"stay"`` leaves it and closes the side;
- the main phase ends as soon as every master in play is on the table (``main_end = "masters"``), or
  when the draw pile is empty and every player passes in a row. (The tie-break that follows places
  each card left at most once: it is not searched.)
"""

from __future__ import annotations

from dataclasses import dataclass

CENTRAL, MASTER, POINTS, EMPTY = "central", "master", "points", "empty"
SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))
END = "end"


@dataclass(frozen=True)
class Rules:
    types: tuple  # (kind, colour or None, points or 0) per type, the central card left out
    counts: tuple
    players: int
    link: str = "either"
    same_points: bool = False
    after_master: str = "colour"
    empty_counts: bool = True
    path_length: int = 4
    hand: int = 4
    in_line: str = "all"
    corners: bool = False
    play_drawn: bool = False
    refill: bool = True
    won_paths: str = "taken"
    main_end: str = "masters"


@dataclass
class Verdict:
    positions: int
    dead_ends: int
    cycle: bool
    longest: int  # actions (placements, draws, passes) of the longest main phase
    master_placed: bool
    won: bool  # some path is won in some game
    placed: frozenset  # point card types placed in a path in some game
    complete: bool


def _sub(a, i, k=1):
    return a[:i] + (a[i] - k,) + a[i + 1:]


def _add(a, i, k=1):
    return a[:i] + (a[i] + k,) + a[i + 1:]


def _set(t, i, v):
    return t[:i] + (v,) + t[i + 1:]


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
        self.masters = sum(k for t, k in zip(r.types, r.counts) if t[0] == MASTER)
        self.master_placed = False
        self.won = False
        self.placed: set = set()

    def deals(self):
        r = self.r

        def hands(counts, n):
            if n == 0:
                yield ()
                return
            for h in multisets(counts, r.hand):
                for more in hands(tuple(a - b for a, b in zip(counts, h)), n - 1):
                    yield (h,) + more

        for hs in hands(r.counts, self.n):
            pile = list(r.counts)
            for h in hs:
                pile = [a - b for a, b in zip(pile, h)]
            yield (0, 0, hs, tuple(pile), (None,) * 4, (0, 0), 0)

    # ------------------------------------------------------------ links and cells

    def links(self, prev, t):
        """Whether a card of type ``t`` may follow ``prev`` (the card it links to: a master or a point card)."""
        r = self.r
        kind, colour, pts = r.types[t]
        if kind == EMPTY:
            return True
        if kind != POINTS:
            return False
        pk, pc, pp = r.types[prev]
        if pk == MASTER:
            return r.after_master == "any" or colour == pc
        same, near = colour == pc, abs(pts - pp) == 1 or (r.same_points and pts == pp)
        return {"either": same or near, "both": same and near, "colour": same, "points": near}[r.link]

    def occupied(self, paths):
        cells = {(0, 0)}
        for p in paths:
            if p is not None:
                cells.update(c for c, _ in p[0])
        return cells

    def fits(self, cell, anchor, occupied, last, linked):
        if cell in occupied:
            return False
        x, y = cell
        around = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        if self.r.corners:
            around += [(x + 1, y + 1), (x + 1, y - 1), (x - 1, y + 1), (x - 1, y - 1)]
        if anchor not in around[:4] or any(c in occupied and c != anchor for c in around):
            return False
        line = self.r.in_line == "all" or (self.r.in_line == "links" and linked)
        return not line or x == last[0] or y == last[1]

    def placements(self, x, only=None):
        """(type, side, cell) of every card the player to act may place (``only``: that type)."""
        seat, passes, hands, pile, paths, last, placed = x
        hand = hands[seat]
        occ = self.occupied(paths)
        out = []
        for t in range(len(hand)):
            if not hand[t] or (only is not None and t != only):
                continue
            kind = self.r.types[t][0]
            if kind == MASTER:
                for s, cell in enumerate(SIDES):
                    if paths[s] is None and self.fits(cell, (0, 0), occ, last, False):
                        out.append((t, s, cell))
                continue
            for s, p in enumerate(paths):
                if p is None or p[1]:
                    continue
                cells = p[0]
                ref = next(u for _, u in reversed(cells) if self.r.types[u][0] != EMPTY)
                if not self.links(ref, t):
                    continue
                end = cells[-1][0]
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    cell = (end[0] + dx, end[1] + dy)
                    if self.fits(cell, end, occ, last, True):
                        out.append((t, s, cell))
        return out

    # ------------------------------------------------------------ an action

    def successors(self, x):
        """(actions, position) pairs: every way the action of ``x`` can go (END: the main phase is over)."""
        seat, passes, hands, pile, paths, last, placed = x
        moves = self.placements(x)
        if moves:
            return [(1, y) for m in moves for y in self.place(x, m)]
        if not any(pile):
            if passes + 1 == self.n:
                return [(1, END)]
            return [(1, ((seat + 1) % self.n, passes + 1, hands, pile, paths, last, placed))]
        out = []
        for t, c in enumerate(pile):
            if not c:
                continue
            hs, p = _set(hands, seat, _add(hands[seat], t)), _sub(pile, t)
            y = (seat, 0, hs, p, paths, last, placed)
            now = self.placements(y, only=t) if self.r.play_drawn else []
            if now:
                out += [(2, z) for m in now for z in self.place(y, m)]
            else:
                out.append((1, ((seat + 1) % self.n, 0, hs, p, paths, last, placed)))
        return out

    def place(self, x, move):
        seat, passes, hands, pile, paths, last, placed = x
        r = self.r
        t, s, cell = move
        hs = _set(hands, seat, _sub(hands[seat], t))
        kind = r.types[t][0]
        if kind == MASTER:
            self.master_placed = True
            paths = _set(paths, s, (((cell, t),), False))
            placed += 1
        else:
            if kind == POINTS:
                self.placed.add(t)
            cells = paths[s][0] + ((cell, t),)
            linked = sum(1 for _, u in cells[1:] if r.types[u][0] == POINTS or r.empty_counts)
            if linked >= r.path_length:
                self.won = True
                if r.won_paths == "taken":
                    paths, cell = _set(paths, s, None), (0, 0)
                else:
                    paths = _set(paths, s, (cells, True))
            else:
                paths = _set(paths, s, (cells, False))
        if r.main_end == "masters" and placed == self.masters:
            return [END]
        out = []
        for h2, p2 in self._refill(hs[seat], pile):
            out.append(((seat + 1) % self.n, 0, _set(hs, seat, h2), p2, paths, cell, placed))
        return out

    def _refill(self, hand, pile):
        if not self.r.refill:
            return [(hand, pile)]
        states = [(hand, pile)]
        for _ in range(max(0, self.r.hand - sum(hand))):
            nxt = []
            for h, p in states:
                if not any(p):
                    nxt.append((h, p))
                    continue
                nxt += [(_add(h, t), _sub(p, t)) for t in range(len(p)) if p[t]]
            states = list(dict.fromkeys(nxt))
        return states


def solve(r: Rules, budget: int = 300_000) -> Verdict:
    game = Game(r)
    succ: dict = {}
    roots = list(dict.fromkeys(game.deals()))
    stack = list(roots)
    while stack and len(succ) <= budget:
        x = stack.pop()
        if x in succ:
            continue
        out = list(dict.fromkeys(game.successors(x)))
        succ[x] = out
        stack += [y for _, y in out if y != END and y not in succ]
    complete = not stack
    dead = sum(1 for out in succ.values() if not out)
    longest: dict = {END: 0}
    colour: dict = {}
    cycle = False
    for start in roots:
        if start in colour or start not in succ:
            continue
        colour[start] = 1
        path = [(start, iter(succ[start]))]
        while path:
            x, it = path[-1]
            step = next(it, None)
            if step is None:
                path.pop()
                colour[x] = 2
                longest[x] = max((w + longest.get(y, 0) for w, y in succ.get(x, [])), default=0)
                continue
            _, y = step
            if y == END or y not in succ:
                continue
            c = colour.get(y, 0)
            if c == 1:
                cycle = True
            elif c == 0:
                colour[y] = 1
                path.append((y, iter(succ[y])))
    return Verdict(len(succ), dead, cycle, max((longest.get(x, 0) for x in roots), default=0), game.master_placed, game.won,
                   frozenset(game.placed), complete)
