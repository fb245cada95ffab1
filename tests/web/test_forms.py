"""The web form's words: a submitted form becomes exactly the command-line words a user would type,
checked by the CLI's own parser, field by field."""

from __future__ import annotations

import pytest

from deckgen.errors import DeckgenError
from deckgen.registry import games
from deckgen.web.forms import (
    CHECK_GAMES,
    DeckRequest,
    FormError,
    common_fields,
    common_words_of,
    option_fields,
    request_from_form,
    typed_words,
)
from deckgen.web.texts import common_words


def test_fields_follow_the_declarations_deck_options_first():
    game = games()["multiplicats"]
    fields = option_fields(game, "es")
    simulated = ("reaction_ms", "reaction_spread", "miss_rate", "false_slap_rate")  # the simulated players' habits
    assert [f.name for f in fields] == [o.name for o in sorted(game.options, key=lambda o: (o.scope != "deck", o.name in simulated))]
    assert [f.group for f in fields][:2] == ["deck", "deck"]
    assert {f.name for f in fields if f.group == "check"} == set(simulated)
    assert {f.group for f in fields[2:] if f.name not in simulated} == {"rules"}
    by = {f.name: f for f in fields}
    assert (by["tables"].kind, by["tables"].value, by["tables"].cli, by["tables"].label) == ("text", "1-10", "--tables", "Tablas de multiplicar")
    assert (by["specials"].kind, by["specials"].value) == ("flag", "true")
    assert (by["raton_call"].kind, by["raton_call"].value) == ("flag", "false")
    assert (by["end"].kind, by["end"].choices, by["end"].value) == ("choice", ("two-left", "first"), "two-left")
    english = {f.name: f for f in option_fields(game, "en")}
    assert english["end"].help == game.option("end").help  # English explanations are the option's help


def test_common_fields_take_the_default_deck_files_values():
    game = games()["multiplicats"]
    fields = {f.name: f for f in common_fields(game, common_words("es"))}
    assert [f.name for f in fields.values()] == [
        "players", "seed", "lang", "paper", "shop", "card_size", "bleed", "backs", "ink", "help_card", "games", "skill_games"]
    assert (fields["players"].value, fields["players"].placeholder) == ("", "2–8")
    assert fields["seed"].value == "1" and fields["paper"].value == "a4" and fields["card_size"].value == "poker"
    assert fields["backs"].choices == ("duplex-long", "duplex-short", "manual-duplex", "separate", "none")
    assert fields["shop"].cli == "--for" and fields["shop"].choices == ("", "home", "tgc", "mpc", "dtc")
    assert (fields["ink"].value, fields["help_card"].value, fields["help_card"].cli) == ("normal", "true", "--no-help-card")
    assert [f.kind for f in fields.values()] == [
        "text", "text", "choice", "choice", "choice", "text", "text", "choice", "choice", "flag", "text", "text"]
    assert fields["card_size"].choices == ("poker", "bridge", "mini", "tarot")  # offered, yet WxH may be typed
    assert fields["games"].value == str(CHECK_GAMES) == "400" and fields["skill_games"].value == "0"
    assert [f.name for f in common_fields(game, {}, check=False)][-1] == "help_card"


def test_the_deck_language_follows_the_page_and_dropdowns_show_words():
    from deckgen.web.texts import choice_words

    game = games()["multiplicats"]
    english = {f.name: f for f in common_fields(game, common_words("en"), lang="en", choice_words=choice_words("en"))}
    assert (english["lang"].value, english["lang"].default) == ("en", "es")  # sent, since it differs from the CLI's
    assert english["backs"].words == (
        "Double-sided, flipped on the long edge", "Double-sided, flipped on the short edge",
        "Double-sided by hand (single-sided printer)", "Backs apart, to glue on", "No backs")
    assert english["lang"].words == ("Spanish", "English", "Both (cards in Spanish)")


def test_simulation_settings_are_check_settings_not_rule_variants():
    mgc = {f.name: f for f in option_fields(games()["mgc"], "es")}
    assert mgc["algebra_call"].group == mgc["algebra_catch"].group == "check"
    assert mgc["draw_freely"].group == "rules"


def test_print_options_become_the_clis_words():
    req = request_from_form({"game": "multiplicats", "shop": "tgc", "ink": "low", "help_card": "false", "backs": "manual-duplex"})
    assert dict(req.common) == {"shop": "tgc", "ink": "low", "help_card": "false", "backs": "manual-duplex"}
    assert not req.help_card and req.spec().print.shop == "tgc" and req.spec().print.ink == "low"
    assert req.spec().print.backs == "manual-duplex"
    assert request_from_form({"game": "multiplicats", "help_card": "true"}).help_card


@pytest.mark.parametrize(
    "name, text, words",
    [
        ("specials", "true", ("--specials",)),
        ("specials", "on", ("--specials",)),
        ("specials", "false", ("--no-specials",)),
        ("specials", "0", ("--no-specials",)),
        ("specials", "maybe", ("--specials=maybe",)),
        ("tables", "1-6", ("--tables", "1-6")),
        ("reaction_ms", "600,700", ("--reaction-ms", "600,700")),
    ],
)
def test_typed_words(name, text, words):
    assert typed_words(games()["multiplicats"].option(name), name, text) == words


