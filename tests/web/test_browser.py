"""A real browser (Debian's chromium, driven by Selenium through chromedriver) on a real server, one
browser for the whole module: a teacher chooses Multipli Cat's, previews, checks, builds and
downloads; the counts, the language, stale results, expired files, the address, a reload, a cancel,
the path without JavaScript, and axe-core's accessibility rules (0 violations) on every kind of page.

Under CI (CI=true) these tests fail when the browser or axe-core cannot run; elsewhere they skip and
say why. With DECKGEN_SCREENSHOTS=FOLDER they also save screenshots there (not committed), among
them the Spanish game page at 1280×800 and 390×844.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from pdfcheck import pt, stroked_rects
from sources import under_ci

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def _unavailable(reason: str):
    if under_ci():
        pytest.fail(f"browser tests must run under CI: {reason}")
    pytest.skip(f"no browser test: {reason} (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:
        _unavailable(f"selenium is not installed ({exc})")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        _unavailable("chromium or chromedriver is not on PATH")
    os.environ["SE_OFFLINE"] = "true"  # Selenium must never download a browser or driver
    downloads = tmp_path_factory.mktemp("downloads")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1600",
                "--lang=es", "--no-first-run", "--disable-background-networking", "--disable-sync"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console: script errors, CSP refusals
    try:
        driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    except Exception as exc:  # noqa: BLE001 - any failure to start the browser is the reason
        _unavailable(f"chromium did not start ({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})")
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    yield driver
    driver.quit()


@pytest.fixture
def d(browser):
    """The module's browser, with an empty downloads folder and the laptop's window."""
    for p in browser.downloads.iterdir():
        p.unlink()
    browser.set_window_size(1280, 1600)
    return browser


def wait_for(driver, test, timeout: float = 60.0, what: str = "the page"):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.2).until(lambda d: test(d), message=f"waiting for {what}")


def shot(driver, name: str, size: tuple[int, int] | None = None) -> None:
    """A screenshot into DECKGEN_SCREENSHOTS: of the window at ``size``, or of the whole page."""
    folder = os.environ.get("DECKGEN_SCREENSHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    if size:
        driver.set_window_size(*size)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(size[0] + size[0] - inner[0], size[1] + size[1] - inner[1])  # the viewport, not the window
        time.sleep(0.5)
    else:
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(1280, min(max(900, height + 40), 4000))
    driver.save_screenshot(str(Path(folder) / f"{name}.png"))
    driver.set_window_size(1280, 1600)


def downloaded(folder: Path, name: str, timeout: float = 60.0) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        path = folder / name
        if path.is_file() and not list(folder.glob("*.crdownload")) and path.stat().st_size > 0:
            return path
        time.sleep(0.2)
    raise AssertionError(f"{name} was not downloaded; the folder holds {[p.name for p in folder.iterdir()]}")


def front_cards(pdf_path: Path) -> int:
    """Cards on the front pages of a card sheet PDF, counted from their poker-size cut outlines
    (read with tests/pdfium_pages.py's ``Shapes``: pdfplumber's text and rectangles, stroke and
    fill too, tests/test_pdfium_pages.py; the backs' paths not read)."""
    import pdfium_pages

    total = 0
    with pdfium_pages.Shapes(pdf_path) as pdf:
        for n in range(len(pdf.pages)):
            if "caras" in (pdf.text_page(n).extract_text() or ""):
                total += len(stroked_rects(pdf.pages[n], pt(63), pt(88)))
    return total


def pdf_pages(path: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(path).pages)


def axe(driver) -> list[dict]:
    """axe-core's violations on the page as it is now (axe.min.js from the npm package .ci/run installs)."""
    if not AXE.is_file():
        if under_ci():
            pytest.fail(f"axe-core is not installed at {AXE} (.ci/run installs it with npm)")
        pytest.skip("no axe-core: run `npm ci --prefix tests/web/axe`")
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then((r) => done(JSON.stringify(r.violations)), (e) => done(JSON.stringify([{id: 'axe failed', help: String(e), nodes: []}])));"
    )
    return [{"id": v["id"], "help": v["help"], "nodes": [n.get("target") for n in v["nodes"]][:5]} for v in json.loads(found)]


