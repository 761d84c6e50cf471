"""Hội Phố (rules: shared/rules/hoipho.md)."""

from . import bots
from .rules import HoiPho

GAME = HoiPho(bots=bots.POLICIES)

__all__ = ["GAME"]
