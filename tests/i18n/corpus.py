"""The corpus of everything deckgen says, for the language tests (tests/i18n/test_spanish_corpus.py,
tests/i18n/test_pseudo_corpus.py): every command's output for the default decks, the example decks
and a failing deck of each game, every help page, and one case of every class of bad input (the
hostile-input corpus of tests/test_hostile*.py and tests/deckfile included), each run in-process
on the command line in one language, and asked of the page where it has the like
(tests/i18n/page.py), with the page's own cases (its pages, every class of bad request).

Sampling (the suite's budget): the cheap cases (help pages, `list`, refusals, `init`) run in every
language. The costly ones (a command that renders, simulates or solves, for each default deck and
each example deck) are split in two halves by :func:`half`: the Spanish run takes one half and the
pseudo-locale run the other, so each run holds every command and every game, and the two together
hold every command for every default deck and every example deck. Simulations are short
(``--games`` a handful, one worker, the model checker's budget small): the words are the same as a
long run's.

What each run says is a list of :class:`Said`; tests read its lines with the words the user typed
(``typed``), which may come back in any language.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
DECKS = ROOT / "decks"


@dataclass(frozen=True)
class Case:
    """One thing a user does: ``argv`` after `deckgen`, in a fresh folder holding ``files``."""

    name: str
    argv: tuple[str, ...]
    group: str  # "help", "output", "failing deck", "refusal"; "page": the page's own (tests/i18n/page.py)
    files: tuple[tuple[str, bytes], ...] = ()
    costly: bool = False  # sampled: see half()
    typed: tuple[str, ...] = ()  # words of the files the user wrote (keys, values), shown back in any language


@dataclass
class Said:
    """What deckgen said for a case: exit code, its lines on each stream, its progress bars' labels."""

    case: Case
    code: int
    out: list[str]
    err: list[str]
    bars: list[str] = field(default_factory=list)
    face: str = "cli"
    statuses: tuple[int, ...] = ()  # the page's: the HTTP status of each answer

    def lines(self) -> Iterator[tuple[str, str]]:
        for stream, lines in (("out", self.out), ("err", self.err), ("bar", self.bars)):
            for line in lines:
                if line.strip():
                    yield stream, line

    def typed(self) -> tuple[str, ...]:
        return (*self.case.argv, *self.case.typed)


# ---------------------------------------------------------------- the cases


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _typed_words(text: str) -> tuple[str, ...]:
    """The keys and quoted values of a deck file's text (not its comments): what deckgen may show back."""
    keys = re.findall(r"^\s*\[*\s*\"?([^\s=\]\"]+)", text, re.MULTILINE)
    values = re.findall(r"\"([^\"\n]*)\"|'([^'\n]*)'", text)
    found = tuple(keys) + tuple(v for pair in values for v in pair if v)
    # a quoted key or value as TOML reads it (its \u001b and \n escapes undone): what deckgen shows back
    unescaped = tuple(re.sub(r"\\u([0-9a-fA-F]{4})|\\n", lambda m: chr(int(m.group(1), 16)) if m.group(1) else "\n", v)
                      for v in found if "\\" in v)
    return found + unescaped


def _deck_case(name: str, argv: Sequence[str], group: str, file: str, data: bytes, costly: bool = False) -> Case:
    text = data.decode("utf-8", "replace")
    return Case(name, tuple(argv), group, ((file, data),), costly, _typed_words(text[:20000]))


GAMES = ("hectoedra", "maestras", "mgc", "monete", "multiplicats")
PLAYERS = {"hectoedra": 3, "maestras": 4, "mgc": 3, "monete": 3, "multiplicats": 2}
SHORT = ("--workers", "1")


def game_commands(target: str, game: str) -> dict[str, tuple[str, ...]]:
    """Every command of a deck (a game id or a deck file), kept short. (`skill`, whose ladder plays
    Monte Carlo players for minutes whatever --games says, runs once: see cases().)"""
    n = str(PLAYERS[game])
    return {
        "build": ("build", target, "--out", "out"),
        "rules": ("rules", target, "--lang", "all", "--out", "out"),
        "preview": ("preview", target, "--out", "out"),
        "simulate": ("simulate", target, "--games", "6", "--players", n, *SHORT),
        "validate": ("validate", target, *VALIDATE_SHORT, "--players", n),
    }


