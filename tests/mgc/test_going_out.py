"""MGC's going-out argument (going_out.py): where it applies, its moves end a round from any
position with the measure strictly decreasing at every decision, for every draw; where it does not
apply, it claims nothing; validate proves issue 26's case 1 with it, in both languages."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckgen.engine.validate import validate
from deckgen.games.mgc import going_out as G
from deckgen.games.mgc import model as M
from deckgen.games.mgc import rules
from deckgen.games.mgc.engine import new_state
from deckgen.games.mgc.stages import CHOOSE, DRAWN, OVER, PLAY

DECKS = Path(__file__).parent.parent / "modelcheck" / "decks"


def deck(players=None, **options):
    from deckgen.registry import get_game
    from deckgen.spec import spec_for

    opts = {"coefficients": "1", "degrees": "1", "variables": "x", "copies": 2, "toma_dos": 8, "retorno": 8, "intermision": 8,
            "eleccion_coeficiente": 0, "eleccion_grado": 0, "toma_cuatro": 4}
    opts.update(options)
    layer = {"game": "mgc", "options": opts} | ({"players": players} if players else {})
    return spec_for(get_game("mgc"), cli={}, file_layer=layer).build()


def case_1():
    from deckgen.deckfile.load import read_deck_file
    from deckgen.spec import spec_for

    raw, game = read_deck_file(DECKS / "mgc_loop_actions.toml")
    return game, spec_for(game, cli={}, file_layer=raw).build()


def why(d, players=2):
    return G.why_not(M.Types.of_deck(d), players, rules.Variant.from_options(d.options))


# decks where every card can always be played: issue 26's case 1, one with Elección cards (every
# monomial is 2·(degree 3), so any value named is theirs), and rule variants that change the turn
WHOLE = {
    "case 1": {},
    "elección": {"coefficients": "2", "degrees": "3", "variables": "x,y", "eleccion_coeficiente": 3, "eleccion_grado": 3},
    "retorno skips, draw freely, free after actions": {"retorno_two_players": "skip", "draw_freely": True, "after_action": "free"},
    "no Toma cuatro, last card no draw": {"toma_cuatro": 0, "toma_dos": 12, "last_card_draws": False},
    # no Toma card: the argument holds at any player count (every play sheds a card)
    "x, x², Retorno, Intermisión, Elección": {"degrees": "1-2", "copies": 8, "toma_dos": 0, "toma_cuatro": 0, "retorno": 8,
                                              "intermision": 8, "eleccion_coeficiente": 2},
}


@pytest.mark.parametrize("name", list(WHOLE))
def test_the_argument_applies_to_decks_whose_every_card_is_always_legal_at_two_players(name):
    d = deck(**WHOLE[name])
    assert why(d) == ""
    toma = d.options["toma_dos"] or d.options["toma_cuatro"]
    assert why(d, 3) == ("with more than 2 players it covers only decks without Toma cards" if toma else "")


@pytest.mark.parametrize("options, reason", [
    ({"coefficients": "1-2", "degrees": "1-2", "copies": 3}, "it needs every card always legal, and some card cannot follow some other card"),
    # one coefficient but two degrees: 1x^1 and 1x^2 share the coefficient, yet Elección de grado can name 2
    ({"degrees": "1-2", "eleccion_grado": 2}, "it needs every card always legal, and some card cannot follow some other card"),
    # x and 2x follow each other (degree 1), but an Elección de coeficiente may name 2, which x cannot follow
    ({"coefficients": "1-2", "eleccion_coeficiente": 2}, "it needs every card always legal, and some card cannot follow some other card"),
    ({"algebra_call": 0.0, "algebra_catch": 1.0}, "a forgotten ÁLGEBRA is always caught and never said"),
])
def test_the_argument_says_why_it_does_not_apply(options, reason):
    d = deck(**options)
    assert why(d) == reason
    assert G.arguments(d, 2, new_state) == []


@pytest.mark.parametrize("cards, reason", [
    # no deck file passes its static checks so, but the argument must not claim them either
    ([(rules.ELECCION_COEF, None, None), (rules.INTERMISION, None, None)], "an Elección card would have no value to name"),
    ([(rules.ELECCION_GRADO, None, None), (rules.TOMA_DOS, None, None)], "an Elección card would have no value to name"),
    ([(rules.BASIC, 0, 1), (rules.TOMA_DOS, None, None)], "a card is worth no points"),
])
def test_the_argument_refuses_what_its_proof_needs(cards, reason):
    t = M.Types([(sig, str(i)) for i, sig in enumerate(cards)])
    assert G.why_not(t, 2, rules.Variant()) == reason


def test_a_forgotten_algebra_that_is_sometimes_said_or_missed_still_lets_the_argument_apply():
    assert why(deck(algebra_call=0.0, algebra_catch=0.99)) == ""
    assert why(deck(algebra_call=0.01, algebra_catch=1.0)) == ""


def test_turn_keeping_cards_are_those_that_skip_the_other_player():
    plain = rules.Variant()
    keep = {k for k in range(rules.KINDS) if G.keeps_turn(k, plain)}
    assert keep == {rules.TOMA_DOS, rules.INTERMISION, rules.TOMA_CUATRO}
    assert G.keeps_turn(rules.RETORNO, rules.Variant(retorno_two_players="skip"))


# ------------------------------------------------------------------ positions from hypothesis


@functools.lru_cache(maxsize=None)
def whole(name: str, players: int) -> tuple:
    """The deck ``WHOLE[name]``, its card types and its model at ``players``, made once for all the
    positions drawn from it (a Deck is frozen and a Model is the fixed part of every position)."""
    d = deck(**WHOLE[name])
    t = M.Types.of_deck(d)
    return d, t, M.Model(t, players, rules.Variant.from_options(d.options))


@st.composite
def positions(draw, name, players=2):
    """Any position of a round of the deck ``WHOLE[name]`` at a decision: the cards split at random
    between the hands, the draw pile and the discard pile (whose top is one of them)."""
    _deck, t, m = whole(name, players)
    hands, pile, discard = [[0] * t.n for _ in range(players)], [0] * t.n, [0] * t.n
    for i, c in enumerate(t.total):
        for _ in range(c):
            place = draw(st.integers(0, players + 1))
            (hands[place] if place < players else pile if place == players else discard)[i] += 1
    seat = draw(st.integers(0, players - 1))
    held = [i for i in range(t.n) if hands[seat][i]]
    if not all(map(any, hands)) or not any(discard):
        return None
    p = m.root()
    p.seat, p.dir = seat, draw(st.sampled_from([1, -1]))
    p.hands, p.pile = tuple(map(tuple, hands)), tuple(pile)
    p.top = draw(st.sampled_from([i for i in range(t.n) if discard[i]]))
    p.cons = draw(st.sampled_from(sorted(t.constraints(), key=repr)))
    stage = draw(st.sampled_from([PLAY, DRAWN, CHOOSE] if rules.ELECCION_COEF in t.kind else [PLAY, DRAWN]))
    p.stage = stage
    if stage == DRAWN:
        p.drawn = draw(st.sampled_from(held))
    if stage == CHOOSE:
        p.choosing, p.then_play = rules.CHOOSE_COEFFICIENT, draw(st.booleans())
    return p


CASES = [(name, 2) for name in WHOLE] + [("x, x², Retorno, Intermisión, Elección", n) for n in (3, 5)]


@pytest.mark.parametrize("name, players", CASES)
@settings(max_examples=120, deadline=None, derandomize=True)
@given(data=st.data())
def test_from_any_position_the_moves_end_the_round_with_the_measure_falling_at_every_decision(name, players, data):
    p = data.draw(positions(name, players))
    if p is None:
        return
    for seed in range(3):  # other draws: the argument holds for every card a draw brings
        assert 1 <= G.follow(p, random.Random(seed)) <= G.bound(p.m.t) == 4 * (sum(p.m.t.total) + 1)


def test_with_three_players_and_no_toma_every_play_sheds_a_card():
    d = deck(**WHOLE["x, x², Retorno, Intermisión, Elección"], players=3)
    t = M.Types.of_deck(d)
    m = M.Model(t, 3, rules.Variant.from_options(d.options))
    p = m.root()
    x = next(i for i in range(t.n) if t.kind[i] == rules.BASIC)
    inter = next(i for i in range(t.n) if t.kind[i] == rules.INTERMISION)
    p.stage, p.seat, p.top, p.cons = PLAY, 1, x, (1, 1)
    p.hands = tuple(tuple(int(i == u) + int(i == x and s == 1) for i in range(t.n)) for s, u in enumerate((x, inter, x)))
    assert G.measure(p) == (0, 4, 0) and G.move(p) == p.legal_actions()[0]
    p.apply_action(G.move(p))
    assert G.measure(p) == (0, 3, 0)
    checks = G.arguments(d, 3, new_state)
    assert [c.proof for c in checks] == ["proven"] * 3
    assert "no card of this deck makes anyone draw" in checks[1].detail


def test_the_measure_and_the_moves_on_a_small_example():
    """Seat 0 holds x and an Intermisión, seat 1 a Toma dos: seat 0 plays x (it passes the turn),
    seat 1 holds only a turn-keeping card and goes out with it."""
    d = deck()
    t = M.Types.of_deck(d)
    m = M.Model(t, 2, rules.Variant.from_options(d.options))
    kind = {t.kind[i]: i for i in range(t.n)}
    x, inter, td = kind[rules.BASIC], kind[rules.INTERMISION], kind[rules.TOMA_DOS]
    p = m.root()
    one = lambda *types: tuple(sum(1 for u in types if u == i) for i in range(t.n))  # noqa: E731
    p.stage, p.seat, p.top, p.cons = PLAY, 0, x, (1, 1)
    p.hands, p.pile = (one(x, inter), one(td)), tuple(c - a - b - (i == x) for i, (c, a, b) in enumerate(zip(t.total, one(x, inter), one(td))))
    assert G.measure(p) == (1, 1, 0)  # one card that passes the turn (x), in both hands
    assert G.move(p) == x
    p.apply_action(x)
    assert p.seat == 1 and G.measure(p) == (0, 1, 0)  # seat 1 holds only a Toma dos
    assert G.move(p) == td
    assert G.follow(p, random.Random(0)) == 1
    # at a drawn card: a turn-keeping card is kept while the hand holds a card that passes the turn
    q = m.root()
    q.stage, q.seat, q.top, q.cons, q.drawn = DRAWN, 0, x, (1, 1), inter
    q.hands, q.pile = (one(x, inter), one(td)), p.pile
    assert G.measure(q) == (1, 1, 1) and G.move(q) == "keep"
    q.drawn = x
    assert G.move(q) == x


@pytest.mark.parametrize("mutant", ["keep first", "never keep", "stage ignored", "other hand ignored"])
def test_a_wrong_move_or_measure_is_caught(mutant, monkeypatch):
    """The check is not a formality: a strategy or a measure that is not the argument's fails it."""
    # drawing by choice and Elección cards: positions at a drawn card and at a value to name occur
    d = deck(**WHOLE["elección"], draw_freely=True)
    assert G.checked(d, 2, new_state, seeds=8) == ""
    move, measure = G.move, G.measure
    if mutant == "keep first":  # play a turn-keeping card while holding one that passes the turn
        def bad(p):
            a = move(p)
            keeping = [i for i in range(p.m.t.n) if p.hands[p.seat][i] and G.keeps_turn(p.m.t.kind[i], p.m.variant)]
            return keeping[0] if p.stage == PLAY and keeping else a
        monkeypatch.setattr(G, "move", bad)
    elif mutant == "never keep":
        monkeypatch.setattr(G, "move", lambda p: p.drawn if p.stage == DRAWN else move(p))
    elif mutant == "stage ignored":
        monkeypatch.setattr(G, "measure", lambda p: measure(p)[:2])
    else:  # count only the hand of the player who plays next
        def bad(p):
            phase, count, stage = measure(p)
            own = p.hands[G._next_player(p)]
            return (phase, count if phase == 0 else sum(own[i] for i in G._passing(p, own)), stage)
        monkeypatch.setattr(G, "measure", bad)
    broken = G.checked(d, 2, new_state, seeds=8)
    assert broken.startswith("seed "), mutant
    checks = G.arguments(d, 2, new_state)
    assert [c.ok for c in checks] == [False] and "the game's argument fails" in checks[0].detail
    assert "report it" in checks[0].hint


