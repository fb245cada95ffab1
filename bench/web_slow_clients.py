"""Slow clients against a real `deckgen serve` (defaults, on 127.0.0.1): 30 sockets sending one byte
every 2 s, half of them a request's headers and half a request's body. Prints when the server closed
the first and the last of them (the header deadline is 10 s, the body deadline 30 s).

    python3 bench/web_slow_clients.py
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAD = b"POST /api/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def slow(port: int, body: bool, every: float, closed: list[float], give_up: float) -> None:
    s = socket.create_connection(("127.0.0.1", port))
    began = time.monotonic()
    if body:
        s.sendall(HEAD)
    s.settimeout(every)
    trickle = iter((b" " * 1000) if body else (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 1000))
    while time.monotonic() - began < give_up:
        try:
            if s.recv(4096) == b"":
                break
        except socket.timeout:
            try:
                s.sendall(bytes([next(trickle)]))
            except (OSError, StopIteration):
                break
        except OSError:
            break
    closed.append(time.monotonic() - began)
    s.close()


def main() -> None:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "deckgen", "serve", "--port", str(port), "--quiet"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        closed: list[float] = []
        threads = [threading.Thread(target=slow, args=(port, i % 2 == 1, 2.0, closed, 120.0)) for i in range(30)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"30 slow clients (15 headers, 15 bodies, a byte every 2 s): first closed after {min(closed):.1f} s, "
          f"last after {max(closed):.1f} s")


if __name__ == "__main__":
    main()
