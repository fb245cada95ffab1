"""`deckgen measure GAME|DECK`: the twelve measures in JSON under stable keys, the same numbers
whatever --workers, bad input refused in one line, and the traced games played exactly as the
shared loop plays them."""

from __future__ import annotations

import json

import pytest

from clirun import run
from deckgen.analysis.measures.run import traced
from deckgen.analysis.measures.words import KEYS
from deckgen.engine.loop import play_seeded
from deckgen.registry import games
from deckgen.spec import spec_for

SMALL = ("--games", "12")


@pytest.fixture(scope="module")
def hectoedra_json():
    from _pytest.capture import CaptureFixture  # noqa: F401 (capsys is function-scoped: run the command directly)
    import io
    import contextlib

    from deckgen.main import main

    out = {}
    for workers in ("1", "2"):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            try:
                main(["measure", "hectoedra", "--players", "3", *SMALL, "--workers", workers, "--json", "--quiet"])
            except SystemExit as exc:
                assert not exc.code
        out[workers] = buf.getvalue()
    return out


def test_every_measure_has_its_stable_key_interval_unit_definition_and_players(hectoedra_json):
    data = json.loads(hectoedra_json["1"])
    variant = data["variants"][0]
    assert data["players"] == 3 and variant["games"] == 12
    measures = variant["measures"]
    assert list(measures) == list(KEYS)
    for key, m in measures.items():
        assert m["definition"] and m["unit"] and m["players_model"] and m["name"], key
        if "not_applicable" in m:
            assert m["not_applicable"] and "value" not in m, key
        else:
            assert m["low"] <= m["value"] <= m["high"], key
    assert measures["kingmaking"]["rollouts"] == [8, 32]
    assert set(measures["comebacks"]["parts"]) >= {"snowball", "last_third", "last_two_thirds", "fair"}


def test_the_numbers_do_not_depend_on_the_workers(hectoedra_json):
    assert hectoedra_json["1"] == hectoedra_json["2"]


