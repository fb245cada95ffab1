"""What a user reads after a build: each file, what it is and whether (and how) to print it, and the
check that passed. Plain text lines; the CLI prints them."""

from __future__ import annotations

import dataclasses
from typing import Any

from deckgen.i18n import _, ngettext
from deckgen.registry import players_words  # one wording of the counts a deck serves
from deckgen.render.presets import PRESETS
from deckgen.render.printing import instructions

LANGUAGES = {"es": _("Spanish"), "en": _("English")}


def build_lines(spec: Any, result: Any) -> list[Any]:
    """``spec`` a DeckSpec, ``result`` a pipeline.BuildResult. Each line is a catalog message or holds one."""
    from deckgen.i18n import current_lang

    game, deck = spec.game, result.deck
    label = game.label(deck, current_lang())  # a game's label of its options is a catalog message: any language
    if label:
        head = ngettext("{game} ({label}): {n} card, {checked}", "{game} ({label}): {n} cards, {checked}", len(deck),
                        game=game.title, label=label, checked=checked_line(spec, result))
    else:
        head = ngettext("{game}: {n} card, {checked}", "{game}: {n} cards, {checked}", len(deck), game=game.title,
                        checked=checked_line(spec, result))
    lines = [head, _("written to {folder}/ (a folder under the one you ran deckgen in):", folder=result.out_dir)]
    notes = file_notes(spec, result)
    width = max((len(n) for n, _note in notes), default=0)
    for name, note in notes:
        lines.append(f"  {name:<{width}}  {note}")
    return lines
def file_notes(spec: Any, result: Any, *, ink: bool = True) -> list[tuple[str, Any]]:
    """Each file and folder a build wrote (a folder's name ends in /), with what it is and whether (and
    how) to print it: the command line's listing and the web page's alike. ``ink``: say how much ink
    each PDF takes (Ghostscript measures it): one figure, C+M+Y+K."""
    names = [f.name + ("/" if f.is_dir() else "") for f in result.files]
    out = []
    for name in names:
        note = describe_file(name, spec, result, ink=ink)
        if ink and name.endswith(".pdf"):
            note = _("{note} ({ink})", note=note, ink=ink_line(name, spec, result))
        out.append((name, note))
    return out


def ink_line(name: str, spec: Any, result: Any) -> str:
    """The C+M+Y+K of a written PDF (Ghostscript's ink_cov): for the cards, checked against what
    --ink low promises; for a CMYK file, with its heaviest colour against the shop's limit."""
    from deckgen.render.ink import heaviest_colour, ink_coverage, ink_words
    from deckgen.render.palette import MAX_INK

    path = result.out_dir / name
    pages = ink_coverage(path)
    cards = not name.startswith(("rulebook-", "preparing-"))
    cmyk = cards and spec.print.colour == "cmyk"
    return ink_words(pages, low=cards and name == "cards.pdf" and spec.print.ink == "low",
                     heaviest=heaviest_colour(path) if cmyk and pages else None, limit=MAX_INK * 100)


def checked_line(spec: Any, result: Any) -> Any:
    """The check that passed: "checked for 4 players: playable (100 simulated games)"."""
    game, deck = spec.game, result.deck
    if deck.players:
        who = ngettext("{n} player", "{n} players", deck.players)
    else:
        who = players_words(game.player_counts(deck))
    if result.forced and any(not c.ok for c in result.checks):
        return ngettext("NOT checked (--force): {n} check fails for {who}", "NOT checked (--force): {n} checks fail for {who}",
                        sum(not c.ok for c in result.checks), who=who)
    if result.played is not None:
        games = sum(s.games for s in result.played.report.summaries.values())
        return _("checked for {who}: playable ({checks} card checks passed, {games:,} simulated games)", who=who,
                 checks=len(result.checks), games=games)
    return _("checked for {who}: {checks} card checks passed (`deckgen validate` also plays simulated games)", who=who,
             checks=len(result.checks))


