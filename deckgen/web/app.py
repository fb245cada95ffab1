"""The web app (FastAPI): pages to choose a game and its options, a live preview, checks and builds as
queued jobs streamed to the page, downloads, and deck-file uploads.

Every route answers bad input with a 4xx and the CLI's own message (JSON ``{"error": ...}`` under
``/api``, an HTML page elsewhere), in the page's language (deckgen.web.speak sets it for the whole
request; every message is a catalog message); nothing reaches the user as a traceback. What a request
reflects (a path, a name, a value) is cut short first, and work that takes CPU runs off the event loop.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import json
import os
import secrets
import shutil
import tempfile
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, HTTPException, Request
from fastapi.routing import APIRoute
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader
from markupsafe import Markup
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from deckgen.errors import DeckgenError, os_problem
from deckgen.i18n import Listing, Msg, _, current_lang, ngettext
from deckgen.options import message
from deckgen.registry import Game, games, get_game
from deckgen.request import DeckRequest, FieldErrors, command_line
from deckgen.web.forms import ACTIONS, FORM_KEYS, Field, common_fields, option_fields, request_from_form, sent_by
from deckgen.web.guard import CSRF_FIELD, SESSION_COOKIE, SIMPLE_TYPES, Access, Guard, Hosts, content_type, header_csrf_ok
from deckgen.web.jobs import CANCELLED, DISK_FULL, MIN_FREE, Busy, Job, JobManager, NoRoom
from deckgen.web.speak import Speak, page_langs

HERE = Path(__file__).parent
MAX_UPLOAD = 1_000_000  # bytes of a deck file (the CLI's limit too)
MAX_FORM = 64_000  # bytes of a submitted form
MAX_UPLOADS = 200  # uploaded decks remembered at once, from every client (each at most 1 MB)
MAX_UPLOADS_PER_CLIENT = 20  # a client's own: its 21st replaces its oldest, never another client's
MAX_FIELDS = 500  # fields in a submitted form
MAX_JSON_DEPTH = 32  # lists or objects inside each other in a JSON request
MAX_IMAGES = 40  # back images kept at once, from every client (each at most a deck file's image limit)
MAX_IMAGES_PER_CLIENT = 5  # a client's own: its 6th replaces its oldest, never another client's
SAMPLE_CARDS = 8  # cards in the live preview
PREVIEW_PX_PER_MM = 3.0
SHOWN = 80  # characters of a path, a name or a value a message quotes


def shown(text: Any, most: int = SHOWN) -> str:
    """``text`` as a message may quote it: at most ``most`` characters (the rest said as "…")."""
    text = str(text)
    return text if len(text) <= most else text[:most] + "…"


def has_surrogate(text: str) -> bool:
    """A lone surrogate (``\\ud800``): JSON lets a client send one; no text deckgen writes may hold it."""
    return any("\ud800" <= c <= "\udfff" for c in text)


@dataclass(frozen=True)
class Settings:
    jobs: int = max(1, os.cpu_count() or 1)
    time_limit: float = 600.0  # seconds a build or check may run
    keep: float = 3600.0  # seconds a job's folder is kept
    max_waiting: int = 50
    waiting_per_client: int = 25  # of those places, what one client address may hold
    kept_per_client: int = 10  # finished jobs whose files one client address keeps (its newest removes its oldest's)
    min_free: int = MIN_FREE  # bytes free on the jobs' disk below which no new job starts (507)
    root: Path | None = None  # where the temporary folders go (default: the system's)
    host: str = "127.0.0.1"  # the address it listens on: its name joins the Host allow-list
    allowed_hosts: tuple[str, ...] = ()  # more Host names to answer to
    password: str | None = None  # a shared password asked once per browser (None: no login)
    password_made_up: bool = False  # the server made the password up and printed it (else the teacher chose it)
    body_timeout: float = 30.0  # seconds a request body may take to arrive
    header_timeout: float = 10.0  # seconds a request's first line and headers may take (the server's socket layer)
    max_connections: int = 64  # open connections per client address (the server's socket layer; a browser opens at most 6)
    uploads_per_client: int = MAX_UPLOADS_PER_CLIENT
    max_uploads: int = MAX_UPLOADS
    images_per_client: int = MAX_IMAGES_PER_CLIENT
    max_images: int = MAX_IMAGES
    addresses: tuple[str, ...] = ()  # where other computers open the page (a server on the network)
    proxy: str | None = None  # the one address whose forwarding headers are trusted (None: no one's)


class Preview(BaseModel):
    title: str
    cards: int
    sheets: int
    pages: int
    per_sheet: int
    help_cards: int  # the help card(s) cards.pdf prints after the deck (counted in sheets and pages)
    start: int  # the first card of ``images`` (the gallery pages through the deck)
    label: str
    warnings: list[str]
    images: list[str]  # PNG data URLs: a sample of the fronts, then the back
    files: list[dict[str, Any]]  # what a build writes: each card file and its pages or files
    counts: str  # the counts in words, in the page's language
    argv: list[str]  # the command line that builds this deck
    command: str  # the same as one line to paste into a terminal (its words quoted where a shell would split them)


class JobState(BaseModel):
    id: str
    kind: str
    state: str
    ahead: int
    running: int
    slots: int
    progress: dict[str, Any] | None
    result: dict[str, Any] | None
    error: str | None
    cancelled: bool
    removed: bool
    overall: float  # the whole job, 0 to 1: one bar that never restarts
    elapsed: float  # seconds since it started running
    left: float | None  # seconds the job should still take (None: too early to tell)
    status: str  # where the job is, in words of the page's language ("Working… 40 % · 4 players · about 20 s left")


class Problem(BaseModel):
    line: int | None
    field: str
    message: str


def status_words(job: Job, stage: tuple[str, int, int] | None, manager: JobManager) -> Any:
    """Where a job is, in words: its place in the queue, or how far it is, its stage and the time left."""
    from deckgen.i18n import ngettext

    if job.state == "queued":
        ahead = manager.ahead(job)
        if ahead:
            return ngettext("Queued: {n} job ahead; {running} of {slots} running. It starts as soon as there is room.",
                            "Queued: {n} jobs ahead; {running} of {slots} running. It starts as soon as there is room.",
                            ahead, running=manager.running(), slots=manager.slots)
        return _("Queued: it is next; {running} of {slots} jobs running.", running=manager.running(), slots=manager.slots)
    if job.state != "running":
        return ""
    percent = round(job.overall() * 100)
    left = job.left()
    label = stage[0] if stage else ""
    if left is not None and label:
        return _("Working… {percent} % · {stage} · about {s} s left", percent=percent, stage=label, s=max(1, round(left)))
    if left is not None:
        return _("Working… {percent} % · about {s} s left", percent=percent, s=max(1, round(left)))
    if label:
        return _("Working… {percent} % · {stage}", percent=percent, stage=label)
    return _("Working… {percent} %", percent=percent)


def rendered(value: Any) -> Any:
    """``value`` with every catalog message in it shown in the language in force (for JSON)."""
    if isinstance(value, (Msg, Listing)):
        return str(value)
    if isinstance(value, dict):
        return {k: rendered(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rendered(v) for v in value]
    return value


def template_env() -> Environment:
    """The page's templates: autoescaped whatever their file name, with jinja2's i18n extension over
    deckgen's catalogs in the language of the request, and every message shown in that language."""
    from deckgen.i18n.catalogs import translation

    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True, extensions=["jinja2.ext.i18n"],
                      finalize=lambda v: str(v) if isinstance(v, (Msg, Listing)) else v)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda s: translation(current_lang()).gettext(s),
        lambda s, p, n: translation(current_lang()).ngettext(s, p, n),
        newstyle=True,
    )
    env.filters["first_upper"] = lambda v: (lambda t: t[:1].upper() + t[1:])(str(v))
    env.filters["say"] = lambda v: str(v) if v is not None else ""
    env.filters["command_line"] = command_line  # argv as a line to paste: "deckgen build x --tables '1, 2'"
    env.globals["page_langs"] = page_langs
    env.globals["lang_name"] = lang_name
    env.globals["summary"] = summary
    return env


