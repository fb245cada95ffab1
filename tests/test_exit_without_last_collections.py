"""The program hands what it leaves to the exit without the garbage collector's last full passes
(deckgen.main.main, issue 33: PDF writing); called in-process with arguments, it changes nothing
(a test session or another program keeps its collector as it was)."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from deckgen.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_called_with_arguments_the_collector_is_left_alone(capsys):
    before = gc.get_freeze_count()
    main(["list"])
    assert "multiplicats" in capsys.readouterr().out
    assert gc.get_freeze_count() <= before and gc.isenabled()  # nothing frozen (frozen objects may be freed)


def test_as_the_program_what_is_left_is_kept_out_of_the_last_collections_even_after_an_error():
    probe = (
        "import gc, sys\n"
        "from deckgen.main import main\n"
        "sys.argv = ['deckgen'] + sys.argv[1:]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    print('exit', exc.code)\n"
        "print('frozen', gc.get_freeze_count() > 1000)\n"
    )
    for argv, code in ((["list"], None), (["build", "no-such-game"], 2)):
        done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, cwd=ROOT)
        lines = done.stdout.strip().splitlines()
        assert lines[-1] == "frozen True", done.stdout + done.stderr
        assert (lines[-2] == f"exit {code}") if code is not None else not lines[-2].startswith("exit ")
