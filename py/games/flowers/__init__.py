"""Flowers (rules: shared/rules/flowers.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "Flowers")  # GAME: the rules class with this game's bots
