"""The rulebook's context, templates and figures: every decision printed with its option, figures
drawn by the board code, and examples whose legality comes from the rule functions."""

from __future__ import annotations

import re

import jinja2
import pytest
from maestras.helpers import build
from sources import copied, source_text
from PIL import Image

from deckgen.render.png_pen import PngPen
from deckgen.resources import data_dir

from deckgen.games.maestras import OPTIONS
from deckgen.games.maestras import rules as R
from deckgen.games.maestras.cards import CENTRAL_INFO, info
from deckgen.games.maestras import GAME
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.template import common_context
from deckgen.games.maestras.rulebook import (
    DECIDED, RULEBOOK, empty_example, link_examples, parse_figure_name, placement_board, tiebreak_example, win_example,
)

TEMPLATES = data_dir("templates")
RULE_OPTIONS = [o for o in OPTIONS if o.scope == "rules"] + [o for o in OPTIONS if o.name == "removal"]


def render(deck, lang: str, sheet: str = "rulebook") -> str:
    """The rulebook (or, ``sheet="preparing"``, the sheet for whoever prepares the deck: its options)."""
    from deckgen.rulebook.template import environment

    env = environment(TEMPLATES)  # the rulebook's own environment: its filters (andlist, number) too
    names = {**common_context(GAME, deck, lang, PrintSettings.parse()), **RULEBOOK.context(deck, lang)}
    return env.get_template(f"maestras/{sheet}.{lang}.html.j2").render(**names)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_context_prints_the_player_count_table(lang):
    ctx = RULEBOOK.context(build(), lang)
    rows = {r["players"]: (r["cards"], r["empties_out"], r["each"]) for r in ctx["per_players"]}
    assert rows == {2: (43, 3, 21), 3: (43, 3, 14), 4: (41, 5, 10), 5: (41, 5, 8), 6: (43, 3, 7), 7: (43, 3, 6), 8: (41, 5, 5)}
    assert ctx["comp"]["total"] == 46 and ctx["comp"]["masters_total"] == 8 and ctx["comp"]["points_total"] == 32
    assert [c["shape"] for c in ctx["comp"]["colours"]] == (["círculo", "triángulo", "cuadrado", "rombo"] if lang == "es" else ["circle", "triangle", "square", "diamond"])


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("options", [{}, {"in_line": "off", "link": "both", "tiebreak": "never"}, {"corners": True, "path_length": 5, "same_points": True}])
def test_every_decision_is_printed_with_the_option_that_switches_it(lang, options):
    deck = build(3, **options)
    preparing = render(deck, lang, "preparing")  # each decision beside its option: the preparing sheet
    for opt in RULE_OPTIONS:
        value = deck.options[opt.name]
        flag = (opt.cli if value else f"--no-{opt.cli[2:]}") if isinstance(value, bool) else f"{opt.cli} {value}"
        assert f"<td>{flag}</td>" in preparing, flag
    assert "--colours 4 --points 8 --masters 2 --empties 5" in preparing
    html = render(deck, lang)  # the players' rulebook: the same decisions in words, no command line
    assert "--" not in re.sub(r"<[^>]+>", "", section(html, "Variantes y decisiones" if lang == "es" else "Variants and decisions"))
    assert len(decision_items(html, lang)) == 1 + len(DECIDED)
    assert len(re.findall(r"<li>", section(html, "Decisiones fijas" if lang == "es" else "Fixed decisions"))) == 8
    # the figures the template asks for exist, for this deck's rule variant
    names = re.findall(r'<figure name="([^"]+)"', html)
    # six figures; the tie-break chain's only when the deck plays a tie-break
    assert len(names) == (5 if deck.options["tiebreak"] == "never" else 6) and all(n in RULEBOOK.figures for n in names)
    assert "<note>" in html  # the deck is made for 3 players


def section(html: str, heading: str) -> str:
    """The first list after a heading of the rendered markup."""
    return re.search(rf"<h[23]>{heading}</h[23]>.*?<ul>(.*?)</ul>", html, re.S).group(1)