VALIDATE_SHORT = ("--games", "6", "--confidence", "4", "--model-budget", "3000", *SHORT)


def cases() -> list[Case]:
    """Every case of the corpus, in a fixed order (the sampling depends on it)."""
    out: list[Case] = []
    # help pages, and the list of games
    out.append(Case("deckgen", (), "help"))
    out.append(Case("deckgen --help", ("--help",), "help"))
    for command in ("list", "build", "rules", "init", "preview", "calibrate", "simulate", "validate", "skill", "sweep",
                    "solve", "puzzle", "serve"):
        out.append(Case(f"{command} --help", (command, "--help"), "help"))
    for game in GAMES:
        out.append(Case(f"build {game} --help", ("build", game, "--help"), "help"))
    out.append(Case("solve hectoedra --help", ("solve", "hectoedra", "--help"), "help"))
    out.append(Case("list", ("list",), "output"))
    # every command for each default deck (init and the cheap ones in every run)
    for game in GAMES:
        out.append(Case(f"init {game}", ("init", game, "--out", "new.toml"), "output"))
        out.append(Case(f"init {game} --cards", ("init", game, "--cards", "--out", "new.toml"), "output"))
        for command, argv in game_commands(game, game).items():
            out.append(Case(f"{command} {game}", argv, "output", costly=True))
    out.append(Case("build --backs manual-duplex -q", ("build", "multiplicats", "--tables", "2", "--backs", "manual-duplex",
                                                       "--out", "out"), "output", costly=True))
    out.append(Case("build --backs separate --format", ("build", "hectoedra", "--cards", "1-20", "--backs", "separate",
                                                        "--format", "sheets,png,pdf,tts", "--dpi", "72", "--out", "out"),
                    "output", costly=True))
    out.append(Case("build --for tgc", ("build", "multiplicats", "--tables", "1", "--for", "tgc", "--out", "out"), "output", costly=True))
    for backs in ("duplex-short", "none"):
        out.append(Case(f"build --backs {backs}", ("build", "hectoedra", "--cards", "1-30", "--backs", backs, "--out", "out"),
                        "output", costly=True))
    for lang in ("es", "en"):
        out.append(Case(f"calibrate --lang {lang}", ("calibrate", "--lang", lang, "--out", "cal"), "output", costly=True))
    out.append(Case("sweep hectoedra", ("sweep", "hectoedra", "--vary", "hand=3,4", "--games", "4", "--players", "2",
                                        "--workers", "1", "--out", "sw"), "output", costly=True))
    out.append(Case("validate --report", ("validate", "multiplicats", "--tables", "1-3", *VALIDATE_SHORT, "--players", "2",
                                          "--report", "rep", "--skill-games", "0"), "output", costly=True))
    out.append(Case("validate --json", ("validate", "monete", *VALIDATE_SHORT, "--players", "2", "--json"), "output", costly=True))
    out.append(Case("simulate --board", ("simulate", "maestras", "--games", "1", "--players", "2", "--board", "b.png", *SHORT),
                    "output", costly=True))
    out.append(Case("skill multiplicats", ("skill", "multiplicats", "--tables", "1-3", "--games", "1", "--players", "2", *SHORT),
                    "output", costly=True))
    out.append(Case("solve hectoedra", ("solve", "hectoedra", "--cards", "1-12"), "output", costly=True))
    out.append(Case("puzzle hectoedra", ("puzzle", "hectoedra", "--sets", "1", "--size", "6", "--time-limit", "2", "--out", "pz"),
                    "output", costly=True))
    # the example decks: each checked by init, and one costly command each (in turn)
    examples = sorted(DECKS.glob("examples/*.toml"))
    commands = ("validate", "build", "simulate", "preview", "rules")
    for i, path in enumerate(examples):
        data = path.read_bytes()
        game = next(g for g in GAMES if path.name.startswith(g))
        out.append(_deck_case(f"init {path.name}", ("init", path.name, "--out", "copy.toml"), "output", path.name, data))
        command = commands[i % len(commands)]
        argv = game_commands(path.name, game)[command]
        out.append(_deck_case(f"{command} {path.name}", argv, "output", path.name, data, costly=True))
    # a failing deck of each game (tests/deckfile/test_each_game.py): those that exit 1 are played
    broken = _load(TESTS / "deckfile" / "test_each_game.py", "corpus_each_game").BROKEN
    for game, decks in broken.items():
        for name, (text, code, _pieces) in decks.items():
            argv = ("validate", "deck.toml", "--games", "40", "--model-budget", "3000", *SHORT)  # enough to fail
            out.append(_deck_case(f"failing {game}: {name}", argv, "failing deck", "deck.toml", text.encode(), costly=code == 1))
    out += refusals()
    return out


