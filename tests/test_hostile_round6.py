"""Round 6 of hostile input: the surroundings deckgen reads (the cache folders the environment names),
and what its messages show of the paths and options the user gave."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run

ROOT = Path(__file__).resolve().parents[1]


def _deckgen(*argv, cwd: Path, **env_given) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("MPLCONFIGDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")}
    env.update(PYTHONPATH=str(ROOT), DECKGEN_LANG="en", **env_given)
    return subprocess.run([sys.executable, "-m", "deckgen", *map(str, argv)], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


# ---------------------------------------------------------------- the cache folders: never relative

# the XDG base directory specification: a relative path in these variables is invalid and ignored. They
# were taken as they were, so deckgen (the figures cache, the compiled rulebook templates) and
# matplotlib (its settings and font cache) made their folders under whatever folder deckgen ran in
RELATIVE = {
    "XDG_CACHE_HOME relative": {"XDG_CACHE_HOME": "cache"},
    "XDG_CONFIG_HOME relative": {"XDG_CONFIG_HOME": "config"},
    "HOME relative": {"HOME": "relhome"},
}


@pytest.mark.parametrize("case", list(RELATIVE))
def test_a_relative_cache_folder_writes_nothing_in_the_current_folder(tmp_path, case):
    here = tmp_path / "here"
    here.mkdir()
    out = tmp_path / "out"
    env = dict(RELATIVE[case])
    env.setdefault("HOME", str(tmp_path / "home"))
    rules = _deckgen("rules", "hectoedra", "-q", "--out", out / "rules", cwd=here, **env)
    assert rules.returncode == 0 and rules.stderr == "", rules.stderr
    checked = _deckgen("validate", "hectoedra", "--cards", "1-20", "--players", "2", "--games", "40", "--skill-games", "0",
                       "--report", out / "report", "-q", cwd=here, **env)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    assert (out / "report" / "game-length.png").is_file()
    assert sorted(p.name for p in here.iterdir()) == []


def test_an_absolute_cache_folder_is_still_used(tmp_path):
    here = tmp_path / "here"
    here.mkdir()
    proc = _deckgen("rules", "hectoedra", "-q", "--out", tmp_path / "rules", cwd=here, XDG_CACHE_HOME=str(tmp_path / "c"),
                    HOME=str(tmp_path / "home"))
    assert proc.returncode == 0, proc.stderr
    assert list((tmp_path / "c" / "deckgen" / "templates").iterdir())
    assert not list(here.iterdir())


def test_the_cache_folder_is_absolute_or_none(monkeypatch):
    from deckgen.surroundings import cache_home

    monkeypatch.setenv("XDG_CACHE_HOME", "rel/cache")
    monkeypatch.setenv("HOME", "/somewhere")
    assert cache_home() == Path("/somewhere/.cache")
    monkeypatch.setenv("HOME", "relhome")
    assert cache_home() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "/abs/cache")
    assert cache_home() == Path("/abs/cache")


# ---------------------------------------------------------------- messages name the option the user gave

# `validate --report FOLDER` is refused as an output folder is, and its messages told the user to
# "choose another --out": an option validate does not have (typed, it is "unknown option --out")
REPORT = ["validate", "hectoedra", "--cards", "1-20", "--players", "2", "--games", "4", "--skill-games", "0", "-q", "--report"]


def _report_folders(tmp_path: Path) -> dict[str, Path]:
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "mine.txt").write_text("my notes")
    return {"the current folder": Path("."), "a folder of the user's": mine, "another deck's build": tmp_path / "built",
            "a working file's name": tmp_path / ".x.staging-1-0123abcd", "a name too long": tmp_path / ("r" * 256)}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_report_folder_refused_names_the_report_option(tmp_path, monkeypatch, capsys, lang):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "2", "-q", "--out", tmp_path / "built")
    assert code == 0, err
    for case, folder in _report_folders(tmp_path).items():
        code, out, err = run(capsys, "--ui-lang", lang, *REPORT, folder)
        assert code == 2 and len(err.splitlines()) == 1 and out == "", (case, err)
        assert "--report" in err and "--out" not in err, (case, err)
    assert (tmp_path / "notes" / "mine.txt").read_text() == "my notes"


def test_an_output_folder_refused_still_names_out(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "2", "-q", "--out", ".")
    assert code == 2 and "(--out DIR)" in err and "--report" not in err
    code, _, err = run(capsys, "rules", "multiplicats", "-q", "--out", "r" * 256)
    assert code == 2 and "choose a shorter --out" in err


# ---------------------------------------------------------------- names whose bytes are not UTF-8

# a strict UTF-8 output (PYTHONIOENCODING=utf-8, or any UTF-8 locale but C.UTF-8) cannot write the lone
# surrogates Python reads such bytes as: the failure was taken for a closed output, so a build that
# wrote its folder ended with "error: cannot write the output: standard output is closed" and exit 2
NOT_UTF8 = os.fsdecode(b"\xff\xfe-deck")


@pytest.mark.parametrize("command", [["build", "multiplicats", "--tables", "2", "-q", "--out"],
                                     ["build", "multiplicats", "--tables", "2", "--out"],
                                     ["rules", "multiplicats", "--out"],
                                     ["init", "multiplicats", "--out"]])
def test_a_name_that_is_not_utf8_is_shown_by_its_bytes(tmp_path, command):
    target = tmp_path / (NOT_UTF8 + (".toml" if command[0] == "init" else ""))
    proc = _deckgen(*command, target, cwd=tmp_path, PYTHONIOENCODING="utf-8")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert target.exists()
    if command[-2:] != ["-q", "--out"]:
        assert "\\xff\\xfe-deck" in proc.stdout, proc.stdout
    again = _deckgen(*(["init", "multiplicats", "--out"] if command[0] == "init" else command), target, cwd=tmp_path,
                     PYTHONIOENCODING="utf-8")
    if command[0] == "init":  # refused by name: the one line says which file
        lines = again.stderr.splitlines()
        assert again.returncode == 2 and len(lines) == 1 and "\\xff\\xfe-deck.toml already exists" in lines[0], again.stderr


def test_printable_shows_a_byte_that_is_not_utf8_as_that_byte():
    from deckgen.errors import printable, printable_text

    assert printable(os.fsdecode(b"a\xffb\n")) == "a\\xffb\\n"
    assert printable_text(os.fsdecode(b"a\x9bb\n")) == "a\\x9bb\n"
    assert printable("\ud800") == "\\ud800"


# ---------------------------------------------------------------- a line break in a name the user chose

# what a command wrote was listed with the names as they are: a folder named "x⏎error: forged" printed a
# line "error: forged/ ..." of its own on standard output (an error line escapes it; a listing did not)
FORGED = "x\nerror: forged"


@pytest.mark.parametrize("argv", [
    ["build", "multiplicats", "--tables", "2", "--out", "{}"], ["build", "multiplicats", "--tables", "2", "-q", "--out", "{}"],
    ["rules", "multiplicats", "--out", "{}"], ["preview", "multiplicats", "--tables", "1", "--out", "{}"],
    ["init", "multiplicats", "--out", "{}.toml"], ["calibrate", "--out", "{}"],
    ["validate", "hectoedra", "--cards", "1-20", "--players", "2", "--games", "4", "--skill-games", "0", "--report", "{}"],
])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_line_break_in_a_name_never_starts_a_line(tmp_path, monkeypatch, capsys, argv, lang):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "--ui-lang", lang, *[a.replace("{}", FORGED) for a in argv])
    assert code == 0 and err == "", err
    assert (tmp_path / argv[-1].replace("{}", FORGED)).exists()
    assert "x\\nerror: forged" in out
    assert not any(line.startswith("error") for line in out.splitlines()), out


@pytest.mark.skipif(__import__("shutil").which("gs") is None, reason="Ghostscript (gs) is not installed")
def test_a_folder_whose_name_is_not_utf8_still_has_its_ink_measured(tmp_path, capsys):
    """Ghostscript takes a file name as UTF-8 and dropped the other bytes: the build said "ink not measured
    (Ghostscript could not read the file)" for every PDF, and a CMYK build lost its heaviest colour."""
    from deckgen.render import ink

    out_dir = tmp_path / NOT_UTF8
    code, out, err = run(capsys, "build", "multiplicats", "--tables", "2", "--colour", "cmyk", "--out", out_dir)
    assert code == 0, err
    assert "not measured" not in out
    assert out.count("ink C+M+Y+K per page (Ghostscript ink_cov): mean") == 3 and "heaviest colour" in out
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "cards.pdf").write_bytes((out_dir / "cards.pdf").read_bytes())
    assert ink.ink_coverage(out_dir / "cards.pdf") == ink.ink_coverage(plain / "cards.pdf") != []
    assert ink.heaviest_colour(out_dir / "cards.pdf") == ink.heaviest_colour(plain / "cards.pdf") > 0


