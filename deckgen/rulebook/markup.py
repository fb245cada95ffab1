"""The rulebook markup (the HTML subset of ``deckgen.rulebook.spec``) parsed into a tree of blocks.

Parsing uses the standard library's HTML parser, which unescapes the text that jinja2 escaped; the
inline text of every block is then escaped again for reportlab's Paragraph markup, so a ``<`` or an
``&`` coming from a deck prints as itself. Nothing here draws: :mod:`deckgen.rulebook.flow` turns the
blocks into reportlab flowables.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities: what xml.sax.saxutils.escape does, without importing it
    (that module loads urllib.request, http and ssl: about 10 ms of every build)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


class MarkupError(ValueError):
    """A problem in the rendered markup; ``line`` is the line of the rendered text."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


# ---------------------------------------------------------------- the tree


@dataclass
class Heading:
    level: int
    markup: str  # reportlab Paragraph markup


@dataclass
class Para:
    markup: str
    keep: bool = False  # keep with the next block (a paragraph that introduces it)


@dataclass
class ListBlock:
    ordered: bool
    items: list[list["Block"]] = field(default_factory=list)


@dataclass
class Cell:
    header: bool
    blocks: list["Block"] = field(default_factory=list)
    text: str = ""  # the plain text, to size the column


@dataclass
class Row:
    cells: list[Cell] = field(default_factory=list)
    mark: bool = False  # a highlighted row (e.g. "this deck")


@dataclass
class TableBlock:
    rows: list[Row] = field(default_factory=list)
    plain: bool = False  # no rules, no header shading: a layout grid (a card beside its text)
    widths: tuple[str, ...] | None = None  # per column: mm as text, or "*" for the rest


@dataclass
class Note:
    blocks: list["Block"] = field(default_factory=list)


@dataclass
class PageBreakBlock:
    pass


@dataclass
class CardsBlock:
    indexes: list[int | None]  # None: the deck's back
    width: float | None = None  # mm per card
    captions: list[str] = field(default_factory=list)
    group: int = 1  # cards that belong together (a pair in an example): a row never splits a group


@dataclass
class FigureBlock:
    name: str
    width: float
    height: float


Block = Heading | Para | ListBlock | TableBlock | Note | PageBreakBlock | CardsBlock | FigureBlock

# ---------------------------------------------------------------- the vocabulary

TEXT_BLOCKS = ("h1", "h2", "h3", "p")
CONTAINERS = ("note", "li", "td", "th")  # hold blocks, and inline text (an implicit paragraph)
INLINE = {"b": "b", "i": "i", "sup": "super", "sub": "sub"}
VOID = ("br", "pagebreak", "card", "cards", "figure")
TAGS = TEXT_BLOCKS + ("ul", "ol", "li", "table", "tr", "th", "td", "note", "pagebreak", "b", "i", "sup", "sub", "br", "card", "cards", "figure")
ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "card": ("index", "back", "width", "caption"),
    "cards": ("indexes", "width", "captions", "group"),
    "figure": ("name", "width", "height"),
    "table": ("plain", "widths"),
    "tr": ("mark",),
    "p": ("keep",),
}


@dataclass
class _Open:
    tag: str
    line: int
    blocks: list = field(default_factory=list)  # containers and the root
    inline: list[str] = field(default_factory=list)  # Paragraph markup being collected
    text: list[str] = field(default_factory=list)  # plain text (for table column sizes)
    node: object = None  # ListBlock / TableBlock / Row under construction


NO_EXAMPLE = {
    "es": "Esta baraja no tiene ninguna carta que sirva de ejemplo aquí.",
    "en": "This deck has no card to show as an example here.",
}


