"""The Number (rules: shared/rules/thenumber.md)."""

from . import bots
from .rules import TheNumber

GAME = TheNumber(bots=bots.POLICIES)

__all__ = ["GAME"]
