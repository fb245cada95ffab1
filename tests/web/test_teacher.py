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


def test_the_teachers_figures_are_deckgen_measures_at_the_same_count_as_the_report(client, capsys):
    """Hectoedra's cards 1-30 seat 2 or 3 players, not its usual 4. The page's check told the key line
    ("a game lasts about N minutes") and the teacher's figures at 3 players, as the report's own line
    "at 3 players" does, while `deckgen measure` (and `validate --measures`) measured at 2: the same
    request, two tables. Now one rule (Game.usual_players) picks the count for all of them, and the
    page's sentences are those of `deckgen measure`'s figures, word for word."""
    import json

    from clirun import run
    from deckgen import pipeline
    from deckgen.analysis.measures.teacher import sentences
    from deckgen.i18n import using
    from deckgen.request import request_from_values

    state = finish(client, client.post("/api/check?lang=en", data={"game": "hectoedra", "cards": "1-30", "games": "6"}).json()["id"])
    result = state["result"]
    assert state["state"] == "done" and result["ok"], state
    assert (result["key"]["lo"], result["key"]["hi"], result["key"]["at"]) == (2, 3, 3)
    assert "at 3 players" in result["text"]  # the report's own line names the count
    code, out, _err = run(capsys, "measure", "hectoedra", "--cards", "1-30", "--games", "6", "--json", "--quiet")
    assert code == 0 and json.loads(out)["players"] == 3
    spec = request_from_values("hectoedra", {"cards": "1-30"}).spec()
    measured = pipeline.measure(spec, games=6, evaluated_games=0, compare_default=False)
    assert measured.players == 3
    with using("en"):
        said = [{k: str(x[k]) for k in ("key", "text")} for m in measured.measured for x in sentences(m)]
    assert [{k: t[k] for k in ("key", "text")} for t in result["teacher"]] == said
    assert "a fair share would be 1 in 3" in " ".join(t["text"] for t in result["teacher"])