def test_the_check_follows_every_position_of_the_matches(monkeypatch):
    seen = []
    follow = G.follow
    monkeypatch.setattr(G, "follow", lambda p, rng: seen.append(p.stage) or follow(p, rng))
    _, d = case_1()
    assert G.checked(d, 2, new_state, seeds=2) == ""
    assert len(seen) > 50 and PLAY in seen  # every position of two random matches, not a few


# ------------------------------------------------------------------ validate


@pytest.mark.parametrize("games, sequential, seed", [(400, True, 1), (40, False, 7)])
def test_case_1_is_proven_for_every_deal_by_the_argument_whatever_the_sample(games, sequential, seed):
    game, d = case_1()
    report = validate(game, d, games=games, sequential=sequential, seed=seed)
    assert report.ok
    claims = {c.name: c for c in report.exhaustive}
    for claim in ("no dead end", "an end is always reachable", "no trap"):
        c = claims[f"{claim} (2 players)"]
        assert c.ok and c.proof == "proven" and "by the game's argument" in c.detail
    assert "within 124 moves" in claims["an end is always reachable (2 players)"].detail  # 4 × (30 cards + 1)
    assert 2 not in report.models  # no search was needed
    ends = next(c for c in report.simulated if c.name == "every game ends (2 players)")
    assert ends.proof == "proven" and "game's argument" in ends.detail
    from deckgen.engine.claims import headline_basis

    assert headline_basis(report) == "proven for every deal"


