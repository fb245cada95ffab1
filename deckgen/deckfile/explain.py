"""A deck file's problems in the user's language, from what the readers report: Python's TOML reader
(each of its complaints is one fixed English sentence, found here by its words and told again as a
catalog message) and pydantic's schema errors (told from their type and values, never from their
English ``msg``). A complaint neither knows keeps the reader's own words.
"""

from __future__ import annotations

import re
import typing
from typing import Any

from deckgen.errors import AsWritten
from deckgen.i18n import Listing, N_, _, ngettext

# ---------------------------------------------------------------- TOML

# tomllib's fixed complaints (Python 3.11 to 3.13), each with what it means for a deck file's writer
TOML_FIXED = {
    "Invalid value": N_("a value is missing or cannot be read (text goes in quotes: \"like this\")"),
    "Cannot overwrite a value": N_("this key already has a value; give each key once"),
    "Expected '=' after a key in a key/value pair": N_("a key must be followed by = and its value"),
    "Expected newline or end of document after a statement": N_("something follows a value on its line; "
                                                                "put one key = value on each line"),
    "Expected ']' at the end of a table declaration": N_("a [table] heading is not closed with ]"),
    "Expected ']]' at the end of an array declaration": N_("a [[table]] heading is not closed with ]]"),
    "Unclosed array": N_("a list is not closed with ], or two of its values lack a comma between them"),
    "Unclosed inline table": N_("a {{…}} table is not closed with }}, or two of its values lack a comma between them"),
    "Unterminated string": N_("a text is not closed with its quotes"),
    "Invalid statement": N_("this line is neither key = value nor a [table] heading"),
    "Invalid initial character for a key part": N_("a key is missing or starts with a character a key cannot hold"),
    "Invalid date or datetime": N_("a date that cannot be read"),
    "Invalid hex value": N_("a \\u escape in a text is not a valid hexadecimal number"),
    "Escaped character is not a Unicode scalar value": N_("a \\u escape in a text is not a character"),
    "Unescaped '\\' in a string": N_("a \\ in a text must be written \\\\ (or use 'single quotes')"),
}
_AT = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")


def toml_problem(exc: Exception, text: str) -> tuple[int | None, Any]:
    """(line, message) of tomllib's error ``exc`` about the document ``text``."""
    raw = str(exc.args[0] if exc.args else exc)
    where = _AT.search(raw)
    english = raw[: where.start()] if where else raw
    line: int | None = getattr(exc, "lineno", None)
    column = None
    if where and where.group(1):
        line, column = int(where.group(1)), int(where.group(2))
    elif where:  # at the end of the document
        line = text.count("\n") + (0 if text.endswith("\n") else 1) or None
    problem = _toml_words(english)
    if column is not None:
        return line, _("not valid TOML: {problem} (column {column})", problem=problem, column=column)
    if where:
        return line, _("not valid TOML: {problem} (at the end of the file)", problem=problem)
    return line, _("not valid TOML: {problem}", problem=problem)


def _toml_words(english: str) -> Any:
    if english in TOML_FIXED:
        return _(TOML_FIXED[english])
    for start, words in (
        ("Cannot declare ", lambda rest: _("the table {name} is declared twice", name=_key(rest.removesuffix(" twice")))),
        ("Duplicate inline table key ", lambda rest: _("the key {name} is given twice in one {{…}} table", name=rest)),
        ("Cannot mutate immutable namespace ", lambda rest: _("the table {name} was written whole already; add to it there",
                                                              name=_key(rest))),
        ("Cannot redefine namespace ", lambda rest: _("the table {name} is declared twice", name=_key(rest))),
        ("Illegal character ", lambda rest: _("the character {char} cannot stand here (a text's line break needs \"\"\"three quotes\"\"\")",
                                              char=rest)),
        ("Found invalid character ", lambda rest: _("the character {char} cannot stand here", char=rest)),
        ("Expected ", lambda rest: _("{char} is missing here", char=rest)),
    ):
        if english.startswith(start):
            return words(english[len(start):])
    return english  # a complaint of another Python version: its own words


def _key(shown: str) -> str:
    """tomllib shows a key as a tuple, ('print', 'x'): as the file writes it, print.x."""
    parts = re.findall(r"'((?:[^'\\]|\\.)*)'", shown)
    return ".".join(parts) if parts else shown


