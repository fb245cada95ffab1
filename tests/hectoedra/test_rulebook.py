"""The rulebook templates: they render from the deck's facts, use only the allowed tags, and state
the decisions. (The PDF renderer lives in deckgen.rulebook.render when it is on main.)"""

import re
from pathlib import Path

import jinja2
import pytest

from deckgen.games.hectoedra import GAME
from deckgen.games.hectoedra.rulebook import context, stack_figure
from deckgen.render.settings import PrintSettings
from deckgen.rulebook.template import common_context
from deckgen.spec import spec_for

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "hectoedra"
ALLOWED = {"h1", "h2", "h3", "p", "ul", "ol", "li", "table", "tr", "th", "td", "note", "pagebreak", "b", "i", "sup", "sub", "br", "card", "cards", "figure"}


def render(lang, sheet="rulebook", **options):
    """The rulebook's markup (``sheet="preparing"``: the sheet for whoever prepares the deck)."""
    from deckgen.rulebook.template import environment

    deck = spec_for(GAME, cli={"options": options}).build()
    env = environment(TEMPLATES)  # the rulebook's own environment, with its filters
    names = {**common_context(GAME, deck, lang, PrintSettings.parse()), **context(deck, lang)}
    return env.get_template(f"{sheet}.{lang}.html.j2").render(**names), deck


@pytest.mark.parametrize("lang", ["es", "en"])
def test_templates_render_with_allowed_tags(lang):
    html, deck = render(lang)
    tags = set(re.findall(r"</?([a-z0-9]+)", html))
    assert tags <= ALLOWED, tags - ALLOWED
    for idx in re.findall(r'indexes="([0-9,]+)"', html):
        assert all(0 <= int(i) < len(deck.cards) for i in idx.split(","))
    assert "10" in html and "77" in html  # 10 cards per player; the optimum of the full deck


def test_facts_and_decisions_are_printed():
    es, _ = render("es")
    assert "menos números primos" in es and "10 turnos por jugador" in es and "6 primeros" in es
    assert "el más joven de los empatados" in es  # the tie decision
    assert "deckgen puzzle" not in es  # the commands are for whoever prepares the deck: their own sheet
    preparing, _ = render("es", "preparing")
    assert "deckgen puzzle hectoedra --sets 6 --size 20" in preparing and "answer-key.pdf" in preparing
    en, _ = render("en", start_tie="random", must_play=False)
    assert "draw lots among the tied players" in en and "even when holding a legal card" in en
    assert "the highest possible stack has 9 cards" in en


def test_subset_deck_rulebook():
    html, deck = render("en", cards="1-30", aids="prime,factors")
    assert "30 cards" in html and "the prime factorisation" in html
    assert "The faces carry learning aids" in html
    assert GAME.player_range(deck) == (2, 3)
    assert "competitive match</b> for 2 to 3 players" in html


def test_stack_figure_draws_the_nine_cards():
    texts = []

    class Pen:
        def text(self, x, y, s, size, **kw):
            texts.append(s)

        def rect(self, *a, **k):
            pass

        ellipse = polygon = polyline = rect

    stack_figure(Pen(), 150, 60, "es")
    big = [s for s in texts if s.isdigit()]
    assert len(set(big)) == 9 and "abajo" in texts and "arriba" in texts


def test_game_registers_the_rulebook():
    assert GAME.rulebook is not None and "stack" in GAME.rulebook.figures


# ---------------------------------------------------------------- the rendered PDFs, read back

from deckgen.rulebook.render import write_rulebook  # noqa: E402
from rulebook.rbtools import BASE14, flat, fonts_of, pdf_pages  # noqa: E402


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    out = tmp_path_factory.mktemp("hectoedra-rulebooks")
    made = {}
    for lang, options in (("es", {}), ("en", {}), ("en-sub", {"cards": "1-30", "aids": "prime,factors", "start_tie": "random"})):
        spec = spec_for(GAME, cli={"options": options})
        deck = spec.build()
        real = lang[:2]
        path = write_rulebook(out / f"{lang}.pdf", GAME, deck, real, spec.print)
        made[lang] = (path, flat(" ".join(pdf_pages(path, body=True))))
    return made


