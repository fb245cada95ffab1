"""The page's check tells the teacher's few design measures in plain words (analysis/measures/teacher.py):
a field of the job's result, shown by the page and by the job's own page without JavaScript."""

from __future__ import annotations

import html

from web.webtools import finish


def test_a_check_says_whether_a_game_fits_a_lesson_how_long_a_pupil_waits_and_who_comes_back(client):
    state = finish(client, client.post("/api/check?lang=es", data={"game": "hectoedra", "players": "3", "games": "12"}).json()["id"])
    teacher = state["result"]["teacher"]
    assert [t["key"] for t in teacher] == ["length", "waiting", "comebacks", "seat_edge"]
    length = teacher[0]["text"]
    assert length.startswith("Una partida dura unos 22 minutos")  # 3 players x 30 turns at 15 s a turn
    assert "clase de 45 minutos" in length
    assert all(t["definition"] and t["name"] for t in teacher)
    page = client.get(f"/jobs/{state['id']}?lang=es").text
    assert 'id="teacher"' in page and html.escape(length, quote=False) in page
