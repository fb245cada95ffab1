"""The skill ladder: every pair of levels plays the same number of games, seats rotated, and the
results are fitted to ratings (``ratings.fit``).

Levels are players of rising strength: random, heuristic, Monte Carlo players with more and
more rollouts per move (``montecarlo``), and, where the game offers it, a determinized search with
heuristic rollouts over the worlds consistent with what the seat has seen (``search``). A game without choices compares player profiles instead
(``Skill.profiles``: faster reactions, fewer misses), everyone playing its only moves.

Games of one pair come in blocks dealt from the same seed: in a block, each seat in turn holds the
lone player of one level among players of the other, and then the other way round (with two seats,
the two levels swap seats). The same deal played both ways cancels much of the luck of the cards.
Game ``i`` is played from a seed derived from (seed, pair, block) alone and each seat's player has
its own random numbers, so the results do not depend on the number of worker processes.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from deckgen.analysis.montecarlo import MonteCarloPlayer, levels as mc_levels
from deckgen.analysis.ratings import GameResult
from deckgen.analysis.search import SearchPlayer, level_name as search_level, worlds_of as search_worlds
from deckgen.engine.game import Engine, Policy
from deckgen.engine.loop import play
from deckgen.model import Deck
from deckgen.workers import process_pool

Tick = Callable[[int, int], None]


@dataclass(frozen=True)
class Match:
    """One game of the ladder: the pair of levels, its block, and the level of each seat."""

    pair: tuple[int, int]
    block: int
    seats: tuple[int, ...]


def ladder_levels(engine: Engine) -> list[str]:
    skill = engine.skill
    assert skill is not None
    if skill.profiles:
        return list(skill.profiles)
    names = mc_levels(skill.rollouts)
    if skill.search_worlds and skill.sample_hidden is not None:
        names.append(search_level(skill.search_worlds))  # the determinized-search rung, on top
    return names


def skill_deck(engine: Engine, deck: Deck) -> Deck:
    """The deck with the rule options of the ladder's unit of play (e.g. one round)."""
    assert engine.skill is not None
    return replace(deck, options={**deck.options, **engine.skill.options})


def seatings(players: int) -> list[tuple[bool, ...]]:
    """The seatings of one block: True where the pair's first level sits. Each seat holds a lone
    player of the first level among the second, then the reverse; with two seats these coincide,
    so a block is the two levels in both seats."""
    lone = [tuple(s == i for s in range(players)) for i in range(players)]
    if players == 2:
        return lone
    return lone + [tuple(not x for x in row) for row in lone]


def played_pairs(names: Sequence[str]) -> list[tuple[int, int]]:
    """The pairs of levels that play: every pair, except the determinized-search rung against the
    Monte Carlo levels (its games are the ladder's dearest; against random and the heuristic it
    is rated all the same, the ratings being fitted over every game)."""
    out = []
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            if search_worlds(names[b]) is not None and names[a].startswith("mc"):
                continue
            out.append((a, b))
    return out


def schedule(n_levels: int, players: int, games_per_pair: int, names: Sequence[str] = ()) -> list[Match]:
    """Round robin: every pair of levels (of :func:`played_pairs` when ``names`` are given) plays
    ``games_per_pair`` games (rounded up to whole blocks)."""
    block = seatings(players)
    blocks = max(1, math.ceil(games_per_pair / len(block)))
    pairs = played_pairs(names) if names else [(a, b) for a in range(n_levels) for b in range(a + 1, n_levels)]
    out = []
    for a, b in pairs:
        for k in range(blocks):
            for row in block:
                out.append(Match((a, b), k, tuple(a if first else b for first in row)))
    return out


def _policy(engine: Engine, deck: Deck, players: int, name: str) -> Policy:
    if name in engine.policies:
        return engine.policies[name]
    skill = engine.skill
    assert skill is not None and skill.sample_hidden is not None
    worlds = search_worlds(name)
    if worlds is not None:
        return SearchPlayer(skill.sample_seen or skill.sample_hidden, worlds, engine.policies["heuristic"], engine.max_steps(deck, players), skill.value,
                            skill.copy_world)
    assert name.startswith("mc")
    return MonteCarloPlayer(skill.sample_hidden, int(name[2:]), engine.policies["heuristic"], engine.max_steps(deck, players), skill.value,
                            skill.copy_world)


