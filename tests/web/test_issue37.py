"""Issue 37: each class of wrong result, stall and stopping problem, with hostile requests of each class
(not only the listed one). The page = the command line itself is proven in test_differential.py."""

from __future__ import annotations

import html
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from PIL import Image

from clirun import run
from web.webtools import ROOT, events, finish, free_port
from deckgen.options import PAGE_NAMES
from deckgen.registry import games
from deckgen.shared_options import SHARED

GAME_IDS = sorted(games())


def png(size: tuple[int, int]) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (30, 120, 60)).save(buf, format="PNG")
    return buf.getvalue()


# ---------------------------------------------------------------- a page name never shadows an option


def test_no_option_takes_a_name_of_the_page_or_of_a_common_option():
    from deckgen.options import Opt, declare

    for game in games().values():
        names = [o.name for o in game.options]
        assert len(names) == len(set(names))
        assert not set(names) & (PAGE_NAMES | set(SHARED)), game.id
    for taken in sorted(PAGE_NAMES | set(SHARED)):  # a game declaring one is refused when it is declared
        with pytest.raises(TypeError, match="taken"):
            declare(deck=(Opt(taken, 1, (0, 2), "x"),))


@pytest.mark.parametrize("route", ["/api/preview", "/api/build", "/api/deckfile"])
def test_every_page_name_sent_as_a_field_is_refused_by_name_or_is_the_pages_own(client, route):
    """The page's own words are not options: sent where an option would be, each is the page's own
    (game, deck, back image...) or refused by name; never taken for, nor hiding, an option."""
    for name in sorted(PAGE_NAMES - {"game", "deck", "csrf", "back_image", "page_lang", "switches"}):
        r = client.post(route, json={"game": "hectoedra", name: "1-40"})
        assert r.status_code == 400 and name in r.json()["fields"], (name, r.text)


# ---------------------------------------------------------------- a value is applied or refused, never dropped


@pytest.fixture
def asked(client):
    """What each job of the page was asked (no job runs)."""
    from deckgen.web.jobs import Job

    seen = []

    def submit(kind, request, client_="", lang="en"):
        seen.append(request)
        return Job("x", kind, request, Path("."), 0)

    client.app.state.manager.submit = submit
    return seen


def upload(client, text: str = 'game = "multiplicats"\n[options]\ntables = "1-3"\n') -> str:
    r = client.post("/api/upload?name=mine.toml", content=text.encode(), headers={"content-type": "application/toml"})
    assert r.status_code == 200, r.text
    return r.json()["deck"]


OTHER = {"players": "3", "seed": "7", "lang": "en", "paper": "letter", "shop": "tgc", "card_size": "bridge", "bleed": "3",
         "backs": "none", "ink": "low", "formats": "sheets,png", "dpi": "150", "colour": "cmyk", "back_offset": "1,1",
         "help_card": "false", "games": "40", "skill_games": "2"}  # a value other than the default, for each setting


@pytest.mark.parametrize("action", ["build", "check"])
@pytest.mark.parametrize("uploaded", [False, True])
def test_every_setting_sent_is_applied_or_refused_never_dropped(client, asked, action, uploaded):
    """Issue 37, case 4: an uploaded deck's paper, backs and help card were accepted (202) and dropped.
    Now, for a game and for an uploaded deck, every common setting is either in the request the job
    gets (and so in its spec) or refused by name."""
    base = {"deck": upload(client)} if uploaded else {"game": "multiplicats"}
    command = "build" if action == "build" else "validate"
    assert set(OTHER) == {r.name for r in SHARED.values() if r.kind != "image"}
    for row in SHARED.values():
        if row.kind == "image":
            continue
        value = OTHER[row.name]
        asked.clear()
        r = client.post(f"/api/{action}", json={**base, row.name: value})
        if command in row.commands:
            assert r.status_code == 202, (row.name, r.text)
            assert dict(asked[0].common).get(row.name) == value, row.name
        else:
            assert r.status_code == 400 and r.json()["fields"] == {row.name: f"{row.flag} is not an option of deckgen {command}"}