def describe_file(name: str, spec: Any, result: Any, *, ink: bool = True) -> Any:
    """What the file ``name`` (a folder's ends in /) of a build is, and whether to print it."""
    if name == "cards.pdf":
        how = instructions(result.printed or len(result.deck), spec.print, getattr(result, "either_edge", True))
        return _("the cards: PRINT IT. {how}", how=how)
    if name == "cards-one-per-page.pdf":
        return _("one card side a page (each back, then its front), with bleed and TrimBox: for a print shop")
    if name == "png/":
        shop = PRESETS[spec.print.shop].shop if spec.print.shop in PRESETS else ""
        if shop and spec.print.shop != "home":
            return _("one image per card and back.png, with bleed, at {dpi} dpi: upload them to {shop}", dpi=spec.print.dpi, shop=shop)
        return _("one image per card and back.png, with bleed, at {dpi} dpi: upload them to a print shop", dpi=spec.print.dpi)
    if name == "tts/":
        return _("Tabletop Simulator deck sheets, back.png and tts.json (what each sheet holds): do not print")
    if name == "deck.json":
        return _("every card as data, for other programs: do not print")
    if name.startswith("preparing-") and name.endswith(".pdf"):
        lang = LANGUAGES.get(name[len("preparing-"):-len(".pdf")])
        if lang is not None:
            return _("for whoever prepares the deck, in {language}: the command and options that made it; not for the players", language=lang)
        return _("for whoever prepares the deck: the command and options that made it; not for the players")
    if name.startswith("rulebook-") and name.endswith(".pdf"):
        code = name[len("rulebook-"):-len(".pdf")]
        lang = LANGUAGES.get(code)
        if lang is not None and code != spec.card_lang and spec.card_lang in LANGUAGES:
            return _("the rules in {language} (the cards are printed in {cards}: it names them as printed): print it for "
                     "the players (double-sided is fine, scale 100%)", language=lang, cards=LANGUAGES[spec.card_lang])
        if lang is not None:
            return _("the rules in {language}: print it for the players (double-sided is fine, scale 100%)", language=lang)
        return _("the rules: print it for the players (double-sided is fine, scale 100%)")
    if name.endswith(".png"):
        return _("a picture to look at on screen: do not print")
    return _("another file of this build")


# ---------------------------------------------------------------- validate: the plain summary


