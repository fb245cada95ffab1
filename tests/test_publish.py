"""An output folder holds the old build or the new one, never a mix: whatever breaks or kills
publishing, at any step, and whoever else writes the same folder at the same time."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from clirun import run
from deckgen import publish
from deckgen.errors import DeckgenError
from deckgen.publish import MARKER, locked, publishing, recover

OLD = {MARKER: publish.MARKER_TEXT, "cards.pdf": "old cards", "deck.json": "old deck", "rulebook-es.pdf": "old rules"}
NEW = {MARKER: publish.MARKER_TEXT, "cards.pdf": "new cards", "deck.json": "new deck", "rulebook-en.pdf": "new rules"}


def contents(folder: Path) -> dict[str, str] | None:
    if not folder.exists():
        return None
    # the marker's first line (its manifest line, which names the writing process, is checked apart)
    return {p.name: p.read_text().splitlines(keepends=True)[0] if p.name == MARKER else p.read_text() for p in folder.iterdir()}


def make_old(out: Path) -> None:
    out.mkdir(parents=True)
    for name, text in OLD.items():
        (out / name).write_text(text)


def write_new(stage: Path) -> None:
    for name, text in NEW.items():
        if name != MARKER:
            (stage / name).write_text(text)


def siblings(out: Path) -> list[str]:
    return sorted(p.name for p in out.parent.iterdir() if p != out)


# ---------------------------------------------------------------- every step of publishing, broken

# the system calls publishing makes; each one in turn is made to fail
STEPS = [("os", "rename"), ("os", "link"), ("os", "fsync"), ("os", "mkdir"), ("os", "open"), ("os", "unlink"),
         ("shutil", "rmtree"), ("publish", "exchange")]


def _count_calls(monkeypatch, fail_at: int | None) -> list[str]:
    """Wrap every STEP; the call numbered ``fail_at`` raises OSError (EIO). Returns the call log."""
    log: list[str] = []
    modules = {"os": os, "shutil": shutil, "publish": publish}
    for mod_name, fn_name in STEPS:
        real = getattr(modules[mod_name], fn_name)

        def wrapped(*args, _real=real, _name=f"{mod_name}.{fn_name}", **kwargs):
            log.append(_name)
            if fail_at is not None and len(log) - 1 == fail_at:
                raise OSError(errno.EIO, "injected fault")
            return _real(*args, **kwargs)

        monkeypatch.setattr(modules[mod_name], fn_name, wrapped)
    return log


@pytest.mark.parametrize("exchange", [True, False], ids=["atomic-exchange", "two-renames"])
def test_a_fault_at_every_step_leaves_the_old_folder_or_the_new_one(tmp_path, monkeypatch, exchange):
    if not exchange:  # the fallback for systems without renameat2
        monkeypatch.setattr(publish, "_renameat2", lambda: None)
    with monkeypatch.context() as m:  # how many steps a clean publish takes
        out = tmp_path / "count" / "deck"
        make_old(out)
        log = _count_calls(m, None)
        with publishing(out) as stage:
            write_new(stage)
        steps = len(log)
    assert steps >= 8
    outcomes = set()
    for k in range(steps):
        out = tmp_path / f"k{k}" / "deck"
        make_old(out)
        with monkeypatch.context() as m:
            _count_calls(m, k)
            try:
                with publishing(out) as stage:
                    write_new(stage)
                outcomes.add("new")
            except DeckgenError as exc:
                # the injected EIO, in the words errors.os_problem gives it
                assert "input/output error (a failing disk or a removed drive?)" in str(exc), str(exc)
                outcomes.add("refused")
        assert contents(out) in (OLD, NEW), f"fault at step {k}"
        with publishing(out):  # the next build repairs and cleans whatever the fault left
            pass
        assert siblings(out) == [], f"fault at step {k} left {siblings(out)}"
    assert outcomes == {"new", "refused"}  # some faults come after the swap, most before


def test_an_error_in_the_build_leaves_the_old_folder_and_nothing_else(tmp_path):
    out = tmp_path / "deck"
    make_old(out)
    with pytest.raises(RuntimeError):
        with publishing(out) as stage:
            write_new(stage)
            raise RuntimeError("template exploded")
    assert contents(out) == OLD
    assert siblings(out) == []


def test_the_new_folder_replaces_the_old_whole(tmp_path):
    out = tmp_path / "deck"
    make_old(out)
    (out / "rulebook-xx.pdf").write_text("an earlier deckgen's file")  # a marked folder of before manifests
    with publishing(out) as stage:
        write_new(stage)
    assert contents(out) == NEW
    assert siblings(out) == []
    (out / "rulebook-xx.pdf").mkdir()  # not in the manifest: not deckgen's
    with pytest.raises(DeckgenError, match="holds 'rulebook-xx.pdf', which deckgen did not write"):
        with publishing(out) as stage:
            write_new(stage)


def test_keep_carries_the_old_files_the_new_build_does_not_write(tmp_path):
    out = tmp_path / "deck"
    make_old(out)
    with publishing(out, keep=lambda name: name != "deck.json") as stage:
        (stage / "rulebook-en.pdf").write_text("new rules")
    assert contents(out) == {MARKER: publish.MARKER_TEXT, "cards.pdf": "old cards", "rulebook-es.pdf": "old rules", "rulebook-en.pdf": "new rules"}


# ---------------------------------------------------------------- killed (SIGKILL) at every step

KILLER = textwrap.dedent(
    """
    import os, shutil, signal, sys
    from pathlib import Path
    from deckgen import publish
    out, kill_at, exchange = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
    if not exchange:
        publish._renameat2 = lambda: None
    count = [0]
    def hook(mod, name):
        real = getattr(mod, name)
        def wrapped(*a, **k):
            if count[0] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            count[0] += 1
            return real(*a, **k)
        setattr(mod, name, wrapped)
    for mod, name in [(os, "rename"), (os, "fsync"), (os, "mkdir"), (shutil, "rmtree"), (publish, "exchange"), (os, "unlink")]:
        hook(mod, name)
    with publish.publishing(out) as stage:
        for name, text in %r.items():
            if name != ".deckgen":
                (stage / name).write_text(text)
    print(count[0])
    """
    % NEW
)


@pytest.mark.parametrize("exchange", [True, False], ids=["atomic-exchange", "two-renames"])
def test_a_kill_at_every_step_leaves_the_old_folder_or_the_new_one(tmp_path, exchange):
    script = tmp_path / "killer.py"
    script.write_text(KILLER)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    out = tmp_path / "clean" / "deck"
    make_old(out)
    done = subprocess.run([sys.executable, str(script), str(out), "-1", "1" if exchange else "0"], env=env, capture_output=True, text=True)
    steps = int(done.stdout)
    assert steps >= 5 and contents(out) == NEW
    seen = set()
    for k in range(steps + 1):
        out = tmp_path / f"k{k}" / "deck"
        make_old(out)
        proc = subprocess.run([sys.executable, str(script), str(out), str(k), "1" if exchange else "0"], env=env, capture_output=True)
        killed = proc.returncode == -signal.SIGKILL
        seen.add(killed)
        if exchange:  # one atomic step: a reader never sees anything but the old or the new folder
            assert contents(out) in (OLD, NEW), f"kill at step {k}"
        recover(out)  # what the next build does first (between the fallback's renames, the folder is away)
        assert contents(out) in (OLD, NEW), f"kill at step {k}"
        with publishing(out):
            pass
        assert siblings(out) == [], f"kill at step {k} left {siblings(out)}"
    assert seen == {True, False}


# ---------------------------------------------------------------- the lock and the leftovers


def test_a_second_build_into_a_folder_being_written_refuses(tmp_path, monkeypatch, capsys):
    out = tmp_path / "deck"
    monkeypatch.setattr(publish, "LOCK_WAIT", 0.2)
    with locked(out):  # another build holds the folder
        code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "--quiet")
    assert code == 2
    assert err.startswith("error: another deckgen is writing") and err.count("error:") == 1
    assert not out.exists()


def test_the_lock_is_waited_for_and_then_taken(tmp_path):
    out = tmp_path / "deck"
    order = []
    import threading

    def holder():
        with locked(out):
            order.append("first")
            time.sleep(0.3)
            order.append("first done")

    t = threading.Thread(target=holder)
    t.start()
    time.sleep(0.1)
    with locked(out, wait=5):
        order.append("second")
    t.join()
    assert order == ["first", "first done", "second"]
    assert list(tmp_path.iterdir()) == []  # the lock file goes with the last holder


def test_two_builds_at_once_end_with_exactly_one_of_them(tmp_path, capsys):
    """Two real builds into one folder at the same time: each either publishes whole or refuses."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    ref = {}
    for tables in ("1", "2"):
        ref[tables] = tmp_path / f"ref-{tables}"
        assert run(capsys, "build", "multiplicats", "--tables", tables, "--out", ref[tables], "-q")[0] == 0
    out = tmp_path / "shared"
    procs = [
        subprocess.Popen([sys.executable, "-m", "deckgen", "build", "multiplicats", "--tables", t, "--out", str(out), "-q"], env=env, stderr=subprocess.PIPE, text=True)
        for t in ("1", "2")
    ]
    results = [(p.wait(), p.stderr.read()) for p in procs]
    for code, err in results:
        assert code == 0 or (code == 2 and err.startswith("error: another deckgen is writing")), err
    built = {p.name: p.read_bytes() for p in out.iterdir()}
    assert built in ({p.name: p.read_bytes() for p in ref[t].iterdir()} for t in ("1", "2"))
    assert siblings(out) == [p.name for p in sorted(tmp_path.iterdir()) if p.name.startswith("ref-")]