def test_an_uploaded_deck_with_the_pages_print_settings_builds_as_deckgen_build_file(client, tmp_path, capsys):
    text = 'game = "hectoedra"\n[options]\ncards = "1-40"\n[print]\nbacks = "separate"\n'
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    words = ["--paper", "letter", "--backs", "none", "--no-help-card", "--lang", "en"]
    code, _, err = run(capsys, "build", tmp_path / "mine.toml", *words, "--out", tmp_path / "cli", "--quiet")
    assert code == 0, err
    token = upload(client, text)
    r = client.post("/api/build", json={"deck": token, "paper": "letter", "backs": "none", "help_card": "false", "lang": "en"})
    assert r.status_code == 202, r.text
    final = events(client, r.json()["id"])[-1][1]
    assert final["state"] == "done", final["error"]
    for name in final["result"]["files"]:
        assert client.get(f"/api/jobs/{final['id']}/files/{name}").content == (tmp_path / "cli" / name).read_bytes(), name
    assert final["result"]["argv"][:2] == ["build", "mine.toml"]


# ---------------------------------------------------------------- print shops: every file, no folder as a file


SHOPS = [("mpc", {}, "upload them to MakePlayingCards"), ("tgc", {"formats": "png,tts"}, "The Game Crafter"),
         ("dtc", {}, "with bleed and TrimBox"), ("mpc", {"formats": "sheets,png", "backs": "separate"}, "MakePlayingCards")]


@pytest.mark.parametrize("shop, more, named", SHOPS)
def test_a_shops_build_lists_serves_and_advises_only_the_files_it_wrote(client, shop, more, named):
    """Issue 37, case 2: for The Game Crafter and MakePlayingCards the ZIP held an empty png/ entry, the
    png link answered 500 (a folder served as a file), and the page spoke of a cards.pdf that does
    not exist, with duplex advice. Every shop, and a shop with sheets asked for too."""
    r = client.post("/api/build", json={"game": "hectoedra", "cards": "1-3", "shop": shop, "lang": "en", **more})
    final = finish(client, r.json()["id"])
    assert final["state"] == "done", final["error"]
    result, job = final["result"], final["id"]
    files = set(result["files"])
    folders = {f.split("/")[0] for f in files if "/" in f}
    assert not {f for f in files if f.endswith("/")} and not folders & files
    for folder in folders:  # was a 500: a folder served as a file
        for name in (folder, folder + "/"):
            assert client.get(f"/api/jobs/{job}/files/{name}").status_code == 404, name
    for f in files:
        assert client.get(f"/api/jobs/{job}/files/{f}").status_code == 200, f
    page = html.unescape(client.get(f"/jobs/{job}/result?lang=en").text)
    advice = page.split('id="advice"')[1].split("</div>")[0]
    said = set(re.findall(r"[\w./-]+\.(?:pdf|json|png|zip)\b", re.sub(r"<[^>]+>", " ", page)))
    wrote = files | {f.split("/")[-1] for f in files} | {result["zip_name"]}  # (a folder's note names its files by name)
    assert said <= wrote, said - wrote  # no file it did not write
    if "cards.pdf" not in files:
        assert "cards.pdf" not in page and "flip" not in advice and "duplex" not in advice  # no sheets: no duplex advice
    assert named in advice and page.count(named) == 1  # said once, in the advice, not again in the list
    import zipfile

    with zipfile.ZipFile(io.BytesIO(client.get(f"/api/jobs/{job}/zip").content)) as z:  # (the ZIP removes the files: last)
        assert sorted(z.namelist()) == sorted(files)  # no folder entries, no empty png/


