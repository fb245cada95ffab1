"""The parts of deckgen that do not speak from the message catalogs yet: ONE explicit list, which only
shrinks and must end empty (issue 38).

Each gap names its owner, what is not converted yet, and the lines it covers: a regular expression
matched against the name of the corpus case (tests/i18n/corpus.py) and one matched against the line
said. The corpus tests (tests/i18n/test_spanish_corpus.py, test_pseudo_corpus.py) let a line a gap
covers through, and fail on a gap that covers no line any more: when you convert your part, delete
its entry here in the same commit. Nothing is skipped silently: a line no gap covers fails the test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Gap:
    owner: str  # the engineer converting it
    what: str
    cases: str  # regular expression: the corpus cases it may appear in (their names)
    lines: str  # regular expression: the lines it covers
    runs: tuple[str, ...] = ("es", "qps")  # the corpus runs it shows in

    def covers(self, case: str, line: str, run: str) -> bool:
        return run in self.runs and re.search(self.cases, case) is not None and re.search(self.lines, line) is not None


KNOWN_GAPS: tuple[Gap, ...] = ()  # empty: everything deckgen says, on the command line and on the page, is the catalogs'





def covering(case: str, line: str, run: str) -> Gap | None:
    return next((g for g in KNOWN_GAPS if g.covers(case, line, run)), None)
