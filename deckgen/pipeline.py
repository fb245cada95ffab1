"""The one-way flow: spec -> deck -> checks -> render. The CLI calls these; they never print."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from deckgen.checks import Check, require
from deckgen.errors import DeckgenError
from deckgen.i18n import _
from deckgen.fileio import json_text, prepare_out_dir, write_text
from deckgen.given import blames_the_file
from deckgen.model import Deck
from deckgen.progress import Tick
from deckgen.publish import check_replaceable, publishing
from deckgen.render.faces import faces_for
from deckgen.render.export import write_formats
from deckgen.render.job import PrintJob
from deckgen.resources import data_dir
from deckgen.rulebook.render import file_name, languages, preparing_name, rulebook_context, write_rulebook
from deckgen.rulebook.template import PREPARING, template_name
from deckgen.spec import DeckSpec

if TYPE_CHECKING:  # pragma: no cover
    from deckgen.analysis.skill import SkillReport
    from deckgen.engine.validate import Report


@dataclass
class BuildResult:
    deck: Deck
    checks: list[Check]
    out_dir: Path
    files: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # one-line remarks for the user (no rulebook yet...)
    warnings: list[str] = field(default_factory=list)  # one-line warnings (a blurry back image...)
    played: "Validation | None" = None  # the simulated games a deck file's build played before printing
    forced: bool = False  # written with --force (its failing checks were not enforced)
    printed: int = 0  # cards on the sheets of cards.pdf: the deck's and its help card(s)
    either_edge: bool = True  # every card meets its own back whichever edge a sheet turns over



def deck_identity(deck: Deck) -> str:
    """The game and a fingerprint of the deck (its cards, options, seed and players), written in an
    output folder's manifest: a command adding files to a folder checks it holds the same deck."""
    import hashlib
    import json

    text = json.dumps(deck.to_json(), sort_keys=True, ensure_ascii=True, default=str)
    return f"{deck.game}:{hashlib.sha256(text.encode()).hexdigest()[:20]}"


REPORT_FILES = frozenset({"report.txt", "report.json", "game-length.png", "seat-advantage.png", "skill.png",
                          "length-distribution.png", "comeback-curve.png", "lead-changes.png"})


@blames_the_file
def default_out(spec: DeckSpec, deck: Deck | None = None) -> Path:
    """output/<name> under the current folder, the name told apart by everything that changes the files."""
    from deckgen.naming import folder_name

    return Path("output") / folder_name(spec, deck if deck is not None else spec.build())


@blames_the_file
def make_deck(spec: DeckSpec) -> tuple[Deck, list[Check]]:
    """Build the deck and run the game's static checks on it (a flag they name for a value the deck
    file gave is named as the file's key: deckgen/given.py)."""
    from deckgen.given import named_by_file, reworded_checks

    with named_by_file(spec):
        deck = spec.build()
        return deck, reworded_checks(spec.game.checks(deck), spec)



@blames_the_file
def print_job(spec: DeckSpec, deck: Deck, cards: Any = None, faces: Any = None) -> PrintJob:
    """What the card writers draw, and the web page's preview: ``cards`` (the deck's, or with the help
    cards) with the game's ``faces`` (or the help cards' too), the settings' back image, ink, card,
    language and paper, the deck's options, its title and label."""
    return PrintJob(
        deck.cards if cards is None else cards,
        faces_for(spec.game.faces if faces is None else faces, spec.print.back_image, spec.print.ink),
        spec.print,
        title=spec.game.title,
        label=spec.game.label(deck, spec.card_lang),
        options=dict(spec.game.described(deck)),
    )

@blames_the_file
def build(
    spec: DeckSpec,
    out_dir: Path | None = None,
    *,
    force: bool = False,
    progress: Callable[[str], Tick] | None = None,
    rulebooks: bool = True,
    extra_steps: list[Callable[[BuildResult, Path], list[Path]]] | None = None,
    play_check_games: int = 0,
    help_card: bool = True,
) -> BuildResult:
    """Build, check, and write cards.pdf, deck.json and the rulebook(s) in the languages ``spec.lang``
    asks for (and whatever ``extra_steps`` write into the staging folder they are given).

    The static checks always run; with ``play_check_games`` the whole validation (simulation
    included) runs first too. A failing deck is refused unless ``force``. The files are written into
    a staging folder that replaces the output folder whole at the end (:mod:`deckgen.publish`), so
    the folder holds the earlier build or this one, never a mix, whatever fails or kills the build.

    With ``help_card`` the game's quick-reference card(s) follow the deck's cards in cards.pdf and
    deck.json (kind ``help``); checks and validation never see them."""
    result = _checked(spec, out_dir, force, play_check_games, progress)
    deck, out = result.deck, result.out_dir
    printed, faces = _with_help(spec, deck) if help_card else (deck, spec.game.faces)
    with publishing(out, identity=deck_identity(deck)) as stage:
        job = print_job(spec, deck, printed.cards, faces)
        written = write_formats(stage, job, progress=progress)
        written.append(write_text(stage / "deck.json", printed.dumps()))
        if rulebooks:
            if spec.game.rulebook is None:
                result.notes.append(_("{game} has no rulebook yet: only the cards were written", game=spec.game.title))
            else:
                written += _write_rulebooks(spec, result, progress, stage)
        for step in extra_steps or []:
            written += step(result, stage)
    result.files = [out / Path(p).name for p in written]
    result.printed = len(printed.cards)
    from deckgen.render.faces import two_sided
    from deckgen.render.planning import either_edge

    if "sheets" in spec.print.formats:  # (only sheets are laid out on paper: a card too large for it makes png/ and tts/)
        result.either_edge = either_edge(len(printed.cards), spec.print.layout(), two_sided(job.faces, job.cards))
    return result


