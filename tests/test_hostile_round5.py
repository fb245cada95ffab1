"""Round 5 of hostile input: single files a command writes beside the user's own (`simulate --board`),
and what the messages show of the values a deck file gave."""

from __future__ import annotations

import errno
import io
import os
import sys

import pytest
from PIL import Image

from clirun import run

BOARD = ["simulate", "maestras", "--games", "1", "--players", "2", "-q"]


def test_a_file_of_the_users_at_the_board_path_is_kept(tmp_path, monkeypatch, capsys):
    """`--board` named a file deckgen did not write: it was overwritten after the games."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "holiday.png").write_bytes(b"my own picture")
    code, out, err = run(capsys, *BOARD, "--board", "holiday.png")
    assert code == 2 and err == "error: --board holiday.png: a file deckgen did not write is there; choose another name\n"
    assert out == ""  # refused before the games: no table printed
    assert (tmp_path / "holiday.png").read_bytes() == b"my own picture"
    Image.new("RGB", (4, 4)).save(tmp_path / "real.png")  # a real PNG, not deckgen's, is the user's as well
    before = (tmp_path / "real.png").read_bytes()
    code, _, err = run(capsys, *BOARD, "--board", "real.png")
    assert code == 2 and "a file deckgen did not write" in err
    assert (tmp_path / "real.png").read_bytes() == before


def test_a_board_deckgen_wrote_is_replaced(tmp_path, capsys):
    path = tmp_path / "b.png"
    code, _, err = run(capsys, *BOARD, "--board", path)
    assert code == 0, err
    with Image.open(path) as img:
        assert img.text.get("Software") == "deckgen"  # the mark the next command reads
        img.load()  # still a whole PNG
    first = path.read_bytes()
    code, _, err = run(capsys, *BOARD, "--board", path)
    assert code == 0, err
    assert path.read_bytes() == first  # the same seed draws the same board, written again


@pytest.mark.parametrize("case", ["jpg", "folder", *(["fifo"] if hasattr(os, "mkfifo") else [])])  # (no FIFOs on Windows)
def test_a_board_path_that_cannot_be_a_picture_is_refused_before_the_games(tmp_path, monkeypatch, capsys, case):
    """Each was refused only after every game had been played and its table printed (or not at all:
    a FIFO)."""
    monkeypatch.chdir(tmp_path)
    if case == "folder":
        (tmp_path / "b.png").mkdir()
        (tmp_path / "b.png" / "keep.txt").write_text("mine")
    elif case == "fifo":
        os.mkfifo(tmp_path / "b.png")
    name = "b.jpg" if case == "jpg" else "b.png"
    code, out, err = run(capsys, *BOARD[:2], "--players", "2", "--board", name, "-q")  # 1,000 games: a refusal after them takes seconds
    assert code == 2 and out == ""
    assert err == {"jpg": "error: the board picture must be a .png file, not b.jpg\n",
                   "folder": "error: --board b.png: a folder is there; name a file\n",
                   "fifo": "error: --board b.png: something other than a file is there\n"}[case]
    if case == "folder":
        assert (tmp_path / "b.png" / "keep.txt").read_text() == "mine"


def test_the_board_name_is_refused_in_the_users_language(tmp_path, capsys):
    code, _, err = run(capsys, "--ui-lang", "es", *BOARD, "--board", tmp_path / "b.gif")
    assert code == 2 and err == f"error: la imagen del tablero debe ser un archivo .png, no {tmp_path / 'b.gif'}\n"


@pytest.mark.parametrize("argv", [["sweep", "{deck}", "--vary", "tables=1|2", "-q"], ["solve", "{deck}"], ["puzzle", "{deck}", "-q"]],
                         ids=lambda a: a[0])
def test_a_deck_file_given_where_only_a_game_goes_is_named_as_such(tmp_path, monkeypatch, capsys, argv):
    """It read "unknown game './my-deck.toml'", as though the file had been taken for a misspelt game."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-deck.toml").write_text('game = "hectoedra"\n')
    code, out, err = run(capsys, *[a.replace("{deck}", "./my-deck.toml") for a in argv])
    assert code == 2 and out == ""
    assert err == (f"error: {argv[0]} takes a game id, not a deck file (./my-deck.toml); "
                   "the games are: hectoedra, maestras, mgc, monete, multiplicats\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-deck.toml"]