def test_a_shops_one_card_a_page_pdf_is_announced_with_its_own_pages(client):
    p = client.post("/api/preview?lang=en", json={"game": "multiplicats", "tables": "1", "shop": "dtc"}).json()
    assert p["files"] == [{"name": "cards-one-per-page.pdf", "pages": 2 * (p["cards"] + p["help_cards"]), "sheets": 0, "files": 0}]
    assert "cards.pdf" not in p["counts"] and f"cards-one-per-page.pdf: {2 * (p['cards'] + p['help_cards'])} pages" in p["counts"]


# ---------------------------------------------------------------- the deck-file download


def test_the_deck_file_download_works_on_every_game_page_and_says_its_mistakes_beside_the_button(client):
    for game_id in GAME_IDS:  # the page sends its back-image field empty: was "unknown field 'back_image'" on every game
        r = client.post("/api/deckfile", data={"game": game_id, "back_image": "", "tables" if game_id == "multiplicats" else "seed": "2"})
        assert r.status_code == 200 and f'game = "{game_id}"' in r.text, (game_id, r.text)
    page = client.get("/games/mgc").text
    assert 'id="deckfile-error"' in page  # the download's mistakes are said beside its own button


def test_the_deck_file_keeps_the_pages_back_image_by_its_own_name(client):
    token = client.post("/api/backimage?name=dorso clase.png", content=png((900, 1200)), headers={"content-type": "image/png"}).json()
    assert token["name"] == "dorso clase.png"
    r = client.post("/api/deckfile", json={"game": "multiplicats", "back_image": token["back_image"]})
    assert r.status_code == 200 and 'back_image = "dorso clase.png"' in r.text


# ---------------------------------------------------------------- a back image judged at once, by its own name


def test_a_coarse_back_image_is_refused_beside_its_field_by_the_teachers_file_name(client):
    r = client.post("/api/backimage?name=mi dorso.png", content=png((200, 280)), headers={"content-type": "image/png"})
    assert r.status_code == 200  # a whole PNG; too coarse only for the card it is to cover:
    token = r.json()["back_image"]
    for route in ("/api/preview", "/api/build"):
        bad = client.post(route, json={"game": "multiplicats", "tables": "1", "back_image": token})
        assert bad.status_code == 400, route
        said = bad.json()["fields"]["back_image"]
        assert "mi dorso.png" in said and "150 dpi" in said and "backs/" not in said and token not in said
    # a mini card needs fewer pixels: the same image may do there
    assert client.post("/api/preview", json={"game": "multiplicats", "tables": "1", "back_image": token, "card_size": "20x28"}).status_code == 200


def test_what_is_not_a_usable_image_is_refused_at_upload_in_words(client):
    gif = io.BytesIO()
    Image.new("RGB", (900, 1200)).save(gif, format="GIF")
    for body, expected in ((gif.getvalue(), "GIF"), (b"\x89PNG\r\n\x1a\nnot really", "PNG or JPEG"), (png((7000, 10)), "6000")):
        r = client.post("/api/backimage?name=x.png", content=body, headers={"content-type": "image/png"})
        assert r.status_code == 400 and expected in r.json()["error"], r.text


# ---------------------------------------------------------------- long input never stalls the page


LONG = "x" * 60_000  # (httpx sends at most 65,536 characters of address; the real-server test sends more)


@pytest.mark.parametrize("path", [
    "/static/" + LONG, "/" + LONG, "/games/" + LONG, "/decks/" + LONG, "/jobs/" + LONG, "/jobs/" + LONG + "/result",
    "/api/jobs/" + LONG, "/api/jobs/" + LONG[:30_000] + "/files/" + LONG[:30_000], "/api/games/" + LONG + "/sample.png",
    "/games/mgc?lang=" + LONG, "/games/mgc?coefficients=" + LONG, "/login?next=/" + LONG, "/?lang=es&" + LONG,
])
def test_a_long_address_is_answered_at_once_and_not_echoed_whole(client, path):
    short = path.replace(LONG[:30_000], "x").replace(LONG, "x")
    client.get(short)  # the same route warmed (a game page draws its preview: seconds, cold)
    start = time.monotonic()
    client.get(short)
    usual = time.monotonic() - start
    start = time.monotonic()
    r = client.get(path)
    assert time.monotonic() - start < 2.0 + 2 * usual
    assert r.status_code < 500 and len(r.content) < 200_000
    assert LONG[:1000] not in r.text