@dataclass(frozen=True)
class SheetPlan:
    """The pages of the cards.pdf a build writes: counted from the very plan the PDF is drawn from
    (help cards included), for the page's preview and the CLI's printing line alike."""

    cards: int  # cards on the sheets: the deck's and its help card(s)
    help_cards: int
    per_sheet: int
    pages: int  # PDF pages
    sheets: int  # sheets of paper (separate backs are sheets of their own)
    fronts: tuple[int, ...]  # 1-based page numbers of the fronts
    backs: tuple[int, ...]


@blames_the_file
def sheet_plan(spec: DeckSpec, deck: Deck, *, help_card: bool = True) -> SheetPlan:
    """What cards.pdf will hold for ``deck`` built from ``spec`` (``help_card``: as `build` prints it)."""
    from deckgen.render.printing import pages
    from deckgen.render.planning import plan_pages

    printed = len(_with_help(spec, deck)[0].cards) if help_card else len(deck)
    lay = spec.print.layout()
    plan = plan_pages(printed, lay, spec.print.backs)
    p = pages(printed, spec.print)
    paper = len(p.fronts) + (len(p.backs) if spec.print.backs == "separate" else 0)
    return SheetPlan(printed, printed - len(deck), lay.per_sheet, len(plan), paper, p.fronts, p.backs)


@dataclass(frozen=True)
class PlannedFile:
    """One file or folder a build writes, counted before it is written (from the same plans the
    writers follow): what the web page announces, and what a test reads back."""

    name: str  # "cards.pdf", "cards-one-per-page.pdf", "png/", "tts/"
    pages: int = 0  # pages of a PDF
    sheets: int = 0  # sheets of paper to print (cards.pdf)
    files: int = 0  # files in a folder


@blames_the_file
def planned_files(spec: DeckSpec, deck: Deck, *, help_card: bool = True) -> list[PlannedFile]:
    """The card files a build of ``deck`` writes for ``spec``'s formats, in the order it writes them
    (deck.json and the rulebooks follow them)."""
    from deckgen.render.export import PDF_NAME, PNG_DIR, TTS_DIR, png_jobs, tts_sheets
    from deckgen.render.faces import back_face

    printed, faces = _with_help(spec, deck) if help_card else (deck, spec.game.faces)
    out = []
    for fmt in spec.print.formats:
        if fmt == "sheets":
            plan = sheet_plan(spec, deck, help_card=help_card)
            out.append(PlannedFile("cards.pdf", pages=plan.pages, sheets=plan.sheets))
        elif fmt == "pdf":
            out.append(PlannedFile(PDF_NAME, pages=2 * len(printed.cards)))  # each card's back, then its front
        elif fmt == "png":
            out.append(PlannedFile(PNG_DIR + "/", files=len(png_jobs(printed.cards, faces))))
        elif fmt == "tts":
            two_sided = any(back_face(faces, c) is not None for c in printed.cards)
            out.append(PlannedFile(TTS_DIR + "/", files=len(tts_sheets(len(printed.cards))) * (2 if two_sided else 1) + 2))
    return out


def _with_help(spec: DeckSpec, deck: Deck):
    """The deck as printed with the game's help card(s) after its cards, and the faces drawing them."""
    from dataclasses import replace

    from deckgen.render.faces import Frame
    from deckgen.render.help_card import HelpFaces, help_cards

    if spec.game.help_card is None:
        return deck, spec.game.faces
    text = spec.game.help_card(deck, spec.card_lang)
    frame = Frame(spec.print.card.width, spec.print.card.height, 0.0, spec.card_lang)
    return replace(deck, cards=deck.cards + tuple(help_cards(text, frame, spec.card_lang))), HelpFaces(spec.game.faces, text)


