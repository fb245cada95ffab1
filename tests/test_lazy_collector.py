"""A lazily loaded module, and the command line at start-up, load with the cyclic garbage collector
paused; what they loaded is then kept out of later collections, and the collector is left as it was
(deckgen.lazy.settled, issue 33: PDF writing). Run in fresh processes: freezing is for the whole
process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import gc, sys
sys.path.insert(0, sys.argv[1])
from deckgen.lazy import lazy_module
seen = []
gc.callbacks.append(lambda phase, info: seen.append(phase))
start = gc.isenabled()
if sys.argv[2] == "off":
    gc.disable()
module = lazy_module("probe")
frozen_before = gc.get_freeze_count()
print("value", module.VALUE)
print("collections while it ran", module.COLLECTIONS)
print("enabled after", gc.isenabled(), "as before", gc.isenabled() == (sys.argv[2] != "off"))
print("frozen grew", gc.get_freeze_count() > frozen_before + 10000)
print("keeps its source", "VALUE = 7" in module.__loader__.get_source("probe"))
try:
    lazy_module("broken").X
except ZeroDivisionError:
    print("after a failure enabled", gc.isenabled())
"""

MODULE = r"""
import gc, sys
_mark = len(sys.modules["__main__"].seen)
junk = [[[i]] for i in range(60000)]  # container objects: many collections if the collector ran
COLLECTIONS = len(sys.modules["__main__"].seen) - _mark
VALUE = 7
"""


def _run(tmp_path, mode):
    (tmp_path / "probe.py").write_text(MODULE)
    (tmp_path / "broken.py").write_text("X = 1 / 0\n")
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path), mode], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_module_loads_without_collections_and_is_frozen_after(tmp_path):
    out = _run(tmp_path, "on")
    assert out == [
        "value 7",
        "collections while it ran 0",
        "enabled after True as before True",
        "frozen grew True",
        "keeps its source True",
        "after a failure enabled True",
    ]


def test_a_collector_turned_off_stays_off(tmp_path):
    out = _run(tmp_path, "off")
    assert out[2] == "enabled after False as before True" and out[-1] == "after a failure enabled False"


def test_the_command_line_loads_settled_and_leaves_the_collector_on():
    probe = "import gc\nimport deckgen.main\nprint(gc.isenabled(), gc.get_freeze_count() > 10000)\n"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split() == ["True", "True"]
