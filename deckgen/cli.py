"""The command line: parses words and calls the pipeline. Game options come from each game's registry
entry, so a new game needs no change here."""

from __future__ import annotations

import copy
import os
import signal
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

try:  # typer >= 0.22 carries its own copy of click
    from typer._click import core as click_core
    from typer._click import exceptions as click_errors
    from typer._click import globals as click_globals
except ImportError:  # pragma: no cover - older typer uses click itself
    from click import core as click_core
    from click import exceptions as click_errors
    from click import globals as click_globals

from deckgen.cli_help import Command, knowing, no_such_command, restore_words, usage_error, write_help
from deckgen.cli_help import Context as HelpContext
from deckgen.cli_values import lighten
from deckgen.i18n import Listing, Msg, _, ngettext, pgettext
from deckgen.i18n.catalogs import locale_dirs
from deckgen.i18n.current import current_lang
from deckgen.errors import DeckgenError, Terminated, os_problem, printable, printable_text
from deckgen.surroundings import prepare as prepare_surroundings
from deckgen.numerals import decimal_arg, whole_arg
from deckgen.lazy import lazy_module
from deckgen.options import parse_cli_args, resolve
from deckgen.registry import games, get_game
from deckgen.request import is_file
from deckgen.request import load_spec as request_load_spec
from deckgen.shared_options import SHARED

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.spec import DeckSpec

# The rendering, simulation and deck-file stacks load when a command first uses them, so `deckgen
# list` and `--help` start fast (README: start-up).
pipeline = lazy_module("deckgen.pipeline")


def _json_text(data: object) -> str:
    """``--json`` output (never a bare NaN); deckgen.fileio loads only when a command prints JSON."""
    from deckgen.fileio import json_text

    return json_text(data)


def _bars(quiet: bool, prefix: Any = None):
    from deckgen.progress import bars

    return bars(quiet, prefix)