def test_spanish_rulebook_states_the_rules(books):
    path, text = books["es"]
    for fact in (
        "10 cartas por jugador",
        "Reparte 4 cartas",
        "menos números primos",
        "exactamente 10 turnos por jugador",
        "en los 6 primeros se roba",
        "tantas rondas como jugadores",
        "múltiplo o divisor",
        "12 sobre 4",
        "9 sobre 6",
        "3 sobre 2",
        "la pila más alta posible tiene 9 cartas",
        "la pila más alta tiene 77 cartas",
        "el más joven de los empatados",
    ):
        assert fact in text, fact
    assert all(f["embedded"] and f["name"] not in BASE14 for f in fonts_of(path))


def test_english_rulebook_and_a_classroom_subset(books):
    _, text = books["en"]
    assert "Play as many rounds as there are players, so that everyone starts one" in text and "answer-key.pdf" not in text
    _, sub = books["en-sub"]
    assert "This deck has 30 cards: 1-30, 10 of them prime numbers." in sub
    assert "2 to 3 players" in sub and "draw lots among the tied players" in sub
    assert "the highest stack has 26 cards" in sub  # 1..30 -> 26 (A337125)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("hand", [4, 3])
def test_the_help_card_draws_back_up_after_every_turn_not_only_after_a_penalty(lang, hand):
    """The source has a player draw after every card played as well as after a penalty, and so does
    the engine (a play refills the hand below); the help card printed the draw under "If you cannot"
    only, as if a player who plays drew nothing."""
    import random

    from deckgen.games.hectoedra.state import HectoedraState, Variant

    state = HectoedraState(list(range(1, 101)), 3, Variant(hand=hand))
    state.chance(random.Random(5))
    seat = state.seat
    play = next(a for a in state.legal_actions() if a < 1000)  # the round's first card: always a play
    state.apply_action(play)
    assert len(state.hands[seat]) == hand  # a play draws back up too

    deck = spec_for(GAME, cli={"options": {"hand": hand}}).build()
    text = GAME.help_card(deck, lang)
    cannot = {"es": "Si no puedes", "en": "If you cannot"}[lang]
    draw = {"es": f"hasta tener {hand} cartas", "en": f"up to {hand} cards"}[lang]
    where = [heading for heading, lines in text.sections if any(draw in line for line in lines)]
    assert len(where) == 1 and where[0] != cannot, text.sections
    assert not where[0].startswith({"es": "Tu turno", "en": "Your turn"}[lang])  # that heading lists when a card may go


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("rounds", [0, 1, 2, 5])
def test_the_rulebook_says_how_many_rounds_the_match_has(lang, rounds):
    """With --rounds N the engine plays N rounds whatever the number of players, but the rulebook's
    body said "as many rounds as there are players, so that everyone starts one" (and, in the set-up,
    "everyone starts exactly one round") beside a decision giving N."""
    import random

    from deckgen.games.hectoedra.state import HectoedraState, Variant

    players = 3
    state = HectoedraState(list(range(1, 101)), players, Variant(rounds=rounds))
    rng = random.Random(2)
    while not state.is_terminal():
        state.chance(rng) if state.dealing else state.apply_action(state.legal_actions()[0])
    assert state.round_no == (rounds or players)

    html, _ = render(lang, rounds=rounds)
    text = re.sub(r"<[^>]+>|\s+", " ", html)
    every = {"es": "tantas rondas como jugadores", "en": "as many rounds as there are players"}[lang]
    once = {"es": "cada uno empieza exactamente una ronda", "en": "everyone starts exactly one round"}[lang]
    assert (every in text) == (rounds == 0) and (once in text) == (rounds == 0)
    if rounds:
        said = {"es": {1: "Se juega una sola ronda"}.get(rounds, f"Se juegan {rounds} rondas"),
                "en": {1: "Play a single round"}.get(rounds, f"Play {rounds} rounds")}[lang]
        assert said in text, said


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("next_starter", ["last-played", "last-turn"])
def test_the_set_up_names_who_starts_a_later_round_as_the_engine_does(lang, next_starter):
    """With --next-starter last-turn the engine starts a round with whoever took the last turn of the
    previous one, a penalty included; the set-up said "whoever played the last card" for both."""
    import random

    from deckgen.games.hectoedra.state import PENALTY, HectoedraState, Variant

    # a round whose last turn is a penalty: seat 0 plays the last card (6 on 3), seat 1 then has only 97
    state = HectoedraState(list(range(1, 101)), 2, Variant(next_starter=next_starter, each_starts=False, per_player=2, hand=2))
    state.chance(random.Random(1))
    state.hands = [[2, 6], [3, 97]]
    state.seat = 0
    for action in (2, 3, 6):  # 2 opens the pile, 3 on 2 (two primes), 6 on 3 (a multiple)
        state.apply_action(action)
    assert state.legal_actions() == [PENALTY + 97]  # 97 follows nothing on 6
    state.apply_action(PENALTY + 97)  # seat 1 takes the round's last turn, with a penalty
    state.chance(random.Random(2))
    assert state.seat == (0 if next_starter == "last-played" else 1)

    html, _ = render(lang, next_starter=next_starter)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    played = {"es": "empieza quien jugó la última carta de la ronda anterior", "en": "whoever played the last card of the previous round starts"}[lang]
    turn = {"es": "empieza quien hizo el último turno de la ronda anterior", "en": "whoever took the last turn of the previous round starts"}[lang]
    assert (played in text) == (next_starter == "last-played") and (turn in text) == (next_starter == "last-turn")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("keep", [False, True])