def no_violations(driver, where: str) -> None:
    found = axe(driver)
    assert found == [], f"axe-core on {where}: {found}"


def text(driver, css: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css).text


def retype(driver, field_id: str, value: str) -> None:
    from selenium.webdriver.common.by import By

    box = driver.find_element(By.ID, field_id)
    box.clear()
    box.send_keys(value)


def pick(driver, field_id: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, field_id)).select_by_value(value)


def counts(driver) -> tuple[int, int, int]:
    """(cards, sheets, pages) as the preview says them: "160 cartas (más 2 cartas de ayuda) · cards.pdf:
    18 hojas (36 páginas, 9 cartas por hoja)"."""
    said = text(driver, "#counts")
    found = re.match(r"([\d.,]+) \S+.*?cards\.pdf: ([\d.,]+) \S+ \(([\d.,]+) ", said)
    return tuple(int(g.replace(".", "").replace(",", "")) for g in found.groups()) if found else (0, 0, 0)


def cli_says(*argv: str) -> str:
    """The command line's error for ARGV, in Spanish (the page says the very same words)."""
    import contextlib
    import io

    from deckgen.main import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        main(["--ui-lang", "es", *argv])
    return err.getvalue().strip()


def in_words(value, lang: str) -> str:
    from deckgen.i18n import render

    said = render(value, lang)
    return said[:1].upper() + said[1:]