@pytest.mark.parametrize("line,shown", [
    ("seed = 1979-05-27", "2: seed: should be a whole number (got 1979-05-27)"),
    ("seed = 07:32:00", "2: seed: should be a whole number (got 07:32:00)"),
    ("players = 1979-05-27T07:32:00", "2: players: should be a whole number (got 1979-05-27T07:32:00)"),
    ("lang = 1979-05-27", "2: lang: should be 'es', 'en' or 'all' (got 1979-05-27)"),
    ("[print]\nback_offset = 1979-05-27", "3: print.back_offset: should be text in quotes or a list [ … ] (got 1979-05-27)"),
    ("[print]\nback_offset = {x = true}", "3: print.back_offset: should be text in quotes or a list [ … ] (got {x = true})"),
])
def test_a_deck_files_value_is_shown_as_the_file_writes_it(tmp_path, capsys, line, shown):
    """TOML's dates and times were shown as Python writes them: (got datetime.date(1979, 5, 27))."""
    deck = tmp_path / "deck.toml"
    deck.write_text(f'game = "multiplicats"\n{line}\n')
    code, _, err = run(capsys, "validate", deck)
    assert code == 2 and err == f"error: {deck}: 1 problem:\n  {deck}:{shown}\n"


@pytest.mark.parametrize("value,shown", [('["a", 1]', "['a', 1]"), ("[true, 1]", "[true, 1]"), ("[[1], 2]", "[[1], 2]"),
                                         ("[1979-05-27, 1]", "[1979-05-27, 1]"), ("[{a = 1}, 2]", "[{a = 1}, 2]")])
def test_a_back_offset_list_that_is_no_offset_is_one_problem(tmp_path, capsys, value, shown):
    """A list holding something other than numbers was three problems, one of them at pydantic's own
    name for the list ('print.back_offset.list[float][1]: should be a number'), one that asked for
    text in quotes."""
    deck = tmp_path / "deck.toml"
    deck.write_text(f'game = "multiplicats"\n[print]\nback_offset = {value}\n')
    code, _, err = run(capsys, "validate", deck)
    assert code == 2 and err == (f"error: {deck}: 1 problem:\n  {deck}:3: print.back_offset: expected X,Y in millimetres "
                                 f"(like 1.5,-0.5, or 1,5;-0,5 with decimal commas), got {shown}\n")


