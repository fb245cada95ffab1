"""Hostile requests to the web page, through Starlette's TestClient: reflected markup, other sites'
writes (CSRF), other host names (DNS rebinding), evicting uploads, range requests, broken and
oversized bodies, and the shared-password login. Each case of issue 28, and the class around it.

The socket-level bounds (slow headers and bodies, connections per client) and Ctrl-C are in
test_hostile_socket.py."""

from __future__ import annotations

import html
import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from web.webtools import finish

TEMPLATES = Path(__file__).resolve().parents[2] / "deckgen" / "web" / "templates"
XSS = ["<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "\"><svg onload=alert(1)>", "'><iframe src=javascript:alert(1)>"]


def bare(page, **kw) -> TestClient:
    """A client of the same app that is not the page: no CSRF token (``client=``: its own address)."""
    kw.setdefault("base_url", "http://127.0.0.1")
    return TestClient(page.app, **kw)


def no_jobs(client) -> bool:
    return not client.app.state.manager.jobs


# ---------------------------------------------------------------- escaped output


@pytest.mark.parametrize("payload", XSS)
@pytest.mark.parametrize("where", ["/{}", "/games/{}", "/decks/{}", "/games/{}?lang=en", "/?lang={}"])
def test_markup_in_the_url_comes_back_escaped(client, payload, where):
    from urllib.parse import quote

    r = client.get(where.format(quote(payload, safe="")))
    assert r.status_code in (200, 404) and r.headers["content-type"].startswith("text/html")
    assert payload not in r.text and "<script>alert" not in r.text and "onerror=" not in r.text.replace("onerror=&#34;", "")
    if where in ("/{}", "/games/{}"):  # these pages name the path they did not find: escaped
        assert r.status_code == 404 and "&lt;" in r.text


def test_every_template_is_autoescaped(client):
    env = client.app.state.pages.env
    names = sorted(p.name for p in TEMPLATES.glob("*.j2"))
    assert "error.html.j2" in names and "base.html.j2" in names
    for name in names:
        assert env.autoescape is True or env.autoescape(name), name
    out = env.get_template("error.html.j2").render(t={}, lang="es", status=400, message="<b>x</b>", csrf_token="t")
    assert "&lt;b&gt;x&lt;/b&gt;" in out and "<b>x</b>" not in out


def test_markup_in_an_uploaded_file_name_and_deck_is_escaped(client):
    body = 'game = "multiplicats"\n[options]\ntables = "1-3"\n'
    r = client.post("/api/upload?name=<script>alert(1)<%2Fscript>.toml", content=body.encode(), headers={"content-type": "application/toml"})
    assert r.status_code == 200
    page = client.get(r.json()["url"])
    assert page.status_code == 200 and "<script>alert(1)" not in page.text


def test_no_template_needs_inline_script_style_or_handlers():
    """The Content-Security-Policy allows scripts and styles from the server's own files only: a
    template with an inline script, a style attribute or an on* handler would break under it."""
    for path in TEMPLATES.glob("*.j2"):
        text = path.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag or 'type="application/json"' in tag, (path.name, tag)
        assert not re.search(r"\son[a-z]+\s*=", text), path.name
        assert not re.search(r"\sstyle\s*=", text), path.name
        assert "<style" not in text, path.name


# ---------------------------------------------------------------- headers on every answer


def test_every_answer_carries_the_security_headers(client):
    answers = [
        client.get("/"), client.get("/games/mgc"), client.get("/nope"), client.get("/static/app.js"), client.get("/api/jobs/x"),
        client.post("/api/build", json={"game": "nope"}), client.get("/", headers={"host": "evil.example"}),
        client.get("/api/games/mgc/sample.png"),
    ]
    for r in answers:
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "default-src 'none'" in csp, r.url
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "same-origin"  # no referrer to other sites; a real Origin on own forms


# ---------------------------------------------------------------- the Host allow-list (DNS rebinding)


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil.example",
                                  "10.0.0.5", "[::2]:8000", "example.com:80", "attacker", "127.0.0.1:80@evil.example",
                                  "localhost:evil", "[::1]evil", "127.0.0.1 evil.example", "[::1", "[::1:8000", "[localhost]", "[127.0.0.1]:8000", "127.0.0.1:99999", "localhost:65536", "[::1]:123456",
                                  "127.0.0.1:\u0668\u0660".encode(), "localhost:\u00b2".encode()])
