"""The rulebook markup parser: the HTML subset into blocks, with escaping and clear errors."""

from __future__ import annotations

import pytest

from deckgen.rulebook.flow import column_widths
from deckgen.rulebook.markup import (
    CardsBlock,
    FigureBlock,
    Heading,
    ListBlock,
    MarkupError,
    Note,
    PageBreakBlock,
    Para,
    TableBlock,
    parse,
)


def test_blocks_and_inline_markup():
    blocks = parse(
        """
        <h1>Title</h1>
        <h2>Two</h2><h3>Three</h3>
        <p>Some <b>bold</b>, <i>italic</i>, x<sup>2</sup>, H<sub>2</sub>O<br/>next   line</p>
        <pagebreak/>
        """,
        n_cards=0,
    )
    assert [type(b) for b in blocks] == [Heading, Heading, Heading, Para, PageBreakBlock]
    assert [b.level for b in blocks[:3]] == [1, 2, 3]
    assert blocks[3].markup == "Some <b>bold</b>, <i>italic</i>, x<super>2</super>, H<sub>2</sub>O<br/>next line"


def test_keep_marks_a_paragraph_that_introduces_the_next_block():
    blocks = parse("<p keep>Examples:</p><cards indexes=\"0\"/><p>after</p>", n_cards=1)
    assert blocks[0] == Para("Examples:", keep=True) and blocks[2] == Para("after", keep=False)


def test_text_is_escaped_again_for_reportlab():
    # jinja2 escaped it, the HTML parser unescaped it: the Paragraph markup must escape it again
    blocks = parse("<p>&lt;b&gt;bold&lt;/b&gt; &amp; co &gt; 1</p>", n_cards=0)
    assert blocks[0].markup == "&lt;b&gt;bold&lt;/b&gt; &amp; co &gt; 1"


def test_lists_tables_notes():
    blocks = parse(
        """
        <ul><li>one</li><li><p>two</p><ol><li>nested</li></ol></li></ul>
        <table widths="20,*"><tr><th>A</th><th>B</th></tr><tr mark><td>1</td><td><card index="1"/></td></tr></table>
        <table plain><tr><td>x</td></tr></table>
        <note>aside <b>here</b></note>
        """,
        n_cards=3,
    )
    ul, table, plain, note = blocks
    assert isinstance(ul, ListBlock) and not ul.ordered and len(ul.items) == 2
    assert isinstance(ul.items[1][1], ListBlock) and ul.items[1][1].ordered
    assert isinstance(table, TableBlock) and table.widths == ("20", "*") and not table.plain
    assert [c.header for c in table.rows[0].cells] == [True, True]
    assert table.rows[1].mark and not table.rows[0].mark
    assert table.rows[1].cells[1].blocks == [CardsBlock([1], None, [])]
    assert isinstance(plain, TableBlock) and plain.plain
    assert isinstance(note, Note) and note.blocks == [Para("aside <b>here</b>")]


def test_cards_and_figures():
    blocks = parse(
        '<card index=2/><card back/><cards indexes="0, back,1" width="25" captions="a|b|c"/>'
        '<figure name="table" width="120" height="80"/>',
        n_cards=3,
        figures={"table"},
    )
    assert blocks == [
        CardsBlock([2], None, []),
        CardsBlock([None], None, []),
        CardsBlock([0, None, 1], 25.0, ["a", "b", "c"]),
        FigureBlock("table", 120.0, 80.0),
    ]


@pytest.mark.parametrize(
    "markup, message",
    [
        ("<p>x</p>\n<blink>hi</blink>", "unknown tag <blink>"),
        ("loose text", "stands directly in the page"),
        ('<p class="x">a</p>', "unknown attribute 'class' on <p>"),
        ("<p>open", "<p> opened on line 1 is never closed"),
        ("<p><b>x</p>", "</p> does not match (<b> opened on line 1)"),
        ("<p><h2>x</h2></p>", "<h2> cannot stand inside <p>"),
        ("<b>x</b>", "<b> must be inside a paragraph"),
        ("<li>x</li>", "<li> must be directly inside <ul> or <ol>"),
        ("<table><tr><td>1</td></tr><tr><td>1</td><td>2</td></tr></table>", "every row needs the same number"),
        ('<card index="9"/>', "card index 9 is out of range: the deck has 3 cards"),
        ('<card index="x"/>', "card index 'x' is not a whole number"),
        ("<card/>", "<card> needs index=N or back"),
        ('<figure name="nope" width="10" height="10"/>', "unknown figure 'nope'"),
        ('<figure name="table" width="10"/>', "<figure> needs width and height"),
        ("<p> </p>", "<p> opened on line 1 is empty"),
        ('<cards indexes="0,1" captions="a"/>', "1 captions for 2 cards"),
    ],
)
def test_errors_name_the_problem_and_line(markup, message):
    with pytest.raises(MarkupError) as info:
        parse(markup, n_cards=3, figures={"table"})
    assert message in str(info.value)
    assert info.value.line >= 1


def test_error_line_is_the_rendered_line():
    with pytest.raises(MarkupError) as info:
        parse("<p>a</p>\n<p>b</p>\n\n<foo/>", n_cards=0)
    assert info.value.line == 4


def test_column_widths_follow_the_text():
    table = parse(
        "<table><tr><th>Kind</th><th>Cards</th><th>What</th></tr>"
        "<tr><td>Multiplication cards</td><td>100</td><td>" + "a long description " * 12 + "</td></tr></table>",
        n_cards=0,
    )[0]
    avail = 480.0
    widths = column_widths(table, avail)
    assert sum(widths) == pytest.approx(avail)
    # the short columns keep their one-line width; the prose column takes the rest
    assert widths[1] < 50 and widths[0] > 90 and widths[2] > 300
    fixed = parse('<table widths="30,*,*"><tr><td>a</td><td>b</td><td>c</td></tr></table>', n_cards=0)[0]
    w = column_widths(fixed, avail)
    assert w[0] == pytest.approx(30 * 72 / 25.4) and w[1] == pytest.approx(w[2]) and sum(w) == pytest.approx(avail)
