"""What a game gives the design measures: ``Engine.design``, a :class:`Design` written in the
game's own package (its ``design.py``), so that this room never names a game.

The measures read three things from a game (../shared/DESIGN-MEASURES.md, "What to record"):
the steps of a game (the shared loop's trace), a *public standing* (what the table sees, higher is
better) and, for the costly measures, a copy of the true position from which an evaluator plays on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from deckgen.engine.state import State
from deckgen.i18n import N_

Standing = Sequence[tuple]  # one tuple per seat, compared as tuples: higher is better
# a policy that also tells how many legal actions it chose among: (action, count), the action the
# engine's policy of that name takes with the same random numbers, the count len(legal_actions())
CountedPolicy = Callable[[State, random.Random], "tuple[int, int]"]


@dataclass(frozen=True)
class Design:
    # standing(state) -> one tuple per seat, built only from what the table sees (a hand's size, a
    # score, the cards won), higher is better; its first entry is the one a final margin is read in
    standing: Callable[[State], Standing]
    # what the standing is, in words (a catalog message marked with N_): "match score, then fewer
    # cards in hand"
    standing_words: str
    # moved(state) -> a value that stays the same while the standing cannot change (Hectoedra's
    # penalty cards taken): at a sampling moment where it is as at the last one, the standing is not
    # built again, only the moment counted. Cheap (asked at every moment). None: built every time.
    # A trace with its steps kept builds every standing: the game's tests prove both give equal facts
    moved: Callable[[State], Any] | None = None
    # one_way: each seat's first standing entry only ever moves one way (a score that only rises,
    # penalty cards that only grow), so a turn's progress is read from the first and last samples
    # alone (standing.one_way_progress); tests/analysis/measures prove it of every game that says so
    one_way: bool = False
    # rounds(state) -> the rounds finished (or opened) so far: a change is a round end, where the
    # standing is sampled as well as at the end of every rotation of turns; None: a game of one round
    rounds: Callable[[State], int] | None = None
    # rounds_dealt: every round ends with a chance step (a deal) before the next decision, so the
    # trace reads round ends at chance steps alone, not at every turn (tests/analysis/measures prove
    # the traces equal, for every game that says so)
    rounds_dealt: bool = False
    # legal_count(state) -> len(state.legal_actions()), cheaper (the trace asks at every decision)
    legal_count: Callable[[State], int] | None = None
    # counted[policy name] -> that policy with its count of legal actions (CountedPolicy): where the
    # policy lists the legal actions anyway, the trace reads their count from it instead of counting
    # again (tests/analysis/measures prove both the action and the count equal, game by game)
    counted: Mapping[str, CountedPolicy] = field(default_factory=dict)
    # rotation(state) -> how many turns make one full rotation (default: the players)
    rotation: Callable[[State], int] | None = None
    # world(state, rng) -> an independent copy of the true position (every hand as it is: the
    # analyst sees them) in which what nobody at the table knows, the order of the draw pile, is
    # shuffled with ``rng``; None when the decision in progress cannot be copied. None: no evaluator
    world: Callable[[State, random.Random], State | None] | None = None
    # evaluable(state) -> whether ``world`` can copy the decision in progress (cheap: asked at every
    # decision while the game is traced)
    evaluable: Callable[[State], bool] | None = None
    # what the evaluator's rollouts play to, in words, when it is not the whole game (N_: "the end
    # of the round in play")
    world_words: str = ""
    # open_moments(state) -> how many moments so far let every player act at once (a chance to
    # slap): a game without turns to wait for measures its waiting as the longest run of turns
    # without one; None: waiting is counted in the other players' turns
    open_moments: Callable[[State], int] | None = None
    # margin(state) -> the final margin in turns of the runner-up, when the game reads it better
    # than the standing's first entry can (the turns between the first and second player to go
    # out); None from the hook, or no hook: the standing's first entry over a turn's progress
    margin: Callable[[State], float | None] | None = None
    # playout(state, rng, policy, max_steps) -> the game's own traced loop, for a game whose plain
    # simulation has a fast path (State.playout) the shared loop would lose: the Trace that
    # trace.play_traced gives for ``state`` played on by ``policy`` in every seat (nothing kept,
    # noted or visited: run.traced asks for no more), the same random numbers in the same order,
    # ended by trace.closed; or None, touching neither ``state`` nor ``rng``, when it has none for
    # that policy. The game's tests prove both traces equal over many seeded games
    playout: Callable[[State, random.Random, str, int], Any] | None = None  # -> trace.Trace | None
    # the skill share's two players: ``skilled`` alone among ``unskilled`` ones (policies, or the
    # game's player profiles when it has no choices)
    skilled: str = "heuristic"
    unskilled: str = "random"
    skilled_words: str = N_("heuristic")  # their names in words (catalog messages)
    unskilled_words: str = N_("random")
    # the default work, chosen per game so that all twelve measures of the default deck at one
    # player count take at most 60 s on two cores (bench/measures.py)
    games: int = 400  # traced games (heuristic players)
    evaluated_games: int = 40  # of those, the games whose decisions the evaluator reads
    decisions: int = 2  # decisions the evaluator reads in each (and as many more in the second half, 3+ players)
    rollouts: int = 8  # R: the evaluator plays R rollouts per action, and 4R for the convergence check
    skill_games: int = 200  # games of the lone skilled player
    deal_games: int = 240  # games of the deal share: each deal played DEALT_AGAIN times (run.py), luck after it new each time