@pytest.mark.parametrize("words, says", [
    (["--players", "1"], "--players"),
    (["--games", "0"], "--games must be 1 to 100000"),
    (["--rollouts", "0"], "--rollouts must be 1 to 1000"),
    (["--lesson", "0"], "--lesson must be 1 to 600 minutes"),
    (["--pace", "0"], "--pace must be 0.1 to 600"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, words, says):
    code, out, err = run(capsys, "measure", "hectoedra", *words, "--quiet")
    assert code == 2 and says in err and err.count("\n") == 1


def test_a_deck_file_is_measured_beside_the_default_deck(capsys, tmp_path):
    deck = tmp_path / "small.toml"
    deck.write_text('game = "hectoedra"\n[options]\ncards = "1-60"\n', encoding="utf-8")
    code, out, err = run(capsys, "measure", deck, "--players", "2", *SMALL, "--quiet", "--json")
    assert code == 0, err
    data = json.loads(out)["variants"][0]
    assert data["default_deck"]["comparison"]["correction"]["method"] == "Holm-Bonferroni"
    assert list(data["default_deck"]["measures"]) == list(KEYS)
    assert all(row["key"] and "measurable" in row for row in data["default_deck"]["comparison"]["rows"])


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_traced_game_is_the_game_the_shared_loop_plays(game_id):
    game = games()[game_id]
    spec = spec_for(game, cli={})
    engine = game.engine
    for label, deck in engine.variants(spec.build())[:2]:
        for players in (2, 3):
            for seed in range(3):
                plain = play_seeded(engine, deck, players, seed)
                t = traced(engine, engine.design, deck, players, seed)
                assert (t.ended, t.length, t.winners, t.returns) == (plain.ended, plain.length, plain.winners, plain.returns), (label, players, seed)


def test_the_steps_are_kept_only_when_asked_and_agree_with_what_the_trace_summed():
    game = games()["monete"]
    engine = game.engine
    deck = engine.variants(spec_for(game, cli={}).build())[1][1]
    assert traced(engine, engine.design, deck, 3, 5).steps is None
    t = traced(engine, engine.design, deck, 3, 5, keep_steps=True)
    decisions = [s for s in t.steps if s.seat >= 0]
    assert len(t.steps) == t.steps_taken and decisions
    assert t.real == sum(1 for s in decisions if s.legal > 1) and t.real_legal == sum(s.legal for s in decisions if s.legal > 1)
    runs = [s.seat for i, s in enumerate(decisions) if i == 0 or decisions[i - 1].seat != s.seat]
    assert t.turns == len(runs) and t.order == list(dict.fromkeys(runs))
    waits = {s: [] for s in range(3)}  # each seat's waits: the turns of others between two of its own
    for i, s in enumerate(runs):
        before = [j for j in range(i) if runs[j] == s]
        if before:
            waits[s].append(i - before[-1] - 1)
    assert t.seat_waits == [(sum(waits[s]), len(waits[s])) for s in range(3)]
    assert (t.wait_sum, t.wait_count) == (sum(map(sum, waits.values())), sum(map(len, waits.values())))
    assert t.wait_max == max((w for ws in waits.values() for w in ws), default=None) and t.wait_max is not None
    forced_runs, current = 0, []
    for i, s in enumerate(decisions):
        current.append(s.forced)
        if i + 1 == len(decisions) or decisions[i + 1].seat != s.seat:
            forced_runs += all(current)
            current = []
    assert t.passive == forced_runs
    assert [x.clock for x in t.samples] == sorted(x.clock for x in t.samples)


@pytest.mark.parametrize("game_id", ["mgc", "hectoedra", "monete"])
def test_the_standing_is_sampled_when_play_starts_at_each_rotation_and_round_end_and_at_the_end(game_id):
    """The samples of the shared loop, against the rule of trace.py's docstring played out by hand:
    when play starts, when a turn begins a rotation after the last such sample, when the rounds
    finished change (at a chance step or a turn's start), and at the end; never two equal in a row.
    The real decisions it notes for the evaluator are the decisions with two legal actions or more
    that the game can copy."""
    import random

    from deckgen.analysis.measures.trace import play_traced
    from deckgen.engine.state import CHANCE

    game = games()[game_id]
    engine, design = game.engine, game.engine.design
    deck = engine.variants(spec_for(game, cli={}).build())[0][1]
    policy = engine.policies["heuristic"]
    for players, seed in ((3, 1), (4, 2)):
        rng = random.Random(seed)
        state = engine.new_state(deck, players, rng)
        samples, evaluable = [], []
        round_now, seat_now, turns, rotation_at, step = design.rounds(state), None, 0, 0, 0

        def sample():
            now = (state.length(), design.standing(state))
            if not samples or tuple(samples[-1]) != now:
                samples.append(now)

        while not state.is_terminal():
            if state.current_player() == CHANCE:
                if design.rounds(state) != round_now:
                    round_now = design.rounds(state)
                    sample()
                state.chance(rng)
            else:
                seat = state.current_player()
                legal = len(state.legal_actions())
                action = policy(state, rng)
                if seat != seat_now:
                    seat_now, turns = seat, turns + 1
                    due = turns - 1 >= rotation_at
                    if design.rounds(state) != round_now:
                        round_now, due = design.rounds(state), True
                    if due:
                        sample()
                        rotation_at = turns - 1 + players
                if legal > 1 and (design.evaluable is None or design.evaluable(state)):
                    evaluable.append((step, turns))
                state.apply_action(action)
            step += 1
        sample()
        # a trace keeps the first sample of each run of equal standings and counts every moment; with
        # its steps kept, every sample (the trace file)
        runs = [x for k, x in enumerate(samples) if k == 0 or x[1] != samples[k - 1][1]]
        for keep in (False, True):
            rng = random.Random(seed)
            t = play_traced(engine.new_state(deck, players, rng), [policy] * players, rng, design, max_steps=10**6, evaluable=True,
                            keep_steps=keep)
            assert t.ended and [tuple(s) for s in t.samples] == (samples if keep else runs) and t.evaluable == evaluable, (players, seed)
            assert t.sampled == len(samples), (players, seed, keep)
        assert len(samples) > 3 and evaluable
        if game_id == "hectoedra":  # its standing moves only with a penalty card
            assert len(runs) < len(samples) * 3 // 4, (len(runs), len(samples))


@pytest.mark.parametrize("game_id", sorted(g for g, game in games().items() if game.engine.design.legal_count is not None))
def test_a_games_cheaper_count_of_legal_actions_is_the_count_of_its_legal_actions(game_id):
    import random

    game = games()[game_id]
    engine = game.engine
    count = engine.design.legal_count
    for label, deck in engine.variants(spec_for(game, cli={}).build())[:2]:
        for seed in range(6):
            rng = random.Random(seed)
            state = engine.new_state(deck, 3, rng)
            steps = 0
            while not state.is_terminal() and steps < 3000:
                if state.current_player() < 0:
                    state.chance(rng)
                else:
                    assert count(state) == len(state.legal_actions()), (label, seed, steps)
                    state.apply_action(engine.policies["random"](state, rng))
                steps += 1


@pytest.mark.parametrize("game_id", sorted(g for g, game in games().items() if game.engine.design.counted))
def test_a_games_counted_policy_takes_the_policys_action_and_counts_its_legal_actions(game_id):
    import random

    game = games()[game_id]
    engine = game.engine
    for name, counted in engine.design.counted.items():
        policy = engine.policies[name]
        for label, deck in engine.variants(spec_for(game, cli={}).build())[:2]:
            for seed in range(2):
                plain, mine = random.Random(seed), random.Random(seed)
                a, b = engine.new_state(deck, 3, plain), engine.new_state(deck, 3, mine)
                steps = 0
                while not a.is_terminal() and steps < 2000:
                    if a.current_player() < 0:
                        a.chance(plain)
                        b.chance(mine)
                    else:
                        action, count = counted(b, mine)
                        assert (action, count) == (policy(a, plain), len(a.legal_actions())), (name, label, seed, steps)
                        a.apply_action(action)
                        b.apply_action(action)
                    steps += 1
                assert steps and plain.random() == mine.random()
