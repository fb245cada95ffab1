"""Hostile input, round 4: new cases of the classes of issue 29, found by attacking the integrated
code. Each case ends as the README promises: exit code 2 and one `error:` line naming the problem, or a
clean success whose output shows no raw control character; never a traceback."""

from __future__ import annotations

import pytest

from clirun import run
from deckgen.errors import printable
from test_hostile import assert_refused

BUILD = ["build", "multiplicats", "--tables", "2", "-q"]

# class: an empty value where a name from a list is expected (every command line choice)
EMPTY_CHOICES = {
    "for ''": [*BUILD, "--for", ""],
    "for '' in a deck file": None,
}


@pytest.mark.parametrize("case", list(EMPTY_CHOICES))
def test_an_empty_choice_is_refused_by_name(tmp_path, monkeypatch, capsys, case):
    monkeypatch.chdir(tmp_path)
    argv = EMPTY_CHOICES[case]
    if argv is None:  # the same, said by a deck file
        (tmp_path / "d.toml").write_text('game = "multiplicats"\n[print]\nfor = ""\n')
        argv = ["build", "d.toml", "-q"]
    code, out, err = run(capsys, *argv, "--out", "o")
    assert_refused(code, out, err)
    assert "for ''" in err or "for: should be" in err
    assert not (tmp_path / "o").exists()


# class: a name the user chose (an output folder or file) holding terminal control characters or bidi
# marks; it is accepted as a name, but the lines that report it show it escaped, never obeyed
ODD = "a\x1b]0;x\x07b\u202ec"
NAMED_OUTPUTS = {
    "build": [*BUILD, "--out", ODD],
    "init": ["init", "multiplicats", "--out", ODD + ".toml"],
    "calibrate": ["calibrate", "--out", ODD + ".pdf"],
    # puzzle refuses control characters in its folder name (options.folder_name); a bidi mark passes
    "puzzle": ["puzzle", "hectoedra", "--sets", "1", "--size", "6", "--time-limit", "2", "--out", "b\u202ec"],
}


@pytest.mark.parametrize("case", list(NAMED_OUTPUTS))
def test_a_name_holding_control_characters_is_shown_escaped(tmp_path, monkeypatch, capsys, case):
    monkeypatch.chdir(tmp_path)
    argv = [a for a in NAMED_OUTPUTS[case] if a != "-q"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert not any(c in out + err for c in "\x1b\x07\u202e"), "raw control characters reached the terminal"
    name = argv[argv.index("--out") + 1]
    assert printable(name) in out
    assert any(p.name.startswith(name) for p in tmp_path.iterdir())  # the name itself is the user's, kept as typed


# class: an output folder whose name a library reads as something else (pypdfium2 expands a leading ~)
@pytest.mark.parametrize("name", ["~", "~x", "~root"])
def test_a_folder_named_like_the_home_folder_is_a_folder_here(tmp_path, monkeypatch, capsys, name):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *BUILD, "--out", name)
    assert code == 0, err
    assert (tmp_path / name / "cards.pdf").is_file()


# class: an output name that is a symbolic link that loops, or leads nowhere: refused by name, never
# replaced (Python 3.11 raised a bare RuntimeError from Path.resolve(); init replaced the link by a file)
LINKS = {
    "build into a loop": [*BUILD, "--out", "loop"],
    "build under a loop": [*BUILD, "--out", "loop/sub"],
    "build into a loop of two": [*BUILD, "--out", "loop2"],
    "rules into a loop": ["rules", "multiplicats", "-q", "--out", "loop"],
    "preview under a loop": ["preview", "multiplicats", "-q", "--out", "loop/x"],
    "init onto a loop": ["init", "multiplicats", "--out", "loop"],
    "init onto a link to nowhere": ["init", "multiplicats", "--out", "dangling.toml"],
    "calibrate into a loop": ["calibrate", "-q", "--out", "loop"],
    "a deck file's back image that loops": ["build", "deck.toml", "-q", "--out", "o"],
}


@pytest.mark.parametrize("case", list(LINKS))
def test_a_symbolic_link_that_loops_or_leads_nowhere_is_refused_and_kept(tmp_path, monkeypatch, capsys, case):
    import os

    monkeypatch.chdir(tmp_path)
    os.symlink("loop", "loop")
    os.symlink("loop3", "loop2")
    os.symlink("loop2", "loop3")
    os.symlink("nowhere.toml", "dangling.toml")
    os.symlink("back.png", "back.png")
    (tmp_path / "deck.toml").write_text('game = "multiplicats"\n[print]\nback_image = "back.png"\n')
    before = {p.name: os.readlink(p) for p in tmp_path.iterdir() if p.is_symlink()}
    code, out, err = run(capsys, *LINKS[case])
    assert_refused(code, out, err)
    assert {p.name: os.readlink(p) for p in tmp_path.iterdir() if p.is_symlink()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "deck.toml"])