def test_a_teacher_chooses_previews_checks_and_downloads(d, server):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from deckgen.render.printing import pages
    from deckgen.spec import spec_for

    d.get(server.url + "/")
    assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert "Elige un juego" in d.page_source
    wait_for(d, lambda d: all(img.get_attribute("naturalWidth") not in (None, "0") for img in d.find_elements(By.CSS_SELECTOR, ".game img")), what="the sample cards")
    assert len(d.find_elements(By.CSS_SELECTOR, ".game")) == 5
    assert d.find_element(By.ID, "game-mgc").find_element(By.TAG_NAME, "h2").text == "ÁLGEBRA"  # the name its cards carry
    no_violations(d, "the home page")
    shot(d, "1-index")

    d.find_element(By.LINK_TEXT, "Multipli Cat's").click()
    # the default deck (tables 1-10, README): 160 cards and the 2 help cards printed after them
    wait_for(d, lambda d: counts(d) == (160, 18, 36), what="the default deck's preview (160 cards)")
    assert "(más 2 cartas de ayuda)" in text(d, "#counts")
    assert d.find_element(By.ID, "f-lang").get_attribute("value") == "es"
    no_violations(d, "a game page")

    # "Comprobar" is at most 8 Tabs from the top
    d.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    for tabs in range(1, 9):
        ActionChains(d).send_keys(Keys.TAB).perform()
        if d.switch_to.active_element.get_attribute("id") == "check-button":
            break
    assert d.switch_to.active_element.get_attribute("id") == "check-button", f"not reached in {tabs} Tabs"

    # wrong result 1: the sheets of the PDF that will be written (help-card sheet included)
    retype(d, "f-tables", "2,5,10")
    wait_for(d, lambda d: counts(d) == (63, 8, 16), what="the preview of tables 2,5,10 (16 pages)")
    assert d.switch_to.active_element.get_attribute("id") == "f-tables"  # focus stays where the teacher types
    assert text(d, "#argv") == "deckgen build multiplicats --tables 2,5,10"
    # the command line shown is one to paste: a value a shell would split is quoted
    retype(d, "f-tables", "2, 5, 10")
    wait_for(d, lambda d: text(d, "#argv") == 'deckgen build multiplicats --tables "2, 5, 10"', what="the quoted command line")
    retype(d, "f-tables", "2,5,10")
    wait_for(d, lambda d: counts(d) == (63, 8, 16), what="the preview of tables 2,5,10 again")
    # the options live in the address, and the language switch keeps them
    assert parse_qs(urlparse(d.current_url).query)["tables"] == ["2,5,10"]
    assert parse_qs(urlparse(d.find_element(By.ID, "switch-lang-en").get_attribute("href")).query) == {"lang": ["en"], "tables": ["2,5,10"]}

    # a mistake is shown beside its field with the CLI's words, marked invalid, and goes away when mended
    retype(d, "f-tables", "1-61")
    wait_for(d, lambda d: "se sale" in text(d, "[data-error-for=tables]"), what="the field's error")
    # the CLI's message (multiplicats: --tables: the range 1-61 is out of range: it goes past 10 (1 to 10))
    # in the page's Spanish
    assert text(d, "[data-error-for=tables]") == "error: multiplicats: --tables: el intervalo 1-61 se sale: pasa de 10 (1 a 10)"
    box = d.find_element(By.ID, "f-tables")
    assert box.get_attribute("aria-invalid") == "true"
    assert box.get_attribute("aria-describedby").split() == ["h-tables", "e-tables"]
    no_violations(d, "a game page with a field's error")
    d.find_element(By.ID, "f-tables").send_keys("\b\b\b\b" + "2,5,10")
    wait_for(d, lambda d: text(d, "[data-error-for=tables]") == "" and counts(d)[2] == 16, what="the error to clear")
    assert box.get_attribute("aria-invalid") is None
    # every field has a label and aria-describedby naming its help and its error
    for field in d.find_elements(By.CSS_SELECTOR, "#options input:not([type=hidden]), #options select"):
        fid = field.get_attribute("id")
        assert d.find_elements(By.CSS_SELECTOR, f"label[for='{fid}']"), fid
        name = fid[len("f-"):]
        assert field.get_attribute("aria-describedby").split() == [f"h-{name}", f"e-{name}"]
    # the print options of the CLI, each dropdown in words
    from deckgen.shared_options import SHARED

    backs = {o.get_attribute("value"): o.text for o in d.find_elements(By.CSS_SELECTOR, "#f-backs option")}
    assert backs == {c: in_words(SHARED["backs"].words[c], "es") for c in SHARED["backs"].choices}
    assert backs["separate"] == "Reversos en páginas aparte, sin reflejar, para pegarlos detrás de las caras"
    # every dropdown of the page in words, none a bare value (issue 37: Hectoedra's youngest/random)
    for select in d.find_elements(By.CSS_SELECTOR, "#options select"):
        for o in select.find_elements(By.TAG_NAME, "option"):
            assert o.text.strip() and o.text != o.get_attribute("value"), (select.get_attribute("id"), o.text)
    assert {o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#f-shop option")} == {"", "home", "tgc", "mpc", "dtc"}
    assert d.find_element(By.ID, "f-ink") and d.find_element(By.ID, "f-help_card").is_selected()
    shot(d, "2-game")
    shot(d, "es-1280x800", (1280, 800))
    shot(d, "es-390x844", (390, 844))

    # a check-only field's error stays beside its field while other options change
    retype(d, "f-games", "0")
    d.find_element(By.ID, "check-button").click()
    games_error = cli_says("validate", "multiplicats", "--games", "0")  # the command line's words, in Spanish
    wait_for(d, lambda d: text(d, "#e-games") == games_error, what="the games field's error")
    retype(d, "f-players", "4")
    wait_for(d, lambda d: text(d, "#preview-status") == "" and parse_qs(urlparse(d.current_url).query).get("players") == ["4"], what="the preview")
    time.sleep(0.5)
    assert text(d, "#e-games") == games_error
    assert d.find_element(By.ID, "f-games").get_attribute("aria-invalid") == "true"

    # the check: progress, then the verdict with its key line at the top
    retype(d, "f-games", "10")
    wait_for(d, lambda d: text(d, "#e-games") == "", what="the mended field")
    d.find_element(By.ID, "check-button").click()
    assert d.find_element(By.ID, "check-progress").is_displayed()
    verdict = wait_for(d, lambda d: d.find_elements(By.ID, "verdict"), timeout=240, what="the verdict")[0]
    assert verdict.text == "JUGABLE"
    key = text(d, "#key-line")
    assert re.fullmatch(r"Jugable para 4 jugadores; una partida dura unos \d+(–\d+)? minutos\.", key), key
    assert text(d, "#compared").startswith("Este mazo no es el de por defecto")  # 2,5,10 is not the default deck
    plots = d.find_elements(By.CSS_SELECTOR, "#check-result img.plot")
    assert len(plots) == 2 and all(p.get_attribute("alt").startswith("Gráfico: ") for p in plots)
    wait_for(d, lambda d: all(p.get_attribute("naturalWidth") not in (None, "0") for p in plots), what="the plots")
    no_violations(d, "a verdict")
    shot(d, "3-check")

    # wrong result 4 and the print options: separate backs, advice from the plan of the PDF, as the CLI says
    pick(d, "f-backs", "separate")
    # wrong result 3: the verdict was for other options; it goes
    wait_for(d, lambda d: not d.find_elements(By.ID, "verdict"), what="the old verdict to go")
    assert d.find_element(By.ID, "check-stale").is_displayed()
    wait_for(d, lambda d: counts(d)[1:] == (16, 16), what="separate backs: 16 sheets")
    d.find_element(By.ID, "build-button").click()
    link = wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "a[data-file='cards.pdf']"), timeout=240, what="the downloads")[0]
    from deckgen.i18n import render
    from deckgen.render.printing import instructions

    settings = spec_for("multiplicats", cli={"print": {"backs": "separate"}}).print
    plan = pages(65, settings)
    advice = text(d, ".advice")
    assert render(instructions(65, settings), "es") in advice  # the command line's printing line, in Spanish
    assert f"{plan.fronts[0]}-{plan.fronts[-1]}" in advice and f"{plan.backs[0]}-{plan.backs[-1]}" in advice
    assert "50 mm" in advice
    shot(d, "4-build")
    href = link.get_attribute("href")
    link.click()
    pdf = downloaded(d.downloads, "cards.pdf")
    assert pdf_pages(pdf) == 16
    assert front_cards(pdf) == 63 + 2  # the deck and its two help cards (kind "help")

    # the ZIP removes the files; a later click says so in words
    d.find_element(By.ID, "zip-link").click()
    downloaded(d.downloads, "multiplicats-2_5_10.zip")
    time.sleep(0.5)
    d.find_element(By.CSS_SELECTOR, "a[data-file='deck.json']").click()
    gone = wait_for(d, lambda d: d.find_elements(By.ID, "expired"), what="the words for removed files")[0]
    assert gone.text.startswith("Los archivos de este trabajo ya se borraron del servidor")
    assert not (d.downloads / "deck.json").exists()
    # a link followed without the page's script: an HTML page in words, not a bare 410
    d.get(server.url + urlparse(href).path + "?lang=es")
    assert "Los archivos de este trabajo ya se borraron" in text(d, ".error-line")
    no_violations(d, "an error page")
    # the whole walk: no script error and nothing the Content-Security-Policy refused, in the console
    console = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
    assert not [m for m in console if "Content Security Policy" in m or "Uncaught" in m], console


