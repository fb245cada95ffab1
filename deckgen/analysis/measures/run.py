"""Playing what the measures read, across worker processes, with the same numbers whatever their count.

Game ``i`` of a run with seed ``S`` is dealt and played from seed ``S + i`` alone (as `simulate`
plays it: every seat the heuristic player), traced; the first ``evaluated_games`` of them are then
played again from the same seed, and at the decisions picked from their trace (``decisions`` drawn
at random among the real decisions the evaluator can copy, and at 3 players or more as many among
the second half's) the evaluator reads every action. The skill share's games (the skilled player
alone among unskilled ones, each seat in turn on the same deal) come from seeds of their own, and
so do the deal share's: each deal (the game of a seed up to its first decision) played
``DEALT_AGAIN`` times by the heuristic player, everything after the deal drawn anew each time.
Work goes out in fixed chunks and comes back in seed order, so nothing depends on ``workers``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from deckgen.analysis.measures.evaluator import Decision, evaluate
from deckgen.analysis.measures.facts import GameFacts, facts_of
from deckgen.analysis.measures.hooks import Design
from deckgen.analysis.measures.trace import Trace, play_traced
from deckgen.engine.game import Engine
from deckgen.engine.state import CHANCE
from deckgen.model import Deck

Tick = Callable[[int, int], None]
CHUNK = 10  # traced games per task
SKILL_SEEDS = 1 << 22  # the skill share's deals: --seed + this + i, apart from the traced games
DEAL_SEEDS = 1 << 23  # the deal share's deals: --seed + this + i
DEALT_AGAIN = 4  # plays of each deal of the deal share
PRELOAD = ("deckgen.analysis.measures.run",)


@dataclass(frozen=True)
class Plan:
    """How much to play: the defaults are the game's (``Design``), the command line may change them."""

    games: int
    evaluated_games: int
    decisions: int
    rollouts: int
    skill_games: int
    seed: int
    policy: str = "heuristic"
    deal_games: int = 0  # the deal share's games (DEALT_AGAIN per deal)

    @staticmethod
    def of(design: Design, seed: int, *, games: int | None = None, rollouts: int | None = None,
           evaluated_games: int | None = None, skill_games: int | None = None, deal_games: int | None = None) -> "Plan":
        """The game's default work, or ``games`` traced games with the evaluated games and the skill
        and deal shares' games scaled with them (unless given)."""
        g = design.games if games is None else games
        scale = g / design.games if design.games else 1.0
        ev = min(g, max(0, round(design.evaluated_games * scale))) if evaluated_games is None else min(g, evaluated_games)
        sk = max(0, round(design.skill_games * scale)) if skill_games is None else skill_games
        dg = max(0, round(design.deal_games * scale)) if deal_games is None else deal_games
        return Plan(g, ev if design.world is not None else 0, design.decisions, design.rollouts if rollouts is None else rollouts, sk, seed,
                    deal_games=dg)


@dataclass
class Played:
    """Everything played for one deck, rule variant and player count."""

    players: int
    plan: Plan
    facts: list[GameFacts] = field(default_factory=list)
    decisions: list[list[Decision]] = field(default_factory=list)  # per evaluated game, in seed order
    skill: list[list[float]] = field(default_factory=list)  # per block of the skill share: the skilled player's share in each game
    # per deal of the deal share: each play's returns (one per seat), or [] when a play did not end
    deals: list[list[list[float]]] = field(default_factory=list)
    traces: list[Trace] = field(default_factory=list)  # kept only when asked


# ---------------------------------------------------------------- one game


def traced(engine: Engine, design: Design, deck: Deck, players: int, seed: int, *, policy: str = "heuristic",
           keep_steps: bool = False, evaluable: bool = False) -> Trace:
    """Deal and play the game of ``seed`` as engine/loop.play_seeded plays it, traced (by the game's
    own traced loop, ``Design.playout``, when it has one for ``policy`` and nothing more is asked)."""
    rng = random.Random(seed)
    state = engine.new_state(deck, players, rng)
    max_steps = engine.max_steps(deck, players)
    if design.playout is not None and not (keep_steps or evaluable):
        fast = design.playout(state, rng, policy, max_steps)  # the game's own traced loop (hooks.py)
        if fast is not None:
            return fast
    pol = engine.policies[policy]
    return play_traced(state, [pol] * players, rng, design, max_steps=max_steps, keep_steps=keep_steps,
                       evaluable=evaluable, counted=design.counted.get(policy))