def refusals() -> list[Case]:
    """One case of every class of bad input."""
    out: list[Case] = []
    deckfiles = _load(TESTS / "deckfile" / "test_deck_files.py", "corpus_deck_files").BROKEN
    for name, (text, _pieces) in deckfiles.items():
        out.append(_deck_case(f"deck file: {name}", ("validate", "deck.toml"), "refusal", "deck.toml", text.encode()))
    hostile = _load(TESTS / "test_hostile.py", "corpus_hostile")
    commands = ("build", "validate", "simulate", "preview", "rules", "init")
    seen_families: set[str] = set()
    for i, (name, text) in enumerate(hostile.DECK_FILES.items()):
        family = name.split(" ")[0] if name.split(" ")[-1] in ("decimal", "hex", "octal", "binary", "negative", "digits") else name
        if name.startswith("back image"):
            continue  # the images are made below
        if family in seen_families and family != name:
            continue  # one base per family of huge numbers
        seen_families.add(family)
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        command = commands[i % len(commands)]
        extra = ("--out", "new.toml") if command == "init" else ("--out", "out") if command in ("build", "preview", "rules") else ()
        out.append(_deck_case(f"hostile deck file: {name}", (command, "deck.toml", *extra), "refusal", "deck.toml", data))
    for name, make in hostile.IMAGES.items():
        out.append(Case(f"hostile back image: {name}", ("build", "deck.toml", "--out", "out"), "refusal",
                        (("deck.toml", f'game = "multiplicats"\n[print]\nback_image = "{name}"\n'.encode()), (name, _image(make, name)))))
    for i, (name, args) in enumerate(hostile.ARGS.items()):
        command = commands[i % len(commands)]
        extra = ("--out", "new.toml") if command == "init" else ()
        out.append(Case(f"hostile arguments: {name}", (command, *args, *extra), "refusal"))
    for name, argv in hostile.CAPABILITY_ARGS.items():
        out.append(Case(f"hostile command line: {name}", tuple(argv), "refusal"))
    usage = {
        "unknown command": ("buil", "multiplicats"),
        "unknown option": ("calibrate", "--pape", "a4"),
        "unknown game option": ("build", "multiplicats", "--tabels", "1-3"),
        "option before the game": ("build", "--tables", "1-6", "multiplicats"),
        "missing argument": ("build",),
        "missing option": ("sweep", "mgc"),
        "extra arguments": ("calibrate", "x", "y"),
        "an option needs a value": ("calibrate", "--paper"),
        "a flag takes no value": ("calibrate", "--quiet=yes"),
        "an option in place of a folder": ("build", "multiplicats", "--out", "--quiet"),
        "an option in place of a number": ("simulate", "multiplicats", "--games", "--json"),
        "not a number": ("simulate", "multiplicats", "--seed", "seven"),
        "other digits": ("simulate", "multiplicats", "--players", "٣"),
        "no command": ("--",),
        "ui-lang without a language": ("list", "--ui-lang"),
        "ui-lang unknown": ("list", "--ui-lang", "klingon"),
        "a game lacks the command": ("solve", "mgc"),
        "unknown paper": ("build", "multiplicats", "--paper", "a3"),
        "unknown card size": ("build", "multiplicats", "--card-size", "huge"),
        "card too large for the paper": ("build", "multiplicats", "--card-size", "200x280", "--bleed", "3"),
        "bleed out of range": ("build", "multiplicats", "--bleed", "40"),
        "unknown backs": ("build", "multiplicats", "--backs", "triplex"),
        "unknown ink": ("build", "multiplicats", "--ink", "none"),
        "unknown shop": ("build", "multiplicats", "--for", "kinkos"),
        "unknown format": ("build", "multiplicats", "--format", "png,gif"),
        "dpi out of range": ("build", "multiplicats", "--dpi", "5000"),
        "unknown colour": ("build", "multiplicats", "--colour", "pantone"),
        "back offset": ("build", "multiplicats", "--back-offset", "9,9"),
        "unknown language": ("build", "multiplicats", "--lang", "fr"),
        "unknown policy": ("simulate", "multiplicats", "--policy", "clever"),
        "pace out of range": ("validate", "multiplicats", "--pace", "0"),
        "players not served": ("simulate", "hectoedra", "--cards", "1-12", "--players", "8"),
        "deck file not found": ("validate", "nowhere.toml"),
        "no board": ("simulate", "multiplicats", "--games", "1", "--board", "b.png"),
        "calibrate backs": ("calibrate", "--backs", "manual-duplex"),
        "sweep unknown option": ("sweep", "mgc", "--vary", "nothing=1,2"),
    }
    for name, argv in usage.items():
        out.append(Case(f"command line: {name}", argv, "refusal"))
    folders = {
        "output folder is a file": (("build", "multiplicats", "--out", "afile"), (("afile", b"x"),)),
        "output folder holds other files": (("build", "multiplicats", "--out", "mine"), (("mine/notes.txt", b"x"),)),
        "output folder is the current one": (("build", "multiplicats", "--out", "."), ()),
        "init over a file": (("init", "multiplicats", "--out", "afile"), (("afile", b"x"),)),
        "deck file not UTF-8": (("validate", "deck.toml"), (("deck.toml", b'game = "mgc"\n# \xff\n'),)),
        "deck file is a folder": (("validate", "d.toml"), (("d.toml/x", b""),)),
    }
    for name, (argv, files) in folders.items():
        out.append(Case(f"files: {name}", argv, "refusal", files))
    return out


