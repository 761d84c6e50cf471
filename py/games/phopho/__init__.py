"""Phở Phở (rules: shared/rules/phopho.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "PhoPho")  # GAME: the rules class with this game's bots