class _Group(typer.core.TyperGroup):
    """Typer's group whose `--help` flags (its own and each command's) default to False rather than
    None: typer then takes the value as a plain bool instead of building a pydantic validator for it,
    so a command without options (`deckgen list`) never imports pydantic (README: start-up). Each
    command's options read their plain values (left out, a text, a path, digits) without pydantic
    too (deckgen.cli_values), so `deckgen build GAME` does not load it either.

    Its help pages and the parser's complaints are said in the user's language (deckgen.cli_help):
    each command gets back the catalog messages it declared."""

    context_class = HelpContext

    def get_help_option(self, ctx: Any) -> Any:
        return _bool_default(super().get_help_option(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _bool_default(command.get_help_option(ctx))
            lighten(command)
            original = getattr(command.callback, "__wrapped__", None)
            declared = next((i.help for i in app.registered_commands if i.callback is original), None)
            restore_words(command, declared)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        if isinstance(app.info.help, Msg):
            self.help = app.info.help
        write_help(self, ctx, formatter, global_rows=[_ui_lang_row()])

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        with knowing(ctx):
            return super().parse_args(ctx, args)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and self.get_command(ctx, args[0]) is None and not ctx.resilient_parsing:
            if args[0].startswith("-"):
                self.parse_args(ctx, args)  # an option where the command goes: "no such option"
            raise click_errors.UsageError(no_such_command(args[0], self.list_commands(ctx)), ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        if not ctx._protected_args and not self.invoke_without_command:
            raise click_errors.UsageError(_("which command? One of {commands} (deckgen --help tells more)",
                                            commands=Listing(self.list_commands(ctx), "or")), ctx)
        return super().invoke(ctx)


def _ui_lang_row() -> tuple[str, str]:
    from deckgen.i18n import languages

    return (f"{UI_LANG} {pgettext('metavar', 'LANG')}",
            str(_("the language deckgen speaks to you: {languages} (default: DECKGEN_LANG, else your system's "
                  "language); the language of the rulebooks and cards is --lang", languages=Listing(languages(), "or"))))


def _bool_default(option: Any) -> Any:
    if option is not None and option.default is None:
        option.default = False
    return option


app = typer.Typer(
    cls=_Group,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    help=_("Print-ready decks, rulebooks and rule engines for five classroom math card games."),
)
GAME_ARGS = {"allow_extra_args": True, "ignore_unknown_options": True}


def command(*args: Any, **kw: Any) -> Any:
    """``app.command`` for a command whose help (``help=_("...")``) is said in the user's language."""
    return app.command(*args, cls=Command, **kw)


def _say(text: Any, quiet: bool = False) -> None:
    if not quiet:
        typer.echo(str(text))  # str(): a message in the user's language (click.echo writes its English)


def _say_files(headline: Any, files: list[Path], quiet: bool) -> None:
    """What a command wrote: a headline, then one indented line per file (a line break in a name the
    user chose escaped, as a message shows a path: deckgen.i18n.message)."""
    _say(headline, quiet)
    for f in files:
        _say(f"  {printable(str(f))}", quiet)


_is_file = is_file


def _game_only(target: str, command: str) -> Any:
    """The game of a command that takes a game id and no deck file (sweep, solve, puzzle): a deck file
    given to it is named as such (it read "unknown game './my-deck.toml'")."""
    if _is_file(target):
        raise DeckgenError(_("{command} takes a game id, not a deck file ({file}); the games are: {games}", command=command,
                             file=target, games=", ".join(games())))
    return get_game(target)


def load_spec(target: str, extra: list[str], **common: Any) -> "DeckSpec":
    """A spec from GAME (or a deck FILE) plus the common options and the game's own options (the
    request layer's, with this command's own flags offered by "did you mean")."""
    return request_load_spec(target, extra, also=_command_flags(), **common)


def _command_flags() -> list[str]:
    """The running command's own options (--paper, --players...): "did you mean" searches them too."""
    ctx = click_globals.get_current_context(silent=True)
    if ctx is None:
        return []
    return [o for p in ctx.command.params for o in getattr(p, "opts", []) if o.startswith("--")]


def game_help(argv: list[str]) -> str | None:
    """`deckgen COMMAND GAME --help`: the command's own help followed by the game's options, or None
    when ``argv`` does not ask for that."""
    if len(argv) < 3 or not {"--help", "-h"} & set(argv[2:]) or argv[1].startswith("-"):
        return None
    group = _command(current_lang(), locale_dirs())
    root = HelpContext(group, info_name="deckgen")
    command = group.get_command(root, argv[0]) if hasattr(group, "commands") and argv[0] in group.commands else None
    if command is None or not (command.context_settings or {}).get("allow_extra_args"):
        return None
    target = argv[1]
    if _is_file(target):
        from deckgen.deckfile.load import read_deck_file
    game = read_deck_file(Path(target))[1] if _is_file(target) else get_game(target)
    ctx = HelpContext(command, info_name=argv[0], parent=root)
    heading = _("{game} options (after the game or deck file; defaults from decks/{id}.toml):", game=game.title, id=game.id)
    lines = [command.get_help(ctx), "", str(heading)]
    if argv[0] in game.capabilities:
        options = game.capabilities[argv[0]].options
    elif any(argv[0] in g.capabilities for g in games().values()):
        return None  # a capability this game lacks: the command itself says so
    else:
        options = game.options
    lines += option_lines(options, "  ")
    return "\n".join(lines)


def option_lines(options: Any, indent: str) -> list[str]:
    """One line per game option: how to write it, what it does, its default (`list`, `COMMAND GAME --help`)."""
    lines = []
    for opt in options:
        said = _("{help} [default: {value}]", help=opt.explained(), value=opt.describe_default())
        lines.append(f"{indent}{opt.usage():<34} {said}")
    return lines


# ---------------------------------------------------------------- common options

TARGET_HELP = _("a game id (see `deckgen list`) or a deck file")
TARGET = pgettext("metavar", "GAME|DECK-FILE")
GAME = pgettext("metavar", "GAME")
FOLDER = pgettext("metavar", "FOLDER")


def _shared(name: str) -> Any:
    """A common option of the deck commands, from the one table the web form reads too
    (deckgen.shared_options): its flag, its help (a catalog message), and its parser."""
    row = SHARED[name]
    parser = {"int": whole_arg, "float": decimal_arg}.get(row.kind)
    if row.kind == "switch":
        return typer.Option(True, f"{row.flag}/--no-{row.flag[2:]}", help=row.explained())
    extra = {"parser": parser} if parser else {}
    if row.metavar is not None:
        extra["metavar"] = row.metavar
    return typer.Option(None, row.flag, help=row.explained(), **extra)


PlayersOpt = _shared("players")
SeedOpt = _shared("seed")
LangOpt = _shared("lang")
PaperOpt = _shared("paper")
SizeOpt = _shared("card_size")
BleedOpt = _shared("bleed")
BacksOpt = _shared("backs")
InkOpt = _shared("ink")
OutOpt = typer.Option(None, "--out", metavar=FOLDER, help=_("output folder (default output/<game>-<options>/)"))
QuietOpt = typer.Option(False, "--quiet", "-q", help=_("no progress bars"))
ForOpt = _shared("shop")
FormatOpt = _shared("formats")
DpiOpt = _shared("dpi")
ColourOpt = _shared("colour")
BackOffsetOpt = _shared("back_offset")
BackImageOpt = _shared("back_image")
HelpCardOpt = _shared("help_card")
ForceOpt = typer.Option(False, "--force", help=_("write the deck even if its checks fail"))


@command("list", help=_("Show every game, its player counts and its options with their defaults."))
def list_games() -> None:
    for game in games().values():
        _say(_("{id}  —  {title}: {summary} ({players})", id=game.id, title=game.title, summary=game.summary_text(),
               players=game.players_text()))
        for line in option_lines(game.options, "    "):
            _say(line)
        for name, cap in game.capabilities.items():
            _say(f"  deckgen {name} {game.id}: {cap.help}")
            for line in option_lines(cap.options, "    "):
                _say(line)
        _say("")


@command(context_settings=GAME_ARGS,
         help=_("Build a deck: cards.pdf (or the --format/--for files), deck.json and the rulebook in the output folder."))
def build(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    players: Optional[int] = PlayersOpt,
    seed: Optional[int] = SeedOpt,
    lang: Optional[str] = LangOpt,
    paper: Optional[str] = PaperOpt,
    card_size: Optional[str] = SizeOpt,
    bleed: Optional[float] = BleedOpt,
    backs: Optional[str] = BacksOpt,
    ink: Optional[str] = InkOpt,
    shop: Optional[str] = ForOpt,
    formats: Optional[str] = FormatOpt,
    dpi: Optional[int] = DpiOpt,
    colour: Optional[str] = ColourOpt,
    back_offset: Optional[str] = BackOffsetOpt,
    back_image: Optional[str] = BackImageOpt,
    out: Optional[Path] = OutOpt,
    quiet: bool = QuietOpt,
    force: bool = ForceOpt,
    help_card: bool = HelpCardOpt,
) -> None:
    spec = load_spec(
        target, ctx.args, players=players, seed=seed, lang=lang, paper=paper, card_size=card_size, bleed=bleed, backs=backs,
        ink=ink, shop=shop, formats=formats, dpi=dpi, colour=colour, back_offset=back_offset, back_image=back_image,
    )
    play_games = 100 if _is_file(target) else 0  # a designer's own deck is simulated before printing
    with _bars(quiet) as bars:
        result = pipeline.build(spec, out, force=force, progress=bars, play_check_games=play_games, help_card=help_card)
    for c in result.checks:
        if not c.ok:
            _say(_("warning: {problem}", problem=c.line()), quiet)
    for w in result.warnings:
        _say(_("warning: {problem}", problem=w), quiet)
    if quiet:
        typer.echo(f"{printable(str(result.out_dir))}/")  # the one line --quiet keeps: where the files are (a line break escaped)
    else:  # what each file is, with its ink: measured only to be shown (Ghostscript run)
        from deckgen.guide import build_lines

        for line in build_lines(spec, result):
            _say(line)
    for note in result.notes:
        _say(_("note: {note}", note=note), quiet)


@command(context_settings=GAME_ARGS,
         help=_("Write only the rulebook (rulebook-es.pdf, rulebook-en.pdf, and preparing-*.pdf for whoever prepares "
                "the deck) for a deck, in the output folder."))
def rules(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    players: Optional[int] = PlayersOpt,
    seed: Optional[int] = SeedOpt,
    lang: Optional[str] = LangOpt,
    paper: Optional[str] = PaperOpt,
    card_size: Optional[str] = SizeOpt,
    out: Optional[Path] = OutOpt,
    quiet: bool = QuietOpt,
    force: bool = typer.Option(False, "--force", help=_("write the rulebook even if the deck's checks fail")),
) -> None:
    spec = load_spec(target, ctx.args, players=players, seed=seed, lang=lang, paper=paper, card_size=card_size)
    with _bars(quiet) as bars:
        result = pipeline.rules(spec, out, force=force, progress=bars)
    headline = ngettext("{game}: rulebook for {n} card written to {folder}/", "{game}: rulebook for {n} cards written to {folder}/",
                        len(result.deck), game=spec.game.title, folder=result.out_dir)
    _say_files(headline, result.files, quiet)


@command(context_settings=GAME_ARGS, help=_("Write a deck file to start from: the game's options (and with --cards every card)."))
def init(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    out: str = typer.Option(..., "--out", metavar=pgettext("metavar", "FILE"),
                            help=_("the deck file to write (it must not exist yet); a folder (ending in /) gets <game>.toml")),
    cards: bool = typer.Option(False, "--cards", help=_("list every card, to edit the deck card by card")),
    players: Optional[int] = PlayersOpt,
    seed: Optional[int] = SeedOpt,
    lang: Optional[str] = LangOpt,
    paper: Optional[str] = PaperOpt,
    card_size: Optional[str] = SizeOpt,
    bleed: Optional[float] = BleedOpt,
    backs: Optional[str] = BacksOpt,
    ink: Optional[str] = InkOpt,
    shop: Optional[str] = ForOpt,
    formats: Optional[str] = FormatOpt,
    dpi: Optional[int] = DpiOpt,
    colour: Optional[str] = ColourOpt,
    back_offset: Optional[str] = BackOffsetOpt,
    back_image: Optional[str] = BackImageOpt,
) -> None:
    spec = load_spec(
        target, ctx.args, players=players, seed=seed, lang=lang, paper=paper, card_size=card_size, bleed=bleed, backs=backs,
        ink=ink, shop=shop, formats=formats, dpi=dpi, colour=colour, back_offset=back_offset, back_image=back_image,
    )
    written = pipeline.init_file(spec, out, with_cards=cards)
    _say(_("{game}: deck file written to {file}; check it with `deckgen validate {file}`", game=spec.game.title, file=written))


@command(context_settings=GAME_ARGS, help=_("Write PNG contact sheets of every card, to look at before printing."))
def preview(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    players: Optional[int] = PlayersOpt,
    seed: Optional[int] = SeedOpt,
    lang: Optional[str] = LangOpt,
    card_size: Optional[str] = SizeOpt,
    back_image: Optional[str] = BackImageOpt,
    out: Optional[Path] = OutOpt,
    quiet: bool = QuietOpt,
    force: bool = ForceOpt,
    help_card: bool = HelpCardOpt,
) -> None:
    spec = load_spec(target, ctx.args, players=players, seed=seed, lang=lang, card_size=card_size, back_image=back_image)
    with _bars(quiet) as bars:
        result = pipeline.preview(spec, out, force=force, progress=bars, help_card=help_card)
    helpers = result.printed - len(result.deck)
    if helpers > 0:  # the help card(s) end the sheets, as cards.pdf prints them after the deck
        headline = _("{game}: {cards} and {helpers} previewed in {folder}/", game=spec.game.title, folder=result.out_dir,
                     cards=ngettext("{n:,} card", "{n:,} cards", len(result.deck)), helpers=ngettext("{n} help card", "{n} help cards", helpers))
    else:
        headline = ngettext("{game}: {n} card previewed in {folder}/", "{game}: {n} cards previewed in {folder}/", len(result.deck),
                            game=spec.game.title, folder=result.out_dir)
    _say_files(headline, result.files, quiet)


@command(help=_("Write a two-sided test sheet that measures a duplex printer's front/back offset (for --back-offset)."))
def calibrate(
    paper: str = typer.Option("a4", "--paper", metavar=pgettext("metavar", "PAPER"), help=_("a4 or letter")),
    backs: str = typer.Option("duplex-long", "--backs", metavar=pgettext("metavar", "BACKS"),
                              help=_("duplex-long or duplex-short: how the printer turns the sheet")),
    back_offset: str = typer.Option("0,0", "--back-offset", metavar="X,Y", help=_("X,Y in mm: print the check with this correction applied")),
    lang: str = typer.Option("es", "--lang", metavar=pgettext("metavar", "LANG"), help=_("the sheet's language: es or en")),
    out: Optional[Path] = typer.Option(None, "--out", metavar=FOLDER, help=_("output folder (default output/calibration-<paper>-<backs>/)")),
    quiet: bool = QuietOpt,
) -> None:
    target = pipeline.calibrate(paper, backs, back_offset, lang, out)
    _say(_("calibration sheet written to {file}: print it two-sided at 100%, hold it to the light and read the scales", file=target), quiet)


GamesOpt = typer.Option(None, "--games", help=_("number of games to play"), parser=whole_arg)
WorkersOpt = typer.Option(None, "--workers", parser=whole_arg,
                          help=_("worker processes, at most one per CPU (default: the machine's cores; results do not depend on it)"))
JsonOpt = typer.Option(False, "--json", help=_("print JSON instead of a table"))


@command(context_settings=GAME_ARGS, help=_("Play many games and print their length, wins by seat and the game's own measures."))
def simulate(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    players: Optional[int] = PlayersOpt,
    games: Optional[int] = GamesOpt,
    seed: Optional[int] = SeedOpt,
    workers: Optional[int] = WorkersOpt,
    policy: str = typer.Option("heuristic", "--policy", metavar=pgettext("metavar", "PLAYER"),
                               help=_("how the simulated players choose: random or heuristic")),
    as_json: bool = JsonOpt,
    quiet: bool = QuietOpt,
    board: Optional[Path] = typer.Option(None, "--board", metavar=pgettext("metavar", "FILE"),
                                         help=_("also write a PNG of the first game's final board (games that can draw one)")),
) -> None:
    from deckgen.engine.report import summary_lines

    spec = load_spec(target, ctx.args, players=players, seed=seed)
    with _bars(quiet or as_json) as bars:
        deck, summaries = pipeline.simulate(spec, games=games, workers=workers, policy=policy, board=board, progress=bars)
    engine = spec.game.engine
    if as_json:
        data = summaries[0].to_json() if len(summaries) == 1 else [s.to_json() for s in summaries]
        typer.echo(_json_text(data))
    else:
        typer.echo("\n\n".join("\n".join(map(str, summary_lines(engine, s))) for s in summaries))
    if board is not None:
        written = engine.board_picture(deck, summaries[0].players, spec.seed, policy, board, lang=spec.card_lang)
        _say(_("board of the game with seed {seed} written to {file}", seed=spec.seed, file=written), quiet or as_json)


VALIDATE_HELP = _(
    "Check that a deck is playable: exit 0 when it is, 1 when it is not, 2 on bad input.\n\n"
    "Playable means, for every deal at every player count the deck serves, played by the printed rules: "
    "(1) no dead end: the player to act always has a legal action (a draw or a pass counts); "
    "(2) an end is always reachable: from every reachable position some legal moves end the game; "
    "(3) no trap: with every player choosing at random among the legal moves, the game ends with probability 1. "
    "Each claim says what it rests on: \"proven\" (every deal and every move searched by the model checker, or "
    "the game's own argument checked in code) or \"sampled\" (no failure in N games: fewer than 3/N of the games "
    "dealt and played that way fail to end, at {confidence:.0%} confidence: a sample bounds games, not deals). A computer player going round in circles is reported as the player's fault, "
    "not the deck's. The model checker searches at most --model-budget positions (a bar shows it); where it stops "
    "there, the report says so.", confidence=0.95)


@command(context_settings=GAME_ARGS, help=VALIDATE_HELP)
def validate(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    players: Optional[int] = PlayersOpt,
    games: Optional[int] = _shared("games"),
    seed: Optional[int] = SeedOpt,
    workers: Optional[int] = WorkersOpt,
    as_json: bool = JsonOpt,
    report: Optional[Path] = typer.Option(None, "--report", metavar=FOLDER,
                                          help=_("also write report.txt, report.json and PNG plots to this folder")),
    fixed: bool = typer.Option(False, "--fixed", help=_("play all --games games at every player count (no sequential stopping)")),
    skill_games: Optional[int] = _shared("skill_games"),
    measures: bool = typer.Option(False, "--measures", help=_("add the twelve design measures at one player count, as `deckgen measure` prints them (about a minute more), and with --report their plots")),
    pace: Optional[float] = typer.Option(
        None, "--pace", metavar=pgettext("metavar", "SECONDS"), parser=decimal_arg,
        help=_("seconds a turn takes at your table, for the minutes a game lasts (each game has its own default)")),
    confidence: Optional[int] = typer.Option(
        None, "--confidence", parser=whole_arg,
        help=_("games that must end at each player count before 'every game ends' is claimed from sampling (it is "
               "then: fewer than 3/N of the games dealt and played that way fail to end, at {level:.0%} confidence: "
               "a sample bounds games, not deals); never stopped early (default {n})", level=0.95, n=100)),
    model_budget: Optional[int] = typer.Option(
        None, "--model-budget", parser=whole_arg,
        help=_("positions the model checker may search, shared by the player counts (default {n:,}: about {seconds} s and "
               "{mb} MB at most, spent only on decks with few enough deals to enumerate; 0 turns it off). Where it stops "
               "at the budget the report says so and the claims are sampled", n=1_500_000, seconds=15, mb=400)),
    quiet: bool = QuietOpt,
) -> None:
    if pace is not None and not 0.1 <= pace <= 600:
        raise DeckgenError(_("--pace must be {lo:g} to {hi:g} seconds a turn, not {value:g}", lo=0.1, hi=600, value=pace))
    if confidence is not None and not 1 <= confidence <= 100_000:
        raise DeckgenError(_("--confidence must be {lo} to {hi} games, not {value}", lo=1, hi=100_000, value=confidence))
    if skill_games is not None:  # told by its own name, before any game (the page's check judges it so too)
        from deckgen.request import judged_skill_games

        judged_skill_games(skill_games)
    spec = load_spec(target, ctx.args, players=players, seed=seed)
    if report:  # a folder the report cannot go to (another deck's build too) is refused before the games, not after them
        pipeline.check_report_folder(spec, Path(report))
    with _bars(quiet or as_json, lambda step: _("simulating, {step}", step=step)) as bars:
        result = pipeline.validate(
            spec, players=None, games=400 if games is None else games, workers=workers, sequential=not fixed, progress=bars,
            **({"confidence": confidence} if confidence is not None else {}),
            **({"model_budget": model_budget} if model_budget is not None else {}),
        )
        engine = spec.game.engine
        if report and skill_games != 0 and result.ok and engine is not None and engine.skill is not None:
            result.skill = pipeline.skill(spec, players=players, games=skill_games, workers=workers, progress=bars)
        if measures and result.ok and engine is not None and engine.design is not None:
            result.measures = pipeline.measure(spec, players=players, workers=workers, pace=pace, progress=bars)
    written = pipeline.write_report(result, report, pace) if report else []
    if as_json:
        typer.echo(_json_text(pipeline.report_data(result, pace)))
    else:
        typer.echo(str(pipeline.report_text(result, pace)), nl=False)
        for f in written:
            typer.echo(f"  {printable(str(f))}")
    raise typer.Exit(0 if result.ok else 1)


@command(context_settings=GAME_ARGS,
         help=_("How much playing well matters: a ladder of players from random to Monte Carlo, their ratings, and a luck measure."))
def skill(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET, help=TARGET_HELP),
    players: Optional[int] = typer.Option(None, "--players", help=_("players per game (default: the deck file's, else 2)"), parser=whole_arg),
    games: Optional[int] = typer.Option(None, "--games", parser=whole_arg,
                                        help=_("games per pair of levels (default: the game's, about two minutes)")),
    seed: Optional[int] = SeedOpt,
    workers: int = typer.Option(2, "--workers", help=_("worker processes (results do not depend on it)"), parser=whole_arg),
    as_json: bool = JsonOpt,
    quiet: bool = QuietOpt,
) -> None:
    spec = load_spec(target, ctx.args, players=players, seed=seed)
    with _bars(quiet or as_json) as bars:
        run = pipeline.skill(spec, players=players, games=games, workers=workers, progress=bars)
    if as_json:
        typer.echo(_json_text(pipeline.skill_data(run)))
    else:
        typer.echo(str(pipeline.skill_text(run)), nl=False)


@command(context_settings=GAME_ARGS,
         help=_("The twelve design measures of a deck, each with its 95% interval and its definition: seat edge, length, "
                "passive turns, waiting, lead changes, comebacks, lock-in, close finishes, choices that matter, obvious move "
                "wrong, kingmaking, skill share."))
def measure(
    ctx: typer.Context,
    target: str = typer.Argument(..., metavar=TARGET),
    players: Optional[int] = typer.Option(None, "--players", help=_("players per game (default: the deck file's, else the game's usual count)"), parser=whole_arg),
    games: Optional[int] = typer.Option(None, "--games", help=_("games to trace (default: the game's, all twelve measures within a minute on two cores)"), parser=whole_arg),
    seed: Optional[int] = SeedOpt,
    workers: Optional[int] = WorkersOpt,
    rollouts: Optional[int] = typer.Option(None, "--rollouts", help=_("R: rollouts per action of the evaluator, read at R and 4R (default: the game's)"), parser=whole_arg),
    lesson: Optional[float] = typer.Option(None, "--lesson", help=_("minutes of play a lesson leaves (default 45)"), parser=decimal_arg),
    pace: Optional[float] = typer.Option(None, "--pace", help=_("seconds a turn takes at your table (each game has its own default)"), parser=decimal_arg),
    trace: Optional[Path] = typer.Option(None, "--trace", metavar=pgettext("metavar", "FILE"),
                                         help=_("also write every measured game step by step to FILE (JSON Lines: the seat, its legal "
                                                "actions, the action, the turn; the standing at each rotation)")),
    as_json: bool = JsonOpt,
    quiet: bool = QuietOpt,
) -> None:
    spec = load_spec(target, ctx.args, players=players, seed=seed)
    with _bars(quiet or as_json) as bars:
        run = pipeline.measure(spec, players=players, games=games, workers=workers, rollouts=rollouts, lesson=lesson, pace=pace, progress=bars,
                               trace=trace)
    if as_json:
        typer.echo(_json_text(pipeline.measure_data(run)))
    else:
        typer.echo(pipeline.measure_text(run), nl=False)
    if run.trace is not None:
        _say(ngettext("trace of {n:,} game written to {file}", "trace of {n:,} games written to {file}", run.traced_games,
                      file=run.trace), quiet or as_json)


@command(help=_("Validate every combination of some option values: sweep.csv, sweep.json, a heat map per measure, and the "
                "combinations that pass."))
def sweep(
    game: str = typer.Argument(..., metavar=GAME, help=_("a game id (see `deckgen list`)")),
    vary: list[str] = typer.Option(..., "--vary", metavar=pgettext("metavar", "NAME=V1,V2"),
                                   help=_("an option and its values, NAME=V1,V2 (repeat for a grid; values holding commas: V1|V2)")),
    players: Optional[int] = typer.Option(None, "--players", help=_("validate only this player count (default: every count)"),
                                          parser=whole_arg),
    games: Optional[int] = typer.Option(None, "--games", parser=whole_arg,
                                        help=_("the most games per player count at each combination (default {n})", n=400)),
    seed: Optional[int] = SeedOpt,
    workers: Optional[int] = WorkersOpt,
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="tcp://HOST:PORT",
                                            help=_("run on a Dask cluster, tcp://HOST:PORT (default: local processes)")),
    out: Optional[Path] = typer.Option(None, "--out", metavar=FOLDER, help=_("output folder (default output/<game>-sweep/)")),
    measure: Optional[list[str]] = typer.Option(None, "--measure", help=_("also tabulate this design measure (a key of `deckgen measure --json`, such as comebacks); repeat for several")),
    quiet: bool = QuietOpt,
) -> None:
    with _bars(quiet) as bars:
        result, written = pipeline.sweep(_game_only(game, "sweep"), vary, players=players, games=games, seed=seed, workers=workers, scheduler=scheduler, out=out, progress=bars, measures=measure)
    from deckgen.analysis.sweep import summary_lines

    for line in summary_lines(result):
        _say(line)
    for f in written:
        _say(f"  {printable(str(f))}", quiet)


def run_capability(name: str, game_id: str, args: list[str], quiet: bool = False) -> int:
    """Run the game's ``name`` capability with its own options parsed from ``args``."""
    game = _game_only(game_id, name)
    cap = game.capabilities.get(name)
    if cap is None:
        offered = [g.id for g in games().values() if name in g.capabilities]
        if offered:
            raise DeckgenError(_("{game} has no {command} command (games that have it: {games})", game=game.title, command=name,
                                 games=", ".join(offered)))
        raise DeckgenError(_("{game} has no {command} command", game=game.title, command=name))
    raw = parse_cli_args(cap.options, args, game=f"{name} {game.id}", also=_command_flags())
    values = resolve(cap.options, raw, where=f"{name} {game.id}: ")
    return cap.run(values, (lambda line: None) if quiet else _say)


@command(context_settings=GAME_ARGS, help=_("Solve a game's puzzle exactly (its options: `deckgen list`)."))
def solve(ctx: typer.Context, game: str = typer.Argument(..., metavar=GAME, help=_("a game id (see `deckgen list`)")),
          quiet: bool = QuietOpt) -> None:
    raise typer.Exit(run_capability("solve", game, ctx.args, quiet))


@command(context_settings=GAME_ARGS, help=_("Write printable puzzle sheets and the teacher's answer key (its options: `deckgen list`)."))
def puzzle(ctx: typer.Context, game: str = typer.Argument(..., metavar=GAME, help=_("a game id (see `deckgen list`)")),
           quiet: bool = QuietOpt) -> None:
    raise typer.Exit(run_capability("puzzle", game, ctx.args, quiet))


def _fail(lines: list[str], code: int = 2) -> None:
    """Print ``error: FIRST`` (and indented details) on stderr, every line made safe to print, and exit.
    At most MAX_DETAILS details are shown, then how many more (a deck file of 20,000 unknown keys
    printed 20,000 lines); each line is cut at MAX_LINE characters."""
    details = [printable(line) for line in lines[1 : 1 + MAX_DETAILS]]
    if len(lines) - 1 > MAX_DETAILS:
        details.append(str(_("  … and {n:,} more", n=len(lines) - 1 - MAX_DETAILS)))
    text = "\n".join([_cut(str(_("error: {problem}", problem=printable(lines[0])))), *(_cut(d) for d in details)])
    try:
        typer.echo(text, err=True)
    except OSError:  # pragma: no cover - stderr itself is gone: nothing left to tell
        pass
    sys.exit(code)


MAX_DETAILS = 50  # detail lines under an error
MAX_LINE = 2000  # characters in one line of an error


def _cut(line: str) -> str:
    if len(line) <= MAX_LINE:
        return line
    return line[:MAX_LINE] + str(_("… ({n:,} more characters)", n=len(line) - MAX_LINE))  # the cut line is the user's data


def _os_error(exc: OSError) -> Any:
    if exc.filename:
        return _("{file}: {problem}", file=exc.filename, problem=os_problem(exc))
    return _("cannot write the output: {problem}", problem=os_problem(exc))


# The stop signals the running command received, in order: the first unwinds the command (its pools
# stopped, its staging folder removed) and is what it reports, whatever failed on the way (an import
# the signal cut short, a pool its workers left); a second ends the command at once.
_STOPPED: list[int] = []


def _signal_handlers(pid: int) -> tuple[Any, Any]:
    """SIGTERM and Ctrl-C handlers for the process ``pid``. A worker process forked from it inherits
    them; there they end the worker quietly (its pool's owner reports the stop once), instead of
    printing one traceback per worker."""

    def terminate(signum: int, frame: Any) -> None:
        if os.getpid() != pid:
            os._exit(128 + signum)
        _received(signum)
        raise Terminated(signum)

    def interrupt(signum: int, frame: Any) -> None:
        if os.getpid() != pid:
            os._exit(128 + signum)
        _received(signum)
        raise KeyboardInterrupt

    return terminate, interrupt


def _received(signum: int) -> None:
    """Note a stop signal; the second one (Ctrl-C twice, a second SIGTERM) ends the command now."""
    _STOPPED.append(signum)
    if len(_STOPPED) > 1:
        _end_now(_STOPPED[0])


def _stop_said(signum: int) -> tuple[Any, int]:
    """The line and the exit code of a stop signal: interrupted 130, hung up 129, terminated 143."""
    if signum == signal.SIGINT:
        return _("interrupted"), 130
    if signum == getattr(signal, "SIGHUP", None):
        return _("hung up (SIGHUP)"), 128 + int(signum)
    return _("terminated"), 128 + int(signum)


def _end_now(signum: int) -> None:
    """A second stop signal while the first unwinds: the worker processes killed, the one line said,
    and the process gone at once (a staging folder left behind is removed by the next build)."""
    import multiprocessing

    for child in multiprocessing.active_children():
        try:
            child.kill()
        except (OSError, ValueError, AttributeError):
            pass
    words, code = _stop_said(signum)
    try:
        sys.stderr.write(_cut(str(_("error: {problem}", problem=words))) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


def _quiet_after_a_stop() -> None:
    """Once a stop signal came, a thread's failure (a process pool's manager thread setting a result
    on a future the stop cancelled: InvalidStateError) and an exception Python could not raise are
    part of the stop, not news: the command's one line says it all."""
    import threading

    if getattr(threading.excepthook, "deckgen", False):
        return
    thread_hook, unraisable_hook = threading.excepthook, sys.unraisablehook

    def thread_failed(args: Any) -> None:
        if not _STOPPED:
            thread_hook(args)

    def unraisable(args: Any) -> None:
        if not _STOPPED:
            unraisable_hook(args)

    thread_failed.deckgen = unraisable.deckgen = True  # type: ignore[attr-defined]
    threading.excepthook, sys.unraisablehook = thread_failed, unraisable


def _failed(lines: list[Any], code: int = 2) -> None:
    """:func:`_fail`, unless a stop signal came first: then whatever failed on the way is the stop's
    doing (an import it cut short reads as a missing package), and the stop is what is said."""
    if _STOPPED:
        words, code = _stop_said(_STOPPED[0])
        lines = [words]
        _ignore_stops()  # the line is being said: another signal changes nothing now
    _fail(lines, code)


def _ignore_stops() -> None:
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


def main(argv: list[str] | None = None) -> None:
    """Entry point: user mistakes and a failing environment become one ``error:`` line on stderr and
    exit code 2 (130 after Ctrl-C, 143 after SIGTERM), never a traceback. SIGTERM unwinds like Ctrl-C,
    so a build that is stopped removes its staging folder. Everything is said in the user's language
    (deckgen.i18n.userlang: ``--ui-lang``, ``DECKGEN_LANG``, the locale)."""
    from deckgen.i18n import using
    from deckgen.i18n.userlang import user_lang

    args = list(sys.argv[1:] if argv is None else argv)
    try:
        args, asked = ui_lang_arg(args)
        lang = user_lang(asked=asked)
    except DeckgenError as exc:  # said in DECKGEN_LANG's language, else the locale's, whatever was asked for
        try:
            fallback = user_lang()
        except DeckgenError:
            fallback = user_lang({k: v for k, v in os.environ.items() if k != "DECKGEN_LANG"})
        with using(fallback):
            _fail(exc.lines())
    with using(lang):
        _main(args)


UI_LANG = "--ui-lang"


def ui_lang_arg(args: list[str]) -> tuple[list[str], str | None]:
    """``args`` without the global ``--ui-lang LANG`` (before the command or anywhere after it), and LANG."""
    rest, asked, i = [], None, 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest += args[i:]
            break
        if a == UI_LANG:
            if i + 1 >= len(args):
                raise DeckgenError(_("{flag} needs a language, such as es or en", flag=UI_LANG))
            given, i = args[i + 1], i + 2
        elif a.startswith(UI_LANG + "="):
            given, i = a.split("=", 1)[1], i + 1
        else:
            rest.append(a)
            i += 1
            continue
        if asked is not None and given != asked:  # which was meant? (the last was taken without a word)
            from deckgen.options import given_twice

            raise DeckgenError(given_twice(UI_LANG, f"{UI_LANG} {asked}", f"{UI_LANG} {given}"))
        asked = given
    if asked is not None and not asked.strip():  # typed empty, it was taken as not given: the locale's language
        raise DeckgenError(_("{flag} needs a language, such as es or en", flag=UI_LANG))
    return rest, asked


@lru_cache(maxsize=64)
def _command(lang: str, catalogs: tuple[Path, ...], only: str | None = None) -> Any:
    """The click command typer makes of ``app``: made once per language and catalogs (its help texts
    are written in the language in force when it is made), not at every call. Typer rebuilds it
    from every command's signature and annotations at each ``app()`` (about 20 ms), which the test
    suite's in-process calls paid thousands of times. The commands and `deckgen COMMAND GAME --help`
    (:func:`game_help`) both use it.

    With ``only``, a command's name, the group holds that command alone: running a command needs
    no other, and making all of them took about 10 ms of every build. The group's own help, its
    list of commands and a misspelt command use the whole group (:func:`_only`)."""
    if only is None:
        return typer.main.get_command(app)
    solo = copy.copy(app)
    solo.registered_commands = [i for i in app.registered_commands if _name(i) == only]
    return typer.main.get_group(solo)


def _name(info: Any) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)


def _only(argv: list[str]) -> str | None:
    """The command ``argv`` runs, when its first word names one (the group then parses nothing else)."""
    if argv and any(_name(i) == argv[0] for i in app.registered_commands):
        return argv[0]
    return None


def _main(argv: list[str]) -> None:
    _lenient(sys.stdout)
    _lenient(sys.stderr)
    prepare_surroundings()  # a deleted current folder, a home that is no folder: what needs neither still works
    stdout = sys.stdout
    sys.stdout = _Guarded(stdout)  # a closed or full standard output becomes a DeckgenError
    _STOPPED.clear()
    _quiet_after_a_stop()
    terminate, interrupt = _signal_handlers(os.getpid())
    try:
        previous = signal.signal(signal.SIGTERM, terminate), signal.signal(signal.SIGINT, interrupt)
        hangup = signal.signal(signal.SIGHUP, terminate) if hasattr(signal, "SIGHUP") else None  # a closed terminal: as SIGTERM
    except ValueError:  # pragma: no cover - not the main thread: leave signals alone
        previous = None
    try:
        shown = game_help(argv)
        if shown is not None:
            typer.echo(shown)
            return
        code = _command(current_lang(), locale_dirs(), _only(argv))(args=argv, standalone_mode=False, prog_name="deckgen")
        if code == 130:  # typer turns Ctrl-C into exit code 130 before we see it
            raise KeyboardInterrupt
        sys.stdout.flush()
    except DeckgenError as exc:
        if isinstance(exc, _OutputFailed):
            _silence(stdout)
        _failed(exc.lines())
    except click_errors.NoArgsIsHelpError as exc:  # pragma: no cover - click >= 8.2
        typer.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        sys.exit(0)
    except click_errors.UsageError as exc:
        _failed([usage_error(exc)])
    except (KeyboardInterrupt, typer.Abort):
        _failed([_("interrupted")], 130)
    except Terminated as exc:
        words, code = _stop_said(exc.args[0] if exc.args else signal.SIGTERM)
        _failed([words], code)
    except click_errors.ClickException as exc:
        _failed([usage_error(exc)], exc.exit_code)
    except RecursionError:
        _failed([_("the input is nested too deeply")])
    except OSError as exc:  # a full disk, a folder gone: the environment failed, not deckgen
        _failed([_os_error(exc)])
    except Exception:
        if not _STOPPED:
            raise
        _failed([])  # whatever broke as the stop signal unwound the command (a pool left by its workers...)
    finally:
        sys.stdout = stdout
        if _STOPPED:  # stopping: a signal more while the interpreter exits (its threads, its pools) changes nothing
            _ignore_stops()
        elif previous is not None:
            signal.signal(signal.SIGTERM, previous[0])
            signal.signal(signal.SIGINT, previous[1])
            if hangup is not None:
                signal.signal(signal.SIGHUP, hangup)
    if isinstance(code, int) and code:  # a command's typer.Exit(code) comes back as a return value
        sys.exit(code)


class _OutputFailed(DeckgenError, ValueError):
    """Standard output cannot be written. Also a ValueError, as a closed stream's own failure is: a
    logging handler left holding the guarded stream after its command (uvicorn's, say) is then
    dropped quietly by logging, as it drops any handler whose stream is closed."""


class _Guarded:
    """Standard output whose failures (closed, full, a pipe gone) are a DeckgenError: typer would
    otherwise end a broken pipe with exit code 1 and no word. What it prints is made safe to print
    (control characters and bidi marks escaped, line breaks kept)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _call(self, name: str, *args: Any) -> Any:
        if self._stream is None:
            raise _OutputFailed(_("cannot write the output: standard output is closed"))
        try:
            return getattr(self._stream, name)(*args)
        except OSError as exc:
            raise _OutputFailed(_("cannot write the output: {problem}", problem=os_problem(exc))) from None
        except ValueError:  # "I/O operation on closed file"
            raise _OutputFailed(_("cannot write the output: standard output is closed")) from None

    def write(self, text: str | bytes) -> int:
        # a name holding ESC or a bidi mark is shown escaped (click may hand over bytes)
        safe = printable_text(text.decode("utf-8", "replace")).encode("utf-8") if isinstance(text, bytes) else printable_text(text)
        self._call("write", safe)
        return len(text)

    def flush(self) -> None:
        self._call("flush")

    @property
    def encoding(self) -> str | None:
        """The stream's encoding, but never ASCII: click takes an ASCII stream for a misconfigured one
        and writes past it to its byte buffer, so a broken pipe ended the command with exit code 1 and
        no word, and a bidi mark reached the terminal unescaped. The stream itself shows what ASCII
        cannot as ``?`` (:func:`_lenient`)."""
        import codecs

        found = getattr(self._stream, "encoding", None)
        try:
            return "utf-8" if found is None or codecs.lookup(found).name == "ascii" else found
        except LookupError:
            return found

    def __getattr__(self, name: str) -> Any:
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def _silence(stream: Any) -> None:
    """After standard output failed, point it at /dev/null so Python's own flush at exit stays quiet."""
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass


def _lenient(stream: Any) -> None:
    """A stream whose encoding cannot show every character deckgen prints (a Windows code page such
    as cp437 or cp850, when the output goes to a file or a pipe) shows such a character as ``?``
    instead of failing the command."""
    try:
        if stream is not None and (stream.encoding or "").lower().replace("-", "").replace("_", "") not in ("utf8", "utf8sig"):
            stream.reconfigure(errors="replace")
    except (AttributeError, ValueError):  # not a text stream of io's, or already closed
        pass