def test_long_form_values_and_names_are_bounded_in_every_message(client):
    for form in ({"game": LONG}, {"game": "mgc", LONG: "1"}, {"game": "mgc", "coefficients": "1-" + "9" * 60_000},
                 {"game": "hectoedra", "start_tie": "z" * 60_000}):
        start = time.monotonic()
        r = client.post("/api/preview", json=form)
        assert time.monotonic() - start < 2.0 and r.status_code in (400, 413)
        assert len(r.text) < 5_000


@pytest.mark.parametrize("header, value", [
    ("accept-language", "es;q=0.9," * 6000), ("accept-language", LONG), ("cookie", "a=" + LONG), ("referer", "http://127.0.0.1/" + LONG),
    ("origin", "http://" + LONG), ("content-type", "application/json; charset=" + LONG), ("x-csrf-token", LONG), ("host", LONG),
])
def test_a_long_header_of_any_kind_is_answered_at_once_and_not_echoed_whole(client, header, value):
    client.get("/")
    client.post("/api/preview", json={"game": "mgc"})  # warmed: a cold preview draws its cards (seconds)
    for method, path, body in (("GET", "/", None), ("POST", "/api/preview", {"game": "mgc"})):
        start = time.monotonic()
        r = client.request(method, path, json=body, headers={header: value})
        assert time.monotonic() - start < 2.0 and r.status_code < 500, (method, path, r.status_code)
        assert LONG[:1000] not in r.text and value[:2000] not in r.text


