"""Hostile input through every command: each case ends with exit code 2, exactly one `error:` line, no
traceback and nothing raw from the input on the terminal. bench/hostile.py runs the same corpus and
measures each case's time and memory (each answers in under a second)."""

from __future__ import annotations

import errno
import struct
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image

from clirun import run

COMMANDS = ["build", "validate", "simulate", "preview", "rules", "init"]


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def bomb_png(path: Path, side: int) -> None:
    """A 1-bit PNG of side × side white pixels: a few KB on disk, side² pixels decoded."""
    raw = zlib.compress(b"\x00" * ((side // 8 + 1) * side), 9)
    ihdr = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", ihdr) + _png_chunk(b"IDAT", raw) + _png_chunk(b"IEND", b""))


def garbage_png(path: Path) -> None:
    """A PNG whose header is right and whose image data is noise (with a valid checksum)."""
    Image.new("RGB", (60, 80), "red").save(path)
    data = path.read_bytes()
    i = data.index(b"IDAT")
    n = struct.unpack(">I", data[i - 4 : i])[0]
    noise = bytes((x * 37 + 11) % 256 for x in range(n))
    path.write_bytes(data[: i + 4] + noise + struct.pack(">I", zlib.crc32(b"IDAT" + noise)) + data[i + 8 + n :])


def truncated_jpeg(path: Path) -> None:
    Image.new("RGB", (200, 300), "blue").save(path, format="JPEG")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


IMAGES = {"bomb-20000.png": lambda p: bomb_png(p, 20000), "bomb-12000.png": lambda p: bomb_png(p, 12000),
          "garbage.png": garbage_png, "truncated.jpg": truncated_jpeg, "text.png": lambda p: p.write_text("not an image")}

DECK_FILES = {
    "deep arrays": 'game = "multiplicats"\n[options]\ntables = ' + "[" * 1000 + "]" * 1000 + "\n",
    "deep inline tables": 'game = "multiplicats"\nx = ' + "{a = " * 1000 + "1" + "}" * 1000 + "\n",
    "deep table headers": 'game = "multiplicats"\n[' + ".".join(["a"] * 1000) + "]\n",
    "deep but parseable": 'game = "multiplicats"\n[options]\ntables = ' + "[" * 50 + "1" + "]" * 50 + "\n",
    "450,000 entries": 'game = "multiplicats"\n[options]\ntables = [' + "1," * 450_000 + "]\n",
    "many cards": 'game = "multiplicats"\ncards = [' + "{kind = \"multiplication\", a = 1, b = 1}," * 6000 + "]\n",
    "huge range": 'game = "multiplicats"\n[options]\ntables = "1-100000000"\n',
    "overflowing range": 'game = "multiplicats"\n[options]\ntables = "1-99999999999999999999999"\n',
    "repeated ranges": 'game = "hectoedra"\n[options]\ncards = "' + ",".join(["1-100"] * 3000) + '"\n',
    "escape in a key": 'game = "multiplicats"\n"\\u001b[31mred\\nerror: forged" = 1\n',
    "escape in a value": 'game = "\\u001b]0;title\\u0007\\u001b[2J"\n',
    "bidi in a value": 'game = "multiplicats"\n[options]\ntables = "\\u202e1-6"\n',
    "nul in back_image": 'game = "multiplicats"\n[print]\nback_image = "a\\u0000b.png"\n',
    "escape in back_image": 'game = "multiplicats"\n[print]\nback_image = "\\u001b[31m.png"\n',
    "long line of spaces": "[" + " " * 300_000 + "x\n",
    "not utf-8": b"game = \"multiplicats\"\n\xff\xfe\n",
    "binary": bytes(range(256)) * 10,
    "too big": "# " + "x" * 1_100_000 + "\n",
    "huge copies": 'game = "mgc"\n[[cards]]\nkind = "action"\naction = "toma_cuatro"\ncopies = 99999999999999999999\n',
    "huge seed": 'game = "multiplicats"\nseed = 99999999999999999999\n',
    "long key": 'game = "multiplicats"\n' + "k" * 5000 + " = 1\n",
    **{f"back image {name}": f'game = "multiplicats"\n[print]\nback_image = "{name}"\n' for name in IMAGES},
}

# argument lists given after the command and the game (or deck file)
ARGS = {
    "tables 1-10000000": ["multiplicats", "--tables", "1-10000000"],
    "tables 1-100000000": ["multiplicats", "--tables", "1-100000000"],
    "tables overflow": ["multiplicats", "--tables", "1-99999999999999999999999"],
    "12,000 repeated ranges": ["multiplicats", "--tables", ",".join(["1-10"] * 12_000)],
    "coefficients repeated": ["mgc", "--coefficients", ",".join(["1-3"] * 12_000)],
    "degrees huge": ["mgc", "--degrees", "0-99999999999999999"],
    "hectoedra cards": ["hectoedra", "--cards", "1-1000000000"],
    "negated flag with a value": ["multiplicats", "--no-specials=yes"],
    "escape in an option": ["multiplicats", "--\x1b[31mtables", "1"],
    "escape in a game id": ["\x1b[2Jmultiplicats\nerror: forged"],
    "unknown game": ["uno"],
    "seed overflow": ["multiplicats", "--seed", "99999999999999999999999"],
    "players 0": ["multiplicats", "--players", "0"],
    "players huge": ["multiplicats", "--players", "99999999999999999999"],
    "bleed nan": ["multiplicats", "--bleed", "nan"],
    "card size huge": ["multiplicats", "--card-size", "99999999999999999x1"],
    "card size escape": ["multiplicats", "--card-size", "\x1b[31m"],
}
CAPABILITY_ARGS = {
    "solve cards huge": ["solve", "hectoedra", "--cards", "1-99999999999999"],
    "solve cards repeated": ["solve", "hectoedra", "--cards", ",".join(["1-100"] * 5000)],
    "puzzle cards huge": ["puzzle", "hectoedra", "--cards", "1-100000000"],
    "puzzle out empty": ["puzzle", "hectoedra", "--out", ""],
    "puzzle escape": ["puzzle", "hectoedra", "--\x1b[31m"],
    "solve unknown game": ["solve", "uno"],
    "simulate games huge": ["simulate", "multiplicats", "--games", "99999999999999999999"],
    "simulate workers huge": ["simulate", "multiplicats", "--workers", "99999"],
    "validate games 0": ["validate", "multiplicats", "--games", "0"],
    "validate players 0": ["validate", "multiplicats", "--players", "0"],
    "build out empty": ["build", "multiplicats", "--out", ""],
}


def assert_refused(code: int, out: str, err: str, seconds: float = 0.0) -> None:
    """(How long each case takes is measured by bench/hostile.py, not asserted here.)"""
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert sum(line.startswith("error:") for line in lines) == 1, err
    assert lines[0].startswith("error: ")
    assert "Traceback" not in err and "Warning" not in err
    assert not any(c in err + out for c in "\x1b\x00\x07\u202e"), "raw control characters reached the terminal"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for name, make in IMAGES.items():
        make(folder / name)
    for i, (name, text) in enumerate(DECK_FILES.items()):
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        (folder / f"deck-{i:02d}.toml").write_bytes(data)
    return folder


def _extra(command: str, tmp_path: Path) -> list[str]:
    if command == "init":
        return ["--out", str(tmp_path / "new.toml")]
    if command in ("build", "preview", "rules"):
        return ["--out", str(tmp_path / "out"), "-q"]
    if command in ("validate", "simulate"):
        return ["--games", "2", "-q"]
    return []


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", list(DECK_FILES))
def test_hostile_deck_files(corpus, tmp_path, capsys, command, case):
    deck = corpus / f"deck-{list(DECK_FILES).index(case):02d}.toml"
    start = time.perf_counter()
    code, out, err = run(capsys, command, deck, *_extra(command, tmp_path))
    assert_refused(code, out, err, time.perf_counter() - start)
    assert not (tmp_path / "out").exists() and not (tmp_path / "new.toml").exists()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", list(ARGS))
def test_hostile_arguments(tmp_path, capsys, command, case):
    start = time.perf_counter()
    code, out, err = run(capsys, command, *ARGS[case], *_extra(command, tmp_path))
    assert_refused(code, out, err, time.perf_counter() - start)


@pytest.mark.parametrize("case", list(CAPABILITY_ARGS))
def test_hostile_command_lines(tmp_path, monkeypatch, capsys, case):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "multiplicats").write_text('game = "multiplicats"\n')  # a file named like a game
    start = time.perf_counter()
    code, out, err = run(capsys, *CAPABILITY_ARGS[case])
    assert_refused(code, out, err, time.perf_counter() - start)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["multiplicats"]


def test_a_game_id_wins_over_a_file_of_that_name(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "multiplicats").write_text("garbage = [\n")
    code, out, _ = run(capsys, "validate", "multiplicats", "--tables", "1-2", "--games", "4", "--players", "2")
    assert code in (0, 1) and "Multipli Cat's: " in out  # the game, not the file
    code, _, err = run(capsys, "validate", "./multiplicats")
    assert code == 2 and "not valid TOML" in err  # the file, when its path says so


def test_a_forged_error_line_is_shown_escaped(corpus, capsys):
    deck = corpus / f"deck-{list(DECK_FILES).index('escape in a key'):02d}.toml"
    code, _, err = run(capsys, "validate", deck)
    assert code == 2 and "\\x1b[31mred\\nerror: forged" in err


def test_a_byte_order_mark_is_accepted(tmp_path, capsys):
    deck = tmp_path / "bom.toml"
    deck.write_bytes("\ufeffgame = \"multiplicats\"\n[options]\ntables = \"1-2\"\n".encode("utf-8"))
    code, out, err = run(capsys, "validate", deck, "--games", "4", "--players", "2", "-q")
    assert code in (0, 1) and err == "", err


def test_a_whole_image_is_accepted(tmp_path, capsys):
    Image.new("RGB", (800, 1100), "green").save(tmp_path / "back.jpg", format="JPEG")  # 300 dpi over a poker card and its bleed
    deck = tmp_path / "deck.toml"
    deck.write_text('game = "multiplicats"\n[options]\ntables = "1"\n[print]\nback_image = "back.jpg"\n')
    code, _, err = run(capsys, "init", deck, "--out", tmp_path / "copy.toml")
    assert code == 0, err
    assert 'back_image = "back.jpg"' in (tmp_path / "copy.toml").read_text()  # init keeps the back image


# ---------------------------------------------------------------- the environment failing


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "multiplicats", "--tables", "1", "-q"],
        ["rules", "multiplicats", "--tables", "1", "-q"],
        ["preview", "multiplicats", "--tables", "1", "-q"],
        ["validate", "multiplicats", "--tables", "1", "--games", "2", "--players", "2", "-q", "--skill-games", "0", "--report"],
        ["puzzle", "hectoedra", "--sets", "1", "--size", "6", "-q"],
        ["simulate", "maestras", "--games", "1", "-q", "--board"],
        ["init", "multiplicats", "--out"],
    ],
    ids=lambda a: a[0],
)
def test_a_full_disk_is_one_error_line(tmp_path, monkeypatch, capsys, argv):
    """Every file opened for writing fails with ENOSPC, as on a full disk."""
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "out"
    if argv[-1] in ("--report", "--board", "--out"):
        argv = [*argv, str(tmp_path / "x.png" if argv[-1] == "--board" else target if argv[-1] == "--report" else tmp_path / "new.toml")]
    elif argv[0] != "puzzle":
        argv = [*argv, "--out", str(target)]
    import builtins

    real_open = builtins.open

    def open_full(file, mode="r", *args, **kwargs):
        f = real_open(file, mode, *args, **kwargs)
        if any(m in mode for m in "wax+"):
            f.close()
            raise OSError(errno.ENOSPC, "No space left on device", str(file))
        return f

    monkeypatch.setattr(builtins, "open", open_full)
    monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device", str(self))))
    monkeypatch.setattr(Path, "write_bytes", lambda self, *a, **k: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device", str(self))))
    code, out, err = run(capsys, *argv)
    monkeypatch.undo()
    assert code == 2, err
    assert err.count("error:") == 1 and "No space left on device" in err
    leftovers = [p.name for p in tmp_path.rglob("*") if p.name.startswith(".") or p.name in ("new.toml", "x.png")]
    assert leftovers == [], leftovers
