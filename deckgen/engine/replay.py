"""A counterexample as data, and its words in any language.

The model checker (engine/modelcheck.py) records a path through a game's positions as **steps**: who
acted (a seat, or chance) and what happened, as a *term* ``(name, args)``: ``("plays", (card,))``,
``("deal", (hands, turned_up))``. The position a path reaches is a term too. An argument is a number,
a string (a card's printed name: the same in every language), another term, or a list of terms.

One function, :func:`say`, turns a term into words in a language, from a table of templates
``{name: {"en": "plays {0}", "es": "juega {0}", "sep": "; "}}``: this module's own words (a seat, the
frame of a counterexample) and the game's words for its moves and positions (the game's
``labels.py``, offered by its model as ``words``). It knows no game. A state that offers no terms is
told by its own ``action_to_string`` and kin, wrapped as ``("text", (words,))``: the same in every
language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

Term = tuple  # (name, args): args a tuple of numbers, strings, terms or lists of terms
Words = Mapping[str, Mapping[str, str]]

# the model checker's own words (a game's words are added to these, and may not change them)
WORDS: dict[str, dict[str, str]] = {
    "text": {"en": "{0}", "es": "{0}"},
    "move": {"en": "seat {0}: {1}", "es": "el asiento {0} {1}"},
    "numbered": {"en": "{0}. {1}", "es": "{0}. {1}"},
    "then": {"en": "then: {0}", "es": "después: {0}"},
    "case": {"en": "{0}, the shortest case: {1}", "es": "{0}; el ejemplo más corto: {1}", "sep": " | "},
    "case in lines": {"en": "{0}, the shortest case:\n{1}", "es": "{0}; el ejemplo más corto:\n{1}", "sep": "\n"},
    "dead end": {"en": "dead end", "es": "callejón sin salida"},
    "no end reachable": {"en": "no end reachable", "es": "no se puede llegar a ningún final"},
    "short deal": {"en": "a deal short of the rulebook ({0})", "es": "un reparto más corto que el del reglamento ({0})"},
    "way out": {"en": "{0} legal moves and draws lead from the repeated position to an end: {1}",
                "es": "{0} jugadas y robos válidos llevan de la posición repetida a un final: {1}", "sep": "; "},
    "more": {"en": " ...", "es": " …"},
    "ends when replayed": {"en": "the game ends when replayed", "es": "la partida termina al volver a jugarla"},
}


def say(term: Any, lang: str = "en", words: Words | None = None) -> str:
    """``term`` in words of ``lang`` (English where a template has no ``lang``)."""
    if isinstance(term, (int, float, str)):
        return str(term)
    name, args = term
    table = (words or {}).get(name) or WORDS.get(name)
    if table is None:
        raise KeyError(f"no words for {name!r}")
    template = table.get(lang, table["en"])
    sep = table.get("sep", ", ")
    shown = [sep.join(say(a, lang, words) for a in arg) if isinstance(arg, list) else say(arg, lang, words) for arg in args]
    return template.format(*shown)


@dataclass(frozen=True)
class Step:
    """One edge of a path: ``actor`` the seat that moved (None: a chance outcome), ``event`` its term."""

    actor: int | None
    event: Term

    def term(self) -> Term:
        return self.event if self.actor is None else ("move", (self.actor, self.event))

    def to_json(self) -> dict[str, Any]:
        return {"actor": self.actor, "event": _json(self.event)}


def _json(term: Any) -> Any:
    if isinstance(term, tuple):
        return [term[0], [_json(a) for a in term[1]]]
    if isinstance(term, list):
        return [_json(a) for a in term]
    return term


@dataclass
class Path:
    """Steps from a position, with the game's words to tell them."""

    steps: list[Step]
    words: Words = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.steps)

    def said(self, lang: str = "en") -> list[str]:
        return [say(s.term(), lang, self.words) for s in self.steps]

    def way_out(self, lang: str = "en", show: int = 8) -> str:
        """"N legal moves and draws lead from the repeated position to an end: …" (the first ``show``)."""
        text = say(("way out", (len(self.steps), [s.term() for s in self.steps[:show]])), lang, self.words)
        return text + (say(("more", ()), lang) if len(self.steps) > show else "")


@dataclass
class Replay:
    """A counterexample a person can follow: the deal, each move, the position that cannot go on."""

    kind: str  # "dead end", "no end reachable" or "short deal"
    path: Path
    at: Term  # the last position
    trap: int = 0  # positions in the closed set without an end (for "no end reachable")
    detail: str = ""  # for "short deal": the game's sentence for the shortfall

    @property
    def what(self) -> str:
        """What it shows, in English: "no end reachable", "a deal short of the rulebook (…)"."""
        return self.heading()

    @property
    def steps(self) -> list[str]:
        return self.path.said()

    @property
    def position(self) -> str:
        return say(self.at, "en", self.path.words)

    def heading(self, lang: str = "en") -> str:
        return say((self.kind, (self.detail,) if self.kind == "short deal" else ()), lang)

    def lines(self, lang: str = "en") -> list[str]:
        out = [say(("numbered", (i + 1, s)), lang) for i, s in enumerate(self.path.said(lang))]
        out.append(say(("then", (self.at,)), lang, self.path.words))
        return out

    def text(self, lang: str = "en", lines: bool = False) -> str:
        """The whole counterexample on one line: "no end reachable, the shortest case: 1. … | then: …"
        (``lines``: each step on a line of its own, for a page)."""
        return say(("case in lines" if lines else "case", (self.heading(lang), [("text", (x,)) for x in self.lines(lang)])), lang)

    def to_json(self) -> dict[str, Any]:
        return {"what": self.heading(), "steps": self.steps, "position": self.position, "trap": self.trap,
                "moves": [s.to_json() for s in self.path.steps], "at": _json(self.at)}


def phrases_in(texts: Mapping[str, Any], lang: str, lines: bool = False) -> dict[str, str]:
    """Each part of a report told from data (``Report.phrases``: its English words -> the part) in
    ``lang``; with ``lines``, a counterexample a step a line (for a page's list)."""
    return {english: part.text(lang, lines=True) if lines and isinstance(part, Replay) else part.text(lang)
            for english, part in texts.items()}
