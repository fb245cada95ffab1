"""The tie-break's chain search looks at kinds of card, not cards: it finds exactly the chain the
card-by-card search finds (kept here as the reference), and a hand of hundreds of cards costs no
more than a hand of its kinds."""

from __future__ import annotations

import random

import pytest

from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import CENTRAL_INFO, EMPTY_K, MASTER_K, POINTS_K, Info
from deckgen.games.maestras.policies import SEARCH_BUDGET, longest_chain


def card_by_card(cards, start, rules, budget=SEARCH_BUDGET):
    """The search as it was written first: every node sorts every unused card by its partners."""
    n = len(cards)
    best: list[int] = []
    used = [False] * n
    chain: list[int] = []
    nodes = 0

    def dfs() -> bool:
        nonlocal best, nodes
        nodes += 1
        if len(chain) > len(best):
            best = list(chain)
            if len(best) == n:
                return True
        if nodes > budget:
            return True
        r = R.reference([cards[i] for i in chain], start)
        options = [i for i in range(n) if not used[i] and R.links(r, cards[i], rules)]
        options.sort(key=lambda i: (cards[i].kind == EMPTY_K, sum(1 for j in range(n) if not used[j] and j != i and R.links(cards[i], cards[j], rules)) if cards[i].kind != EMPTY_K else 0))
        seen: set = set()
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


def random_hand(rng: random.Random, size: int) -> list[Info]:
    kinds = [Info(POINTS_K, c, p) for c in range(4) for p in range(1, 9)] + [Info(EMPTY_K, -1, 0)] + [Info(MASTER_K, c, 0) for c in range(4)]
    few = rng.sample(kinds, rng.randint(1, 8))  # few kinds: repeats and ties between equal keys
    return [rng.choice(few) for _ in range(size)]


RULES = [R.Rules(), R.Rules(link="both"), R.Rules(link="colour"), R.Rules(link="points", same_points=True), R.Rules(after_master="any")]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.link}-{r.same_points}-{r.after_master}")
def test_the_search_by_kinds_finds_the_card_by_card_chain(rules):
    rng = random.Random(7)
    for _ in range(150):
        hand = random_hand(rng, rng.randint(0, 9))
        start = rng.choice([CENTRAL_INFO, Info(POINTS_K, rng.randrange(4), rng.randint(1, 8)), Info(MASTER_K, rng.randrange(4), 0)])
        for budget in (SEARCH_BUDGET, 5, 40):
            assert longest_chain(hand, start, rules, budget) == card_by_card(hand, start, rules, budget), (hand, start, budget)


def test_a_hand_of_hundreds_of_cards_gives_a_chain_that_links():
    """(Its cost is measured by bench/largest_deck.py: the card-by-card search took minutes a move.)"""
    rng = random.Random(3)
    hand = random_hand(rng, 600)
    found = longest_chain(hand, CENTRAL_INFO, R.Rules())
    assert found and len(found) == len(set(found)) and all(0 <= i < 600 for i in found)
    for k, i in enumerate(found):
        assert R.links(R.reference([hand[j] for j in found[:k]], CENTRAL_INFO), hand[i], R.Rules())