THREE = """game = "mgc"
players = 3
[options]
coefficients = "1"
degrees = "1-2"
variables = "x"
copies = 8
toma_dos = 0
retorno = 8
intermision = 8
eleccion_coeficiente = 2
eleccion_grado = 0
toma_cuatro = 0
"""


@pytest.mark.parametrize("three", [False, True])
def test_the_arguments_lines_read_whole_in_spanish(three, tmp_path):
    """The argument's lines on the Spanish page (case 1; a 3-player deck without Toma cards): every
    line translated, the same numbers."""
    import re
    import sys

    from deckgen import pipeline
    from deckgen.i18n import using
    from deckgen.request import load_spec

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from i18n.english import english_words

    f = DECKS / "mgc_loop_actions.toml"
    if three:
        f = tmp_path / "three.toml"
        f.write_text(THREE, encoding="utf-8")
    v = pipeline.validate(load_spec(str(f), []), games=4, workers=1, compare_default=False)
    text = pipeline.report_text(v)
    assert "by the game's argument (every card of this deck can be played at any time)" in text
    with using("es"):
        spanish = pipeline.report_text(v)
    assert english_words(spanish) == [], english_words(spanish)
    assert sorted(re.findall(r"\d+", spanish)) == sorted(re.findall(r"\d+", text))  # the same numbers (a paragraph may wrap elsewhere)
    assert "por el argumento del juego (cualquier carta de este mazo se puede jugar en cualquier momento)" in spanish
    assert ("ninguna carta de este mazo hace robar a nadie" in spanish) == three