def picked(trace: Trace, seed: int, decisions: int) -> list[tuple[int, bool]]:
    """The decisions to evaluate: (step number, late), ``decisions`` at random among the evaluable
    ones and, at 3 players or more, as many among those of the game's second half (for kingmaking,
    which happens late), from the game's seed alone."""
    rng = random.Random(f"{seed}:decisions")
    pool = [n for n, _ in trace.evaluable]
    chosen = sorted(rng.sample(pool, min(decisions, len(pool))))
    out = [(n, False) for n in chosen]
    if trace.players >= 3 and trace.turns > 0:
        late = [n for n, turn in trace.evaluable if 2 * turn >= trace.turns and n not in chosen]
        out += [(n, True) for n in sorted(rng.sample(late, min(decisions, len(late))))]
    return sorted(out)


def evaluated(engine: Engine, design: Design, deck: Deck, players: int, seed: int, plan: Plan, trace: Trace) -> list[Decision]:
    """The game of ``seed`` played again, the decisions :func:`picked` from its trace evaluated."""
    picks = dict(picked(trace, seed, plan.decisions))
    if not picks:
        return []
    rng = random.Random(seed)
    state = engine.new_state(deck, players, rng)
    max_steps = engine.max_steps(deck, players)
    found: list[Decision] = []

    def visit(step: int, position: Any, seat: int, action: int | None) -> None:
        if step in picks and action is not None:
            d = evaluate(engine, design, position, action, players=players, policy=plan.policy, rollouts_r=plan.rollouts, seed=f"{seed}:{step}",
                         max_steps=max_steps, clock=position.length(), late=picks[step])
            if d is not None:
                found.append(d)

    pol = engine.policies[plan.policy]
    play_traced(state, [pol] * players, rng, design, max_steps=max_steps, visit=visit, counted=design.counted.get(plan.policy))
    return found


# ---------------------------------------------------------------- chunks of work


@dataclass(frozen=True)
class Task:
    game: str
    deck: Deck
    players: int
    plan: Plan
    kind: str  # "games" (traced, the first ones evaluated), "skill" (blocks of the skill share) or "deal" (deals of the deal share)
    first: int  # the first game (an index from 0) or block
    count: int
    keep_traces: bool = False


def _engine(game_id: str) -> tuple[Engine, Design]:
    from deckgen.registry import get_game

    engine = get_game(game_id).engine
    assert engine is not None and engine.design is not None
    return engine, engine.design


def work(task: Task, engine: Engine | None = None) -> list:
    """One chunk: a list of (facts, decisions, trace or None) per game, or of block shares (in a
    worker, ``engine`` is looked up by the game's id)."""
    engine, design = _engine(task.game) if engine is None else (engine, engine.design)
    plan = task.plan
    out: list = []
    if task.kind == "skill":
        for block in range(task.first, task.first + task.count):
            out.append(skill_block(engine, design, task.deck, task.players, plan.seed + SKILL_SEEDS, block))
        return out
    if task.kind == "deal":
        for deal in range(task.first, task.first + task.count):
            out.append(dealt_again(engine, task.deck, task.players, plan.seed + DEAL_SEEDS + deal, plan.policy))
        return out
    for i in range(task.first, task.first + task.count):
        seed = plan.seed + i
        evaluate_it = i < plan.evaluated_games
        trace = traced(engine, design, task.deck, task.players, seed, policy=plan.policy, keep_steps=task.keep_traces, evaluable=evaluate_it)
        found = evaluated(engine, design, task.deck, task.players, seed, plan, trace) if evaluate_it and trace.ended else []
        out.append((facts_of(seed, trace, design.one_way), found if evaluate_it else None, trace if task.keep_traces else None))
    return out