@blames_the_file
def rules(spec: DeckSpec, out_dir: Path | None = None, *, force: bool = False, progress: Callable[[str], Tick] | None = None) -> BuildResult:
    """Write only the rulebook(s) of the deck ``spec`` describes, in the languages ``spec.lang`` asks
    for; the folder's other files (an earlier build's cards) stay."""
    if spec.game.rulebook is None:
        raise DeckgenError(_("{game} has no rulebook yet", game=spec.game.title))
    result = _checked(spec, out_dir, force)
    with publishing(result.out_dir, keep=lambda name: True, own=lambda name: name.startswith(("rulebook-", "preparing-")),
                    identity=deck_identity(result.deck)) as stage:
        written = _write_rulebooks(spec, result, progress, stage)
    result.files = [result.out_dir / p.name for p in written]
    return result


def _checked(
    spec: DeckSpec,
    out_dir: Path | None,
    force: bool,
    play_check_games: int = 0,
    progress: Callable[[str], Tick] | None = None,
) -> BuildResult:
    """The deck built and checked (its failures stop the build unless ``force``), the folder ready."""
    from deckgen.render.images import check_back_image

    image_warning = check_back_image(spec.print)  # an unusable image stops here, before any work
    deck, checks = make_deck(spec)
    played = None
    if not force:
        require(checks, _("the {game} deck", game=spec.game.title))
        if play_check_games and spec.game.engine is not None:
            played = validate(spec, games=play_check_games, sequential=False, compare_default=False, progress=progress)  # exactly the games it says
            require(played.report.checks, _("the {game} deck (not playable; `deckgen validate` tells more)", game=spec.game.title))
    out = Path(out_dir or default_out(spec, deck))
    check_replaceable(out)  # before the work: a folder deckgen may not replace is refused at once
    result = BuildResult(deck, checks, out, played=played, forced=force)
    if image_warning:
        result.warnings.append(image_warning)
    return result


def _write_rulebooks(spec: DeckSpec, result: BuildResult, progress: Callable[[str], Tick] | None, stage: Path) -> list[Path]:
    langs = languages(spec.lang)
    tick = progress(_("rulebook")) if progress else None
    written = []
    for n, lang in enumerate(langs, 1):
        context = rulebook_context(spec.game, result.deck, lang, spec.print)  # the same for both files
        written.append(write_rulebook(stage / file_name(lang), spec.game, result.deck, lang, spec.print, card_lang=spec.card_lang,
                                      context=context))
        if (data_dir("templates") / template_name(spec.game, lang, PREPARING)).exists():
            written.append(write_rulebook(stage / preparing_name(lang), spec.game, result.deck, lang, spec.print,
                                          card_lang=spec.card_lang, stem=PREPARING, context=context))
        if tick:
            tick(n, len(langs))
    return written


@blames_the_file
def preview(spec: DeckSpec, out_dir: Path | None = None, *, force: bool = False, progress: Callable[[str], Tick] | None = None,
            help_card: bool = True) -> BuildResult:
    """PNG contact sheets in the output folder; its other files (an earlier build) stay, earlier previews go.
    With ``help_card`` the sheets end with the help card(s), as cards.pdf prints them after the deck."""
    from deckgen.render.preview import write_previews

    result = _checked(spec, out_dir, force)
    deck, out = result.deck, result.out_dir
    printed, faces = _with_help(spec, deck) if help_card else (deck, spec.game.faces)
    tick = progress(_("previews")) if progress else None
    with publishing(out, keep=lambda name: not name.startswith("preview-"), own=lambda name: name.startswith("preview-"),
                    identity=deck_identity(deck)) as stage:
        written = write_previews(stage, print_job(spec, deck, printed.cards, faces), progress=tick)
    result.files.extend(out / p.name for p in written)
    result.printed = len(printed.cards)
    return result


@dataclass
class Validation:
    spec: DeckSpec
    deck: Deck
    report: "Report"
    default: dict | None = None  # player count -> Summary of the default deck, when the deck differs
    skill: "SkillRun | None" = None  # the skill ladder, when the report asks for it
    is_default: bool = False  # the deck is the game's default deck
    measures: "MeasureRun | None" = None  # the design measures, when the report asks for them

    @property
    def ok(self) -> bool:
        return self.report.ok


@blames_the_file
def is_default(spec: DeckSpec, deck: Deck) -> bool:
    from deckgen.spec import spec_for

    base = spec_for(spec.game, cli={})
    return deck.cards == base.build().cards and dict(deck.options) == dict(base.options) and not deck.custom