def decision_items(html: str, lang: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", section(html, "Variantes y decisiones" if lang == "es" else "Variants and decisions"), re.S)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_value_of_a_decided_option_has_its_own_sentence(lang):
    """The templates word every decision (macro ``decision``): each value of each option gets a sentence
    of its own, so a value the template does not know cannot fall silently into another's words."""
    by_name = {o.name: o for o in OPTIONS}
    for k, name in enumerate(DECIDED, start=1):
        opt = by_name[name]
        values = [True, False] if opt.flag else getattr(opt.parse, "choices", None) or [opt.default, opt.default + 1]
        sentences = {v: decision_items(render(build(**{name: v, **({"removal": "fewest"} if name != "removal" else {})}), lang), lang)[k] for v in values}
        assert len(set(sentences.values())) == len(values) >= 2, (name, sentences)
        assert all(len(t.strip()) > 20 for t in sentences.values())


def test_templates_do_not_copy_the_source_rulebook():
    text = " ".join(p.read_text() for p in (TEMPLATES / "maestras").glob("*.j2"))
    for phrase in ("nunca un naipe debe estar adyacente", "la orientación del naipe", "se ganan las cartas maestras", "cogería una carta del mazo"):
        assert phrase not in text.lower()
    # no run of eight words in common with the source (test_own_words checks the rendered books)
    assert not copied(text, source_text("maestras"))


def test_placement_figure_legality_comes_from_the_rules():
    _, marks = placement_board(build().options)
    assert [(m["label"], m["ok"], m["why"]) for m in marks] == [
        ("A", True, None), ("B", False, R.TOUCHES_OTHER), ("C", False, R.NOT_IN_LINE), ("D", True, None)]
    _, marks = placement_board(build(in_line="off").options)
    assert [m["ok"] for m in marks] == [True, False, True, True]  # C is fine without the in-line rule


def test_link_empty_win_and_tiebreak_examples_are_valid_under_the_rules():
    for options in ({}, {"link": "both"}, {"link": "points", "after_master": "any"}, {"path_length": 6}, {"colours": 2, "points": 4}):
        opts = build(**options).options
        rules = R.Rules.from_options(opts)
        for ex in link_examples(opts, "en"):
            assert ex["ok"] == R.links(info(ex["prev"]), info(ex["new"]), rules)
        path = win_example(opts)
        assert path[0].kind == "master" and len(path) == 1 + opts["path_length"]
        infos = [info(c) for c in path]
        for k in range(1, len(path)):
            assert R.links(R.reference(infos[1:k], infos[0]), infos[k], rules)
        chain = [info(c) for c in tiebreak_example(opts)]
        for k in range(len(chain)):
            assert R.links(R.reference(chain[:k], CENTRAL_INFO), chain[k], rules)
        assert len(chain) >= 2
    assert empty_example(build().options)[1] is True
    default = [(e["prev_name"], e["new_name"], e["ok"]) for e in link_examples(build().options, "es")]
    assert default == [("5 rojo", "3 rojo", True), ("5 rojo", "6 azul", True), ("5 rojo", "3 azul", False),
                       ("maestra roja", "6 rojo", True), ("maestra roja", "4 azul", False), ("4 azul", "vacía", True)]
    assert len(win_example(build().options)) == 5


@pytest.mark.parametrize("name", ["setup", "placement", "links", "empty", "win", "tiebreak", "placement;in_line=off;corners=1"])
def test_figures_draw(name):
    img = Image.new("RGB", (600, 400), "white")
    RULEBOOK.figures[name](PngPen(img, 0, 0, 4.0), 150, 100, "es")
    assert len(img.getcolors(maxcolors=1 << 20)) > 10


def test_figure_names_carry_the_rule_variant():
    assert parse_figure_name("placement")[1]["in_line"] == "all"
    base, opts = parse_figure_name("placement;in_line=off;corners=1")
    assert base == "placement" and opts["in_line"] == "off" and opts["corners"] is True
    assert "nothing" not in RULEBOOK.figures and "placement;hand=3" not in RULEBOOK.figures
    assert RULEBOOK.context(build(in_line="links"), "en")["fig"] == ";in_line=links"


def test_the_markup_knows_figure_names_the_game_parses():
    from deckgen.rulebook.markup import MarkupError, parse

    blocks = parse('<figure name="placement;in_line=off;corners=1" width="40" height="30"/>', n_cards=46, figures=RULEBOOK.figures)
    assert len(blocks) == 1
    with pytest.raises(MarkupError, match="empty, links, placement, setup, tiebreak, win"):
        parse('<figure name="placement;hand=3" width="40" height="30"/>', n_cards=46, figures=RULEBOOK.figures)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("link", ["either", "both", "colour", "points"])
@pytest.mark.parametrize("same_points", [True, False])
def test_the_equal_points_sentence_says_what_the_link_rule_does_with_equal_points(lang, link, same_points):
    """The decision on equal points is worded for the link rule it joins: with --link both two cards
    of equal points link only in the same colour, and with --link colour points never matter, so
    "two cards with equal points also link" (printed for every rule before) was wrong there."""
    from deckgen.games.maestras.deck import POINTS
    from deckgen.model import Card

    deck = build(link=link, same_points=same_points)
    rules = R.Rules.from_options(deck.options)
    red5, blue5, red5b = (info(Card(POINTS, {"points": 5, "colour": c})) for c in ("red", "blue", "red"))
    any_colour = R.links(red5, blue5, rules)  # equal points, other colours
    one_colour = R.links(red5, red5b, rules)  # equal points, the same colour
    k = 1 + DECIDED.index("same_points")
    for sheet in ("rulebook", "preparing"):
        html = render(deck, lang, sheet)
        if sheet == "rulebook":
            text = decision_items(html, lang)[k]
        else:  # the row beside its option
            flag = "--same-points" if same_points else "--no-same-points"
            text = re.search(rf"<tr><td>([^<]*)</td><td>{flag}</td></tr>", html).group(1)
        plain = {"es": "Dos cartas con los mismos puntos también enlazan.", "en": "Two cards with equal points also link."}[lang]
        # the plain sentence is printed exactly when equal points link whatever the colours
        assert (plain in text) == any_colour, (sheet, text)
        if one_colour and not any_colour:  # --link both, or --link colour: the sentence names the colour
            assert ("mismo color" if lang == "es" else "same colour") in text or ("color" if lang == "es" else "colour") in text, text


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("in_line", ["all", "links", "off"])
def test_an_allowed_cell_of_the_placement_figure_is_said_in_line_only_when_it_is(lang, in_line):
    """The figure's reasons for an allowed cell: "lies in line with the last card placed" when the
    in-line rule applies, and never for a cell that is not in line (with --in-line off cell C is
    allowed though it is not in line, and the rulebook said it was)."""
    from deckgen.games.maestras.rulebook import PLACEMENT_BOARD, PLACEMENT_CANDIDATES

    deck = build(in_line=in_line)
    html = render(deck, lang)
    last = PLACEMENT_BOARD[-1][0]
    said = {"es": "está en línea con la última colocada", "en": "lies in line with the last card placed"}[lang]
    allowed = {"es": "se puede", "en": "allowed"}[lang]
    _, marks = placement_board(deck.options)
    for (label, cell, _), mark in zip(PLACEMENT_CANDIDATES, marks):
        item = re.search(rf"<li><b>{label}</b>: (.*?)</li>", html, re.S).group(1)
        if mark["ok"]:
            assert item.startswith(allowed + ",")
            if not R.in_line(cell, last):
                assert said not in item, (label, item)
            if in_line != "off":  # the rule applies to the figure's cards, which link: the reason names it
                assert said in item, (label, item)


# the help card's linking line for each link rule, beside what R.links does with three pairs of point
# cards: the same colour 2 apart, other colours 1 apart, other colours with equal points
HELP_LINKS = {
    ("either", False): ("Mismo color, o puntos que se diferencian en uno.", "Same colour, or points one apart.", (True, True, False)),
    ("either", True): ("Mismo color, o puntos iguales o que se diferencian en uno.", "Same colour, or points equal or one apart.", (True, True, True)),
    ("both", False): ("Mismo color y puntos que se diferencian en uno.", "Same colour and points one apart.", (False, False, False)),
    ("both", True): ("Mismo color y puntos iguales o que se diferencian en uno.", "Same colour and points equal or one apart.", (False, False, False)),
    ("colour", False): ("Mismo color (los puntos no cuentan).", "Same colour (points do not count).", (True, False, False)),
    ("colour", True): ("Mismo color (los puntos no cuentan).", "Same colour (points do not count).", (True, False, False)),
    ("points", False): ("Puntos que se diferencian en uno, de cualquier color.", "Points one apart, any colour.", (False, True, False)),
    ("points", True): ("Puntos iguales o que se diferencian en uno, de cualquier color.", "Points equal or one apart, any colour.", (False, True, True)),
}


@pytest.mark.parametrize(("link", "same_points"), list(HELP_LINKS))
def test_the_help_card_states_the_decks_link_rule(link, same_points):
    """The help card's "Linking" line follows --link and --same-points as the engine does: it printed
    "same colour, or points one apart" whatever the deck's rule."""
    from deckgen.games.maestras.deck import POINTS
    from deckgen.model import Card

    deck = build(link=link, same_points=same_points)
    rules = R.Rules.from_options(deck.options)
    red5, red7, blue6, blue5 = (info(Card(POINTS, {"points": p, "colour": c})) for c, p in (("red", 5), ("red", 7), ("blue", 6), ("blue", 5)))
    es, en, facts = HELP_LINKS[(link, same_points)]
    assert (R.links(red5, red7, rules), R.links(red5, blue6, rules), R.links(red5, blue5, rules)) == facts
    assert R.links(red5, info(Card(POINTS, {"points": 6, "colour": "red"})), rules)  # same colour, one apart: always
    for lang, line in (("es", es), ("en", en)):
        sections = dict(GAME.help_card(deck, lang).sections)
        assert sections[{"es": "Enlazar", "en": "Linking"}[lang]][0] == line


@pytest.mark.parametrize("lang", ["es", "en"])
def test_with_corners_the_rulebook_says_masters_only_go_on_opposite_sides(lang):
    """With --corners two neighbouring sides of the central card meet at a corner, so once a master
    lies on one side only the opposite side is open to another (the engine below): the decision said
    only that paths cannot turn."""
    from deckgen.games.maestras.state import DRAW, decode, encode
    from maestras.helpers import make_state

    deck = build(corners=True, in_line="links")
    masters = [i for i, c in enumerate(deck.cards) if c.kind == "master"][:2]
    state = make_state(deck, [[masters[0]], [masters[1]]], in_line="links", corners=True)
    state.apply_action(encode(masters[0], (0, -1)))
    assert {decode(a)[1] for a in state.legal_actions() if a != DRAW} == {(0, 1)}  # only the opposite side
    said = {"es": "las maestras solo pueden ir en lados opuestos de la carta central",
            "en": "masters can only lie on opposite sides of the central card"}[lang]
    for sheet in ("rulebook", "preparing"):
        assert said in render(build(corners=True), lang, sheet), sheet
    assert said not in render(build(), lang)


def _body(html: str, lang: str) -> str:
    """The players' rules before the decisions list, tags and line breaks taken out."""
    cut = html.index("<h2>Variantes y decisiones</h2>" if lang == "es" else "<h2>Variants and decisions</h2>")
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html[:cut]))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("play_drawn", [False, True])
def test_the_turn_says_whether_a_drawn_card_may_be_placed_at_once(lang, play_drawn):
    """With --play-drawn the engine lets the player place a drawn card at once, in the same turn; the
    turn's list said "draw one from the pile and your turn ends" whatever the option."""
    from deckgen.games.maestras.state import DRAW
    from maestras.helpers import make_state

    deck = build(play_drawn=play_drawn)
    cards = deck.cards
    master = next(i for i, c in enumerate(cards) if c.kind == "master")
    points = next(i for i, c in enumerate(cards) if c.kind == "points")
    state = make_state(deck, [[points], [points + 1]], pile=[master], play_drawn=play_drawn)
    assert state.legal_actions() == [DRAW]
    state.apply_action(DRAW)
    assert (state.turn == 0) == play_drawn  # the drawn master goes down at once only with the option
    text = _body(render(deck, lang), lang)
    ends = {"es": "robas una del mazo y pasas", "en": "draw one from the pile and your turn ends"}[lang]
    at_once = {"es": "si se puede colocar, la colocas en ese momento", "en": "if it can be placed, place it at once"}[lang]
    assert (ends in text) == (not play_drawn) and (at_once in text) == play_drawn


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("won_paths", ["taken", "stay"])
def test_winning_a_path_says_whether_it_leaves_the_table(lang, won_paths):
    """With --won-paths stay a won path stays on the table (the engine keeps its cells), but the
    rulebook's body said its winner takes it, master and every card."""
    deck = build(won_paths=won_paths)
    rules = R.Rules.from_options(deck.options)
    assert rules.won_paths == won_paths
    text = _body(render(deck, lang), lang)
    take = {"es": "se lleva la maestra y todas las cartas del camino", "en": "take the master and every card of the path"}[lang]
    stays = {"es": "el camino se queda en la mesa", "en": "the path stays on the table"}[lang]
    assert (take in text) == (won_paths == "taken") and (stays in text) == (won_paths == "stay")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("tiebreak", ["when-tied", "always", "never"])