def test_a_long_address_on_a_real_server_holds_up_no_other_client(tmp_path):
    """Issue 37: an 8,000-character path took 8 s and held every client as long (100,000: minutes).
    Through /static/ and without the password, on the real server, while a second client asks."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--jobs", "1", "--quiet",
                             "--host", "127.0.0.1", "--password", "a long password"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:
            try:
                httpx.get(url + "/login", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.3)
        times = {}

        def ask(name, path):
            start = time.monotonic()
            try:
                httpx.get(url + path, timeout=30)
            except httpx.HTTPError:
                pass
            times[name] = time.monotonic() - start

        def ask_raw(name, path):  # more than httpx sends: on the socket
            start = time.monotonic()
            with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
                try:
                    while s.recv(65536):
                        pass
                except OSError:
                    pass
            times[name] = time.monotonic() - start

        long = threading.Thread(target=ask_raw, args=("long", "/static/" + "%C3%A9" * 20_000 + "x" * 100_000))
        long.start()
        time.sleep(0.05)
        ask("other", "/login")
        long.join(timeout=30)
        assert times["other"] < 2.0 and times["long"] < 5.0, times
    finally:
        proc.terminate()
        proc.wait(timeout=30)


# ---------------------------------------------------------------- lone surrogates and the security headers


@pytest.mark.parametrize("body", [
    b'{"\\ud800": "x"}', b'{"game": "\\udfff"}', b'{"game": "mgc", "tables\\ud800": "1"}', b'"\\ud800"', b'{"game": ["\\ud800"]}',
])
def test_a_lone_surrogate_anywhere_in_json_is_a_400_in_words(client, body):
    for route in ("/api/preview", "/api/build", "/api/check", "/api/deckfile"):
        r = client.post(route, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400, (route, body, r.text)
        assert r.headers["content-security-policy"] and r.json()["error"]


def test_a_lone_surrogate_in_an_address_a_name_or_a_form_is_never_a_500(client):
    token = client.app.state.access.csrf
    for r in (
        client.get("/games/mgc?lang=%ED%A0%80&coefficients=%ED%A0%80"),
        client.get("/games/%ED%A0%80"),
        client.post("/api/upload?name=%ED%A0%80.toml", content=b'game = "mgc"\n', headers={"content-type": "application/toml"}),
        client.post("/api/backimage?name=%ED%A0%80.png", content=png((900, 1200)), headers={"content-type": "image/png"}),
        client.post("/build", content=b"game=mgc&coefficients=%ED%A0%80&csrf=" + token.encode(),
                    headers={"content-type": "application/x-www-form-urlencoded"}),
        client.get("/login?next=%ED%A0%80"),
    ):
        assert r.status_code < 500 and r.headers["x-content-type-options"] == "nosniff", (r.status_code, r.text[:300])


def test_a_fault_of_the_server_is_a_500_in_words_with_the_security_headers(client, monkeypatch):
    from deckgen.web import app as web

    def broken(*a, **k):
        raise RuntimeError("a fault")

    monkeypatch.setattr(web, "make_preview", broken)
    for lang, words in (("es", "el servidor no pudo responder"), ("en", "the server failed to answer")):
        r = client.post(f"/api/preview?lang={lang}", json={"game": "mgc"})
        assert r.status_code == 500 and words in r.json()["error"] and "Traceback" not in r.text
        assert r.headers["content-security-policy"] and r.headers["x-frame-options"] == "DENY"
    page = client.get("/games/mgc")  # the game page draws its preview too: the same fault
    assert page.status_code == 500 and "<html" in page.text and page.headers["content-security-policy"]


def test_uvicorns_own_refusals_and_the_raw_answers_carry_the_security_headers(tmp_path):
    import uvicorn

    from deckgen.web.app import Settings, create_app
    from deckgen.web.server import server_config

    settings = Settings(root=tmp_path, jobs=1, header_timeout=1.0, max_connections=2)
    port = free_port()
    server = uvicorn.Server(server_config(create_app(settings), settings, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline
            time.sleep(0.05)

        def raw(data: bytes, wait: float = 5.0) -> bytes:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                if data:
                    s.sendall(data)
                s.settimeout(wait)
                out = b""
                try:
                    while chunk := s.recv(65536):
                        out += chunk
                except socket.timeout:
                    pass
                return out

        for answer, status in ((raw(b"NOT HTTP AT ALL\r\n\r\n"), b"400"), (raw(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"), b"408")):
            head = answer.split(b"\r\n\r\n")[0].lower()
            assert head.startswith(b"http/1.1 " + status) and b"content-security-policy" in head and b"x-frame-options" in head, answer
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        try:
            answer = raw(b"")
            head = answer.split(b"\r\n\r\n")[0].lower()
            assert head.startswith(b"http/1.1 429") and b"content-security-policy" in head, answer
        finally:
            for s in held:
                s.close()
    finally:
        server.should_exit = True
        thread.join(timeout=15)


# ---------------------------------------------------------------- forwarding headers


FORWARDED = ({"x-forwarded-for": "10.9.8.{n}"}, {"forwarded": "for=10.9.8.{n}"}, {"x-real-ip": "10.9.8.{n}"},
             {"x-forwarded-for": "10.9.8.{n}", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example"})


@pytest.mark.parametrize("proxy", [None, "127.0.0.1"])
def test_no_forwarding_header_is_believed_unless_the_teacher_names_the_proxy(tmp_path, proxy):
    """Issue 37: uvicorn believed X-Forwarded-For from 127.0.0.1, so a program on this computer got
    round the password's lockout (and the per-address bounds) by naming a new address each time."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    extra = ["--proxy", proxy] if proxy else []
    proc = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--jobs", "1", "--quiet",
                             "--password", "the right password", *extra],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:
            try:
                page = httpx.get(url + "/login", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.3)
        token = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
        statuses = []
        for n in range(12):
            headers = {k: v.format(n=n) for k, v in FORWARDED[n % len(FORWARDED)].items()}
            r = httpx.post(url + "/login", data={"password": "wrong one", "csrf": token}, headers=headers, timeout=10)
            statuses.append(r.status_code)
        if proxy is None:  # one address: locked out after 10 wrong tries, whatever the headers say
            assert statuses[:10] == [401] * 10 and statuses[10:] == [429, 429], statuses
        else:  # the named proxy is believed: each forwarded address has its own tries
            assert 429 not in statuses, statuses
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_proxy_that_is_not_an_address_is_refused(capsys):
    code, _, err = run(capsys, "serve", "--proxy", "my-router", "--port", free_port())
    assert code == 2 and "--proxy 'my-router'" in err