@blames_the_file
def validate(
    spec: DeckSpec,
    *,
    players: list[int] | None = None,
    games: int = 400,
    workers: int | None = None,
    sequential: bool = True,
    compare_default: bool = True,
    progress: Callable[[str], Tick] | None = None,
    confidence: int | None = None,
    model_budget: int | None = None,
) -> Validation:
    """Static, exhaustive and simulated checks; for a playable deck that is not the default one, the
    default deck simulated the same way beside it (its figures come from the cache when they can)."""
    from deckgen.engine.compare import compare, default_deck, remember
    from deckgen.engine.simulate import Pool, default_workers
    from deckgen.engine.validate import validate as run_validation
    from deckgen.given import named_by_file, reworded_checks
    from deckgen.spec import spec_for

    _in_range("--games", games, 1, 1_000_000)
    workers = worker_count(default_workers() if workers is None else workers)
    deck = spec.build()
    with Pool(workers) as pool:
        extra = {"confidence": confidence} if confidence is not None else {}
        if model_budget is not None:
            _in_range("--model-budget", model_budget, 0, 50_000_000)
            extra["model_budget"] = model_budget
        with named_by_file(spec):
            report = run_validation(spec.game, deck, players=players, games=games, seed=spec.seed, sequential=sequential, progress=progress, pool=pool, **extra)
        report.static, report.exhaustive, report.simulated = (reworded_checks(c, spec) for c in (report.static, report.exhaustive, report.simulated))
        result = Validation(spec, deck, report, is_default=is_default(spec, deck))
        if report.summaries and result.is_default:
            remember(spec.game, deck, report, games=games, sequential=sequential)
        elif compare_default and report.ok and report.summaries:
            base = default_deck(spec.game, deck, spec_for(spec.game, cli={}).options)
            result.default = compare(spec.game, report, base, games=games, sequential=sequential, pool=pool, progress=progress)
    return result


def report_text(v: Validation, pace: float | None = None) -> str:
    """The plain summary first (playable for whom, minutes a game at ``pace`` seconds a turn), then
    the checks and measures, then what the figures mean."""
    from deckgen.engine.compare import comparison_lines
    from deckgen.engine.report import report_lines
    from deckgen.guide import measures_explained, validate_summary

    from deckgen.i18n import Msg, ngettext
    from deckgen.spec import DEFAULT_OPTIONS

    source = v.spec.source
    if v.is_default or not source or source == "defaults":
        title = ngettext("{game}: {n:,} card (the default deck)", "{game}: {n:,} cards (the default deck)", len(v.deck), game=v.spec.game.title)
    elif isinstance(source, Msg) and source.msgid == DEFAULT_OPTIONS:  # the default options for another player count
        title = ngettext("{game}: {n:,} card (the default options)", "{game}: {n:,} cards (the default options)", len(v.deck),
                         game=v.spec.game.title)
    else:
        title = ngettext("{game}: {n:,} card ({source})", "{game}: {n:,} cards ({source})", len(v.deck), game=v.spec.game.title,
                         source=v.spec.source)
    lines = [str(title), ""]
    lines += [str(line) for line in validate_summary(v, pace)]
    lines += ["", *report_lines(v.spec.game.engine, v.report)]
    if v.default:
        lines += ["", *comparison_lines(v.spec.game, v.report.summaries, v.default)]
    if v.skill:
        lines += ["", skill_text(v.skill).rstrip("\n")]
    if v.measures:
        lines += ["", measure_text(v.measures).rstrip("\n")]
    if v.spec.game.engine is not None and v.report.summaries:
        lines += ["", *measures_explained(v.spec.game.engine)]
    return "\n".join(lines) + "\n"


def report_data(v: Validation, pace: float | None = None) -> dict:
    from deckgen.engine.compare import comparison_json
    from deckgen.engine.report import report_json
    from deckgen.guide import validate_summary

    data = report_json(v.report)
    data["summary"] = validate_summary(v, pace)
    data["cards"] = len(v.deck)
    data["source"] = v.spec.source or "defaults"
    if v.default:
        data["default_deck"] = comparison_json(v.spec.game, v.report.summaries, v.default)
    if v.skill:
        data["skill"] = skill_data(v.skill)
    if v.measures:
        data["design_measures"] = measure_data(v.measures)
    return data


def chart_words() -> dict[str, str]:
    """The legend's words of the report's charts (render/charts.py), in the language in force."""
    from deckgen.i18n import _

    return {"your deck": str(_("your deck")), "this deck": str(_("this deck")), "default deck": str(_("default deck")),
            "no advantage": str(_("no advantage")), "error bars: 95% interval": str(_("error bars: 95% interval"))}


def write_report(v: Validation, out_dir: Path, pace: float | None = None, *, lang: str | None = None) -> list[Path]:
    """report.txt, report.json and two PNG plots (matplotlib): the mean game length and the seat
    advantage at every player count, with 95% error bars, beside the default deck's when compared.
    ``lang``: the language of report.txt and the charts' words (default: the language in force; the
    web page's language on the page). report.json keeps its stable English words."""
    from deckgen.i18n import current_lang, using

    with using(lang or current_lang()):
        return _write_report(v, out_dir, pace)


def _report_files(name: str) -> bool:
    return name in REPORT_FILES


def _not_report_files(name: str) -> bool:
    return name not in REPORT_FILES


@blames_the_file
def check_report_folder(spec: DeckSpec, out_dir: Path) -> None:
    """Refuse, before any game, a folder :func:`write_report` would refuse after them: one deckgen may
    not replace, or one holding another deck's build."""
    from deckgen.publish import check_addable, named_by

    with named_by("--report"):  # its messages name the option that named the folder
        check_addable(Path(out_dir), keep=_not_report_files, own=_report_files, identity=deck_identity(spec.build()))