def test_other_host_names_are_refused(client, host):
    for r in (client.get("/", headers={"host": host}), client.post("/api/build", json={"game": "mgc"}, headers={"host": host})):
        assert r.status_code == 400
        # the API speaks English unless asked; the page is Spanish (the site's language) unless asked
        assert ("does not answer to the host name" in r.json()["error"] if r.url.path.startswith("/api")
                else "no responde al nombre" in html.unescape(r.text))
    assert no_jobs(client)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost:8000", "LOCALHOST", "localhost.", "[::1]:8000", "localhost:65535", "127.0.0.1:0"])
def test_loopback_host_names_are_answered(client, host):
    assert client.get("/", headers={"host": host}).status_code == 200


def test_the_host_given_with_host_and_allow_host_are_answered(make_client):
    c = make_client(host="deckgen.school.lan", allowed_hosts=("printer-room",))
    assert c.get("/", headers={"host": "deckgen.school.lan:8000"}).status_code == 200
    assert c.get("/", headers={"host": "printer-room"}).status_code == 200
    assert c.get("/", headers={"host": "evil.example"}).status_code == 400
    assert c.get("/", headers={"host": "192.168.1.20"}).status_code == 400  # an address only on every-address servers


def test_on_every_address_any_ip_address_is_answered_but_no_other_name(make_client):
    c = make_client(host="0.0.0.0", password="correct horse")
    assert c.get("/login", headers={"host": "192.168.1.20:8000"}).status_code == 200
    assert c.get("/login", headers={"host": "[fe80::1]:8000"}).status_code == 200
    assert c.get("/login", headers={"host": "rebind.evil.example:8000"}).status_code == 400


# ---------------------------------------------------------------- same-origin writes (CSRF)

FORM = {"game": "multiplicats", "tables": "1"}


@pytest.mark.parametrize("path", ["/api/build", "/api/check", "/api/preview", "/api/deckfile"])
@pytest.mark.parametrize("headers", [
    {"origin": "http://evil.example"},
    {"origin": "null"},
    {"origin": "http://127.0.0.1:9999"},  # another server on this computer is another origin
    {"origin": "http://localhost"},  # the same server under another name is another origin too
    {"sec-fetch-site": "cross-site"},
    {"sec-fetch-site": "same-site"},
    {"origin": "http://evil.example", "sec-fetch-site": "cross-site"},
    # a browser that sends neither Origin nor Sec-Fetch-Site (Firefox before 70 on a form's POST) still
    # names the page that sent it
    {"referer": "http://evil.example/page.html"},
    {"referer": "http://127.0.0.1:9999/"},
    {"referer": "http://127.0.0.1.evil.example/"},
])
def test_a_write_from_another_origin_is_refused_even_with_the_token(client, path, headers):
    r = client.post(path, data=FORM, headers=headers)  # the page's token is sent: the origin alone refuses it
    assert r.status_code == 403 and "may not change anything here" in r.json()["error"]
    r = client.post(path, json=FORM, headers=headers)
    assert r.status_code == 403
    assert no_jobs(client)


def test_the_pages_own_referer_passes_and_origin_or_sec_fetch_site_outrank_it(client):
    for headers in ({"referer": "http://127.0.0.1/games/multiplicats?lang=es"}, {"referer": "HTTP://127.0.0.1/"},
                    {"origin": "http://127.0.0.1", "referer": "http://127.0.0.1/games/hectoedra"},
                    {"sec-fetch-site": "same-origin", "referer": "http://127.0.0.1/"}):
        assert client.post("/api/preview", json={"game": "multiplicats", "tables": "2"}, headers=headers).status_code == 200, headers
    r = client.post("/api/preview", json={"game": "multiplicats"}, headers={"referer": "http://evil.example/x"})
    assert r.status_code == 403 and r.json()["error"] == (
        "a request from another origin (http://evil.example) may not change anything here; use the page itself")


@pytest.mark.parametrize("path", ["/api/build", "/api/check", "/api/preview", "/api/deckfile"])
def test_a_form_without_the_pages_token_is_refused(client, path):
    """What a cross-origin HTML form sends (no Origin in an old browser): urlencoded, no token."""
    other = bare(client)
    for kw in ({"data": FORM}, {"data": {**FORM, "csrf": "guess"}}, {"data": FORM, "headers": {"x-csrf-token": "guess"}}):
        r = other.post(path, **kw)
        assert r.status_code == 403 and "CSRF token" in r.json()["error"], kw
    for kind in ("text/plain", "multipart/form-data; boundary=x", "application/xml"):
        r = other.post(path, content=b"game=multiplicats", headers={"content-type": kind})
        assert r.status_code == 415 and kind.split(";")[0] in r.json()["error"]
    assert no_jobs(client)