# ---------------------------------------------------------------- stopping


def start_server(tmp_path: Path, port: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    return subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--jobs", "1", "--quiet"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def wait_up(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games/mgc/sample.png", timeout=5)
            return
        except httpx.HTTPError:
            assert time.monotonic() < deadline and proc.poll() is None, "the server did not start"
            time.sleep(0.2)


def group(pgid: int) -> list[int]:
    """The live (not zombie) processes of a process group."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            out.append(int(entry.name))
    return out


def group_ends(pgid: int, within: float = 10.0) -> list[int]:
    """The processes of a group still alive ``within`` seconds from now (a child the signal reached
    as well may end a few milliseconds after the server: that is not one left behind)."""
    deadline = time.monotonic() + within
    while (alive := group(pgid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive


def slow_check(port: int) -> str:
    r = httpx.post(f"http://127.0.0.1:{port}/api/check", json={"game": "multiplicats", "games": "1000000"}, timeout=30)
    assert r.status_code == 202, r.text
    return r.json()["id"]


def at_work(port: int, job_id: str, timeout: float = 60) -> None:
    """Wait until the job's own process runs: it has sent its first progress (was a fixed 2 s sleep)."""
    deadline = time.monotonic() + timeout
    while not httpx.get(f"http://127.0.0.1:{port}/api/jobs/{job_id}", timeout=30).json().get("progress"):
        assert time.monotonic() < deadline, "the job never reported its progress"
        time.sleep(0.1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups read from /proc")
def test_a_server_stopped_or_killed_in_any_way_leaves_no_process_and_no_folder(tmp_path):
    """Ctrl-C in the first moment of a fresh server's first job (it took 38 s and left the job's
    folder); a closed terminal (SIGHUP to the whole group: two tracebacks); kill -9 (the job, the
    forkserver and the resource tracker lived on); and the next start removes what a killed server
    left, and only that."""
    # Ctrl-C while the first job is starting
    port = free_port()
    proc = start_server(tmp_path, port)
    wait_up(port, proc)
    slow_check(port)
    start = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C reaches every process of the terminal's group
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - start < 15 and proc.returncode == 130 and b"Traceback" not in err, err
    assert not group_ends(proc.pid) and not list(tmp_path.glob("deckgen-web-*"))

    # the terminal closed: SIGHUP to every process of the group
    port = free_port()
    proc = start_server(tmp_path, port)
    wait_up(port, proc)
    at_work(port, slow_check(port))
    os.killpg(proc.pid, signal.SIGHUP)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 129 and b"Traceback" not in err and err.decode().strip().endswith("error: hung up (SIGHUP)"), err
    assert not group_ends(proc.pid) and not list(tmp_path.glob("deckgen-web-*"))

    # kill -9 while a job runs: every process of its group ends with it
    port = free_port()
    proc = start_server(tmp_path, port)
    wait_up(port, proc)
    at_work(port, slow_check(port))
    assert len(group(proc.pid)) >= 3  # the server, the forkserver, the tracker (and the job)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert not group_ends(proc.pid)
    left = list(tmp_path.glob("deckgen-web-*"))
    assert len(left) == 1  # what it could not remove ...
    other = tmp_path / "deckgen-web-not-ours"
    other.mkdir()  # ... beside a folder without deckgen's marker, and one of a server still running
    alive = tmp_path / "deckgen-web-alive"
    alive.mkdir()
    (alive / ".deckgen-server").write_text(f"{os.getpid()}\n")
    port = free_port()
    proc = start_server(tmp_path, port)
    wait_up(port, proc)
    try:
        assert not left[0].exists() and other.is_dir() and alive.is_dir()  # only the dead server's went
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)


