"""The command line's own words in the user's language: the help pages (usage, arguments, options,
commands, defaults) and the parser's complaints (an unknown option, a missing argument, an extra
one, a value an option needs).

Typer reads each help text once, when the commands are declared, and flattens it to plain English;
its click words ("Usage:", "Options", "No such option") are English. Here each help page is written
when it is shown, from the catalog messages the commands declared (``help=_("...")``,
``metavar=pgettext("metavar", "FOLDER")``), and each of click's errors is told again from its fields
(which option, which argument, which values), never from its English sentence.
"""

from __future__ import annotations

import inspect
from contextlib import contextmanager
from typing import Any, Iterable, Iterator, Sequence

import typer

try:  # typer >= 0.22 carries its own copy of click
    from typer._click import exceptions as click_errors
    from typer._click.formatting import HelpFormatter
    from typer._click.utils import make_default_short_help
except ImportError:  # pragma: no cover - older typer uses click itself
    from click import exceptions as click_errors
    from click.formatting import HelpFormatter
    from click.utils import make_default_short_help

from deckgen.i18n import Msg, _, ngettext, pgettext

HELP_FLAGS = ("--help",)


def help_of(value: Any) -> Any:
    """The help declared on a typer ``Option``/``Argument`` (its OptionInfo), or None."""
    return getattr(value, "help", None)


def restore_words(command: Any, declared_help: Any = None) -> None:
    """Give ``command`` (a click command typer built) back the catalog messages its declaration holds:
    typer keeps only their English text. The options' help and metavar are read from the callback's
    own parameters (their ``typer.Option`` defaults); the command's help is ``declared_help``."""
    if getattr(command, "_words_restored", False):
        return
    callback = getattr(getattr(command, "callback", None), "__wrapped__", None)
    if callback is not None:
        parameters = inspect.signature(callback).parameters
        for param in command.params:
            info = parameters.get(param.name)
            info = info.default if info is not None else None
            for attr in ("help", "metavar"):
                value = getattr(info, attr, None)
                if isinstance(value, Msg):
                    setattr(param, attr, value)
    if isinstance(declared_help, Msg):
        command.help = declared_help
    command._words_restored = True


# ---------------------------------------------------------------- help pages


def write_help(command: Any, ctx: Any, formatter: Any, *, global_rows: Sequence[tuple[str, str]] = ()) -> None:
    """``command``'s help page into click's ``formatter``, in the language in force: the usage line,
    the command's help, its arguments and options (``global_rows`` added before ``--help``), and a
    group's commands."""
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    arguments = [p for p in params if p.param_type_name == "argument"]
    options = [p for p in params if p.param_type_name == "option"]
    pieces = [str(_("[OPTIONS]"))] if options else []
    pieces += [_argument_usage(p) for p in arguments]
    if hasattr(command, "commands"):
        pieces.append(str(_("COMMAND [ARGS]...")))
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=str(_("Usage: ")))
    if command.help:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(inspect.cleandoc(str(command.help)))
    rows = [_argument_row(p) for p in arguments]
    if rows:
        with formatter.section(str(_("Arguments"))):
            formatter.write_dl(rows)
    rows = [_option_row(p, ctx) for p in options]
    if global_rows:
        at = next((i for i, p in enumerate(options) if set(p.opts) & set(HELP_FLAGS)), len(rows))
        rows[at:at] = list(global_rows)
    if rows:
        with formatter.section(str(_("Options"))):
            formatter.write_dl(rows)
    if hasattr(command, "commands"):
        listed = [(name, c) for name in command.list_commands(ctx) if (c := command.get_command(ctx, name)) and not c.hidden]
        if listed:
            limit = formatter.width - 6 - max(len(name) for name, _c in listed)
            with formatter.section(str(_("Commands"))):
                formatter.write_dl([(name, make_default_short_help(str(c.help or ""), limit)) for name, c in listed])


def metavar_text(param: Any) -> str:
    """The word standing for ``param``'s value: its declared metavar, else one for its type."""
    if param.metavar is not None:
        return str(param.metavar)
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if annotation is int:
        return "N"
    if annotation is float:
        return "X"
    return str(pgettext("metavar", "TEXT"))


def _argument_usage(param: Any) -> str:
    name = metavar_text(param) if param.metavar is not None else param.name.upper()
    return name if param.required else f"[{name}]"


