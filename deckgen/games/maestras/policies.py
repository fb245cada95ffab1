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
from deckgen.games.maestras.cards import CENTRAL_INFO, EMPTY_K, MASTER_K, Info
from deckgen.games.maestras.rules import CENTRE, SIDES, Cell
from deckgen.games.maestras.state import DRAW, TIEBREAK, MaestrasState, decode

WIN, OPENS_WIN, EMPTY_USED = 100.0, -40.0, -8.0
SEARCH_BUDGET = 3000  # nodes of the tie-break chain search


def heuristic_policy(state: MaestrasState, rng: random.Random) -> int:
    actions = state.legal_actions()
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
    """The player's hand as kinds of card and how many of each (one pass over the hand)."""
    held: dict[Info, int] = {}
    for c in state.hands[state.turn]:
        info = state.infos[c]
        held[info] = held.get(info, 0) + 1
    return held


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
    board = dict(state.board)
    board[cell] = card
    extended = state._path_at(cell) if state.infos[card].kind != MASTER_K else None
    line = rules.in_line != "off"
    n = 0
    for path in state.open_paths():
        cards = [state.infos[c] for c in path.cards[1:]]
        tip = path.tip
        if path is extended:
            cards.append(state.infos[card])
            tip = cell
        if R.linked_count(cards, rules) == rules.path_length - 1 and R.free_cells(board, tip, cell, line=line, corners=rules.corners):
            n += 1
    return n


def _partners(state: MaestrasState, info: Info, held: dict[Info, int]) -> int:
    """Cards in hand (``held``: kinds and counts) that link with ``info``: bounded by the kinds of
    card, not by the size of the hand."""
    if info.kind in (EMPTY_K, MASTER_K):
        return 0
    return sum(n for other, n in held.items() if other != info and R.links(info, other, state.rules))


# ---------------------------------------------------------------- tie-break


def longest_chain(cards: Sequence[Info], start: Info, rules: R.Rules, budget: int = SEARCH_BUDGET) -> list[int]:
    """Indexes into ``cards`` of a longest chain that links after ``start`` (exact when the search
    finishes within ``budget`` nodes, the best found otherwise). Cards that are not empty go first
    in the order with fewest partners, so the search finds long chains early."""
    n = len(cards)
    best: list[int] = []
    used = [False] * n
    chain: list[int] = []
    nodes = 0

    def ref() -> Info:
        return R.reference([cards[i] for i in chain], start)

    def dfs() -> bool:
        nonlocal best, nodes
        nodes += 1
        if len(chain) > len(best):
            best = list(chain)
            if len(best) == n:
                return True
        if nodes > budget:
            return True
        r = ref()
        options = [i for i in range(n) if not used[i] and R.links(r, cards[i], rules)]
        # empty cards last (they are jokers), then the fewest onward partners first
        options.sort(key=lambda i: (cards[i].kind == EMPTY_K, sum(1 for j in range(n) if not used[j] and j != i and R.links(cards[i], cards[j], rules)) if cards[i].kind != EMPTY_K else 0))
        seen: set[Info] = set()
        for i in options:
            if cards[i] in seen:
                continue
            seen.add(cards[i])
            used[i] = True
            chain.append(i)
            if dfs():
                return True
            chain.pop()
            used[i] = False
        return False

    dfs()
    return best


def _tiebreak_move(state: MaestrasState, actions: Sequence[int], rng: random.Random) -> int:
    hand = state.hands[state.turn]
    infos = [state.infos[c] for c in hand]
    start = R.reference([state.infos[c] for c in state.chain], CENTRAL_INFO)
    plan = longest_chain(infos, start, state.rules)
    if not plan:
        return actions[0]
    want = state.infos[hand[plan[0]]]
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