def test_a_large_decks_check_is_bounded_and_still_visits_every_match(monkeypatch):
    """176 cards, every one always legal: the check follows at most WORK decisions a match, then goes
    on to the next match, so a large deck's check stays short (here WORK is cut to 300)."""
    d = deck(copies=8, variables="x,y,z,w", toma_dos=40, retorno=40, intermision=40, toma_cuatro=40, eleccion_coeficiente=4,
             eleccion_grado=4)
    work: list[list[int]] = []
    follow = G.follow
    monkeypatch.setattr(G, "follow", lambda p, rng: work[-1].append(follow(p, rng)) or work[-1][-1])
    monkeypatch.setattr(G, "WORK", 300)

    def started(*args):
        work.append([])
        return new_state(*args)

    assert len(d.cards) == 176 and G.checked(d, 2, started) == ""
    assert len(work) == G.SEEDS  # every match visited
    most = G.bound(M.Types.of_deck(d))
    assert all(sum(w) < 300 + most for w in work)
    assert any(sum(w) >= 300 for w in work)  # a match the cap cut short


# ------------------------------------------------------------------ along every simulated game


def test_a_checked_game_is_watched_at_every_step_and_once_at_its_end(monkeypatch):
    from deckgen.engine.loop import play_seeded
    from deckgen.games.mgc.engine import ENGINE

    calls = []
    real = G.Along.__call__
    monkeypatch.setattr(G.Along, "__call__", lambda self, state, action: calls.append(action) or real(self, state, action))
    _, d = case_1()
    r = play_seeded(ENGINE, d, 2, 3, policy="random", check=True)
    assert r.ended and len(calls) == r.steps + 1 > 20
    assert None in calls and any(a is not None for a in calls)  # chance nodes and decisions
    calls.clear()
    play_seeded(ENGINE, d, 2, 3, policy="random")  # plain simulation: no check, no watch
    assert calls == []
    assert G.along(deck(coefficients="1-2", degrees="1-2", copies=3), 2) is None  # where the argument does not apply


