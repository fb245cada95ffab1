"""What the corpus tests (test_spanish_corpus.py, test_pseudo_corpus.py) check on what deckgen said,
shared: the lines that hold words outside the catalog (each run says how it finds them), the gaps
that let some through (tests/i18n/gaps.py), and how every case ended."""

from __future__ import annotations

from typing import Callable, Sequence

from i18n.corpus import Said
from i18n.gaps import KNOWN_GAPS, Gap, covering

SHOWN = 40  # problems shown in a failure message


def foreign_lines(said: Sequence[Said], run: str, find: Callable[[str, tuple[str, ...]], list[str]]) -> tuple[list[str], set[Gap]]:
    """Every line holding words ``find`` reports that no known gap covers, and the gaps used."""
    problems, used = [], set()
    for s in said:
        typed = s.typed()
        for stream, line in s.lines():
            found = find(line, typed)
            if not found:
                continue
            gap = covering(s.case.name, line, run)
            if gap is not None:
                used.add(gap)
                continue
            problems.append(f"{s.face} {s.case.name!r} [{stream}] {line[:150]!r}: {found[:5]}")
    return problems, used


def unused_gaps(used: set[Gap], run: str) -> list[Gap]:
    """Known gaps of this run that covered nothing: converted since, so their entry must go."""
    return [g for g in KNOWN_GAPS if run in g.runs and g not in used]


def badly_ended(said: Sequence[Said]) -> list[str]:
    """Cases that did not end as the README promises: a help page or an output exits 0 (a deck that
    is not playable: 1); bad input exits 2 with one ``error:`` line; never a traceback. On the page:
    never a fault of the server (a 5xx) nor a trace, an output answered (2xx), and a deck file's or
    a back image's refusal a 4xx."""
    wrong = []
    for s in said:
        if s.face == "page":
            text = "\n".join(s.out + s.err)
            if "Traceback" in text or any(code >= 500 for code in s.statuses):
                wrong.append(f"page {s.case.name}: {s.statuses}, {s.err[:3]}")
            elif s.case.group == "output" and s.code != 0:
                wrong.append(f"page {s.case.name}: {s.statuses}, {s.err[:3]}")
            elif s.case.name.startswith(("deck file: ", "hostile back image: ")) and s.code != 2:
                wrong.append(f"page {s.case.name}: {s.statuses} for bad input")
            continue
        text = "\n".join(s.err)
        if "Traceback" in text:
            wrong.append(f"{s.case.name}: a traceback")
            continue
        group = s.case.group
        if group == "refusal" and (s.code != 2 or not s.err or len([l for l in s.err if not l.startswith(" ")]) != 1):
            wrong.append(f"{s.case.name}: exit {s.code}, stderr {s.err[:3]}")
        elif group in ("help", "output") and s.code != 0:
            wrong.append(f"{s.case.name}: exit {s.code}, stderr {s.err[:3]}")
        elif group == "failing deck" and s.code not in (1, 2):
            wrong.append(f"{s.case.name}: exit {s.code} for a failing deck")
    return wrong


def shown(problems: list[str]) -> str:
    more = f"\n… and {len(problems) - SHOWN} more" if len(problems) > SHOWN else ""
    return "\n".join(problems[:SHOWN]) + more
