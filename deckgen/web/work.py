"""What a job does, in its own process: build a deck or check it, through the pipeline exactly as the
CLI's ``build`` and ``validate`` do, writing into the job's own temporary folder. It talks to the
server only through ``send``: progress, then one result or one error message."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path
from typing import Any, Callable

from deckgen import pipeline
from deckgen.engine.replay import phrases_in
from deckgen.errors import DeckgenError
from deckgen.i18n import render
from deckgen.registry import games
from deckgen.request import DeckRequest
from deckgen.web.reportwords import basis_in, failure_in, report_in

Send = Callable[[tuple], None]
DECK_DIR = "deck"  # inside the job's folder: what `deckgen build` writes
REPORT_DIR = "report"  # what `deckgen validate --report` writes
ZIP_NAME = "all.zip"
FILE_CHECK_GAMES = 100  # `deckgen build FILE` plays this many games before printing a designer's deck

games()  # every game imported once, before the worker processes are forked from this module


def progress_sender(send: Send, every: float = 0.2) -> Callable[[str], Callable[[int, int], None]]:
    """A pipeline progress factory whose ticks become ("progress", label, done, total) messages, at
    most one per ``every`` seconds per label (and always the last one)."""

    def make(label: str) -> Callable[[int, int], None]:
        last = [0.0]

        def tick(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] >= every:
                last[0] = now
                send(("progress", label, int(done), int(total)))

        return tick

    return make


def build(request: DeckRequest, folder: Path, send: Send, lang: str = "en") -> dict[str, Any]:
    from deckgen.rulebook.render import languages

    spec = request.spec()
    out = folder / DECK_DIR
    plays = FILE_CHECK_GAMES if request.uploaded else 0
    help_card = request.help_card
    formats = len(spec.print.formats)
    send(("plan", formats + len(languages(spec.lang)) + (1 if plays else 0)))  # the stages the one bar spans
    result = pipeline.build(spec, out, force=False, progress=progress_sender(send), play_check_games=plays, help_card=help_card)
    plan = pipeline.sheet_plan(spec, result.deck, help_card=help_card)
    names = [p.relative_to(out).as_posix() for p in result.files]
    with zipfile.ZipFile(folder / ZIP_NAME, "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            z.write(out / name, name)
    return {
        "title": spec.game.title,
        "cards": len(result.deck),
        "files": names,
        "notes": list(result.notes),
        "warnings": [c.line() for c in result.checks if not c.ok],
        "zip_name": spec.game.out_name(spec.options) + ".zip",
        "duplex": spec.print.backs,
        "paper": spec.print.paper,
        "pages": plan.pages,
        "sheets": plan.sheets,
        "fronts": _span(plan.fronts),
        "backs": _span(plan.backs),
    }


def _span(numbers: tuple[int, ...]) -> str:
    from deckgen.render.printing import span

    return span(numbers) if numbers else ""


def key_facts(v: Any) -> dict[str, Any]:
    """What the verdict's key line says: the player counts the deck is playable for, and how many
    minutes a game lasts (the median length at the game's pace), as the report's first lines do."""
    game, report = v.spec.game, v.report
    summaries = list(report.summaries.values())
    counts = sorted({s.players for s in summaries}) or ([v.deck.players] if v.deck.players else game.player_counts(v.deck))
    facts: dict[str, Any] = {"ok": bool(report.ok), "lo": counts[0] if counts else 0, "hi": counts[-1] if counts else 0, "minutes": None}
    if summaries:
        at = v.deck.players or (game.default_players if game.default_players in counts else counts[len(counts) // 2])
        here = [s.length_median * game.seconds_per_turn / 60 for s in summaries if s.players == at]
        if here:
            facts["minutes"] = max(1, round(min(here))), max(1, round(max(here)))
            facts["at"] = at
    return facts


def check(request: DeckRequest, folder: Path, send: Send, lang: str = "en") -> dict[str, Any]:
    spec = request.spec(check=True)
    players, n_games = request.check_plan()
    progress = progress_sender(send)
    from deckgen.engine.validate import streams_for

    deck = spec.build()
    default = pipeline.is_default(spec, deck)
    try:
        streams = len(streams_for(spec.game, deck, players)) if spec.game.engine is not None else 1
    except DeckgenError:
        streams = 1
    skilled = 1 if request.skill_games() != 0 else 0
    teaching = 1 if spec.game.engine is not None and spec.game.engine.design is not None else 0
    send(("plan", streams * (1 if default else 2) + skilled + teaching))  # its stages: each player count (and the default deck's)
    v = pipeline.validate(spec, players=players, games=n_games, workers=1, progress=progress)
    skill_games = request.skill_games()
    if skill_games != 0 and v.ok and spec.game.engine is not None and spec.game.engine.skill is not None:
        v.skill = pipeline.skill(spec, players=players[0] if players else None, games=skill_games, workers=1, progress=progress)
    facts = key_facts(v)
    teacher = pipeline.teacher(spec, facts.get("at") or facts["lo"], games=n_games, progress=progress) if teaching and v.ok and facts["lo"] else []
    written = pipeline.write_report(v, folder / REPORT_DIR, lang=lang)
    data = pipeline.report_data(v)
    phrases = phrases_in(v.report.phrases, lang)  # counterexamples told from the model checker's data
    text = report_in(pipeline.report_text(v), lang, phrases)
    listed = phrases_in(v.report.phrases, lang, lines=True)
    if lang == "es":  # the report file to download says what the page says
        (folder / REPORT_DIR / "report.txt").write_text(text, encoding="utf-8")
    checks = [c for part in ("static", "exhaustive", "simulation") for c in data.get(part, [])]
    return {
        "title": spec.game.title,
        "cards": len(v.deck),
        "ok": v.ok,
        # the failed checks under the verdict: a counterexample a step a line
        "failed": [failure_in(c["name"], str(c["detail"]), c.get("proof"), lang, listed, c.get("hint") or "") for c in checks if not c["ok"]],
        "basis": basis_in(data.get("basis", ""), lang),  # what "playable" rests on: "proven for every deal" or "no failure in N games"
        "checks": len(checks),
        "headline": (data.get("default_deck") or {}).get("headline", ""),
        "key": facts,
        # the teacher's few design measures in plain words (fits a lesson, waiting, comebacks, seat edge)
        "teacher": [{k: render(x[k], lang) for k in ("variant", "key", "name", "text", "definition")} for x in teacher],
        "default": default,
        "text": text,  # the report in the page's language (reportwords)
        "text_lang": "es" if lang == "es" else "en",
        "files": [p.relative_to(folder / REPORT_DIR).as_posix() for p in written],
    }


JOBS = {"build": build, "check": check}


def run(kind: str, request: DeckRequest, folder: str, queue: Any, lang: str = "en") -> None:
    """The worker process's entry point: one message per event on ``queue``; never a traceback."""
    import signal

    try:  # Ctrl-C at the terminal reaches every process of the group: the server stops its jobs itself
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # pragma: no cover - not the main thread
        pass
    send = queue.put
    try:
        send(("done", JOBS[kind](request, Path(folder), send, lang)))
    except DeckgenError as exc:
        send(("error", str(exc)))
    except MemoryError:
        send(("error", "the job ran out of memory"))
    except Exception as exc:  # noqa: BLE001 - reported as one line; the server stays up
        send(("error", f"the job failed unexpectedly ({type(exc).__name__}: {exc})"))