def _write_report(v: Validation, out_dir: Path, pace: float | None) -> list[Path]:
    from deckgen.engine.simulate import seat_advantage, seat_advantage_error
    from deckgen.engine.words import length_unit
    from deckgen.fileio import write_bytes
    from deckgen.i18n import _
    from deckgen.render.charts import points_with_errors

    base = v.default or {}
    keys = list(v.report.summaries)
    labels = [str(k) for k in keys]
    mine = [v.report.summaries[k] for k in keys]
    theirs = [base.get(k) for k in keys]
    words = chart_words()
    unit = length_unit(v.spec.game.engine.length_name if v.spec.game.engine else "turns")
    xlabel = str(_("rule variant and players") if any(s.variant for s in mine) else _("players"))
    title = v.spec.game.title
    # beside a build of the same deck the report adds its files and the build stays; a folder of
    # another deck's build is refused (never emptied)
    from deckgen.publish import named_by

    with named_by("--report"), publishing(Path(out_dir), keep=_not_report_files, own=_report_files,
                                          identity=deck_identity(v.deck)) as stage:
        written = [
            write_text(stage / "report.txt", report_text(v, pace)),
            write_text(stage / "report.json", json_text(report_data(v, pace)) + "\n"),
            write_bytes(
                stage / "game-length.png",
                points_with_errors(
                    labels, [(s.length_mean, s.length_error) for s in mine], [(b.length_mean, b.length_error) if b else None for b in theirs],
                    title=str(_("{game}: game length", game=title)), xlabel=xlabel, words=words,
                    ylabel=str(_("mean {unit} per game", unit=unit)),
                ),
            ),
            write_bytes(
                stage / "seat-advantage.png",
                points_with_errors(
                    labels,
                    [(100 * seat_advantage(s), 100 * seat_advantage_error(s)) for s in mine],
                    [(100 * seat_advantage(b), 100 * seat_advantage_error(b)) if b else None for b in theirs],
                    title=str(_("{game}: seat advantage (luckiest seat's win share minus a fair share)", game=title)),
                    ylabel=str(_("points of win share")), xlabel=xlabel, zero_line=True, words=words,
                ),
            ),
        ]
        if v.skill:
            from deckgen.analysis.plot import ratings_png

            written.append(write_bytes(stage / "skill.png", ratings_png(v.skill.reports, v.skill.bases)))
        if v.measures:
            from deckgen.analysis.measures.plots import FILES

            for name, draw in FILES.items():  # in the report's language (write_report)
                written.append(write_bytes(stage / name, draw(v.measures.measured, v.measures.bases, v.spec.game.title)))
    return [Path(out_dir) / p.name for p in written]


def _in_range(name: str, value: int, lo: int, hi: int) -> int:
    if not lo <= value <= hi:
        raise DeckgenError(_("{option} must be {lo} to {hi}, not {value}", option=name, lo=lo, hi=hi, value=value))
    return value


def worker_count(asked: int) -> int:
    """``--workers`` checked (1 to 256) and capped at the CPUs this process may use: more workers
    than CPUs only add processes to wait for (the results never depend on the count)."""
    from deckgen.workers import usable_cores

    _in_range("--workers", asked, 1, 256)
    return min(asked, usable_cores())


@blames_the_file
def simulate(
    spec: DeckSpec,
    *,
    games: int | None = None,
    workers: int | None = None,
    policy: str = "heuristic",
    board: Path | None = None,
    progress: Callable[[str], Tick] | None = None,
) -> tuple[Deck, list]:
    """Play ``games`` seeded games of the deck (under each of the engine's variants) and summarise them."""
    from deckgen.engine.simulate import default_workers, simulate as play

    from deckgen.i18n import Listing, _

    engine = spec.game.engine
    if engine is None:
        raise DeckgenError(_("{game} has no rule engine yet", game=spec.game.title))
    if board is not None and engine.board_picture is None:
        raise DeckgenError(_("{game} has no board to draw (--board)", game=spec.game.title))
    if board is not None:  # refused before the games: a name that is no PNG's, a folder, a file of the user's
        from deckgen.fileio import PNG_MARK_END, check_own_file, is_marked_png, png_name

        png_name(board)
        prepare_out_dir(board.parent)  # as every output: its folder is made (before the games), a file in the way named
        check_own_file(board, "--board", is_marked_png, PNG_MARK_END)
    if policy not in engine.policies:
        raise DeckgenError(_("unknown --policy {policy!r}: use {policies}", policy=policy, policies=Listing(engine.policies, "or")))
    n_games = _in_range("--games", 1000 if games is None else games, 1, 10_000_000)
    workers = worker_count(default_workers() if workers is None else workers)
    players = spec.players or spec.game.default_players
    deck, checks = make_deck(spec)
    _check_served(spec.game, deck, players, _players_given(spec, None))  # as skill: a count the deck cannot deal (it crashed a policy)
    _refuse_failing(checks)
    summaries = []
    from deckgen.given import named_by_file

    with named_by_file(spec):  # an error of the game's rules about a value the deck file gave names its key
        for label, variant in engine.variants(deck):  # one deck may be played in several modes
            tick = progress(_("games, {variant}", variant=label) if label else _("games")) if progress else None
            summaries.append(play(engine, variant, players, n_games, spec.seed, workers=workers, policy=policy, progress=tick, variant=label))
    return deck, summaries


