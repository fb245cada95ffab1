"""Round six of hostile requests to the web page: the HTTP methods every server must answer (HEAD
wherever GET is answered, and a 405 that says which methods are allowed)."""

from __future__ import annotations

import io
import zipfile

import pytest

from web.webtools import finish

# every page and resource a GET reaches (a job's own pages and files are tried below, once it exists)
GETS = ["/", "/games/mgc", "/games/multiplicats?tables=1-6&lang=en", "/api/games/mgc/sample.png", "/login", "/static/app.css"]


@pytest.mark.parametrize("path", GETS)
def test_head_is_answered_wherever_get_is(client, path):
    """HEAD (a link checker, `curl -I`) was 405 on every page but /static: FastAPI's routes took GET only."""
    got, head = client.get(path, follow_redirects=False), client.head(path, follow_redirects=False)
    assert got.status_code in (200, 303), got.status_code
    assert head.status_code == got.status_code, (path, head.status_code)
    assert head.content == b""
    assert head.headers.get("content-type") == got.headers.get("content-type")
    if got.status_code == 200:
        assert head.headers["content-length"] == str(len(got.content))
    assert head.headers["content-security-policy"] == got.headers["content-security-policy"]


def test_head_of_a_missing_page_is_its_404(client):
    assert client.head("/games/uno").status_code == 404
    assert client.head("/api/jobs/nope").status_code == 404


def test_a_head_of_a_builds_zip_is_no_download_of_it(client):
    """A HEAD of the ZIP answers as its GET would, and the files stay: only a whole GET removes them."""
    job = client.post("/api/build", json={"game": "multiplicats", "tables": "1"}).json()
    assert finish(client, job["id"])["state"] == "done"
    for path in (f"/jobs/{job['id']}", f"/api/jobs/{job['id']}", f"/api/jobs/{job['id']}/files/cards.pdf"):
        assert client.head(path).status_code == 200, path
    url = f"/api/jobs/{job['id']}/zip"
    head = client.head(url)
    assert head.status_code == 200 and head.content == b"" and head.headers["content-type"] == "application/zip"
    assert client.head(url).status_code == 200  # still there
    whole = client.get(url)
    assert whole.status_code == 200 and head.headers["content-length"] == str(len(whole.content))
    assert zipfile.ZipFile(io.BytesIO(whole.content)).testzip() is None
    assert client.head(url).status_code == 410  # the download removed them


@pytest.mark.parametrize("method, path, allowed", [
    ("DELETE", "/", "GET, HEAD"), ("PUT", "/api/build", "POST"), ("TRACE", "/games/mgc", "GET, HEAD"),
    ("OPTIONS", "/api/preview", "POST"), ("PATCH", "/api/jobs/x/cancel", "POST"),
])
def test_a_method_not_allowed_says_which_are(client, method, path, allowed):
    """RFC 9110: a 405 carries Allow; the page dropped the header Starlette gave its refusal."""
    r = client.request(method, path + "?lang=en", headers={"accept-language": "en"})
    assert r.status_code == 405
    assert sorted(r.headers["allow"].split(", ")) == sorted(allowed.split(", "))
    said = r.json()["error"] if path.startswith("/api/") else r.text
    assert f"{method} is not allowed here" in said


# ---------------------------------------------------------------- a back image and the server's disk

def _png() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (900, 1200), "red").save(buf, "PNG")
    return buf.getvalue()


def _kept(client) -> list:
    backs = client.app.state.manager.root / "backs"
    return sorted(p.name for p in backs.rglob("*")) if backs.exists() else []


@pytest.mark.parametrize("lang, said", [
    ("en", "it cannot keep the back image; try again later, or ask whoever runs the server"),
    ("es", "no puede guardar la imagen del reverso; vuelve a intentarlo más tarde"),
])
def test_a_back_image_is_refused_below_the_disk_reserve(make_client, lang, said):
    """The reserve kept a job from taking the last of the disk, but a back image (up to its limit, five a
    computer) was written below it all the same."""
    client = make_client(min_free=10**18)
    r = client.post(f"/api/backimage?name=b.png&lang={lang}", content=_png(), headers={"content-type": "image/png"})
    assert r.status_code == 507 and said in r.json()["error"], r.text
    assert _kept(client) == []


