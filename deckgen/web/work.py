"""What a job does, in its own process: build a deck or check it, through the pipeline exactly as the
CLI's ``build`` and ``validate`` do, writing into the job's own temporary folder. It talks to the
server only through ``send``: progress, then one result or one error message. Messages cross as
catalog messages (deckgen.i18n) with their values, so the page shows them in its own language."""

from __future__ import annotations

import os
import threading
import time
import zipfile
from pathlib import Path
from typing import Any, Callable

from deckgen import pipeline
from deckgen.errors import DeckgenError
from deckgen.i18n import _, set_lang
from deckgen.options import message
from deckgen.registry import games
from deckgen.request import DeckRequest

Send = Callable[[tuple], None]
DECK_DIR = "deck"  # inside the job's folder: what `deckgen build` writes
REPORT_DIR = "report"  # what `deckgen validate --report` writes
ZIP_NAME = "all.zip"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # every entry's date: the same build gives the same ZIP, byte for byte
SERVER_POLL = 0.5  # seconds between a job's checks that its server is still there

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
                send(("progress", str(label), int(done), int(total)))

        return tick

    return make


def every_file(folder: Path) -> list[str]:
    """Every file under ``folder`` (the files inside its folders too), as sorted relative paths; not
    the marker deckgen keeps in an output folder (its manifest: no file to print or share)."""
    from deckgen.publish import MARKER

    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and p.name != MARKER)


def write_zip(folder: Path, target: Path) -> None:
    """Every file of ``folder`` in one ZIP: each file an entry under its relative path (no entries for
    folders), sorted, dated ZIP_TIME, so the same files always make the same ZIP."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name in every_file(folder):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, (folder / name).read_bytes())


def build(request: DeckRequest, folder: Path, send: Send) -> dict[str, Any]:
    from deckgen.guide import file_notes
    from deckgen.rulebook.render import languages

    spec = request.spec()
    out = folder / DECK_DIR
    plays = request.play_games
    help_card = request.help_card
    formats = len(spec.print.formats)
    send(("plan", formats + len(languages(spec.lang)) + (1 if plays else 0)))  # the stages the one bar spans
    result = pipeline.build(spec, out, force=False, progress=progress_sender(send), play_check_games=plays, help_card=help_card)
    planned = {p.name: p for p in pipeline.planned_files(spec, result.deck, help_card=help_card)}
    plan = pipeline.sheet_plan(spec, result.deck, help_card=help_card)
    listing = []
    for name, note in file_notes(spec, result, ink=False):
        p = planned.get(name)
        inside = [f for f in every_file(out / name)] if name.endswith("/") else []
        listing.append({"name": name, "note": note, "pages": p.pages if p else 0, "sheets": p.sheets if p else 0,
                        "files": [f"{name}{f}" for f in inside]})
    write_zip(out, folder / ZIP_NAME)
    return {
        "title": spec.game.shown_name,
        "cards": len(result.deck),
        "printed": result.printed,
        "files": every_file(out),
        "listing": listing,
        "notes": list(result.notes),
        "warnings": [c.line() for c in result.checks if not c.ok] + list(result.warnings),
        "zip_name": spec.game.out_name(spec.options) + ".zip",
        "backs": spec.print.backs,
        "sheets_file": "sheets" in spec.print.formats,
        "paper": spec.print.paper,
        "pages": plan.pages,
        "sheets": plan.sheets,
        "argv": request.argv("build"),
    }


def key_facts(v: Any) -> dict[str, Any]:
    """What the verdict's key line says: the player counts the deck is playable for, and how many
    minutes a game lasts (the median length at the game's pace), as the report's first lines do."""
    game, report = v.spec.game, v.report
    summaries = list(report.summaries.values())
    counts = sorted({s.players for s in summaries}) or ([v.deck.players] if v.deck.players else game.player_counts(v.deck))
    facts: dict[str, Any] = {"ok": bool(report.ok), "lo": counts[0] if counts else 0, "hi": counts[-1] if counts else 0, "minutes": None}
    if summaries:
        at = v.deck.players or game.usual_players(counts)  # the count `deckgen measure` takes too
        here = [s.length_median * game.seconds_per_turn / 60 for s in summaries if s.players == at]
        if here:
            facts["minutes"] = max(1, round(min(here))), max(1, round(max(here)))
            facts["at"] = at
        played = sorted({s.games for s in summaries})
        facts["games"] = (played[0], played[-1])
    return facts


def check(request: DeckRequest, folder: Path, send: Send) -> dict[str, Any]:
    from deckgen.i18n import current_lang

    lang = current_lang()
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
    from deckgen.engine.report import failure_text

    written = pipeline.write_report(v, folder / REPORT_DIR, lang=lang)  # report.txt in the page's language
    data = pipeline.report_data(v)
    text = pipeline.report_text(v)  # the same words, rendered from the catalogs in the job's language
    return {
        "title": spec.game.shown_name,
        "cards": len(v.deck),
        "ok": v.ok,
        # the failed checks under the verdict: a counterexample a step a line
        "failed": [failure_text(c, v.report.phrases) for c in v.report.checks if not c.ok],
        "basis": str(data.get("basis", "")),  # what "playable" rests on: "proven for every deal" or "no failure in N games"
        "checks": len(v.report.checks),
        "headline": str((data.get("default_deck") or {}).get("headline", "")),
        "key": facts,
        # the teacher's few design measures in plain words (fits a lesson, waiting, comebacks, seat edge), in the job's language
        "teacher": [{k: str(x[k]) for k in ("variant", "key", "name", "text", "definition")} for x in teacher],
        "default": default,
        "text": text,  # the report in the page's language
        "text_lang": lang,
        "files": [p.relative_to(folder / REPORT_DIR).as_posix() for p in written],
        "argv": request.argv("validate"),
    }


JOBS = {"build": build, "check": check}


def watch_server(server: int, poll: float = SERVER_POLL) -> None:
    """End this job as soon as the server that asked for it is gone (killed with SIGKILL, say, so it
    could not stop its jobs): a job is started by the forkserver, not by the server, so it watches the
    server's process id itself."""
    from deckgen.publish import _owner_gone

    def watch() -> None:
        while True:
            time.sleep(poll)
            if _owner_gone(server):
                os._exit(1)

    threading.Thread(target=watch, name="deckgen-server-watch", daemon=True).start()


def run(kind: str, request: DeckRequest, folder: str, queue: Any, lang: str = "en", server: int = 0) -> None:
    """The worker process's entry point: one message per event on ``queue``; never a traceback. It
    speaks ``lang`` (the page's), and ends with the server ``server`` (its process id)."""
    import signal

    try:  # Ctrl-C at the terminal, and its closing, reach every process of the group: the server stops its jobs itself
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if hasattr(signal, "SIGHUP"):
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
    except (ValueError, OSError):  # pragma: no cover - not the main thread
        pass
    if server:
        watch_server(server)
    set_lang(lang)
    send = queue.put
    try:
        send(("done", JOBS[kind](request, Path(folder), send)))
    except DeckgenError as exc:
        send(("error", message(exc)))
    except MemoryError:
        send(("error", _("the job ran out of memory")))
    except Exception as exc:  # noqa: BLE001 - reported as one line; the server stays up
        send(("error", _("the job failed unexpectedly ({kind}: {problem})", kind=type(exc).__name__, problem=str(exc)[:200])))