def test_the_pages_own_writes_work_with_its_token_or_json(client):
    page = client.get("/games/multiplicats").text
    token = re.search(r'<meta name="csrf-token" content="([^"]+)">', page).group(1)
    assert f'name="csrf" value="{token}"' in page  # the form carries it too, for a post without JavaScript
    other = bare(client)
    same = {"origin": "http://127.0.0.1", "sec-fetch-site": "same-origin"}
    assert other.post("/api/preview", data={**FORM, "csrf": token}, headers=same).status_code == 200
    assert other.post("/api/preview", data=FORM, headers={"x-csrf-token": token, **same}).status_code == 200
    assert other.post("/api/preview", json=FORM).status_code == 200  # JSON: another site cannot send it unasked
    r = client.post("/api/build", json=FORM, headers=same)
    assert r.status_code == 202 and finish(client, r.json()["id"])["state"] == "done"


def test_an_upload_needs_a_deck_file_type_or_the_token(client):
    other = bare(client)
    body = b'game = "multiplicats"\n'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        r = other.post("/api/upload", content=body, headers={"content-type": kind} if kind else {})
        assert r.status_code == 415 and "application/toml" in r.json()["error"], kind
    assert other.post("/api/upload", content=body, headers={"content-type": "text/plain", "origin": "http://evil.example"}).status_code == 403
    assert not client.app.state.uploads
    assert other.post("/api/upload", content=body, headers={"content-type": "application/toml"}).status_code == 200
    assert client.post("/api/upload", content=body, headers={"content-type": "text/plain"}).status_code == 200  # the page's token


def test_ids_and_tokens_are_96_bit_random(client):
    ids = {client.post("/api/check", json={"game": "multiplicats", "tables": "1", "games": "1"}).json()["id"] for _ in range(5)}
    body = b'game = "multiplicats"\n'
    ids |= {client.post("/api/upload", content=body, headers={"content-type": "application/toml"}).json()["deck"] for _ in range(5)}
    assert len(ids) == 10
    for i in ids:
        assert re.fullmatch(r"[A-Za-z0-9_-]{16}", i)  # 12 random bytes, base64url
    assert client.get("/api/jobs/AAAAAAAAAAAAAAAA").status_code == 404


# ---------------------------------------------------------------- uploads: one client never evicts another


def test_one_clients_uploads_never_evict_anothers(client):
    body = b'game = "multiplicats"\n'
    kind = {"content-type": "application/toml"}
    teacher = bare(client, client=("10.0.0.2", 50000))
    mine = teacher.post("/api/upload", content=body, headers=kind).json()["deck"]
    attacker = bare(client, client=("10.0.0.66", 50000))
    tokens = [attacker.post("/api/upload", content=body, headers=kind).json()["deck"] for _ in range(60)]
    assert teacher.get(f"/decks/{mine}").status_code == 200  # still there
    alive = [t for t in tokens if attacker.get(f"/decks/{t}").status_code == 200]
    assert alive == tokens[-20:]  # the attacker's own oldest made room for its newest


def test_the_server_wide_upload_bound_refuses_rather_than_evicts(make_client):
    c = make_client(max_uploads=3, uploads_per_client=2)
    body, kind = b'game = "multiplicats"\n', {"content-type": "application/toml"}
    first = [bare(c, client=(f"10.0.0.{i}", 1)).post("/api/upload", content=body, headers=kind) for i in (1, 2)]
    assert bare(c, client=("10.0.0.1", 1)).post("/api/upload", content=body, headers=kind).status_code == 200
    r = bare(c, client=("10.0.0.3", 1)).post("/api/upload", content=body, headers=kind)
    assert r.status_code == 429 and "uploaded deck files" in r.json()["error"]
    assert all(c.get(f"/decks/{f.json()['deck']}").status_code == 200 for f in first[1:])


def _png() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (900, 1200), "red").save(buf, format="PNG")  # sharp enough for a poker card
    return buf.getvalue()


def test_one_clients_back_images_never_evict_anothers(client):
    """Round 4: back images were evicted as uploads were before issue 28 (the 20 newest of all
    clients were kept): a neighbour sending 20 images pushed the teacher's out."""
    body, kind = _png(), {"content-type": "image/png"}
    teacher = bare(client, client=("10.0.0.2", 50000))
    mine = teacher.post("/api/backimage", content=body, headers=kind).json()["back_image"]
    attacker = bare(client, client=("10.0.0.66", 50000))
    tokens = [attacker.post("/api/backimage", content=body, headers=kind).json()["back_image"] for _ in range(30)]
    ok = client.post("/api/preview", json={"game": "multiplicats", "tables": "2", "back_image": mine})
    assert ok.status_code == 200, ok.text  # still there
    alive = [t for t in tokens if client.post("/api/preview", json={"game": "multiplicats", "tables": "2", "back_image": t}).status_code == 200]
    assert alive == tokens[-5:]  # the attacker's own oldest made room for its newest