# ---------------------------------------------------------------- words and layout


def test_a_range_typed_with_a_dash_of_print_is_read_on_both_faces(client, capsys, tmp_path):
    """`1–6` as the preview and the rulebooks print it (en dash), `−3–3` with a minus sign."""
    for game, name, typed, plain in (("multiplicats", "tables", "1–6", "1-6"), ("mgc", "coefficients", "−3–3", "-3-3"),
                                     ("hectoedra", "cards", "1—20", "1-20")):
        flag = "--" + name
        got = client.post("/api/preview", json={"game": game, name: typed})
        want = client.post("/api/preview", json={"game": game, name: plain})
        assert got.status_code == 200 and got.json()["cards"] == want.json()["cards"], got.text
        assert run(capsys, "build", game, flag, typed, "--out", tmp_path / game, "--quiet")[0] == 0


def test_every_dropdown_of_every_page_shows_words_not_values(client):
    """Issue 37: Hectoedra's youngest/random and Maestras' all/links/off showed as raw values."""
    for game_id in GAME_IDS:
        for lang in ("es", "en"):
            page = html.unescape(client.get(f"/games/{game_id}?lang={lang}").text)
            for value, shown in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', page):
                assert shown.strip() and shown.strip() != value, (game_id, lang, value)
    hecto = html.unescape(client.get("/games/hectoedra?lang=es").text)
    assert ">El jugador más joven, primero el asiento 0 (youngest)</option>" in hecto
    maestras = html.unescape(client.get("/games/maestras?lang=en").text)
    assert ">The cards that link, not the masters (links)</option>" in maestras


def test_without_javascript_the_game_page_shows_its_preview(client):
    page = html.unescape(client.get("/games/multiplicats?lang=es&tables=2,5,10").text)
    counts = re.search(r'<p id="counts"[^>]*>([^<]*)</p>', page).group(1)
    assert counts == "63 cartas (más 2 cartas de ayuda) · cards.pdf: 8 hojas (16 páginas, 9 cartas por hoja)"
    assert page.count('<button type="button" class="card"') == 9 and "Preparando" not in page.split('id="preview-status"')[1][:80]
    bad = html.unescape(client.get("/games/multiplicats?lang=es&tables=0").text)  # a bad address: its mistake, beside its field
    assert re.search(r'data-error-for="tables">error: [^<]+', bad)


def test_the_login_page_says_where_the_password_comes_from_in_plain_words(make_client):
    for made_up, es, en in ((True, "apareció en la ventana", "appeared in the window"), (False, "se eligió para ella", "chosen for it")):
        c = make_client(password="a good password", password_made_up=made_up)
        for lang, words in (("es", es), ("en", en)):
            page = html.unescape(c.get(f"/login?lang={lang}").text)
            assert words in page and "`" not in page.split("<main>")[1]
        assert "mostró" not in html.unescape(c.get("/login?lang=es").text)