# class: a path whose folder cannot be made because a file is in the way: the message names that file
# (mkdir says only "File exists" or "Not a directory")
@pytest.mark.parametrize("argv", [[*BUILD, "--out", "afile/sub"], ["preview", "multiplicats", "-q", "--out", "afile/x/y"],
                                  ["init", "multiplicats", "--out", "afile/d.toml"], ["calibrate", "-q", "--out", "afile/c"]])
def test_a_file_in_the_way_of_the_output_folder_is_named(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine")
    code, out, err = run(capsys, *argv)
    assert_refused(code, out, err)
    assert "afile is not a folder" in err, err
    assert (tmp_path / "afile").read_text() == "mine"


# class: an output folder of a long command that cannot be used is refused before the work, not after
@pytest.mark.parametrize("argv", [["validate", "multiplicats", "--games", "2", "-q", "--report", "afile"],
                                  ["validate", "multiplicats", "--games", "2", "-q", "--report", "foreign"],
                                  ["sweep", "multiplicats", "--vary", "tables=2,3", "--games", "2", "-q", "--out", "afile"],
                                  ["sweep", "multiplicats", "--vary", "tables=2,3", "--games", "2", "-q", "--out", "foreign"]])
def test_a_report_folder_that_cannot_be_used_is_refused_before_the_games(tmp_path, monkeypatch, capsys, argv):
    import deckgen.analysis.sweep as sweeping
    import deckgen.pipeline as pipeline

    def no_games(*a, **k):
        raise AssertionError("the games ran before the output folder was checked")

    monkeypatch.setattr(pipeline, "validate", no_games)
    monkeypatch.setattr(sweeping, "run", no_games)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine")
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("mine")
    code, out, err = run(capsys, *argv)
    assert_refused(code, out, err)
    assert "not a folder" in err or "did not write" in err
    assert (tmp_path / "foreign" / "notes.txt").read_text() == "mine"


# class: a report of a deck that serves no player count (its charts had no points: max() of nothing)
def test_a_report_of_a_deck_that_serves_no_player_count_is_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "validate", "hectoedra", "--cards", "1-12", "--games", "2", "-q", "--report", "rep")
    assert code == 1, err  # not playable, said in the report
    assert "Not playable" in (tmp_path / "rep" / "report.txt").read_text()
    assert (tmp_path / "rep" / "game-length.png").read_bytes()[:4] == b"\x89PNG"


# class: a deck accepted by its options that cannot be dealt to the player count asked for. skill refused
# it by name; simulate dealt it anyway and a policy crashed (min() of an empty sequence, a traceback)
@pytest.mark.parametrize("argv", [["hectoedra", "--cards", "1,100"], ["hectoedra", "--cards", "1-12"],
                                  ["hectoedra", "--cards", "1,100", "--json"], ["multiplicats", "--tables", "2", "--players", "8"]])
def test_simulate_refuses_a_player_count_the_deck_does_not_serve(capsys, argv):
    code, out, err = run(capsys, "simulate", *argv, "--games", "2", "-q")
    assert_refused(code, out, err)
    # a deck that serves some counts names them; one that serves none says so. --players is blamed only
    # where it was typed; the game's usual count says how to choose another (issue 41, item 12)
    typed = "--players" in argv
    assert ("--players:" in err) == typed and ("deck is played by" in err or "cannot be dealt to any number of players" in err), err
    assert typed or "choose one with --players" in err or "cannot be dealt to any number of players" in err, err


def test_a_board_picture_under_a_file_names_the_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine")
    code, out, err = run(capsys, "simulate", "maestras", "--games", "1", "-q", "--board", "afile/b.png")
    assert_refused(code, out, err)
    assert "afile is not a folder" in err, err


# class: an error that would echo a huge value: each line is cut (sweep --vary of 5,000 values echoed
# them all, 10,000 characters on one line)
def test_an_error_line_echoing_a_huge_value_is_cut(capsys):
    code, out, err = run(capsys, "sweep", "multiplicats", "--vary", "infinite-points=" + ",".join(["20"] * 5000), "-q")
    assert_refused(code, out, err)
    assert len(err) < 2100 and "more characters)" in err