def _check_served(game: Any, deck: Any, n: int, given: str | None = "--players") -> None:
    """Refuse a player count the deck does not serve (too few cards to deal, say), by the name of who
    gave it (``given``: --players, a deck file and its key, or None: the game's usual count, a default)."""
    counts = game.player_counts(dataclasses.replace(deck, players=None))
    if n not in counts:
        from deckgen.i18n import _
        from deckgen.registry import players_words

        if not counts:
            problem = _("this {game} deck cannot be dealt to any number of players (too few cards), so not to {n}", game=game.title, n=n)
        elif given is None:
            problem = _("this {game} deck is played by {served}, not {asked} (the count played when none is given); choose one with --players",
                        game=game.title, served=players_words(counts), asked=n)
        else:
            problem = _("this {game} deck is played by {served}, not {asked}", game=game.title, served=players_words(counts), asked=n)
        raise DeckgenError(problem, option=given)


def _players_given(spec: Any, players: int | None) -> str | None:
    """Who gave the player count a command plays: its own --players, else the spec's (typed, or the
    deck file's key), else nobody (a default)."""
    return "--players" if players else spec.given_as("players")


def _refuse_failing(checks: Sequence[Any]) -> None:
    """A deck that fails a check is not played: one error naming each failed check."""
    from deckgen.checks import Joined

    bad = [c for c in checks if not c.ok]
    if bad:
        raise DeckgenError(_("the deck fails its checks: {checks}",
                             checks=Joined([_("{name}: {detail}", name=c.name, detail=c.detail) for c in bad], "; ")))


@dataclass
class SkillRun:
    spec: DeckSpec
    reports: list["SkillReport"]  # one per rule variant the deck is played in
    bases: list["SkillReport | None"]  # the default deck's, beside a custom deck's (else None)


@blames_the_file
def skill(
    spec: DeckSpec,
    *,
    players: int | None = None,
    games: int | None = None,
    workers: int | None = None,
    compare_default: bool = True,
    progress: Callable[[str], Tick] | None = None,
) -> SkillRun:
    """The skill ladder of the deck (under each of its rule variants) and, for a deck that is not the
    default one, the default deck's ladder played the same way beside it."""
    from deckgen.analysis.skill import measure
    from deckgen.engine.compare import default_deck
    from deckgen.spec import spec_for

    from deckgen.i18n import _

    game = spec.game
    engine = game.engine
    if engine is None or engine.skill is None:
        raise DeckgenError(_("{game} has no skill ladder", game=game.title))
    per_pair = _in_range("--games", engine.skill.games if games is None else games, 1, 100_000)
    from deckgen.engine.simulate import default_workers

    workers = worker_count(default_workers() if workers is None else workers)
    n = players or spec.players or 2
    deck, checks = make_deck(spec)
    _check_served(game, deck, n, _players_given(spec, players))
    _refuse_failing(checks)
    base = None
    default = is_default(spec, deck)  # its ladder is kept for later comparisons (never read back for itself)
    if compare_default and not default:
        base = dict(engine.variants(default_deck(game, deck, spec_for(game, cli={}).options)))
    reports, bases = [], []
    for label, variant in engine.variants(deck):
        tick = progress(_("skill ladder, {variant}", variant=label) if label else _("skill ladder")) if progress else None
        reports.append(measure(engine, variant, n, title=game.title, variant=label, games_per_pair=per_pair, seed=spec.seed, workers=workers, progress=tick, remember=default))
        same = base is not None and label in base and base[label].cards == variant.cards and dict(base[label].options) == dict(variant.options)
        if base is not None and label in base and not same:
            tick = (progress(_("default deck's ladder, {variant}", variant=label) if label else _("default deck's ladder"))
                    if progress else None)
            bases.append(measure(engine, base[label], n, title=game.title, variant=label, games_per_pair=per_pair, seed=spec.seed, workers=workers, progress=tick, reuse=True, remember=True))
        else:
            bases.append(None)
    return SkillRun(spec, reports, bases)


def skill_text(run: SkillRun) -> str:
    from deckgen.analysis.skill import comparison_lines, lines

    parts = []
    for r, b in zip(run.reports, run.bases):
        parts.append("\n".join(lines(r) + (comparison_lines(r, b) if b is not None else [])))
    return "\n\n".join(parts) + "\n"


