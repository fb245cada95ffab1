"""The MGC deck: the default composition of GAMES.md, balance over option sets and seeds, sympy's
agreement with every card, monomial formatting, options and their errors, custom decks."""

from __future__ import annotations

import json
from collections import Counter

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen.main import main
from deckgen.errors import OptionError
from deckgen.model import Deck
from deckgen.options import resolve
from deckgen.registry import BuildRequest

from deckgen.games.mgc import algebra
from deckgen.games.mgc.deck import ACTIONS, checks, players_supported, variable_presence


def sympy_read(text: str):
    """Coefficient and degree of a card's text, read by sympy on its own (not through the game)."""
    expr = sympy.sympify(text)
    poly = sympy.Poly(expr, *sorted(expr.free_symbols, key=str)) if expr.free_symbols else None
    if poly is None:
        return int(expr), 0
    (monom, coeff), = poly.terms()
    return int(coeff), sum(monom)


def test_default_deck_is_108_cards_as_games_md_says(deck):
    assert len(deck.cards) == 108
    monos = deck.of_kind("monomial")
    assert len(monos) == 72
    assert Counter(c["action"] for c in deck.of_kind("action")) == {
        "toma_dos": 8, "retorno": 8, "intermision": 8, "eleccion_coeficiente": 4, "eleccion_grado": 4, "toma_cuatro": 4,
    }
    pairs = Counter((c["coefficient"], c["degree"]) for c in monos)
    assert pairs == {(c, d): 2 for c in range(1, 7) for d in range(1, 7)}
    # the two cards of every pair are different monomials
    texts: dict = {}
    for c in monos:
        texts.setdefault((c["coefficient"], c["degree"]), set()).add(c["monomial"])
    assert all(len(t) == 2 for t in texts.values())
    assert all(ch.ok for ch in checks(deck)), [ch.line() for ch in checks(deck) if not ch.ok]


def test_deck_json_kinds_and_fields(deck, tmp_path, capsys):
    main(["build", "mgc", "--out", str(tmp_path), "--quiet", "--lang", "es", "--no-help-card"])
    data = json.loads((tmp_path / "deck.json").read_text(encoding="utf-8"))
    assert data["count"] == 108 and data["game"] == "mgc"
    kinds = Counter(c["kind"] for c in data["cards"])
    assert kinds == {"monomial": 72, "action": 36}
    for c in data["cards"]:
        if c["kind"] == "monomial":
            assert set(c) == {"kind", "coefficient", "degree", "monomial"}
            assert sympy_read(c["monomial"]) == (c["coefficient"], c["degree"])
        else:
            assert set(c) == {"kind", "action"} and c["action"] in ACTIONS
    assert {p.name for p in tmp_path.iterdir()} >= {"cards.pdf", "deck.json", "rulebook-es.pdf"}


def test_same_seed_same_deck_other_seed_other_monomials(make_deck):
    a, b, c = make_deck(seed=1), make_deck(seed=1), make_deck(seed=2)
    assert a.cards == b.cards
    assert a.cards != c.cards
    # ...but the same composition
    key = lambda d: sorted((x.kind, x.get("coefficient"), x.get("degree"), x.get("action")) for x in d.cards)  # noqa: E731
    assert key(a) == key(c)


