"""The Number (rules: shared/rules/thenumber.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "TheNumber")  # GAME: the rules class with this game's bots
