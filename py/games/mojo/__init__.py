"""Mojo (rules: shared/rules/mojo.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "Mojo")  # GAME: the rules class with this game's bots