def skill_block(engine: Engine, design: Design, deck: Deck, players: int, seed: int, block: int) -> list[float]:
    """One block of the skill share: the same deal played ``players`` times (twice with 2), the
    skilled player alone in each seat in turn among unskilled ones; its share of each game's win."""
    from deckgen.analysis.ladder import Match, play_match, seatings

    names = [design.unskilled, design.skilled]
    shares = []
    for row in seatings(players)[:players]:
        seats = tuple(1 if lone else 0 for lone in row)
        result = play_match(engine, deck, players, names, Match((0, 1), block, seats), seed)
        total = sum(result.returns)
        shares.append(result.returns[seats.index(1)] / total if result.returns and total else 0.0)
    return shares


def dealt_again(engine: Engine, deck: Deck, players: int, seed: int, policy: str) -> list[list[float]]:
    """The deal of ``seed`` (its game up to the first decision) played DEALT_AGAIN times, every
    random number after the deal drawn anew each time: each play's returns, or [] when one did not end."""
    from deckgen.engine.loop import play

    pol = engine.policies[policy]
    out = []
    for k in range(DEALT_AGAIN):
        rng = random.Random(seed)
        state = engine.new_state(deck, players, rng)
        while state.current_player() == CHANCE:  # the deal: shuffles and draws before anyone decides
            state.chance(rng)
        record = play(state, [pol] * players, random.Random(f"{seed}:again:{k}"), max_steps=engine.max_steps(deck, players))
        if not record.ended:
            return []
        out.append(list(record.returns))
    return out


