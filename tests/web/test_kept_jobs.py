"""What one computer's finished jobs keep on the server's disk is bounded: each client address keeps the
files of its latest ``kept_per_client`` jobs (10 by default); its newest removes its own oldest's,
never another client's.

Before, every finished job kept its folder (a build, its ZIP beside it) for an hour, whatever their
number: the queue bounded only the jobs waiting, so a loop of `POST /api/build` from one address kept
every build of the hour on the disk (a default deck's folder holds a few megabytes, a PNG export at
1200 dpi hundreds) until the disk was full."""

from __future__ import annotations

import html
import tempfile
from pathlib import Path

from web.webtools import finish
from deckgen.request import DeckRequest
from deckgen.web.jobs import Job

FORM = {"game": "multiplicats", "tables": "1", "backs": "none", "help_card": "false"}


def test_a_computer_keeps_the_files_of_its_latest_jobs_and_never_removes_anothers(make_client):
    client = make_client(kept_per_client=2, jobs=1)
    manager = client.app.state.manager
    # another computer's finished build, older than all of this one's
    folder = Path(tempfile.mkdtemp(prefix="job-", dir=manager.root))
    (folder / "all.zip").write_bytes(b"PK")
    teacher = Job("teachersjob00000", "build", DeckRequest("multiplicats"), folder, 0, client="10.0.0.2", state="done")
    manager.jobs[teacher.id] = teacher
    mine = [finish(client, client.post("/api/build", json=FORM).json()["id"]) for _ in range(4)]
    assert all(s["state"] == "done" for s in mine), mine
    # the other computer's build is untouched
    assert not teacher.removed and (folder / "all.zip").is_file()
    # this computer keeps its two latest; its two oldest are gone from the disk, and said so in words
    for s in mine[:2]:
        job = manager.get(s["id"])
        assert job.removed and not job.folder.exists()
        gone = client.get(f"/api/jobs/{s['id']}/zip")
        assert gone.status_code == 410 and "to make room for newer jobs from the same computer" in gone.json()["error"]
        assert client.get(f"/api/jobs/{s['id']}").json()["removed"] is True
        said = client.get(f"/jobs/{s['id']}/result?lang=es").text
        assert html.escape("para dejar sitio a trabajos más nuevos del mismo ordenador", quote=False) in said
    for s in mine[2:]:
        assert client.get(f"/api/jobs/{s['id']}/files/cards.pdf").status_code == 200
    assert sorted(p.name for p in manager.root.iterdir() if p.name.startswith("job-")) == sorted(
        [folder.name] + [manager.get(s["id"]).folder.name for s in mine[2:]])


def test_by_default_a_computer_keeps_ten_jobs(make_client):
    assert make_client().app.state.manager.kept_per_client == 10
