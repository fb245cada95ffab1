"""The page's answers to the corpus (tests/i18n/corpus.py), through the web app's TestClient, in the
run's language (``?lang=`` on every address, and ``Accept-Language``): what a teacher reads there.

Each corpus case the page can be asked is asked of it (:meth:`PageRun.answer`): the default decks'
build and check (the job followed to its end, its progress words and its result page read), a
preview and a deck file, an uploaded deck file (the example decks, the deck-file refusals and the
hostile files), a failing deck uploaded and checked, a back image, and the bad values of the command
line sent as the form's fields. Its own cases (:data:`PAGE_CASES`) are what only the page has: its
pages (the games, a game's form, the login), and one answer of every class of bad request (404,
405, 408, 409, 410, 413, 415, 403, 401, 429, a foreign Host, JSON that cannot be read, a field twice).

What the page says is read as a user sees it: an HTML page's text a block a line (its ``title``,
``alt``, ``aria-label`` and ``placeholder`` too, and the words its script shows), a JSON answer's
messages (``error``, each field's, each problem's, a job's ``status`` and progress labels). A
dropdown's entry "words (value)" is read as its words: the value beside them is the form's
``value`` attribute, sent as it is typed.

The checks are short, as the command-line corpus's are (``--confidence 4 --model-budget 3000``:
:mod:`i18n.page_worker`, preloaded in the job processes): the words are a long check's. The job
processes start from a forkserver of this run's own (the process-wide one is stopped before and
after), so they see this run's catalogs (the pseudo-locale's folder) and its short checks.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterator

from i18n.corpus import PLAYERS, Case, Said

BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "title", "label", "option", "button", "summary", "legend", "small", "td", "th",
          "dt", "dd", "div", "section", "pre", "ul", "form", "fieldset", "dialog", "header", "nav", "main", "aside", "select",
          "details", "br", "progress"}
SHOWN_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
PLACEHOLDER = re.compile(r"\{\w+\}")
CLI_ONLY = {"--out", "--workers", "-q", "--quiet", "--force", "--json", "--report", "--confidence", "--model-budget"}
# the failing deck of each game the page checks (tests/deckfile/test_each_game.py), each failing in a short check
# (6 games): a simulated measure out of bounds, a static check, or too few cards
FAILING_CHECKED = {"hectoedra": "too few cards", "maestras": "unplayable mix", "mgc": "too few cards", "monete": "unplayable mix",
                   "multiplicats": "unplayable mix"}
MOST_UPLOADED = 100_000  # bytes: a hostile deck file larger than this is not uploaded in the corpus (the parser is the same)
ACTIONS = {"build": "build", "validate": "check", "preview": "preview", "init": "deckfile", "simulate": "preview",
           "rules": "preview"}


# ---------------------------------------------------------------- reading what the page shows


class PageText(HTMLParser):
    """The lines an HTML page shows: its text a block a line, the texts of its attributes a user
    sees or hears, and the words of its script (the JSON under ``<script id="words">``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._now: list[str] = []
        self._skip = 0  # inside <script> or <style>
        self._script: list[str] | None = None
        self._option: str | None = None  # the value of the <option> being read
        self._pre = False
        self.lang = ""  # the page's (<html lang>)
        self._foreign: list = []  # [tag, depth] of an element whose lang= names another language ("English": its own name)

    def _flush(self) -> None:
        text = " ".join("".join(self._now).split())
        if text:
            if self._option is not None and text.endswith(f" ({self._option})"):
                text = text[: -len(self._option) - 3]  # the value as typed beside its words: the form's own value
            self.lines.append(text)
        self._now = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
            if tag == "script" and a.get("id") == "words":
                self._script = []
            return
        if tag in BLOCKS:
            self._flush()
        if tag == "html":
            self.lang = a.get("lang") or ""
        elif self._foreign and tag == self._foreign[0]:
            self._foreign[1] += 1
        elif not self._foreign and a.get("lang") and a.get("lang") != self.lang:
            self._foreign = [tag, 1]
        if tag == "code":
            self._now.append("`")  # a command line to type: shown as it is typed (quoted, as words.py reads it)
        if tag == "option":
            self._option = a.get("value")
        if tag == "pre":
            self._pre = True
        for name in SHOWN_ATTRIBUTES:
            if a.get(name) and a[name].strip():
                self.lines.append(" ".join(a[name].split()))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
            if self._script is not None:
                words = json.loads("".join(self._script))  # their {placeholders} the script fills in: a number, a name
                self.lines += [" ".join(PLACEHOLDER.sub("1", str(w)).split()) for w in words.values()]
                self._script = None
            return
        if tag == "pre":
            self._pre = False
        if tag == "code":
            self._now.append("`")
        if self._foreign and tag == self._foreign[0]:
            self._foreign[1] -= 1
            if not self._foreign[1]:
                self._foreign = []
        if tag in BLOCKS:
            self._flush()
        if tag == "option":
            self._option = None

    def handle_data(self, data: str) -> None:
        if self._foreign:
            return
        if self._skip:
            if self._script is not None:
                self._script.append(data)
            return
        if self._pre:
            for i, line in enumerate(data.split("\n")):
                if i:
                    self._flush()
                self._now.append(line)
            return
        self._now.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def html_lines(text: str) -> list[str]:
    reader = PageText()
    reader.feed(text)
    reader.close()
    return reader.lines


def json_lines(data: Any) -> list[str]:
    """The messages of a JSON answer: its error and each field's, each problem's, a job's status and
    progress label and error, a preview's counts, label and warnings, a deck file's error."""
    if not isinstance(data, dict):
        return []
    out = [data.get("error"), *(data.get("fields") or {}).values(), *(p.get("message") for p in data.get("problems") or [])]
    out += [data.get("status"), (data.get("progress") or {}).get("label"), data.get("counts"), data.get("label"),
            *(data.get("warnings") or [])]
    return [" ".join(str(x).split()) for x in out if x and isinstance(x, str) and x != "cancelled"]


def answer_lines(response: Any) -> list[str]:
    kind = response.headers.get("content-type", "")
    if kind.startswith("application/json"):
        return json_lines(response.json())
    if kind.startswith("text/html"):
        return html_lines(response.text)
    if kind.startswith("application/toml"):  # a deck file to download: its comments are words to read
        return [line.split("#", 1)[1].strip() for line in response.text.splitlines() if "#" in line and line.split("#", 1)[1].strip()]
    return []


# ---------------------------------------------------------------- the run


class PageRun:
    """One language's page: a fresh app behind a TestClient, asked each corpus case it can answer."""

    def __init__(self, lang: str, root: Path) -> None:
        from fastapi.testclient import TestClient

        from deckgen.web.app import Settings, create_app

        stop_forkserver()  # the job processes start from one of this run's (its catalogs, its short checks)
        self.lang, self.root = lang, root
        self.app = create_app(Settings(jobs=1, time_limit=120.0, root=root))
        self.app.state.manager._ctx.set_forkserver_preload(["deckgen.web.work", "i18n.page_worker"])
        headers = {"X-CSRF-Token": self.app.state.access.csrf, "Accept-Language": lang}
        self.client = TestClient(self.app, base_url="http://127.0.0.1", headers=headers)
        self.client.__enter__()

    def close(self) -> None:
        self.client.__exit__(None, None, None)
        stop_forkserver()

    def url(self, path: str) -> str:
        return path + ("&" if "?" in path else "?") + f"lang={self.lang}"

    # ------------------------------------------------------------ asking
    def said(self, case: Case, answers: list[Any], extra: list[str] = (), bars: list[str] = ()) -> Said:
        """What the page said for ``case``: every answer's lines (an error answer's on "err"), and the
        last answer's status as the exit code's stand-in (200s: 0, 4xx: 2)."""
        out, err = [], []
        for r in answers:
            (err if r.status_code >= 400 else out).extend(answer_lines(r))
        out += list(extra)
        code = 0 if all(r.status_code < 400 for r in answers) else 2
        return Said(case, code, out, err, list(bars), face="page", statuses=tuple(r.status_code for r in answers))

    def answer(self, case: Case, folder: Path) -> Said | None:
        """The page's answer to a corpus case, or None when the page has nothing like it."""
        if case.name in PAGE_ASKS:
            return PAGE_ASKS[case.name](self, case)
        if case.group == "failing deck":  # uploaded (and a deck of each game checked: failing_cases)
            return self.upload_only(case)
        if case.name.startswith(("deck file: ", "hostile deck file: ")):
            if len(case.files[0][1]) > MOST_UPLOADED:
                return None  # its class on the page is "too large" (bad requests); the command line reads it whole
            return self.upload_only(case)
        if case.group == "output" and case.argv[1:2] and case.argv[1].endswith(".toml"):
            return self.upload_only(case)  # an example deck: uploaded and shown (its jobs are the default decks')
        if case.name.startswith("hostile back image: "):
            name, data = next((n, d) for n, d in case.files if n != "deck.toml")
            r = self.client.post(self.url(f"/api/backimage?name={name}"), content=data, headers={"content-type": "image/png"})
            return self.said(case, [r])
        if not case.argv or case.argv[0] not in ACTIONS or len(case.argv) < 2 or case.group == "help":
            return None
        if case.group == "output" and (case.argv[0] in ("simulate", "rules") or case.name != f"{case.argv[0]} {case.argv[1]}"):
            return None  # the page has no such command, or it is one of the command line's variants of a deck
        return self.action(case)

    def form_of(self, case: Case) -> tuple[dict[str, str], list[Any]] | None:
        """The form a case's command line makes: its target (a game, or a deck file uploaded first),
        and each option as the field the page has for it (a switch as true/false); None when the
        command line holds what the page has no field for and the case is about it."""
        from deckgen.registry import games

        target, args = case.argv[1], list(case.argv[2:])
        answers = []
        form: dict[str, str] = {}
        files = dict(case.files)
        if target in files:
            r = self.upload(target, files[target])
            answers.append(r)
            if r.status_code != 200:
                return form, answers
            form["deck"] = r.json()["deck"]
            game = games()[r.json()["game"]]
        else:
            form["game"] = target
            game = games().get(target)
        fields = page_fields(game) if game is not None else {}
        i = 0
        while i < len(args):
            flag, eq, value = args[i].partition("=")
            i += 1
            negated = flag.startswith("--no-") and f"--{flag[5:]}" in fields
            field = fields.get(f"--{flag[5:]}" if negated else flag)
            takes_value = not (field is not None and field[1] == "flag") and not negated
            if not eq and takes_value and i < len(args) and not (args[i].startswith("--") and len(args[i]) > 2):
                value = args[i]
                i += 1
            if flag in CLI_ONLY:
                continue
            if field is None:
                if case.group != "refusal" or not flag.startswith("--"):
                    continue
                form[flag[2:].replace("-", "_")] = value  # a field the page does not have: refused as the form's
                continue
            form[field[0]] = ("false" if negated else "true" if not eq else value) if not takes_value else value
        return form, answers

    def action(self, case: Case) -> Said:
        command = case.argv[0]
        made = self.form_of(case)
        form, answers = made
        if answers and answers[-1].status_code != 200:
            return self.said(case, answers)
        action = ACTIONS[command]
        if action == "check":
            form.setdefault("skill_games", "0")
            form.setdefault("games", "6")
        if case.group == "refusal" and action == "build":
            action = "preview"  # the same options judged, nothing made
        r = self.client.post(self.url(f"/api/{action}"), json=form)
        answers.append(r)
        case = dataclasses.replace(case, typed=case.typed + tuple(form) + tuple(form.values()))  # what the form sent: shown back
        if r.headers.get("content-type", "").startswith("application/toml"):  # a deck file: its comments name its own keys
            from i18n.corpus import _typed_words

            case = dataclasses.replace(case, typed=case.typed + _typed_words(r.text))
        if r.status_code == 202:
            if case.group == "refusal":  # not refused: the job is not wanted
                self.client.post(self.url(f"/api/jobs/{r.json()['id']}/cancel"))
                return self.said(case, answers)
            return self.job(case, answers, r.json()["id"])
        return self.said(case, answers)

    def job(self, case: Case, answers: list[Any], job_id: str) -> Said:
        """A job followed to its end: its status words and stages as it runs, then its page."""
        bars, extra = [], []
        for _name, state in events(self.client, self.url(f"/api/jobs/{job_id}/events")):
            extra += [s for s in json_lines({"status": state.get("status"), "error": state.get("error")})]
            label = (state.get("progress") or {}).get("label")
            if label:
                bars.append(label)
        page = self.client.get(self.url(f"/jobs/{job_id}"))
        answers.append(page)
        return self.said(case, answers, extra, bars)

    def upload(self, name: str, data: bytes) -> Any:
        return self.client.post(self.url(f"/api/upload?name={name}"), content=data, headers={"content-type": "application/toml"})

    def upload_only(self, case: Case) -> Said:
        name, data = case.files[0]
        r = self.upload(name, data)
        answers = [r]
        if r.status_code == 200:
            answers.append(self.client.get(self.url(r.json()["url"])))  # the deck's own page
        return self.said(case, answers)

    def failing(self, case: Case) -> Said:
        """A deck that is not playable, uploaded and checked as a teacher would."""
        name, data = case.files[0]
        r = self.upload(name, data)
        if r.status_code != 200:
            return self.said(case, [r])
        form = {"deck": r.json()["deck"], "games": "6", "skill_games": "0"}
        started = self.client.post(self.url("/api/check"), json=form)
        if started.status_code != 202:
            return self.said(case, [r, started])
        said = self.job(case, [r, started], started.json()["id"])
        said.code = 1
        return said


def events(client: Any, url: str) -> Iterator[tuple[str, dict]]:
    """Every server-sent event of a job until its last one: (event name, state)."""
    name = None
    with client.stream("GET", url) as stream:
        for line in stream.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                yield name or "", json.loads(line[6:])


def page_fields(game: Any) -> dict[str, tuple[str, str]]:
    """The fields of a game's page by the command line's flag: (the field's name, its kind)."""
    from deckgen.spec import spec_for
    from deckgen.web.forms import common_fields, option_fields

    base = spec_for(game.id, cli={})
    return {f.cli: (f.name, f.kind) for f in option_fields(game, base.options) + common_fields(game, base)}


def stop_forkserver() -> None:
    """Stop the process-wide forkserver (the next job starts a new one, with the environment and
    the preloads of that moment)."""
    from multiprocessing import forkserver

    forkserver._forkserver._stop()


# ---------------------------------------------------------------- what only the page has

SLOW = b"x" * 10


def _raw(app: Any, method: str, path: str, headers: dict[str, str], body: Callable[[], Any]) -> tuple[int, bytes]:
    """An answer of the app to a request whose body never arrives (``body`` waits): its status and words."""
    got: dict[str, Any] = {"status": 0, "body": b""}
    scope = {"type": "http", "http_version": "1.1", "method": method, "path": path.split("?")[0], "raw_path": path.encode(),
             "query_string": path.partition("?")[2].encode(), "root_path": "", "scheme": "http", "server": ("127.0.0.1", 80),
             "client": ("127.0.0.1", 5000), "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}

    async def receive() -> dict[str, Any]:
        return await body()

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            got["status"] = message["status"]
        elif message["type"] == "http.response.body":
            got["body"] += message.get("body", b"")

    asyncio.run(app(scope, receive, send))
    return got["status"], got["body"]


class Raw:
    """A response read from a raw ASGI call, with what :func:`answer_lines` reads."""

    def __init__(self, status: int, body: bytes, kind: str) -> None:
        self.status_code, self.text, self.headers = status, body.decode("utf-8", "replace"), {"content-type": kind}

    def json(self) -> Any:
        return json.loads(self.text)


def ask_pages(run: PageRun, case: Case) -> Said:
    """The pages a teacher opens: the games, each game's form (with its preview), the login."""
    c = run.client
    answers = [c.get(run.url("/"))] + [c.get(run.url(f"/games/{g}")) for g in PLAYERS]
    return run.said(case, answers)


def ask_login(run: PageRun, case: Case) -> Said:
    from fastapi.testclient import TestClient

    from deckgen.web.app import Settings, create_app
    from deckgen.web.guard import MAX_FAILED_LOGINS

    app = create_app(Settings(jobs=1, root=run.root, password="correct horse", password_made_up=True))
    with TestClient(app, base_url="http://127.0.0.1", headers={"Accept-Language": run.lang}) as c:
        answers = [c.get(run.url("/login")), c.get(run.url("/api/jobs/x"))]
        csrf = app.state.access.csrf
        answers.append(c.post(run.url("/login"), data={"password": "wrong", "next": "/", "csrf": csrf}))
        for _ in range(MAX_FAILED_LOGINS):
            last = c.post(run.url("/login"), data={"password": "wrong", "next": "/", "csrf": csrf})
        answers.append(last)  # too many wrong passwords: 429
    said = run.said(case, answers[:1])
    said.err += [line for r in answers[1:] for line in answer_lines(r)]
    said.code, said.statuses = 2, tuple(r.status_code for r in answers)
    return said


def ask_bad_requests(run: PageRun, case: Case) -> Said:
    """One answer of every class of bad request (each a 4xx with its words), as one case."""
    from fastapi.testclient import TestClient

    from deckgen.web.app import MAX_UPLOAD, Settings, create_app

    c = run.client
    bare = TestClient(run.app, base_url="http://127.0.0.1", headers={"Accept-Language": run.lang})
    answers = [
        c.get(run.url("/nowhere")),  # 404: no page
        c.get(run.url("/games/uno")),  # 404: no game
        c.get(run.url("/api/jobs/nope")),  # 404: no job
        c.get(run.url("/jobs/nope")),
        c.get(run.url("/decks/nope")),  # 404: no uploaded deck
        c.get(run.url("/api/build")),  # 405
        c.post(run.url("/api/upload"), content=b"x" * (MAX_UPLOAD + 1), headers={"content-type": "application/toml"}),  # 413
        c.post(run.url("/api/preview"), content=b"game=mgc&" * 8000, headers={"content-type": "application/x-www-form-urlencoded"}),
        c.post(run.url("/api/preview"), content=b"{", headers={"content-type": "application/json"}),  # JSON that cannot be read
        c.post(run.url("/api/preview"), content=b"[1]", headers={"content-type": "application/json"}),
        c.post(run.url("/api/preview"), content=b"[" * 100 + b"]" * 100, headers={"content-type": "application/json"}),
        c.post(run.url("/api/preview"), content=b'{"game": "mgc", "game": "mgc"}', headers={"content-type": "application/json"}),
        c.post(run.url("/api/preview"), json={"game": "mgc", "players": {"a": 1}}),
        c.post(run.url("/api/preview"), json={"game": "mgc", "players": [1]}),
        c.post(run.url("/api/preview"), content=b"game=mgc", headers={"content-type": "text/plain"}),  # 415
        c.post(run.url("/api/preview"), content=b"game=mgc", headers={"content-type": "multipart/form-data; boundary=x"}),
        bare.post(run.url("/api/preview"), data={"game": "mgc"}),  # 403: no CSRF token
        bare.post(run.url("/api/jobs/x/cancel")),
        c.post(run.url("/api/preview"), json={"game": "mgc"}, headers={"origin": "http://evil.example"}),  # 403: another site
        c.get(run.url("/"), headers={"host": "evil.example"}),  # 400: a foreign Host
        c.get(run.url("/api/jobs/x"), headers={"host": "evil.example"}),
        c.post(run.url("/api/upload"), content=b"  ", headers={"content-type": "application/toml"}),
        c.post(run.url("/api/upload"), content=b'game = "mgc"\n# \xff\n', headers={"content-type": "application/toml"}),
        c.post(run.url("/api/backimage"), content=b"", headers={"content-type": "image/png"}),
        c.post(run.url("/api/backimage"), content=b"x", headers={"content-type": "text/plain"}),
        bare.post(run.url("/api/upload"), content=b'game = "mgc"\n'),  # 415: no type, no token
        c.post(run.url("/api/deckfile?with_cards=maybe"), json={"game": "mgc"}),
        c.post(run.url("/api/preview"), json={"game": "mgc", "back_image": "gone"}),
        c.post(run.url("/api/preview"), json={"deck": "gone"}),
    ]
    # a job that is not finished, and one whose files are gone (409, 410), and a check's ZIP (404)
    manager = run.app.state.manager
    slow = c.post(run.url("/api/build"), json={"game": "multiplicats"}).json()["id"]
    answers.append(c.get(run.url(f"/api/jobs/{slow}/files/cards.pdf")))  # 409: not finished
    answers.append(c.get(run.url(f"/api/jobs/{slow}")))  # its status words while it waits or runs
    answers.append(c.post(run.url(f"/api/jobs/{slow}/cancel")))
    answers.append(c.get(run.url(f"/jobs/{slow}")))  # a cancelled job's page
    job = manager.get(slow)
    while job.state not in ("done", "failed"):
        time.sleep(0.05)
    answers.append(c.get(run.url(f"/api/jobs/{slow}/files/cards.pdf")))  # 409: failed (cancelled)
    job.state, job.removed, job.error = "done", True, None
    answers.append(c.get(run.url(f"/api/jobs/{slow}/files/cards.pdf")))  # 410: removed
    answers.append(c.get(run.url(f"/jobs/{slow}/result")))
    job.removed, job.kind, job.result = False, "check", {"files": []}
    answers.append(c.get(run.url(f"/api/jobs/{slow}/zip")))  # 404: only a build has a ZIP
    answers.append(c.get(run.url(f"/api/jobs/{slow}/files/nothing.txt")))  # 404: no such file
    # 429: the queue is full (as many waiting as it holds)
    manager.waiting = lambda: manager.max_waiting
    try:
        answers.append(c.post(run.url("/api/check"), json={"game": "mgc"}))
    finally:
        del manager.waiting
    # 408: a body that never arrives
    quick = create_app(Settings(jobs=1, root=run.root, body_timeout=0.05))

    async def never() -> Any:
        await asyncio.sleep(5)
        return {"type": "http.disconnect"}

    status, body = _raw(quick, "POST", run.url("/api/upload"), {"host": "127.0.0.1", "content-type": "application/toml",
                                                                 "content-length": "10", "x-csrf-token": quick.state.access.csrf,
                                                                 "accept-language": run.lang}, never)
    answers.append(Raw(status, body, "application/json"))
    said = run.said(case, [])
    said.err = [line for r in answers for line in answer_lines(r)]
    said.code = 2
    said.statuses = tuple(r.status_code for r in answers)
    return said


PAGE_ASKS: dict[str, Callable[[PageRun, Case], Said]] = {
    "page: the pages": ask_pages,
    "page: the login": ask_login,
    "page: bad requests": ask_bad_requests,
}


def ask_failing(run: PageRun, case: Case) -> Said:
    return run.failing(case)
# the names and values these requests send, shown back in any language
SENT = ("players", "game", "mgc", "uno", "nowhere", "nope", "maybe", "with_cards", "back_image", "gone", "deck", "evil", "example",
        "back", "png", "nothing", "txt", "POST", "GET")
PAGE_CASES = tuple(Case(name, (), "page", typed=SENT) for name in PAGE_ASKS)


def page_cases(share: int) -> list[Case]:
    """The page's own cases for one run: its pages and bad requests, and a failing deck of each game
    uploaded and checked, the games shared between the two runs (``share`` 0 or 1: every other game)."""
    from i18n.corpus import GAMES, TESTS, _deck_case, _load

    broken = _load(TESTS / "deckfile" / "test_each_game.py", "page_each_game").BROKEN
    failing = [_deck_case(f"page: failing {game}", ("validate", "deck.toml"), "page", "deck.toml",
                          broken[game][FAILING_CHECKED[game]][0].encode()) for game in GAMES[share::2]]
    for case in failing:
        PAGE_ASKS[case.name] = ask_failing
    return [*PAGE_CASES, *failing]