OPTION_SETS = [
    {},
    {"coefficients": "-3-3", "degrees": "0-4"},
    {"coefficients": "1-10", "degrees": "1-3", "variables": "a,b", "copies": 3},
    {"coefficients": "-5,-2,2,5", "degrees": "2-9", "variables": "x", "copies": 1},
    {"coefficients": "1-4", "degrees": "0-6", "variables": "w,x,y,z", "copies": 4},
    {"coefficients": "2", "degrees": "5", "copies": 8, "toma_dos": 0, "toma_cuatro": 12},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", [1, 9, 12345])
def test_balance_and_sympy_agreement(make_deck, options, seed):
    deck = make_deck(seed=seed, **options)
    monos = deck.of_kind("monomial")
    coefs = Counter(c["coefficient"] for c in monos)
    degs = Counter(c["degree"] for c in monos)
    assert len(set(coefs.values())) == 1 and len(set(degs.values())) == 1  # every value equally often
    assert 0 not in coefs
    presence = variable_presence(deck)
    assert max(presence.values()) - min(presence.values()) <= 1  # variables spread evenly
    for c in monos:  # sympy, on its own, reads what the card says
        assert sympy_read(c["monomial"]) == (c["coefficient"], c["degree"])
        assert set(algebra.letters(c["monomial"])) <= set(deck.options["variables"])
    assert all(ch.ok for ch in checks(deck)), [ch.line() for ch in checks(deck) if not ch.ok]


def test_monomials_repeat_in_a_pair_only_when_no_other_exists(make_deck):
    deck = make_deck(coefficients="1-2", degrees="0-1", variables="x,y", copies=3)
    by_pair: dict = {}
    for c in deck.of_kind("monomial"):
        by_pair.setdefault((c["coefficient"], c["degree"]), []).append(c["monomial"])
    assert sorted(by_pair[(1, 0)]) == ["1", "1", "1"]  # a constant: only one monomial exists
    assert sorted(set(by_pair[(2, 1)])) == ["2*x", "2*y"]  # two exist, three cards: one repeat


@pytest.mark.parametrize(
    "coefficient, exponents, printed",
    [
        (1, (2, 1, 0), "x^2y"),  # coefficient 1 and exponent 1 are not written
        (-1, (0, 0, 3), "−z^3"),  # −1 shows as a minus sign alone (a real minus, U+2212)
        (-4, (1, 0, 1), "−4xz"),
        (6, (0, 0, 0), "6"),
        (1, (0, 0, 0), "1"),
        (-1, (0, 0, 0), "−1"),
        (12, (3, 2, 1), "12x^3y^2z"),
    ],
)
def test_monomial_formatting(coefficient, exponents, printed):
    runs = algebra.runs(coefficient, exponents, ("x", "y", "z"))
    assert "".join(("^" + r.text) if r.sup else r.text for r in runs) == printed
    assert all(r.text.isdigit() for r in runs if r.sup)  # exponents are raised runs of plain digits
    assert not any(ch in r.text for r in runs for ch in "⁰¹²³⁴⁵⁶⁷⁸⁹")
    assert "-" not in "".join(r.text for r in runs)  # never a hyphen for minus


def test_sympy_text_parses_back():
    for coefficient, exps in [(3, (2, 1, 0)), (-1, (0, 1, 0)), (5, (0, 0, 0)), (1, (1, 1, 1))]:
        text = algebra.sympy_text(coefficient, exps, ("x", "y", "z"))
        assert algebra.parse(text, ("x", "y", "z")) == (coefficient, sum(exps), exps)
    assert algebra.sympy_text(3, (2, 1, 0), ("x", "y", "z")) == "3*x**2*y"


def test_texts_that_are_not_monomials_never_reach_sympy():
    for text in ("x+y", "__import__('os')", "3x", "x**2*3", "1.5*x", "0", "exp", "x/y", "X"):
        assert algebra.parse(text, ("x", "y", "z")) is None


@pytest.mark.parametrize(
    "words, fragment",
    [
        (["--coefficients", "0-3"], "0 cannot be a coefficient"),
        (["--coefficients", "0"], "0 cannot be a coefficient"),
        (["--coefficients", "1-30"], "out of range"),
        (["--degrees", "3-1"], "goes backwards"),
        (["--degrees", "0-12"], "out of range"),
        (["--variables", "xy1"], "is not a variable"),
        (["--variables", "x,x"], "given twice"),
        (["--variables", "a,b,c,d,e"], "at most 4 variables"),
        (["--copies", "0"], "out of range"),
        (["--toma-dos", "many"], "whole number"),
        (["--algebra-call", "1.5"], "out of range"),
        (["--retorno-two-players", "jump"], "is not one of"),
        (["--glitter", "red"], "unknown option --glitter"),
    ],
)
def test_bad_options_are_one_clear_error(tmp_path, capsys, words, fragment):
    with pytest.raises(SystemExit) as exc:
        main(["build", "mgc", "--out", str(tmp_path), "--quiet", *words])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and fragment in err and "Traceback" not in err


def test_a_range_across_zero_leaves_zero_out(game):
    values = resolve(game.options, {"coefficients": "-2-2"})
    assert values["coefficients"] == [-2, -1, 1, 2]
    with pytest.raises(OptionError):
        resolve(game.options, {"coefficients": "-2-0"})


def test_enough_cards_for_the_players(game, make_deck):
    small = make_deck(coefficients="1-3", degrees="1-3", copies=1, toma_dos=2, retorno=2, intermision=2,
                      eleccion_coeficiente=1, eleccion_grado=1, toma_cuatro=1)
    assert len(small.cards) == 18
    assert players_supported(18) == 1  # 7 + 7 + 1 + 10 = 25 needed for two
    by_name = {c.name: c for c in checks(small)}
    assert not by_name["enough cards for the players"].ok
    ten = game.build(BuildRequest(resolve(game.options, {}), 1, 10))
    assert all(c.ok for c in checks(ten))  # 10 × 7 + 1 + 10 = 81 ≤ 108
    assert players_supported(108) == 10 and players_supported(80) == 9


def test_a_deck_file_lists_its_own_monomials(tmp_path, capsys):
    f = tmp_path / "mine.toml"
    f.write_text(
        'game = "mgc"\n[[cards]]\nkind = "monomial"\nmonomial = "2*a*b"\ncopies = 14\n'
        '[[cards]]\nkind = "monomial"\nmonomial = "-a**2"\ncopies = 14\n'
        '[[cards]]\nkind = "action"\naction = "intermision"\ncopies = 4\n',
        encoding="utf-8",
    )
    # --force: a match of such low-scoring cards takes hundreds of rounds, which validation refuses
    main(["build", str(f), "--out", str(tmp_path / "out"), "--quiet", "--lang", "en", "--force", "--no-help-card"])
    data = json.loads((tmp_path / "out" / "deck.json").read_text(encoding="utf-8"))
    assert data["count"] == 32 and data["custom"] is True
    assert {(c.get("monomial"), c.get("coefficient"), c.get("degree")) for c in data["cards"] if c["kind"] == "monomial"} == {
        ("2*a*b", 2, 2), ("-a**2", -1, 2),
    }


def test_a_deck_file_card_that_is_not_a_monomial_is_refused(tmp_path, capsys):
    f = tmp_path / "bad.toml"
    f.write_text('game = "mgc"\n[[cards]]\nkind = "monomial"\nmonomial = "x + y"\n', encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["build", str(f), "--out", str(tmp_path / "out"), "--quiet"])
    assert exc.value.code == 2
    assert "not a monomial" in capsys.readouterr().err


def test_custom_decks_are_reported_not_forced_to_balance(game):
    from deckgen.model import Card

    cards = [Card("monomial", {"monomial": "x", "coefficient": 1, "degree": 1})] * 20
    cards += [Card("monomial", {"monomial": "5*y**3", "coefficient": 5, "degree": 3})] * 5
    deck = Deck("mgc", resolve(game.options, {}), 1, tuple(cards), custom=True)
    result = {c.name: c for c in checks(deck)}
    assert all(c.ok for c in result.values())
    assert "custom list" in result["every coefficient appears equally often"].detail


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    coefficients=st.sets(st.integers(-6, 6).filter(bool), min_size=1, max_size=6),
    degrees=st.sets(st.integers(0, 6), min_size=1, max_size=5),
    variables=st.sampled_from(["x", "x,y", "x,y,z", "a,b,c,d"]),
    copies=st.integers(1, 3),
    seed=st.integers(0, 10**6),
)
def test_any_option_set_builds_a_balanced_deck_that_sympy_agrees_with(game, coefficients, degrees, variables, copies, seed):
    options = resolve(game.options, {"coefficients": sorted(coefficients), "degrees": sorted(degrees), "variables": variables, "copies": copies})
    deck = game.build(BuildRequest(options, seed))
    monos = deck.of_kind("monomial")
    assert len(monos) == len(coefficients) * len(degrees) * copies
    assert Counter(c["coefficient"] for c in monos) == {c: len(degrees) * copies for c in coefficients}
    assert Counter(c["degree"] for c in monos) == {d: len(coefficients) * copies for d in degrees}
    for c in monos:
        assert sympy_read(c["monomial"]) == (c["coefficient"], c["degree"])
    failed = [ch.line() for ch in checks(deck) if not ch.ok and not ch.name.startswith("enough cards")]
    assert not failed, failed
