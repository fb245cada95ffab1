"""Deck files a designer writes in the first-use report (issue 19)."""

from __future__ import annotations

from pathlib import Path

MONOMIALS = {1: ["x", "y"], 2: ["x**2", "x*y"], 3: ["x**3", "x*y*z"]}


def mgc_own_list(folder: Path, players: int = 3) -> Path:
    """An MGC deck file listing its own cards: coefficients 1-4, degrees 1-3, three kinds of actions."""
    lines = ['game = "mgc"', f"players = {players}", ""]
    for c in range(1, 5):
        for d in range(1, 4):
            for m in MONOMIALS[d]:
                text = m if c == 1 else f"{c}*{m}"
                lines += ["[[cards]]", 'kind = "monomial"', "copies = 2", f'monomial = "{text}"', ""]
    for action in ("toma_dos", "retorno", "intermision"):
        lines += ["[[cards]]", 'kind = "action"', f'action = "{action}"', "copies = 4", ""]
    path = folder / "mgc-own.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def hectoedra_1_40(folder: Path, players: int = 5, per_player: int = 8) -> Path:
    path = folder / "hecto-1-40.toml"
    path.write_text(
        f'game = "hectoedra"\nplayers = {players}\n\n[options]\ncards = "1-40"\nper_player = {per_player}\n', encoding="utf-8"
    )
    return path
