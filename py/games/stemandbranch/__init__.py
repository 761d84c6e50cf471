"""Stem and Branch (rules: shared/rules/stemandbranch.md)."""

from games import game_on_first_use

__getattr__ = game_on_first_use(__name__, "StemAndBranch")  # GAME: the rules class with this game's bots