def skill_data(run: SkillRun) -> dict:
    from deckgen.analysis.skill import differences

    out = []
    for r, b in zip(run.reports, run.bases):
        item = r.to_json()
        if b is not None:
            item["default_deck"] = b.to_json()
            item["differences"] = [
                {"name": d.name, "yours": d.yours, "default": d.default, "stderr": d.stderr, "significant": d.significant}
                for d in differences(r, b)
            ]
        out.append(item)
    return {"game": run.spec.game.id, "source": run.spec.source or "defaults", "ladders": out}


@dataclass
class MeasureRun:
    spec: DeckSpec
    players: int
    measured: list  # the twelve design measures per rule variant (analysis.measures.Measured)
    bases: list  # the default deck's, measured the same way beside a custom deck (else None each)
    trace: Path | None = None  # the trace file written (measure --trace), if any
    traced_games: int = 0  # the games written to it


@blames_the_file
def measure(
    spec: DeckSpec,
    *,
    players: int | None = None,
    games: int | None = None,
    workers: int | None = None,
    rollouts: int | None = None,
    evaluated_games: int | None = None,
    lesson: float | None = None,
    pace: float | None = None,
    compare_default: bool = True,
    progress: Callable[[str], Tick] | None = None,
    trace: Path | None = None,
) -> MeasureRun:
    """The twelve design measures of the deck at one player count (the deck's, else the game's
    default, else the middle one it serves: Game.usual_players), under each of its rule variants; beside a custom deck, the
    default deck's measured the same way (kept in the figures cache). ``trace``: every measured
    game's steps written to this file (analysis/measures/tracefile.py; the games are then played,
    not read from the cache)."""
    from deckgen.analysis.measures import LESSON, measure_variants
    from deckgen.engine.compare import default_deck
    from deckgen.engine.simulate import default_workers
    from deckgen.i18n import _
    from deckgen.spec import spec_for

    game = spec.game
    engine = game.engine
    if engine is None or engine.design is None:
        raise DeckgenError(_("{title} has no design measures", title=game.title))
    if games is not None:
        _in_range("--games", games, 1, 100_000)
    if rollouts is not None:
        _in_range("--rollouts", rollouts, 1, 1000)
    if evaluated_games is not None:
        _in_range("--evaluated-games", evaluated_games, 0, 100_000)
    if lesson is not None and not 1 <= lesson <= 600:
        raise DeckgenError(_("--lesson must be 1 to 600 minutes, not {value:g}", value=lesson))
    if pace is not None and not 0.1 <= pace <= 600:
        raise DeckgenError(_("--pace must be 0.1 to 600 seconds a turn, not {value:g}", value=pace))
    workers = worker_count(default_workers() if workers is None else workers)
    deck, checks = make_deck(spec)
    served = game.player_counts(dataclasses.replace(deck, players=None))
    n = players or spec.players or game.usual_players(served)  # the count the report's and the page's figures are at
    _check_served(game, deck, n, _players_given(spec, players))
    bad = [c for c in checks if not c.ok]
    if bad:
        from deckgen.checks import Joined

        raise DeckgenError(_("the deck fails its checks: {checks}",
                             checks=Joined([_("{name}: {detail}", name=c.name, detail=c.detail) for c in bad], "; ")))
    settings = {"seed": spec.seed, "pace": game.seconds_per_turn if pace is None else pace, "lesson": LESSON if lesson is None else lesson,
                "games": games, "rollouts": rollouts, "evaluated_games": evaluated_games, "workers": workers}
    default = is_default(spec, deck)
    ours = (lambda label: progress(_("design measures, {variant}", variant=label) if label else _("design measures"))) if progress else None
    traced_games = 0
    if trace is None:
        mine = measure_variants(engine, deck, n, progress=ours, remember=default, **settings)
    else:
        from deckgen.analysis.measures.tracefile import TraceWriter, check_target
        from deckgen.fileio import atomic_path

        target = check_target(trace)
        with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as stream:
            writer = TraceWriter(stream, game.id, n, spec.seed)
            mine = measure_variants(engine, deck, n, progress=ours, trace_sink=writer, **settings)
        traced_games = writer.games
    bases: list = [None] * len(mine)
    if compare_default and not default:
        base = default_deck(game, deck, spec_for(game, cli={}).options)
        later = (lambda label: progress(_("default deck, {variant}", variant=label) if label else _("default deck"))) if progress else None
        theirs = {m.variant: m for m in measure_variants(engine, base, n, progress=later, remember=True, **settings)}
        bases = [theirs.get(m.variant) for m in mine]
    return MeasureRun(spec, n, mine, bases, trace, traced_games)


TEACHER_GAMES = 200  # traced games behind the web page's plain sentences (no evaluator, no skill or deal share games)


