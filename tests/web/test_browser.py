"""A real browser (Debian's chromium, driven by Selenium through chromedriver) on a real server:
choose Multipli Cat's tables 1-6, see the preview, run the check, read the verdict, download the PDF.

Under CI (CI=true) these tests fail when the browser cannot run; elsewhere they skip and say why.
With DECKGEN_SCREENSHOTS=FOLDER they also save a screenshot of each page there (not committed).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from pdfcheck import pt, stroked_rects
from sources import under_ci


def _unavailable(reason: str):
    if under_ci():
        pytest.fail(f"browser tests must run under CI: {reason}")
    pytest.skip(f"no browser test: {reason} (apt-get install chromium chromium-driver)")


@pytest.fixture
def browser(tmp_path):
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
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,1600",
                "--lang=es", "--no-first-run", "--disable-background-networking", "--disable-sync"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False})
    try:
        driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    except Exception as exc:  # noqa: BLE001 - any failure to start the browser is the reason
        _unavailable(f"chromium did not start ({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''})")
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    driver.downloads = downloads
    yield driver
    driver.quit()


def wait_for(driver, test, timeout: float = 60.0, what: str = "the page"):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.2).until(lambda d: test(d), message=f"waiting for {what}")


def shot(driver, name: str) -> None:
    folder = os.environ.get("DECKGEN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
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
    """Cards on the front pages of a card sheet PDF, counted from their poker-size cut outlines."""
    import pdfplumber

    total = 0
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            if "caras" in (page.extract_text() or ""):
                total += len(stroked_rects(page, pt(63), pt(88)))
    return total


def test_a_teacher_chooses_previews_checks_and_downloads(browser, server):
    from selenium.webdriver.common.by import By

    d = browser
    d.get(server.url + "/")
    assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
    assert "Elige un juego" in d.page_source
    wait_for(d, lambda d: all(img.get_attribute("naturalWidth") not in (None, "0") for img in d.find_elements(By.CSS_SELECTOR, ".game img")), what="the sample cards")
    assert len(d.find_elements(By.CSS_SELECTOR, ".game")) == 5
    shot(d, "1-index")

    d.find_element(By.LINK_TEXT, "Multipli Cat's").click()
    wait_for(d, lambda d: d.find_element(By.ID, "n-cards").text == "160", what="the default deck's preview (160 cards)")
    tables = d.find_element(By.ID, "f-tables")
    tables.clear()
    tables.send_keys("1-6")
    # 60 multiplications, 32 products, 10 specials (GAMES.md); 9 poker cards per A4 sheet
    wait_for(d, lambda d: d.find_element(By.ID, "n-cards").text == "102", what="the preview of tables 1-6")
    assert d.find_element(By.ID, "n-sheets").text == "12"
    assert d.find_element(By.ID, "n-pages").text == "24"
    assert d.find_element(By.ID, "preview-label").text == "tablas 1-6"
    assert len(d.find_elements(By.CSS_SELECTOR, "#sample img")) == 9  # eight fronts and the back

    # a mistake is shown beside its field with the CLI's words, and goes away when mended
    tables.send_keys("1")  # "1-61"
    wait_for(d, lambda d: "out of range" in d.find_element(By.CSS_SELECTOR, "[data-error-for=tables]").text, what="the field's error")
    assert d.find_element(By.CSS_SELECTOR, "[data-error-for=tables]").text == "error: multiplicats: --tables: 11 is out of range (1 to 10)"  # 1-61 runs out at 11
    tables.send_keys("\b")
    wait_for(d, lambda d: d.find_element(By.CSS_SELECTOR, "[data-error-for=tables]").text == "", what="the error to clear")
    shot(d, "2-game")

    for name, value in (("players", "4"), ("games", "10")):  # a quick check: one player count, few games
        box = d.find_element(By.ID, f"f-{name}")
        box.clear()
        box.send_keys(value)
    d.find_element(By.ID, "check-button").click()
    assert d.find_element(By.ID, "check-progress").is_displayed()
    verdict = wait_for(d, lambda d: d.find_elements(By.ID, "verdict"), timeout=240, what="the verdict")[0]
    assert verdict.text == "JUGABLE"
    plots = d.find_elements(By.CSS_SELECTOR, "#check-result img.plot")
    assert len(plots) == 2
    wait_for(d, lambda d: all(p.get_attribute("naturalWidth") not in (None, "0") for p in plots), what="the plots")
    shot(d, "3-check")

    d.find_element(By.ID, "build-button").click()
    link = wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, "a[data-file='cards.pdf']"), timeout=240, what="the downloads")[0]
    advice = d.find_element(By.CSS_SELECTOR, ".advice").text
    assert "100 %" in advice and "50 mm" in advice and "borde largo" in advice
    shot(d, "4-build")
    link.click()
    pdf = downloaded(d.downloads, "cards.pdf")
    from pypdf import PdfReader

    assert len(PdfReader(pdf).pages) == 24
    assert front_cards(pdf) == 102


def test_an_uploaded_deck_file_shows_its_problems_or_opens(browser, server, tmp_path):
    from selenium.webdriver.common.by import By

    d = browser
    bad = tmp_path / "mine.toml"
    bad.write_text('game = "multiplicats"\n\n[options]\ntabels = "1-6"\n', encoding="utf-8")
    d.get(server.url + "/")
    d.find_element(By.ID, "upload-file").send_keys(str(bad))
    d.find_element(By.CSS_SELECTOR, "#upload button").click()
    item = wait_for(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".problems li"), what="the file's problems")[0]
    assert item.text == "línea 4 options.tabels Multipli Cat's has no option 'tabels' (did you mean tables?)"
    shot(d, "5-upload-problems")

    good = tmp_path / "good.toml"
    good.write_text('game = "multiplicats"\n\n[options]\ntables = "2,5"\n', encoding="utf-8")
    d.find_element(By.ID, "upload-file").send_keys(str(good))
    d.find_element(By.CSS_SELECTOR, "#upload button").click()
    wait_for(d, lambda d: "/decks/" in d.current_url, what="the uploaded deck's page")
    # tables 2 and 5: 20 multiplications, their 18 distinct products (10 and 20 are in both), 10 specials
    wait_for(d, lambda d: d.find_element(By.ID, "n-cards").text == "48", what="the uploaded deck's preview")
    assert "good.toml" in d.find_element(By.CSS_SELECTOR, ".uploaded").text
    shot(d, "6-uploaded-deck")

    d.get(server.url + "/games/nope")
    assert "unknown game 'nope'" in d.find_element(By.CSS_SELECTOR, ".error-line").text
    shot(d, "7-error")
