"""A counterexample as data, and its words in any language.

The model checker (engine/modelcheck.py) records a path through a game's positions as **steps**: who
acted (a seat, or chance) and what happened, as a *term* ``(name, args)``: ``("plays", (card,))``,
``("deal", (hands, turned_up))``. The position a path reaches is a term too. An argument is a number,
a string (a card's printed name: the same in every language), another term, or a list of terms.

One function, :func:`say`, turns a term into a catalog message (``deckgen.i18n``), shown in the
language in force: each name has a :class:`Word`, a message whose named placeholders take the
term's arguments in order (a list of terms is shown one after another, ``sep`` between them): this
module's own words (a seat, the frame of a counterexample) and the game's words for its moves and
positions (the game's ``labels.py``, offered by its model as ``words``). It knows no game. A state
that offers no terms is told by its own ``action_to_string`` and kin, wrapped as ``("text",
(words,))``: the same in every language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from deckgen.checks import Joined
from deckgen.i18n import N_, Msg
from deckgen.i18n.message import text_in

Term = tuple  # (name, args): args a tuple of numbers, strings, terms or lists of terms


@dataclass(frozen=True)
class Word:
    """The message a term is said with: ``msgid`` (English, marked with ``N_``, in ``context`` when
    given) and the names of its placeholders, one per argument of the term in order; ``sep`` goes
    between the items of a list. An empty ``msgid`` says its one argument as it is (a list of cards)."""

    msgid: str
    names: tuple[str, ...] = ()
    sep: str = ", "
    context: str | None = None


def word(msgid: Any, *names: str, sep: str = ", ") -> Word:
    """A term's :class:`Word`: ``msgid`` marked with ``N_``, or a message without values (``pgettext``
    for a word that needs a context)."""
    if isinstance(msgid, Msg):
        return Word(msgid.msgid, names, sep, msgid.context)
    return Word(msgid, names, sep)


Words = Mapping[str, Word]

# the model checker's own words (a game's words are added to these, and may not change them)
WORDS: dict[str, Word] = {
    "move": word(N_("seat {seat}: {move}"), "seat", "move"),
    "numbered": word(N_("{number}. {step}"), "number", "step"),
    "then": word(N_("then: {position}"), "position"),
    "case": word(N_("{what}, the shortest case: {steps}"), "what", "steps", sep=" | "),
    "case in lines": word(N_("{what}, the shortest case:\n{steps}"), "what", "steps", sep="\n"),
    "dead end": word(N_("dead end")),
    "no end reachable": word(N_("no end reachable")),
    "short deal": word(N_("a deal short of the rulebook ({shortfall})"), "shortfall"),
    "way out": word(N_("{n} legal moves and draws lead from the repeated position to an end: {steps}"), "n", "steps", sep="; "),
    "way out and more": word(N_("{n} legal moves and draws lead from the repeated position to an end: {steps} ..."), "n", "steps", sep="; "),
    "ends when replayed": word(N_("the game ends when replayed")),
}


def say(term: Any, words: Words | None = None) -> Any:
    """``term`` as a message (shown in the language in force; ``render(lang)`` in any); a number or a
    card's printed name as it is."""
    if isinstance(term, (int, float, str)):
        return term
    name, args = term
    if name == "text":  # a state's own words, the same in every language
        return args[0]
    said = (words or {}).get(name) or WORDS.get(name)
    if said is None:
        raise KeyError(f"no words for {name!r}")
    shown = [Joined([say(a, words) for a in arg], said.sep) if isinstance(arg, list) else say(arg, words) for arg in args]
    if not said.msgid:
        return shown[0]
    return Msg(said.msgid, dict(zip(said.names, shown)), context=said.context)


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

    def said(self) -> list[Any]:
        return [say(s.term(), self.words) for s in self.steps]

    def way_out(self, show: int = 8) -> Msg:
        """"N legal moves and draws lead from the repeated position to an end: …" (the first ``show``)."""
        more = len(self.steps) > show
        return say(("way out and more" if more else "way out", (len(self.steps), [s.term() for s in self.steps[:show]])), self.words)


@dataclass
class Replay:
    """A counterexample a person can follow: the deal, each move, the position that cannot go on."""

    kind: str  # "dead end", "no end reachable" or "short deal"
    path: Path
    at: Term  # the last position
    trap: int = 0  # positions in the closed set without an end (for "no end reachable")
    detail: str = ""  # for "short deal": the game's sentence for the shortfall (a message)

    @property
    def what(self) -> Msg:
        """What it shows: "no end reachable", "a deal short of the rulebook (…)"."""
        return self.heading()

    @property
    def steps(self) -> list[Any]:
        return self.path.said()

    @property
    def position(self) -> Any:
        return say(self.at, self.path.words)

    def heading(self) -> Msg:
        return say((self.kind, (self.detail,) if self.kind == "short deal" else ()))

    def lines(self) -> list[Msg]:
        out = [say(("numbered", (i + 1, s))) for i, s in enumerate(self.path.said())]
        out.append(say(("then", (self.position,))))
        return out

    def message(self, lines: bool = False) -> Msg:
        """The whole counterexample on one line: "no end reachable, the shortest case: 1. … | then: …"
        (``lines``: each step on a line of its own, for a page), shown in the language in force."""
        return say(("case in lines" if lines else "case", (self.heading(), [("text", (x,)) for x in self.lines()])))

    def text(self, lang: str = "en", lines: bool = False) -> str:
        """:meth:`message` in ``lang``."""
        return text_in(self.message(lines), lang)

    def to_json(self) -> dict[str, Any]:
        return {"what": self.heading(), "steps": self.steps, "position": self.position, "trap": self.trap,
                "moves": [s.to_json() for s in self.path.steps], "at": _json(self.at)}