def test_a_back_image_on_a_full_disk_is_507_and_leaves_nothing(make_client, monkeypatch):
    """The disk filling as the image was written was a 500 ("a fault of deckgen") with a traceback in the
    server's log, and left the image's empty folder behind."""
    import errno
    from pathlib import Path

    client = make_client(min_free=1)

    def full(self, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    r = client.post("/api/backimage?name=b.png", content=_png(), headers={"content-type": "image/png"})
    assert r.status_code == 507, r.text
    assert r.json()["error"] == "the server cannot keep the back image: no space left on the disk"
    assert _kept(client) == []
    monkeypatch.undo()
    r = client.post("/api/backimage?name=b.png", content=_png(), headers={"content-type": "image/png"})
    assert r.status_code == 200 and _kept(client) == sorted([r.json()["back_image"], "b.png"])


@pytest.mark.parametrize("route", ["/api/build", "/api/check", "/build", "/check"])
@pytest.mark.parametrize("lang, said", [
    ("en", "the server cannot start the job: no space left on the disk; try again later"),
    ("es", "el servidor no puede empezar el trabajo: no queda espacio en el disco; vuelve a intentarlo"),
])
def test_a_job_whose_folder_cannot_be_made_on_a_full_disk_is_507(make_client, monkeypatch, route, lang, said):
    """The disk filling between the reserve's check and the job's folder was a 500, "a fault of deckgen"."""
    import errno
    import tempfile

    client = make_client(min_free=1)

    def full(*args, **kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkdtemp", full)
    r = client.post(f"{route}?lang={lang}", data={"game": "multiplicats", "tables": "1"}, follow_redirects=False)
    assert r.status_code == 507, r.text
    text = r.json()["error"] if route.startswith("/api/") else r.text
    assert said in text, text
    assert not client.app.state.manager.jobs


# ---------------------------------------------------------------- a password nobody could type

class _Started(Exception):
    """The server got past its checks of the command line (it would start now)."""


@pytest.mark.parametrize("password", ["abcd\nefgh", "abcdefgh\t", "abcd\refgh", "abcdefgh\x1b", "abcdefgh\x85",
                                      __import__("os").fsdecode(b"abcdefgh\xff")])
@pytest.mark.parametrize("given", ["option", "environment"])
def test_a_password_no_browser_can_type_is_refused_before_the_server_starts(monkeypatch, capsys, password, given):
    """A browser's password field drops line breaks and cannot send a control character or a byte that is
    not UTF-8: the server started, and nobody could ever log in to it."""
    from clirun import run

    import deckgen.web.server as server

    def started(*args, **kw):
        raise _Started

    monkeypatch.setattr(server, "check_address", started)
    monkeypatch.setenv("DECKGEN_LANG", "en")
    argv = ["serve", "--host", "0.0.0.0", "--port", "8799"]
    if given == "option":
        argv += ["--password", password]
    else:
        monkeypatch.setenv("DECKGEN_PASSWORD", password)
    code, out, err = run(capsys, *argv)
    assert code == 2 and err == ("error: --password cannot hold a line break, a tab, a control character or bytes that are not "
                                 "UTF-8: no browser could type it on the login page\n"), err


def test_a_password_a_browser_can_type_passes_those_checks(monkeypatch, capsys):
    from clirun import run

    import deckgen.web.server as server

    def started(*args, **kw):
        raise _Started

    monkeypatch.setattr(server, "check_address", started)
    for password in ("año escolar 2026", "  spaces  ", "pässwörd€"):
        with pytest.raises(_Started):
            run(capsys, "serve", "--host", "0.0.0.0", "--port", "8799", "--password", password)


# ---------------------------------------------------------------- a host name of another script

@pytest.mark.parametrize("name", ["lоcalhost", "ejemplo.españa", "例え.テスト"])
def test_a_host_name_refused_is_named_as_it_was_sent(client, name):
    """The Host header's bytes were read as Latin-1: "lоcalhost" (a Cyrillic о) was named "lð¾calhost"."""
    r = client.get("/api/jobs/x", headers={"host": name.encode("utf-8")})
    assert r.status_code == 400
    assert f"does not answer to the host name '{name}'" in r.json()["error"], r.json()["error"]