def test_the_server_wide_back_image_bound_refuses_rather_than_evicts(make_client):
    c = make_client(max_images=3, images_per_client=2)
    body, kind = _png(), {"content-type": "image/png"}
    first = [bare(c, client=(f"10.0.0.{i}", 1)).post("/api/backimage", content=body, headers=kind) for i in (1, 2)]
    assert bare(c, client=("10.0.0.1", 1)).post("/api/backimage", content=body, headers=kind).status_code == 200
    r = bare(c, client=("10.0.0.3", 1)).post("/api/backimage", content=body, headers=kind)
    assert r.status_code == 429 and "back images" in r.json()["error"]
    for f in first[1:]:
        token = f.json()["back_image"]
        assert c.post("/api/preview", json={"game": "multiplicats", "tables": "2", "back_image": token}).status_code == 200


def test_one_client_may_hold_only_its_share_of_the_queue(tmp_path):
    import asyncio

    from deckgen.request import request_from_values
    from deckgen.web.jobs import Busy, JobManager

    req = request_from_values("mgc", {"games": "1000000"}, check=True)

    async def go():
        manager = JobManager(1, max_waiting=4, per_client=2, root=tmp_path)
        await manager.start()
        try:
            first = manager.submit("check", req, "10.0.0.7")
            await asyncio.sleep(0.1)
            assert first.state == "running"  # the rest wait behind it
            manager.submit("check", req, "10.0.0.7")
            manager.submit("check", req, "10.0.0.7")
            with pytest.raises(Busy) as err:
                manager.submit("check", req, "10.0.0.7")
            assert str(err.value) == "you already have 2 jobs waiting; wait for them to finish"
            manager.submit("check", req, "10.0.0.8")  # the others' half is still there
            assert manager.waiting() == 3
        finally:
            await manager.stop()

    asyncio.run(go())


def test_by_default_a_client_holds_at_most_half_the_queue():
    from deckgen.web.app import Settings

    assert Settings().waiting_per_client * 2 == Settings().max_waiting


def test_a_job_knows_the_client_that_asked_for_it(client):
    job = client.post("/api/check", json={"game": "multiplicats", "tables": "1", "games": "1"}).json()
    assert client.app.state.manager.jobs[job["id"]].client == "testclient"


# ---------------------------------------------------------------- downloads: a range never removes a build


def test_a_range_request_never_removes_the_build(client):
    job = client.post("/api/build", json={"game": "multiplicats", "tables": "1"}).json()
    assert finish(client, job["id"])["state"] == "done"
    url = f"/api/jobs/{job['id']}/zip"
    part = client.get(url, headers={"range": "bytes=0-10"})
    assert part.status_code == 206 and len(part.content) == 11
    assert client.get(url, headers={"range": "bytes=0-10,20-30"}).status_code == 206
    whole = client.get(url)
    assert whole.status_code == 200 and whole.content[:11] == part.content
    assert zipfile.ZipFile(io.BytesIO(whole.content)).testzip() is None
    gone = client.get(url)  # after one complete download its files are removed, and it says so
    assert gone.status_code == 410 and "removed" in gone.json()["error"]


# ---------------------------------------------------------------- bodies that are broken or too big


