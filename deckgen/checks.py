"""Results of checks on a deck: static (counting) or from simulation.

A check's ``name``, ``detail`` and ``hint`` are catalog messages (``deckgen.i18n``): their ``str``
content is the English (JSON and comparisons stay stable) and they are shown in the language in force.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from deckgen.errors import DeckgenError
from deckgen.i18n import Listing, Msg, _, pgettext
from deckgen.i18n.message import text_in

PROVEN_WORD = pgettext("claim", "proven")
SAMPLED_WORD = pgettext("claim", "sampled")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str = ""
    seed: int | None = None  # the seed that reproduces a failure found by simulation
    hint: str = ""  # what to change when it fails, naming the option or card: "a lower --target-score"
    proof: str = ""  # what the claim rests on: "proven" (argument or exhaustive search) or "sampled"

    def told(self) -> str:
        """What it found, with what the claim rests on, the seed and what to try: "0.061 ± 0.001, must
        be at least 0.050: … [sampled] (seed 3); try: …" (a message, shown in the language in force)."""
        text: Any = self.detail
        if self.proof:
            text = _("{text} [{proof}]", text=text, proof=claim_word(self.proof)) if text else _("[{proof}]", proof=claim_word(self.proof))
        if self.seed is not None:
            text = _("{text} (seed {seed})", text=text, seed=self.seed) if text else _("(seed {seed})", seed=self.seed)
        if self.hint and not self.ok:
            text = _("{text}; try: {hint}", text=text, hint=self.hint) if text else _("try: {hint}", hint=self.hint)
        return text

    def line(self) -> str:
        """The check as a report line, in the language in force: "ok   name: detail" / "FAIL name: …"."""
        marks = (pgettext("check", "ok"), pgettext("check", "FAIL"))
        width = max(len(str(m)) for m in marks)
        mark = f"{str(marks[0] if self.ok else marks[1]):<{width}}"
        told = str(self.told())
        return str(_("{mark} {name}: {detail}", mark=mark, name=self.name, detail=told) if told
                   else _("{mark} {name}", mark=mark, name=self.name))


def claim_word(proof: str) -> Msg | str:
    """"proven" / "sampled" as the report shows it."""
    return {"proven": PROVEN_WORD, "sampled": SAMPLED_WORD}.get(proof, proof)


def check(name: str, ok: bool, detail: str = "", seed: int | None = None, hint: str = "", proof: str = "") -> Check:
    return Check(name=name, ok=bool(ok), detail=detail, seed=seed, hint=hint, proof=proof)


def expect_equal(name: str, actual: object, expected: object, hint: str = "", show: Any = None) -> Check:
    """``actual`` must equal ``expected``; ``show`` gives a value as the report shows it (default:
    counts by name as :class:`Counts`, anything else as Python writes it)."""
    ok = actual == expected
    see = show or shown
    detail = see(actual) if ok else _("found {actual}, expected {expected}", actual=see(actual), expected=see(expected))
    return Check(name, ok, detail, hint=hint)


def shown(value: object) -> object:
    """A value a check found, as the report shows it: counts by name as :class:`Counts`, other
    values as they are."""
    return Counts(value) if isinstance(value, dict) else value if isinstance(value, str) else str(value)


class Joined(Listing):
    """Several values (each a message or not) one after another with ``sep`` between them, shown in
    the language in force: a list of things (steps, groups, reasons), never a sentence built from
    fragments."""

    sep: str

    def __new__(cls, items: Iterable[Any], sep: str = ", ") -> "Joined":
        items = tuple(items)
        self = str.__new__(cls, sep.join(text_in(i, "en") for i in items))
        self.items, self.style, self.sep = items, "", sep
        return self

    def render(self, lang: str) -> str:
        return self.sep.join(text_in(i, lang) for i in self.items)

    def __reduce__(self) -> Any:
        return (Joined, (self.items, self.sep))


class Counts(Listing):
    """How many of each thing a check counted ("blue: 2, red: 2"), each name a message where
    ``names`` gives one (a colour), else as written (a card's id, its ``_`` a space; a number)."""

    counts: tuple
    names: tuple

    def __new__(cls, counts: Mapping[Any, Any], names: Mapping[Any, Any] | None = None) -> "Counts":
        counts_, names_ = tuple(counts.items()), tuple((names or {}).items())
        self = str.__new__(cls, _counted(counts_, names_, "en"))
        self.counts, self.names = counts_, names_
        self.items, self.style = (), ""
        return self

    def render(self, lang: str) -> str:
        return _counted(self.counts, self.names, lang)

    def __reduce__(self) -> Any:
        return (_counts, (self.counts, self.names))


def _counted(counts: tuple, names: tuple, lang: str) -> str:
    if not counts:
        return text_in(_("none"), lang)
    named = dict(names)
    # each count a catalog message around its name (a card's printed name is data, the same in every
    # language; a colour is a message): "Toma dos: 8", one after another as a list of things
    return ", ".join(pgettext("counted", "{name}: {count}", name=named.get(k, str(k).replace("_", " ")), count=v).render(lang)
                     for k, v in counts)


def _counts(counts: tuple, names: tuple) -> Counts:
    return Counts(dict(counts), dict(names))


def failures(checks: Iterable[Check]) -> list[Check]:
    return [c for c in checks if not c.ok]


def require(checks: Sequence[Check], what: str) -> None:
    """Raise a DeckgenError naming every failed check."""
    bad = failures(checks)
    if bad:
        reasons = Joined([_refusal(c) for c in bad], "; ")
        raise DeckgenError(_("{what} is refused: {reasons} (use --force to build it anyway)", what=what, reasons=reasons))


def _refusal(c: Check) -> Msg:
    """A failed check in a refusal: "name [proven]: detail (try: hint)"."""
    name = _("{name} [{proof}]", name=c.name, proof=claim_word(c.proof)) if c.proof else c.name
    if c.hint:
        return _("{name}: {detail} (try: {hint})", name=name, detail=c.detail, hint=c.hint)
    return _("{name}: {detail}", name=name, detail=c.detail)
