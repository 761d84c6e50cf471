"""One renderer per game, by game id: the only place a game's view joins the shell. A renderer
draws a game's board and player details from a view, and handles the game's own UI gestures
(typing a number, selecting cards):

  prompt(ctx, seat) -> str     what the acting seat must do (seat None: what others are doing)
  score(ctx, seat) -> str      the score shown on the player's panel
  panel(ctx, seat) -> html     the player's public details (and private ones for the viewer)
  board(ctx) -> html           the table
  handle(app, act, arg) -> bool   a data-act the shell does not know; True = redraw
  key(app, key) -> bool        a key press on the game screen; True = redraw

The shell's own modules (app, lobby, table, replay, html, browser) sit one level up and know no
game by name.
"""

import importlib

from games import IDS, Registry

# By game id, each imported on first use (a lobby draws no board).
RENDERERS = Registry(IDS, lambda game_id: importlib.import_module("{}.{}".format(__name__, game_id)).RENDERER)
