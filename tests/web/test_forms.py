"""The web form's words: a submitted form becomes exactly the command-line words a user would type,
checked by the CLI's own parser, field by field."""

from __future__ import annotations

import pytest

from deckgen.errors import DeckgenError
from deckgen.i18n import using
from deckgen.registry import games
from deckgen.request import CHECK_GAMES, DeckRequest, request_from_values
from deckgen.web.app import default_spec
from deckgen.web.forms import FieldErrors, common_fields, option_fields, request_from_form, typed_words

FormError = FieldErrors


def common_words_of(form, *, check):
    """The common values an uploaded deck's page adds to its file, judged (as request_from_values does)."""
    text = 'game = "multiplicats"\n'
    deck = DeckRequest("multiplicats", deck_text=text)
    return request_from_values("", {k: v for k, v in form.items() if k in ("players", "seed", "games", "skill_games")},
                               check=check, deck=deck).common


def test_fields_follow_the_declarations_deck_options_first():
    game = games()["multiplicats"]
    fields = option_fields(game)
    simulated = ("reaction_ms", "reaction_spread", "miss_rate", "false_slap_rate")  # the simulated players' habits
    assert [f.name for f in fields] == [o.name for o in sorted(game.options, key=lambda o: (o.scope != "deck", o.name in simulated))]
    assert [f.group for f in fields][:2] == ["deck", "deck"]
    assert {f.name for f in fields if f.group == "check"} == set(simulated)
    assert {f.group for f in fields[2:] if f.name not in simulated} == {"rules"}
    by = {f.name: f for f in fields}
    assert (by["tables"].kind, by["tables"].value, by["tables"].cli) == ("text", "1-10", "--tables")
    with using("es"):
        assert str(by["tables"].label) == "Tablas de multiplicar"
    assert (by["specials"].kind, by["specials"].value) == ("flag", "true")
    assert (by["raton_call"].kind, by["raton_call"].value) == ("flag", "false")
    assert (by["end"].kind, by["end"].choices, by["end"].value) == ("choice", ("two-left", "first"), "two-left")
    assert by["end"].help == game.option("end").help  # one explanation: the option's help
    assert by["end"].words == tuple(game.option("end").words[c] for c in ("two-left", "first"))
    assert by["reaction_ms"].commands == ("validate",) and by["tables"].commands == ("build", "validate", "init")


def test_common_fields_take_the_default_deck_files_values():
    game = games()["multiplicats"]
    fields = {f.name: f for f in common_fields(game, default_spec(game.id))}
    assert [f.name for f in fields.values()] == [
        "players", "seed", "lang", "paper", "shop", "card_size", "bleed", "backs", "ink", "formats", "dpi", "colour",
        "back_offset", "back_image", "help_card", "games", "skill_games"]
    assert (fields["players"].value, fields["players"].placeholder) == ("", "2–8")
    assert fields["seed"].value == "1" and fields["paper"].value == "a4" and fields["card_size"].value == "poker"
    assert fields["backs"].choices == ("duplex-long", "duplex-short", "manual-duplex", "separate", "none")
    assert fields["shop"].cli == "--for" and fields["shop"].choices == ("", "tgc", "mpc", "dtc", "home")
    assert (fields["ink"].value, fields["help_card"].value, fields["help_card"].cli) == ("normal", "true", "--help-card")
    assert fields["card_size"].kind == "text" and fields["card_size"].choices == ("poker", "bridge", "mini", "tarot")  # offered, yet WxH may be typed
    assert fields["games"].value == str(CHECK_GAMES) == "400" and fields["skill_games"].value == "0"
    assert fields["games"].commands == ("validate",) and fields["paper"].commands == ("build", "init")
    assert [f.name for f in common_fields(game, default_spec(game.id), check=False)][-1] == "help_card"


def test_the_deck_language_follows_the_page_and_dropdowns_show_words():
    game = games()["multiplicats"]
    english = {f.name: f for f in common_fields(game, default_spec(game.id), lang="en")}
    assert (english["lang"].value, english["lang"].default) == ("en", "es")  # sent, since it differs from the CLI's
    with using("en"):
        assert [str(w) for w in english["backs"].words] == [
            "double-sided, flipped on the long edge", "double-sided, flipped on the short edge",
            "double-sided by hand, for a single-sided printer: all fronts, turn the stack over, all backs",
            "backs on pages of their own, not mirrored, to glue onto the fronts", "no backs: fronts only"]
        assert [str(w) for w in english["lang"].words] == ["Spanish", "English", "both: rulebooks in Spanish and English, cards in Spanish"]
    with using("es"):
        assert str(english["lang"].words[0]) == "español"