def _image(make: Callable[[Path], None], name: str) -> bytes:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        make(path)
        return path.read_bytes()


def half(cases_: Sequence[Case], which: int) -> list[Case]:
    """The cases one run takes: every cheap case, and half of the costly ones (``which`` 0 or 1),
    taken by turns within each command (a command with one costly case runs in both halves), so that
    each half holds every command and every game, and the two halves every case."""
    out, turn = [], {}
    per_command: dict[str, int] = {}
    for case in cases_:
        if case.costly:
            per_command[case.argv[0]] = per_command.get(case.argv[0], 0) + 1
    for case in cases_:
        if not case.costly:
            out.append(case)
            continue
        command = case.argv[0]
        n = turn.get(command, 0)
        turn[command] = n + 1
        if n % 2 == which or per_command[command] == 1:
            out.append(case)
    return out


# ---------------------------------------------------------------- running


def run_cli(case: Case, folder: Path) -> Said:
    """``deckgen ARGV`` in-process, in ``folder`` (made, with the case's files), in the language the
    environment asks for (DECKGEN_LANG); the labels of its progress bars are kept too."""
    from deckgen.main import main
    import deckgen.progress as progress

    folder.mkdir(parents=True, exist_ok=True)
    for name, data in case.files:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    bars: list[str] = []

    @contextlib.contextmanager
    def recorded(label, quiet=False):
        if not quiet:
            bars.append(str(label))
        yield lambda done, total: None

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    shown = progress.progress
    progress.progress = recorded
    try:
        os.chdir(folder)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(case.argv))
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    finally:
        progress.progress = shown
        os.chdir(here)
    return Said(case, code, out.getvalue().splitlines(), err.getvalue().splitlines(), bars)


def run_all(cases_: Sequence[Case], folder: Path, page: Callable[[Case, Path], Said | None] | None = None) -> list[Said]:
    """Every case on every face, each in a folder of its own under ``folder``: the command line (not
    for the page's own cases, group "page"), and the page when ``page`` is given
    (tests/i18n/page.py: PageRun.answer, None where the page has nothing like the case)."""
    said = []
    for i, case in enumerate(cases_):
        if case.group != "page":
            said.append(run_cli(case, folder / f"{i:03d}"))
        if page is not None:
            answer = page(case, folder / f"{i:03d}-page")
            if answer is not None:
                said.append(answer)
    return said
