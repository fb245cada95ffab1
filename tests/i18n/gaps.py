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


# The page's answers are not in the corpus yet (tests/i18n/corpus.py: PAGE).
PAGE_NOT_IN_CORPUS = Gap("web", "the page's answers to the corpus cases (tests/i18n/corpus.py: PAGE is None)", r"$^", r"$^")

# phrases of the option parsers' refusals (deckgen/options.py, deckgen/request.py)
OPTION_WORDS = (r"is out of range \(|the range .* (is out of range|goes backwards)|a value of [\d,]+ characters|"
                r"not a list of numbers|takes no value \(write|unknown option --|its options are|name the game \(or deck file\)|"
                r"give a folder name|expected true or false|expected a whole number, got|is not one of|needs a value$")

KNOWN_GAPS: tuple[Gap, ...] = (
    PAGE_NOT_IN_CORPUS,
    # web: the page's command, the games' option declarations and option words, the option parsers
    Gap("web", "each game's options in `list` and `COMMAND GAME --help`: Option.help, usage() and describe_default() "
               "(deckgen/options.py, the games' OPTIONS)", r"^(list|build \w+ --help|solve hectoedra --help)$", r"^\s+--[\w-]"),
    Gap("web", "a game's label of its options (Game.describe, each game's __init__/labels: mode names and words "
               "such as 'all four modes', 'primes', 'colours') in the build's headline", r"^build ",
        r"^\W*[A-ZÁ][^(]*\((?:[^()]*(?:modes|primes|colours|cards|points|no specials|tables))",
        runs=("qps",)),
    # the reports: card names (the cards' own Spanish names, data) counted in a check's detail read as
    # words in the pseudo-locale; an option's value named in a check's hint is typed as it is
    Gap("langreport", "card names counted in a check's detail ('Toma dos: 8, Retorno: 8')", r"^(validate|failing)",
        r": [^:]+: \d+, [^:]+: \d+", runs=("qps",)),
    Gap("langreport", "an option's value named in Cartas Maestras' hint (--link either)", r"^failing maestras", r"\beither\b", runs=("es",)),
)


def covering(case: str, line: str, run: str) -> Gap | None:
    return next((g for g in KNOWN_GAPS if g is not PAGE_NOT_IN_CORPUS and g.covers(case, line, run)), None)