class _Parser(HTMLParser):
    def __init__(self, n_cards: int, figures: Container[str], lang: str = "en") -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang if lang in NO_EXAMPLE else "en"
        self.n_cards = n_cards
        self.figures = figures
        self.stack: list[_Open] = [_Open("#root", 1)]

    # ------------------------------------------------------------ helpers

    @property
    def line(self) -> int:
        return self.getpos()[0]

    def fail(self, message: str) -> None:
        raise MarkupError(message, self.line)

    @property
    def top(self) -> _Open:
        return self.stack[-1]

    def _text_owner(self) -> _Open | None:
        """The open text block or container that inline content goes to (None: not allowed here)."""
        for item in reversed(self.stack):
            if item.tag in INLINE:
                continue
            return item if item.tag in TEXT_BLOCKS or item.tag in CONTAINERS else None
        return None

    def _block_parent(self, tag: str) -> _Open:
        """The container a block element goes into; flushes its pending inline text."""
        top = self.top
        if top.tag in INLINE or top.tag in TEXT_BLOCKS:
            self.fail(f"<{tag}> cannot stand inside <{self._text_owner_name()}>: close it first")
        if top.tag not in CONTAINERS and top.tag != "#root":
            self.fail(f"<{tag}> cannot stand directly inside <{top.tag}>")
        _flush(top)
        return top

    def _text_owner_name(self) -> str:
        for item in reversed(self.stack):
            if item.tag not in INLINE:
                return item.tag
        return "#root"

    # ------------------------------------------------------------ events

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=tag in VOID)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=True)

    def _start(self, tag: str, raw_attrs: list[tuple[str, str | None]], closed: bool) -> None:
        if tag not in TAGS:
            self.fail(f"unknown tag <{tag}>; the rulebook tags are {', '.join(TAGS)}")
        attrs: dict[str, str | None] = {}
        for name, value in raw_attrs:
            if name not in ATTRIBUTES.get(tag, ()):
                allowed = ATTRIBUTES.get(tag, ())
                self.fail(f"unknown attribute {name!r} on <{tag}>" + (f" (it takes {', '.join(allowed)})" if allowed else " (it takes none)"))
            attrs[name] = value[:-1].strip() if value is not None and value.endswith("/") else value
        if closed and tag not in VOID:
            self.fail(f"<{tag}/> cannot be empty")
        if tag in INLINE:
            owner = self._text_owner()
            if owner is None:
                self.fail(f"<{tag}> must be inside a paragraph, heading, list item, table cell or note")
            owner.inline.append(f"<{INLINE[tag]}>")
            self.stack.append(_Open(tag, self.line))
        elif tag == "br":
            owner = self._text_owner()
            if owner is None:
                self.fail("<br/> must be inside a paragraph, heading, list item, table cell or note")
            owner.inline.append("<br/>")
            owner.text.append(" ")
        elif tag in TEXT_BLOCKS:
            self._block_parent(tag)
            self.stack.append(_Open(tag, self.line, node="keep" in attrs))
        elif tag in ("ul", "ol"):
            self._block_parent(tag)
            self.stack.append(_Open(tag, self.line, node=ListBlock(tag == "ol")))
        elif tag == "li":
            if self.top.tag not in ("ul", "ol"):
                self.fail("<li> must be directly inside <ul> or <ol>")
            self.stack.append(_Open(tag, self.line))
        elif tag == "table":
            self._block_parent(tag)
            widths = tuple(w.strip() for w in attrs["widths"].split(",")) if attrs.get("widths") else None
            if widths:
                for w in widths:
                    if w != "*" and _number(w) is None:
                        self.fail(f"<table widths=...>: {w!r} is not a width in mm or *")
            self.stack.append(_Open(tag, self.line, node=TableBlock(plain="plain" in attrs, widths=widths)))
        elif tag == "tr":
            if self.top.tag != "table":
                self.fail("<tr> must be directly inside <table>")
            self.stack.append(_Open(tag, self.line, node=Row(mark="mark" in attrs)))
        elif tag in ("td", "th"):
            if self.top.tag != "tr":
                self.fail(f"<{tag}> must be directly inside <tr>")
            self.stack.append(_Open(tag, self.line))
        elif tag == "note":
            self._block_parent(tag)
            self.stack.append(_Open(tag, self.line))
        elif tag == "pagebreak":
            self._block_parent(tag).blocks.append(PageBreakBlock())
        elif tag == "card":
            parent = self._block_parent(tag)
            if "back" in attrs:
                if attrs.get("index") is not None:
                    self.fail("<card> takes either index=N or back, not both")
                index = None
            else:
                index = self._index(attrs.get("index"), "card index")
            caption = attrs.get("caption")
            parent.blocks.append(CardsBlock([index], self._mm(attrs.get("width"), "width"), [caption] if caption else []))
        elif tag == "cards":
            parent = self._block_parent(tag)
            raw = attrs.get("indexes")
            if raw is None:
                self.fail('<cards> needs indexes="N,N,..."')
            parts = raw.split(",")
            captions = [c.strip() for c in attrs["captions"].split("|")] if attrs.get("captions") else []
            if captions and len(captions) != len(parts):
                self.fail(f"<cards>: {len(captions)} captions for {len(parts)} cards")
            # an empty place is an example the deck has no card for (a deck of only some kinds,
            # written with --force): it is left out, and a row left with no card says so in words
            kept = [n for n, p in enumerate(parts) if p.strip()]
            indexes: list[int | None] = [None if parts[n].strip() == "back" else self._index(parts[n], "card index") for n in kept]
            captions = [captions[n] for n in kept] if captions else []
            if all(i is None for i in indexes):
                parent.blocks.append(Note([Para(escape(NO_EXAMPLE[self.lang]))]))
            if indexes:
                raw_group = (attrs.get("group") or "1").strip()
                group = int(raw_group) if raw_group.isdigit() else 0
                if group < 1 or len(indexes) % group:
                    self.fail(f"<cards>: group={group} does not divide its {len(indexes)} cards")
                parent.blocks.append(CardsBlock(indexes, self._mm(attrs.get("width"), "width"), captions, group))
        elif tag == "figure":
            parent = self._block_parent(tag)
            name = attrs.get("name") or ""
            if name not in self.figures:
                known = ", ".join(sorted(self.figures)) or "none"
                self.fail(f"unknown figure {name!r} (this game's figures: {known})")
            w, h = self._mm(attrs.get("width"), "width"), self._mm(attrs.get("height"), "height")
            if w is None or h is None:
                self.fail("<figure> needs width and height in mm")
            parent.blocks.append(FigureBlock(name, w, h))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return  # <br></br>, <card ...></card>: nothing to close
        if tag not in TAGS:
            self.fail(f"unknown tag </{tag}>; the rulebook tags are {', '.join(TAGS)}")
        top = self.top
        if top.tag != tag:
            opened = f"<{top.tag}> opened on line {top.line}" if top.tag != "#root" else "nothing open"
            self.fail(f"</{tag}> does not match ({opened})")
        self.stack.pop()
        parent = self.top
        if tag in INLINE:
            owner = self._text_owner()
            assert owner is not None
            owner.inline.append(f"</{INLINE[tag]}>")
        elif tag in TEXT_BLOCKS:
            markup = _clean("".join(top.inline))
            if not markup:
                self.fail(f"<{tag}> opened on line {top.line} is empty")
            block = Para(markup, bool(top.node)) if tag == "p" else Heading(int(tag[1]), markup)
            parent.blocks.append(block)
            parent.text.append(" ".join("".join(top.text).split()))
        elif tag in ("ul", "ol"):
            if not top.node.items:  # type: ignore[union-attr]
                self.fail(f"<{tag}> opened on line {top.line} has no <li>")
            parent.blocks.append(top.node)
        elif tag == "li":
            _flush(top)
            parent.node.items.append(top.blocks)  # type: ignore[union-attr]
        elif tag == "table":
            table: TableBlock = top.node  # type: ignore[assignment]
            if not table.rows:
                self.fail(f"<table> opened on line {top.line} has no <tr>")
            cols = {len(r.cells) for r in table.rows}
            if len(cols) != 1:
                self.fail(f"<table> opened on line {top.line} has rows of {sorted(cols)} cells: every row needs the same number")
            if table.widths and len(table.widths) != cols.pop():
                self.fail(f"<table> opened on line {top.line}: widths gives {len(table.widths)} columns, the rows have {len(table.rows[0].cells)}")
            parent.blocks.append(table)
        elif tag == "tr":
            if not top.node.cells:  # type: ignore[union-attr]
                self.fail(f"<tr> opened on line {top.line} has no cells")
            parent.node.rows.append(top.node)  # type: ignore[union-attr]
        elif tag in ("td", "th"):
            _flush(top)
            parent.node.cells.append(Cell(tag == "th", top.blocks, " ".join(" ".join(top.text).split())))  # type: ignore[union-attr]
        elif tag == "note":
            _flush(top)
            if not top.blocks:
                self.fail(f"<note> opened on line {top.line} is empty")
            parent.blocks.append(Note(top.blocks))

    def handle_data(self, data: str) -> None:
        owner = self._text_owner()
        if owner is None:
            if data.strip():
                where = self.top.tag if self.top.tag != "#root" else "the page"
                snippet = " ".join(data.split())[:40]
                self.fail(f"text {snippet!r} stands directly in {where}: put it in <p>, <li>, a table cell or a heading")
            return
        owner.inline.append(escape(data))
        owner.text.append(data)

    def handle_comment(self, data: str) -> None:
        return None

    def handle_decl(self, decl: str) -> None:
        return None

    def unknown_decl(self, data: str) -> None:
        self.fail(f"unexpected markup <!{data[:20]}")

    def handle_pi(self, data: str) -> None:
        self.fail(f"unexpected markup <?{data[:20]}")

    # ------------------------------------------------------------ values

    def _index(self, raw: str | None, what: str) -> int:
        if raw is None:
            self.fail("<card> needs index=N or back")
        try:
            n = int(str(raw).strip())
        except ValueError:
            self.fail(f"{what} {raw!r} is not a whole number")
        if not 0 <= n < self.n_cards:
            self.fail(f"{what} {n} is out of range: the deck has {self.n_cards} cards (0 to {self.n_cards - 1})")
        return n

    def _mm(self, raw: str | None, what: str) -> float | None:
        if raw is None:
            return None
        value = _number(raw)
        if value is None or not 2.0 <= value <= 300.0:
            self.fail(f"{what} {raw!r} is not a size in mm (2 to 300)")
        return value

    def finish(self) -> list[Block]:
        self.close()
        if len(self.stack) > 1:
            top = self.top
            raise MarkupError(f"<{top.tag}> opened on line {top.line} is never closed", top.line)
        root = self.stack[0]
        _flush(root)
        return root.blocks


def _number(text: str) -> float | None:
    try:
        return float(text.strip().removesuffix("mm"))
    except ValueError:
        return None


def _clean(markup: str) -> str:
    """Collapse whitespace (as HTML does) and trim it, also around line breaks."""
    text = " ".join(markup.split())
    return text.replace(" <br/>", "<br/>").replace("<br/> ", "<br/>").strip()


def _flush(item: _Open) -> None:
    """Turn a container's pending inline text into a paragraph."""
    markup = _clean("".join(item.inline))
    item.inline.clear()
    if markup and item.tag != "#root":
        item.blocks.append(Para(markup))


def parse(text: str, *, n_cards: int, figures: Container[str] = frozenset(), lang: str = "en") -> list[Block]:
    """The blocks of a rendered rulebook. Raises :class:`MarkupError` (with the line) on bad markup.

    ``figures`` answers ``name in figures``: a set of names, or a game's figure mapping, which may
    accept names it parses (a figure drawn for the deck's rule variant, "placement;in_line=off")."""
    parser = _Parser(n_cards, figures if isinstance(figures, (Mapping, frozenset)) else frozenset(figures), lang)
    parser.feed(text)
    return parser.finish()