# ---------------------------------------------------------------- the schema (pydantic)

KINDS = {
    "string_type": N_("text in quotes"),
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "float_type": N_("a number"),
    "float_parsing": N_("a number"),
    "bool_type": N_("true or false"),
    "list_type": N_("a list [ … ]"),
    "dict_type": N_("a table"),
    "model_type": N_("a table"),
    "model_attributes_type": N_("a table"),
}


def schema_problem(err: dict[str, Any], model: Any = None) -> Any:
    """pydantic's error ``err`` (one of ``ValidationError.errors()``) as a message; ``model`` is the
    model its location starts from (for the choices of a Literal field)."""
    kind, ctx, got = err["type"], err.get("ctx") or {}, err.get("input")
    shown = not isinstance(got, (dict, list))
    if kind in KINDS:
        return _got(_("should be {kind}", kind=_(KINDS[kind])), got, shown)
    if kind == "literal_error":
        choices = _choices(model, tuple(err["loc"]))
        if choices:
            return _got(_("should be {choices}", choices=Listing([repr(c) for c in choices], "or")), got, shown)
        return _got(_("should be {choices}", choices=ctx.get("expected", "")), got, shown)
    bounds = {
        "greater_than_equal": lambda: _("should be at least {n}", n=_plain(ctx.get("ge"))),
        "less_than_equal": lambda: _("should be at most {n}", n=_plain(ctx.get("le"))),
        "greater_than": lambda: _("should be more than {n}", n=_plain(ctx.get("gt"))),
        "less_than": lambda: _("should be less than {n}", n=_plain(ctx.get("lt"))),
        "finite_number": lambda: _("should be a finite number"),
    }
    if kind in bounds:
        if isinstance(got, float) and got != got:  # nan: no bound it breaks says what is wrong with it
            kind = "finite_number"
        return _got(bounds[kind](), got, shown)
    if kind == "too_short":
        n = int(ctx.get("min_length", 1))
        return ngettext("should hold at least {n} item, not {actual}", "should hold at least {n} items, not {actual}", n,
                        actual=ctx.get("actual_length", 0))
    if kind == "too_long":
        n = int(ctx.get("max_length", 0))
        return ngettext("should hold at most {n} item", "should hold at most {n} items", n)
    if kind == "string_too_long":
        n = int(ctx.get("max_length", 0))
        return ngettext("is too long: at most {n} character", "is too long: at most {n} characters", n)
    if kind == "missing":
        return _("is required")
    if kind in ("value_error", "assertion_error"):
        error = ctx.get("error")
        said = error.args[0] if isinstance(error, Exception) and error.args else None
        if said is not None:  # (a message that quotes the value itself is not followed by it again)
            return _got(said, got, shown and not getattr(error, "names_value", False))
    return _got(err["msg"], got, shown)  # a complaint pydantic words itself (not met by deckgen's schemas)


def _plain(value: Any) -> Any:
    """10.0 -> 10: a bound as a person writes it."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _got(message: Any, got: Any, shown: bool) -> Any:
    return _("{problem} (got {value!r})", problem=message, value=AsWritten(got)) if shown else message  # as the file writes it


def _choices(model: Any, loc: tuple) -> tuple | None:
    """The values a Literal field at ``loc`` takes, or None."""
    if model is None or not loc:
        return None
    from deckgen.deckfile.schema import field_at, model_at

    parent = model_at(model, loc[:-1])
    field = field_at(parent, loc[-1])
    if field is None:
        return None
    annotation = field.annotation
    for arg in (annotation, *typing.get_args(annotation)):
        if typing.get_origin(arg) is typing.Literal:
            return typing.get_args(arg)
    return None


def union_tag(model: Any, loc: tuple) -> bool:
    """``loc``'s last part names a member of a union (pydantic's 'str', 'list[float]'), not a field."""
    if model is None or len(loc) < 2:
        return False
    from deckgen.deckfile.schema import field_at, keys, model_at

    parent = model_at(model, loc[:-2])
    field = field_at(parent, loc[-2])
    return field is not None and len(typing.get_args(field.annotation)) > 1 and str(loc[-1]) not in keys(parent)