def dead_pid() -> int:
    """The process id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def leftover(parent: Path, name: str, owner: int, marker: bool = True) -> Path:
    """A hidden folder as a build of process ``owner`` leaves it, holding its marker and a file."""
    folder = parent / name
    folder.mkdir()
    if marker:
        (folder / MARKER).write_text(publish.MARKER_TEXT + '{"deckgen": 1, "owner": %d, "deck": null, "files": null}\n' % owner)
    (folder / "cards.pdf").write_text("half")
    return folder


def test_leftovers_of_a_killed_build_are_cleaned_by_the_next(tmp_path, capsys):
    out = tmp_path / "deck"
    pid = dead_pid()
    leftover(tmp_path, f".deck.staging-{pid}-abcd0123", pid)
    (tmp_path / f".deck.staging-{pid}-0123abcd").mkdir()  # killed before its marker was written: empty
    (tmp_path / ".deck.lock").write_text("")
    code, _, _ = run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "--quiet")
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck"]


def test_an_old_folder_set_aside_comes_back_when_its_replacement_never_came(tmp_path):
    out = tmp_path / "deck"
    make_old(tmp_path / f".deck.old-{dead_pid()}-0000beef")
    recover(out)
    assert contents(out) == OLD and siblings(out) == []


# ---------------------------------------------------------------- recovery touches only deckgen's own leftovers


def test_a_concurrent_builds_staging_folder_is_never_taken_for_a_leftover(tmp_path):
    """`--out deck.old-1` is being built (its staging folder `.deck.old-1.staging-PID-…` exists, its
    process alive) while `--out deck` is built: the second never takes or removes the first's."""
    first = publishing(tmp_path / "deck.old-1")
    stage = first.__enter__()
    (stage / "cards.pdf").write_text("first build")
    with publishing(tmp_path / "deck") as second:
        write_new(second)
    assert contents(tmp_path / "deck") == NEW
    assert stage.is_dir() and (stage / "cards.pdf").read_text() == "first build"
    first.__exit__(None, None, None)
    assert (tmp_path / "deck.old-1" / "cards.pdf").read_text() == "first build"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck", "deck.old-1"]