def _seeded(policy: Policy, rng: random.Random) -> Policy:
    """``policy`` playing with its own random numbers (not the game's)."""
    return lambda state, _game_rng: policy(state, rng)


def play_match(engine: Engine, deck: Deck, players: int, names: Sequence[str], match: Match, seed: int) -> GameResult:
    """Play one game of the ladder from its seed alone."""
    tag = f"{seed}:{match.pair[0]}:{match.pair[1]}:{match.block}"
    rng = random.Random(tag)  # the deal and every chance node: the same for the whole block
    state = engine.new_state(deck, players, rng)
    skill = engine.skill
    assert skill is not None
    if skill.profiles:
        assert skill.apply_profiles is not None
        skill.apply_profiles(state, [names[lvl] for lvl in match.seats])
        policies = [engine.policies["random"]] * players
    else:
        policies = [_policy(engine, deck, players, names[lvl]) for lvl in match.seats]
    seat_rngs = [random.Random(f"{tag}:{''.join('ab'[lvl != match.pair[0]] for lvl in match.seats)}:{s}") for s in range(players)]
    record = play(state, [_seeded(p, r) for p, r in zip(policies, seat_rngs)], rng, max_steps=engine.max_steps(deck, players))
    return GameResult(match.seats, record.returns if record.ended else ())


def _chunk(args: tuple) -> list[GameResult]:
    game_id, deck, players, names, matches, seed = args
    from deckgen.registry import get_game

    engine = get_game(game_id).engine
    assert engine is not None
    return [play_match(engine, deck, players, names, m, seed) for m in matches]


def run(
    engine: Engine,
    deck: Deck,
    players: int,
    games_per_pair: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Tick | None = None,
) -> tuple[list[str], list[Match], list[GameResult]]:
    """Play the whole ladder of ``deck`` (already carrying the ladder's rule options)."""
    names = ladder_levels(engine)
    matches = schedule(len(names), players, games_per_pair, names)
    return names, matches, play_all(engine, deck, players, names, matches, seed, workers=workers, progress=progress)


def pair_schedule(pair: tuple[int, int], players: int, games: int) -> list[Match]:
    """The games of one pair of levels (blocks of seatings, as in :func:`schedule`)."""
    block = seatings(players)
    blocks = max(1, math.ceil(games / len(block)))
    a, b = pair
    return [Match((a, b), k, tuple(a if first else b for first in row)) for k in range(blocks) for row in block]


def play_all(
    engine: Engine,
    deck: Deck,
    players: int,
    names: Sequence[str],
    matches: Sequence[Match],
    seed: int,
    *,
    workers: int = 1,
    progress: Tick | None = None,
) -> list[GameResult]:
    """Play ``matches`` (each from its seed alone), in worker processes when ``workers`` > 1."""
    total = len(matches)
    results: list[GameResult] = []
    if workers <= 1:
        for i, m in enumerate(matches):
            results.append(play_match(engine, deck, players, names, m, seed))
            if progress:
                progress(i + 1, total)
        return results
    # small chunks, expensive pairs spread over them: the slow Monte Carlo games do not queue up at the end
    size = max(1, math.ceil(total / (workers * 16)))
    order = sorted(range(total), key=lambda i: (i % size, i))
    chunks = [order[i : i + size] for i in range(0, total, size)]
    done = 0
    by_index: dict[int, GameResult] = {}
    with process_pool(workers, ("deckgen.analysis.ladder",)) as pool:
        jobs = [(deck.game, deck, players, names, [matches[i] for i in c], seed) for c in chunks]
        for c, part in zip(chunks, pool.map(_chunk, jobs)):
            for i, r in zip(c, part):
                by_index[i] = r
            done += len(part)
            if progress:
                progress(done, total)
    return [by_index[i] for i in range(total)]
