"""A screen of the app: the lobby (lobby.LobbyScreen), a table (table.TableScreen, a game on
this device or a seat at a friend's) and the replay viewer (replay.ReplayScreen).

Each screen holds its own state and answers the clicks that belong to it: a click on
data-act="X" calls the screen's `on_X` when it has one (else the App's, see app.App.handle). The
App holds what outlives a screen (storage, the bots' speed, the notice, the share dialog) and
shows one screen at a time; a screen that is no longer shown does nothing when a late callback
reaches it (a bot's move, a friend's message): it is simply not drawn.
"""


class Screen:
    name = ""  # "lobby", "game" or "replay": App.screen, what the tests and the page ask

    def __init__(self, app):
        self.app = app

    @property
    def platform(self):
        return self.app.platform

    @property
    def notice(self):
        """The message for the player, the App's (it stays over the next screen when one opens)."""
        return self.app.notice

    @notice.setter
    def notice(self, message):
        self.app.notice = message

    def shown(self):
        """What makes this screen another one when it changes (App.screen_key): the page then
        opens at its top."""
        return None

    def address(self):
        """The query the address bar keeps for this screen (a reload comes back here); None:
        leave the address as it is."""
        return None

    def enter(self):
        """The screen is shown for the first time: draw it."""
        self.app.render()

    def leave(self):
        """Another screen replaces this one (a table closes its network)."""

    def redraw(self):
        """Draw again, if this screen is still the one shown."""
        if self.app.current is self:
            self.app.render()

    def handler(self, act):
        return getattr(self, "on_" + act.replace("-", "_"), None)

    def gesture(self, act, arg):
        """A data-act that no handler knows; True: redraw."""
        return False

    def key(self, key):
        """A key press; True: it did something (and drew)."""
        return False

    def storage_changed(self):
        """Another tab changed a save."""

    def full_page_link(self):
        """In an embed, the link that opens this screen on the full page (None: the lobby)."""
        return None

    def shared(self):
        """What the Share button carries: (match, step or None for all of it, finished), or None."""
        return None

    def render(self):
        raise NotImplementedError


class GameScreen(Screen):
    """A screen that shows a game's table: a game being played, or a replay. It has the rules
    panel and the game renderer's own state (`ui`: a number being typed, a selection; `prefs`:
    display settings that last the whole game, zoom and pan). A replay plays for nobody: it has
    no `table` to act at, no `viewer` and no `cover` (a TableScreen has them)."""

    table = None
    viewer = None
    cover = None

    def __init__(self, app):
        super().__init__(app)
        self.show_rules = False
        self.ui = {}
        self.prefs = {}

    def shown_table(self):
        """The game shown, something with `game` and `seats` (a Table, or the replay's Match)."""
        raise NotImplementedError

    def renderer(self):
        from .renderers import RENDERERS  # the registry only: each game's renderer loads when drawn

        shown = self.shown_table()
        return RENDERERS[shown.game.info.id] if shown is not None and shown.game is not None else None

    def gesture(self, act, arg):
        renderer = self.renderer()
        return renderer is not None and bool(renderer.handle(self, act, arg))

    def key(self, key):
        if key == "Escape" and self.show_rules:
            self.show_rules = False
            self.redraw()
            return True
        return False

    def on_rules(self, _):
        self.show_rules = not self.show_rules
        self.redraw()

    def on_rule(self, rule_id):
        """A rule link in a log line or a notice: the rules panel, open at that rule."""
        self.show_rules = True
        self.redraw()
        self.platform.focus("#rule-" + rule_id)

