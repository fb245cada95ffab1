"""The ladder: the round-robin schedule, seeds, determinism across workers, the command and the
validation report's skill section."""

from __future__ import annotations

import json

from clirun import run
from deckgen.analysis.ladder import schedule, seatings


def test_every_pair_plays_whole_blocks_with_every_seat_rotated():
    m = schedule(5, 2, 6)
    assert len(m) == 10 * 6
    pairs = {x.pair for x in m}
    assert pairs == {(a, b) for a in range(5) for b in range(a + 1, 5)}
    for a, b in pairs:
        games = [x for x in m if x.pair == (a, b)]
        assert sum(x.seats[0] == a for x in games) == sum(x.seats[0] == b for x in games) == 3
    three = seatings(3)
    assert len(three) == 6 and sum(row.count(True) == 1 for row in three) == 3
    assert [len(schedule(3, 3, n)) for n in (1, 6, 7)] == [3 * 6, 3 * 6, 3 * 12]


def test_ratings_are_the_same_for_a_seed_whatever_the_workers(capsys):
    outs = []
    for workers in (1, 2):
        code, out, _ = run(capsys, "skill", "mgc", "--games", "2", "--workers", workers, "--json", "--seed", "5")
        assert code == 0
        outs.append(json.loads(out))
    assert outs[0] == outs[1]  # the whole output: no wall-clock figure in it (issue 41)
    assert "seconds" not in json.dumps(outs[0])
    data = outs[0]["ladders"][0]
    # MGC's Monte Carlo levels stop at mc16 (issue 41: mc64 took over half the ladder's time)
    assert [lv["name"] for lv in data["levels"]] == ["random", "heuristic", "mc4", "mc16", "pimc8"]
    # 6 pairs of the first four levels, and the search rung against random and the heuristic
    assert data["levels"][0]["elo"] == 0.0 and data["games"] == 16 and data["unit"] == "rounds"
    if data["strongest"] != "random":  # the main figure: whole matches to 500
        assert data["whole"]["unit"] == "matches" and data["whole"]["games"] == 2
    code, other, _ = run(capsys, "skill", "mgc", "--games", "2", "--json", "--seed", "6")
    assert json.loads(other)["ladders"][0]["levels"] != data["levels"]  # the seed matters


def test_multiplicats_compares_player_profiles(capsys):
    code, out, _ = run(capsys, "skill", "multiplicats", "--tables", "2-4", "--games", "4", "--players", "3", "--quiet")
    assert code == 0
    assert "20% faster" in out and "missing half as often" in out and "against the average player" in out
    assert "fair share is 33%" in out


def test_bad_input_is_one_error_line(capsys):
    for args in (["skill", "mgc", "--players", "1"], ["skill", "mgc", "--games", "0"], ["skill", "nogame"]):
        code, out, err = run(capsys, *args)
        assert code == 2 and err.startswith("error:") and len(err.strip().splitlines()) == 1


def test_the_report_has_a_skill_section_and_plot(capsys, tmp_path):
    deck = tmp_path / "d.toml"
    deck.write_text('game = "monete"\n[options]\nmode = "recreo"\ntop = 15\n')
    code, out, _ = run(capsys, "validate", deck, "--players", "2", "--games", "40", "--quiet", "--report", tmp_path / "r", "--skill-games", "2")
    assert code == 0, out
    text = (tmp_path / "r" / "report.txt").read_text()
    assert "skill ladder, 2 players" in text and "beside the default deck" in text and "verdict:" in text
    data = json.loads((tmp_path / "r" / "report.json").read_text())["skill"]["ladders"][0]
    assert data["default_deck"]["levels"][0]["name"] == "random"
    assert {d["name"] for d in data["differences"]} >= {"skill share", "mc32 rating (Elo)"}
    png = (tmp_path / "r" / "skill.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    assert Image.open(tmp_path / "r" / "skill.png").size[0] >= 500


def test_the_default_decks_ladder_is_kept_and_reused_for_comparisons(capsys, monkeypatch):
    """The default deck's ladder (the baseline of every custom deck's comparison) is played once per
    code, deck, players, seed and games, then read from the figures cache; anything else is played."""
    from deckgen.analysis import ladder
    from deckgen.engine import cache

    played = []
    real = ladder.run

    def counted(engine, deck, *args, **kwargs):
        played.append(dict(deck.options).get("tables"))
        return real(engine, deck, *args, **kwargs)

    monkeypatch.setattr(ladder, "run", counted)
    custom = ["skill", "multiplicats", "--tables", "2-4", "--games", "4", "--json", "--workers", "1"]
    code, first, _ = run(capsys, *custom)
    assert code == 0 and len(played) == 2  # the custom deck, then the default deck beside it
    stored = list(cache.cache_dir().glob("multiplicats-*.json"))
    assert len(stored) == 1 and len(json.loads(stored[0].read_text())["returns"]) == 3 * 4

    code, second, _ = run(capsys, *custom)
    assert code == 0 and len(played) == 3  # only the custom deck was played again
    assert second == first  # the same output, byte for byte: nothing timed in it

    code, _, _ = run(capsys, *custom, "--seed", "2")  # another seed: another baseline
    assert code == 0 and len(played) == 5
    stored[0].write_text('{"names": ["average"], "returns": []}')  # a damaged entry is played again
    code, third, _ = run(capsys, *custom)
    assert code == 0 and len(played) == 7 and third == first

    for entry in cache.cache_dir().glob("multiplicats-*.json"):
        entry.unlink()
    code, _, _ = run(capsys, "skill", "multiplicats", "--games", "4", "--json", "--workers", "1")  # the default deck itself
    assert code == 0 and len(played) == 8 and len(list(cache.cache_dir().glob("multiplicats-*.json"))) == 1
    code, again, _ = run(capsys, "skill", "multiplicats", "--games", "4", "--json", "--workers", "1")
    assert code == 0 and len(played) == 9  # asked for itself, the default deck is always played
    code, _, _ = run(capsys, *custom)
    assert code == 0 and len(played) == 10  # and what it stored serves the comparison


def test_each_default_ladders_levels():
    """The levels each game's default ladder plays (their pairs set its time: two minutes on two idle
    cores is the target). MGC's Monte Carlo levels stop at mc16, Monete's and Cartas Maestras' at mc32:
    their mc64 rated no higher than mc16 (README, "How much skill?")."""
    from deckgen.analysis.ladder import ladder_levels, played_pairs
    from deckgen.registry import games

    levels = {gid: ladder_levels(g.engine) for gid, g in games().items() if g.engine is not None and g.engine.skill is not None}
    mc = ["random", "heuristic", "mc4", "mc16"]
    assert levels == {
        "hectoedra": mc + ["mc64", "pimc16"],
        "maestras": mc + ["mc32", "pimc8"],
        "mgc": mc + ["pimc8"],
        "monete": mc + ["mc32", "pimc16"],
        "multiplicats": levels["multiplicats"],  # player profiles, not levels of play
    }
    assert len(played_pairs(levels["maestras"])) == 12  # every pair but the search rung against mc4, mc16, mc32
