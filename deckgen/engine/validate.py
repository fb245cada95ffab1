"""Is a deck playable? Static checks, exhaustive checks, then seeded simulation at every player count.

Playable (GAMES.md): the composition the rules need, every card able to enter play, every deal
leading to a game that ends by the rules, and the game's measures inside the range where it works.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from deckgen.checks import Check, Joined, check
from deckgen.engine import claims
from deckgen.engine.claims import PROVEN, SAMPLED
from deckgen.engine.loop import DEAD_END, WATCHED_STEPS
from deckgen.engine.sequential import MIN_GAMES, Plan, Stream, run_streams, spent, work_bound
from deckgen.engine.simulate import Chunk, Pool, Summary, Tally, chunks
from deckgen.engine.words import players_tag
from deckgen.errors import DeckgenError
from deckgen.i18n import Msg, _, ngettext
from deckgen.model import Deck
from deckgen.registry import Game, players_words

Tick = Callable[[int, int], None]
SIMULATION = _("simulation")  # the check that stands for the simulation when it cannot run
BUG = _("nothing in your deck: this is a bug in deckgen's rules; report the command and the seed")
LONG = _("fewer cards that make players draw: hands of hundreds of cards make a game no class can finish")
TOO_LONG = _("games this long do not fit a class: fewer cards, or rules that end a game sooner")


@dataclass
class Report:
    game: str
    static: list[Check] = field(default_factory=list)
    exhaustive: list[Check] = field(default_factory=list)
    simulated: list[Check] = field(default_factory=list)
    summaries: dict[int | str, Summary] = field(default_factory=dict)  # by player count ("mode 4" with variants)
    models: dict[int | str, object] = field(default_factory=dict)  # the model checker's Result per stream key
    proven: set = field(default_factory=set)  # stream keys whose claims are proven (model checker or the game's argument)
    # stream keys whose search was complete and found nothing, over the model's scope only (Engine.model_scope: MGC's one
    # round): the claims of that scope are proven, but a whole game is not, so "every game ends" stays sampled, with its
    # --confidence games, and the headline says so
    scoped: set = field(default_factory=set)
    argued: dict = field(default_factory=dict)  # stream key -> the game's argument that proves its claims
    claim_games: dict[int | str, int] = field(default_factory=dict)  # games behind the sampled claim, per stream key
    player_faults: list[str] = field(default_factory=list)  # games where the computer player, not the deck, went round in circles (messages)
    fault_searches: int = 0  # loops of the computer player searched for a way out so far
    # the parts of the report told from data (a counterexample, a way out of a loop: engine/replay.py),
    # by their English words, so that a page can tell them in its language (``text(lang)``)
    phrases: dict[str, object] = field(default_factory=dict)

    @property
    def checks(self) -> list[Check]:
        return self.static + self.exhaustive + self.simulated

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def player_counts(game: Game, deck: Deck, only: Sequence[int] | None = None) -> list[int]:
    allowed = game.player_counts(deck)
    if deck.players:
        allowed = [p for p in allowed if p == deck.players]
    if only:
        bad = [p for p in only if p not in allowed]
        if bad:
            served = players_words(allowed)
            raise DeckgenError(_("{game} with this deck is played by {served}, not {asked}", game=game.title, served=served, asked=bad[0]))
        return list(only)
    return allowed


def streams_for(game: Game, deck: Deck, players: Sequence[int] | None = None) -> list[Stream]:
    """One stream per rule variant and player count, in the report's order."""
    engine = game.engine
    assert engine is not None
    out = []
    for label, variant in engine.variants(deck):
        for n in player_counts(game, variant, players):
            out.append(Stream(f"{label} {n}" if label else n, label, variant, n, tuple(engine.thresholds(variant, n))))
    return out


