"""Deck files: a teacher's or designer's own deck, in TOML, checked before anything is drawn."""