def _argument_row(param: Any) -> tuple[str, str]:
    name = metavar_text(param) if param.metavar is not None else param.name.upper()
    extra = [str(_("[required]"))] if param.required else []
    return name, "  ".join([str(param.help or ""), *extra]).strip()


def _option_row(param: Any, ctx: Any) -> tuple[str, str]:
    names = ", ".join(sorted(param.opts, key=lambda o: (len(o) - len(o.lstrip("-")), o)))
    if param.secondary_opts:
        names += " / " + ", ".join(param.secondary_opts)
    if not param.is_flag and not getattr(param, "count", False):
        names += " " + metavar_text(param)
    if set(param.opts) & set(HELP_FLAGS):
        return names, str(_("Show this message and exit."))
    extra = []
    default = param.default
    if param.is_flag and param.secondary_opts and isinstance(default, bool):
        default = param.opts[0] if default else param.secondary_opts[0]  # a switch: the flag that is on, as typed
    if param.show_default is not False and default not in (None, False, (), []) and not callable(default):
        extra.append(str(_("[default: {value}]", value=default)))
    if param.required:
        extra.append(str(_("[required]")))
    return names, "  ".join([str(param.help or ""), *extra]).strip()


# ---------------------------------------------------------------- the parser's complaints


def usage_error(exc: Any) -> Any:
    """Click's error ``exc`` as one message of the catalog (said in the language in force)."""
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, click_errors.NoSuchOption):
        from deckgen.spelling import did_you_mean

        known = [o for p in (ctx.command.get_params(ctx) if ctx else ()) for o in (*p.opts, *p.secondary_opts) if o.startswith("-")]
        return _("no such option: {option}{suggestion}", option=exc.option_name, suggestion=did_you_mean(exc.option_name, known))
    if isinstance(exc, click_errors.BadOptionUsage):
        param = _option_named(ctx, exc.option_name)
        if param is not None and (param.is_flag or getattr(param, "count", False)):
            return _("the option {option} takes no value", option=exc.option_name)
        return _("the option {option} needs a value", option=exc.option_name)
    if isinstance(exc, click_errors.MissingParameter):
        param = exc.param
        if param is not None and param.param_type_name == "argument":
            return _("missing argument {argument}", argument=_argument_usage(param).strip("[]"))
        name = param.opts[0] if param is not None and param.opts else "?"
        return _("missing option {option}", option=name)
    if isinstance(exc, click_errors.BadParameter):
        param = exc.param
        name = exc.param_hint or (param.opts[0] if param is not None and getattr(param, "opts", None) else metavar_text(param) if param else "?")
        if isinstance(name, (list, tuple)):
            name = " / ".join(name)
        from deckgen.numerals import invalid_value

        return invalid_value(name, exc.message)
    return exc.message  # one of deckgen's own (a catalog message), or click's own words


def _option_named(ctx: Any, name: str) -> Any:
    if ctx is None:
        return None
    return next((p for p in ctx.command.get_params(ctx) if name in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ()))), None)


@contextmanager
def knowing(ctx: Any) -> Iterator[None]:
    """Click's parser raises some errors without the command they concern: give them ``ctx``."""
    try:
        yield
    except click_errors.UsageError as exc:
        if exc.ctx is None:
            exc.ctx = ctx
        raise


def swallowed_option(ctx: Any, params: Sequence[Any], args: Sequence[str]) -> None:
    """Refuse an option that takes a value followed by an option in place of its value: click would
    take ``--out --quiet`` for a folder named "--quiet" (and build into it, quietly). The value
    stands where an option does when it is one of the command's options or has a long option's
    shape (``--word``); one that really begins so is written ``--out=--quiet``. A negative number
    (``--seed -1``) is a value."""
    takes = {o: p for p in params for o in getattr(p, "opts", ()) if o.startswith("-")
             and not getattr(p, "is_flag", False) and not getattr(p, "count", False) and getattr(p, "nargs", 1) > 0}
    known = {o for p in params for o in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ())) if o.startswith("-")}
    for option, value in zip(args, args[1:]):
        if option == "--":
            return
        if option in takes and (value.split("=", 1)[0] in known or (value.startswith("--") and value[2:3].isalpha())):
            if _takes_words(takes[option]):
                raise click_errors.UsageError(_("the option {option} needs a value, and {value} in its place is an option (a value "
                                                "that begins so is written {option}={value})", option=option, value=value), ctx)
            raise click_errors.UsageError(_("the option {option} needs a value, and {value} in its place is an option",
                                            option=option, value=value), ctx)