def test_the_round_count_is_of_this_rounds_penalties_when_penalty_cards_stay_out(lang, keep):
    """With --keep-penalties a player's face-down pile keeps every round's penalties (the engine keeps
    them out of later deals) while a round scores only its own; the body said to count "your
    face-down cards" at each round's end, which with that option counts earlier rounds again."""
    import random

    from deckgen.games.hectoedra.state import HectoedraState, Variant

    state = HectoedraState(list(range(1, 101)), 3, Variant(keep_penalties=keep))
    rng = random.Random(4)
    while not state.is_terminal():
        state.chance(rng) if state.dealing else state.apply_action(state.legal_actions()[-1])  # penalties first
    per_round = [r["penalties"] for r in state.history]
    assert state.totals == [sum(r[i] for r in per_round) for i in range(3)]
    piles = [len(p) for p in state.penalty_piles]
    assert piles == (state.totals if keep else per_round[-1])  # kept: every round's; else only the last
    assert keep == (piles != per_round[-1])

    html, _ = render(lang, keep_penalties=keep)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    all_cards = {"es": "Cada uno cuenta sus cartas boca abajo y las apunta", "en": "Everyone counts their face-down cards and writes them down"}[lang]
    this_round = {"es": "las cartas que ha puesto boca abajo en esta ronda", "en": "the cards they laid face down in this round"}[lang]
    assert (all_cards in text) == (not keep) and (this_round in text) == keep


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("must_play", [True, False])
def test_the_help_card_says_when_a_penalty_may_be_taken(lang, must_play):
    """With --no-must-play the engine offers a penalty beside the legal cards; the help card's
    heading said a penalty is for a player who cannot play, whatever the option."""
    import random

    from deckgen.games.hectoedra.state import PENALTY, HectoedraState, Variant

    state = HectoedraState(list(range(1, 101)), 2, Variant(must_play=must_play))
    state.chance(random.Random(3))
    assert any(a >= PENALTY for a in state.legal_actions()) == (not must_play)  # the first card always fits
    deck = spec_for(GAME, cli={"options": {"must_play": must_play}}).build()
    headings = [h for h, _ in GAME.help_card(deck, lang).sections]
    cannot = {"es": "Si no puedes", "en": "If you cannot"}[lang]
    rather = {"es": "Si no puedes (o no quieres)", "en": "If you cannot (or would rather not)"}[lang]
    assert (rather in headings) == (not must_play) and (cannot in headings) == must_play
