"""The web app (FastAPI): pages to choose a game and its options, a live preview, checks and builds as
queued jobs streamed to the page, downloads, and deck-file uploads.

Every route answers bad input with a 4xx and the CLI's own message (JSON ``{"error": ...}`` under
``/api``, an HTML page elsewhere); nothing reaches the user as a traceback.
"""

from __future__ import annotations

import asyncio
import base64
import io
import json
import os
import secrets
import tempfile
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, FileSystemLoader
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from deckgen.errors import DeckgenError
from deckgen.registry import Game, games, get_game
from deckgen.web import texts
from deckgen.web.forms import (
    FORM_KEYS, KNOWN_COMMON, DeckRequest, FormError, common_fields, common_words_of, option_fields, request_from_form, unknown_fields,
    with_back_image,
)
from deckgen.web.guard import CSRF_FIELD, SESSION_COOKIE, SIMPLE_TYPES, Access, Guard, Hosts, content_type, header_csrf_ok
from deckgen.web.jobs import Busy, Job, JobManager

HERE = Path(__file__).parent
MAX_UPLOAD = 1_000_000  # bytes of a deck file (the CLI's limit too)
MAX_FORM = 64_000  # bytes of a submitted form
MAX_UPLOADS = 200  # uploaded decks remembered at once, from every client (each at most 1 MB)
MAX_UPLOADS_PER_CLIENT = 20  # a client's own: its 21st replaces its oldest, never another client's
MAX_FIELDS = 500  # fields in a submitted form
MAX_JSON_DEPTH = 32  # lists or objects inside each other in a JSON request
MAX_IMAGE = 8_000_000  # bytes of a back image (a 300 dpi poker back is about 800 × 1100 px)
MAX_IMAGES = 40  # back images kept at once, from every client (each at most 8 MB)
MAX_IMAGES_PER_CLIENT = 5  # a client's own: its 6th replaces its oldest, never another client's
SAMPLE_CARDS = 8  # cards in the live preview
PREVIEW_PX_PER_MM = 3.0


@dataclass(frozen=True)
class Settings:
    jobs: int = max(1, os.cpu_count() or 1)
    time_limit: float = 600.0  # seconds a build or check may run
    keep: float = 3600.0  # seconds a job's folder is kept
    max_waiting: int = 50
    waiting_per_client: int = 25  # of those places, what one client address may hold
    root: Path | None = None  # where the temporary folders go (default: the system's)
    host: str = "127.0.0.1"  # the address it listens on: its name joins the Host allow-list
    allowed_hosts: tuple[str, ...] = ()  # more Host names to answer to
    password: str | None = None  # a shared password asked once per browser (None: no login)
    body_timeout: float = 30.0  # seconds a request body may take to arrive
    header_timeout: float = 10.0  # seconds a request's first line and headers may take (the server's socket layer)
    max_connections: int = 64  # open connections per client address (the server's socket layer; a browser opens at most 6)
    uploads_per_client: int = MAX_UPLOADS_PER_CLIENT
    max_uploads: int = MAX_UPLOADS
    images_per_client: int = MAX_IMAGES_PER_CLIENT
    max_images: int = MAX_IMAGES


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
    removed: bool
    overall: float  # the whole job, 0 to 1: one bar that never restarts
    elapsed: float  # seconds since it started running