def test_validate_checks_the_argument_along_every_game_it_simulates(monkeypatch):
    games = []
    real = G.Along.__init__
    monkeypatch.setattr(G.Along, "__init__", lambda self, *a: games.append(1) or real(self, *a))
    game, d = case_1()
    report = validate(game, d, games=24, sequential=False, workers=1)
    claim = {c.name: c for c in report.exhaustive}["no trap (2 players)"]
    # the measured games and the exploring games, each with its own watcher
    assert claim.ok and f"checked at every step of the {len(games)} games simulated below" in claim.detail and len(games) >= 24


def _drifted(report):
    claims = {c.name: c for c in report.exhaustive}
    return [claims[f"{x} (2 players)"] for x in ("no dead end", "an end is always reachable", "no trap")]


def test_an_engine_whose_turn_order_drifts_from_the_argument_fails_its_claims(monkeypatch):
    """The argument reads the turn order from rules.effect; an engine whose turn-keeping cards no
    longer keep the turn (its own tables changed) breaks the argument in its simulated games."""
    from deckgen.games.mgc import setup as S

    real = S.Setup.__init__

    def drift(self, *a):
        real(self, *a)
        self.e_skip = tuple(False for _ in self.e_skip)

    monkeypatch.setattr(S.Setup, "__init__", drift)
    monkeypatch.setattr(G, "SEEDS", 0)  # the argument's own seeded check is not what is tested here
    game, d = case_1()
    report = validate(game, d, games=40, sequential=False, workers=1)
    assert not report.ok
    for c in _drifted(report):
        assert not c.ok and "the argument fails along a simulated game" in c.detail and "the game's argument fails" in c.detail


def test_an_engine_that_refuses_a_card_in_hand_fails_the_arguments_precondition(monkeypatch):
    from deckgen.games.mgc.state import MgcState

    real = MgcState.legal_actions

    def refuse(self):  # the highest card of a type of which the hand holds another legal copy
        out = real(self)
        kinds = [self.k.tables.kind[a] for a in out if 0 <= a < self.k.size]
        twice = [a for a in out if 0 <= a < self.k.size and kinds.count(self.k.tables.kind[a]) > 1]
        return [a for a in out if a != max(twice)] if twice else out

    monkeypatch.setattr(MgcState, "legal_actions", refuse)
    monkeypatch.setattr(G, "SEEDS", 0)
    game, d = case_1()
    report = validate(game, d, games=8, sequential=False, workers=1)
    for c in _drifted(report):
        assert not c.ok and "cannot be played" in c.detail


@pytest.mark.parametrize("mutant", ["stage ignored", "keep first"])
def test_a_wrong_measure_or_move_fails_along_a_checked_game(mutant, monkeypatch):
    from deckgen.engine.loop import InvariantBroken, play_seeded
    from deckgen.games.mgc.engine import ENGINE

    d = deck(**WHOLE["elección"], draw_freely=True)
    move, measure = G.move, G.measure
    if mutant == "stage ignored":
        monkeypatch.setattr(G, "measure", lambda p: measure(p)[:2])
    else:
        def bad(p):
            keeping = [i for i in range(p.m.t.n) if p.hands[p.seat][i] and G.keeps_turn(p.m.t.kind[i], p.m.variant)]
            return keeping[0] if p.stage == PLAY and keeping else move(p)
        monkeypatch.setattr(G, "move", bad)
    with pytest.raises(InvariantBroken, match="the game's argument fails"):
        for seed in range(6):
            play_seeded(ENGINE, d, 2, seed, policy="random", check=True)


