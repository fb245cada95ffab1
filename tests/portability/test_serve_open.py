"""`deckgen serve --open`: the page opens in the browser once the server takes connections, at an
address a browser on this computer can reach."""

from __future__ import annotations

import socket
import time

from deckgen.web.server import browser_url, open_when_listening


def test_the_browser_opens_once_the_server_listens():
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    opened: list[tuple[str, float]] = []
    began = time.monotonic()
    thread = open_when_listening("127.0.0.1", port, wait=30, opener=lambda url: opened.append((url, time.monotonic())))
    time.sleep(0.6)
    assert opened == []  # nothing listens yet: the browser would show "cannot connect"
    with socket.socket() as server:
        server.bind(("127.0.0.1", port))
        server.listen()
        listening = time.monotonic()
        thread.join(10)
    assert [url for url, _ in opened] == [f"http://127.0.0.1:{port}/"]
    assert listening <= opened[0][1] < listening + 2 and opened[0][1] - began >= 0.6


def test_a_server_on_every_address_is_opened_at_this_computers_own():
    assert browser_url("0.0.0.0", 8000) == ("127.0.0.1", "http://127.0.0.1:8000/")
    assert browser_url("::", 8001) == ("::1", "http://[::1]:8001/")
    assert browser_url("192.168.1.5", 80) == ("192.168.1.5", "http://192.168.1.5:80/")


def test_it_opens_anyway_after_its_wait():
    opened = []
    open_when_listening("127.0.0.1", 9, wait=0.3, opener=opened.append).join(5)  # port 9: nothing listens
    assert opened == ["http://127.0.0.1:9/"]
