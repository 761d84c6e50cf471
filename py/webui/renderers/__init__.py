"""One renderer per game, by game id: the only place a game's view joins the shell. A renderer
draws a game's board and player details from a view, and handles the game's own UI gestures
(typing a number, selecting cards):

  prompt(ctx, seat) -> str     what the acting seat must do (seat None: what others are doing)
  score(ctx, seat) -> str      the score shown on the player's panel
  panel(ctx, seat) -> html     the player's public details (and private ones for the viewer)
  board(ctx) -> html           the table
  handle(screen, act, arg) -> bool   a data-act the shell does not know; True = redraw
  key(screen, key) -> bool     a key press on the game screen; True = redraw
Optional, for hints (a move whose control is not a data-act="play" button naming it):
  hint_control(ctx, action) -> (act, arg)   the control the hint marks for `action`
  prepare_hint(screen, action)              set `ui` so that the move's control is drawn (a
                                            number typed on the pad, a place aimed at)

`screen` is the screen showing the game (webui.table.TableScreen; for `handle`, also the replay
viewer's webui.replay.ReplayScreen): its `ui` and `prefs` are the renderer's own state, and a
table screen's `play`, `explain`, `take_back` and `undo_while` ask the game through its table.

A gesture's data-arg comes from the page it was clicked on, which may be an earlier page than the
one now drawn (issue 27: a script or a test replaying clicks, a control kept from a page before):
`handle` checks it against the game as it is now (`acting_seat`, the legal moves, the hand) and does nothing when
it no longer fits. A stale click is not a bug: it must not raise, nor play what the player did
not see offered.

The shell's own modules (app, lobby, table, replay, html, browser) sit one level up and know no
game by name.
"""

import importlib

from games import IDS, Registry

# By game id, each imported on first use (a lobby draws no board).
RENDERERS = Registry(IDS, lambda game_id: importlib.import_module("{}.{}".format(__name__, game_id)).RENDERER)


def acting_seat(screen):
    """The seat a gesture plays for now, or None: a replay, the pass-the-device cover up,
    nobody's hand shown, the game over, or not that seat's turn."""
    table, seat = screen.table, screen.viewer
    if table is None or seat is None or screen.cover is not None or table.is_over() or seat not in table.to_act():
        return None
    return seat

