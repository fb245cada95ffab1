"""Card faces (colour paired with shape and name, pips), the board drawing, the board picture."""

from __future__ import annotations

import pytest
from maestras.helpers import build
from PIL import Image

from deckgen.main import main
from deckgen.model import Card
from deckgen.render.faces import Frame
from deckgen.render.palette import grey
from deckgen.render.preview import render_card

from deckgen.games.maestras.board import CELL, card_pen, view_of_snapshot
from deckgen.games.maestras.engine import board_picture, play_to_end
from deckgen.games.maestras.faces import PIPS, SWATCH, MaestrasFaces
from deckgen.games.maestras.deck import COLOURS

FACES = MaestrasFaces()
FRAME = Frame(63, 88, 0.0, "es", {})


class Recorder:
    """A pen that records what is drawn."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def rect(self, x, y, w, h, **kw):
        self.calls.append(("rect", x, y, w, h, kw))

    def ellipse(self, cx, cy, rx, ry, **kw):
        self.calls.append(("ellipse", cx, cy, rx, ry, kw))

    def polygon(self, points, **kw):
        self.calls.append(("polygon", list(points), kw))

    def polyline(self, points, **kw):
        self.calls.append(("polyline", list(points), kw))

    def text(self, x, y, s, size, **kw):
        self.calls.append(("text", x, y, s, size, kw))


def texts(pen: Recorder) -> list[str]:
    return [c[3] for c in pen.calls if c[0] == "text"]


def test_each_colour_has_its_own_shape_and_distinct_grey():
    shapes = [SWATCH[c].shape for c in COLOURS]
    assert len(set(shapes)) == 4
    greys = sorted(grey(SWATCH[c].fill) for c in COLOURS)
    assert min(b - a for a, b in zip(greys, greys[1:])) >= 20  # apart when printed in greyscale


@pytest.mark.parametrize("n", range(1, 11))
def test_pip_layouts_have_n_distinct_positions(n):
    assert len(PIPS[n]) == n == len(set(PIPS[n]))


@pytest.mark.parametrize("colour", COLOURS)
def test_a_point_card_shows_its_points_as_pips_in_its_colour(colour):
    pen = Recorder()
    FACES.front(pen, Card("points", {"points": 7, "colour": colour}), FRAME)
    fill = SWATCH[colour].fill
    coloured = [c for c in pen.calls if c[-1].get("fill") == fill]
    assert len(coloured) == 7 + 2  # seven pips and the shape under each corner index
    words = texts(pen)
    assert words.count("7") == 2 and {"azul", "rojo", "verde", "amarillo"} & set(words)


def test_masters_and_empty_cards_and_central_card_carry_their_words():
    pen = Recorder()
    FACES.front(pen, Card("master", {"colour": "red"}), FRAME)
    assert "MAESTRA" in texts(pen) and "ROJA" in texts(pen)
    pen = Recorder()
    FACES.front(pen, Card("empty", {"number": 4, "remove_for": [4, 5, 8]}), Frame(63, 88, 0.0, "en", {}))
    words = texts(pen)
    assert "EMPTY" in words and {"2", "3", "4", "5", "6", "7", "8"} <= set(words)
    # the counts that take the card out are drawn filled dark
    dark = [c for c in pen.calls if c[0] == "ellipse" and c[-1].get("fill") == "#1a1a1a"]
    assert len(dark) == 3
    pen = Recorder()
    FACES.front(pen, Card("central", {}), FRAME)
    assert "CARTA CENTRAL" in texts(pen)


def test_every_card_renders_and_is_not_blank():
    for card in build().cards[::5]:
        img = render_card(card, FACES, FRAME, px_per_mm=3)
        assert img.size == (189, 264)
        assert len(img.getcolors(maxcolors=1 << 20)) > 3


def test_transform_pen_turns_a_card_a_quarter_clockwise():
    pen = Recorder()
    t = card_pen(pen, 100, 50, 0.5, quarter=1)
    t.rect(0, 0, 63, 10)  # the card's top band
    _, x, y, w, h, _ = pen.calls[0]
    # turned clockwise, the top band becomes the right-hand band of a 44 x 31.5 box
    assert (x, y, w, h) == (100 + (88 - 10) * 0.5, 50, 5.0, 31.5)
    t.text(0, 0, "A", 10, angle=0)
    assert pen.calls[1][4] == 5.0 and pen.calls[1][5]["angle"] == -90


def test_board_picture_of_a_simulated_game(tmp_path):
    deck = build()
    out = board_picture(deck, 4, 3, "heuristic", tmp_path / "board.png", lang="en")
    img = Image.open(out).convert("RGB")
    # the size follows the layout: margins, one 94 mm cell per grid column, the side panel; 2 px/mm
    state = play_to_end(deck, 4, 3, "heuristic")
    view = view_of_snapshot(deck, state.final)
    x0, y0, x1, y1 = view.bounds(0)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    longest = max([len(cards) for _, cards in state.final.won_paths] + [5])
    side_w = max(170.0, longest * (24.0 * 63 / 88 + 2))
    assert img.width == round((3 * 10 + cols * CELL + side_w) * 2)
    assert img.height >= round((40 + rows * CELL + 10) * 2)
    # every occupied cell has a card at its centre, every free cell shows the table's colour
    table = (0xE8, 0xE4, 0xDA)
    occupied = {p.cell for p in view.placed}
    assert len(occupied) == len(state.final.cells) >= 2
    for gx in range(x0, x1 + 1):
        for gy in range(y0, y1 + 1):
            centre = (round((10 + (gx - x0 + 0.5) * CELL) * 2), round((40 + (gy - y0 + 0.5) * CELL) * 2))
            assert (img.getpixel(centre) == table) == ((gx, gy) not in occupied), (gx, gy)
    again = board_picture(deck, 4, 3, "heuristic", tmp_path / "again.png", lang="en")
    assert out.read_bytes() == again.read_bytes()  # the same seed draws the same board


def test_simulate_board_option_and_games_without_a_board(tmp_path, capsys):
    path = tmp_path / "b.png"
    main(["simulate", "maestras", "--players", "3", "--games", "5", "--board", str(path), "-q"])
    # the picture is the board of the first game (seed 1) for 3 players, the default policy
    expected = board_picture(build(3), 3, 1, "heuristic", tmp_path / "expected.png")
    assert path.read_bytes() == expected.read_bytes()
    assert "board of the game with seed 1" not in capsys.readouterr().out  # quiet
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "multiplicats", "--games", "1", "--board", str(tmp_path / "x.png")])
    assert exit_.value.code == 2 and "no board to draw" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "maestras", "--games", "1", "--board", str(tmp_path / "x.jpg")])
    assert exit_.value.code == 2 and "png" in capsys.readouterr().err


def test_simulate_board_into_a_new_folder_makes_it_and_a_file_in_the_way_is_one_error(tmp_path, capsys):
    path = tmp_path / "new" / "deeper" / "b.png"
    main(["simulate", "maestras", "--players", "3", "--games", "2", "--board", str(path), "-q"])
    expected = board_picture(build(3), 3, 1, "heuristic", tmp_path / "expected.png")
    assert path.read_bytes() == expected.read_bytes()
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "maestras", "--players", "3", "--games", "2", "--board", str(tmp_path / "file" / "b.png"), "-q"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("error:") == 1 and err.startswith("error: ") and "Traceback" not in err
