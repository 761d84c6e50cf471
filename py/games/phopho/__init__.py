"""Phở Phở (rules: shared/rules/phopho.md)."""

from . import bots
from .rules import PhoPho

GAME = PhoPho(bots=bots.POLICIES)

__all__ = ["GAME"]