def test_one_step_looks_at_the_next_decision_of_either_seat(monkeypatch):
    """With a measure that never decreases, the inductive step fails at a plain turn of each seat:
    the position its move leads to is a decision of the other seat (or, through a draw, any), and
    that decision is compared, whichever seat holds it."""
    from deckgen.engine.game import random_policy

    d = deck(**WHOLE["elección"])
    types = M.Types.of_deck(d)
    rng = random.Random(3)
    state = new_state(d, 2, rng)
    found = {}
    for _ in range(400):
        if state.is_terminal() or len(found) == 2:
            break
        if state.current_player() < 0:
            state.chance(rng)
            continue
        p = M.position_of(state, types)
        if p is not None and p.stage == PLAY and p.seat not in found:
            found[p.seat] = p
        state.apply_action(random_policy(state, rng))
    assert set(found) == {0, 1}
    monkeypatch.setattr(G, "measure", lambda p: (0,))
    for seat, p in found.items():
        assert G.one_step(p).startswith("the measure did not decrease"), seat


# ------------------------------------------------------------------ one_step's own lines (tests/tools/mutate.py)


def _small_position(hand0, hand1):
    """A two-player position of the case-1 deck at seat 0's turn, hands given as lists of kinds."""
    d = deck()
    t = M.Types.of_deck(d)
    m = M.Model(t, 2, rules.Variant.from_options(d.options))
    kind = {t.kind[i]: i for i in range(t.n)}
    one = lambda kinds: tuple(sum(1 for k in kinds if kind[k] == i) for i in range(t.n))  # noqa: E731
    p = m.root()
    x = kind[rules.BASIC]
    p.stage, p.seat, p.top, p.cons = PLAY, 0, x, (1, 1)
    p.hands = (one(hand0), one(hand1))
    p.pile = tuple(c - a - b - (i == x) for i, (c, a, b) in enumerate(zip(t.total, p.hands[0], p.hands[1])))
    assert min(p.pile) >= 0  # the deck's two x: one on the table
    return p, kind


def test_one_step_names_an_illegal_move_of_the_argument(monkeypatch):
    """A move the engine would refuse is reported, with the move, not passed over."""
    p, kind = _small_position([rules.BASIC, rules.INTERMISION], [rules.TOMA_DOS])
    assert G.one_step(p) == ""
    monkeypatch.setattr(G, "move", lambda q: kind[rules.TOMA_DOS])  # a card seat 0 does not hold
    assert G.one_step(p).startswith(f"the argument's move {kind[rules.TOMA_DOS]!r} is not legal")


def test_one_step_accepts_a_round_won_by_seat_0_and_refuses_only_a_blocked_end():
    """Seat 0 going out with its last card is a won round (winner 0), not a blocked one."""
    p, _kind = _small_position([rules.BASIC], [rules.TOMA_DOS, rules.INTERMISION])
    q = p.clone()
    q.apply_action(G.move(q))
    while q.stage == "algebra" or (q.current_player() < 0 and q.stage != OVER):
        q.apply_chance_outcome("said") if q.stage == "algebra" else q.apply_chance_outcome(next(iter(q.chance_outcomes())))
    assert q.stage == OVER and q.winner == 0
    assert G.one_step(p) == ""


def _measures(values):
    """A measure answering ``values`` one call after the other (the first: the position's own)."""
    calls = iter(values)
    return lambda p: next(calls)


def test_one_step_compares_exactly_the_first_leaves_positions(monkeypatch):
    """The step compares every one of the first LEAVES positions its move leads to: a Toma dos makes
    the other seat draw two cards, so the move leads to several positions. (A move leads to at most
    LEAVES positions: one draw, its outcomes cut at LEAVES, after an ÁLGEBRA moment at most; so the
    loop's own ``seen < LEAVES`` never stops it early, and ``<=`` there is an equivalent mutant.)"""
    p, kind = _small_position([rules.TOMA_DOS, rules.INTERMISION], [rules.BASIC, rules.INTERMISION])
    monkeypatch.setattr(G, "move", lambda q: kind[rules.TOMA_DOS])
    counted = []
    monkeypatch.setattr(G, "measure", lambda q: counted.append(q) or (len(counted) == 1 and 9 or 0,))
    assert G.one_step(p) == ""
    leaves = len(counted) - 1
    assert leaves >= 2  # several draws
    # one leaf allowed: the first is compared (and fails), whatever the rest
    monkeypatch.setattr(G, "LEAVES", 1)
    monkeypatch.setattr(G, "measure", _measures([(5,), (9,)] + [(0,)] * 99))
    assert G.one_step(p).startswith("the measure did not decrease")
    # two allowed: the second is compared too, a third is not
    monkeypatch.setattr(G, "LEAVES", 2)
    monkeypatch.setattr(G, "measure", _measures([(5,), (0,), (9,)] + [(9,)] * 99))
    assert G.one_step(p).startswith("the measure did not decrease")
    monkeypatch.setattr(G, "LEAVES", 1)
    monkeypatch.setattr(G, "measure", _measures([(5,), (0,), (9,)] + [(9,)] * 99))
    assert G.one_step(p) == ""