def test_english_page_address_reload_and_cancel(d, server, tmp_path):
    from selenium.webdriver.common.by import By

    # wrong result 2: the English page makes an English deck unless the teacher changes it
    d.get(server.url + "/games/multiplicats?lang=en&tables=2,5")
    assert d.find_element(By.ID, "f-tables").get_attribute("value") == "2,5"  # a bookmark opens the same deck
    wait_for(d, lambda d: counts(d)[0] == 48, what="the bookmarked deck's preview")
    assert d.find_element(By.ID, "f-lang").get_attribute("value") == "en"
    assert text(d, "#preview-label") == "tables 2 and 5"
    assert d.find_element(By.CSS_SELECTOR, "#sample button").get_attribute("aria-label") == "card 1"
    d.find_element(By.ID, "build-button").click()
    files = wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "a[data-file]"), timeout=240, what="the downloads")
    assert [a.get_attribute("data-file") for a in files if a.get_attribute("data-file").startswith("rulebook")] == ["rulebook-en.pdf"]
    assert "print double-sided, flip on the long edge" in text(d, ".advice")

    # the language switch keeps the options
    d.find_element(By.ID, "switch-lang-es").click()
    wait_for(d, lambda d: "lang=es" in d.current_url, what="the Spanish page")
    assert d.find_element(By.ID, "f-tables").get_attribute("value") == "2,5"
    wait_for(d, lambda d: text(d, "#preview-label") == "tablas 2 y 5", what="the Spanish preview")

    # a zoom to print size, and the whole deck as a gallery
    d.find_element(By.CSS_SELECTOR, "#sample button").click()
    img = wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#zoom-body img"), what="the zoomed card")[0]
    wait_for(d, lambda d: img.get_attribute("naturalWidth") not in (None, "0"), what="the zoomed card's image")
    mm = d.execute_script("const e = document.createElement('div'); e.style.width = '63mm'; document.body.append(e); const w = e.getBoundingClientRect().width; e.remove(); return w;")
    assert abs(img.rect["width"] - mm) < 1.5  # a poker card's 63 mm
    d.find_element(By.ID, "zoom-close").click()
    d.find_element(By.ID, "gallery-button").click()
    wait_for(d, lambda d: text(d, "#gallery-pos") == "Cartas 1–8 de 48", what="the gallery")
    for _ in range(5):
        d.find_element(By.ID, "gallery-next").click()
        time.sleep(0.3)
    wait_for(d, lambda d: text(d, "#gallery-pos") == "Cartas 41–48 de 48", what="the gallery's last cards")
    assert d.find_element(By.ID, "gallery-next").get_attribute("disabled") == "true"
    d.find_element(By.ID, "zoom-close").click()
    # on a phone the gallery's position is read whole and Close is in view (issue 37: cut off, and below the fold)
    d.set_window_size(390, 844)
    d.find_element(By.ID, "gallery-button").click()
    wait_for(d, lambda d: text(d, "#gallery-pos") == "Cartas 1–8 de 48", what="the gallery on a phone")
    time.sleep(0.5)
    seen = d.execute_script(
        "const v = [window.innerWidth, window.innerHeight]; const r = (id) => document.getElementById(id).getBoundingClientRect();"
        "const p = document.getElementById('gallery-pos');"
        "return {close: [r('zoom-close').left, r('zoom-close').bottom], pos: [r('gallery-pos').left, r('gallery-pos').right, r('gallery-pos').bottom],"
        " cut: p.scrollWidth > p.clientWidth + 1, view: v};")
    w, h = seen["view"]
    assert 0 <= seen["close"][0] and seen["close"][1] <= h, seen
    assert 0 <= seen["pos"][0] and seen["pos"][1] <= w and seen["pos"][2] <= h and not seen["cut"], seen
    d.find_element(By.ID, "zoom-close").click()
    d.set_window_size(1280, 1600)

    # a back image: sent to the server, then on the preview's back
    from PIL import Image

    Image.new("RGB", (900, 1200), (200, 30, 30)).save(tmp_path / "back.png")
    last_src = "const i = document.querySelectorAll('#sample img'); return i.length ? i[i.length - 1].src : '';"
    old_back = d.execute_script(last_src)  # read in the page: the preview may be redrawn meanwhile
    d.find_element(By.ID, "f-back_image").send_keys(str(tmp_path / "back.png"))
    wait_for(d, lambda d: d.find_element(By.ID, "back-remove").is_displayed(), what="the back image's token")
    wait_for(d, lambda d: d.execute_script(last_src) not in ("", old_back), what="the new back")

    # a reload finds the running job again, and the job can be cancelled
    retype(d, "f-games", "100000")
    retype(d, "f-skill_games", "20000")  # a skill ladder of minutes: the job is surely still running at the reload
    d.find_element(By.ID, "check-button").click()
    wait_for(d, lambda d: "job=" in d.current_url, what="the job in the address")
    d.refresh()
    wait_for(d, lambda d: d.find_element(By.ID, "check-cancel").is_displayed() and "Trabajando" in text(d, "#check-status"),
             what="the running check after a reload")
    assert d.find_element(By.ID, "f-games").get_attribute("value") == "100000"
    d.find_element(By.ID, "check-cancel").click()
    wait_for(d, lambda d: text(d, "#check-result") == "Cancelado.", what=f"the cancelled check ({text(d, '#check-result')!r}, {text(d, '#check-status')!r})")
    assert "job=" not in d.current_url


