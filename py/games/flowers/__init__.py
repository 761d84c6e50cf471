"""Flowers (rules: shared/rules/flowers.md)."""

from . import bots
from .rules import Flowers

GAME = Flowers(bots=bots.POLICIES)

__all__ = ["GAME"]