def repeated_option(ctx: Any, params: Sequence[Any], args: Sequence[str]) -> None:
    """Refuse a command's option given twice with two values (``--paper a4 --paper letter``,
    ``--json --no-json``): click took the last without a word. An option that gathers values
    (``sweep --vary``) may come many times; the same value twice is no question. The game's own
    options are judged likewise where they are read (deckgen.options.parse_cli_args)."""
    from deckgen.options import given_twice
    from deckgen.switches import _short

    found: dict[str, tuple[Any, bool]] = {}
    for p in params:
        if getattr(p, "multiple", False) or getattr(p, "count", False):
            continue
        found.update({o: (p, True) for o in getattr(p, "opts", ()) if o.startswith("-")})
        found.update({o: (p, False) for o in getattr(p, "secondary_opts", ()) if o.startswith("-")})
    given: dict[str, tuple[Any, str]] = {}
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            return
        name, eq, inline = word.partition("=") if word.startswith("--") else (word, "", "")
        if name not in found:
            i += 1
            continue
        param, positive = found[name]
        if getattr(param, "is_flag", False) and not eq:
            value, words, i = positive, name, i + 1
        elif eq:
            value, words, i = inline, f"{name} {_short(inline)}", i + 1
        elif i + 1 < len(args):
            value, words, i = args[i + 1], f"{name} {_short(args[i + 1])}", i + 2
        else:
            return  # a value missing: click says so
        key = param.name
        if key in given and given[key][0] != value:
            long = next((o for o in param.opts if o.startswith("--")), name)
            raise click_errors.UsageError(given_twice(long, given[key][1], words), ctx)
        given.setdefault(key, (value, words))


def _takes_words(param: Any) -> bool:
    """Whether ``param`` takes a word or a path (which may begin with "--"), not a number or a choice."""
    kind = getattr(param, "type", None)
    if kind is not None:  # click's parameter type
        return getattr(kind, "name", "") in ("text", "path", "file", "directory", "filename")
    import typing
    from pathlib import Path

    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)  # typer's own
    return any(a in (str, Path) for a in (annotation, *typing.get_args(annotation)))


def extra_arguments(args: Sequence[str]) -> Msg:
    return ngettext("unexpected extra argument: {arguments}", "unexpected extra arguments: {arguments}", len(args),
                    arguments=" ".join(args))


def no_such_command(name: str, commands: Iterable[str]) -> Msg:
    from deckgen.spelling import did_you_mean

    return _("no such command {name!r}{suggestion}; the commands are: {commands}", name=name,
             suggestion=did_you_mean(name, list(commands)), commands=", ".join(commands))


class Formatter(HelpFormatter):
    """Click's help formatter, wrapping lines only at spaces: never inside a value such as
    ``duplex-long`` (a user copies it as it is shown), whatever the language's line lengths."""

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        for i, paragraph in enumerate(text.split("\n\n")):
            if i:
                self.write("\n")
            self.write(_wrap(" ".join(paragraph.split()), self.width, indent, indent) + "\n")

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        first_col = min(max((len(first) for first, _second in rows), default=0), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - len(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = _wrap(second, max(self.width - first_col - 2, 10), "", "").splitlines()
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


def _wrap(text: str, width: int, first: str, rest: str) -> str:
    import textwrap

    return textwrap.fill(text, width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False,
                         break_long_words=False) or first


class Context(typer.Context):
    formatter_class = Formatter


class Command(typer.core.TyperCommand):
    """A typer command whose help is written in the user's language, and whose unexpected extra
    arguments are said in it too."""

    context_class = Context

    def format_help(self, ctx: Any, formatter: Any) -> None:
        write_help(self, ctx, formatter)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing:
            swallowed_option(ctx, self.get_params(ctx), args)
            repeated_option(ctx, self.get_params(ctx), args)
        strict = not ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            with knowing(ctx):
                rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = not strict
        if strict and rest and not ctx.resilient_parsing:
            raise click_errors.UsageError(extra_arguments(rest), ctx)
        return rest
