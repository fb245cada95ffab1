"""Results of checks on a deck: static (counting) or from simulation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from deckgen.errors import DeckgenError


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str = ""
    seed: int | None = None  # the seed that reproduces a failure found by simulation
    hint: str = ""  # what to change when it fails, naming the option or card: "a lower --target-score"
    proof: str = ""  # what the claim rests on: "proven" (argument or exhaustive search) or "sampled"

    def line(self) -> str:
        mark = "ok  " if self.ok else "FAIL"
        extra = f" (seed {self.seed})" if self.seed is not None else ""
        proof = f" [{self.proof}]" if self.proof else ""
        text = f"{mark} {self.name}: {self.detail}{proof}{extra}" if self.detail else f"{mark} {self.name}{proof}{extra}"
        return text + (f"; try: {self.hint}" if self.hint and not self.ok else "")


def check(name: str, ok: bool, detail: str = "", seed: int | None = None, hint: str = "", proof: str = "") -> Check:
    return Check(name=name, ok=bool(ok), detail=detail, seed=seed, hint=hint, proof=proof)


def expect_equal(name: str, actual: object, expected: object, hint: str = "") -> Check:
    ok = actual == expected
    detail = f"{actual}" if ok else f"found {actual}, expected {expected}"
    return Check(name, ok, detail, hint=hint)


def failures(checks: Iterable[Check]) -> list[Check]:
    return [c for c in checks if not c.ok]


def require(checks: Sequence[Check], what: str) -> None:
    """Raise a DeckgenError naming every failed check."""
    bad = failures(checks)
    if bad:
        reasons = "; ".join(f"{c.name}" + (f" [{c.proof}]" if c.proof else "") + f": {c.detail}" + (f" (try: {c.hint})" if c.hint else "") for c in bad)
        raise DeckgenError(f"{what} is refused: {reasons} (use --force to build it anyway)")