@blames_the_file
def teacher(spec: DeckSpec, players: int, *, games: int = TEACHER_GAMES, progress: Callable[[str], Tick] | None = None) -> list[dict]:
    """The teacher's few design measures in plain sentences (analysis/measures/teacher.py) at
    ``players``, from ``games`` traced games (at most TEACHER_GAMES) under each rule variant:
    {"variant", "key", "name", "text", "definition"} (messages)."""
    from deckgen.analysis.measures import LESSON, measure_variants
    from deckgen.analysis.measures.teacher import sentences
    from deckgen.i18n import _

    engine = spec.game.engine
    if engine is None or engine.design is None:
        return []
    tick = (lambda label: progress(_("design measures, {variant}", variant=label) if label else _("design measures"))) if progress else None
    found = measure_variants(engine, spec.build(), players, seed=spec.seed, pace=spec.game.seconds_per_turn, lesson=LESSON,
                             games=max(1, min(games, TEACHER_GAMES)), evaluated_games=0, skill_games=0, deal_games=0, progress=tick)
    return [{"variant": m.variant, **s} for m in found for s in sentences(m)]


def measure_text(run: MeasureRun) -> str:
    from deckgen.analysis.measures import compare, views

    parts = []
    for m, b in zip(run.measured, run.bases):
        block = [str(x) for x in views.lines(m, run.spec.game.title)]
        if b is not None:
            block += [str(x) for x in compare.lines([m], [b])]
        parts.append("\n".join(block))
    return "\n\n".join(parts) + "\n"


def measure_data(run: MeasureRun) -> dict:
    from deckgen.analysis.measures import compare, views

    out = []
    for m, b in zip(run.measured, run.bases):
        item = views.to_json(m)
        if b is not None:
            item["default_deck"] = {"measures": views.to_json(b)["measures"], "comparison": compare.to_json([m], [b])}
        out.append(item)
    return {"game": run.spec.game.id, "source": run.spec.source or "defaults", "players": run.players, "variants": out}


def sweep(
    game,
    vary: list[str],
    *,
    players: int | None = None,
    games: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    out: Path | None = None,
    progress: Callable[[str], Tick] | None = None,
    measures: list[str] | None = None,
):
    """Validate every combination of the varied option values and write the table and heat maps
    (with ``measures``, the design measures of those keys beside the validation's figures)."""
    from deckgen.analysis import sweep as sweeping
    from deckgen.engine.simulate import default_workers

    n_games = _in_range("--games", 400 if games is None else games, 1, 1_000_000)
    workers = _in_range("--workers", default_workers() if workers is None else workers, 1, 256)
    from deckgen.i18n import _

    if game.engine is None:
        raise DeckgenError(_("{game} has no rule engine yet", game=game.title))
    axes = sweeping.parse_vary(game, vary)
    keys = sweeping.parse_measures(game, measures or [])
    from deckgen.publish import check_replaceable

    target = Path(out) if out else Path("output") / f"{game.id}-sweep"
    check_replaceable(target)  # a folder the sweep cannot go to is refused before its games, not after them
    tick = progress(_("combinations")) if progress else None
    result = sweeping.run(game, axes, players=players, games=n_games, seed=seed, workers=workers, scheduler=scheduler, progress=tick, measures=keys)
    return result, sweeping.write(result, target)


@blames_the_file
def init_file(spec: DeckSpec, out: "Path | str", *, with_cards: bool) -> Path:
    """Write a deck file for ``spec`` to start editing from; never overwrites an existing file.
    ``out`` names the file; a folder (an existing one, or a name ending in a slash: ``decks/``)
    gets ``<game>.toml`` inside it."""
    from deckgen.deckfile.write import deck_file_text

    text = str(out)
    if not text.strip():  # '' would be the current folder, ' ' a file named by a blank: neither is a name given
        raise DeckgenError(_("--out needs a file name, such as {name}", name=spec.game.id + ".toml"))
    out = Path(out)
    if text.endswith(("/", "\\")) or (out.is_dir() and not out.is_symlink()):
        out = out / f"{spec.game.id}.toml"
    if out.exists() or out.is_symlink():  # a link to nowhere (or a loop) is the user's too: never replaced
        raise DeckgenError(_("{file} already exists; choose another name (nothing was overwritten)", file=out))
    folder = prepare_out_dir(out.parent if str(out.parent) else Path("."))
    # a deck file that lists its cards keeps them (without them the new file would describe another deck)
    with_cards = with_cards or spec.cards is not None
    return write_text(out, deck_file_text(spec, spec.build(), with_cards=with_cards, folder=folder))


def calibrate(paper: str, backs: str, back_offset: object, lang: str, out_dir: Path | None = None) -> Path:
    """Write calibration.pdf: the two-sided sheet that measures a duplex printer's back offset."""
    from deckgen.render.calibrate import write_calibration
    from deckgen.render.geometry import back_mode, back_offset as parse_offset, paper_size
    from deckgen.render.settings import language

    name = paper_size(paper)[0]
    mode = back_mode(backs)
    offset = parse_offset(back_offset)
    out = Path(out_dir or Path("output") / f"calibration-{name}-{mode}")
    with publishing(out) as stage:
        write_calibration(stage / "calibration.pdf", name, mode, offset, language(lang))
    return out / "calibration.pdf"
