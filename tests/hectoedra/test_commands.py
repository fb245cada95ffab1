"""deckgen solve / puzzle hectoedra, the generic capability commands, and their errors."""

import json

import pdfplumber
import pytest
from pypdf import PdfReader

from deckgen.games.hectoedra.numbers import linked
from deckgen.games.hectoedra.puzzle import PuzzleRequest, make_sets
from clirun import run



def test_solve_json(capsys):
    code, out, _ = run(capsys, "solve", "hectoedra", "--cards", "1-20", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["length"] == 17 and data["proven"] is True and len(data["order"]) == 17
    assert all(a % b == 0 or b % a == 0 for a, b in zip(data["order"], data["order"][1:]))


def test_solve_text_and_full_rule(capsys):
    code, out, _ = run(capsys, "solve", "hectoedra", "--cards", "1-12")
    assert code == 0 and "Longest stack: 11 cards (proven optimal" in out and "Left out: " in out
    code, out, _ = run(capsys, "solve", "hectoedra", "--cards", "2,3,25,49", "--rule", "full", "--json")
    data = json.loads(out)
    assert data["length"] == 2 and data["rule"] == "full"
    assert linked(*data["order"], "full")


def test_solve_time_limit_says_not_proven(capsys):
    code, out, _ = run(capsys, "solve", "hectoedra", "--time-limit", "0.001")
    assert code == 0 and "NOT proven" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (("solve", "multiplicats"), "Multipli Cat's has no solve command"),
        (("puzzle", "multiplicats"), "has no puzzle command"),
        (("solve", "hectoedra", "--rule", "half"), "--rule: 'half' is not one of divisor or full"),
        (("solve", "hectoedra", "--cards", "5-200"), "the range 5-200 is out of range: it goes past 100"),
        (("solve", "hectoedra", "--colour", "red"), "unknown option --colour"),
        (("solve", "nogame"), "unknown game"),
        (("puzzle", "hectoedra", "--size", "1"), "--size: 1 is out of range"),
    ],
)
def test_errors_exit_2_with_one_line(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_puzzle_sheets_and_key(tmp_path, capsys):
    out_dir = tmp_path / "pz"
    code, out, _ = run(capsys, "puzzle", "hectoedra", "--sets", "3", "--size", "20", "--seed", "5", "--out", str(out_dir))
    assert code == 0
    data = json.loads((out_dir / "puzzle.json").read_text())
    assert len(data["sets"]) == 3 and all(len(s["cards"]) == 20 for s in data["sets"])
    assert len(PdfReader(out_dir / "challenges.pdf").pages) == 3
    with pdfplumber.open(out_dir / "answer-key.pdf") as pdf:
        key = "\n".join(p.extract_text() for p in pdf.pages)
    for s in data["sets"]:
        assert s["proven"] and s["length"] >= 10  # at least half the set by default
        assert f"Pila más alta: {s['length']} cartas (óptimo demostrado)" in key
        assert " · ".join(map(str, s["order"])) in key.replace("\n", " ")
        assert all(a % b == 0 or b % a == 0 for a, b in zip(s["order"], s["order"][1:]))
    with pdfplumber.open(out_dir / "challenges.pdf") as pdf:
        first = pdf.pages[0].extract_text()
    assert "Reto 1 de 3" in first and "múltiplo o divisor" in first
    for v in data["sets"][0]["cards"]:
        assert str(v) in first


def test_puzzle_is_deterministic(tmp_path, capsys):
    for name in ("a", "b"):
        run(capsys, "puzzle", "hectoedra", "--sets", "2", "--seed", "9", "--out", str(tmp_path / name))
    assert (tmp_path / "a" / "puzzle.json").read_text() == (tmp_path / "b" / "puzzle.json").read_text()
    assert (tmp_path / "a" / "challenges.pdf").read_bytes() == (tmp_path / "b" / "challenges.pdf").read_bytes()


def test_team_variant_gives_every_team_the_same_set(tmp_path, capsys):
    out_dir = tmp_path / "team"
    code, _, _ = run(capsys, "puzzle", "hectoedra", "--team", "--sets", "4", "--cards", "1-30", "--lang", "en", "--out", str(out_dir))
    assert code == 0
    data = json.loads((out_dir / "puzzle.json").read_text())
    assert len(data["sets"]) == 1 and [s["set"] for s in data["sheets"]] == [1, 1, 1, 1]
    with pdfplumber.open(out_dir / "challenges.pdf") as pdf:
        texts = [p.extract_text() for p in pdf.pages]
    assert len(texts) == 4 and all("The same challenge for every team" in t for t in texts)
    assert "Team 3" in texts[2]


def test_given_cards_make_one_set_and_min_stack():
    puzzle = make_sets(PuzzleRequest(sets=6, size=20, cards=list(range(1, 21))))
    assert len(puzzle.sets) == 1 and puzzle.sets[0].cards == tuple(range(1, 21))
    assert puzzle.sets[0].solution.length == 17
    easy = make_sets(PuzzleRequest(sets=4, size=20, seed=3, min_stack=0))
    assert len(easy.sets) == 4
    hard = make_sets(PuzzleRequest(sets=2, size=10, seed=3, min_stack=8))
    assert all(s.solution.length >= 8 for s in hard.sets)


def test_a_puzzle_set_has_20_cards_unless_told_otherwise():
    from deckgen.games.hectoedra.puzzle import PuzzleRequest, make_sets

    assert PuzzleRequest().size == 20
    puzzle = make_sets(PuzzleRequest(sets=1))
    assert [len(s.cards) for s in puzzle.sets] == [20]
    assert [len(s.cards) for s in make_sets(PuzzleRequest(sets=1, size=12)).sets] == [12]  # fewer is fine
