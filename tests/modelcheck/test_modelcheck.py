"""The model checker (engine/modelcheck.py) on a toy game with known answers: each property holds,
or fails with the shortest counterexample; the budget stops the search and says so."""

from __future__ import annotations

from deckgen.engine.modelcheck import check_model, find_end
from modelcheck.toy import Toy


def test_a_track_that_always_ends_is_proven():
    r = check_model(Toy(size=6))
    assert r.complete and r.ok
    assert r.states == 6 and r.ends == 1  # seats merged by the canonical key: one position per square
    assert r.edges == 9  # squares 0..3 have two moves, square 4 one
    assert r.cannot_end == 0 and r.dead_end is None and r.no_end is None


def test_chance_outcomes_are_explored():
    r = check_model(Toy(size=5, die=True))
    assert r.complete and r.ok
    assert r.states == 9  # squares 0..3 rolling and not, and the end


def test_a_dead_end_is_found_with_the_shortest_path():
    r = check_model(Toy(size=8, dead={3, 5}))
    assert not r.ok and r.dead_end is not None
    assert r.dead_end.steps == ["seat 0: moves 1", "seat 1: moves 2"]  # square 3 in two moves, not three
    assert r.dead_end.position == "counter on square 3, seat 0 to act"


def test_a_trap_is_a_closed_set_without_an_end():
    # squares 4 and 6 send the counter to each other; square 5 steps over them to the end
    r = check_model(Toy(size=8, trap={4, 6}))
    assert r.complete and r.dead_end is None
    assert r.no_end is not None and r.no_end.what == "no end reachable"
    assert r.no_end.steps == ["seat 0: moves 2", "seat 1: moves 2"]
    assert r.no_end.position == "counter on square 4, seat 0 to act"
    assert r.no_end.trap == 2  # the two squares of the trap, and nothing else
    assert r.cannot_end == 2


def test_a_game_that_can_never_end_is_caught_at_the_root():
    r = check_model(Toy(size=9, trap={4, 5}))  # steps of one or two cannot jump a trap two squares wide
    assert r.no_end is not None and r.no_end.steps == []
    assert r.cannot_end == 6  # squares 0..5


def test_a_trap_the_players_can_leave_is_no_trap():
    # square 4 is a trap, but the die can still carry the counter on: an end stays reachable
    r = check_model(Toy(size=7, trap={4, 5}, die=True))
    assert r.complete and r.ok


def test_the_budget_stops_the_search_and_says_so():
    r = check_model(Toy(size=500), budget=100)
    assert not r.complete and not r.ok
    assert r.no_end is None and r.states > 100 and r.budget == 100
    assert r.to_json()["complete"] is False


def test_the_counterexample_is_in_json():
    r = check_model(Toy(size=8, trap={4, 6}))
    data = r.to_json()
    assert data["no_end"]["steps"] == ["seat 0: moves 2", "seat 1: moves 2"]
    assert data["no_end"]["trap"] == 2 and data["cannot_end"] == 2


def test_find_end_gives_the_shortest_way_out():
    toy = Toy(size=9)
    assert find_end(toy) == ["seat 0: moves 2", "seat 1: moves 2"] * 2
    assert find_end(Toy(size=9, trap={0, 1})) is None


def test_a_random_walk_finds_a_far_end_the_budget_misses():
    from deckgen.engine.modelcheck import walk_to_end

    far = Toy(size=400)
    assert find_end(far, budget=50) is None  # beyond the breadth-first budget
    path = walk_to_end(far, seed=1, tries=3, steps=1_000)
    assert path is not None and len(path) >= 200 and all("moves" in p for p in path)
    assert walk_to_end(Toy(size=9, trap={0, 1}), tries=3, steps=100) is None


def test_the_budget_stops_inside_a_wide_chance_node_without_a_false_dead_end():
    class Wide(Toy):  # a die with 1,000 faces, each a different position
        face = -1

        def chance_outcomes(self):
            return list(range(1000))

        def apply_chance_outcome(self, o):
            self.face, self.at, self.rolling = o, min(self.size - 1, self.at + 1), False

        def canonical_key(self):
            return (self.at, self.rolling, self.face)

    r = check_model(Wide(size=6, die=True), budget=10)
    assert not r.complete and r.states == 11 and r.dead_end is None  # stopped inside the first roll
    r = check_model(Wide(size=6, die=True), budget=0)
    assert r.states == 2 and r.dead_end is None
