"""Issue 41, item 11: `sweep --scheduler` at an address where no Dask scheduler answers (nothing
listening, an unknown host, a server that says nothing, an HTTP server, a program that answers
something else) is one `error:` line within a bounded time, never a hang or a traceback; a real
scheduler still answers (tests/analysis/test_sweep.py runs a sweep on one)."""

from __future__ import annotations

import http.server
import socket
import threading
import time

import pytest

from clirun import run
from deckgen.analysis import sweep as sweeping
from deckgen.errors import DeckgenError

SECONDS = 1.0


def _serve(accept) -> int:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()

    def loop() -> None:
        held = []
        while True:
            conn, _ = listener.accept()
            held.append(conn)
            accept(conn)

    threading.Thread(target=loop, daemon=True).start()
    return listener.getsockname()[1]


def _http() -> int:
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_port


def _closed() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="module")
def places():
    import distributed.comm  # noqa: F401  (loaded before the clock starts: its import is not the wait measured)

    return {
        "nothing listens": (f"tcp://127.0.0.1:{_closed()}", "nothing listens"),
        "silent server": (f"tcp://127.0.0.1:{_serve(lambda c: None)}", "no Dask scheduler answered"),
        "http server": (f"tcp://127.0.0.1:{_http()}", "no Dask scheduler answered"),
        "another protocol": (f"tcp://127.0.0.1:{_serve(lambda c: (c.sendall(b'SSH-2.0-x' + bytes(range(256))), c.close()))}",
                             "not as a Dask scheduler"),
        "unknown host": ("tcp://no-such-host.invalid:8786", "not known"),
    }


@pytest.mark.parametrize("place", ["nothing listens", "silent server", "http server", "another protocol", "unknown host"])
def test_where_no_scheduler_answers_it_is_said_within_the_bound(places, place):
    address, said = places[place]
    start = time.monotonic()
    with pytest.raises(DeckgenError) as exc:
        sweeping._probe(address, SECONDS)
    assert said in str(exc.value)
    assert time.monotonic() - start < 3 * SECONDS + 2  # (a TCP check and the handshake, each bounded)


def test_the_command_says_it_in_one_line(places, tmp_path, capsys):
    address, said = places["silent server"]
    code, out, err = run(capsys, "sweep", "hectoedra", "--vary", "cards=1-20", "--players", "2", "--games", "40", "--scheduler", address,
                         "--out", tmp_path / "s", "-q")
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: ") and said in err, err
    assert not (tmp_path / "s").exists()
