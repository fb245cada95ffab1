"""The page's defences in a real browser (Debian's chromium through chromedriver, 127.0.0.1 only):
the Content-Security-Policy refuses nothing the page itself uses, the page's own writes carry its
CSRF token, and a form on another origin that posts to the API is refused by the browser's own
Origin and Sec-Fetch-Site headers.

Under CI (CI=true) these tests fail when the browser cannot run; elsewhere they skip and say why.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import threading
from functools import partial

import pytest

from sources import under_ci
from web.webtools import Server, free_port


def _unavailable(reason: str):
    if under_ci():
        pytest.fail(f"browser tests must run under CI: {reason}")
    pytest.skip(f"no browser test: {reason} (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def page_server():
    s = Server("--jobs", "1", "--time-limit", "120")
    yield s
    s.stop()


@pytest.fixture
def chrome():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:
        _unavailable(f"selenium is not installed ({exc})")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        _unavailable("chromium or chromedriver is not on PATH")
    os.environ["SE_OFFLINE"] = "true"
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,900",
                "--no-first-run", "--disable-background-networking", "--disable-sync"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    except Exception as exc:  # noqa: BLE001 - any failure to start the browser is the reason
        _unavailable(f"chromium did not start ({type(exc).__name__})")
    yield driver
    driver.quit()


def refused_by_policy(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"] or "Refused to" in e["message"]]


def test_the_policy_refuses_nothing_the_page_uses_and_its_writes_carry_the_token(chrome, page_server):
    from selenium.webdriver.support.ui import WebDriverWait

    for path in ("/", "/?lang=en", "/games/multiplicats", "/games/mgc?lang=en", "/no-such-page"):
        chrome.get(page_server.url + path)
        WebDriverWait(chrome, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
        assert refused_by_policy(chrome) == [], path
    chrome.get(page_server.url + "/games/multiplicats")
    script = """
        const done = arguments[arguments.length - 1];
        const body = new URLSearchParams({game: "multiplicats", tables: "1-3"});
        const viaPage = await fetch("/api/preview", {method: "POST", body});
        const bare = await new Promise((ok) => {  // a write without the page's token
            const x = new XMLHttpRequest();
            x.open("POST", "/api/preview");
            x.setRequestHeader("Content-Type", "application/x-www-form-urlencoded");
            x.onload = () => ok([x.status, x.responseText]);
            x.send(body.toString());
        });
        done([viaPage.status, (await viaPage.json()).cards, bare[0], JSON.parse(bare[1]).error]);
    """
    chrome.set_script_timeout(60)
    status, cards, bare_status, bare_error = chrome.execute_async_script(script)
    assert status == 200 and cards > 0  # the page's own write (through csrf.js) is answered
    assert bare_status == 403 and "CSRF token" in bare_error
    inline = chrome.execute_script(
        "try { const s = document.createElement('script'); s.textContent = 'window.__ran = 1'; document.body.append(s); } catch (e) {}"
        "return window.__ran === 1;"
    )
    assert inline is False  # an injected inline script does not run
    assert any("Content Security Policy" in m for m in refused_by_policy(chrome))


def test_a_form_on_another_origin_cannot_make_the_server_work(chrome, page_server, tmp_path):
    """Another site's page (here: another port of this computer, a different origin) auto-submits a
    form to /api/build and /api/check: the browser says where it comes from, and the server refuses."""
    for route in ("build", "check"):
        (tmp_path / f"{route}.html").write_text(
            f'<!doctype html><form id="f" method="post" action="{page_server.url}/api/{route}">'
            '<input name="game" value="multiplicats"><input name="tables" value="1"></form>'
            '<script>document.getElementById("f").submit()</script>', encoding="utf-8")
    port = free_port()
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a, **k: None
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        from selenium.webdriver.support.ui import WebDriverWait

        for route in ("build", "check"):
            chrome.get(f"http://127.0.0.1:{port}/{route}.html")
            WebDriverWait(chrome, 30).until(lambda d: d.current_url.startswith(page_server.url))
            text = chrome.execute_script("return document.body.innerText")
            answer = json.loads(text)
            assert "may not change anything here" in answer["error"], answer
            assert "id" not in answer
        # the page's own no-JavaScript routes (/build, /check) refuse another site's form the same way
        for route in ("build", "check"):
            (tmp_path / f"plain-{route}.html").write_text(
                f'<!doctype html><form id="f" method="post" action="{page_server.url}/{route}">'
                '<input name="game" value="multiplicats"><input name="tables" value="1"></form>'
                '<script>document.getElementById("f").submit()</script>', encoding="utf-8")
            chrome.get(f"http://127.0.0.1:{port}/plain-{route}.html")
            WebDriverWait(chrome, 30).until(lambda d: d.current_url.startswith(page_server.url))
            assert "may not change anything here" in chrome.execute_script("return document.body.innerText")
            assert "/jobs/" not in chrome.current_url
    finally:
        evil.shutdown()
