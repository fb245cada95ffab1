"""Issue 41, items 6-9: a deleted current folder, an unwritable home, a report folder that cannot be
written, and an earlier build of another user's read-only files. Each command runs in a process of
its own, as a user would run it. Where the test runs as root, the folders of "another user" belong to
nobody (uid 65534) and the command runs without root's power over files (setpriv drops the
capabilities that override permissions); where it does not, the folders are this user's own, made
read-only."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROOTED = hasattr(os, "geteuid") and os.geteuid() == 0
NOBODY = 65534


def env(**extra) -> dict:
    base = {k: v for k, v in os.environ.items() if k not in ("MPLCONFIGDIR", "PYTHONPATH")}
    return dict(base, PYTHONPATH=str(ROOT), DECKGEN_LANG="en", **extra)


LIMITED = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"] if ROOTED else []  # root as any user


def deckgen(*argv, cwd=None, limited=False, timeout=120, **extra) -> subprocess.CompletedProcess:
    return subprocess.run([*(LIMITED if limited else []), sys.executable, "-m", "deckgen", *map(str, argv)], cwd=cwd, env=env(**extra),
                          capture_output=True, text=True, timeout=timeout)


def one_error(proc: subprocess.CompletedProcess) -> str:
    lines = proc.stderr.splitlines()
    assert proc.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: "), (proc.returncode, proc.stderr)
    return lines[0]


@pytest.fixture
def shared_tmp():
    """A folder every user may enter (pytest's own tmp_path is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="deckgen-test-", dir="/tmp"))
    folder.chmod(0o777)
    yield folder
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            try:
                os.chmod(os.path.join(root, name), 0o777, follow_symlinks=False)
            except OSError:
                pass
    shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- item 6: the current folder deleted

def test_with_the_current_folder_gone_what_needs_none_of_it_works(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    script = f'mkdir -p "{gone}" && cd "{gone}" && rmdir "{gone}" && exec "$@"'

    def there(*argv):
        return subprocess.run(["sh", "-c", script, "sh", sys.executable, "-m", "deckgen", *map(str, argv)], env=env(XDG_CACHE_HOME=str(tmp_path / "c")),
                              capture_output=True, text=True, timeout=120)

    checked = there("validate", "hectoedra", "--cards", "1-20", "--players", "2", "--games", "40", "-q")  # writes nothing
    assert checked.returncode == 0 and checked.stderr == "" and "Playable" in checked.stdout, checked.stderr
    built = there("build", "multiplicats", "--tables", "2", "-q", "--out", tmp_path / "abs")
    assert built.returncode == 0 and built.stderr == "" and (tmp_path / "abs" / "cards.pdf").is_file(), built.stderr
    assert there("rules", "hectoedra", "-q", "--out", tmp_path / "r").returncode == 0
    for argv in (["build", "multiplicats", "--tables", "2", "-q"], ["rules", "hectoedra", "-q", "--out", "relative"],
                 ["init", "hectoedra", "--out", "new.toml"], ["validate", "./deck.toml"]):
        said = one_error(there(*argv))
        assert "the current folder no longer exists" in said, said


# ---------------------------------------------------------------- item 7: an unwritable home

def test_an_unwritable_home_gets_no_warnings_from_the_plots(tmp_path):
    home = tmp_path / "home"
    home.write_text("a file where the home folder should be: nothing can be made under it, not even by root")
    temp = tmp_path / "temp"
    temp.mkdir()
    extra = {k: "" for k in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    proc = deckgen("validate", "monete", "--mode", "perezoso", "--top", "10", "--players", "2", "--games", "40", "--skill-games", "0",
                   "--report", tmp_path / "rep", "-q", HOME=str(home), TMPDIR=str(temp), **extra)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert (tmp_path / "rep" / "game-length.png").is_file()
    assert not list(temp.iterdir())  # matplotlib's folder of ours went at the exit


# ---------------------------------------------------------------- item 8: a report folder that cannot be written

def test_a_report_into_a_read_only_folder_is_refused_before_the_games(shared_tmp):
    closed = shared_tmp / "closed"
    closed.mkdir(mode=0o555)
    closed.chmod(0o555)
    cache = shared_tmp / "cache"
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    # a million games at each player count: refused after them, it would never end within the timeout
    proc = deckgen("validate", "mgc", "--games", "1000000", "--fixed", "--report", closed / "rep", "-q",
                   limited=True, timeout=90, XDG_CACHE_HOME=str(cache), HOME=str(cache))
    said = one_error(proc)
    assert "not writable" in said and str(closed) in said and proc.stdout == ""
    assert not list(closed.iterdir())


# ---------------------------------------------------------------- item 9: an earlier build that is not ours to remove

def test_replacing_another_users_read_only_build(shared_tmp):
    out = shared_tmp / "deck"
    cache = shared_tmp / "cache"
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    first = deckgen("build", "multiplicats", "--tables", "2", "-q", "--out", out, XDG_CACHE_HOME=str(cache))
    assert first.returncode == 0, first.stderr
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    for p in [*out.rglob("*"), out]:
        if ROOTED:
            os.chown(p, NOBODY, NOBODY)
        p.chmod(0o555 if p.is_dir() else 0o444)
    proc = deckgen("build", "multiplicats", "--tables", "3", "-q", "--out", out, limited=True, XDG_CACHE_HOME=str(cache), HOME=str(cache))
    hidden = [p.name for p in shared_tmp.iterdir() if p.name.startswith(".")]
    assert not hidden, hidden  # no staging (nor old) folder left behind, whatever happened
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    if ROOTED:  # another user's: refused before any work, the build left as it was
        said = one_error(proc)
        assert "cannot replace" in said and str(out) in said
        assert after == before
    else:  # one's own read-only build: replaced whole
        assert proc.returncode == 0, proc.stderr
        assert after != before and "multiplicats-3" not in str(out)