def test_the_deck_file_downloads_from_every_game_page(d, server):
    """Issue 37, case 3: "Download the deck file" failed on every game page (400, "unknown field
    'back_image'", said beside the back-image field at the bottom of the form, out of view)."""
    from selenium.webdriver.common.by import By

    from deckgen.registry import games

    for game_id in sorted(games()):
        d.get(server.url + f"/games/{game_id}?lang=es&seed=7")
        wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#sample img"), what=f"{game_id}'s preview")
        before = set(d.downloads.iterdir())
        d.find_element(By.ID, "deckfile-button").click()
        got = wait_for(d, lambda d: [p for p in set(d.downloads.iterdir()) - before if p.suffix == ".toml" and p.stat().st_size], what=f"{game_id}'s deck file")[0]
        said = got.read_text(encoding="utf-8")
        assert f'game = "{game_id}"' in said and "seed = 7" in said, said
        assert text(d, "#deckfile-error") == ""
    # a mistake in the form: said beside the button (where the teacher looks), in the command line's words, and no file
    d.get(server.url + "/games/multiplicats?lang=es")
    retype(d, "f-tables", "0")
    before = set(d.downloads.iterdir())
    d.find_element(By.ID, "deckfile-button").click()
    words = cli_says("build", "multiplicats", "--tables", "0")  # (init would ask for --out first)
    wait_for(d, lambda d: text(d, "#deckfile-error") == words, what=f"the deck file's error ({text(d, '#deckfile-error')!r} vs {words!r})")
    time.sleep(0.5)
    assert set(d.downloads.iterdir()) == before