# ---------------------------------------------------------------- an empty --ui-lang

@pytest.mark.parametrize("argv", [["--ui-lang", "", "list"], ["--ui-lang=", "build", "uno"], ["build", "uno", "--ui-lang", " "]])
@pytest.mark.parametrize("lang, said", [("en", "error: --ui-lang needs a language, such as es or en\n"),
                                        ("es", "error: --ui-lang necesita un idioma, como es o en\n")])
def test_an_empty_ui_lang_is_refused_by_name(monkeypatch, capsys, argv, lang, said):
    """An empty --ui-lang was taken as not given: the command ran on, in the language of the locale."""
    monkeypatch.setenv("DECKGEN_LANG", lang)
    code, out, err = run(capsys, *argv)
    assert code == 2 and err == said and out == ""


# ---------------------------------------------------------------- init with no file name

@pytest.mark.parametrize("name", ["", " ", "\t"])
@pytest.mark.parametrize("lang, said", [("en", "error: --out needs a file name, such as mgc.toml\n"),
                                        ("es", "error: --out necesita un nombre de archivo, como mgc.toml\n")])
def test_init_with_a_blank_out_is_refused(monkeypatch, capsys, tmp_path, name, lang, said):
    """`init --out ''` wrote mgc.toml in the current folder, and `--out ' '` a file named by a blank."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKGEN_LANG", lang)
    code, out, err = run(capsys, "init", "mgc", "--out", name)
    assert code == 2 and err == said and out == ""
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- an option given twice

# `--tables 2 --tables 5` built table 5 alone, without a word (the last value was taken), for a teacher
# who meant tables 2 and 5; the same for every option of every command. The web page refuses a field
# sent twice, and a deck file one key in two spellings: the command line now asks which was meant too.
TWICE = {
    "a game option": (["build", "multiplicats", "--tables", "2", "--tables", "5"], "--tables", "--tables 2", "--tables 5"),
    "a game switch": (["build", "multiplicats", "--specials", "--no-specials"], "--specials", "--specials", "--no-specials"),
    "a game option, = and a space": (["validate", "mgc", "--toma-dos=2", "--toma-dos", "3"], "--toma-dos", "--toma-dos 2", "--toma-dos 3"),
    "a command option": (["build", "multiplicats", "--paper", "a4", "--paper", "letter"], "--paper", "--paper a4", "--paper letter"),
    "a command switch": (["build", "multiplicats", "--help-card", "--no-help-card"], "--help-card", "--help-card", "--no-help-card"),
    "the output folder": (["rules", "mgc", "--out", "a", "--out", "b"], "--out", "--out a", "--out b"),
    "the seed, after --": (["simulate", "hectoedra", "--seed", "1", "--", "--seed", "2"], None, None, None),
    "a capability's option": (["solve", "hectoedra", "--cards", "1-20", "--cards", "1-30"], "--cards", "--cards 1-20", "--cards 1-30"),
    "the language deckgen speaks": (["--ui-lang", "en", "list", "--ui-lang", "es"], "--ui-lang", "--ui-lang en", "--ui-lang es"),
}


@pytest.mark.parametrize("case", list(TWICE))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_option_given_twice_with_two_values_is_refused(tmp_path, monkeypatch, capsys, case, lang):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKGEN_LANG", lang)
    argv, flag, first, second = TWICE[case]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    if flag is None:  # after --: the command's own option is named as such (round 5)
        assert "--seed came after --" in err or "--seed va después de --" in err, err
    elif lang == "en":
        assert err == f"error: {flag} is given twice, as {first} and as {second}; give it once\n", err
    else:
        assert err == f"error: {flag} aparece dos veces, como {first} y como {second}; escríbela una sola vez\n", err
    assert list(tmp_path.iterdir()) == []  # refused before any work


@pytest.mark.parametrize("argv", [
    ["build", "multiplicats", "--tables", "2", "--tables", "2", "-q", "--quiet", "--out", "o"],  # the same value twice
    ["sweep", "hectoedra", "--vary", "cards=1-20,1-30", "--vary", "hand=3,4", "--players", "2", "--games", "2", "-q", "--out", "o"],
    ["--ui-lang", "en", "build", "multiplicats", "--tables", "2", "-q", "--out", "o", "--ui-lang", "en"],
])
def test_an_option_given_twice_with_one_value_or_that_gathers_values_is_kept(tmp_path, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "", err
    assert (tmp_path / "o").is_dir()