def test_one_step_compares_a_decision_of_seat_0_reached_from_seat_1(monkeypatch):
    """Seat 1 plays x and the turn passes to seat 0: that decision (current player 0, not a draw) is
    compared. A measure that rose only at seat 0's decisions is caught there."""
    p, kind = _small_position([rules.TOMA_DOS, rules.INTERMISION], [rules.BASIC, rules.INTERMISION])
    p.seat = 1
    assert G.move(p) == kind[rules.BASIC]
    monkeypatch.setattr(G, "measure", lambda q: (5,) if q is p else (9,) if q.seat == 0 else (0,))
    assert G.one_step(p).startswith("the measure did not decrease")
    monkeypatch.setattr(G, "measure", lambda q: (5,) if q is p else (0,))
    assert G.one_step(p) == ""


# ------------------------------------------------------------------ bounded work along long games (issue 41 item 1)


def test_a_long_game_is_watched_along_its_first_steps_then_at_its_end(monkeypatch):
    """A watched step costs several plain ones: the argument is checked along the first WATCHED_STEPS
    steps of a game and once at its end, and the record says how many steps went unwatched."""
    from deckgen.engine import loop
    from deckgen.engine.loop import play_seeded
    from deckgen.games.mgc.engine import ENGINE

    calls = []
    real = G.Along.__call__
    monkeypatch.setattr(G.Along, "__call__", lambda self, state, action: calls.append(action) or real(self, state, action))
    monkeypatch.setattr(loop, "WATCHED_STEPS", 25)
    _, d = case_1()
    r = play_seeded(ENGINE, d, 2, 3, policy="random", check=True)
    assert r.ended and r.steps > 25 and len(calls) == 25 + 1 and r.unwatched == r.steps - 25
    calls.clear()
    monkeypatch.setattr(loop, "WATCHED_STEPS", 10_000)
    again = play_seeded(ENGINE, d, 2, 3, policy="random", check=True)
    assert again.unwatched == 0 and len(calls) == again.steps + 1 and again.counts == r.counts  # the same game


def _short_budget(game, steps):
    from dataclasses import replace

    return replace(game, engine=replace(game.engine, max_steps=lambda deck, players: steps))


def test_validate_says_which_steps_of_long_games_the_argument_was_checked_along(monkeypatch):
    from deckgen.engine import loop
    from deckgen.engine import validate as V

    monkeypatch.setattr(loop, "WATCHED_STEPS", 25)
    monkeypatch.setattr(V, "WATCHED_STEPS", 25)
    game, d = case_1()
    report = validate(game, d, games=8, sequential=False, workers=1)
    claim = {c.name: c for c in report.exhaustive}["no trap (2 players)"]
    assert claim.ok and "checked along the 10 games simulated below, at every step of each game's first 25 steps (10 games went on longer)" \
        in claim.detail


def test_a_checked_game_out_of_steps_is_replayed_unwatched_and_blamed_on_its_length(monkeypatch):
    """A game of a checked stream (the argument's) that runs out of steps is replayed for loops only
    (its checks and the argument's watch already ran along the same steps), and the finding is that
    games are too long for a class, not a bug of deckgen's rules."""
    from deckgen.engine.validate import TOO_LONG

    calls = []
    real = G.Along.__call__
    monkeypatch.setattr(G.Along, "__call__", lambda self, state, action: calls.append(action) or real(self, state, action))
    game, d = case_1()
    report = validate(_short_budget(game, 60), d, games=8, sequential=False, workers=1)
    ends = {c.name: c for c in report.simulated}["every game ends (2 players)"]
    assert not ends.ok and "did not end within 60 steps" in ends.detail and ends.hint == TOO_LONG
    assert len(calls) == 60  # the first game's 60 steps, watched once: not again in its replay