def test_without_javascript_the_form_builds_and_downloads(d, server):
    from selenium.webdriver.common.by import By

    d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        d.get(server.url + "/games/multiplicats?lang=es&tables=2,5,10")
        # the preview is the server's: the counts and the sample, not dashes and "Preparando…" forever
        assert counts(d) == (63, 8, 16) and len(d.find_elements(By.CSS_SELECTOR, "#sample img")) == 9
        assert text(d, "#preview-status") == ""
        retype(d, "f-tables", "1-6")
        d.find_element(By.ID, "build-button").click()
        link = wait_for(d, lambda d: d.find_elements(By.LINK_TEXT, "cards.pdf"), timeout=240, what="the job page's downloads")[0]
        assert "/jobs/" in d.current_url
        # tables 1-6: 60 multiplications, 32 products, 10 specials (GAMES.md), and 2 help cards; 9 a sheet
        assert "102 cartas. cards.pdf: 24 páginas en 12 hojas." in d.page_source
        assert "Para imprimir bien" in d.page_source and "50 mm" in text(d, ".advice")  # the printing advice, without JavaScript too
        link.click()
        assert pdf_pages(downloaded(d.downloads, "cards.pdf")) == 24
        job_page = d.current_url
    finally:
        d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    d.get(job_page)
    no_violations(d, "the job page of the no-JavaScript path")


