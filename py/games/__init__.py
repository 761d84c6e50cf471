"""Every playable game, registered by id. A new game joins the lobby, the CLI and the shared
test harness by adding one line here."""

from . import coffeerush, flowers, hoipho, mojo, phopho, stemandbranch, thenumber

GAMES = {game.info.id: game for game in (phopho.GAME, hoipho.GAME, thenumber.GAME, mojo.GAME, flowers.GAME,
                                         coffeerush.GAME, stemandbranch.GAME)}

__all__ = ["GAMES"]