def test_a_running_builds_leftovers_are_left_alone(tmp_path):
    """Exact names with the marker, but their owner is alive (this test's parent): not touched."""
    alive = os.getppid()
    staging = leftover(tmp_path, f".deck.staging-{alive}-abcd0123", alive)
    old = leftover(tmp_path, f".deck.old-{alive}-abcd0123", alive)
    recover(tmp_path / "deck")
    assert staging.is_dir() and old.is_dir() and not (tmp_path / "deck").exists()


@pytest.mark.parametrize("name", [
    ".olk.old-mine", ".olk.staging-1-x", ".olk.old-1-abcd012", ".olk.old-1-abcd01234", ".olk.old-1-ABCD0123",
    ".olk.staging-1-abcd0123.bak", ".olk.old-1.staging-1-abcd0123", ".olkx.old-1-abcd0123",
])
def test_a_users_folder_beside_the_output_is_never_moved_or_deleted(tmp_path, capsys, name):
    pid = dead_pid()
    folder = tmp_path / name.replace("-1-", f"-{pid}-")
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "f.txt").write_text("mine")
    (folder / MARKER).write_text(publish.MARKER_TEXT)  # even with deckgen's marker in it
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "2", "--out", tmp_path / "olk", "-q")
    assert code == 0, err
    assert (folder / "sub" / "f.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["olk", folder.name])


def test_a_dead_builds_folder_without_the_marker_is_not_deckgens(tmp_path):
    pid = dead_pid()
    mine = leftover(tmp_path, f".deck.staging-{pid}-abcd0123", pid, marker=False)  # a user's file in it, no marker
    link = tmp_path / f".deck.old-{pid}-abcd0123"
    link.symlink_to(mine)
    recover(tmp_path / "deck")
    assert (mine / "cards.pdf").read_text() == "half" and link.is_symlink() and not (tmp_path / "deck").exists()


def test_a_link_named_like_a_leftover_is_left(tmp_path):
    pid = dead_pid()
    target = tmp_path / "elsewhere"
    make_old(target)
    (tmp_path / f".deck.old-{pid}-abcd0123").symlink_to(target)
    recover(tmp_path / "deck")
    assert contents(target) == OLD and not (tmp_path / "deck").exists()


# ---------------------------------------------------------------- the manifest: a user's files are never lost


def test_files_the_user_added_to_a_build_make_the_next_build_refuse(tmp_path, capsys):
    out = tmp_path / "onotes"
    assert run(capsys, "build", "multiplicats", "--tables", "2", "--out", out, "-q")[0] == 0
    manifest = publish.read_manifest(out)
    assert manifest["files"] == ["cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"] and manifest["deck"].startswith("multiplicats:")
    (out / "notes.txt").write_text("my notes")
    (out / "photos").mkdir()
    (out / "photos" / "p1.jpg").write_text("photo")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "2", "--out", out, "-q")
    assert code == 2 and err.count("error:") == 1 and "holds 'notes.txt', which deckgen did not write" in err
    (out / "notes.txt").unlink()
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "2", "--out", out, "-q")
    assert code == 2 and "holds 'photos', which deckgen did not write" in err
    assert (out / "photos" / "p1.jpg").read_text() == "photo"
    for command in ("rules", "preview"):
        code, _, err = run(capsys, command, "multiplicats", "--tables", "2", "--out", out, "-q")
        assert code == 2 and "which deckgen did not write" in err, command
    assert (out / "photos" / "p1.jpg").read_text() == "photo"