def test_simulation_settings_are_check_settings_not_rule_variants():
    mgc = {f.name: f for f in option_fields(games()["mgc"])}
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
    assert typed_words(None, "shop", "tgc") == ("--for", "tgc")
    assert typed_words(None, "help_card", "false") == ("--no-help-card",)


def test_a_form_becomes_the_words_and_the_spec_of_the_cli():
    from deckgen.cli import load_spec

    form = {"game": "mgc", "coefficients": "-3-3", "hints": "true", "draw_freely": "false", "players": "4", "card_size": "mini"}
    req = request_from_form(form)
    assert req.words == ("--coefficients", "-3-3", "--hints", "--no-draw-freely", "--players", "4", "--card-size", "mini")
    spec = req.spec()
    cli = load_spec("mgc", ["--coefficients", "-3-3", "--hints", "--no-draw-freely"], players=4, card_size="mini")
    assert (spec.options, spec.players, spec.print, spec.source) == (cli.options, cli.players, cli.print, cli.source)
    with pytest.raises(FormError) as err:  # each action takes its command's options, as the command line does
        request_from_form({**form, "games": "9"})
    assert err.value.fields == {"games": "--games is not an option of deckgen build"}
    check = request_from_form({k: v for k, v in form.items() if k != "card_size"} | {"games": "9"}, action="check")
    assert check.words == ("--coefficients", "-3-3", "--hints", "--no-draw-freely", "--players", "4", "--games", "9")
    assert check.check_plan() == ([4], 9) and check.skill_games() == 0
    assert check.spec(check=True).players == 4  # as `deckgen validate --players 4`: the deck is checked for 4, like a deck file's players
    assert request_from_form({"game": "mgc"}, action="check").check_plan() == (None, CHECK_GAMES)
    assert request_from_form({"game": "mgc", "skill_games": "3"}, action="check").skill_games() == 3


def test_unknown_fields_are_refused_by_name_never_ignored():
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "tabels": "1-6"})
    assert str(err.value) == "unknown field 'tabels' (did you mean tables?)" and err.value.fields == {"tabels": str(err.value)}
    with pytest.raises(FormError) as err:
        request_from_form({"game": "multiplicats", "x": "1", "y": "2"}, action="check")
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
        request_from_form({"game": "multiplicats", "games": "0", "skill_games": "100001"}, action="check")
    assert err.value.fields == {"games": "--games must be 1 to 1000000, not 0", "skill_games": "--skill-games must be 0 (no skill section) to 100000, not 100001"}
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


def test_an_uploaded_deck_takes_what_deckgen_build_file_takes(tmp_path, monkeypatch, capsys):
    """An uploaded deck file with the page's values is `deckgen build FILE --paper letter ...`: every
    value applied over the file, as the command line applies it (issue 37: paper, backs and the help
    card were accepted and dropped)."""
    from deckgen import pipeline
    from deckgen.cli import main

    text = 'game = "multiplicats"\n[options]\ntables = "1-3"\n[print]\nbacks = "separate"\n'
    deck = DeckRequest("multiplicats", deck_text=text, deck_name="mine.toml")
    values = {"players": "4", "paper": "letter", "backs": "none", "help_card": "false", "tables": "2"}
    req = request_from_values("", values, deck=deck)
    spec = req.spec()
    assert (spec.players, spec.source, spec.print.paper, spec.print.backs, dict(spec.options)["tables"]) == (4, "mine.toml", "letter", "none", [2])
    assert not req.help_card and req.play_games == 100
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    seen = {}

    class Stop(BaseException):
        pass

    def build(spec, out=None, **kw):
        seen.update(spec=spec, **kw)
        raise Stop

    monkeypatch.setattr(pipeline, "build", build)
    with pytest.raises(Stop):
        main(["build", str(tmp_path / "mine.toml"), "--players", "4", "--paper", "letter", "--backs", "none", "--no-help-card", "--tables", "2"])
    capsys.readouterr()
    cli = seen["spec"]
    assert (cli.options, cli.players, cli.print) == (spec.options, spec.players, spec.print)
    assert (seen["help_card"], seen["play_check_games"]) == (req.help_card, req.play_games)
    with pytest.raises(FormError) as err:
        request_from_values("", {"players": "x", "paper": "a3"}, deck=deck)
    assert set(err.value.fields) == {"players", "paper"}
    assert common_words_of({"players": "4", "games": "5"}, check=True) == (("players", "4"), ("games", "5"))
