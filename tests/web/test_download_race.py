"""A job's files are removed (its ZIP downloaded in full, the hour, newer jobs of the same computer)
while another answer may be sending one of them: the removal waits for that answer to end.

Before, two downloads at once (a double click on the ZIP, a download manager's parallel connections)
raced: the first ZIP download to end removed the folder, and an answer that had passed the route's
check got a 500 ("FileNotFoundError ... all.zip"), or its headers and no body. 30 ZIP and 30
cards.pdf requests at once on a real server gave 4 answers of 500."""

from __future__ import annotations

import asyncio

from web.webtools import finish

FORM = {"game": "multiplicats", "tables": "1", "backs": "none", "help_card": "false"}


async def download(app, path: str, on_start) -> tuple[int, bytes]:
    """GET ``path`` straight through the app; ``on_start()`` runs when the answer's headers go out."""
    status, body, asked = [0], [], [False]

    async def receive():
        if not asked[0]:
            asked[0] = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(3600)  # the client stays connected

    async def send(message):
        if message["type"] == "http.response.start":
            status[0] = message["status"]
            on_start()
        elif message["type"] == "http.response.body":
            body.append(message.get("body", b""))

    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80)}
    await app(scope, receive, send)
    return status[0], b"".join(body)


def test_a_file_being_sent_is_sent_whole_though_its_job_is_removed_meanwhile(client):
    job_id = finish(client, client.post("/api/build", json=FORM).json()["id"])["id"]
    manager = client.app.state.manager
    job = manager.get(job_id)
    pdf = client.get(f"/api/jobs/{job_id}/files/cards.pdf").content
    # another download of the ZIP ends just as these answers begin
    status, body = client.portal.call(download, client.app, f"/api/jobs/{job_id}/files/cards.pdf", lambda: manager.remove(job))
    assert (status, body) == (200, pdf)
    assert job.removed and not job.folder.exists()  # removed once the answer ended
    assert client.get(f"/api/jobs/{job_id}/zip").status_code == 410


def test_a_zip_being_sent_is_sent_whole_though_another_download_of_it_ended(client):
    job_id = finish(client, client.post("/api/build", json=FORM).json()["id"])["id"]
    manager = client.app.state.manager
    job = manager.get(job_id)
    zipped = (job.folder / "all.zip").read_bytes()
    status, body = client.portal.call(download, client.app, f"/api/jobs/{job_id}/zip", lambda: manager.remove(job))
    assert (status, body) == (200, zipped)
    assert not job.folder.exists() and job.readers == 0


def test_the_folder_waits_for_its_last_reader():
    from pathlib import Path
    import tempfile

    from deckgen.request import DeckRequest
    from deckgen.web.jobs import Job, JobManager

    manager = JobManager(1, root=Path(tempfile.mkdtemp()))
    folder = Path(tempfile.mkdtemp(dir=manager.root))
    job = Job("j", "build", DeckRequest("multiplicats"), folder, 1, state="done")
    manager.reading(job)
    manager.reading(job)
    manager.remove(job)
    assert job.removed and folder.is_dir()
    manager.done_reading(job)
    assert folder.is_dir()
    manager.done_reading(job)
    assert not folder.exists()
    manager.remove(job)  # again: nothing left to do
