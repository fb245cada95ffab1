"""The server keeps part of its disk free: a job (a 1,200 dpi PNG export of a large deck runs to
gigabytes) never starts into the last of it. Below the reserve a build or a check is refused with
507 and words that say so, in the page's language; nothing is written."""

from __future__ import annotations

import shutil

from deckgen.web.jobs import MIN_FREE


def _job_folders(client):
    return sorted(p.name for p in client.app.state.manager.root.iterdir() if p.name.startswith("job-"))


def test_below_the_reserve_no_job_starts(make_client):
    free = shutil.disk_usage("/").free
    client = make_client(min_free=10**18)  # more than any disk holds
    for route in ("/api/build", "/api/check"):
        r = client.post(route, data={"game": "multiplicats", "tables": "1"})
        assert r.status_code == 507, r.text
        said = r.json()["error"]
        assert said.startswith("the server's disk is nearly full (") and "it keeps 1000000000.0 GB free" in said
        assert "no job starts until there is room" in said
    r = client.post("/api/build?lang=es", data={"game": "multiplicats", "tables": "1"})
    assert r.status_code == 507 and r.json()["error"].startswith("el disco del servidor está casi lleno (")
    assert "guarda 1000000000,0 GB libres" in r.json()["error"]
    assert _job_folders(client) == [] and client.app.state.manager.jobs == {}
    assert free > 0


def test_above_the_reserve_jobs_start(make_client):
    assert MIN_FREE == 512 * 1024 * 1024
    client = make_client(min_free=1)
    r = client.post("/api/build", data={"game": "multiplicats", "tables": "1"})
    assert r.status_code == 202 and len(_job_folders(client)) == 1


def test_the_reserve_is_read_at_each_job(make_client, monkeypatch):
    """The free space is read when a job is asked for, not once at start: a disk that fills later
    stops new jobs then."""
    client = make_client(min_free=MIN_FREE)
    assert client.post("/api/build", data={"game": "multiplicats", "tables": "1"}).status_code == 202
    real = shutil.disk_usage
    monkeypatch.setattr(shutil, "disk_usage", lambda p: real(p)._replace(free=MIN_FREE - 1))
    r = client.post("/api/build", data={"game": "multiplicats", "tables": "2"})
    assert r.status_code == 507 and "0.5 GB free" in r.json()["error"]
    monkeypatch.setattr(shutil, "disk_usage", lambda p: real(p)._replace(free=MIN_FREE))
    assert client.post("/api/build", data={"game": "multiplicats", "tables": "3"}).status_code == 202