def test_a_file_inside_an_export_folder_is_the_users_too(tmp_path, capsys):
    out = tmp_path / "o"
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--format", "tts", "--out", out, "-q")[0] == 0
    assert "tts/" in publish.read_manifest(out)["files"]
    (out / "tts" / "mine.txt").write_text("mine")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--format", "tts", "--out", out, "-q")
    assert code == 2 and "holds 'tts/mine.txt'" in err
    (out / "tts" / "mine.txt").unlink()
    assert run(capsys, "preview", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0
    assert (out / "tts").is_dir() and any((out / "tts").iterdir())  # preview carries the export folder


def test_a_damaged_marker_is_no_licence(tmp_path, capsys):
    out = tmp_path / "o"
    out.mkdir()
    (out / MARKER).mkdir()
    (out / "notes.txt").write_text("x")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")
    assert code == 2 and "which deckgen did not write" in err


def test_validate_report_beside_a_build_keeps_the_cards(tmp_path, capsys):
    out = tmp_path / "b"
    assert run(capsys, "build", "multiplicats", "--tables", "2", "--out", out, "-q")[0] == 0
    cards = (out / "cards.pdf").read_bytes()
    # --confidence 4: the report's place is the subject, not the claim "every game ends" (sampled from
    # 100 games at each of seven player counts by default)
    code, _, err = run(capsys, "validate", "multiplicats", "--tables", "2", "--games", "4", "--confidence", "4", "--skill-games", "0", "--report", out, "-q")
    assert code in (0, 1), err
    assert (out / "cards.pdf").read_bytes() == cards and (out / "report.json").exists()
    # another deck's report is refused rather than emptying the build
    code, _, err = run(capsys, "validate", "multiplicats", "--tables", "3", "--games", "4", "--confidence", "4", "--skill-games", "0", "--report", out, "-q")
    assert code == 2 and "of another deck" in err and (out / "cards.pdf").read_bytes() == cards


@pytest.mark.parametrize("command", ["rules", "preview"])
def test_rules_and_preview_never_mix_two_decks(tmp_path, capsys, command):
    out = tmp_path / "om"
    assert run(capsys, "build", "multiplicats", "--tables", "3-9", "--out", out, "-q")[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    for other in (["mgc"], ["multiplicats", "--tables", "3-8"]):
        code, _, err = run(capsys, command, *other, "--out", out, "-q")
        assert code == 2 and err.count("error:") == 1 and "of another deck" in err, err
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    # a folder holding only that command's own files of another deck is simply rewritten
    solo = tmp_path / "solo"
    assert run(capsys, command, "multiplicats", "--tables", "2", "--out", solo, "-q")[0] == 0
    assert run(capsys, command, "mgc", "--out", solo, "-q")[0] == 0
    assert publish.read_manifest(solo)["deck"].startswith("mgc:")


@pytest.mark.parametrize("length", [200, 240, 250, 255])
def test_a_long_output_name_works_and_its_hidden_names_stay_short(tmp_path, capsys, length):
    out = tmp_path / ("d" * length)
    assert len(publish.hidden_name(out, "staging")) <= 255 and len(publish.lock_path(out).name) <= 255
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0  # and again over it


def test_a_name_too_long_for_the_system_is_named_as_such(tmp_path, capsys):
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", tmp_path / ("é" * 130), "-q")
    assert code == 2 and err.count("error:") == 1 and "260 bytes long" in err and "at most 255 bytes" in err
    assert list(tmp_path.iterdir()) == []


def test_shortened_hidden_names_of_a_long_name_are_recovered(tmp_path):
    out = tmp_path / ("x" * 250)
    pid = dead_pid()
    base = publish.hidden_base(out)
    assert base != out.name and publish.hidden_base(out) == base  # shortened, the same every time
    make_old(tmp_path / f".{base}.old-{pid}-abcd0123")
    leftover(tmp_path, f".{base}.staging-{pid}-abcd0123", pid)
    recover(out)
    assert contents(out) == OLD and siblings(out) == []


def test_sigterm_stops_a_build_and_removes_its_staging_folder(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    out = tmp_path / "deck"
    make_old(out)
    slow = (  # the build stops in the rulebook, with its cards written, until the signal comes
        "import sys, time; import deckgen.pipeline as p; real = p.write_rulebook; "
        "p.write_rulebook = lambda *a, **k: (time.sleep(120), real(*a, **k))[1]; "
        "from deckgen.main import main; main(sys.argv[1:])"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", slow, "build", "multiplicats", "--tables", "1", "--out", str(out), "-q"],
        env=env, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 120
    while not any((p / "deck.json").exists() for p in tmp_path.iterdir() if ".staging-" in p.name):
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(60) == 143
    assert proc.stderr.read() == "error: terminated\n"
    assert contents(out) == OLD and siblings(out) == []


# ---------------------------------------------------------------- folders deckgen must not replace


def test_a_folder_with_files_deckgen_did_not_write_is_refused(tmp_path, capsys):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "holiday.jpg").write_text("photo")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "--quiet")
    assert code == 2 and "holds 'holiday.jpg', which deckgen did not write" in err
    assert [p.name for p in out.iterdir()] == ["holiday.jpg"]


def test_a_folder_named_like_a_rulebook_in_an_old_output_folder_is_refused_before_any_work(tmp_path, capsys):
    out = tmp_path / "old-style"
    out.mkdir()
    for name in ("cards.pdf", "deck.json", "rulebook-es.pdf"):
        (out / name).write_text("old")
    (out / "rulebook-en.pdf").mkdir()
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1-10", "--lang", "all", "--out", out, "--quiet")
    assert code == 2 and "'rulebook-en.pdf', which deckgen did not write" in err
    assert sorted(p.name for p in out.iterdir()) == ["cards.pdf", "deck.json", "rulebook-en.pdf", "rulebook-es.pdf"]
    assert (out / "cards.pdf").read_text() == "old" and siblings(out) == []


def test_an_old_output_folder_without_the_marker_is_replaced(tmp_path, capsys):
    out = tmp_path / "old-style"
    out.mkdir()
    for name in ("cards.pdf", "deck.json", "rulebook-en.pdf", "preview-01.png", ".cards.pdf.x1.staged"):
        (out / name).write_text("old")
    code, _, _ = run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "--quiet")
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"]


@pytest.mark.parametrize("where", ["", ".", "here"])
def test_the_current_folder_is_never_an_output_folder(tmp_path, monkeypatch, capsys, where):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "here").mkdir()
    if where == "here":
        monkeypatch.chdir(tmp_path / "here")
        where = ".."
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", where, "--quiet")
    assert code == 2 and "is the current folder or holds it" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["here"]


