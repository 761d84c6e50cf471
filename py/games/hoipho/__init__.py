"""Hội Phố (rules: shared/rules/hoipho.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "HoiPho")  # GAME: the rules class with this game's bots
