"""Policies for Cartas Maestras. ``random`` is the shared uniform policy; ``heuristic`` plays like a
careful child who sees the table and their own hand (never the others' hands):

main phase: win a path when possible; otherwise avoid leaving a path one card short of winning
where the next player could finish it; keep empty cards (jokers) for finishing a path; keep cards
that link with many others.
tie-break: play the longest chain its hand allows (a bounded search), laid out in a straight line.
"""

from __future__ import annotations

import random
from typing import Sequence

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import EMPTY_K, MASTER_K, Info
from deckgen.games.maestras.rules import CENTRE, SIDES, Cell
from deckgen.games.maestras.state import DRAW, TIEBREAK, MaestrasState, decode

WIN, OPENS_WIN, EMPTY_USED = 100.0, -40.0, -8.0
SEARCH_BUDGET = 3000  # nodes of the tie-break chain search
BIG_HAND = 64  # above this many cards in hand the search budget shrinks in proportion


def search_budget(hand: int) -> int:
    """Nodes the tie-break search may visit for a hand of ``hand`` cards: SEARCH_BUDGET for any hand a
    default deck deals, fewer for the huge hands of a deck file with thousands of cards (the
    search then plays the best chain found, as it does whenever the budget runs out)."""
    return SEARCH_BUDGET if hand <= BIG_HAND else max(100, SEARCH_BUDGET * BIG_HAND // hand)


def heuristic_policy(state: MaestrasState, rng: random.Random) -> int:
    return heuristic_choice(state, state.legal_actions(), rng)


def heuristic_choice(state: MaestrasState, actions: list[int], rng: random.Random) -> int:
    """The heuristic's choice among ``actions``, the position's legal actions."""
    if len(actions) == 1:
        return actions[0]
    if state.phase == TIEBREAK:
        return _tiebreak_move(state, actions, rng)
    best, chosen = None, []
    held = _held(state)
    for a in actions:
        s = score(state, a, held) + rng.random() * 0.01
        if best is None or s > best:
            best, chosen = s, [a]
    return chosen[0]


def _held(state: MaestrasState) -> dict[Info, int]:
    """The player's hand as kinds of card and how many of each (the state's index of the hand)."""
    return state.held_counts(state.turn)


def score(state: MaestrasState, action: int, held: dict[Info, int] | None = None) -> float:
    """How good a main-phase placement looks, from what the player may see."""
    if action == DRAW:
        return 0.0
    card, cell = decode(action)
    info = state.infos[card]
    rules = state.rules
    s = 0.0
    wins = False
    if info.kind != MASTER_K:
        path = state._path_at(cell)
        linked = state.linked(path) + (1 if (info.kind != EMPTY_K or rules.empty_counts) else 0)
        if linked >= rules.path_length:
            wins = True
            s += WIN
        if info.kind == EMPTY_K and not wins:
            s += EMPTY_USED
    if not wins:
        s += OPENS_WIN * _finishable_after(state, card, cell)
    # keep the cards that link with many others: spend the least connected card first
    s -= 0.1 * _partners(state, info, _held(state) if held is None else held)
    return s


def _finishable_after(state: MaestrasState, card: int, cell: Cell) -> int:
    """Paths one card short of winning that the next player could reach after this placement."""
    rules = state.rules
    board = _Placed(state.board, cell)  # the board with the card on ``cell``, without copying it
    extended = state._path_at(cell) if state.infos[card].kind != MASTER_K else None
    line = rules.in_line != "off"
    n = 0
    for path in state.open_paths():
        linked = state.linked(path)
        tip = path.tip
        if path is extended:
            linked += 1 if state.infos[card].kind != EMPTY_K or rules.empty_counts else 0
            tip = cell
        if linked == rules.path_length - 1 and R.free_cells(board, tip, cell, line=line, corners=rules.corners):
            n += 1
    return n


class _Placed:
    """The occupied cells of ``board`` and ``cell`` (all that R.free_cells asks of a board)."""

    def __init__(self, board, cell: Cell) -> None:
        self.board, self.cell = board, cell

    def __contains__(self, other: object) -> bool:
        return other == self.cell or other in self.board


def _partners(state: MaestrasState, info: Info, held: dict[Info, int]) -> int:
    """Cards in hand (``held``: kinds and counts) that link with ``info``: bounded by the kinds of
    card, not by the size of the hand."""
    if info.kind in (EMPTY_K, MASTER_K):
        return 0
    after = state.follow.after(info)
    return sum(n for other, n in held.items() if other != info and other in after)


# ---------------------------------------------------------------- tie-break


def longest_chain(cards: Sequence[Info], start: Info, rules: R.Rules, budget: int = SEARCH_BUDGET,
                  table: R.LinkTable | None = None) -> list[int]:
    """Indexes into ``cards`` of a longest chain that links after ``start`` (exact when the search
    finishes within ``budget`` nodes, the best found otherwise). Cards that are not empty go first
    in the order with fewest partners, so the search finds long chains early.

    Equal cards are one kind: a node looks at each kind once (its first unused card), and the
    partners of every kind are kept up to date as cards are used, so a node costs time in the
    kinds of card (a few dozen at most), not in the hand's size squared (a hand of hundreds of
    cards in a 4,800-card deck). The chain found is the one a card-by-card search finds.

    ``table``: the links between kinds of card (a state's R.LinkTable, which holds every kind in
    ``cards``), so that the rules are asked once per pair in a game; None asks them here."""
    n = len(cards)
    kinds: list[Info] = []
    kind_of: dict[Info, int] = {}
    members: list[list[int]] = []  # each kind's card indexes, in increasing order
    for i, c in enumerate(cards):
        k = kind_of.setdefault(c, len(kinds))
        if k == len(kinds):
            kinds.append(c)
            members.append([])
        members[k].append(i)
    m = len(kinds)
    empty = [c.kind == EMPTY_K for c in kinds]
    table = table or R.LinkTable(kinds, rules)
    # succ[a]: the kinds that may follow a card of kind a, as kind numbers (none after an empty kind,
    # never a reference); pred[b]: the kinds b may follow. Read from the table's sets, so that
    # building them and every node of the search cost time in the links that hold, not in m squared
    succ = [[] if empty[a] else sorted(kind_of[x] for x in table.after(kinds[a]) if x in kind_of) for a in range(m)]
    pred: list[list[int]] = [[] for _ in range(m)]
    for a in range(m):
        for b in succ[a]:
            pred[b].append(a)
    loops = [a in succ[a] for a in range(m)]  # a kind that may follow itself
    left = [len(ms) for ms in members]  # unused cards of each kind
    nxt = [0] * m  # the first unused card of each kind is members[k][nxt[k]] (cards are used in order)
    # partners[a]: unused cards that may follow a card of kind a, itself included when it links to itself
    partners = [sum(left[b] for b in succ[a]) for a in range(m)]
    follows_start = sorted(kind_of[x] for x in table.after(start) if x in kind_of)
    best: list[int] = []
    chain: list[int] = []
    refs: list[int] = [-1]  # the reference card's kind after each prefix of the chain (-1: ``start``)
    nodes = 0

    def use(k: int, step: int) -> None:
        left[k] -= step
        nxt[k] += step
        for a in pred[k]:
            partners[a] -= step

    def dfs() -> bool:
        nonlocal best, nodes
        nodes += 1
        if len(chain) > len(best):
            best = list(chain)
            if len(best) == n:
                return True
        if nodes > budget:
            return True
        r = refs[-1]  # the reference card: the chain's last card that is not empty (R.reference)
        follows = follows_start if r < 0 else succ[r]  # never an empty kind: empty cards are not references
        options = [k for k in follows if left[k]]
        # empty cards last (they are jokers), then the fewest onward partners first (a card is not
        # its own partner), then the card that comes first
        options.sort(key=lambda k: (empty[k], 0 if empty[k] else partners[k] - loops[k], members[k][nxt[k]]))
        for k in options:
            chain.append(members[k][nxt[k]])
            refs.append(r if empty[k] else k)
            use(k, 1)
            if dfs():
                return True
            use(k, -1)
            refs.pop()
            chain.pop()
        return False

    dfs()
    return best


def searched_hand(state: MaestrasState, seat: int) -> list[int]:
    """The cards of the hand of ``seat`` the tie-break search looks at, in the hand's order: the
    first BIG_HAND of each kind (read from the state's index), so that a step costs time in the
    kinds of card, not in a hand of thousands. A hand of at most BIG_HAND cards (every hand a
    default deck deals) is looked at whole."""
    held = state.held[seat]
    if len(state.hands[seat]) <= BIG_HAND:
        return state.hands[seat]
    first = [c for same in held.values() for c in same[:BIG_HAND]]
    first.sort(key=state.arrival.__getitem__)
    return first


def _planned(state: MaestrasState) -> Info | None:
    """The next card of the chain this player planned earlier in its tie-break turn, while the chain
    on the table follows the plan (None: plan again)."""
    if state.plan is None:
        return None
    seat, made, kinds = state.plan
    k = len(state.chain) - made
    if seat != state.turn or not 0 < k < len(kinds) or state.infos[state.chain[-1]] != kinds[k - 1]:
        return None
    return kinds[k]


def _tiebreak_move(state: MaestrasState, actions: Sequence[int], rng: random.Random) -> int:
    # a hand of more than BIG_HAND cards plans its chain once a turn and lays it card by card (each
    # step would otherwise search again, in time that grows with the hand); a smaller hand, every
    # hand of a default deck, searches at every step, as it always did
    big = len(state.hands[state.turn]) > BIG_HAND
    want = _planned(state) if big else None
    if want is None:
        hand = searched_hand(state, state.turn)
        infos = [state.infos[c] for c in hand]
        plan = longest_chain(infos, state.chain_ref, state.rules, search_budget(len(state.hands[state.turn])), state.follow)
        if not plan:
            return actions[0]
        want = infos[plan[0]]
        if big:
            state.plan = (state.turn, len(state.chain), tuple(infos[i] for i in plan))
    # lay the chain straight out from the central card: north first, then keep the direction
    if not state.chain_cells:
        cells = [SIDES[0]]
    else:
        tip = state.chain_cells[-1]
        prev = state.chain_cells[-2] if len(state.chain_cells) > 1 else CENTRE
        ahead = (2 * tip[0] - prev[0], 2 * tip[1] - prev[1])
        cells = [ahead]
    for a in actions:
        card, cell = decode(a)
        if state.infos[card] == want and cell in cells:
            return a
    for a in actions:
        if state.infos[decode(a)[0]] == want:
            return a
    return actions[0]
