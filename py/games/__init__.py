"""Every playable game, registered by id. A new game joins the lobby, the CLI and the shared
test harness by adding one line here."""

from . import flowers, hoipho, mojo, thenumber

GAMES = {game.info.id: game for game in (thenumber.GAME, hoipho.GAME, mojo.GAME, flowers.GAME)}

__all__ = ["GAMES"]
