"""The web app's HTTP API through Starlette's TestClient: every route, every error code, the upload
limit, the queue, and that it answers exactly as the command line does."""

from __future__ import annotations

import html
import io
import json
import re
import time
import zipfile

import pytest
from PIL import Image
from pypdf import PdfReader

from clirun import run
from web.webtools import events, finish
from deckgen.registry import games

GAME_IDS = sorted(games())


def cli_error(capsys, *argv, lines: int = 1) -> str:
    """The message of a command that must fail with exit code 2 (one line, unless a deck file's list)."""
    code, _, err = run(capsys, *argv)
    assert code == 2
    text = err.strip()
    assert text.startswith("error: ") and len(text.splitlines()) == lines
    return text[len("error: "):]


# ---------------------------------------------------------------- pages


def test_index_shows_every_game_with_summary_players_ages_and_a_sample_card(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<html lang="es"' in page.text
    for game in games().values():
        assert f'href="/games/{game.id}?lang=es"' in page.text
        assert game.summary["es"] in page.text
        assert f"{game.players[0]}–{game.players[1]} jugadores" in page.text
        assert game.ages is not None
        assert f'src="/api/games/{game.id}/sample.png"' in page.text
    assert "a partir de 8 años" in page.text  # Multipli Cat's (8-88 in its rulebook): ages are phrased one way
    assert "<h2><a href=\"/games/mgc?lang=es\">ÁLGEBRA</a></h2>" in page.text  # the name MGC's cards carry
    english = client.get("/?lang=en")
    assert '<html lang="en"' in english.text and "Choose a game" in english.text
    assert all(g.summary["en"] in english.text for g in games().values())
    assert client.get("/?lang=xx").text.count('lang="es"') >= 1  # an unknown language falls back to Spanish


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_sample_card_is_a_png_of_the_cards_size(client, game_id):
    r = client.get(f"/api/games/{game_id}/sample.png")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    img = Image.open(io.BytesIO(r.content))
    assert img.size == (189, 264)  # a poker card, 63 × 88 mm at 3 px/mm
    assert len(img.convert("L").getcolors(256 * 256)) > 2  # something is drawn on it


def test_the_page_makes_no_request_outside_the_server(client):
    """No CDN, no web fonts, no analytics: every URL in every page, style sheet and script is local."""
    bodies = [client.get(u).text for u in ("/", "/?lang=en", *(f"/games/{g}" for g in GAME_IDS), "/static/app.css", "/static/app.js")]
    for body in bodies:
        assert not re.search(r"(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", body.replace("http://127.0.0.1", ""))
        assert "@import" not in body and "@font-face" not in body
        for url in re.findall(r'(?:src|href)="([^"]+)"', body):
            assert url.startswith(("/", "?", "data:")), url


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_form_is_built_from_the_option_declarations(client, game_id):
    from deckgen.i18n import using

    game = games()[game_id]
    page = html.unescape(client.get(f"/games/{game_id}").text)
    deck_part = page.split('id="group-deck"')[1].split("</fieldset>")[0] if 'id="group-deck"' in page else ""
    rules_part = page.split('id="group-rules"')[1].split("</fieldset>")[0] if 'id="group-rules"' in page else ""
    check_part = page.split('id="group-check"')[1].split("</fieldset>")[0]
    for opt in game.options:
        # a habit of the simulated players is a check setting, not a rule variant
        part = check_part if opt.habit else deck_part if opt.scope == "deck" else rules_part
        assert f'data-field="{opt.name}"' in part, opt.name  # deck options and rule variants apart
        assert f"<code>{opt.cli}</code>" in part
        with using("es"):  # the option's own words, in the page's language
            assert str(opt.label) in part and str(opt.help) in part
            for c in opt.choices:  # every dropdown in words, never a bare value
                words = str(opt.words[c])
                assert f">{words[:1].upper()}{words[1:]} ({c})</option>" in part, (opt.name, c)
        if opt.flag:
            checked = re.search(rf'<input type="checkbox" id="f-{opt.name}" name="{opt.name}" value="true" data-default="\w+" data-commands="[^"]+" aria-describedby="[^"]+" (checked)?', part).group(1)
            assert bool(checked) == bool(opt.default)
        elif opt.choices:
            assert re.search(rf'<option value="{re.escape(str(opt.default))}" selected>', part)
        else:
            assert f'value="{opt.typed_default()}"' in part
    assert "Variantes de las reglas" in page or not rules_part
    english = html.unescape(client.get(f"/games/{game_id}?lang=en").text)
    assert "Rule variants" in english or not rules_part
    assert all(str(o.label) in english for o in game.options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_has_its_words_in_both_languages(game_id):
    """Each option declares its label, its explanation and each choice's words once, as catalog
    messages; the Spanish catalog has every one of them (the page, `deckgen list` and --help show them)."""
    from deckgen.i18n import Msg
    from deckgen.i18n.catalogs import translation

    spanish = translation("es")
    for o in games()[game_id].options:
        said = [o.label, o.help, *(o.words[c] for c in o.choices)]
        assert all(isinstance(m, Msg) for m in said), o.name
        assert set(o.words) == set(o.choices), o.name
        for m in said:
            assert spanish.gettext(m.msgid) != m.msgid or m.msgid in ("normal",), (o.name, m.msgid)


def test_defaults_typed_in_the_form_read_back_as_the_defaults():
    for game in games().values():
        for opt in game.options:
            text = opt.typed_default()
            if text and not opt.flag:
                assert opt.parse(text) == opt.default, (game.id, opt.name)


def test_unknown_game_page_is_a_404_with_the_cli_message(client, capsys):
    r = client.get("/games/multiplicat")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    message = cli_error(capsys, "build", "multiplicat")
    assert "did you mean multiplicats?" in message
    # the Spanish page says the CLI's message as the CLI says it in Spanish, the English page as in English
    spanish = cli_error(capsys, "--ui-lang", "es", "build", "multiplicat")
    assert "error: " + spanish in html.unescape(r.text)
    assert "error: " + message in html.unescape(client.get("/games/multiplicat?lang=en").text)
    assert "Traceback" not in r.text


def test_unknown_route_and_wrong_method(client):
    assert client.get("/nowhere").status_code == 404
    r = client.get("/api/nowhere")
    assert r.status_code == 404 and r.json()["error"] == "no page at /api/nowhere"
    r = client.get("/api/build")
    assert r.status_code == 405 and r.json()["error"] == "GET is not allowed here"
    assert client.get("/static/missing.css").status_code == 404


# ---------------------------------------------------------------- the live preview


def test_preview_counts_cards_and_sheets_and_shows_a_sample(client):
    r = client.post("/api/preview", data={"game": "multiplicats", "tables": "1-6"})
    assert r.status_code == 200
    p = r.json()
    # 60 multiplication cards, 32 product cards, 10 specials; 3 × 3 poker cards per A4 sheet
    # and the 2 help cards cards.pdf prints after them: 104 cards on the sheets
    assert (p["cards"], p["help_cards"], p["per_sheet"], p["sheets"], p["pages"]) == (102, 2, 9, 12, 24)
    assert p["label"] == "tables 1-6" and p["warnings"] == []  # in the answer's language (the API's own: English)
    assert client.post("/api/preview?lang=es", data={"game": "multiplicats", "tables": "1-6"}).json()["label"] == "tablas 1-6"
    assert len(p["images"]) == 9
    for url in p["images"]:
        assert url.startswith("data:image/png;base64,")
        import base64

        assert Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).size == (189, 264)
    separate = client.post("/api/preview", data={"game": "multiplicats", "tables": "1-6", "backs": "none", "card_size": "mini"}).json()
    assert separate["pages"] == separate["sheets"] and separate["per_sheet"] > 9


def test_the_preview_draws_with_the_ink_the_build_uses(client):
    """--ink low on the page: the sample is drawn as the build draws it, with less ink (the preview
    once drew every card with normal ink whatever the form said)."""
    import base64

    def ink(form):
        p = client.post("/api/preview", data={"game": "multiplicats", "tables": "1-6", **form}).json()
        images = [Image.open(io.BytesIO(base64.b64decode(u.split(",", 1)[1]))).convert("L") for u in p["images"]]
        return [sum((255 - v) * n for v, n in enumerate(im.histogram())) / (im.width * im.height) for im in images]

    normal, low = ink({"ink": "normal"}), ink({"ink": "low"})
    assert len(normal) == len(low) == 9
    assert sum(low) < 0.9 * sum(normal), (low, normal)


@pytest.mark.parametrize(
    "field, value, argv",
    [
        ("tables", "0-4", ["--tables", "0-4"]),
        ("tables", "6-1", ["--tables", "6-1"]),
        ("specials", "maybe", ["--specials=maybe"]),
        ("end", "last", ["--end", "last"]),
        ("players", "x", ["--players", "x"]),
        ("players", "9", ["--players", "9"]),
        ("bleed", "99", ["--bleed", "99"]),
        ("card_size", "huge", ["--card-size", "huge"]),
        ("paper", "a3", ["--paper", "a3"]),
        ("backs", "both", ["--backs", "both"]),
        ("lang", "fr", ["--lang", "fr"]),
        ("seed", "-1", ["--seed", "-1"]),
    ],
)
def test_a_bad_field_gets_the_clis_message_beside_it(client, capsys, field, value, argv):
    message = cli_error(capsys, "build", "multiplicats", *argv)
    r = client.post("/api/preview", data={"game": "multiplicats", field: value})
    assert r.status_code == 400
    assert r.json() == {"error": message, "fields": {field: message}}


def test_every_bad_field_is_reported_at_once(client):
    r = client.post("/api/preview", data={"game": "mgc", "coefficients": "0", "degrees": "12", "hints": "perhaps"})
    assert r.status_code == 400
    assert set(r.json()["fields"]) == {"coefficients", "degrees", "hints"}


def test_preview_of_an_unknown_game_and_hostile_values_are_4xx_never_500(client):
    r = client.post("/api/preview", data={"game": "chess"})
    assert r.status_code == 400 and r.json()["error"].startswith("unknown game 'chess'")
    assert client.post("/api/preview", data={}).status_code == 400
    for value in ("\x00", "1-6\x00", "9" * 5000, "💥", "--tables", "1-6 --players 3", "../../etc/passwd", "1-10000000000"):
        for field in ("tables", "players", "card_size", "game"):
            r = client.post("/api/preview", data={"game": "multiplicats", field: value} if field != "game" else {"game": value})
            assert 400 <= r.status_code < 500, (field, value, r.status_code)
            assert "Traceback" not in r.text
    assert client.post("/api/preview", content=b"{not json", headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/api/preview", content=b"[1]", headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/api/preview", content=b"\xff\xfe", headers={"content-type": "application/x-www-form-urlencoded"}).status_code == 400
    r = client.post("/api/preview", content=b"x=" + b"a" * 70_000, headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413


def test_preview_takes_json_as_well(client):
    r = client.post("/api/preview", json={"game": "multiplicats", "tables": "2,5,10", "specials": False})
    assert r.status_code == 200 and r.json()["cards"] == 30 + 23  # 30 multiplications and their 23 distinct products


# ---------------------------------------------------------------- builds


def test_build_streams_progress_then_offers_every_file_and_a_zip(client, tmp_path, capsys):
    r = client.post("/api/build", data={"game": "multiplicats", "tables": "1-2", "lang": "all"})
    assert r.status_code == 202
    job = r.json()
    assert job["kind"] == "build" and job["state"] in ("queued", "running")
    seen = events(client, job["id"])
    names = [n for n, _ in seen]
    assert names[-1] == "done" and "progress" in names
    labels = {s["progress"]["label"] for n, s in seen if n == "progress" and s["progress"]}
    assert "cards.pdf" in labels
    result = seen[-1][1]["result"]
    assert result["cards"] == 20 + 15 + 10  # tables 1-2: 20 multiplications, 15 products (1-10, 12-20 even), 10 specials
    assert sorted(result["files"]) == ["cards.pdf", "deck.json", "preparing-en.pdf", "preparing-es.pdf", "rulebook-en.pdf", "rulebook-es.pdf"]
    assert result["zip_name"] == "multiplicats-1_2.zip" and result["backs"] == "duplex-long"

    # the same files as `deckgen build` with the same words, byte for byte
    code, _, _ = run(capsys, "build", "multiplicats", "--tables", "1-2", "--lang", "all", "--out", tmp_path / "cli", "--quiet")
    assert code == 0
    for name in result["files"]:
        r = client.get(f"/api/jobs/{job['id']}/files/{name}")
        assert r.status_code == 200
        assert r.content == (tmp_path / "cli" / name).read_bytes(), name
    pdf = client.get(f"/api/jobs/{job['id']}/files/cards.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    assert 'filename="cards.pdf"' in pdf.headers["content-disposition"]
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == 2 * 6  # 45 cards and the help card, 9 a sheet: 6 sheets, duplex

    manager = client.app.state.manager
    folder = manager.get(job["id"]).folder
    assert folder.is_dir() and folder.parent == manager.root
    z = client.get(f"/api/jobs/{job['id']}/zip")
    assert z.status_code == 200 and 'filename="multiplicats-1_2.zip"' in z.headers["content-disposition"]
    with zipfile.ZipFile(io.BytesIO(z.content)) as archive:
        assert sorted(archive.namelist()) == sorted(result["files"])
        assert archive.read("cards.pdf") == pdf.content
    # the folder goes once the ZIP is downloaded
    assert not folder.exists()
    gone = client.get(f"/api/jobs/{job['id']}/files/cards.pdf")
    assert gone.status_code == 410 and "removed" in gone.json()["error"]  # JSON for a script's request
    assert client.get(f"/api/jobs/{job['id']}/zip").status_code == 410


def test_the_page_and_the_cli_count_the_sheets_of_the_same_pdf(client, capsys, tmp_path):
    # tables 2,5,10: 63 cards and 2 help cards, 9 a sheet: 8 sheets, 16 pages (the deck alone fits 7)
    for extra, sheets in (((), 8), (("--no-help-card",), 7)):
        form = {"game": "multiplicats", "tables": "2,5,10"} | ({"help_card": "false"} if extra else {})
        p = client.post("/api/preview", data=form).json()
        assert (p["cards"], p["sheets"], p["pages"]) == (63, sheets, 2 * sheets)
        code, out, _ = run(capsys, "build", "multiplicats", "--tables", "2,5,10", *extra, "--out", tmp_path / str(sheets))
        assert code == 0 and f"{sheets} sheets: fronts on the odd pages" in out
        assert len(PdfReader(tmp_path / str(sheets) / "cards.pdf").pages) == 2 * sheets


def test_a_job_can_be_cancelled_queued_or_running(make_client):
    client = make_client(jobs=1)
    first = client.post("/api/check", data={"game": "multiplicats", "games": "100000", "skill_games": "20000"}).json()  # minutes
    second = client.post("/api/check", data={"game": "multiplicats", "games": "100000"}).json()
    assert client.post(f"/api/jobs/{second['id']}/cancel").json()["state"] == "failed"  # queued: it never starts
    deadline = time.monotonic() + 60
    while client.get(f"/api/jobs/{first['id']}").json()["state"] != "running" and time.monotonic() < deadline:
        time.sleep(0.1)
    client.post(f"/api/jobs/{first['id']}/cancel")
    final = finish(client, first["id"])
    assert (final["state"], final["error"]) == ("failed", "cancelled")
    assert client.get(f"/api/jobs/{second['id']}").json()["error"] == "cancelled"
    assert client.post("/api/jobs/nope/cancel").status_code == 404


def test_without_javascript_a_form_builds_and_its_page_offers_the_files(client):
    r = client.post("/build?lang=en", data={"game": "multiplicats", "tables": "1-2", "specials": "false",
                                    "help_card": "true", "lang": "es", "backs": "none", "games": "9"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/jobs/") and r.headers["location"].endswith("?lang=en")
    job_id = r.headers["location"].split("/")[2].split("?")[0]
    finish(client, job_id)
    page = client.get(r.headers["location"]).text
    assert 'http-equiv="refresh"' not in page  # it reloads itself only while the job runs
    assert f'href="/api/jobs/{job_id}/files/cards.pdf?lang=en"' in page and "35 cards." in page  # 20 + 15, no specials
    # a removed file, followed as a link, is a page in words (in the page's language), not a bare 410
    client.get(f"/api/jobs/{job_id}/zip")
    gone = client.get(f"/api/jobs/{job_id}/files/cards.pdf?lang=es", headers={"Accept": "text/html", "Sec-Fetch-Mode": "navigate"})
    assert gone.status_code == 410 and gone.headers["content-type"].startswith("text/html")
    assert "Los archivos de este trabajo ya se borraron del servidor" in gone.text
    assert client.get(f"/api/jobs/{job_id}/files/cards.pdf").json()["error"].startswith("The files of this job were removed")


def test_a_back_image_is_kept_and_printed_on_every_back(client):
    buf = io.BytesIO()
    Image.new("RGB", (900, 1200), (200, 30, 30)).save(buf, format="PNG")  # 900 px over 69 mm: over 300 dpi
    r = client.post("/api/backimage", content=buf.getvalue(), headers={"Content-Type": "image/png"})
    assert r.status_code == 200
    token = r.json()["back_image"]
    assert len(token) == 16  # 96 random bits
    plain = client.post("/api/preview", data={"game": "multiplicats", "tables": "1"}).json()["images"][-1]
    red = client.post("/api/preview", data={"game": "multiplicats", "tables": "1", "back_image": token}).json()["images"][-1]
    import base64

    back = Image.open(io.BytesIO(base64.b64decode(red.split(",", 1)[1]))).convert("RGB")
    assert red != plain and back.getpixel((back.width // 2, back.height // 2)) == (200, 30, 30)
    job = client.post("/api/build", data={"game": "multiplicats", "tables": "1", "back_image": token}).json()
    assert finish(client, job["id"])["state"] == "done"
    pdf = PdfReader(io.BytesIO(client.get(f"/api/jobs/{job['id']}/files/cards.pdf").content))
    assert any("/XObject" in page["/Resources"] for page in pdf.pages[1::2])  # the backs draw the image
    # what is not an image, or no image at all, or a token the server never gave: 4xx in words
    assert client.post("/api/backimage?name=dorso.gif", content=b"GIF89a not really").json()["error"] == "--back-image: 'dorso.gif' is not a PNG or JPEG image"
    assert client.post("/api/backimage", content=b"").status_code == 400
    gone = client.post("/api/preview", data={"game": "multiplicats", "back_image": "nope"})
    assert gone.status_code == 400 and "back_image" in gone.json()["fields"]


def test_one_bar_for_the_whole_job_never_goes_back(client):
    job = client.post("/api/check", json={"game": "multiplicats", "tables": "1-3", "games": "40"}).json()
    seen = events(client, job["id"])
    overall = [s["overall"] for name, s in seen if name == "progress"]
    labels = {s["progress"]["label"] for name, s in seen if name == "progress" and s["progress"]}
    assert len(labels) >= 4  # a stage per player count, and the default deck's beside them
    assert overall == sorted(overall) and 0 <= overall[0] < 1  # one bar: it never restarts at a stage
    assert seen[-1][0] == "done" and seen[-1][1]["overall"] == 1.0
    assert 0 < max(overall) < 1  # full only when the whole job is done, not when a stage is


def test_an_empty_upload_says_so(client):
    r = client.post("/api/upload?name=empty.toml", content=b" \n")
    assert r.status_code == 400 and r.json()["error"] == "deck file empty.toml is empty: choose a deck file that has a game and its options"


def test_files_are_only_those_the_job_wrote(client):
    job = client.post("/api/build", data={"game": "multiplicats", "tables": "1"}).json()
    state = finish(client, job["id"])
    assert state["state"] == "done"
    for name in ("..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "deck%2F..%2Fcards.pdf", "CARDS.PDF", "all.zip", "deck.json%00"):
        r = client.get(f"/api/jobs/{job['id']}/files/{name}")
        assert r.status_code == 404, name
    assert client.get("/api/jobs/nope/files/cards.pdf").status_code == 404
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.get("/api/jobs/nope/events").status_code == 404
    assert client.get("/api/jobs/nope/zip").status_code == 404


def test_a_deck_that_fails_its_checks_is_refused_as_the_cli_refuses_it(client, capsys):
    message = cli_error(capsys, "build", "maestras", "--players", "8", "--points", "4", "--colours", "2", "--empties", "0", "--quiet")
    r = client.post("/api/build", data={"game": "maestras", "players": "8", "points": "4", "colours": "2", "empties": "0"})
    if r.status_code == 400:  # refused before the job starts
        assert r.json()["error"] == message
    else:
        state = finish(client, r.json()["id"])
        assert state["state"] == "failed" and state["error"] == message
        assert client.get(f"/api/jobs/{state['id']}/files/cards.pdf").status_code == 409


# ---------------------------------------------------------------- checks


def test_check_gives_the_verdict_the_report_and_the_plots_of_deckgen_validate(client, tmp_path, capsys):
    words = ["--tables", "1-6", "--players", "4", "--games", "8", "--skill-games", "2"]
    code, out, _ = run(capsys, "validate", "multiplicats", *words, "--report", tmp_path / "rep", "--quiet")
    form = {"game": "multiplicats", "tables": "1-6", "players": "4", "games": "8", "skill_games": "2"}
    assert client.post("/api/check", data={**form, "paper": "letter"}).json()["fields"] == {"paper": "--paper is not an option of deckgen validate"}
    r = client.post("/api/check", data=form)
    assert r.status_code == 202
    seen = events(client, r.json()["id"])
    assert seen[-1][0] == "done"
    assert any(n == "progress" and s["progress"] and s["progress"]["label"] == "4 players" for n, s in seen)
    result = seen[-1][1]["result"]
    assert result["ok"] is (code == 0) is True
    assert result["failed"] == [] and result["checks"] > 10
    def untimed(text: str) -> list[str]:  # (the report holds no wall time: issue 41)
        return text.splitlines()

    report_lines = untimed(out)
    assert untimed(result["text"]) == report_lines[: len(result["text"].splitlines())]
    assert result["headline"] and result["headline"] in out
    assert sorted(result["files"]) == ["game-length.png", "report.json", "report.txt", "seat-advantage.png", "skill.png"]
    assert "skill ladder" in result["text"] or "skill" in result["text"].lower()
    for name in result["files"]:
        body = client.get(f"/api/jobs/{seen[-1][1]['id']}/files/{name}").content
        if name.endswith(".png"):
            assert body == (tmp_path / "rep" / name).read_bytes(), name
        else:
            assert body == (tmp_path / "rep" / name).read_bytes(), name
    assert client.get(f"/api/jobs/{seen[-1][1]['id']}/zip").status_code == 404  # a check has no ZIP


def test_the_pages_check_leaves_the_skill_section_out_unless_asked(client):
    state = finish(client, client.post("/api/check", data={"game": "multiplicats", "tables": "1-6", "players": "4", "games": "5"}).json()["id"])
    assert sorted(state["result"]["files"]) == ["game-length.png", "report.json", "report.txt", "seat-advantage.png"]
    r = client.post("/api/check", data={"game": "multiplicats", "skill_games": "-1"})
    assert r.status_code == 400 and set(r.json()["fields"]) == {"skill_games"}


def test_a_deck_that_is_not_playable_gets_that_verdict(client, capsys):
    words = {"game": "multiplicats", "tables": "6-10", "specials": "false", "players": "3", "games": "150"}
    code, out, _ = run(capsys, "validate", "multiplicats", "--tables", "6-10", "--no-specials", "--players", "3", "--games", "150", "--quiet")
    assert code == 1
    result = finish(client, client.post("/api/check", data=words).json()["id"])["result"]
    assert result["ok"] is False
    assert any(f.startswith("slap chances per turn (3 players)") for f in result["failed"])


def test_check_field_errors_are_the_validate_commands(client, capsys):
    message = cli_error(capsys, "validate", "multiplicats", "--games", "0")
    r = client.post("/api/check", data={"game": "multiplicats", "games": "0"})
    assert r.status_code == 400 and r.json()["fields"] == {"games": message}
    message = cli_error(capsys, "validate", "mgc", "--players", "11")
    r = client.post("/api/check", data={"game": "mgc", "players": "11"})
    assert r.status_code == 400 and r.json()["fields"] == {"players": message}


# ---------------------------------------------------------------- the queue and the time limit


def test_jobs_beyond_the_slots_queue_and_say_how_many_are_ahead(make_client):
    client = make_client(jobs=1, max_waiting=2, time_limit=60)
    slow = {"game": "multiplicats", "games": "1000000", "players": "4"}
    first = client.post("/api/check", data=slow).json()
    deadline = time.monotonic() + 30
    while client.get(f"/api/jobs/{first['id']}").json()["state"] != "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    second = client.post("/api/build", data={"game": "multiplicats", "tables": "1"}).json()
    third = client.post("/api/build", data={"game": "multiplicats", "tables": "2"}).json()
    assert (second["state"], second["ahead"], second["running"], second["slots"]) == ("queued", 0, 1, 1)
    assert (third["state"], third["ahead"]) == ("queued", 1)
    full = client.post("/api/build", data={"game": "multiplicats", "tables": "3"})
    assert full.status_code == 429 and "busy" in full.json()["error"]
    files = client.get(f"/api/jobs/{second['id']}/files/cards.pdf")
    assert files.status_code == 409 and "not finished" in files.json()["error"]
    with client.stream("GET", f"/api/jobs/{third['id']}/events") as s:  # the first event says it waits
        head = [line for _, line in zip(range(2), s.iter_lines())]
    assert head[0] == "event: queued" and json.loads(head[1][6:])["ahead"] == 1
    manager = client.app.state.manager
    manager.time_limit = 1.0  # the slow check is stopped by its time limit; the queue moves on
    assert finish(client, first["id"])["error"].startswith("the check took longer than the time limit")
    manager.time_limit = 60.0
    assert finish(client, second["id"])["state"] == "done"
    assert finish(client, third["id"])["state"] == "done"


def test_a_job_over_its_time_limit_is_stopped_with_a_message(make_client):
    client = make_client(jobs=1, time_limit=2)
    start = time.monotonic()
    state = finish(client, client.post("/api/check", data={"game": "multiplicats", "games": "1000000"}).json()["id"])
    assert state["state"] == "failed"
    assert state["error"] == "the check took longer than the time limit of 2 s and was stopped; try fewer games"
    assert time.monotonic() - start < 30


def test_old_folders_are_swept_after_an_hour(client):
    manager = client.app.state.manager
    job = client.post("/api/build", data={"game": "multiplicats", "tables": "1"}).json()
    finish(client, job["id"])
    folder, made = manager.get(job["id"]).folder, manager.get(job["id"]).created
    assert manager.sweep(made + 3599) == 0 and folder.is_dir()
    assert manager.sweep(made + 3600.5) == 1
    assert not folder.exists()
    assert client.get(f"/api/jobs/{job['id']}").status_code == 404


# ---------------------------------------------------------------- deck files


@pytest.mark.parametrize("cards", [False, True])
def test_deck_file_download_is_what_init_writes(client, capsys, tmp_path, cards):
    out = tmp_path / "mine.toml"
    argv = ["init", "mgc", "--coefficients", "-3-3", "--degrees", "0-4", "--hints", "--out", out] + (["--cards"] if cards else [])
    assert run(capsys, *argv)[0] == 0
    r = client.post(f"/api/deckfile?with_cards={str(cards).lower()}", data={"game": "mgc", "coefficients": "-3-3", "degrees": "0-4", "hints": "true"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/toml")
    assert r.text == out.read_text(encoding="utf-8")
    assert re.search(r'filename="mgc[^"]*\.toml"', r.headers["content-disposition"])
    assert client.post("/api/deckfile?with_cards=maybe", data={"game": "mgc"}).status_code == 400
    # the page's own words never shadow an option: Hectoedra's --cards is the deck's cards (issue 37)
    assert client.post("/api/deckfile", data={"game": "mgc", "cards": "true"}).json()["fields"]["cards"].startswith("unknown field 'cards'")
    hecto = client.post("/api/deckfile", data={"game": "hectoedra", "cards": "1-40"})
    assert hecto.status_code == 200 and 'cards = "1-40"' in hecto.text


def test_upload_of_a_good_deck_file_opens_its_page_preview_check_and_build(client):
    body = 'game = "multiplicats"\nseed = 3\n\n[options]\ntables = "2,5"\n'
    r = client.post("/api/upload?name=../../../tmp/évil name.toml", content=body.encode())
    assert r.status_code == 200
    up = r.json()
    assert (up["game"], up["cards"]) == ("multiplicats", 48)
    page = client.get(up["url"])
    assert page.status_code == 200 and "évil name.toml" in page.text and 'name="deck"' in page.text
    assert client.post("/api/preview", data={"deck": up["deck"]}).json()["cards"] == 48
    state = finish(client, client.post("/api/build", data={"deck": up["deck"]}).json()["id"])
    assert state["state"] == "done" and state["result"]["cards"] == 48, state
    state = finish(client, client.post("/api/check", data={"deck": up["deck"], "players": "4", "games": "5"}).json()["id"])
    assert state["state"] == "done" and state["result"]["text"].startswith("Multipli Cat's: 48 cards (évil name.toml)")
    assert client.post("/api/check", data={"deck": up["deck"], "games": "x"}).status_code == 400
    assert client.post("/api/preview", data={"deck": "unknown"}).status_code == 404
    assert client.get("/decks/unknown").status_code == 404
    # no user text reached a path: every file under the server's folder has a name the server chose
    for path in client.app.state.manager.root.rglob("*"):
        assert "évil" not in str(path) and "tmp/" not in str(path.relative_to(client.app.state.manager.root))


def test_upload_shows_every_schema_error_with_its_line_as_validate_does(client, capsys, tmp_path):
    body = 'game = "multiplicats"\n\n[options]\ntabels = "1-6"\nspecials = "perhaps"\n\n[print]\npaper = "a3"\n'
    (tmp_path / "deck.toml").write_text(body, encoding="utf-8")
    message = cli_error(capsys, "validate", tmp_path / "deck.toml", lines=4)
    r = client.post("/api/upload?name=deck.toml", content=body.encode())
    assert r.status_code == 400
    data = r.json()
    assert [(p["line"], p["field"]) for p in data["problems"]] == [(4, "options.tabels"), (5, "options.specials"), (8, "print.paper")]
    cli_lines = [line.strip() for line in message.splitlines()[1:]]
    ours = [f"deck.toml:{p['line']}: {p['field']}: {p['message']}" for p in data["problems"]]
    assert ours == [line.replace(str(tmp_path / "deck.toml"), "deck.toml") for line in cli_lines]


def test_upload_limits_and_broken_files(client):
    big = b"#" * 1_000_001
    r = client.post("/api/upload", content=big)
    assert r.status_code == 413 and r.json()["error"] == "a deck file is at most 1,000,000 bytes; this one is 1,000,001"
    r = client.post("/api/upload", content=iter([b"#" * 600_000, b"#" * 600_000]))  # streamed, no length given
    assert r.status_code == 413 and "at most 1,000,000 bytes" in r.json()["error"]
    assert client.post("/api/upload", content=b"#" * 1_000_000 + b"").status_code == 400  # exactly 1 MB: read (and no game)
    r = client.post("/api/upload", content="game = \"mgc\"\n".encode("utf-16"))  # Notepad's "Unicode": read, as the CLI reads it
    assert r.status_code == 200 and r.json()["game"] == "mgc"
    r = client.post("/api/upload", content="game = \"mgc\" # año\n".encode("utf-16-le"))  # no byte-order mark: not UTF-8
    assert r.status_code == 400 and r.json()["error"].endswith("is not UTF-8 text; save it as UTF-8 (in Notepad: Save as, Encoding: UTF-8)")
    r = client.post("/api/upload", content=b'game = "mgc"\nseed = = 3\n')
    assert r.status_code == 400 and r.json()["problems"][0]["line"] == 2 and "not valid TOML" in r.json()["problems"][0]["message"]
    r = client.post("/api/upload", content=b'game = "multiplicats"\n[print]\nback_image = "../../etc/passwd"\n')
    assert r.status_code == 400 and r.json()["problems"] == [
        {"line": 3, "field": "print.back_image", "message": "this deck file came without its folder, so it cannot refer to an image; leave back_image out"}
    ]


# ---------------------------------------------------------------- the command


def test_serve_refuses_bad_settings_in_one_line(capsys):
    assert cli_error(capsys, "serve", "--port", "0") == "--port must be 1 to 65535, not 0"
    assert cli_error(capsys, "serve", "--port", "8000", "--jobs", "0") == "--jobs must be 1 to 64, not 0"
    assert cli_error(capsys, "serve", "--time-limit", "0") == "--time-limit must be 1 to 86400 seconds, not 0"
    assert cli_error(capsys, "serve", "--host", "no-such-host.invalid").startswith("--host 'no-such-host.invalid' is not an address")


def test_serve_says_when_its_port_is_taken(capsys):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert cli_error(capsys, "serve", "--port", port) == f"port {port} is already in use; choose another with --port"


def test_serve_listens_on_127_0_0_1_by_default():
    import inspect

    from deckgen.web.command import serve
    from deckgen.web.server import serve as run_server

    assert inspect.signature(serve).parameters["host"].default.default == "127.0.0.1"
    assert inspect.signature(run_server).parameters["host"].default == "127.0.0.1"


def test_a_real_server_answers_and_cleans_up_when_stopped(tmp_path):
    import os
    import subprocess
    import sys

    import httpx

    from web.webtools import ROOT, free_port

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--jobs", "1", "--quiet"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert r.status_code == 200 and "Multipli Cat's" in html.unescape(r.text)
        token = re.search(r'<meta name="csrf-token" content="([^"]+)">', r.text).group(1)
        job = httpx.post(f"http://127.0.0.1:{port}/api/build", data={"game": "multiplicats", "tables": "1", "csrf": token}).json()
        with httpx.stream("GET", f"http://127.0.0.1:{port}/api/jobs/{job['id']}/events", timeout=120) as s:
            last = [line for line in s.iter_lines() if line.startswith("event: ")][-1]
        assert last == "event: done"
        assert any(tmp_path.rglob("cards.pdf"))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert not list(tmp_path.glob("deckgen-web-*"))  # its temporary folders went with it
    assert b"Traceback" not in proc.stderr.read()


def test_every_stage_of_a_job_reaches_its_event_stream_even_between_two_looks(client, tmp_path):
    """A stage (one player count of a check) can begin and end between two looks of the event stream
    (every 0.2 s): the stream still sends one "progress" event for each, in order, then "done"."""
    from deckgen.web.jobs import Job

    job = Job("stagesjob", "check", None, tmp_path, 1, state="done", result={"files": []})
    job.stages = [("2 players", 0, 40), ("3 players", 0, 40), ("4 players", 0, 40)]
    job.progress = ("4 players", 40, 40)
    client.app.state.manager.jobs[job.id] = job
    seen = events(client, job.id)
    assert [(n, s["progress"]["label"] if s["progress"] else None, s["state"]) for n, s in seen] == [
        ("progress", "2 players", "running"),
        ("progress", "3 players", "running"),
        ("done", "4 players", "done"),
    ]


def test_a_cached_default_deck_counts_as_done_stages_of_the_one_bar(tmp_path, monkeypatch):
    """A comparison whose default-deck figures come from the cache: the cached parts are reported as
    stages done at once, so the job's one bar reaches its end by the stages, not by a jump from ~50 %."""
    from deckgen import pipeline
    from deckgen.registry import get_game
    from deckgen.spec import spec_for
    from deckgen.web.jobs import Job

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # a cache of this test's own
    spec = spec_for(get_game("multiplicats"), cli={"options": {"tables": "1-3"}})

    def run() -> tuple[list[tuple[str, int, int]], Job]:
        seen: list[tuple[str, int, int]] = []
        job = Job("x", "check", None, tmp_path, 0, state="running", plan=2)  # 1 player count, and the default deck's

        def progress(label):
            def tick(done, total):
                seen.append((label, done, total))
                job.parts[label] = (done, total)
            return tick

        pipeline.validate(spec, players=[4], games=4, workers=1, progress=progress)
        return seen, job

    first, _ = run()  # the default deck simulated: its stage ticks as it runs
    again, job = run()  # now from the cache
    assert any(label == "default deck, 4 players" for label, *_ in first)
    assert ("default deck, 4 players", 1, 1) in again
    assert job.overall() > 0.99  # the bar stands at its end before the job says done (was 0.5)


def test_the_lazy_pipeline_is_loaded_once_whatever_threads_ask_for_it():
    """`deckgen serve` runs through cli.py, whose pipeline is a module loaded on first use
    (deckgen.lazy). With Python 3.11's LazyLoader, five sample cards asked for at once (the home
    page) saw it half-run and got 500s; the lazy module now runs its code under a lock. Here, in a
    fresh process, five threads at once."""
    import subprocess
    import sys

    code = (
        "import threading\n"
        "import deckgen.cli\n"
        "from deckgen.web import app as A\n"
        "A.create_app()\n"
        "out, errors = {}, []\n"
        "def f(g):\n"
        "    try:\n"
        "        out[g] = len(A.sample_png(g))\n"
        "    except Exception as exc:\n"
        "        errors.append(repr(exc))\n"
        "ts = [threading.Thread(target=f, args=(g,)) for g in ('multiplicats', 'mgc', 'hectoedra', 'monete', 'maestras')]\n"
        "[t.start() for t in ts]\n"
        "[t.join() for t in ts]\n"
        "print(sorted(out), errors)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['hectoedra', 'maestras', 'mgc', 'monete', 'multiplicats'] []", done.stdout
