"""A game's words about a value the user's deck file gave name the file and its key, never a flag.

A game's checks and errors say what to change by its command-line flag ("fewer --players, or more
--tables", "the --cards option"): right when the value was typed or is a default, but a value the
deck file gave is changed in the file. For such a value (``DeckSpec.origin``: "d.toml: players",
"d.toml: options.tables") every such flag in a check's name, detail and hint, and in an error a
game raises, is shown as the file's key: "fewer players in d.toml", "--removal fewest" as
"options.removal = fewest in d.toml", "--no-specials" as "options.specials = false in d.toml"; the
file is named at the first key a message gives, the keys after it stand alone ("fewer players in
d.toml, or more options.cards").
The shared layers do it (deckgen/pipeline.py) for every game; a game's own messages stay as they are.
Every pipeline command that runs a deck file's spec (build, rules, preview, validate, simulate,
skill, measure, the teacher's sentences) runs under :func:`blames_the_file`, so no command is left
out: an error a game's rules raise deep inside a skill ladder or a design measure is named as the
file's key as in validate's.
"""

from __future__ import annotations

import functools
import re
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Callable, Iterator, Sequence, TypeVar

from deckgen.errors import DeckgenError
from deckgen.i18n import _
from deckgen.i18n.message import Substituted

ENUMERATED = 100  # a whole-number option of at most this many values has "--flag N" said as "key = N in file"


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _end(flag: str) -> str:
    return re.escape(flag) + r"(?![\w-])"


def _file_given(spec: Any) -> Iterator[tuple[str, str, str, Any]]:
    """(flag, who, key, option) of every value ``spec``'s deck file gave: the command-line flag that
    would set it ("--players"), who gave it ("d.toml: players"), the file's key ("players") and the
    game's option (None for a top-level or print value). Values typed on the command line are left
    out, and so is an option the game does not have."""
    source = getattr(spec, "source", "")
    prefix = f"{source}: "
    options = {o.name: o for o in getattr(spec.game, "options", ())}
    from deckgen.spec import PRINT_FLAGS

    print_flags = {f"print.{key}": flag for flag, key in PRINT_FLAGS.items()}
    for given, who in (getattr(spec, "origin", None) or {}).items():
        if not (isinstance(who, str) and source and who.startswith(prefix)):
            continue  # typed on the command line
        key = who[len(prefix):]
        if given.startswith("options."):
            opt = options.get(given[len("options."):])
            if opt is not None:
                yield _flag(opt.name), who, key, opt
        else:
            yield print_flags.get(given) or _flag(given), who, key, None


def renames(spec: Any) -> tuple[tuple[str, Any], ...]:
    """(pattern, words) pairs for every flag whose value ``spec``'s deck file gave: the longest
    (a flag with its value) first."""
    source = getattr(spec, "source", "")
    pairs: list[tuple[str, Any]] = []
    for flag, _who, key, opt in _file_given(spec):
        if opt is not None:
            if opt.flag:
                pairs.append((_end("--no-" + flag[2:]), _set(key, "false", source)))
                pairs.append((_end(flag), _set(key, "true", source)))
                continue
            for value in _values(opt):
                pairs.append((_end(f"{flag} {value}"), _set(key, value, source)))
        named = (_("{key} in {file}", key=key, file=source), key)  # the file named once a message (Substituted)
        pairs.append((_end(f"the {flag} option"), named))  # a detail's "the --cards option"
        pairs.append((_end(flag), named))
    pairs.sort(key=lambda p: -len(p[0]))
    return tuple(pairs)


def file_keys(spec: Any) -> dict[str, str]:
    """The flag of every value ``spec``'s deck file gave, and who gave it ("--players" ->
    "d.toml: players"): an error about such a flag names the file's key instead."""
    out: dict[str, str] = {}
    for flag, who, _key, opt in _file_given(spec):
        out[flag] = who
        if opt is not None and opt.flag:
            out["--no-" + flag[2:]] = who
    return out


def _set(key: str, value: str, source: str) -> tuple[Any, str]:
    """"KEY = VALUE in FILE" where a message first names the file, "KEY = VALUE" after it."""
    return _("{key} = {value} in {file}", key=key, value=value, file=source), f"{key} = {value}"


def _values(opt: Any) -> list[str]:
    """The values "--flag VALUE" may be followed by in a message: the option's words, or its whole
    numbers when they are few."""
    if opt.choices:
        return [str(c) for c in opt.choices]
    bounds = getattr(opt.parse, "bounds", None)
    if bounds and all(isinstance(b, int) for b in bounds) and bounds[1] - bounds[0] <= ENUMERATED:
        return [str(n) for n in range(bounds[1], bounds[0] - 1, -1)]  # 10 before 1
    return []


def reworded(text: Any, pairs: Sequence[tuple[str, Any]]) -> Any:
    """``text`` with the flags of ``pairs`` named as the file's keys (``text`` itself when it names none)."""
    if not pairs or not isinstance(text, str) or "--" not in text:
        return text
    found = [p for p in pairs if re.search(p[0], str.__str__(text))]
    return Substituted(text, found) if found else text


def reworded_checks(checks: Sequence[Any], spec: Any) -> list[Any]:
    """``checks`` with their names, details and hints reworded for ``spec`` (see the module)."""
    pairs = renames(spec)
    if not pairs:
        return list(checks)
    out = []
    for c in checks:
        changed = {f: reworded(getattr(c, f), pairs) for f in ("name", "detail", "hint")}
        out.append(replace(c, **changed) if any(changed[f] is not getattr(c, f) for f in changed) else c)
    return out


@contextmanager
def named_by_file(spec: Any) -> Iterator[None]:
    """An error a game raises inside names the deck file's keys, not the flags (see the module)."""
    try:
        yield
    except DeckgenError as exc:
        if len(exc.args) == 1 and isinstance(exc.args[0], str):
            new = reworded(exc.args[0], renames(spec))
            if new is not exc.args[0]:
                exc.args = (new,)
        if isinstance(exc.option, str) and exc.option.startswith("--"):  # "--players: ..." for the file's players
            exc.option = file_keys(spec).get(exc.option, exc.option)
        raise


Run = TypeVar("Run", bound=Callable[..., Any])


def blames_the_file(run: Run) -> Run:
    """A pipeline command whose first argument is a spec: any error it raises names the deck
    file's keys for the values the file gave (:func:`named_by_file`), whichever step raised it."""

    @functools.wraps(run)
    def blamed(spec: Any, *args: Any, **kwargs: Any) -> Any:
        with named_by_file(spec):
            return run(spec, *args, **kwargs)

    return blamed  # type: ignore[return-value]