def summary(game: Game) -> str:
    """A game's one line, in the language in force (a catalog message, or a line per language)."""
    said = game.summary
    if isinstance(said, (Msg, Listing)) or not hasattr(said, "get"):
        return str(said)
    return said.get(current_lang()) or said.get("en") or ""


@lru_cache(maxsize=16)
def lang_name(lang: str) -> str:
    """A language's name in itself ("Español", "English"), as a switch to it shows it."""
    from babel import Locale

    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, LookupError):
        name = lang
    return name[:1].upper() + name[1:]


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    manager = JobManager(
        settings.jobs, time_limit=settings.time_limit, keep=settings.keep, max_waiting=settings.max_waiting, root=settings.root,
        per_client=settings.waiting_per_client, kept_per_client=settings.kept_per_client, min_free=settings.min_free,
    )
    uploads: dict[str, tuple[float, DeckRequest, str]] = {}  # token -> (when, request, client)
    back_images: dict[str, tuple[float, Path, str]] = {}  # token -> (when, the server's own file, the client)
    access = Access(password=settings.password)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()

    app = FastAPI(title="deckgen", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.manager = manager
    app.state.uploads = uploads
    app.state.access = access
    app.state.stopping = False  # set when the server begins to stop: event streams end at once
    app.add_middleware(Guard, hosts=Hosts.of(settings.host, settings.allowed_hosts), access=access, body_timeout=settings.body_timeout)
    app.add_middleware(Speak)  # outermost: the gate's refusals are in the page's language too
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = Jinja2Templates(env=template_env())
    pages.env.globals["csrf_token"] = access.csrf
    app.state.pages = pages

    def page(request: Request, name: str, status_code: int = 200, headers: dict[str, str] | None = None, **context: Any) -> Response:
        lang = current_lang()
        other = [l for l in page_langs() if l != lang]
        return pages.TemplateResponse(request, name, {"lang": lang, "other_langs": other, "switch": switch_links(request, other), **context},
                                      status_code=status_code, headers=headers)

    def switch_links(request: Request, langs: list[str]) -> dict[str, str]:
        """The language switch's links: this page's address in another language, its options kept (the
        page's script keeps them up to date as they change; without it, these are the address's own)."""
        from urllib.parse import urlencode

        kept = [(k, v) for k, v in request.query_params.multi_items() if k != "lang" and not has_surrogate(k + v)]
        if len(urlencode(kept)) > 2000:  # an address that long keeps only its language
            kept = []
        return {l: "?" + urlencode([*kept, ("lang", l)]) for l in langs}

    # ------------------------------------------------------------ errors: one message, never a traceback
    def is_api(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    def error(request: Request, status: int, said: Any, fields: dict[str, Any] | None = None, **extra: Any) -> Response:
        navigated = request.headers.get("sec-fetch-mode") == "navigate" or (
            "text/html" in request.headers.get("accept", "") and request.method == "GET"
        )
        if is_api(request) and not (navigated and "/jobs/" in request.url.path):  # a download link followed: words, not JSON
            body = {"error": str(said), "fields": {k: str(v) for k, v in (fields or {}).items()}, **rendered(extra)}
            return JSONResponse(body, status_code=status)
        return page(request, "error.html.j2", status_code=status, status=status, message=said)

    @app.exception_handler(FieldErrors)
    async def _form_error(request: Request, exc: FieldErrors) -> Response:
        return error(request, 400, message(exc), exc.fields)

    @app.exception_handler(DeckgenError)
    async def _deckgen_error(request: Request, exc: DeckgenError) -> Response:
        return error(request, 429 if isinstance(exc, Busy) else 507 if isinstance(exc, NoRoom) else 400, message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        from http import HTTPStatus

        said: Any = exc.detail if isinstance(exc.detail, str) else _("bad request")
        if said == HTTPStatus(exc.status_code).phrase and not isinstance(said, Msg):  # Starlette's own English word
            said = _("bad request")
        if exc.status_code == 404 and exc.detail == "Not Found":
            said = _("no page at {path}", path=shown(request.url.path))
        elif exc.status_code == 405:
            said = _("{method} is not allowed here", method=shown(request.method, 20))
        answer = error(request, exc.status_code, said)
        for name, value in (exc.headers or {}).items():  # what the refusal carries, as a 405's Allow (RFC 9110 asks for it)
            answer.headers[name] = value
        if exc.status_code in (408, 413):  # the rest of the body is not read: the connection ends here
            answer.headers["connection"] = "close"
        return answer

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(shown(p, 40) for p in first.get("loc", ()) if p not in ("query", "body", "path")) or "request"
        return error(request, 400, _("{where}: this value cannot be read", where=where))

    # ------------------------------------------------------------ helpers
    def game_or_404(game_id: str) -> Game:
        try:
            return get_game(shown(game_id, 60))
        except DeckgenError as exc:
            raise HTTPException(404, message(exc)) from None

    def job_or_404(job_id: str) -> Job:
        job = manager.get(job_id[:100])
        if job is None:
            raise HTTPException(404, _("That job no longer exists (a finished job is forgotten after an hour). Start it again."))
        return job

    def upload_or_404(token: Any) -> DeckRequest:
        found = uploads.get(token) if isinstance(token, str) else None
        if found is None:
            raise HTTPException(404, _("no such uploaded deck file (they are forgotten after an hour); upload it again"))
        return found[1]

    async def read_form(request: Request) -> dict[str, str]:
        """A form's fields, sent as JSON or, with the page's CSRF token, urlencoded. Anything else is
        refused with what was wrong: the content type, the encoding, too many fields, a field twice."""
        body = await limited_body(request, MAX_FORM)
        return parse_form(body, request.headers, access)

    def deck_request(form: dict[str, str], action: str) -> DeckRequest:
        form = dict(form)
        image = back_image_of(form.pop("back_image", ""))
        token = form.pop("deck", None)
        deck = upload_or_404(token) if token else None
        return request_from_form(form, action=action, deck=deck, back_image=image)

    async def form_request(request: Request, action: str) -> DeckRequest:
        return await asyncio.to_thread(deck_request, await read_form(request), action)  # the CLI's checks, off the event loop

    def back_image_of(token: str) -> str | None:
        token = (token or "").strip()
        if not token:
            return None
        found = back_images.get(token)
        if found is None or not found[1].is_file():
            gone = _("the back image is no longer on the server (images are kept for an hour); choose it again")
            raise FieldErrors(gone, {"back_image": gone})
        return str(found[1])

    def state(job: Job, stage: tuple[str, int, int] | None = None) -> JobState:
        p = stage or job.progress
        running = job.state == "running" and job.started is not None
        return JobState(
            id=job.id, kind=job.kind, state=job.state, ahead=manager.ahead(job) if job.state == "queued" else 0,
            running=manager.running(), slots=manager.slots,
            progress={"label": p[0], "done": p[1], "total": p[2]} if p else None,
            result=rendered(job.result), error=None if job.error is None else str(job.error) if job.error != CANCELLED else CANCELLED,
            cancelled=job.error == CANCELLED, removed=job.removed, overall=job.overall(),
            elapsed=(time.monotonic() - job.started) if running else 0.0, left=job.left() if running else None,
            status=str(status_words(job, p, manager)),
        )

    def forget_old_uploads() -> None:
        now = time.monotonic()
        for token, (made, *_) in list(uploads.items()):
            if now - made >= settings.keep:
                del uploads[token]

    # ------------------------------------------------------------ the shared password (when the server has one)
    @app.get("/login", response_class=HTMLResponse)
    async def login_page(request: Request, next: str = "/") -> Response:
        if access.password is None:  # no password: nothing to log in to
            return RedirectResponse(safe_next(next), status_code=303)
        return page(request, "login.html.j2", next=safe_next(next), wrong=False, made_up=settings.password_made_up)

    @app.post("/login")
    async def login(request: Request) -> Response:
        if access.password is None:
            return RedirectResponse("/", status_code=303)
        body = await limited_body(request, MAX_FORM)
        form = parse_form(body, request.headers, access)
        client = client_of(request)
        wait = access.locked_out(client)
        if wait:
            raise HTTPException(429, _("too many wrong passwords; wait {s:.0f} s", s=wait))
        if not access.password_ok(form.get("password", "")):
            access.failed(client)
            return page(request, "login.html.j2", status_code=401, next=safe_next(form.get("next", "/")), wrong=True,
                        made_up=settings.password_made_up)
        response = RedirectResponse(safe_next(form.get("next", "/")), status_code=303)
        response.set_cookie(SESSION_COOKIE, access.open_session(), httponly=True, samesite="strict", max_age=int(access.session_life))
        return response

    # ------------------------------------------------------------ pages
    def address_code(address: str) -> Markup:
        """The QR code of an address this page is served at, for a phone's camera."""
        from deckgen.web.qr import svg

        return Markup(svg(address, label=str(_("QR code of {address}", address=address))))

    def limit_words(seconds: float) -> Msg:
        """What bounds a check on this server, said beside the check's fields (issue 37: a 1,000,000-game
        check was accepted with no word of what stops it)."""
        if seconds >= 60 and seconds % 60 == 0:
            n = int(seconds // 60)
            return ngettext("This server stops a check or a build after {n} minute (deckgen serve --time-limit); "
                            "a check of many games may not finish in it.",
                            "This server stops a check or a build after {n} minutes (deckgen serve --time-limit); "
                            "a check of many games may not finish in them.", n)
        n = max(1, round(seconds))
        return ngettext("This server stops a check or a build after {n} second (deckgen serve --time-limit); "
                        "a check of many games may not finish in it.",
                        "This server stops a check or a build after {n} seconds (deckgen serve --time-limit); "
                        "a check of many games may not finish in them.", n)

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> Response:
        return page(request, "index.html.j2", games=list(games().values()), addresses=settings.addresses, qr=address_code)

    def form_page(request: Request, game: Game, deck: DeckRequest | None, token: str | None) -> Response:
        """A game's page, or an uploaded deck file's: the form (from the option declarations, filled from
        the default deck or the file, and from the page's address), and the preview of those values,
        drawn here so that a browser without JavaScript shows it too."""
        base = deck.spec() if deck is not None else default_spec(game.id)
        listed = deck is not None and base.cards is not None  # a file that lists its cards: no deck options
        fields = prefilled(option_fields(game, base.options, deck_options=not listed), request)
        common = prefilled(common_fields(game, base, lang=current_lang()), request)
        values = {f.name: f.value for f in fields + common if f.value != f.default and "build" in f.commands and f.kind != "image"}
        preview, problem = None, None
        try:
            req = request_from_form({"game": game.id, **values}, action="preview", deck=deck)
            preview = make_preview(req)
        except FieldErrors as exc:
            problem = exc
        except DeckgenError as exc:
            problem = FieldErrors(message(exc))
        return page(
            request, "game.html.j2", game=game, title=game.shown_name, fields=fields, common=common, deck=token,
            deck_name=deck.deck_name if deck is not None else "", job=shown(request.query_params.get("job", ""), 40),
            preview=preview, problem=problem, limit=limit_words(settings.time_limit),
            switches=",".join(f.name for f in fields + common if f.kind == "flag"),
            commands={action: sorted(sent_by(action, fields + common)) for action in ACTIONS},
        )

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def game_page(request: Request, game_id: str) -> Response:
        game = game_or_404(game_id)
        return await asyncio.to_thread(form_page, request, game, None, None)

    @app.get("/decks/{token}", response_class=HTMLResponse)
    async def deck_page(request: Request, token: str) -> Response:
        deck = upload_or_404(token)
        return await asyncio.to_thread(form_page, request, get_game(deck.game), deck, token)

    def prefilled(fields: list[Field], request: Request) -> list[Field]:
        """The fields with the values the page's address carries (a bookmarked or shared deck): the deck's
        language as ``deck_lang`` (``lang`` is the page's)."""
        out = []
        for f in fields:
            key = "deck_lang" if f.name == "lang" else f.name
            given = request.query_params.get(key)
            if given is not None and len(given) <= 200 and not has_surrogate(given) and f.kind != "image":
                f = replace(f, value=given if f.kind != "flag" else ("true" if given.lower() in ("true", "on", "1", "yes") else "false"))
            out.append(f)
        return out

    # ------------------------------------------------------------ the live preview
    preview_slots = asyncio.Semaphore(max(1, settings.jobs))

    @app.post("/api/preview", response_model=Preview)
    async def preview(request: Request, start: int | None = None) -> Preview:
        """The counts and a sample of the cards; with ``?start=N`` the cards from the N-th on (a gallery page)."""
        req = await form_request(request, "preview")
        async with preview_slots:
            try:
                return await asyncio.wait_for(
                    asyncio.to_thread(make_preview, req, None if start is None else max(0, start)), timeout=settings.time_limit
                )
            except asyncio.TimeoutError:  # said in words, not as a fault of the server (a 500)
                raise DeckgenError(_("the preview took longer than this server's time limit of {s:g} s (deckgen serve "
                                     "--time-limit); a build or a check of this deck would be stopped too", s=settings.time_limit)) from None

    @app.get("/api/games/{game_id}/sample.png")
    async def sample(game_id: str) -> Response:
        game = game_or_404(game_id)
        data = await asyncio.to_thread(sample_png, game.id)
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    # ------------------------------------------------------------ jobs
    @app.post("/api/check", status_code=202, response_model=JobState)
    async def start_check(request: Request) -> JobState:
        req = await form_request(request, "check")
        return state(manager.submit("check", req, client_of(request), lang=current_lang()))

    @app.post("/api/build", status_code=202, response_model=JobState)
    async def start_build(request: Request) -> JobState:
        req = await form_request(request, "build")
        return state(manager.submit("build", req, client_of(request), lang=current_lang()))

    @app.post("/api/jobs/{job_id}/cancel", response_model=JobState)
    async def cancel_job(request: Request, job_id: str) -> JobState:
        if not header_csrf_ok(access, request.headers):
            raise HTTPException(403, _("a cancel sent without the page's CSRF token is refused; use the page"))
        job = job_or_404(job_id)
        manager.cancel(job)
        return state(job)

    # ------------------------------------------------------------ the same without JavaScript
    async def plain_form(request: Request, action: str) -> tuple[DeckRequest, dict[str, str]]:
        """The form sent by a browser without JavaScript, for ``action``. The form holds every field of
        the page; this action's command takes only its own (a check has no paper), as its button would
        send them; a field the page does not have is judged (and refused) as ever."""
        form = await read_form(request)
        form.pop("page_lang", None)
        for name in form.pop("switches", "").split(",")[:MAX_FIELDS]:
            if name.strip():
                form.setdefault(name.strip(), "false")  # an unticked box is not sent at all
        game = upload_or_404(form["deck"]).game if form.get("deck") else str(form.get("game", ""))
        own = await asyncio.to_thread(page_fields, game, form.get("deck"))
        taken = {f.name for f in own if ACTIONS[action] in f.commands}
        defaults = {f.name: f.default for f in own}
        page_own = set(defaults) | {"with_cards"}
        kept = {k: v for k, v in form.items() if k in FORM_KEYS or k in taken or k not in page_own}
        # what differs from the page's defaults, as its script sends (the command line's words stay short)
        kept = {k: v for k, v in kept.items() if (v != "" and v != defaults.get(k)) or k in FORM_KEYS}
        return await asyncio.to_thread(deck_request, kept, action), form

    @app.post("/build", response_class=HTMLResponse)
    @app.post("/check", response_class=HTMLResponse)
    async def start_plain(request: Request) -> Response:
        """The form sent by a browser without JavaScript: the job starts, and its page follows it."""
        action = "check" if request.url.path == "/check" else "build"
        req, _form = await plain_form(request, action)
        job = manager.submit(action, req, client_of(request), lang=current_lang())
        return RedirectResponse(f"/jobs/{job.id}?lang={current_lang()}", status_code=303)

    @app.post("/deckfile")
    async def deck_file_plain(request: Request) -> Response:
        """The deck file of the form, for a browser without JavaScript."""
        from deckgen.options import boolean

        req, form = await plain_form(request, "deckfile")
        try:
            cards = boolean(form.get("with_cards", "false")[:20])
        except DeckgenError as exc:
            raise FieldErrors(_("with_cards: {problem}", problem=message(exc))) from None
        text, name = await asyncio.to_thread(init_text, req, cards)
        return Response(text, media_type="application/toml", headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def page_fields(game_id: str, token: str | None) -> list[Field]:
        try:
            game = get_game(shown(game_id, 60) or "?")
        except DeckgenError:
            return []
        base = upload_or_404(token).spec() if token else default_spec(game.id)
        return option_fields(game, base.options) + common_fields(game, base)

    @app.get("/jobs/{job_id}", response_class=HTMLResponse)
    async def job_page(request: Request, job_id: str) -> Response:
        """A job's page for a browser without JavaScript: it reloads itself until the job ends."""
        job = job_or_404(job_id)
        return page(request, "job.html.j2", job=job, s=state(job), r=job.result, headers={"Cache-Control": "no-store"})

    @app.get("/jobs/{job_id}/result", response_class=HTMLResponse)
    async def job_result(request: Request, job_id: str) -> Response:
        """A finished job's result as the page shows it (the same words as the job's own page)."""
        job = job_or_404(job_id)
        return page(request, "result.html.j2", job=job, s=state(job), r=job.result, headers={"Cache-Control": "no-store"})

    @app.get("/api/jobs/{job_id}", response_model=JobState)
    async def job_state(job_id: str) -> JobState:
        return state(job_or_404(job_id))

    @app.get("/api/jobs/{job_id}/events")
    async def job_events(request: Request, job_id: str) -> StreamingResponse:
        """Server-sent events: "queued" (with how many jobs are ahead), "progress", then one "done" or
        "failed" holding the whole state, after which the stream ends."""
        job = job_or_404(job_id)

        async def stream() -> AsyncIterator[str]:
            last, beat, told = None, time.monotonic(), 0
            while True:
                while told < len(job.stages) - 1:  # stages that began and ended between two looks
                    told += 1
                    passed = state(job, job.stages[told - 1]).model_copy(update={"state": "running", "result": None})
                    yield f"event: progress\ndata: {passed.model_dump_json()}\n\n"
                told = max(told, len(job.stages))
                s = state(job)
                kind = s.state if s.state in ("done", "failed") else "queued" if s.state == "queued" else "progress"
                now = (kind, s.ahead, s.progress and tuple(s.progress.values()))
                if now != last:
                    last, beat = now, time.monotonic()
                    yield f"event: {kind}\ndata: {s.model_dump_json()}\n\n"
                    if kind in ("done", "failed"):
                        return
                elif time.monotonic() - beat > 15:
                    beat = time.monotonic()
                    yield ": still working\n\n"
                if await request.is_disconnected() or app.state.stopping:
                    return
                await asyncio.sleep(0.2)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    def finished_files(job: Job) -> Job:
        if job.removed:
            raise HTTPException(410, _("The files of this job were removed from the server (after its ZIP was downloaded, after an hour, "
                                       "or to make room for newer jobs from the same computer). Press “Make it ready to print” again to make them anew."))
        if job.state in ("queued", "running"):
            raise HTTPException(409, _("the job is not finished yet"))
        if job.state != "done":
            raise HTTPException(409, _("the job failed: {problem}", problem=_("cancelled") if job.error == CANCELLED else job.error))
        return job

    @app.get("/api/jobs/{job_id}/files/{name:path}")
    async def job_file(job_id: str, name: str) -> FileResponse:
        job = finished_files(job_or_404(job_id))
        files = job.files
        if name not in files:  # the path is always one the job wrote, never the user's text
            raise HTTPException(404, _("this job has no file {name!r}", name=shown(name, 60)))
        path = job.base() / files[files.index(name)]
        return JobFile(path, filename=path.name, media_type=media_type(path.name), job=job, manager=manager)

    @app.get("/api/jobs/{job_id}/zip")
    async def job_zip(job_id: str) -> FileResponse:
        from deckgen.web.work import ZIP_NAME

        job = finished_files(job_or_404(job_id))
        if job.kind != "build":
            raise HTTPException(404, _("only a build has a ZIP"))
        return WholeDownload(
            job.folder / ZIP_NAME, filename=str(job.result["zip_name"]), media_type="application/zip",
            after=lambda: manager.remove(job), job=job, manager=manager,
        )

    # ------------------------------------------------------------ deck files
    @app.post("/api/deckfile")
    async def deck_file(request: Request, with_cards: str = "false") -> Response:
        """The deck file `deckgen init` writes for the options in the form (``?with_cards=true``: every card)."""
        from deckgen.options import boolean

        try:
            cards = boolean(with_cards[:20])
        except DeckgenError as exc:
            raise FieldErrors(_("with_cards: {problem}", problem=message(exc))) from None
        req = await form_request(request, "deckfile")
        text, name = await asyncio.to_thread(init_text, req, cards)
        return Response(text, media_type="application/toml", headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/api/backimage")
    async def back_image(request: Request, name: str = "back.png") -> JSONResponse:
        """A PNG or JPEG for the backs, sent as the request body: judged as a deck file's back_image is
        (a whole PNG or JPEG within the same limits), and kept under the name the teacher's file had,
        behind a token the form sends back (``back_image``)."""
        from deckgen.deckfile.paths import MAX_IMAGE_BYTES

        kind = content_type(request.headers)
        if (not kind or kind in SIMPLE_TYPES) and not header_csrf_ok(access, request.headers):
            raise HTTPException(415, _("send the back image as image/png or image/jpeg (or with the page's CSRF token), not {kind}",
                                       kind=shown(kind, 60)) if kind else _(
                "send the back image as image/png or image/jpeg (or with the page's CSRF token); it came without a content type"))
        body = await limited_body(request, MAX_IMAGE_BYTES, what=_("a back image"))
        if not body:
            raise DeckgenError(_("the back image is empty: choose a PNG or JPEG file"))
        label = display_name(name, "back.png")
        now = time.monotonic()

        def forget(token: str) -> None:
            path = back_images.pop(token)[1]
            path.unlink(missing_ok=True)
            try:
                path.parent.rmdir()
            except OSError:
                pass

        for token, (made, *_rest) in list(back_images.items()):
            if now - made >= settings.keep:
                forget(token)
        # as uploads: a client's newest replaces its own oldest, never another client's (anyone on
        # the network could otherwise push a teacher's back image out with a few of their own)
        client = client_of(request)
        own = sorted((made, tok) for tok, (made, _p, who) in back_images.items() if who == client)
        if len(own) >= settings.images_per_client:
            forget(own[0][1])
        elif len(back_images) >= settings.max_images:
            raise HTTPException(429, _("the server holds {n} back images, its most; try again in an hour", n=len(back_images)))
        # kept on the jobs' disk, so within its reserve as a job is (deckgen serve keeps MIN_FREE free)
        free = shutil.disk_usage(manager.root).free
        if free - len(body) < manager.min_free:
            raise NoRoom(_("the server's disk is nearly full ({free:.1f} GB free; it keeps {reserve:.1f} GB free): it cannot keep "
                           "the back image; try again later, or ask whoever runs the server", free=free / 1e9,
                           reserve=manager.min_free / 1e9))
        token = secrets.token_urlsafe(12)
        folder = manager.root / "backs" / token
        path = folder / label
        try:
            folder.mkdir(parents=True)
            path.write_bytes(body)
        except OSError as exc:  # the disk filled meanwhile: said as such (507), never a fault of the page, nothing left
            path.unlink(missing_ok=True)
            with contextlib.suppress(OSError):
                folder.rmdir()
            if exc.errno in DISK_FULL:
                raise NoRoom(_("the server cannot keep the back image: {problem}", problem=os_problem(exc))) from None
            raise
        try:  # judged as the command line judges --back-image, named as the teacher's file
            await asyncio.to_thread(judge_image, path)
        except DeckgenError:
            path.unlink(missing_ok=True)
            folder.rmdir()
            raise
        back_images[token] = (now, path, client)
        return JSONResponse({"back_image": token, "name": label})

    @app.post("/api/upload")
    async def upload(request: Request, name: str = "deck.toml") -> JSONResponse:
        """A deck file, sent as the request body (at most 1 MB; more gets 413). Its schema problems come
        back all at once with their lines (400); a good file is remembered for an hour."""
        kind = content_type(request.headers)
        if (not kind or kind in SIMPLE_TYPES) and not header_csrf_ok(access, request.headers):
            raise HTTPException(415, _("send the deck file as application/toml (or with the page's CSRF token), not {kind}",
                                       kind=shown(kind, 60)) if kind else _(
                "send the deck file as application/toml (or with the page's CSRF token); it came without a content type"))
        body = await limited_body(request, MAX_UPLOAD, what=_("a deck file"))
        label = display_name(name, "deck.toml")
        from deckgen.deckfile.load import DeckFileError, deck_text_of

        text = deck_text_of(body, label) if body.strip() else ""  # read as `deckgen build FILE` reads it (UTF-16 too)
        if not text.strip("\ufeff \t\n"):
            raise DeckgenError(_("deck file {name} is empty: choose a deck file that has a game and its options", name=label))
        req = DeckRequest("", deck_text=text, deck_name=label)

        try:
            spec = await asyncio.to_thread(req.spec)
            deck = await asyncio.to_thread(spec.build)
        except DeckFileError as exc:
            problems = [Problem(line=p.line, field=p.field, message=str(p.message)).model_dump() for p in exc.problems]
            return JSONResponse({"error": str(message(exc)), "fields": {}, "problems": problems}, status_code=400)
        forget_old_uploads()
        client = client_of(request)
        own = sorted((made, tok) for tok, (made, _r, who) in uploads.items() if who == client)
        if len(own) >= settings.uploads_per_client:  # this client's oldest makes room, never another's
            del uploads[own[0][1]]
        elif len(uploads) >= settings.max_uploads:
            raise HTTPException(429, _("the server holds {n} uploaded deck files, its most; try again in an hour", n=len(uploads)))
        token = secrets.token_urlsafe(12)
        req = DeckRequest(spec.game.id, deck_text=text, deck_name=label)
        uploads[token] = (time.monotonic(), req, client)
        return JSONResponse({"deck": token, "game": spec.game.id, "title": spec.game.shown_name, "cards": len(deck), "url": f"/decks/{token}"})

    # HEAD is answered wherever GET is, as HTTP asks of every server (a link checker, `curl -I`): the
    # same status and headers, the server sending no body (FastAPI's routes took only GET, so every page
    # but /static answered 405; a download's HEAD never counts as its download, WholeDownload)
    for route in app.routes:
        if isinstance(route, APIRoute) and "GET" in route.methods:
            route.methods.add("HEAD")
    return app


async def limited_body(request: Request, limit: int, what: Any = None) -> bytes:
    """The body, refused with 413 as soon as it passes ``limit`` bytes (before it is all read)."""
    what = what or _("a request")
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and len(declared) < 20 and int(declared) > limit:
        raise HTTPException(413, _("{what} is at most {limit:,} bytes; this one is {size:,}", what=what, limit=limit, size=int(declared)))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, _("{what} is at most {limit:,} bytes; this one is larger", what=what, limit=limit))
        chunks.append(chunk)
    return b"".join(chunks)


def parse_form(body: bytes, headers: Any, access: Access) -> dict[str, str]:
    """The fields of a request body: a JSON object (a page of another site cannot send one without
    asking first), or an urlencoded form that carries the page's CSRF token (field ``csrf`` or header
    ``X-CSRF-Token``). Raises a 4xx naming what is wrong."""
    kind = content_type(headers)
    if kind == "application/json" or kind.endswith("+json"):
        return json_fields(body)
    if kind == "multipart/form-data":
        raise HTTPException(415, _("multipart/form-data is not read here: send the fields as application/x-www-form-urlencoded or JSON"))
    if kind not in ("application/x-www-form-urlencoded", ""):
        raise HTTPException(415, _("a form is sent as application/x-www-form-urlencoded or JSON, not {kind}", kind=shown(kind, 60)))
    from urllib.parse import parse_qsl

    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPException(400, _("the form is not UTF-8 text")) from None
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FIELDS, errors="strict")
    except UnicodeDecodeError:
        raise HTTPException(400, _("the form holds a %-escaped value that is not UTF-8 text")) from None
    except ValueError:
        fields = text.count("&") + text.count(";") + 1
        raise HTTPException(400, _("the form has {n:,} fields; at most {most} are read", n=fields, most=MAX_FIELDS)) from None
    form: dict[str, str] = {}
    for key, value in pairs:
        if key in form:
            twice = _("the field {name!r} is given twice", name=key[:40])
            raise FieldErrors(twice, {key[:40]: twice})
        form[key] = value
    token = form.pop(CSRF_FIELD, None)
    if not (access.csrf_ok(token) or header_csrf_ok(access, headers)):
        raise HTTPException(403, _("a form sent without the page's CSRF token is refused; use the page, or send the fields as JSON"))
    return form


def json_fields(body: bytes) -> dict[str, str]:
    """A JSON object of option names and values (text, numbers, true/false, null: the default)."""
    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if has_surrogate(key) or isinstance(value, str) and has_surrogate(value):
                raise HTTPException(400, _("the JSON holds a lone surrogate (\\ud800 to \\udfff), which is no character"))
            if key in seen:
                twice = _("the field {name!r} is given twice", name=key[:40])
                raise FieldErrors(twice, {key[:40]: twice})
            seen[key] = value
        return seen

    try:
        data = json.loads(body or b"{}", object_pairs_hook=no_twice)
    except RecursionError:
        raise HTTPException(400, _("the JSON is nested too deeply (a form is one object of names and values)")) from None
    except UnicodeDecodeError:
        raise HTTPException(400, _("the JSON is not UTF-8 text")) from None
    except ValueError as exc:
        if "digits" in str(exc):
            raise HTTPException(400, _("the JSON holds a number too long to read (at most 4,300 digits)")) from None
        where = getattr(exc, "lineno", None), getattr(exc, "colno", None)
        if where[0] is not None:
            raise HTTPException(400, _("the request is not valid JSON (line {line}, column {column})", line=where[0], column=where[1])) from None
        raise HTTPException(400, _("the request is not valid JSON")) from None
    if isinstance(data, str) and has_surrogate(data):
        raise HTTPException(400, _("the JSON holds a lone surrogate (\\ud800 to \\udfff), which is no character"))
    if not isinstance(data, dict):
        raise HTTPException(400, _("the request must be a JSON object of option names and values"))
    if len(data) > MAX_FIELDS:
        raise HTTPException(400, _("the JSON object has {n:,} fields; at most {most} are read", n=len(data), most=MAX_FIELDS))
    out = {}
    for key, value in data.items():
        if isinstance(value, (dict, list)):
            problem = _("a value is text, a number, true or false, not a JSON object") if isinstance(value, dict) else _(
                "a value is text, a number, true or false, not a JSON list")
            raise FieldErrors(_("{field}: {problem}", field=key[:40], problem=problem), {key[:40]: problem})
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**200:
            problem = _("the number is too long")
            raise FieldErrors(_("{field}: {problem}", field=key[:40], problem=problem), {key[:40]: problem})
        out[str(key)] = "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    if CSRF_FIELD in out:
        del out[CSRF_FIELD]
    return out


def safe_next(target: Any) -> str:
    """Where to go after logging in: a path on this server only (never ``//other.site``)."""
    text = str(target or "/")[:2000]
    ok = text.startswith("/") and not text.startswith(("//", "/\\")) and "\\" not in text and not has_surrogate(text)
    return text if ok else "/"


class JobFile(FileResponse):
    """A file of a finished job, answered as FileResponse does (ranges too), whose job's folder stays
    until the answer is over: the job counts it as a reader from the moment the route chose the file,
    and a removal meanwhile (another download of its ZIP ending, the hour, newer jobs) waits for its
    last reader (JobManager.remove). Before, a removal between the route and the file's opening was a
    500, or an answer cut after its headers."""

    def __init__(self, *args: Any, job: Any, manager: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.job, self.manager = job, manager
        manager.reading(job)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await self.answer(scope, receive, send)
        finally:
            self.manager.done_reading(self.job)

    async def answer(self, scope: Any, receive: Any, send: Any) -> None:
        await FileResponse.__call__(self, scope, receive, send)


class WholeDownload(JobFile):
    """A job's file (its ZIP) that calls ``after`` only once the whole file went out in one full 200
    answer to a GET: a range request (206), a HEAD or a broken transfer leave the file where it is."""

    def __init__(self, *args: Any, after: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.after = after

    async def answer(self, scope: Any, receive: Any, send: Any) -> None:
        seen = {"status": 0, "bytes": 0, "ended": False}

        async def counting(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
            elif message["type"] == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
                await send(message)
                seen["ended"] = not message.get("more_body", False)
                return
            elif message["type"] == "http.response.pathsend":
                await send(message)
                seen["ended"], seen["bytes"] = True, -1
                return
            await send(message)

        size = os.stat(self.path).st_size
        await FileResponse.__call__(self, scope, receive, counting)
        whole = seen["bytes"] in (size, -1)
        if scope.get("method") == "GET" and seen["status"] == 200 and seen["ended"] and whole:
            self.after()


def judge_image(path: Path) -> None:
    """A back image the page received, judged as ``--back-image`` is (deckgen.request.judged_image)."""
    from deckgen.request import judged_image

    judged_image(path)


def client_of(request: Request) -> str:
    """The client's address: what the per-client bounds (uploads, queued jobs) count by."""
    return request.client.host if request.client else "?"


def display_name(name: str, fallback: str) -> str:
    """A file name to show in messages and to keep a file under (never a path the client chose): its
    last part, printable and short, without the characters a file name may not hold on any system."""
    from deckgen.filenames import reserved

    base = str(name)[:1000].replace("\\", "/").rsplit("/", 1)[-1]
    clean = "".join(ch for ch in base if ch.isprintable() and ch not in "\"'<>:*?|" and not "\ud800" <= ch <= "\udfff")[:60]
    clean = clean.strip().rstrip(". ")
    if not clean or clean.startswith("."):
        return fallback
    return "_" + clean if reserved(clean) else clean


def media_type(name: str) -> str:
    return {
        ".pdf": "application/pdf", ".png": "image/png", ".json": "application/json", ".txt": "text/plain; charset=utf-8",
        ".zip": "application/zip", ".svg": "image/svg+xml",
    }.get(Path(name).suffix.lower(), "application/octet-stream")


# ------------------------------------------------------------ work done in the server's own threads
@lru_cache(maxsize=16)
def default_spec(game_id: str) -> Any:
    """The spec of a game's default deck (what the form starts from)."""
    from deckgen.spec import spec_for

    return spec_for(game_id, cli={})


def counts_words(cards: int, help_cards: int, per_sheet: int, files: list[dict[str, Any]]) -> list[Any]:
    """The preview's counts in words: the cards, and what each card file of the build holds (the very
    files a build writes: cards.pdf's sheets, a shop's images or pages)."""
    from deckgen.i18n import ngettext

    deck = ngettext("{n:,} card", "{n:,} cards", cards)
    if help_cards:
        deck = _("{cards} (and {help})", cards=deck, help=ngettext("{n} help card", "{n} help cards", help_cards))
    return [deck, *(file_count(f, per_sheet) for f in files)]


def file_count(f: dict[str, Any], per_sheet: int = 0) -> Any:
    """What a card file of a build holds, in words: "cards.pdf: 18 sheets (36 pages, 9 cards a sheet)"."""
    from deckgen.i18n import ngettext

    pages = ngettext("{n:,} page", "{n:,} pages", f["pages"])
    if f["sheets"]:
        sheets = ngettext("{n:,} sheet", "{n:,} sheets", f["sheets"])
        return _("{name}: {sheets} ({pages}, {per} cards a sheet)", name=f["name"], sheets=sheets, pages=pages, per=per_sheet)
    if f["pages"]:
        return _("{name}: {pages}", name=f["name"], pages=pages)
    return _("{name}: {images}", name=f["name"], images=ngettext("{n:,} image", "{n:,} images", f["files"]))


def make_preview(req: DeckRequest, start: int | None = None) -> Preview:
    """Card and sheet counts (from the plans of the files a build writes, help cards included) and
    a sample of the faces, from the deck the pipeline builds; from ``start`` on, the next cards in order."""
    from deckgen import pipeline
    from deckgen.render.preview import render_card

    spec = req.spec()
    deck, checks = pipeline.make_deck(spec)
    n = len(deck)
    cards = list(deck.cards)
    if start is not None:
        picks = list(range(min(start, n), min(start + SAMPLE_CARDS, n)))
    else:
        picks = sorted({round(i * (n - 1) / max(1, SAMPLE_CARDS - 1)) for i in range(min(n, SAMPLE_CARDS))}) if n else []
    job = pipeline.print_job(spec, deck)  # the faces and frame a build draws with (back image, ink, language)
    faces, frame = job.faces, job.frame()
    images = [png_url(render_card(cards[i], faces, frame, PREVIEW_PX_PER_MM)) for i in picks]
    if start is None:
        images.append(png_url(render_card(None, faces, frame, PREVIEW_PX_PER_MM)))
    plan = pipeline.sheet_plan(spec, deck, help_card=req.help_card)
    files = [{"name": f.name, "pages": f.pages, "sheets": f.sheets, "files": f.files}
             for f in pipeline.planned_files(spec, deck, help_card=req.help_card)]
    return Preview(
        title=spec.game.shown_name, cards=n, sheets=plan.sheets, pages=plan.pages, per_sheet=plan.per_sheet,
        help_cards=plan.help_cards, start=start or 0, label=spec.game.label(deck, current_lang()),  # the page's words
        warnings=[str(c.line()) for c in checks if not c.ok], images=images, files=files,
        counts=" · ".join(str(c) for c in counts_words(n, plan.help_cards, plan.per_sheet, files)), argv=req.argv("build"),
        command=command_line(req.argv("build")),
    )


def png_url(img: Any) -> str:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


@lru_cache(maxsize=16)
def sample_png(game_id: str) -> bytes:
    """A card from the middle of the game's default deck."""
    from deckgen import pipeline
    from deckgen.render.preview import render_card

    spec = default_spec(game_id)
    deck = spec.build()
    job = pipeline.print_job(spec, deck)
    img = render_card(deck.cards[len(deck) // 2], job.faces, job.frame(), PREVIEW_PX_PER_MM)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def init_text(req: DeckRequest, with_cards: bool) -> tuple[str, str]:
    """What `deckgen init` writes for the request (its back image named as the teacher's file, to sit
    beside the deck file), and a file name."""
    from deckgen.deckfile.write import deck_file_text

    spec = req.spec(command="init")
    folder = Path(req.back_image).parent if req.back_image else Path(tempfile.gettempdir())
    return deck_file_text(spec, spec.build(), with_cards=with_cards, folder=folder), spec.game.out_name(spec.options) + ".toml"