class Problem(BaseModel):
    line: int | None
    field: str
    message: str


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    manager = JobManager(
        settings.jobs, time_limit=settings.time_limit, keep=settings.keep, max_waiting=settings.max_waiting, root=settings.root,
        per_client=settings.waiting_per_client,
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
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    # every template autoescaped, whatever its file name ends with (.html.j2 is not in Jinja's own list)
    pages = Jinja2Templates(env=Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=True))
    pages.env.globals["csrf_token"] = access.csrf
    pages.env.globals["game_title"] = texts.game_title
    app.state.pages = pages

    # ------------------------------------------------------------ errors: one message, never a traceback
    def is_api(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    def error(request: Request, status: int, message: str, fields: dict[str, str] | None = None, **extra: Any) -> Response:
        navigated = request.headers.get("sec-fetch-mode") == "navigate" or (
            "text/html" in request.headers.get("accept", "") and request.method == "GET"
        )
        # the page's language: its messages in its words (the address's ?lang=, the page's form field,
        # the browser's Accept-Language); an API call that asks for none keeps the English messages
        asked = texts.asked_lang(request.query_params.get("lang"), getattr(request.state, "form_lang", None),
                                 request.headers.get("accept-language"))
        if asked in texts.LANGS:
            message = texts.say(asked, message)
            fields = {k: texts.say(asked, v) for k, v in (fields or {}).items()}
        if is_api(request) and navigated and "/jobs/" in request.url.path:
            lang = texts.lang_of(asked)  # a download link followed: words, not JSON
            return pages.TemplateResponse(
                request, "error.html.j2", {"t": texts.words(lang), "lang": lang, "status": status, "message": message}, status_code=status
            )
        if is_api(request):
            return JSONResponse({"error": message, "fields": fields or {}, **extra}, status_code=status)
        # a page speaks as every page of the site does: the address's ?lang= or the form's, else Spanish
        # (the site's language), whatever the browser's Accept-Language
        lang = texts.lang_of(texts.asked_lang(request.query_params.get("lang"), getattr(request.state, "form_lang", None)))
        message = texts.say(lang, message)
        return pages.TemplateResponse(
            request, "error.html.j2", {"t": texts.words(lang), "lang": lang, "status": status, "message": message}, status_code=status
        )

    @app.exception_handler(FormError)
    async def _form_error(request: Request, exc: FormError) -> Response:
        return error(request, 400, str(exc), exc.fields)

    @app.exception_handler(DeckgenError)
    async def _deckgen_error(request: Request, exc: DeckgenError) -> Response:
        return error(request, 429 if isinstance(exc, Busy) else 400, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = exc.detail if isinstance(exc.detail, str) else "bad request"
        if exc.status_code == 404 and message == "Not Found":
            message = f"no page at {request.url.path}"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed here"
        answer = error(request, exc.status_code, message)
        if exc.status_code in (408, 413):  # the rest of the body is not read: the connection ends here
            answer.headers["connection"] = "close"
        return answer

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("query", "body", "path"))
        return error(request, 400, f"{where or 'request'}: {first.get('msg', 'not valid')}")

    # ------------------------------------------------------------ helpers
    def game_or_404(game_id: str) -> Game:
        try:
            return get_game(game_id)
        except DeckgenError as exc:
            raise HTTPException(404, str(exc)) from None

    def job_or_404(job_id: str) -> Job:
        job = manager.get(job_id)
        if job is None:
            raise HTTPException(404, texts.words("en")["no_job"])
        return job

    async def read_form(request: Request) -> dict[str, str]:
        """A form's fields, sent as JSON or, with the page's CSRF token, urlencoded. Anything else is
        refused with what was wrong: the content type, the encoding, too many fields, a field twice."""
        body = await limited_body(request, MAX_FORM)
        request.state.form_lang = form_lang(body)  # so that a refusal of the form is in the page's language
        return parse_form(body, request.headers, access)

    def deck_request(form: dict[str, str], *, check: bool) -> DeckRequest:
        form = dict(form)
        image = back_image_of(form.pop("back_image", ""))
        token = form.get("deck")
        if not token:
            return with_back_image(request_from_form(form, check=check), image)
        found = uploads.get(token) if isinstance(token, str) else None
        if found is None:
            raise HTTPException(404, "no such uploaded deck file (they are forgotten after an hour); upload it again")
        stored = found[1]
        extra = sorted(set(form) - {*FORM_KEYS, *KNOWN_COMMON})
        if extra:
            raise unknown_fields(extra, KNOWN_COMMON)
        return with_back_image(
            DeckRequest(stored.game, common=common_words_of(form, check=check), deck_text=stored.deck_text, deck_name=stored.deck_name),
            image,
        )

    def back_image_of(token: str) -> str | None:
        token = (token or "").strip()
        if not token:
            return None
        found = back_images.get(token)
        if found is None or not found[1].is_file():
            raise FormError("the back image is no longer on the server (images are kept for an hour); choose it again",
                            {"back_image": "the back image is no longer on the server; choose it again"})
        return str(found[1])

    def state(job: Job, stage: tuple[str, int, int] | None = None) -> JobState:
        p = stage or job.progress
        return JobState(
            id=job.id, kind=job.kind, state=job.state, ahead=manager.ahead(job) if job.state == "queued" else 0,
            running=manager.running(), slots=manager.slots,
            progress={"label": p[0], "done": p[1], "total": p[2]} if p else None,
            result=job.result, error=texts.say(job.lang, job.error) if job.error else None, removed=job.removed,
            overall=job.overall(), elapsed=(time.monotonic() - job.started) if job.started and job.state == "running" else 0.0,
        )

    def forget_old_uploads() -> None:
        now = time.monotonic()
        for token, (made, *_) in list(uploads.items()):
            if now - made >= settings.keep:
                del uploads[token]

    # ------------------------------------------------------------ the shared password (when the server has one)
    @app.get("/login", response_class=HTMLResponse)
    async def login_page(request: Request, lang: str | None = None, next: str = "/") -> Response:
        if access.password is None:  # no password: nothing to log in to
            return RedirectResponse(safe_next(next), status_code=303)
        lang = texts.lang_of(texts.asked_lang(lang, None, request.headers.get("accept-language")))
        return pages.TemplateResponse(
            request, "login.html.j2", {"t": texts.words(lang), "lang": lang, "next": safe_next(next), "wrong": False}
        )

    @app.post("/login")
    async def login(request: Request) -> Response:
        if access.password is None:
            return RedirectResponse("/", status_code=303)
        body = await limited_body(request, MAX_FORM)
        request.state.form_lang = form_lang(body, "lang")
        form = parse_form(body, request.headers, access)
        client = request.client.host if request.client else "?"
        lang = texts.lang_of(texts.asked_lang(form.get("lang"), None, request.headers.get("accept-language")))
        wait = access.locked_out(client)
        if wait:
            raise HTTPException(429, f"too many wrong passwords; wait {wait:.0f} s")
        if not access.password_ok(form.get("password", "")):
            access.failed(client)
            return pages.TemplateResponse(
                request, "login.html.j2",
                {"t": texts.words(lang), "lang": lang, "next": safe_next(form.get("next", "/")), "wrong": True}, status_code=401,
            )
        response = RedirectResponse(safe_next(form.get("next", "/")), status_code=303)
        response.set_cookie(SESSION_COOKIE, access.open_session(), httponly=True, samesite="strict", max_age=int(access.session_life))
        return response

    # ------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request, lang: str | None = None) -> Response:
        lang = texts.lang_of(lang)
        return pages.TemplateResponse(
            request, "index.html.j2", {"t": texts.words(lang), "lang": lang, "games": list(games().values())}
        )

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    async def game_page(request: Request, game_id: str, lang: str | None = None) -> Response:
        game = game_or_404(game_id)
        lang = texts.lang_of(lang)
        fields = prefilled(option_fields(game, lang), request)
        common = prefilled(common_fields(game, texts.common_words(lang), lang=lang, choice_words=texts.choice_words(lang)), request)
        return pages.TemplateResponse(
            request,
            "game.html.j2",
            {"t": texts.words(lang), "lang": lang, "game": game, "title": texts.game_title(game), "fields": fields,
             "common": common, "deck": None, "job": request.query_params.get("job", "")},
        )

    def prefilled(fields: list, request: Request) -> list:
        """The fields with the values the page's address carries (a bookmarked or shared deck): the deck's
        language as ``deck_lang`` (``lang`` is the page's)."""
        from dataclasses import replace

        out = []
        for f in fields:
            key = "deck_lang" if f.name == "lang" else f.name
            given = request.query_params.get(key)
            if given is not None and len(given) <= 200:
                f = replace(f, value=given if f.kind != "flag" else ("true" if given.lower() in ("true", "on", "1", "yes") else "false"))
            out.append(f)
        return out

    @app.get("/decks/{token}", response_class=HTMLResponse)
    async def deck_page(request: Request, token: str, lang: str | None = None) -> Response:
        found = uploads.get(token)
        if found is None:
            raise HTTPException(404, "no such uploaded deck file (they are forgotten after an hour); upload it again")
        req = found[1]
        game = get_game(req.game)
        lang = texts.lang_of(lang)
        common = [f for f in common_fields(game, texts.common_words(lang), lang=lang) if f.name in ("players", "games", "skill_games")]
        return pages.TemplateResponse(
            request,
            "game.html.j2",
            {"t": texts.words(lang), "lang": lang, "game": game, "title": texts.game_title(game), "fields": [], "common": common,
             "deck": token, "deck_name": req.deck_name, "job": request.query_params.get("job", "")},
        )

    # ------------------------------------------------------------ the live preview
    preview_slots = asyncio.Semaphore(max(1, settings.jobs))

    @app.post("/api/preview", response_model=Preview)
    async def preview(request: Request, start: int | None = None) -> Preview:
        """The counts and a sample of the cards; with ``?start=N`` the cards from the N-th on (a gallery page)."""
        form = await read_form(request)
        req = await asyncio.to_thread(deck_request, form, check=False)  # the CLI's checks, off the event loop
        async with preview_slots:
            return await asyncio.wait_for(
                asyncio.to_thread(make_preview, req, None if start is None else max(0, start)), timeout=settings.time_limit
            )

    @app.get("/api/games/{game_id}/sample.png")
    async def sample(game_id: str) -> Response:
        game = game_or_404(game_id)
        data = await asyncio.to_thread(sample_png, game.id)
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    # ------------------------------------------------------------ jobs
    @app.post("/api/check", status_code=202, response_model=JobState)
    async def start_check(request: Request, lang: str = "en") -> JobState:
        req = await asyncio.to_thread(deck_request, await read_form(request), check=True)
        return state(manager.submit("check", req, client_of(request), lang="es" if lang == "es" else "en"))

    @app.post("/api/build", status_code=202, response_model=JobState)
    async def start_build(request: Request, lang: str = "en") -> JobState:
        req = await asyncio.to_thread(deck_request, await read_form(request), check=False)
        return state(manager.submit("build", req, client_of(request), lang="es" if lang == "es" else "en"))

    @app.post("/api/jobs/{job_id}/cancel", response_model=JobState)
    async def cancel_job(request: Request, job_id: str) -> JobState:
        if not header_csrf_ok(access, request.headers):
            raise HTTPException(403, "a cancel sent without the page's CSRF token is refused; use the page")
        job = job_or_404(job_id)
        manager.cancel(job)
        return state(job)

    # ------------------------------------------------------------ the same without JavaScript
    @app.post("/build", response_class=HTMLResponse)
    @app.post("/check", response_class=HTMLResponse)
    async def start_plain(request: Request) -> Response:
        """The form sent by a browser without JavaScript: the job starts, and its page follows it."""
        kind = "check" if request.url.path == "/check" else "build"
        form = await read_form(request)
        lang = texts.lang_of(form.pop("page_lang", None))
        for name in form.pop("switches", "").split(","):
            if name.strip():
                form.setdefault(name.strip(), "false")  # an unticked box is not sent at all
        form = {k: v for k, v in form.items() if v != "" or k == "deck"}
        if kind == "check":
            form = {k: v for k, v in form.items() if k not in ("ink", "shop", "help_card", "paper", "card_size", "bleed", "backs", "lang")}
        else:
            form = {k: v for k, v in form.items() if k not in ("games", "skill_games")}
        req = await asyncio.to_thread(deck_request, form, check=kind == "check")
        job = manager.submit(kind, req, client_of(request), lang=lang)
        return RedirectResponse(f"/jobs/{job.id}?lang={lang}", status_code=303)

    @app.get("/jobs/{job_id}", response_class=HTMLResponse)
    async def job_page(request: Request, job_id: str, lang: str | None = None) -> Response:
        """A job's page for a browser without JavaScript: it reloads itself until the job ends."""
        lang = texts.lang_of(lang)
        job = job_or_404(job_id)
        return pages.TemplateResponse(
            request, "job.html.j2", {"t": texts.words(lang), "lang": lang, "job": job, "s": state(job)},
            headers={"Cache-Control": "no-store"},
        )

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
            raise HTTPException(410, texts.words("en")["expired"])
        if job.state != "done":
            raise HTTPException(409, f"the {job.kind} is not finished yet" if job.state in ("queued", "running") else f"the {job.kind} failed: {job.error}")
        return job

    @app.get("/api/jobs/{job_id}/files/{name:path}")
    async def job_file(job_id: str, name: str) -> FileResponse:
        job = finished_files(job_or_404(job_id))
        files = job.files
        if name not in files:  # the path is always one the job wrote, never the user's text
            raise HTTPException(404, f"this {job.kind} has no file {name!r}; it has: {', '.join(files)}")
        path = job.base() / files[files.index(name)]
        return FileResponse(path, filename=path.name, media_type=media_type(path.name))

    @app.get("/api/jobs/{job_id}/zip")
    async def job_zip(job_id: str) -> FileResponse:
        from deckgen.web.work import ZIP_NAME

        job = finished_files(job_or_404(job_id))
        if job.kind != "build":
            raise HTTPException(404, "only a build has a ZIP")
        return WholeDownload(
            job.folder / ZIP_NAME, filename=str(job.result["zip_name"]), media_type="application/zip",
            after=lambda: manager.remove(job),
        )

    # ------------------------------------------------------------ deck files
    @app.post("/api/deckfile")
    async def deck_file(request: Request) -> Response:
        """The deck file `deckgen init` writes for the options in the form (``cards=true``: every card)."""
        form = await read_form(request)
        req = await asyncio.to_thread(request_from_form, form)
        from deckgen.options import boolean

        try:
            with_cards = boolean(form.get("cards") or "false")
        except DeckgenError as exc:
            raise FormError(f"cards: {exc}", {"cards": str(exc)}) from None
        text, name = await asyncio.to_thread(init_text, req, with_cards)
        return Response(text, media_type="application/toml", headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/api/backimage")
    async def back_image(request: Request) -> JSONResponse:
        """A PNG or JPEG for the backs, sent as the request body (at most 8 MB): kept under a token the
        form sends back (``back_image``), as a deck file's back_image is used."""
        kind = content_type(request.headers)
        if (not kind or kind in SIMPLE_TYPES) and not header_csrf_ok(access, request.headers):
            raise HTTPException(415, f"send the back image as image/png or image/jpeg (or with the page's CSRF token), not {kind or 'without a content type'}")
        body = await limited_body(request, MAX_IMAGE, what="a back image")
        if not body:
            raise DeckgenError("the back image is empty: choose a PNG or JPEG file")
        kind = await asyncio.to_thread(image_kind, body)
        now = time.monotonic()

        def forget(token: str) -> None:
            back_images.pop(token)[1].unlink(missing_ok=True)

        for token, (made, *_) in list(back_images.items()):
            if now - made >= settings.keep:
                forget(token)
        # as uploads: a client's newest replaces its own oldest, never another client's (anyone on
        # the network could otherwise push a teacher's back image out with a few of their own)
        client = client_of(request)
        own = sorted((made, tok) for tok, (made, _, who) in back_images.items() if who == client)
        if len(own) >= settings.images_per_client:
            forget(own[0][1])
        elif len(back_images) >= settings.max_images:
            raise HTTPException(429, f"the server holds {len(back_images)} back images, its most; try again in an hour")
        folder = manager.root / "backs"
        folder.mkdir(exist_ok=True)
        token = secrets.token_urlsafe(12)
        path = folder / f"{token}.{kind}"
        path.write_bytes(body)
        back_images[token] = (now, path, client)
        return JSONResponse({"back_image": token})

    @app.post("/api/upload")
    async def upload(request: Request, name: str = "deck.toml", lang: str = "en") -> JSONResponse:
        """A deck file, sent as the request body (at most 1 MB; more gets 413). Its schema problems come
        back all at once with their lines (400); a good file is remembered for an hour."""
        kind = content_type(request.headers)
        if (not kind or kind in SIMPLE_TYPES) and not header_csrf_ok(access, request.headers):
            raise HTTPException(
                415, f"send the deck file as application/toml (or with the page's CSRF token), not {kind or 'without a content type'}"
            )
        body = await limited_body(request, MAX_UPLOAD, what="a deck file")
        label = display_name(name)
        if not body.strip():
            raise DeckgenError(f"deck file {label} is empty: choose a deck file that has a game and its options")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise DeckgenError(f"deck file {label} is not UTF-8 text") from None
        req = DeckRequest("", deck_text=text, deck_name=label)
        from deckgen.deckfile.load import DeckFileError

        try:
            spec = await asyncio.to_thread(req.spec)
            deck = await asyncio.to_thread(spec.build)
        except DeckFileError as exc:
            problems = [Problem(line=p.line, field=p.field, message=texts.say(lang, p.message)).model_dump() for p in exc.problems]
            return JSONResponse({"error": str(exc), "fields": {}, "problems": problems}, status_code=400)
        forget_old_uploads()
        client = client_of(request)
        own = sorted((made, tok) for tok, (made, _, who) in uploads.items() if who == client)
        if len(own) >= settings.uploads_per_client:  # this client's oldest makes room, never another's
            del uploads[own[0][1]]
        elif len(uploads) >= settings.max_uploads:
            raise HTTPException(429, f"the server holds {len(uploads)} uploaded deck files, its most; try again in an hour")
        token = secrets.token_urlsafe(12)
        req = DeckRequest(spec.game.id, deck_text=text, deck_name=label)
        uploads[token] = (time.monotonic(), req, client)
        return JSONResponse({"deck": token, "game": spec.game.id, "title": spec.game.title, "cards": len(deck), "url": f"/decks/{token}"})

    return app


async def limited_body(request: Request, limit: int, what: str = "a request") -> bytes:
    """The body, refused with 413 as soon as it passes ``limit`` bytes (before it is all read)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise HTTPException(413, f"{what} is at most {limit:,} bytes; this one is {int(declared):,}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"{what} is at most {limit:,} bytes; this one is larger")
        chunks.append(chunk)
    return b"".join(chunks)


def form_lang(body: bytes, key: str = "page_lang") -> str | None:
    """The page's language as a form body names it (``page_lang=en``, or ``"page_lang": "en"`` in JSON),
    read before the form itself, so that a form refused as a whole (too many fields, no token) is
    still answered in the page's language."""
    import re

    found = re.search(rb'(?:^|&|[{,]\s*)"?' + key.encode() + rb'"?\s*(?:=|:\s*")(es|en)\b', body[:MAX_FORM])
    return found.group(1).decode() if found else None


def parse_form(body: bytes, headers: Any, access: Access) -> dict[str, str]:
    """The fields of a request body: a JSON object (a page of another site cannot send one without
    asking first), or an urlencoded form that carries the page's CSRF token (field ``csrf`` or header
    ``X-CSRF-Token``). Raises a 4xx naming what is wrong."""
    kind = content_type(headers)
    if kind == "application/json" or kind.endswith("+json"):
        return json_fields(body)
    if kind == "multipart/form-data":
        raise HTTPException(415, "multipart/form-data is not read here: send the fields as application/x-www-form-urlencoded or JSON")
    if kind not in ("application/x-www-form-urlencoded", ""):
        raise HTTPException(415, f"a form is sent as application/x-www-form-urlencoded or JSON, not {kind}")
    from urllib.parse import parse_qsl

    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPException(400, "the form is not UTF-8 text") from None
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FIELDS, errors="strict")
    except UnicodeDecodeError:
        raise HTTPException(400, "the form holds a %-escaped value that is not UTF-8 text") from None
    except ValueError:
        fields = text.count("&") + text.count(";") + 1
        raise HTTPException(400, f"the form has {fields:,} fields; at most {MAX_FIELDS} are read") from None
    form: dict[str, str] = {}
    for key, value in pairs:
        if key in form:
            raise FormError(f"the field {key[:40]!r} is given twice", {key[:40]: "given twice"})
        form[key] = value
    token = form.pop(CSRF_FIELD, None)
    if not (access.csrf_ok(token) or header_csrf_ok(access, headers)):
        raise HTTPException(
            403, "a form sent without the page's CSRF token is refused; use the page, or send the fields as JSON"
        )
    return form


def json_fields(body: bytes) -> dict[str, str]:
    """A JSON object of option names and values (text, numbers, true/false, null: the default)."""
    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                raise FormError(f"the field {key[:40]!r} is given twice", {key[:40]: "given twice"})
            seen[key] = value
        return seen

    try:
        data = json.loads(body or b"{}", object_pairs_hook=no_twice)
    except RecursionError:
        raise HTTPException(400, "the JSON is nested too deeply (a form is one object of names and values)") from None
    except UnicodeDecodeError:
        raise HTTPException(400, "the JSON is not UTF-8 text") from None
    except ValueError as exc:
        if "digits" in str(exc):
            raise HTTPException(400, "the JSON holds a number too long to read (at most 4,300 digits)") from None
        raise HTTPException(400, f"the request is not valid JSON ({str(exc)[:120]})") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the request must be a JSON object of option names and values")
    if len(data) > MAX_FIELDS:
        raise HTTPException(400, f"the JSON object has {len(data):,} fields; at most {MAX_FIELDS} are read")
    out = {}
    for key, value in data.items():
        if isinstance(value, (dict, list)):
            raise FormError(f"{key[:40]}: a value is text, a number, true or false, not a JSON {type(value).__name__.replace('dict', 'object')}",
                            {key[:40]: "not text, a number, true or false"})
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**200:
            raise FormError(f"{key[:40]}: the number is too long", {key[:40]: "the number is too long"})
        out[str(key)] = "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    if CSRF_FIELD in out:
        del out[CSRF_FIELD]
    return out


def safe_next(target: Any) -> str:
    """Where to go after logging in: a path on this server only (never ``//other.site``)."""
    text = str(target or "/")
    return text if text.startswith("/") and not text.startswith(("//", "/\\")) and "\\" not in text else "/"


class WholeDownload(FileResponse):
    """A file answered as FileResponse does (ranges too), that calls ``after`` only once the whole file
    went out in one full 200 answer to a GET: a range request (206), a HEAD or a broken transfer leave
    the file where it is."""

    def __init__(self, *args: Any, after: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.after = after

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
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
        await super().__call__(scope, receive, counting)
        whole = seen["bytes"] in (size, -1)
        if scope.get("method") == "GET" and seen["status"] == 200 and seen["ended"] and whole:
            self.after()


def image_kind(data: bytes) -> str:
    """"png" or "jpg" for an image Pillow reads whole and that is not a decompression bomb; else a
    DeckgenError saying what is wrong."""
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as img:
                kind = img.format
                if img.width * img.height > 40_000_000:
                    raise DeckgenError(f"the back image is {img.width}×{img.height} px: at most 40 megapixels")
                img.verify()
    except DeckgenError:
        raise
    except Exception:  # noqa: BLE001 - whatever Pillow refuses is not an image we can print
        raise DeckgenError("the back image is not a PNG or JPEG picture that can be read") from None
    if kind not in ("PNG", "JPEG"):
        raise DeckgenError(f"the back image is {kind}: use a PNG or JPEG")
    return "png" if kind == "PNG" else "jpg"


def client_of(request: Request) -> str:
    """The client's address: what the per-client bounds (uploads, queued jobs) count by."""
    return request.client.host if request.client else "?"


def display_name(name: str) -> str:
    """A file name to show in messages (never used as a path): its last part, printable, short."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    clean = "".join(ch for ch in base if ch.isprintable() and ch not in "\"'<>")[:60].strip()
    return clean or "deck.toml"


def media_type(name: str) -> str:
    return {
        ".pdf": "application/pdf", ".png": "image/png", ".json": "application/json", ".txt": "text/plain; charset=utf-8",
        ".zip": "application/zip", ".svg": "image/svg+xml",
    }.get(Path(name).suffix.lower(), "application/octet-stream")


# ------------------------------------------------------------ work done in the server's own threads
def make_preview(req: DeckRequest, start: int | None = None) -> Preview:
    """Card and sheet counts (from the plan of the cards.pdf a build writes, help cards included) and
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
    return Preview(
        title=spec.game.title, cards=n, sheets=plan.sheets, pages=plan.pages, per_sheet=plan.per_sheet,
        help_cards=plan.help_cards, start=start or 0, label=spec.game.label(deck, spec.card_lang),
        warnings=[c.line() for c in checks if not c.ok], images=images,
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
    from deckgen.spec import spec_for

    spec = spec_for(game_id, cli={})
    deck = spec.build()
    job = pipeline.print_job(spec, deck)
    img = render_card(deck.cards[len(deck) // 2], job.faces, job.frame(), PREVIEW_PX_PER_MM)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def init_text(req: DeckRequest, with_cards: bool) -> tuple[str, str]:
    """What `deckgen init` writes (through the pipeline, into a throwaway folder), and a file name."""
    from deckgen import pipeline

    spec = req.spec()
    with tempfile.TemporaryDirectory(prefix="deckgen-init-") as tmp:
        path = pipeline.init_file(spec, Path(tmp) / "deck.toml", with_cards=with_cards)
        return path.read_text(encoding="utf-8"), spec.game.out_name(spec.options) + ".toml"