def test_the_time_left_comes_from_the_pace_of_the_finished_stages():
    """Issue 37: early in a check the time left read about 3 times too long: each player count's
    bar counts to its most games (400), but stops once its figures are settled (about 120)."""
    from deckgen.web.jobs import Job

    job = Job("x", "check", None, Path("."), 0, state="running", plan=8)
    job.started = 0.0
    # 8 stages (4 player counts, and the default deck's), one after another, each 30 s, stopping at 120 of 400
    def at(t: float) -> float | None:
        job.parts.clear()
        for i in range(8):
            begin = 30 * i
            if t >= begin + 30:
                job.parts[f"s{i}"] = (120, 120)
            elif t > begin:
                job.parts[f"s{i}"] = (int(120 * (t - begin) / 30) // 40 * 40, 400)
        return job.left(now=t)

    assert at(20) is None  # before a stage has finished, nothing says where the others stop
    for t in (45, 60, 100, 150, 200):
        truth = 240 - t
        assert abs(at(t) - truth) <= 0.35 * truth + 10, (t, at(t), truth)


def test_a_check_says_how_many_games_it_played(client):
    r = client.post("/api/check?lang=en", json={"game": "multiplicats", "tables": "1-3", "games": "40", "players": "3"})
    final = finish(client, r.json()["id"])
    assert final["state"] == "done", final["error"]
    page = html.unescape(client.get(f"/jobs/{final['id']}/result?lang=en").text)
    played = final["result"]["key"]["games"]
    assert f"Simulated games at each player count: {played[0]}" in page
    form = html.unescape(client.get("/games/multiplicats?lang=en").text)
    assert "The most games the check plays at each player count" in form and "from 80 games on" in form


@pytest.mark.parametrize("limit, en, es", [(120, "after 2 minutes", "al cabo de 2 minutos"), (60, "after 1 minute", "al cabo de 1 minuto"),
                                           (90, "after 90 seconds", "al cabo de 90 segundos")])
def test_the_check_says_what_bounds_it_on_this_server(make_client, limit, en, es):
    """A 1,000,000-game check is accepted (the command line's bound): the page says what stops it here."""
    c = make_client(time_limit=limit)
    for lang, words in (("en", en), ("es", es)):
        page = html.unescape(c.get(f"/games/multiplicats?lang={lang}").text)
        said = re.search(r'<p class="note" id="check-limit">([^<]+)</p>', page).group(1)
        assert words in said and "--time-limit" in said, said


def test_a_server_open_to_the_network_prints_where_other_computers_open_it(monkeypatch, capsys):
    import uvicorn

    from deckgen.web import server

    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)
    monkeypatch.setattr(server, "network_addresses", lambda host, port: [f"http://192.168.1.20:{port}/"])
    port = free_port()
    code, out, err = run(capsys, "serve", "--host", "0.0.0.0", "--port", port)
    assert code == 130
    assert f"other computers on the network open: http://192.168.1.20:{port}/" in out and "0.0.0.0" not in out
    assert all(not a.startswith(("http://127.", "http://0.0.0.0")) for a in server.network_addresses("0.0.0.0", port))


@pytest.mark.parametrize("address", ["http://192.168.1.20:8000/", "http://[fe80::1]:8765/", "http://10.0.0.255:65535/"])
def test_the_start_page_shows_a_qr_code_a_phone_reads_as_the_address(make_client, address):
    """Issue 37: a server open to the network says where other computers open it; a QR code of each
    address lets a pupil's phone open it. Drawn from the page's own SVG, then read by a QR decoder."""
    zxingcpp = pytest.importorskip("zxingcpp") if not os.environ.get("CI") else __import__("zxingcpp")
    c = make_client(addresses=(address,))
    page = c.get("/?lang=es").text
    svg = re.search(r'<svg [^>]*class="qr"[^>]*>.*?</svg>', page, re.S).group(0)
    assert f'aria-label="Código QR de {html.escape(address)}"' in svg
    n = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    scale = 8
    img = Image.new("L", (n * scale, n * scale), 255)
    from PIL import ImageDraw

    draw = ImageDraw.Draw(img)
    squares = re.findall(r"M(\d+) (\d+)h1v1h-1z", re.search(r'<path d="([^"]+)"', svg).group(1))
    assert squares and all(4 <= int(x) < n - 4 and 4 <= int(y) < n - 4 for x, y in squares)  # the quiet zone stays light
    for x, y in squares:
        draw.rectangle([int(x) * scale, int(y) * scale, (int(x) + 1) * scale - 1, (int(y) + 1) * scale - 1], fill=0)
    found = zxingcpp.read_barcodes(img)
    assert [b.text for b in found] == [address]
    assert 'class="qr"' not in make_client().get("/").text  # a server on this computer only: no address, no code