def test_typed_words_of_common_options():
    assert typed_words(None, "card_size", "mini") == ("--card-size", "mini")
    assert typed_words(None, "players", "4") == ("--players", "4")


def test_a_form_becomes_the_words_and_the_spec_of_the_cli():
    from deckgen.cli import load_spec

    form = {"game": "mgc", "coefficients": "-3-3", "hints": "true", "draw_freely": "false", "players": "4", "card_size": "mini", "games": "9"}
    req = request_from_form(form)
    assert req.words == ("--coefficients", "-3-3", "--hints", "--no-draw-freely", "--players", "4", "--card-size", "mini")
    spec = req.spec()
    cli = load_spec("mgc", ["--coefficients", "-3-3", "--hints", "--no-draw-freely"], players=4, card_size="mini")
    assert (spec.options, spec.players, spec.print, spec.source) == (cli.options, cli.players, cli.print, cli.source)
    check = request_from_form(form, check=True)
    assert check.words == ("--coefficients", "-3-3", "--hints", "--no-draw-freely", "--players", "4", "--games", "9")
    assert check.check_plan() == ([4], 9) and check.skill_games() == 0
    assert check.spec(check=True).players == 4  # as `deckgen validate --players 4`: the deck is checked for 4, like a deck file's players
    assert request_from_form({"game": "mgc"}, check=True).check_plan() == (None, CHECK_GAMES)
    assert request_from_form({"game": "mgc", "skill_games": "3"}, check=True).skill_games() == 3


def test_unknown_fields_are_refused_by_name_never_ignored():
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "tabels": "1-6"})
    assert str(err.value) == "unknown field 'tabels' (did you mean tables?)" and err.value.fields == {"tabels": str(err.value)}
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "x": "1", "y": "2"}, check=True)
    assert str(err.value) == "unknown fields 'x', 'y'" and set(err.value.fields) == {"x", "y"}


def test_blank_fields_mean_the_default():
    req = request_from_form({"game": "multiplicats", "tables": "  ", "players": ""})
    assert req.words == ()
    assert dict(req.spec().options)["tables"] == list(range(1, 11))


def test_errors_come_back_per_field_with_the_first_as_the_message():
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "tables": "0", "players": "1", "lang": "fr"})
    assert set(err.value.fields) == {"tables", "players", "lang"}
    assert str(err.value) == err.value.fields["tables"] == "multiplicats: --tables: 0 is out of range (1 to 10)"
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "games": "0", "skill_games": "100001"}, check=True)
    assert err.value.fields == {"games": "--games must be 1 to 1000000, not 0", "skill_games": "--skill-games must be 1 to 100000, not 100001"}
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "tables": "1" * 201})
    assert str(err.value) == "a form value of 201 characters is too long (at most 200)"
    with pytest.raises(FormError) as err:  # 200 characters are read, and judged by the option
        request_from_form({"game": "multiplicats", "tables": "1" * 200})
    assert err.value.fields == {"tables": "multiplicats: --tables: " + "1" * 12 + "… (200 digits) is out of range"}
    assert request_from_form({"game": " MGC "}).game == "mgc"  # as the CLI reads a game id
    with pytest.raises(DeckgenError, match="unknown game"):
        request_from_form({"game": ""})
    with pytest.raises(DeckgenError, match="unknown game 'decks/mgc.toml'"):
        request_from_form({"game": "decks/mgc.toml"})  # never read as a file


def test_common_values_are_typed_with_the_command_lines_messages(capsys):
    from clirun import run
    from deckgen.request import typed

    assert typed("players", " 3") == 3 and typed("bleed", "1.5") == 1.5 and typed("lang", "en") == "en"
    assert typed("help_card", "false") is False
    for name, flag, bad in (("players", "--players", "x"), ("bleed", "--bleed", "x"), ("dpi", "--dpi", "1.5"), ("seed", "--seed", "9" * 5000)):
        code, _, err = run(capsys, "build", "multiplicats", flag, bad, "--quiet")
        assert code == 2
        with pytest.raises(DeckgenError) as exc:
            typed(name, bad)
        assert "error: " + str(exc.value) == err.strip()


def test_an_uploaded_deck_takes_only_players_seed_and_games():
    assert common_words_of({"players": "4", "games": "5", "tables": "1-6", "paper": "letter"}, check=True) == (("players", "4"), ("games", "5"))
    assert common_words_of({"games": "5", "seed": "2"}, check=False) == (("seed", "2"),)
    with pytest.raises(FormError) as err:
        common_words_of({"players": "x", "games": "0"}, check=True)
    assert set(err.value.fields) == {"players", "games"}
    text = 'game = "multiplicats"\n[options]\ntables = "1-3"\n'
    req = DeckRequest("multiplicats", common=(("players", "4"),), deck_text=text, deck_name="mine.toml")
    spec = req.spec()
    assert (spec.players, spec.source, dict(spec.options)["tables"]) == (4, "mine.toml", [1, 2, 3])
    with pytest.raises(DeckgenError) as err:
        DeckRequest("multiplicats", ("--tables", "1-6"), deck_text=text).spec()
    assert str(err.value) == "an uploaded deck file takes its options from the file, not '--tables'"