def test_json_nested_30000_deep_is_a_4xx_with_a_message(client):
    deep = b"[" * 30_000 + b"]" * 30_000
    for path in ("/api/build", "/api/check", "/api/preview", "/api/deckfile"):
        r = client.post(path, content=deep, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
    r = client.post("/api/build", content=b'{"tables": ' + b'{"":' * 12_000 + b"1" + b"}" * 12_001, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
    r = client.post("/api/build", json={"game": "multiplicats", "tables": [1, 2]})
    assert r.status_code == 400 and "tables: a value is text, a number, true or false" in r.json()["error"]
    assert no_jobs(client)


def test_huge_integers_are_a_4xx_with_a_message(client):
    big = "9" * 5000
    r = client.post("/api/build", content=f'{{"game": "multiplicats", "seed": {big}}}'.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 400 and "number too long" in r.json()["error"]
    r = client.post("/api/build", json={"game": "multiplicats", "seed": big})  # as text: the option says it is out of range
    assert r.status_code == 400 and r.json()["fields"].get("seed")
    for line, text in ((2, f'game = "multiplicats"\nseed = {big}\n'), (3, f'game = "multiplicats"\n[options]\ntables = [{big}]\n'),
                       (2, f'game = "multiplicats"\nplayers = {"1_" * 5000}1\n')):
        r = client.post("/api/upload", content=text.encode(), headers={"content-type": "application/toml"})
        assert r.status_code == 400, r.text
        problem = r.json()["problems"][0]
        assert problem["line"] == line and "too long to read (at most 4,300 digits)" in problem["message"]
    assert no_jobs(client)


def test_a_huge_integer_in_a_deck_file_is_one_line_on_the_command_line(capsys, tmp_path):
    from clirun import run

    deck = tmp_path / "deck.toml"
    deck.write_text('game = "multiplicats"\nseed = ' + "7" * 5000 + "\n", encoding="utf-8")
    code, _, err = run(capsys, "validate", deck)
    assert code == 2 and "deck.toml:2: not valid TOML: a number of 5,000 digits is too long to read" in err


def test_multipart_is_refused_naming_multipart(client):
    files = {"file": ("deck.toml", b'game = "mgc"\n', "application/toml")}
    for path in ("/api/build", "/api/check", "/api/preview"):
        r = client.post(path, data={"game": "mgc"}, files=files)
        assert r.status_code == 415 and r.json()["error"].startswith("multipart/form-data is not read here")
        assert "unknown game" not in r.json()["error"]


@pytest.mark.parametrize("n", [501, 5000])
def test_too_many_fields_say_so(client, n):
    body = "&".join(f"f{i}=1" for i in range(n)).encode()
    r = client.post("/api/build", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400 and r.json()["error"] == f"the form has {n:,} fields; at most 500 are read"
    r = client.post("/api/build", json={f"f{i}": 1 for i in range(n)})
    assert r.status_code == 400 and r.json()["error"] == f"the JSON object has {n:,} fields; at most 500 are read"


def test_500_fields_are_read_and_judged_by_name(client):
    body = "&".join(["game=multiplicats"] + [f"f{i}=1" for i in range(499)]).encode()
    r = client.post("/api/build", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400 and r.json()["error"].startswith("unknown fields 'f0', 'f1'") and "and 489 more" in r.json()["error"]


@pytest.mark.parametrize("path", ["/api/build", "/api/check", "/api/preview", "/api/deckfile"])
@pytest.mark.parametrize("send", ["data", "json"])
def test_unknown_keys_are_named_and_nothing_is_built(client, path, send):
    r = client.post(path, **{send: {"game": "multiplicats", "tabels": "1-6"}})
    assert r.status_code == 400
    assert r.json()["error"] == "unknown field 'tabels' (did you mean tables?)" and r.json()["fields"] == {"tabels": r.json()["error"]}
    assert no_jobs(client)


def test_unknown_keys_with_an_uploaded_deck_are_named(client):
    up = client.post("/api/upload", content=b'game = "multiplicats"\n', headers={"content-type": "application/toml"}).json()
    r = client.post("/api/check", json={"deck": up["deck"], "plyers": "3"})
    assert r.status_code == 400 and r.json()["error"] == "unknown field 'plyers' (did you mean players?)"


def test_broken_forms_name_their_problem(client):
    form = {"content-type": "application/x-www-form-urlencoded"}
    r = client.post("/api/build", content=b"game=multiplicats&tables=1&tables=2", headers=form)
    assert r.status_code == 400 and r.json()["error"] == "the field 'tables' is given twice"
    r = client.post("/api/build", content=b"game=\xff\xfe", headers=form)
    assert r.status_code == 400 and r.json()["error"] == "the form is not UTF-8 text"
    r = client.post("/api/build", content=b"game=%ff%fe", headers=form)
    assert r.status_code == 400 and "not UTF-8" in r.json()["error"]
    r = client.post("/api/build", content=b'{"game": "mgc", "game": "multiplicats"}', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "the field 'game' is given twice"
    r = client.post("/api/build", content=b'{"game": ', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("the request is not valid JSON")
    r = client.post("/api/build", content=b'["game"]', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON object" in r.json()["error"]
    r = client.post("/api/build", content=b"x" * 64_001, headers=form)
    assert r.status_code == 413
    assert no_jobs(client)


# ---------------------------------------------------------------- the shared password


def test_with_a_password_every_page_wants_the_login(make_client):
    c = make_client(password="correct horse")
    r = c.get("/games/mgc?lang=en", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/login?next=%2Fgames%2Fmgc%3Flang%3Den&lang=en"  # in the page's language
    assert c.get("/api/jobs/x").status_code == 401 and "log in first" in c.get("/api/jobs/x").json()["error"]
    assert c.post("/api/build", json=FORM).status_code == 401
    assert c.get("/static/app.css").status_code == 200  # the login page's own style
    login = c.get("/login")
    assert login.status_code == 200 and 'type="password"' in login.text
    token = c.app.state.access.csrf
    wrong = c.post("/login", data={"password": "wrong horse", "csrf": token, "next": "/games/mgc"}, follow_redirects=False)
    assert wrong.status_code == 401 and 'aria-invalid="true"' in wrong.text
    right = c.post("/login", data={"password": "correct horse", "csrf": token, "next": "/games/mgc"}, follow_redirects=False)
    assert right.status_code == 303 and right.headers["location"] == "/games/mgc"
    cookie = right.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    assert c.get("/games/mgc").status_code == 200 and c.post("/api/preview", json=FORM).status_code == 200
    other = bare(c)  # another browser has no session
    assert other.get("/", follow_redirects=False).status_code == 303
    forged = bare(c, cookies={"deckgen_session": "A" * 32})
    assert forged.get("/", follow_redirects=False).status_code == 303


def test_without_a_password_there_is_no_login(client):
    r = client.get("/login?next=/games/mgc", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/games/mgc"
    assert client.get("/games/mgc").status_code == 200


def test_login_goes_only_to_this_servers_pages_and_is_not_cross_origin(make_client):
    c = make_client(password="correct horse")
    token = c.app.state.access.csrf
    for target in ("//evil.example/", "https://evil.example", "/\\evil.example", "javascript:alert(1)"):
        r = c.post("/login", data={"password": "correct horse", "csrf": token, "next": target}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/"
    r = c.post("/login", data={"password": "correct horse", "csrf": token}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    assert bare(c).post("/login", data={"password": "correct horse"}).status_code == 403  # no token


def test_the_password_is_compared_in_constant_time_and_guessing_is_slowed(make_client, monkeypatch):
    import hmac

    c = make_client(password="correct horse")
    calls = []
    real = hmac.compare_digest
    monkeypatch.setattr(hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b))
    token = c.app.state.access.csrf
    guesser = bare(c, client=("10.0.0.9", 1))
    for _ in range(10):
        assert guesser.post("/login", data={"password": "guess", "csrf": token}).status_code == 401
    assert (b"guess", b"correct horse") in calls
    r = guesser.post("/login", data={"password": "correct horse", "csrf": token})
    assert r.status_code == 429 and "demasiadas contraseñas incorrectas" in html.unescape(r.text)  # the site's language
    assert bare(c, client=("10.0.0.10", 1)).post("/login", data={"password": "correct horse", "csrf": token},
                                                  follow_redirects=False).status_code == 303  # another client is not locked out


def test_network_host_warns_and_makes_up_a_password(monkeypatch, capsys):
    """`deckgen serve --host 0.0.0.0` (the server itself is not started: tests listen on loopback only)."""
    import uvicorn

    from clirun import run
    from web.webtools import free_port

    seen = {}

    def fake_run(self):
        seen["app"] = self.config.app

    monkeypatch.setattr(uvicorn.Server, "run", fake_run)
    code, out, err = run(capsys, "serve", "--host", "0.0.0.0", "--port", free_port(), "--quiet")
    assert code == 130 and err.strip().endswith("error: interrupted")
    warning = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "the page is open to other computers" in warning[0]
    password = re.search(r"with the password: (\S+)$", warning[0]).group(1)
    assert len(password) >= 12 and seen["app"].state.access.password == password
    code, out, err = run(capsys, "serve", "--host", "0.0.0.0", "--port", free_port(), "--quiet", "--password", "my own secret")
    assert "with the password given with --password" in err and "my own secret" not in err
    assert seen["app"].state.access.password == "my own secret"
    code, out, err = run(capsys, "serve", "--port", free_port(), "--quiet")
    assert "warning" not in err and seen["app"].state.access.password is None  # this computer only: no login
    code, out, err = run(capsys, "serve", "--port", free_port(), "--password", "short")
    assert code == 2 and "--password must be 8 to 200 characters" in err


@pytest.mark.parametrize("value", ["", " ", "http://school.example", "school.example/page", "a b", "teacher@school.example",
                                   "school..example", "-school.example", "x" * 64 + ".example", "[::1", "[school.example]"])
def test_allow_host_that_is_no_host_name_is_refused(monkeypatch, capsys, value):
    """`deckgen serve --allow-host VALUE`: a value that could never match a Host header (it was kept,
    or silently dropped when empty) is one line and exit 2, before the server starts."""
    import uvicorn

    from clirun import run
    from web.webtools import free_port

    started = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: started.append(self))
    code, out, err = run(capsys, "serve", "--port", free_port(), "--quiet", "--allow-host", "printer-room", "--allow-host", value)
    assert code == 2 and err == f"error: --allow-host {value[:80]!r}: not a host name; give a name like school.example or an IP address, without http:// or a path\n"
    assert started == []


def test_allow_host_names_are_read_as_the_host_header_is(monkeypatch, capsys):
    import uvicorn

    from clirun import run
    from web.webtools import free_port

    seen = {}
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: seen.setdefault("app", self.config.app))
    code, _, err = run(capsys, "serve", "--port", free_port(), "--quiet", "--allow-host", "Printer-Room.", "--allow-host", "10.0.0.5",
                       "--allow-host", "[::1]:8000", "--allow-host", "xn--espaa-rta.example")
    assert code == 130, err
    from fastapi.testclient import TestClient

    with TestClient(seen["app"], base_url="http://127.0.0.1") as c:  # the served app answers the names given, as given
        for host in ("printer-room", "PRINTER-ROOM:8000", "10.0.0.5", "xn--espaa-rta.example"):
            assert c.get("/", headers={"host": host}).status_code == 200, host
        assert c.get("/", headers={"host": "evil.example"}).status_code == 400


# ---------------------------------------------------------------- refusals in the page's language

ENGLISH = re.compile(r"\b(the|is|are|not|from|may|here|field|fields|request|unknown|allowed|page|use|send|read|host|name|log)\b", re.I)


def words_of(r) -> str:
    """What the refusal says: the JSON's error and field messages, or the HTML page's visible text."""
    if r.headers["content-type"].startswith("application/json"):
        data = r.json()
        return " ".join([data["error"], *data.get("fields", {}).values()])
    body = re.sub(r"<script.*?</script>|<[^>]+>", " ", r.text, flags=re.S)
    return html.unescape(body.split("deckgen", 1)[-1])


def spanish(r, *expected: str) -> None:
    said = words_of(r)
    for e in expected:
        assert e in said, said
    # option names, content types and the deckgen command keep their spelling; no English sentence is left
    left = ENGLISH.findall(re.sub(r"application/\S+|multipart/\S+|text/\S+|`[^`]*`|deckgen serve|Host\b|JSON", " ", said))
    assert not left, (left, said)
    if not r.headers["content-type"].startswith("application/json"):
        assert '<html lang="es"' in r.text


def test_the_gates_refusals_follow_the_pages_language(make_client):
    c = make_client(password="correct horse")
    evil = {"host": "evil.example"}
    spanish(c.get("/", headers=evil), "este servidor no responde al nombre 'evil.example'")
    spanish(c.get("/", headers={**evil, "accept-language": "es-ES,es;q=0.9,en;q=0.8"}), "no responde al nombre")
    english = c.get("/?lang=en", headers=evil)
    assert '<html lang="en"' in english.text and "does not answer to the host name 'evil.example'" in html.unescape(english.text)
    assert "does not answer" in c.get("/", headers={**evil, "accept-language": "en-GB,en;q=0.9"}).text  # the browser's language
    assert "does not answer" in c.get("/api/jobs/x", headers=evil).json()["error"]  # a script asks for no language: English
    spanish(c.get("/api/jobs/x?lang=es", headers=evil), "no responde al nombre")
    spanish(c.get("/api/jobs/x", headers={**evil, "accept-language": "es"}), "no responde al nombre")
    # cross-origin writes, page and API
    other = {"origin": "http://evil.example", "sec-fetch-site": "cross-site"}
    spanish(c.post("/check", data={"game": "mgc"}, headers={**other, "accept-language": "es"}), "una petición de otro sitio (cross-site)")
    spanish(c.post("/api/check?lang=es", json=FORM, headers={"origin": "http://evil.example"}), "una petición de otro origen (http://evil.example)")
    # the login: the page and its refusal
    spanish(c.get("/api/jobs/x?lang=es"), "entra primero")
    assert c.get("/games/mgc", headers={"accept-language": "en"}, follow_redirects=False).headers["location"].endswith("&lang=en")
    assert "Password" in c.get("/login", headers={"accept-language": "en-US,en"}).text
    assert "Contraseña" in c.get("/login").text and "Contraseña" in c.get("/login?lang=es", headers={"accept-language": "en"}).text


@pytest.mark.parametrize("payload", XSS)
def test_the_gates_refusal_page_is_escaped(client, payload):
    from urllib.parse import quote

    for r in (client.get("/", headers={"host": payload.replace(" ", "")[:60]}),
              client.post("/check?lang=" + quote(payload), data={"game": "x"}, headers={"origin": payload})):
        assert r.status_code in (400, 403)
        assert "<script>alert" not in r.text and "<img" not in r.text and "<svg" not in r.text and "<iframe" not in r.text


def test_the_request_readers_refusals_follow_the_pages_language(client):
    token = client.app.state.access.csrf
    many = "&".join(f"f{i}=1" for i in range(501))
    form = {"content-type": "application/x-www-form-urlencoded"}
    spanish(client.post("/api/check?lang=es", content=many, headers=form), "el formulario tiene 501 campos; se leen como mucho 500")
    # the no-JavaScript form says its language in its address (formaction="/check?lang=es"): known
    # before the body is read, so even a form refused whole is answered in it
    spanish(client.post("/check?lang=es", content=many, headers=form), "el formulario tiene 501 campos")
    english = client.post("/check?lang=en", content=many, headers=form)
    assert english.status_code == 400 and '<html lang="en"' in english.text and "the form has 501 fields" in html.unescape(english.text)
    r = client.post("/api/check?lang=es", json={"game": "multiplicats", "tabels": "1-3"})
    from deckgen.i18n import using
    from deckgen.spelling import did_you_mean

    with using("es"):  # "did you mean" is the command line's own words, in Spanish as it says them
        hint = str(did_you_mean("tabels", ["tables"]))
    assert r.status_code == 400 and r.json()["fields"] == {"tabels": "campo desconocido 'tabels'" + hint}
    spanish(client.post("/check?lang=es", data={"game": "multiplicats", "tabels": "1", "csrf": token}), "campo desconocido 'tabels'")
    spanish(client.post("/api/check?lang=es", content=b"{not json", headers={"content-type": "application/json"}), "la petición no es JSON válido")
    spanish(client.post("/api/check?lang=es", content=b"[" * 30000 + b"]" * 30000, headers={"content-type": "application/json"}),
            "el JSON está anidado demasiado hondo")
    spanish(client.post("/api/check?lang=es", content=b"game=mgc", headers={"content-type": "text/csv"}), "no como text/csv")
    spanish(client.post("/api/check?lang=es", content=b"--x\r\n", headers={"content-type": "multipart/form-data; boundary=x"}),
            "aquí no se lee multipart/form-data")
    spanish(client.post("/api/check?lang=es", json={"game": "mgc", "x": [1]}), "no una lista JSON")
    spanish(client.post("/api/check?lang=es", content="game=mgc&game=mgc", headers={**form, "x-csrf-token": token}),
            "el campo 'game' está repetido")
    bare_client = bare(client)
    spanish(bare_client.post("/api/check?lang=es", data={"game": "mgc"}), "un formulario sin la clave CSRF de la página se rechaza")
    spanish(client.post("/api/upload?lang=es", content=b"x", headers={"content-type": "text/plain", "x-csrf-token": ""}),
            "envía el archivo de mazo como application/toml")
    assert no_jobs(client)


def test_404_and_405_pages_follow_the_pages_language(client):
    spanish(client.get("/nada-aqui"), "no hay ninguna página en /nada-aqui")
    spanish(client.get("/nada-aqui", headers={"accept-language": "es-MX"}), "no hay ninguna página")
    # a page speaks the site's language (Spanish, or the address's ?lang=), as the home page does,
    # whatever the browser's Accept-Language
    spanish(client.get("/nada-aqui", headers={"accept-language": "en-US,en;q=0.9"}), "no hay ninguna página en /nada-aqui")
    assert "no page at /no-such-page" in client.get("/no-such-page?lang=en", headers={"accept-language": "en-US,en;q=0.9"}).text
    assert "no page at" in client.get("/no-such-page?lang=en", headers={"accept-language": "es"}).text  # the address wins
    import contextlib

    from deckgen.main import main

    err = io.StringIO()  # the command line's words for the same mistake, in Spanish
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        main(["--ui-lang", "es", "build", "nope"])
    said = err.getvalue().strip()
    assert said.startswith("error: ") and said in html.unescape(client.get("/games/nope?lang=es").text)
    spanish(client.get("/api/check?lang=es"), "aquí no se admite GET")
    spanish(client.put("/check", headers={"accept-language": "es"}), "aquí no se admite PUT")
    assert "GET is not allowed here" in client.get("/api/check").json()["error"]  # a script that asks for nothing: English
    spanish(client.get("/api/jobs/nope?lang=es"))