def tasks(game: str, deck: Deck, players: int, plan: Plan, keep_traces: bool = False) -> list[Task]:
    """The work in fixed chunks: evaluated games one a task (they cost most), the others CHUNK a task,
    then the skill share's blocks."""
    out = [Task(game, deck, players, plan, "games", i, 1, keep_traces) for i in range(plan.evaluated_games)]
    for s in range(plan.evaluated_games, plan.games, CHUNK):
        out.append(Task(game, deck, players, plan, "games", s, min(CHUNK, plan.games - s), keep_traces))
    blocks = -(-plan.skill_games // max(1, players)) if plan.skill_games else 0
    for b in range(0, blocks, CHUNK):
        out.append(Task(game, deck, players, plan, "skill", b, min(CHUNK, blocks - b)))
    deals = -(-plan.deal_games // DEALT_AGAIN) if plan.deal_games else 0
    per_task = max(1, CHUNK // DEALT_AGAIN)
    for d in range(0, deals, per_task):
        out.append(Task(game, deck, players, plan, "deal", d, min(per_task, deals - d)))
    return out


TraceSink = Callable[[int, Trace], None]


def run(game: str, deck: Deck, players: int, plan: Plan, *, workers: int = 1, progress: Tick | None = None,
        keep_traces: bool = False, pool: Any = None, engine: Engine | None = None, trace_sink: TraceSink | None = None) -> Played:
    """Play everything ``plan`` asks for; the same result for any ``workers``. ``engine``: play in
    this process with this engine (a game the registry does not know: the tests' toy games).
    ``keep_traces``: every game's trace, steps included, is kept in ``Played.traces``;
    ``trace_sink(seed, trace)``: each one is handed to it instead, in seed order, and not kept (a
    trace file written as the games come back, in memory that does not grow with the games)."""
    todo = tasks(game, deck, players, plan, keep_traces or trace_sink is not None)
    weights = [t.count * (DEALT_AGAIN if t.kind == "deal" else 1 + 20 * (t.kind == "games" and t.first < plan.evaluated_games)) for t in todo]
    total, done = sum(weights), 0
    played = Played(players, plan)
    if progress:
        progress(0, total)

    def take(task: Task, part: list, weight: int) -> None:
        nonlocal done
        if task.kind == "skill":
            played.skill.extend(part)
        elif task.kind == "deal":
            played.deals.extend(part)
        else:
            for facts, found, trace in part:
                played.facts.append(facts)
                if found is not None:
                    played.decisions.append(found)
                if trace is not None:
                    if trace_sink is not None:
                        trace_sink(facts.seed, trace)
                    else:
                        played.traces.append(trace)
        done += weight
        if progress:
            progress(done, total)

    if engine is not None or (pool is None and workers <= 1):
        for t, w in zip(todo, weights):
            take(t, work(t, engine), w)
        return played
    from deckgen.workers import process_pool

    own = pool is None
    executor = process_pool(workers, PRELOAD) if own else pool
    try:
        for t, part, w in zip(todo, executor.map(work, todo), weights):
            take(t, part, w)
    except BaseException:
        if own:
            from deckgen.engine.simulate import _stop

            _stop(executor)
        raise
    if own:
        executor.shutdown()
    return played


# ---------------------------------------------------------------- the figures cache (the default deck's games)


def played_json(played: Played) -> dict[str, Any]:
    """What was played, as JSON for the figures cache (engine/cache.py)."""
    from dataclasses import asdict

    return {
        "players": played.players,
        "facts": [asdict(f) for f in played.facts],
        "decisions": [[asdict(d) for d in ds] for ds in played.decisions],
        "skill": played.skill,
        "deals": played.deals,
    }


@dataclass
class _Stored:
    """What :func:`played_json` writes, as the figures cache's schema (deckgen/engine/shapes.py)."""

    players: int
    facts: list[GameFacts]
    decisions: list[list[Decision]]
    skill: list[list[float]]
    deals: list[list[list[float]]]


def played_from(data: Any, plan: Plan, players: int | None = None) -> Played | None:
    """:func:`played_json` read back, or None when the entry is not one: it does not conform to the
    schema, or its figures are not a run of ``plan`` at ``players`` (every game of the plan, each
    played by that many players, winners and seats among them)."""
    from deckgen.analysis.measures.evaluator import Reading
    from deckgen.engine.shapes import conforms

    if not conforms(data, _Stored):
        return None
    n = data["players"]
    if n < 1 or (players is not None and n != players) or len(data["facts"]) != plan.games:
        return None
    facts = []
    for f in data["facts"]:
        seats = [*f.get("winners", ()), *f.get("order", ())]
        if f["players"] != n or not all(0 <= s < n for s in seats) or min(f.get("length", 0), f.get("turns", 0)) < 0:
            return None
        f = dict(f)
        for name in ("winners", "order", "last_at", "first_at"):
            f[name] = tuple(f.get(name, ()))
        f["seat_waits"] = tuple(tuple(x) for x in f.get("seat_waits", ()))
        facts.append(GameFacts(**f))
    decisions = [[Decision(**{**d, "at_r": Reading(**d["at_r"]), "at_4r": Reading(**d["at_4r"])}) for d in ds] for ds in data["decisions"]]
    if any(not 0 <= d.seat < n or d.actions < 1 for ds in decisions for d in ds):
        return None
    deals = [[[float(x) for x in play] for play in deal] for deal in data["deals"]]
    if len(deals) != -(-plan.deal_games // DEALT_AGAIN) or any(len(play) != n for deal in deals for play in deal):
        return None
    return Played(n, plan, facts, decisions, [[float(x) for x in b] for b in data["skill"]], deals)


def cached_run(engine: Engine, game: str, deck: Deck, variant: str, players: int, plan: Plan, **kw: Any) -> Played:
    """:func:`run` for a deck whose games are kept in the figures cache (the default deck, beside
    every custom deck measured): played once per seed, plan, code and deck."""
    from dataclasses import asdict
    from pathlib import Path

    from deckgen.engine import cache

    digest = cache.key(engine, deck, players, variant, {"measures": cache.source_fingerprint(str(Path(__file__).parent)), **asdict(plan)})
    found = played_from(cache.load_json(game, digest), plan, players)
    if found is not None:
        tick = kw.get("progress")
        if tick:
            tick(1, 1)
        return found
    played = run(game, deck, players, plan, **kw)
    cache.store_json(game, digest, played_json(played))
    return played
