"""MGC's card types for the round model (model.py): cards the rules cannot tell apart (same kind,
coefficient and degree; hence the same points) merged into one type, a hand or a pile as a tuple of
counts per type, and the multisets a deal or a draw can bring."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from deckgen.engine.replay import say
from deckgen.model import Deck

from deckgen.games.mgc import algebra, rules
from deckgen.games.mgc.deck import ACTIONS, HAND, MONOMIAL, deck_variables
from deckgen.games.mgc.labels import MODEL_WORDS


class Types:
    """The deck's card types: cards the rules cannot tell apart, merged."""

    def __init__(self, cards: Sequence[tuple[tuple, Any]]) -> None:
        """``cards``: per card, its signature (kind, coefficient, degree) and a name to show (its
        printed text, or a term of engine/replay.py)."""
        sig: dict[tuple, int] = {}
        terms: list[Any] = []
        self.of_card: list[int] = []
        for s, name in cards:
            if s not in sig:
                sig[s] = len(terms)
                terms.append(name)
            self.of_card.append(sig[s])
        self.sig = list(sig)
        self.terms = terms  # per type, its name as a term (the same in every language for a printed card)
        self.names = [say(t, MODEL_WORDS) for t in terms]
        self.n = len(terms)
        counts = [0] * self.n
        for t in self.of_card:
            counts[t] += 1
        self.total = tuple(counts)
        self.kind = tuple(s[0] for s in self.sig)
        self.coef = tuple(s[1] for s in self.sig)
        self.degree = tuple(s[2] for s in self.sig)
        self._playable: dict = {}
        self.coefficients = tuple(sorted({c for c in self.coef if c is not None}))
        self.degrees = tuple(sorted({d for d in self.degree if d is not None}))

    @staticmethod
    def of_deck(deck: Deck) -> "Types":
        """The deck's types, read once per deck object (Deck.derived): the engine's argument asks for
        them at every checked game, and reading 5,000 printed monomials takes a tenth of a second.
        Shared: a caller never changes them (``playable`` only fills its own cache)."""
        return deck.derived(("mgc", "types"), Types.read)

    @staticmethod
    def read(deck: Deck) -> "Types":
        """The deck's types, read from its cards (of_deck keeps them)."""
        cards = []
        variables = deck_variables(deck)
        for card in deck.cards:
            if card.kind == MONOMIAL:
                s = (rules.BASIC, int(card["coefficient"]), int(card["degree"]))
                text = card.get("monomial")  # as the card prints it (2x^2), the same in every language
                cards.append((s, algebra.printed(str(text), variables) if text is not None else ("monomial", (s[1], s[2]))))
            else:
                cards.append(((rules.ACTION_KIND[card["action"]], None, None), _action_name(str(card["action"]))))
        return Types(cards)

    @staticmethod
    def of_tables(t: Any) -> "Types":
        """From the engine's tables (cards.py), which keep no card text: monomials are named by
        their coefficient and degree."""
        cards = []
        for i in range(t.size):
            if t.kind[i] == rules.BASIC:
                cards.append(((rules.BASIC, t.coefficient[i], t.degree[i]), ("monomial", (t.coefficient[i], t.degree[i]))))
            else:
                cards.append(((t.kind[i], None, None), _action_name(rules.KIND_ACTION[t.kind[i]])))
        return Types(cards)

    def fits(self, t: int, cons: tuple) -> bool:
        return self.playable(cons)[t]

    def constraints(self) -> set:
        """Every constraint the rules can set with these types, as (coefficient or None, degree or
        None): "any card", each monomial's own, and each value an Elección card in the deck can name."""
        cons: set = {(None, None)}
        cons |= {(self.coef[i], self.degree[i]) for i in range(self.n) if self.kind[i] == rules.BASIC}
        if rules.ELECCION_COEF in self.kind:
            cons |= {(c, None) for c in self.coefficients}
        if rules.ELECCION_GRADO in self.kind:
            cons |= {(None, d) for d in self.degrees}
        return cons

    def playable(self, cons: tuple) -> tuple[bool, ...]:
        """Per type: may it be played on the constraint ``cons``? (cached per constraint)"""
        got = self._playable.get(cons)
        if got is None:
            c, d = cons
            got = self._playable[cons] = tuple(
                self.kind[t] != rules.BASIC or (c is None and d is None)
                or (c is not None and self.coef[t] == c) or (d is not None and self.degree[t] == d)
                for t in range(self.n)
            )
        return got


def _sub(a: tuple, i: int, k: int = 1) -> tuple:
    return a[:i] + (a[i] - k,) + a[i + 1 :]


def _add(a: tuple, i: int, k: int = 1) -> tuple:
    return a[:i] + (a[i] + k,) + a[i + 1 :]


def hands_of(counts: tuple, size: int, start: int = 0) -> Iterator[tuple]:
    """Every multiset of ``size`` cards from ``counts`` (a count per type), as count tuples."""
    n = len(counts)
    if start == n:
        if size == 0:
            yield (0,) * 0
        return
    rest = sum(counts[start + 1 :])
    for k in range(max(0, size - rest), min(size, counts[start]) + 1):
        for tail in hands_of(counts, size - k, start + 1):
            yield (k,) + tail


def _action_name(action: str) -> str:
    """An action card by its printed name (Toma dos), the same in every language."""
    return ACTIONS[action]["es"]


def distinct_hands(counts: Sequence[int], size: int = HAND) -> int:
    """How many different hands of ``size`` cards the deck can deal (a lower bound on the deals)."""
    ways = [1] + [0] * size
    for c in counts:
        new = [0] * (size + 1)
        for s in range(size + 1):
            if ways[s]:
                for k in range(min(c, size - s) + 1):
                    new[s + k] += ways[s]
        ways = new
    return ways[size]
