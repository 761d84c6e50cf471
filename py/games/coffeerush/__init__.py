"""Coffee Rush (rules: shared/rules/coffeerush.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "CoffeeRush")  # GAME: the rules class with this game's bots
