"""Hints: the move the Hard bot would make for a player, and one sentence saying why.

A hint is asked with what the player's seat may know (its view and its legal moves), exactly as
a bot decides, so it can never use what the seat does not know. The sentence comes from the Hard
bot's own figures, which its search hands over through `search.note` while a hint asks: how many
guesses at the hidden part it weighed, and how far its move stands above the next best one; and,
before them, what the move does in the game's own words, which the bot says through
`search.say_why` ("serving Chicken 5 to the Active Customer finishes its order").

How many hints each person used is kept with the match (Match.hints) and shown on the score
sheet; a table with friends on other devices offers hints only when its host chose so.
"""

import random

from . import bots, search
from .msg import M, decimal

# Below these margins the move is "about as good" as the next best: its lead is noise.
TIE_POINTS = 0.05
TIE_WIN_SHARE = 0.005

ONLY_MOVE = M("This is your only legal move.")
RULE_OF_THUMB = M("Hard would play this: at this step it follows its rules of thumb, without a search.")


def hint_rng(view, moves, seat):
    """The same hint for the same position: a hint asked twice does not change its mind. Seeded
    by what the seat knows (a guest's device never learns the game's seed)."""
    return random.Random("hint:{}:{}:{!r}".format(moves, seat, view))


def hint(game, view, seat, legal, rng):
    """{"action": the move Hard would make, "why": a Message saying what it does, "figures": a
    Message with Hard's count behind it, or None} for `seat`, from its `view`. The page shows the
    figures apart, smaller: the sentence that teaches comes first and stays short on a phone."""
    if not legal:
        raise ValueError("a hint was asked for a seat with no legal move")
    if len(legal) == 1:
        return {"action": legal[0], "why": ONLY_MOVE, "figures": None}
    with search.noting() as found:
        action = bots.choose(game, "hard", view, seat, legal, rng)
    why, figures = explain(found)
    return {"action": action, "why": why, "figures": figures}


def explain(found):
    """(why, figures): what the move does in the game's words when the bot said it
    (`search.say_why`), and the Hard bot's figures (`search.note`) in one plain sentence, or None
    when there are none to give. Without the bot's words the figures are the reason."""
    values, chosen = found.get("values") or {}, found.get("chosen")
    reason = found.get("why")
    others = [v for k, v in values.items() if k != chosen]
    if chosen not in values or not others:
        return (M("Hard would play this: {reason}.", reason=reason) if reason else RULE_OF_THUMB), None
    mine, next_best = values[chosen], max(others)
    worlds = found.get("worlds")
    if found["unit"] == "win":
        if mine - next_best < TIE_WIN_SHARE:
            return _about_as_good(reason), None
        if reason:
            return M("Hard would play this: {reason}.", reason=reason), M(
                "Over {worlds} guesses at what you cannot see, it wins {pct}% of the time; the next best move wins "
                "{other}%.", worlds=worlds, pct=_percent(mine), other=_percent(next_best))
        return M("Hard would play this: over {worlds} guesses at what you cannot see, it wins {pct}% of the time; "
                 "the next best move wins {other}%.", worlds=worlds, pct=_percent(mine), other=_percent(next_best)), None
    gain = mine - next_best
    if gain < TIE_POINTS:
        return _about_as_good(reason), None
    if worlds and reason:
        return M("Hard would play this: {reason}.", reason=reason), M(
            "Over {worlds} guesses at what you cannot see, it comes out about {gain} points ahead of the next best "
            "move.", worlds=worlds, gain=decimal(gain))
    if worlds:
        return M("Hard would play this: over {worlds} guesses at what you cannot see, it comes out about {gain} points "
                 "ahead of the next best move.", worlds=worlds, gain=decimal(gain)), None
    if reason:
        return M("Hard would play this: {reason}.", reason=reason), M(
            "By its count it is worth about {gain} points more than the next best move.", gain=decimal(gain))
    return M("Hard would play this: by its count it is worth about {gain} points more than the next best move.",
             gain=decimal(gain)), None


def _about_as_good(reason):
    if reason:
        return M("Hard would play this: {reason}, though by its count another move is about as good.", reason=reason)
    return M("Hard would play this, though by its count another move is about as good.")


def _percent(share):
    return max(0, min(100, int(round(100 * share))))
