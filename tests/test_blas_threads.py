"""The `deckgen` command keeps numpy's BLAS to one thread (deckgen/main.py): its work is spread over
processes, and a BLAS pool would spin a second thread after each product. A user's own setting wins."""

from __future__ import annotations

import os
import subprocess
import sys

NAMES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
SHOW = "import os, deckgen.main; print(' '.join(os.environ[k] for k in %r))" % (NAMES,)


def _run(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in NAMES}
    done = subprocess.run([sys.executable, "-c", SHOW], capture_output=True, text=True, env={**clean, **env}, check=True)
    return done.stdout.split()


def test_the_command_sets_one_blas_thread_before_numpy_is_imported():
    assert _run() == ["1", "1", "1"]
    # numpy reads the setting when it is first imported: the command's start-up must not import it
    done = subprocess.run([sys.executable, "-c", "import sys, deckgen.main; print('numpy' in sys.modules)"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_users_own_thread_setting_is_kept():
    assert _run(OPENBLAS_NUM_THREADS="3", OMP_NUM_THREADS="2") == ["3", "2", "1"]