def test_the_end_of_the_game_says_when_the_tie_break_is_played(lang, tiebreak):
    """The body described the tie-break as always played, even with --tiebreak never (the engine then
    ends the game with the main phase) and without saying that by default it is played only when the
    most masters are tied."""
    deck = build(tiebreak=tiebreak)
    state_rules = R.Rules.from_options(deck.options)
    assert state_rules.tiebreak == tiebreak
    html = render(deck, lang)
    text = _body(html, lang)
    chain = {"es": "enlaza en una cadena desde la carta central", "en": "links in one chain from the central card"}[lang]
    only_tied = {"es": "Si hay empate en el número de maestras", "en": "If the most masters are tied"}[lang]
    none = {"es": "Con esta baraja no hay desempate", "en": "This deck is played without a tie-break"}[lang]
    assert (chain in text) == (tiebreak != "never")
    assert (only_tied in text) == (tiebreak == "when-tied")
    assert (none in text) == (tiebreak == "never")
    assert ('<figure name="tiebreak' in html) == (tiebreak != "never")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("play_drawn", [False, True])
def test_the_help_card_says_whether_a_drawn_card_is_placed_at_once(lang, play_drawn):
    """The help card's turn follows --play-drawn (the engine's behaviour is pinned by
    test_the_turn_says_whether_a_drawn_card_may_be_placed_at_once)."""
    deck = build(play_drawn=play_drawn)
    turn = GAME.help_card(deck, lang).sections[0][1]
    at_once = {"es": "colócala enseguida si se puede", "en": "place it at once if it fits"}[lang]
    assert any(at_once in line for line in turn) == play_drawn
