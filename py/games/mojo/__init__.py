"""Mojo (rules: shared/rules/mojo.md)."""

from . import bots
from .rules import Mojo

GAME = Mojo(bots=bots.POLICIES)

__all__ = ["GAME"]