@pytest.mark.parametrize("case", ["missing", "folder", "empty", *(["device"] if os.name == "posix" else [])])  # (/dev/null)
def test_a_back_image_that_is_not_there_or_no_file_is_named_as_such(tmp_path, monkeypatch, capsys, case):
    """`--back-image /tmp` read "'tmp' not found beside the deck file": the folder is there, and a
    command line has no deck file for it to sit beside. The same in a deck file names the folder."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pics").mkdir()
    given = {"missing": str(tmp_path / "nowhere.png"), "folder": str(tmp_path / "pics"), "device": os.devnull, "empty": ""}[case]
    code, out, err = run(capsys, "build", "multiplicats", "--tables", "1", "--back-image", given, "--out", "o", "-q")
    assert code == 2 and out == ""
    assert err == "error: " + {"missing": f"--back-image: {given} not found", "folder": f"--back-image: {given} is a folder, not an image",
                               "device": f"--back-image: {given} is not a file", "empty": "--back-image needs a value"}[case] + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pics"]


def test_a_deck_files_back_image_that_is_a_folder_is_named_as_such(tmp_path, capsys):
    (tmp_path / "pics").mkdir()
    deck = tmp_path / "deck.toml"
    deck.write_text('game = "multiplicats"\n[print]\nback_image = "pics"\n')
    code, _, err = run(capsys, "validate", deck)
    assert code == 2 and err == f"error: {deck}: 1 problem:\n  {deck}:3: print.back_image: 'pics' is a folder, not an image\n"


def _phone_photo(path, size=(800, 1100)) -> None:
    """A portrait photo as a phone stores it: the pixels on their side, EXIF orientation 6 (turn a
    quarter clockwise to show it). Shown upright, its top half is red and its bottom half blue."""
    shown = Image.new("RGB", size, "blue")
    shown.paste((255, 0, 0), (0, 0, size[0], size[1] // 2))
    exif = Image.Exif()
    exif[0x0112] = 6
    shown.transpose(Image.Transpose.ROTATE_90).save(path, exif=exif, quality=95)


def test_a_phone_photo_is_printed_upright_on_the_backs(tmp_path, capsys):
    """The back image was cropped from the stored pixels, so a phone's portrait photo printed on its
    side: red on the left, blue on the right, cropped to the card's middle."""
    _phone_photo(tmp_path / "photo.jpg")
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--back-image", tmp_path / "photo.jpg", "--format", "png",
                       "--dpi", "100", "--out", tmp_path / "o", "-q")
    assert code == 0, err
    with Image.open(tmp_path / "o" / "png" / "back.png") as img:
        back = img.convert("RGB")
    w, h = back.size

    def red(p):
        return p[0] > 200 and p[2] < 60

    def blue(p):
        return p[2] > 200 and p[0] < 60

    assert red(back.getpixel((w // 2, h // 8))) and blue(back.getpixel((w // 2, 7 * h // 8)))
    assert blue(back.getpixel((w // 8, 3 * h // 4))) and blue(back.getpixel((7 * w // 8, 3 * h // 4)))  # across: one colour


def test_a_phone_photos_resolution_is_judged_upright(tmp_path, capsys):
    """Stored 1,100 wide and 800 high, shown 800 × 1,100: judged sideways, cropped to a card's shape it
    read 219 dpi (a warning) where it gives 300."""
    from deckgen.render.images import check_back_image
    from deckgen.render.settings import PrintSettings

    _phone_photo(tmp_path / "photo.jpg", (792, 1087))  # 300 dpi over a poker card and its 2 mm
    assert check_back_image(PrintSettings.parse(card="poker", bleed=0, back_image=str(tmp_path / "photo.jpg"))) is None


def test_a_report_folder_holding_another_decks_build_is_refused_before_the_games(tmp_path, monkeypatch, capsys):
    """The folder was refused only when the report was written: after every game, the skill ladder
    and the printed report (73 s for MGC's default deck)."""
    out = tmp_path / "o"
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1-2", "--players", "2", "--out", out, "-q")
    assert code == 0, err
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    from deckgen import pipeline

    played = []
    real = pipeline.validate
    monkeypatch.setattr(pipeline, "validate", lambda *a, **k: played.append(1) or real(*a, **k))
    code, printed, err = run(capsys, "validate", "mgc", "--games", "2", "--players", "2", "--skill-games", "0", "--report", out, "-q")
    assert code == 2 and printed == "" and played == []  # no game was played
    assert err.startswith(f"error: the output folder {out} holds ") and "of another deck" in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    code, _, err = run(capsys, "validate", "multiplicats", "--tables", "1-2", "--games", "2", "--players", "2", "--skill-games", "0",
                       "--report", out, "-q")  # the same deck: the report goes beside its build
    assert code in (0, 1), err
    assert set(before) < {p.name for p in out.iterdir()} and "report.txt" in {p.name for p in out.iterdir()}
    assert (out / "cards.pdf").read_bytes() == before["cards.pdf"]


def test_preview_holds_one_contact_sheet_at_a_time(tmp_path, monkeypatch, capsys):
    """Every contact sheet was drawn before the first was written: a sheet of 30 cards of 300 × 300 mm
    is 130 MB of pixels, so `preview` of a 4,900-card deck file of them grew past 23 GB and was
    killed. Each sheet is now written (and let go) before the next is drawn."""
    from deckgen.render import preview

    events = []
    drawn, wrote = preview.render_card, preview.write_bytes
    monkeypatch.setattr(preview, "render_card", lambda *a, **k: events.append("card") or drawn(*a, **k))
    monkeypatch.setattr(preview, "write_bytes", lambda *a, **k: events.append("sheet") or wrote(*a, **k))
    code, _, err = run(capsys, "preview", "multiplicats", "--card-size", "20x20", "--no-help-card", "--out", tmp_path / "o", "-q")
    assert code == 0, err
    sheets = sorted(p.name for p in (tmp_path / "o").glob("preview-*.png"))
    assert len(sheets) == 6 == events.count("sheet")  # 160 cards and the back (no help card asked), 30 a sheet
    cards_before = [events[:i].count("card") for i, e in enumerate(events) if e == "sheet"]
    assert cards_before == [30, 60, 90, 120, 150, 161]


def test_a_card_too_large_for_the_paper_still_makes_the_files_that_need_no_paper(tmp_path, capsys):
    """`--format png` of 300 × 280 mm cards wrote png/ and swapped the folder in, then ended with
    "error: a 300×280 mm card with 0 mm bleed does not fit on a4 paper" (exit 2), from the sheets'
    printing advice, though no sheet was asked for. cards.pdf itself is still refused before any file."""
    argv = ["build", "multiplicats", "--tables", "1", "--card-size", "300x280", "--dpi", "72"]
    code, _, err = run(capsys, *argv, "--format", "png,tts", "--out", tmp_path / "o", "-q")
    assert code == 0 and err == "", err
    assert {p.name for p in (tmp_path / "o").iterdir()} >= {"png", "tts", "deck.json"}
    code, _, err = run(capsys, *argv, "--format", "png,sheets", "--out", tmp_path / "p", "-q")
    assert code == 2 and err == "error: a 300×280 mm card with 0 mm bleed does not fit on a4 paper\n"
    assert not (tmp_path / "p").exists()


@pytest.mark.parametrize("name", [".o.staging-99999-deadbeef", ".o.old-99999-deadbeef", ".o.lock"])
def test_an_output_named_like_deckgens_working_files_is_refused(tmp_path, monkeypatch, capsys, name):
    """A build into `.o.staging-99999-deadbeef` or `.o.old-…` was written, and the next build into `o`
    took it for a killed build's leftover: it removed it (or, `o` missing, renamed the old one to `o`);
    one into `.o.lock` made every build into `o` fail ('cannot lock o: it is a folder')."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", name, "-q")
    assert code == 2 and out == ""
    assert err == f"error: the output folder's name {name!r} is one deckgen gives its own working files; choose another --out\n"
    assert list(tmp_path.iterdir()) == []
    code, _, err = run(capsys, "build", "multiplicats", "--tables", "1", "--out", ".o.old-mine", "-q")  # a name merely alike
    assert code == 0, err


@pytest.mark.parametrize("argv", [["build", "multiplicats", "--tables", "1", "--", "--out", "x"], ["solve", "hectoedra", "--", "--quiet"]],
                         ids=lambda a: a[0])
def test_a_commands_option_after_a_double_dash_is_named_as_such(tmp_path, monkeypatch, capsys, argv):
    """It read "unknown option --out for multiplicats (did you mean --out?)"."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == f"error: {argv[-2] if argv[-1] == 'x' else argv[-1]} came after --, which ends the command's options; write it before --\n"
    assert list(tmp_path.iterdir()) == []


def test_init_from_a_deck_file_that_lists_its_cards_keeps_them(tmp_path, capsys):
    """Without --cards, `init my-deck.toml --out copy.toml` wrote only the options: the copy of a deck
    edited card by card described the generated deck instead (here 3 cards became 30)."""
    deck = tmp_path / "mine.toml"
    deck.write_text('game = "multiplicats"\n[options]\ntables = "1"\n\n[[cards]]\nkind = "multiplication"\na = 1\nb = 2\ncopies = 3\n')
    code, _, err = run(capsys, "init", deck, "--out", tmp_path / "copy.toml")
    assert code == 0, err
    import json

    for name in ("mine.toml", "copy.toml"):
        code, _, err = run(capsys, "build", tmp_path / name, "--out", tmp_path / f"out-{name}", "--force", "--no-help-card", "-q")
        assert code == 0, err
    cards = [json.loads((tmp_path / f"out-{n}" / "deck.json").read_text())["cards"] for n in ("mine.toml", "copy.toml")]
    assert len(cards[0]) == 3 and cards[1] == cards[0]


class _ClosedPipe(io.RawIOBase):
    """The reading end of a pipe gone: every write fails with EPIPE."""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def test_an_ascii_standard_output_is_guarded_too(tmp_path, monkeypatch, capsys):
    """With an ASCII standard output (PYTHONIOENCODING=ascii, a C locale without UTF-8) click wrote past
    deckgen's guard to the stream's byte buffer: a bidi mark in a file name reached the terminal raw,
    and a closed pipe ended the command with exit code 1 and no word."""
    from deckgen.main import main

    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii", write_through=True))
    monkeypatch.chdir(tmp_path)
    main(["init", "multiplicats", "--out", "a\u202eb.toml"])  # (returns: it succeeds)
    shown = raw.getvalue()
    assert b"a\\u202eb.toml" in shown and "\u202e".encode() not in shown
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(_ClosedPipe()), encoding="ascii", write_through=True))
    with pytest.raises(SystemExit) as exit_:
        main(["list"])
    assert exit_.value.code == 2 and capsys.readouterr().err == "error: cannot write the output: the pipe was closed\n"


def test_an_option_that_makes_cards_is_refused_beside_a_deck_files_own_cards(tmp_path, capsys):
    """`build my-deck.toml --tables 1-5` of a deck file listing its cards built the file's 3 cards and
    said nothing of --tables. A rule variant still applies."""
    deck = tmp_path / "mine.toml"
    deck.write_text('game = "multiplicats"\n[options]\ntables = "1"\n\n[[cards]]\nkind = "multiplication"\na = 1\nb = 2\ncopies = 3\n')
    code, out, err = run(capsys, "build", deck, "--tables", "1-5", "--force", "--out", tmp_path / "o", "-q")
    assert code == 2 and out == ""
    assert err == (f"error: --tables changes the cards deckgen makes, but {deck} lists its own cards ([[cards]]); leave it out, "
                   "or remove the [[cards]] tables\n")
    assert not (tmp_path / "o").exists()
    code, _, err = run(capsys, "init", deck, "--tables", "1-5", "--specials", "--out", tmp_path / "copy.toml")
    assert code == 2 and err.startswith("error: --tables, --specials change the cards deckgen makes")
    code, _, err = run(capsys, "build", deck, "--end", "first", "--force", "--out", tmp_path / "o", "-q")  # a rule variant
    assert code == 0, err
