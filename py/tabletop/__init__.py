"""The kernel shared by every game: the engine contract, matches, saves, bots, randomness.

Nothing here knows about the DOM or the browser; games import this package only."""

from .game import Game, GameInfo, IllegalAction, Option, Rule, clone
from .msg import C, M, N_, P, Message, either, seat_name

__all__ = ["Game", "GameInfo", "IllegalAction", "Option", "Rule", "clone", "C", "M", "N_", "P", "Message", "either", "seat_name"]
