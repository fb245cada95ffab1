"""A searched game's positions, apart from any search: their keys and successors through the State
protocol, a path of moves and chance outcomes played into words, and what a search decided
(:class:`Result`). The model checker (modelcheck.py) and the search over a game's own compact graph
(graphsearch.py) both read them, so neither imports the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable

from deckgen.engine.replay import Path, Replay, Step
from deckgen.engine.state import CHANCE, TERMINAL

# edge kinds of a recorded path
ACTION, OUTCOME = 0, 1


@dataclass
class Result:
    """What the search decided. ``complete`` is False when it stopped at its budget: then nothing
    is proven (``dead_end`` may still hold a real dead end found before the budget ran out)."""

    complete: bool
    states: int
    edges: int
    ends: int
    seconds: float
    budget: int
    dead_end: Replay | None = None
    no_end: Replay | None = None
    cannot_end: int = 0  # positions from which no end is reachable
    extra: dict[str, Any] = field(default_factory=dict)
    # the first position (fewest steps) after a deal short of the rulebook's counts (a state's
    # ``shortfalls``, engine/state.py): GAMES.md's point 6, checked in every explored position
    short_deal: Replay | None = None

    @property
    def ok(self) -> bool:
        return self.complete and self.dead_end is None and self.no_end is None and self.short_deal is None

    @property
    def rate(self) -> float:
        return self.states / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "complete": self.complete,
            "states": self.states,
            "edges": self.edges,
            "ends": self.ends,
            "budget": self.budget,
            "dead_end": self.dead_end.to_json() if self.dead_end else None,
            "no_end": self.no_end.to_json() if self.no_end else None,
            "cannot_end": self.cannot_end,
            "short_deal": self.short_deal.to_json() if self.short_deal else None,
        }


def _key(state: Any) -> Hashable:
    canonical = getattr(state, "canonical_key", None)
    return canonical() if canonical is not None else state.key()


def _successors(state: Any) -> Iterable[tuple[int, Any, Any]]:
    """(edge kind, action or outcome, the next position), each a new state."""
    seat = state.current_player()
    if seat == TERMINAL:
        return
    if seat == CHANCE:
        for o in state.chance_outcomes():
            child = state.clone()
            child.apply_chance_outcome(o)
            yield OUTCOME, o, child
        return
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        yield ACTION, a, child


def _told(state: Any, term: str, words: str, *args: Any) -> tuple:
    """What the state says of itself as a term (engine/replay.py): its ``term`` method if it has one,
    else its ``words`` method's English, as ``("text", (words,))``."""
    method = getattr(state, term, None)
    return method(*args) if method is not None else ("text", (getattr(state, words)(*args),))


def _play_path(root: Any, path: list) -> tuple[Path, Any]:
    """Play ``path`` ((OUTCOME or ACTION, label) pairs) from a copy of ``root``: each step as data
    (who acted, what happened; engine/replay.py), and the position reached."""
    state, steps = root.clone(), []
    for kind, label in path:
        if kind == OUTCOME:
            steps.append(Step(None, _told(state, "outcome_term", "outcome_to_string", label)))
            state.apply_chance_outcome(label)
        else:
            steps.append(Step(state.current_player(), _told(state, "action_term", "action_to_string", label)))
            state.apply_action(label)
    return Path(steps, getattr(root, "words", None) or {}), state