def test_a_stale_rulebook_of_an_earlier_build_does_not_survive(tmp_path, capsys):
    out = tmp_path / "deck"
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--lang", "all", "--out", out, "-q")[0] == 0
    assert (out / "rulebook-en.pdf").exists()
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--lang", "es", "--out", out, "-q")[0] == 0
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"]


@pytest.mark.parametrize("command", [("build",), ("rules", "--lang", "en"), ("preview",)])
def test_a_file_changed_since_deckgen_wrote_it_is_never_replaced(tmp_path, capsys, command):
    """A teacher annotates cards.pdf (or a rulebook) in a PDF editor and saves it in place: the next
    build, rules or preview into that folder is refused before any work, every file as it was."""
    out = tmp_path / "deck"
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0
    assert sorted(publish.read_manifest(out)["sha256"]) == ["cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"]
    assert publish.changed_files(out) == []
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0  # unchanged: replaced as ever
    edited = "rulebook-es.pdf" if command[0] == "rules" else "cards.pdf"
    (out / edited).write_bytes((out / edited).read_bytes() + b"%% the teacher's note\n")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    code, _, err = run(capsys, command[0], "multiplicats", "--tables", "1", *command[1:], "--out", out, "-q")
    assert code == 2 and err == (f"error: the output folder {out} holds '{edited}', changed since deckgen wrote it; a build replaces "
                                 "its folder whole, so move that file out of the folder to keep your changes, or choose another "
                                 "folder (--out DIR)\n")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before and siblings(out) == []
    assert publish.changed_files(out) == [edited]
    (out / edited).rename(tmp_path / edited)  # moved out, as the message says: the next build goes ahead
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0
    assert (tmp_path / edited).read_bytes() == before[edited]