def test_an_uploaded_deck_file_shows_its_problems_or_opens(d, server, tmp_path):
    from selenium.webdriver.common.by import By

    d.get(server.url + "/")
    d.find_element(By.CSS_SELECTOR, "#upload button").click()  # no file chosen
    assert wait_for(d, lambda d: text(d, "#upload-out"), what="the empty upload's words") == "Elige primero un archivo de mazo."
    empty = tmp_path / "empty.toml"
    empty.write_text("", encoding="utf-8")
    d.find_element(By.ID, "upload-file").send_keys(str(empty))
    d.find_element(By.CSS_SELECTOR, "#upload button").click()
    assert wait_for(d, lambda d: text(d, "#upload-out"), what="the empty file's words") == "El archivo empty.toml está vacío."

    bad = tmp_path / "mine.toml"
    bad.write_text('game = "multiplicats"\n\n[options]\ntabels = "1-6"\n', encoding="utf-8")
    d.find_element(By.ID, "upload-file").send_keys(str(bad))
    d.find_element(By.CSS_SELECTOR, "#upload button").click()
    item = wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".problems li"), what="the file's problems")[0]
    said = cli_says("validate", str(bad)).splitlines()[1].strip()  # "…/mine.toml:4: options.tabels: <the problem>", in Spanish
    assert item.text == "línea 4 options.tabels " + said.split(": ", 2)[2]
    shot(d, "5-upload-problems")

    good = tmp_path / "good.toml"
    good.write_text('game = "multiplicats"\n\n[options]\ntables = "2,5"\n', encoding="utf-8")
    d.find_element(By.ID, "upload-file").send_keys(str(good))
    d.find_element(By.CSS_SELECTOR, "#upload button").click()
    wait_for(d, lambda d: "/decks/" in d.current_url, what="the uploaded deck's page")
    # tables 2 and 5: 20 multiplications, their 18 distinct products (10 and 20 are in both), 10 specials
    wait_for(d, lambda d: counts(d)[0] == 48, what="the uploaded deck's preview")
    assert "good.toml" in text(d, ".uploaded")
    shot(d, "6-uploaded-deck")

    d.get(server.url + "/games/nope")
    assert text(d, ".error-line") == cli_says("build", "nope")
    no_violations(d, "the error page")
    shot(d, "7-error")


def test_a_counterexample_on_the_spanish_page_reads_in_spanish(d, server):
    """Issue 26's deck of three groups of monomials: NOT PLAYABLE, the model checker's counterexample
    under the verdict and in the full report, every line in Spanish."""
    from selenium.webdriver.common.by import By

    from web.test_report_words import ISLANDS_ES, ISLANDS_LISTED, english_words

    islands = Path(__file__).resolve().parents[1] / "modelcheck" / "decks" / "mgc_islands.toml"
    d.get(server.url + "/")
    d.find_element(By.ID, "upload-file").send_keys(str(islands))
    d.find_element(By.CSS_SELECTOR, "#upload button").click()
    wait_for(d, lambda d: "/decks/" in d.current_url, what="the uploaded deck's page")
    retype(d, "f-games", "5")
    d.find_element(By.ID, "check-button").click()
    verdict = wait_for(d, lambda d: d.find_elements(By.ID, "verdict"), timeout=240, what="the verdict")[0]
    assert verdict.text == "NO JUGABLE"
    failed = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#check-result ul li")]
    assert ISLANDS_LISTED in failed  # a step a line
    assert [f for f in failed if english_words(f)] == []
    assert not d.find_elements(By.ID, "compared")  # an unplayable deck is not compared with the default deck
    d.find_element(By.CSS_SELECTOR, "#check-result details summary").click()
    report = d.find_element(By.CSS_SELECTOR, "#check-result details pre")
    assert report.get_attribute("lang") == "es"
    assert english_words(report.text) == [], english_words(report.text)
    assert ISLANDS_ES.strip() in [line.strip() for line in report.text.splitlines()]
    no_violations(d, "a verdict with a counterexample")
    shot(d, "8-counterexample")
