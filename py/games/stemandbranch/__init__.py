"""Stem and Branch (rules: shared/rules/stemandbranch.md)."""

from . import bots
from .rules import StemAndBranch

GAME = StemAndBranch(bots=bots.POLICIES)

__all__ = ["GAME"]