def test_a_marker_without_digests_or_with_odd_ones_changes_nothing(tmp_path):
    out = tmp_path / "deck"
    out.mkdir()
    (out / "cards.pdf").write_text("cards")
    for digests in ("", ', "sha256": null', ', "sha256": {"cards.pdf": 5}', ', "sha256": {"../x": "ab", "cards.pdf/": "cd"}'):
        (out / MARKER).write_text(publish.MARKER_TEXT + '{"deckgen": 1, "owner": null, "deck": null, "files": ["cards.pdf"]%s}\n' % digests)
        assert publish.changed_files(out) == [], digests
    (out / MARKER).write_text(publish.MARKER_TEXT + '{"deckgen": 1, "owner": null, "deck": null, "files": ["cards.pdf"], "sha256": {"cards.pdf": "00"}}\n')
    assert publish.changed_files(out) == ["cards.pdf"]


def test_rules_and_preview_keep_the_build_beside_them(tmp_path, capsys):
    out = tmp_path / "deck"
    assert run(capsys, "build", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0
    cards = (out / "cards.pdf").read_bytes()
    assert run(capsys, "rules", "multiplicats", "--tables", "1", "--lang", "en", "--out", out, "-q")[0] == 0
    assert run(capsys, "preview", "multiplicats", "--tables", "1", "--out", out, "-q")[0] == 0
    names = sorted(p.name for p in out.iterdir() if not p.name.startswith("preview-"))
    assert names == [MARKER, "cards.pdf", "deck.json", "preparing-en.pdf", "preparing-es.pdf", "rulebook-en.pdf", "rulebook-es.pdf"]
    assert (out / "preview-01.png").exists()
    assert (out / "cards.pdf").read_bytes() == cards


def test_a_rulebook_failure_leaves_the_previous_build_untouched(tmp_path, monkeypatch, capsys):
    out = tmp_path / "deck"
    assert run(capsys, "build", "multiplicats", "--tables", "1-2", "--out", out, "--quiet")[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert set(before) == {MARKER, "cards.pdf", "deck.json", "preparing-es.pdf", "rulebook-es.pdf"}

    def broken(*args, **kwargs):
        raise RuntimeError("template exploded")

    monkeypatch.setattr("deckgen.pipeline.write_rulebook", broken)
    with pytest.raises(RuntimeError):
        run(capsys, "build", "multiplicats", "--tables", "3-4", "--out", out, "--quiet")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert siblings(out) == []


# ---------------------------------------------------------------- two builds interleaved (hypothesis)

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

DEAD = dead_pid()
NAMES = ["deck", "deck.old-1", "deck.staging-1", "deck.lock", ".deck", "deck~1"]
USER_FOLDERS = [".deck.old-mine", f".deck.staging-{DEAD}-x", f".deck.old-{DEAD}.bak", f".deck.old-{DEAD}-abc",
                f".deck.old-1.staging-{DEAD}-abcd0123.x", f".deck.staging-{DEAD}-abcd01234"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    names=st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES)),
    order=st.permutations(["A-enter", "A-exit", "B-enter", "B-exit"]).filter(
        lambda o: o.index("A-enter") < o.index("A-exit") and o.index("B-enter") < o.index("B-exit")),
    fails=st.tuples(st.sampled_from(["no", "error", "killed"]), st.sampled_from(["no", "error", "killed"])),
    existing=st.tuples(st.booleans(), st.booleans()),
    atomic=st.booleans(),
    users=st.lists(st.sampled_from(USER_FOLDERS), unique=True, max_size=3),
)
def test_two_interleaved_builds_never_lose_or_mix_anything(tmp_path_factory, names, order, fails, existing, atomic, users):
    root = tmp_path_factory.mktemp("interleaved")
    outs = {"A": root / names[0], "B": root / names[1]}
    for (who, out), old in zip(outs.items(), existing):
        if old and not out.exists():
            make_old(out)
    for name in users:
        (root / name / "sub").mkdir(parents=True)
        (root / name / "sub" / "f.txt").write_text(name)
        (root / name / MARKER).write_text(publish.MARKER_TEXT)
    expected = {out: contents(out) for out in outs.values()}  # what each folder must hold: the last published
    real = publish._renameat2
    if not atomic:
        publish._renameat2 = lambda: None
    managers, stages = {}, {}
    try:
        for step in order:
            who, what = step.split("-")
            if what == "enter":
                managers[who] = publishing(outs[who], wait=0)
                try:
                    stages[who] = managers[who].__enter__()
                except DeckgenError as exc:  # only when the other build holds the same folder
                    assert "another deckgen is writing" in str(exc) and outs["A"] == outs["B"]
                    continue
                (stages[who] / "cards.pdf").write_text(f"cards of {who}")
            elif who in stages:
                fail = fails["AB".index(who)]
                if fail == "killed":  # as if killed here: its staging folder stays behind, its process gone
                    shutil.copytree(stages[who], stages[who].with_name(stages[who].name.replace(f"-{os.getpid()}-", f"-{DEAD}-")))
                if fail != "no":  # the build broke: the error goes on, the folder stays
                    assert not managers[who].__exit__(RuntimeError, RuntimeError("broke"), None)
                else:
                    managers[who].__exit__(None, None, None)
                    expected[outs[who]] = {MARKER: publish.MARKER_TEXT, "cards.pdf": f"cards of {who}"}
                for out in outs.values():  # after every step each folder is whole: old or new
                    assert contents(out) == expected[out], (who, step)
    finally:
        publish._renameat2 = real
    for out in outs.values():  # the next build into each folder cleans what the killed ones left
        with publishing(out) as stage:
            (stage / "cards.pdf").write_text("next")
    for name in users:
        assert (root / name / "sub" / "f.txt").read_text() == name
    visible = {p.name for p in root.iterdir() if not p.name.startswith(".")} | set(users)
    hidden = sorted(p.name for p in root.iterdir() if p.name not in visible and p.name not in NAMES)
    assert hidden == [], hidden


@pytest.mark.parametrize("argv", [["calibrate"], ["puzzle", "hectoedra", "--sets", "1", "--size", "6"],
                                  ["sweep", "multiplicats", "--vary", "tables=1|2", "--games", "4", "--players", "2"]],
                         ids=lambda a: a[0])
def test_commands_without_a_deck_never_replace_a_build(tmp_path, capsys, argv):
    out = tmp_path / "b"
    assert run(capsys, "build", "multiplicats", "--tables", "2", "--out", out, "-q")[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    code, _, err = run(capsys, *argv, "--out", out, "-q")
    assert code == 2 and err.count("error:") == 1 and "holds a deck's build (multiplicats)" in err, err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
