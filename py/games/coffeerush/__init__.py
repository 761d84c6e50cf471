"""Coffee Rush (rules: shared/rules/coffeerush.md)."""

from . import bots
from .rules import CoffeeRush

GAME = CoffeeRush(bots=bots.POLICIES)

__all__ = ["GAME"]