def validate_summary(v: Any, pace: float | None = None) -> list[str]:
    """The opening lines of a validation report, for a teacher: playable for whom, how long a game
    lasts at a stated pace, and how many games were played. ``v`` is a pipeline.Validation. Each line
    is a message (``str`` shows it in the language in force; ``--json`` keeps its English)."""
    from deckgen.checks import Joined
    from deckgen.i18n import _, ngettext

    game, report = v.spec.game, v.report
    pace = game.seconds_per_turn if pace is None else pace
    summaries = list(report.summaries.values())
    counts = sorted({s.players for s in summaries}) or (
        [v.deck.players] if v.deck.players else game.player_counts(v.deck))
    lines: list[Any]
    if report.ok:
        from deckgen.engine.claims import headline_basis

        basis = headline_basis(report) if hasattr(report, "claim_games") else ""
        who = players_words(counts)
        if str.startswith(basis, "nothing is proven"):  # a search stopped at its budget, no argument applies (its English)
            lines = [_("Not proven playable for {players}: {basis}.", players=who, basis=basis)]
        else:
            lines = [_("Playable for {players}: {basis}.", players=who, basis=basis) if basis else _("Playable for {players}.", players=who)]
    else:
        failed = [c for c in report.checks if not c.ok and c.name != "simulation"]
        names = Joined([c.name for c in failed[:3]], "; ")
        lines = [ngettext("Not playable: {checks} and {n} more. Each FAIL line below says what to try.",
                          "Not playable: {checks} and {n} more. Each FAIL line below says what to try.", len(failed) - 3, checks=names)
                 if len(failed) > 3 else _("Not playable: {checks}. Each FAIL line below says what to try.", checks=names)]
        served = game.player_counts(dataclasses.replace(v.deck, players=None))
        if v.deck.players and served and v.deck.players not in served:
            lines.append(_("With its cards it serves {served}, not {asked}.", served=players_words(served), asked=v.deck.players))
    if summaries:
        at = v.deck.players or game.usual_players(counts)
        here = [s for s in summaries if s.players == at]
        minutes = [(s.variant, s.length_median * pace / 60) for s in here]
        if len(minutes) == 1:
            lines.append(_("A game lasts about {minutes} at {players} players (at {pace:g} seconds a turn; --pace SECONDS changes it).",
                           minutes=_minutes(minutes[0][1]), players=at, pace=pace))
        else:
            ordered = sorted(minutes, key=lambda m: m[1])
            lines.append(_("A game lasts from about {shortest} ({short_mode}) to {longest} ({long_mode}) at {players} players "
                           "(at {pace:g} seconds a turn; --pace SECONDS changes it).", shortest=_minutes(ordered[0][1]),
                           short_mode=ordered[0][0], longest=_minutes(ordered[-1][1]), long_mode=ordered[-1][0], players=at, pace=pace))
        played = sorted({s.games for s in summaries})
        modes = len(here) > 1
        if len(played) == 1:
            more = max(1, played[0] // 4)
            lines.append(
                (ngettext("Measured over {games} simulated games at each player count and mode, played by the computer following the rules; "
                          "{n} more with random moves looked for games that never end.",
                          "Measured over {games} simulated games at each player count and mode, played by the computer following the rules; "
                          "{n} more with random moves looked for games that never end.", more, games=played[0]) if modes else
                 ngettext("Measured over {games} simulated games at each player count, played by the computer following the rules; "
                          "{n} more with random moves looked for games that never end.",
                          "Measured over {games} simulated games at each player count, played by the computer following the rules; "
                          "{n} more with random moves looked for games that never end.", more, games=played[0]))
            )
        else:  # sequential stopping: each count played until its verdicts were settled
            lines.append(
                (_("Measured over {fewest} to {most} simulated games at each player count and mode (more where a verdict was close), "
                   "played by the computer following the rules; a quarter as many more with random moves looked for games that never end.",
                   fewest=played[0], most=played[-1]) if modes else
                 _("Measured over {fewest} to {most} simulated games at each player count (more where a verdict was close), "
                   "played by the computer following the rules; a quarter as many more with random moves looked for games that never end.",
                   fewest=played[0], most=played[-1]))
            )
    return lines


def _minutes(m: float) -> Any:
    from deckgen.i18n import ngettext

    n = 1 if m < 1.5 else round(m)
    return ngettext("{n} minute", "{n} minutes", n)


def measures_explained(engine: Any) -> list[str]:
    """The jargon of the report, explained once (in the language in force, laid out for its words)."""
    from deckgen.engine.words import length_unit
    from deckgen.i18n import _, pgettext

    unit = length_unit(engine.length_name)
    rows: list[tuple[Any, Any]] = [
        (_("{ok} / {fail}", ok=pgettext("check", "ok"), fail=pgettext("check", "FAIL")), _("each check of the deck; a FAIL says what to try")),
        (_("± x"), _("the figure's standard error: how much it could move with other games (a check fails only when the figure is out "
                     "of its range by more than 3 of them)")),
        (_("{unit}: median", unit=unit), _("half the games are shorter; p95: 95 games in 100 are shorter")),
        (_("seat advantage"), _("how many points the luckiest seat's share of wins is above a fair share")),
    ]
    shown = [(str(term), str(meaning)) for term, meaning in rows]
    width = max(len(term) for term, _ in shown) + 2
    lines = [str(_("What the figures mean:"))]
    for term, meaning in shown:
        lines += _wrapped(f"  {term:<{width}}", meaning, 2 + width)
    for m in engine.measures:
        if m.help:
            told = _("{measure}: {meaning}", measure=m.name, meaning=m.help)
            lines.append(f"  {told}")
    return lines


def _wrapped(head: str, text: str, indent: int, width: int = 112) -> list[str]:
    """``head`` then ``text`` wrapped at ``width`` columns, the next lines indented to ``indent``."""
    import textwrap

    return textwrap.wrap(text, width=width, initial_indent=head, subsequent_indent=" " * indent) or [head.rstrip()]
