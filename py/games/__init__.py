"""Every playable game, registered by id. A new game joins the lobby, the CLI and the shared
test harness by adding one line here."""

from . import hoipho, mojo, thenumber

GAMES = {game.info.id: game for game in (thenumber.GAME, hoipho.GAME, mojo.GAME)}

__all__ = ["GAMES"]
