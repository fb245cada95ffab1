"""`deckgen simulate` and `deckgen validate` for Multipli Cat's, through the command line."""

from __future__ import annotations

import json


from clirun import run



def test_validate_tables_1_6_passes_for_every_player_count(capsys):
    code, out, err = run(capsys, "validate", "multiplicats", "--tables", "1-6", "--games", "40", "--quiet")
    assert code == 0, out
    for players in range(3, 9):
        assert f"ok   every game ends ({players} players)" in out
        assert f"ok   slap chances per turn ({players} players)" in out
    assert "\nPLAYABLE\n" in out and "beside the default deck" in out


def test_a_deck_file_with_unreachable_products_is_not_playable(tmp_path, capsys):
    f = tmp_path / "broken.toml"
    f.write_text(
        'game = "multiplicats"\n[[cards]]\nkind = "multiplication"\na = 2\nb = 3\ncopies = 2\n'
        '[[cards]]\nkind = "product"\nvalue = 6\nmultiplications = [[2, 3]]\n'
        '[[cards]]\nkind = "product"\nvalue = 49\nmultiplications = [[7, 7]]\n'
    )
    code, out, _ = run(capsys, "validate", str(f), "--quiet")
    assert code == 1
    assert "FAIL every product card is reached by a multiplication card: no multiplication gives [49]" in out
    assert "NOT PLAYABLE" in out


def test_a_deck_file_with_too_few_cards_for_the_players_is_not_playable(tmp_path, capsys):
    f = tmp_path / "few.toml"
    f.write_text('game = "multiplicats"\nplayers = 8\n[options]\ntables = "1"\n')
    code, out, _ = run(capsys, "validate", str(f), "--quiet")
    assert code == 1 and "FAIL enough cards for 8 players: 3 cards per pile (at least 5 needed)" in out
    code, _, err = run(capsys, "build", str(f), "--out", str(tmp_path / "o"), "--quiet")
    assert code == 2 and "refused" in err and "--force" in err
    code, _, _ = run(capsys, "build", str(f), "--out", str(tmp_path / "o"), "--quiet", "--force")
    assert code == 0 and (tmp_path / "o" / "cards.pdf").is_file()


def test_a_table_that_never_turns_up_matches_fails_the_slap_threshold(capsys):
    code, out, _ = run(capsys, "validate", "multiplicats", "--tables", "6-10", "--no-specials", "--players", "3", "--games", "150", "--quiet")
    assert code == 1
    assert "FAIL slap chances per turn (3 players)" in out


def test_simulate_json_is_the_same_whatever_the_workers(capsys):
    args = ["simulate", "multiplicats", "--tables", "1-4", "--players", "5", "--games", "30", "--seed", "3", "--json"]
    code, one, _ = run(capsys, *args, "--workers", "1")
    code2, two, _ = run(capsys, *args, "--workers", "2")
    assert code == code2 == 0 and one == two
    data = json.loads(one)
    assert data["games"] == 30 and data["ended"] == 30 and data["players"] == 5
    assert len(data["wins_by_seat"]) == 5
    assert set(data["measures"]) >= {"slaps per reveal", "gula rate", "specials per game", "slap chances per turn"}
    assert 0 < data["length_median"] <= data["length_p95"]


def test_simulate_table_output_and_bad_input(capsys):
    code, out, _ = run(capsys, "simulate", "multiplicats", "--tables", "1-3", "--games", "5", "--quiet")
    assert code == 0 and "game length (turns" in out and "wins by seat" in out and "gula rate" in out
    for bad in (["--policy", "psychic"], ["--players", "12"], ["--games", "0"], ["--reaction-ms", "fast"], ["--miss-rate", "2"]):
        code, _, err = run(capsys, "simulate", "multiplicats", *bad)
        assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1
