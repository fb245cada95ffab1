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
