"""Every playable game, registered by id. A new game joins the lobby, the CLI and the shared
test harness by adding one line here."""

from . import phopho, thenumber

GAMES = {game.info.id: game for game in (thenumber.GAME, phopho.GAME)}

__all__ = ["GAMES"]
