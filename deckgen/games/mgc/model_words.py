"""A position of MGC's round model (model.py) in words: its moves, chance outcomes and the position
itself as terms (engine/replay.py), whose words in each language are ``labels.MODEL_WORDS``. A base
class of ``model.Position``."""

from __future__ import annotations

from typing import Any, Sequence

from deckgen.engine.replay import say
from deckgen.games.mgc import rules
from deckgen.games.mgc.labels import MODEL_WORDS
from deckgen.games.mgc.stages import ALGEBRA, ALGEBRA_DRAW, DEAL, DRAW, OVER, PENALTY_DRAW, START_DRAW


class Words:
    """The terms of a position, its moves and its chance outcomes."""

    __slots__ = ()
    words = MODEL_WORDS  # the templates of the terms below (engine/replay.py)

    def action_term(self, a: Any) -> tuple:
        if a == "draw":
            return ("draws a card", ())
        if a == "keep":
            return ("keeps", ())
        if isinstance(a, tuple):
            return ("names coefficient" if self.choosing == rules.CHOOSE_COEFFICIENT else "names degree", (a[1],))
        return ("plays", (self.m.t.terms[a],))

    def action_to_string(self, a: Any) -> str:
        return say(self.action_term(a), MODEL_WORDS)

    def outcome_term(self, o: Any) -> tuple:
        terms = self.m.t.terms
        if self.stage == DEAL:
            hands, top = o
            return ("deal", ([("seat holds", (s, _hand_term(h, terms))) for s, h in enumerate(hands)], terms[top]))
        if self.stage == ALGEBRA:
            return ("algebra said", ()) if o == "said" else ("algebra caught", ())
        who = self._drawer()
        if o == "nothing":
            return ("finds nothing", (who,))
        return ("draws", (who, _hand_term(o, terms) if isinstance(o, tuple) else terms[o]))

    def outcome_to_string(self, o: Any) -> str:
        return say(self.outcome_term(o), MODEL_WORDS)

    def position_term(self) -> tuple:
        t, terms = self.m.t, self.m.t.terms
        if self.stage == DEAL:
            return ("before the deal", (_hand_term(t.total, terms),))
        if self.stage == OVER:
            return ("round over", (("went out", (self.winner,)) if self.winner >= 0 else ("blocked", ()),))
        c, d = self.cons
        rule = (("any card", ()) if c is None and d is None else ("coefficient", (c,)) if d is None
                else ("degree", (d,)) if c is None else ("coefficient or degree", (c, d)))
        hands = [("seat holds", (s, _hand_term(h, terms))) for s, h in enumerate(self.hands)]
        pile = _hand_term(self.pile, terms) if any(self.pile) else ("empty", ())
        who = (("to draw", (self._drawer(),)) if self.stage in (START_DRAW, DRAW, ALGEBRA_DRAW, PENALTY_DRAW)
               else ("algebra or not", (self.seat,)) if self.stage == ALGEBRA else ("to act", (self.seat,)))
        return ("position", (who, terms[self.top], rule, hands, pile, _hand_term(self._refilled(), terms)))

    def position_to_string(self) -> str:
        return say(self.position_term(), MODEL_WORDS)


def _hand_term(counts: Sequence[int], terms: Sequence[Any]) -> tuple:
    parts = [("copies", (c, terms[i])) if c > 1 else terms[i] for i, c in enumerate(counts) if c]
    return ("cards", (parts,)) if parts else ("nothing", ())