def validate(
    game: Game,
    deck: Deck,
    *,
    players: Sequence[int] | None = None,
    games: int = 400,
    seed: int = 1,
    workers: int = 1,
    sequential: bool = True,
    progress: Callable[[str], Tick] | None = None,
    pool: Pool | None = None,
    confidence: int = claims.CONFIDENCE,
    model_budget: int = claims.MODEL_BUDGET,
) -> Report:
    """Static and exhaustive checks, then simulated games at every player count (and rule variant).

    ``games`` is the most measured games per player count; with ``sequential`` a player count stops
    as soon as every threshold's verdict is settled (see engine/sequential.py). Where the model
    checker cannot prove "every game ends" (engine/claims.py), at least ``confidence`` games are
    played at each player count whatever ``games`` and ``sequential`` say: that claim never stops
    early."""
    report = Report(game.id)
    report.static = list(game.checks(deck)) + [game.served_check(deck)]
    engine = game.engine
    if engine is None:
        report.static.append(check(_("rule engine"), False, _("{game} has no rule engine yet", game=game.title)))
        return report
    player_counts(game, deck, players)  # a player count the deck cannot take is refused first
    if not all(c.ok for c in report.static):
        report.simulated.append(check(SIMULATION, False, _("skipped: the deck fails its static checks"),
                                        hint=_("fix the failing checks above first")))
        return report
    streams = streams_for(game, deck, players)
    # the model checker's budget is shared by every rule variant and player count, so that a deck
    # file of few card types served at many player counts costs no more than one count's search
    share = max(min(claims.MIN_MODEL_BUDGET, model_budget), model_budget // max(1, len(streams))) if model_budget > 0 else 0
    for label, variant in engine.variants(deck):
        counts = player_counts(game, variant, players)
        report.exhaustive.extend(engine.exhaustive(variant, counts))
        for n in counts:
            key = f"{label} {n}" if label else n
            tag = players_tag(n, label)
            argued = list(engine.arguments(variant, n)) if engine.arguments is not None else []
            if label:  # the rule variant (mode) in each argument's name
                argued = [replace(c, name=retagged(c.name, tag)) for c in argued]
            report.exhaustive.extend(argued)
            if argued and all(c.ok and c.proof == PROVEN for c in argued):
                report.proven.add(key)  # the game's own argument covers every deal
                report.argued[key] = Joined([c.name for c in argued], "; ")
                continue
            bar = progress(_("model checker, {players}", players=tag)) if progress and engine.model is not None and share else None
            result = claims.model_result(engine, variant, n, share, tick=(lambda k, bar=bar: bar(min(k, share), share)) if bar else None)
            if bar and result is not None:
                bar(share if result.complete else min(result.states, share), share)
            report.models[key] = result
            report.exhaustive.extend(claims.model_checks(engine, tag, result, share))
            report.phrases.update((str.__str__(x.message()), x) for x in claims.replays(result))
            if result is not None and result.ok:
                (report.scoped if engine.model_scope else report.proven).add(key)
            elif engine.proof_gap is not None and (result is None or claims.stopped_search(result)):
                gap = engine.proof_gap(variant, n)  # which claims stay sampled, and why no proof covers them
                if gap:
                    report.exhaustive.append(check(_("no proof ({players})", players=tag), True,
                                                   _("{why}; the claims below are sampled", why=gap)))
    for s in streams:
        s.checked = s.key in report.argued  # the argument's preconditions, checked at every step of its games
        s.tick = progress(players_tag(s.players, s.label)) if progress else None
        if s.tick:
            s.tick(0, games)  # the bar (or a web page's progress) shows from the start
    plan = Plan(games, seed, sequential)
    with pool or Pool(workers) as running:
        run_streams(engine, streams, plan, running)
        claim_samples = _claim_samples(engine, streams, report, plan, confidence, running)
    for s in streams:
        s.claim = claim_samples.get(s.key)
        _verdicts(report, engine, s, plan)
        if s.overworked and s.measured.games < MIN_GAMES:
            _work_check(report, engine, s, plan)
        if s.checked:
            _argument_along_games(report, s)
    return report


def _argument_along_games(report: Report, s: Stream) -> None:
    """A game's argument is checked along every step of the stream's games (Stream.checked): a broken
    invariant (the variant did not decrease, an illegal move) or a game that stopped without its end
    (a dead end) fails each of the argument's claims, whatever the argument's own check said."""
    # a dead end breaks the argument; a loop of the computer player does not (the argument says an
    # end can be reached, not that this player finds it: _ends_check searches for its way out)
    stalls = [(seed, p) for seed, p in list(s.measured.stalls if s.measured else []) + list(s.explored.stalls if s.explored else [])
              if str.__str__(p).startswith(DEAD_END)]  # the English of the problem (a message)
    why = s.broken or (_("seed {seed}: {problem}", seed=stalls[0][0], problem=stalls[0][1]) if stalls else "")
    tag = str.__str__(players_tag(s.players, s.label))  # the English of the checks' names, to find them
    if not why:  # say what the argument was checked along
        games = (s.measured.games if s.measured else 0) + (s.explored.games if s.explored else 0)
        long = (s.measured.unwatched if s.measured else 0) + (s.explored.unwatched if s.explored else 0)
        for i, c in enumerate(report.exhaustive):
            if c.ok and c.proof == PROVEN and str.__str__(c.name).endswith(f"({tag})"):
                along = (_("{detail}; checked at every step of the {n:,} games simulated below", detail=c.detail, n=games) if not long else
                         ngettext("{detail}; checked along the {games:,} games simulated below, at every step of each game's first "
                                  "{most:,} steps ({n:,} game went on longer)",
                                  "{detail}; checked along the {games:,} games simulated below, at every step of each game's first "
                                  "{most:,} steps ({n:,} games went on longer)", long, detail=c.detail, games=games, most=WATCHED_STEPS))
                report.exhaustive[i] = replace(c, detail=along)
        return
    report.proven.discard(s.key)
    report.argued.pop(s.key, None)
    for i, c in enumerate(report.exhaustive):
        if c.ok and c.proof == PROVEN and c.name.endswith(f"({tag})"):
            report.exhaustive[i] = replace(c, ok=False, detail=_("the argument fails along a simulated game: {why}", why=why),
                                           hint=BUG)


FEWEST_TO_JUDGE = 20  # a measure that came out the same in fewer games than this is not judged (its error is unknown)
CLAIM_SEEDS = 1 << 24  # the claim sample's seeds: --seed + this + i, apart from every measured or exploring game


def _claim_samples(engine, streams: Sequence[Stream], report: Report, plan: Plan, confidence: int, pool: Pool) -> dict:
    """Random-policy games that bring every stream not proven by the model checker to at least
    ``confidence`` games (measured, exploring and these), whatever --games and --fixed say."""
    out: dict = {}
    for s in streams:
        if s.key in report.proven or s.broken or s.measured is None:
            continue
        # a stream whose only stalls are loops of the computer player gets its sample too: a loop may
        # be excused later (a way out found), and the claim must then rest on games that ended. A
        # stall of the random players, or one that ran out of steps, fails the deck: no more games
        have = s.measured.games + s.explored.games
        loops_only = (not _disproven(report, s.key) and not s.explored.stall_count and s.measured.stall_count == len(s.measured.stalls)
                      and all(_is_loop(problem) for _, problem in s.measured.stalls))
        more = max(0, confidence - have) if loops_only else 0
        tally = Tally(s.players)
        if more:
            template = Chunk(s.deck.game, s.deck, s.players, 0, 0, "random", diagnose=True, until_stall=True)
            work = chunks(template, plan.seed + CLAIM_SEEDS, more)
            # after a loop, a few chunks at a time (a fixed number: the result never depends on
            # --workers), stopping at the first stall: each stalled game costs a whole step budget
            wave = CLAIM_WAVE if s.measured.stall_count else len(work)
            for start in range(0, len(work), wave):
                for part in pool.map(work[start : start + wave], engine):
                    tally.merge(part)
                if tally.stall_count:
                    break
        out[s.key] = tally
    return out


CLAIM_WAVE = 4  # chunks of the claim sample played at once after the computer player looped


def _disproven(report: Report, key: object) -> bool:
    """The model checker searched every position of this stream and found the deck fails, or found a
    closed set without an end before its budget (a proof on its own)."""
    model = report.models.get(key)
    return model is not None and (getattr(model, "complete", False) and not model.ok or getattr(model, "no_end", None) is not None)


def _out_of_steps(problem: str) -> bool:
    """A game stopped by its step budget (engine/loop.py's words), not by a loop or a dead end."""
    return str.__str__(problem).startswith("did not end within")


def _is_loop(problem: str) -> bool:
    """A game that did not end because a position kept coming back (engine/loop.py's words), not
    because it ran out of steps."""
    return "came back" in problem


def _work_check(report: Report, engine, s: Stream, plan: Plan) -> None:
    """A stream that stopped at its work bound before MIN_GAMES measured games: its games are far
    longer than a class can play, and too few were played to trust. (A stream that stops there
    after enough games is simply done, as when its verdicts settle.)"""
    games = s.measured.games + s.explored.games
    report.simulated.append(
        check(
            _("games are short enough to check ({players})", players=players_tag(s.players, s.label)),
            False,
            _("validation stopped after {games} games: they took {steps:,} steps, about {each:,} a game, "
              "and it spends at most {most:,} on a player count; fewer than {least} measured games cannot be trusted",
              games=games, steps=spent(s), each=spent(s) // max(1, games), most=work_bound(engine, plan), least=MIN_GAMES),
            hint=TOO_LONG,
        )
    )


def _ends_check(report: Report, engine, s: Stream) -> Check:
    """"every game ends": proven by the model checker, or sampled over at least --confidence games.
    A game of the computer player that does not end is the player's fault, not the deck's, once a
    legal continuation is shown to leave the position it kept coming back to."""
    n = s.players
    claim = getattr(s, "claim", None) or Tally(n)
    faults: list[tuple[int, str]] = []
    blamed: list[tuple[int, str]] = []
    model = report.models.get(s.key)
    disproven = _disproven(report, s.key)
    for seed, problem in s.measured.stalls:
        # a loop of the computer player is searched for a way out (the searches are few: each replays
        # the game); a deck the model checker disproved, or a game stopped by its step budget, is not
        search = not disproven and _is_loop(problem) and report.fault_searches < claims.MAX_FAULT_SEARCHES
        report.fault_searches += search
        way_out = claims.player_fault(engine, s.deck, n, seed) if search else ""
        if way_out:
            report.phrases[str.__str__(way_out.message())] = way_out
        (faults if way_out else blamed).append((seed, _("{problem}; {way_out}", problem=problem, way_out=way_out.message()) if way_out else problem))
    unseen = s.measured.stall_count - len(s.measured.stalls)  # stalls not kept: blamed on the deck
    blamed += s.explored.stalls + claim.stalls
    stuck = len(blamed) + max(0, unseen) + (s.explored.stall_count - len(s.explored.stalls)) + (claim.stall_count - len(claim.stalls))
    tag = players_tag(n, s.label)
    for seed, why in faults:
        report.player_faults.append(_("{players}, seed {seed}: the computer player went round in circles: {why}", players=tag, seed=seed, why=why))
    total = s.measured.games + s.explored.games + claim.games
    report.claim_games[s.key] = total - stuck - len(faults)
    name = _("every game ends ({players})", players=tag)

    def noted(text: Any) -> Any:
        """``text`` and, when the computer player looped, that those loops are the player's fault."""
        if not faults:
            return text
        return ngettext("{text}; {n} game of the computer player went round in circles: a fault of the player, not of the deck "
                        "(a legal continuation leaves the loop)",
                        "{text}; {n} games of the computer player went round in circles: a fault of the player, not of the deck "
                        "(a legal continuation leaves the loop)", len(faults), text=text)

    if stuck:
        why = blamed[0][1] if blamed else _("a game did not end")
        return check(name, False, (_("{stuck} of {total} games did not end: {why}; the model checker's counterexample above shows why: "
                                     "the deck, not deckgen's rules", stuck=stuck, total=total, why=why) if disproven else
                                   _("{stuck} of {total} games did not end: {why}", stuck=stuck, total=total, why=why)),
                     seed=blamed[0][0] if blamed else None, proof=SAMPLED,
                     # hands that grew to hundreds of cards: the deck's draw cards, not the rules, are the cause; a
                     # game that only ran out of steps (no loop, no dead end) is too long: the deck or its options
                     hint="" if disproven else LONG if blamed and "hands of hundreds of cards" in blamed[0][1]
                     else TOO_LONG if blamed and _out_of_steps(blamed[0][1]) else BUG)
    if s.key in report.argued:
        return check(name, True, noted(_("proven for every deal by the game's argument ({argument}, above)", argument=report.argued[s.key])),
                     proof=PROVEN)
    if s.key in report.proven:  # searched whole (a scoped search's keys are in report.scoped)
        return check(name, True, noted(_("proven for every deal: {n:,} positions searched", n=model.states)), proof=PROVEN)
    ended = report.claim_games[s.key]
    if ended <= 0:  # nothing behind a claim: never "no failure in 0 games"
        return check(name, False, noted(_("no game was left to show it: {total} played, {excused} excused as the computer player's loops",
                                          total=total, excused=len(faults))),
                     proof=SAMPLED, hint=_("more --confidence"))
    claim = claims.bound(ended)
    if s.key in report.scoped:
        claim = _("{claim} ({scope}: proven for every deal by search)", claim=claim, scope=engine.model_scope)
    return check(name, True, noted(claim), proof=SAMPLED)


def _deal_check(report: Report, engine, s: Stream) -> None:
    """Every round of every simulated game dealt as the rulebook prints (GAMES.md, playable (6))."""
    promise, hint = engine.deal_promise(s.deck, s.players)
    short = s.measured.short_count + s.explored.short_count
    total = s.measured.games + s.explored.games
    first = (s.measured.shorts + s.explored.shorts)[:1]
    report.simulated.append(
        check(
            _("every round dealt as printed ({players})", players=players_tag(s.players, s.label)),
            not short,
            _("in {short} of {total} games a later deal fell short of {promise}; first: {first}", short=short, total=total,
              promise=promise, first=first[0][1]) if short
            else _("{promise}, in every round of the {total} games", promise=promise, total=total),
            seed=first[0][0] if short else None,
            hint=hint,
        )
    )


def _verdicts(report: Report, engine, s: Stream, plan: Plan) -> None:
    """The checks of one variant and player count from its games."""
    tag = players_tag(s.players, s.label)
    if s.broken:
        report.simulated.append(check(_("rules keep their invariants ({players})", players=tag), False, s.broken, hint=BUG))
        return
    summary = s.summary
    assert summary is not None and s.measured is not None and s.explored is not None
    report.summaries[s.key] = summary
    report.simulated.append(_ends_check(report, engine, s))
    if engine.deal_promise is not None:
        _deal_check(report, engine, s)
    for t in s.thresholds:
        value = summary.measures.get(t.measure)
        name = _("{measure} ({players})", measure=t.measure, players=tag)
        if value is None:
            report.simulated.append(check(name, False, _("the engine does not measure it"), hint=BUG))
            continue
        measure = next(m for m in engine.measures if m.name == t.measure)
        se = summary.errors.get(t.measure, 0.0)
        unknown = se != se or se == float("inf") or (se == 0.0 and summary.games < FEWEST_TO_JUDGE)
        if unknown and not t.holds(value, 0.0):
            # one game, or a handful that all gave the same figure: nothing is known of its error
            report.simulated.append(check(
                name, True,
                _("{value}, must be {bounds}: not judged: {games} games are too few to tell luck from an edge (at least {least}; more --games)",
                  value=measure.show(value), bounds=t.text(measure.show), games=summary.games, least=FEWEST_TO_JUDGE)))
            continue
        shown = (_("{value} ± {error}", value=measure.show(value), error=measure.show(se)) if se == se and se != float("inf")
                 else measure.show(value))
        report.simulated.append(
            check(name, t.holds(value, se), _("{value}, must be {bounds}: {why}", value=shown, bounds=t.text(measure.show), why=t.why),
                  hint=t.hint)
        )


def retagged(name: Any, tag: Msg) -> Any:
    """A check's name (a message with a ``{players}`` tag) with another tag: the rule variant added."""
    if isinstance(name, Msg) and "players" in name.params:
        return Msg(name.msgid, {**name.params, "players": tag}, plural=name.plural, n=name.n, context=name.context)
    return name
