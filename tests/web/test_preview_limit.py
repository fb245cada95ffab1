"""A preview that takes longer than the server's time limit (deckgen serve --time-limit, which bounds a
build or a check) is refused in words, in the page's language, as any bad request is: before, the
route's TimeoutError reached the gate as a fault of the server, a 500 ("a fault of deckgen, not of what
you sent")."""

from __future__ import annotations

import time

import pytest


@pytest.mark.parametrize("lang, said", [
    ("en", "the preview took longer than this server's time limit of 0.2 s (deckgen serve --time-limit)"),
    ("es", "la vista previa pasó del tiempo límite de este servidor, 0,2 s (deckgen serve --time-limit)"),
])
def test_a_preview_over_the_time_limit_is_a_4xx_in_words(make_client, monkeypatch, lang, said):
    import deckgen.web.app as web

    slow = web.make_preview

    def make_preview(req, start=None):
        time.sleep(1.0)
        return slow(req, start)

    monkeypatch.setattr(web, "make_preview", make_preview)
    client = make_client(time_limit=0.2)
    r = client.post(f"/api/preview?lang={lang}", json={"game": "multiplicats", "tables": "2"})
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith(said), r.json()
