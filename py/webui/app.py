"""The app shell: which screen is shown, and what outlives a screen (storage, the bots' speed,
the notice, the share dialog, the address bar).

Each screen is its own object with its own state (screen.py): the lobby and its new-game dialog
(lobby.LobbyScreen, newgame.NewGameDialog), a table (table.TableScreen: a game on this device,
its bots, saves and pass-the-device cover, and the invite panel of its friends on other devices,
room.HostRoom; or a seat at a friend's table, room.GuestSeat) and the replay viewer
(replay.ReplayScreen). The App opens them (`enter`) and passes them the page's clicks and keys.

The App is plain Python over a small `platform` object (see browser.py for the real one), so it
knows nothing of `js`: it produces HTML strings, reacts to named actions (the data-act of what
was clicked) and asks the platform to schedule, store and download.

Platform interface:
  render(html)                   replace the app's content
  set_flag(name, on)             toggle <html data-NAME>
  schedule(seconds, fn)          call fn() later (bot pauses; 0 = as soon as the page painted)
  form(form_id) -> dict          the named fields of a form
  download(filename, text)       offer a file to save
  now() -> str                   ISO time, for "last played"
  new_seed() -> int
  focus(selector)                move keyboard focus
  set_url(params)                replace the page's query string (no reload)
  page_url() -> str              the page's address without query or fragment
  copy(text) -> bool             put text on the clipboard (False if the browser refuses)
  scroll_top()                   show the page from its top (a new screen opened)
  choose_language(code, then)    speak `code` from now on (its catalogue loaded), then call then()

Words: everything drawn is said in the reader's language (webui.i18n). What the app keeps to
draw later (`notice`, the store's notice, `record_note`) is kept as a Message, said when drawn,
so that a change of language changes it too.
"""

import random

from games import GAMES
from tabletop import IllegalAction
from tabletop import saves, share
from tabletop.match import FRIEND, Match, clean_name, make_seats
from tabletop.msg import M, N_

# The game screen, the replay and the rules text (table, replay, rules) are imported where they
# are first opened: a first visit's lobby does not wait for them (issue 17). After a start-up
# snapshot they are imported already.
from . import i18n
from .html import Page, button, esc, tag
from .i18n import _
from .lobby import LobbyScreen

# How fast bots play: the seconds before a bot's move, (turn, step), by the speed setting.
# "turn" comes before a bot starts its turn, after someone else moved: long enough to see that
# move land (the stylesheet's animation takes 0.3 s). "step" comes between the sub-decisions of
# one bot's composite turn (Coffee Rush's steps and pours) when the last one showed something;
# a step that showed nothing (Phở Phở's picks and marks) goes on at once. Until issue 27 every
# sub-decision waited 0.7 s: two bots at Phở Phở made the human wait 5-11 s a round, for 9-23
# decisions. "instant" (links for tests and demos) also turns the animations off.
SPEEDS = ("slow", "normal", "fast", "instant")
BOT_PAUSE = {"slow": (1.2, 0.5), "normal": (0.5, 0.2), "fast": (0.2, 0.06), "instant": (0.0, 0.0)}


class App:
    SPEEDS = SPEEDS  # for the menus (lobby.speed_field)

    def __init__(self, platform, storage_backend, params=None):
        self.platform = platform
        params = dict(params or {})
        # An embed (a game in an iframe on a blog or a rules guide) never saves: it would fill
        # the visitor's lobby, and a cross-origin iframe has no storage anyway.
        self.embed = params.get("embed") == "1"
        self.store = saves.SaveStore(None if self.embed else storage_backend, GAMES)
        if self.embed:
            self.store.notice = M("Not saved here: open the full page to keep this game.")
        platform.set_flag("embed", self.embed)
        # The bots' speed: a link's &speed= holds for this tab (kept in its address); otherwise the
        # player's last choice on this device.
        self.link_speed = params.get("speed") if params.get("speed") in SPEEDS else None
        stored = self.store.setting("speed")
        self.speed = self.link_speed or (stored if stored in SPEEDS else "normal")
        platform.set_flag("instant", self.speed == "instant")  # no animations either
        # The relays and STUN servers a link asked for (room.network): for a table with friends.
        self.link_network = {k: params[k] for k in ("relays", "stun") if params.get(k)}
        self.notice = None  # a message for the player (an illegal attempt, a refused import)
        self.share = None  # the Share dialog (share_dialog.ShareDialog) while it is open
        self.current = None  # the screen shown (screen.Screen); None before the first one
        # What the page last showed (screen_key): a new screen opens at its top, not at the
        # previous screen's scroll (a game started from a card low in the lobby opened mid-page).
        # The first lobby is the page's own: a visitor may already have scrolled the static one.
        self.shown = self.screen_key()
        self._open_from_params(params)

    @property
    def screen(self):
        """The name of the screen shown: "lobby", "game" or "replay"."""
        return self.current.name if self.current is not None else "lobby"

    @property
    def match(self):
        """The game this device holds on the screen shown (None: the lobby, a replay, a seat
        at a friend's table). For the command line and tests: the screens read `table`."""
        return getattr(self.current, "match", None)

    # --- navigation ------------------------------------------------------------------------
    def enter(self, screen, draw=True):
        """Show `screen` in place of the one shown (which closes what it had open); `draw`
        False: the caller draws it."""
        if self.current is not None and self.current is not screen:
            self.current.leave()
        self.current = screen
        self.share = None
        self.platform.set_flag("screen-game", screen.name != "lobby")
        self.platform.set_flag("over", False)  # a table says when its game is over
        address = screen.address()
        if address is not None:
            self.set_url(address)
        if draw:
            screen.enter()

    def _open_from_params(self, params):
        if params.get("join"):
            return self.open_guest(params)
        if params.get("g"):
            return self.open_share(params["g"], params.get("step"), params.get("continue") == "1")
        if params.get("save"):
            return self.resume(params["save"])
        game_id = params.get("game")
        if not game_id:
            return self.show_lobby()
        if game_id not in GAMES:
            self.notice = M("There is no game called '{game}' here; pick one below.", game=game_id)
            return self.show_lobby()
        game = GAMES[game_id]
        dialog = self.open_dialog(game_id)
        if params.get("seed"):
            dialog.seed = params["seed"]
        if params.get("hints") == "off":  # a link (a blog's embed) may start a game without hints
            dialog.hints = "off"
        for opt in game.info.options:
            if opt.id in params:
                dialog.options[opt.id] = params[opt.id]
        if params.get("seats"):
            kinds = [k.strip().lower() for k in params["seats"].split(",") if k.strip()]
            names = params.get("names", "").split(",") if params.get("names") else None
            try:
                return self.start(game_id, kinds, names, params.get("seed", ""), dialog.options, hints=dialog.hints != "off")
            except IllegalAction as err:
                self.notice = M("This link cannot start a game: {reason}", reason=err.reason)
        self.render()

    def set_url(self, params):
        """Keep the address bar meaningful: a reload or a bookmark comes back here. An embed
        keeps the address its page gave it."""
        if self.embed:
            return
        params = dict(params)
        if self.link_speed:
            params["speed"] = self.link_speed
        self.platform.set_url(params)

    def set_speed(self, speed):
        """The player chose how fast bots play: from now on, and in later games on this device."""
        if speed not in SPEEDS:
            return
        self.speed = speed
        self.platform.set_flag("instant", speed == "instant")
        self.store.write_setting("speed", speed)
        if self.link_speed:  # the address must not bring the link's speed back on a reload
            self.link_speed = speed
            address = self.current.address() if self.current is not None else None
            if address is not None:
                self.set_url(address)

    def bot_pause(self):
        """(turn, step): the pauses before a bot's move at this speed (see BOT_PAUSE)."""
        return BOT_PAUSE[self.speed]

    def on_speed(self, _):
        """A speed menu outside a table."""
        self.set_speed(self.platform.form("speed-form").get("speed"))
        self.render()

    def show_lobby(self):
        self.enter(LobbyScreen(self))

    def open_dialog(self, game_id):
        """The new-game dialog of `game_id` over the lobby (not drawn yet): returned."""
        if not isinstance(self.current, LobbyScreen):
            self.enter(LobbyScreen(self), draw=False)
        return self.current.open_dialog(game_id)

    def on_new(self, game_id):
        """A game's New game button (its lobby card, its How to play): its dialog."""
        if game_id in GAMES:
            self.open_dialog(game_id)
            self.notice = None
            self.render()

    # Saves to and from files: the lobby's buttons, answered here as they touch only the storage.
    def on_export(self, save_id):
        text = self.store.text(save_id)
        if text is not None:
            self.platform.download("{}.json".format(save_id), saves.without_room(text))

    def on_import(self, payload):
        """`payload` = (file name, text) from the file picker; text None: the file was refused
        unread (too large)."""
        name, text = payload
        name = clean_name(name) or N_("The file")
        if text is None:
            self.notice = M("{name} was not imported: it is far too large to be a save of this app.", name=name)
            return self.show_lobby()
        try:
            data = saves.parse(text)
            match = saves.load(data, GAMES)
        except saves.SaveError as err:
            self.notice = M("{name} was not imported: {reason}", name=name, reason=err.reason)
            return self.show_lobby()
        now = self.platform.now()
        # Stored as this app writes saves (names trimmed and bounded), not as the file had it.
        self.store.write("{}-{}".format(match.game.info.id, random.getrandbits(40)),
                         saves.to_save(match, created=data.get("created") or now, updated=now))
        self.notice = M("Imported {name}.", name=name)
        self.show_lobby()

    def on_lobby(self, _):
        self.notice = None
        self.show_lobby()

    # --- starting and resuming -------------------------------------------------------------
    def start(self, game_id, kinds, names=None, seed="", options=None, hints=True):
        from .table import TableScreen

        game = GAMES[game_id]
        seed_text = str(seed or "").strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise IllegalAction(M("The shuffle number must be a whole number (or left empty for a random game)."))
        seats = make_seats(kinds, names)  # a default name is kept in English; the screen says it (said_name)
        match = Match(game, seats, options, int(seed_text) if seed_text else self.platform.new_seed())
        match.hints_offered = bool(hints)
        room = None
        if FRIEND in kinds:  # friends on other devices: this device hosts the table
            from . import room as roomlib

            room = roomlib.network(self.link_network)
        self.notice = None
        self.enter(TableScreen.new(self, match, room=room))

    def resume(self, save_id):
        from .table import TableScreen

        for entry in self.store.entries():
            if entry.id == save_id and entry.match is not None:
                self.notice = None
                return self.enter(TableScreen(self, entry.match, save_id, entry.data.get("created"), entry.text,
                                              room=entry.data.get("room")))
        self.notice = M("That saved game is not here any more (it may have been deleted, or saved in another browser).")
        self.show_lobby()

    def open_guest(self, params):
        """An invite link: this device takes a seat at a table hosted on another device."""
        from .table import TableScreen

        self.enter(TableScreen.at_friends(self, params))

    def continue_game(self, record):
        """A shared game, or a replay up to its step, continued here as a new game."""
        from .table import TableScreen

        match = Match(GAMES[record["game"]], record["seats"], record.get("options", {}), record["seed"])
        match.replay(record["actions"])
        self.notice = None
        self.enter(TableScreen.new(self, match))

    def storage_changed(self, key):
        """Another tab wrote or removed `key` (None: it cleared the storage)."""
        if key is not None and not key.startswith(saves.KEY_PREFIX):
            return
        if self.current is not None:
            self.current.storage_changed()

    # --- share links and the replay viewer ------------------------------------------------
    def open_link(self, params):
        """The address changed without a reload: a share link pasted into this tab, or Back
        from one (then the address's own screen comes back, never the link's replay)."""
        self.notice = None  # the previous link's refusal must not stay over what opens now
        if params.get("g"):
            self.open_share(params["g"], params.get("step"), params.get("continue") == "1")
        elif self.screen == "replay" or params.get("save") != getattr(self.current, "save_id", None):
            self._open_from_params(params)
        else:
            self.render()

    def open_share(self, code, step=None, resume=False):
        """A shared game: replay it (at `step`), or with `resume` continue it as a new game.
        A link that cannot be opened is explained over the lobby; no save is touched."""
        try:
            record, _ = share.decode(code, GAMES)
        except share.ShareError as err:
            self.notice = M("This shared game cannot be opened: {reason}", reason=err.reason)
            return self.show_lobby()
        if resume:
            return self.continue_game(record)
        self.open_replay(record, step)

    def open_replay(self, record, step=None):
        from . import replay

        try:
            viewer = replay.Replay(record, int(step) if step is not None and str(step).isdigit() else None)
        except Exception as err:  # a record that loaded once must replay; say so if not
            self.notice = M("This game cannot be replayed: {reason}", reason=getattr(err, "reason", None) or str(err))
            return self.show_lobby()
        self.enter(replay.ReplayScreen(self, viewer))

    def page_link(self, match, step=None, resume=False):
        """A link to this page that carries `match` (up to `step`) in its fragment."""
        link = "{}#g={}".format(self.platform.page_url(), share.encode(match, step))
        if resume:
            link += "&continue=1"
        elif step is not None:
            link += "&step={}".format(step)
        return link

    def exit_link(self):
        """Back to the lobby; in an embed, a link that opens this game on the full page."""
        if not self.embed:
            return button(_("Lobby"), "lobby")
        href = (self.current.full_page_link() if self.current is not None else None) or self.platform.page_url()
        return tag("a", _("Open full page ↗"), href=href, target="_blank", rel="noopener", class_="full-page")

    def notices(self, info=None):
        """The messages for the player; on a game screen (`info`: its game) rule numbers become
        links to the rules panel."""
        if info:
            from . import rules

            def words(text):
                return rules.with_links(text, info)
        else:
            words = esc
        # A notice may be an engine's Message (a refusal's reason): said in the reader's language.
        return [tag("p", words(_(text)) + " " + button(_("Dismiss"), "dismiss", which, class_="link"), class_="notice", role="alert")
                for text, which in ((self.notice, "app"), (self.store.notice, "store")) if text]

    def on_dismiss(self, which):
        if which == "store":
            self.store.notice = None
        else:
            self.notice = None
        self.render()

    def on_language(self, code):
        """The language menu: speak `code` from now on (the platform loads its words), redraw."""
        if code in i18n.CODES:
            self.platform.choose_language(code, self.render)

    # --- the Share dialog -----------------------------------------------------------------
    def share_dialog(self):
        return self.share.render() if self.share is not None else ""

    def on_share(self, _):
        shared = self.current.shared() if self.current is not None else None
        if shared is None:
            return
        match, step, finished = shared
        from .share_dialog import ShareDialog

        self.share = ShareDialog(self.page_link(match, step), hides_hands=not finished and match.hides_information())
        self.render()
        self.platform.focus("#share-link")

    def on_copy(self, _):
        if self.share is None:
            return
        self.share.copied = self.platform.copy(self.share.link)
        if not self.share.copied:
            self.notice = M("The browser did not allow copying: select the link and copy it yourself.")
        self.render()

    def on_close_share(self, _):
        self.share = None
        self.render()

    # --- the page's events -----------------------------------------------------------------
    def handle(self, act, arg=None):
        """A click on an element with data-act=`act` (and data-arg=`arg`): the screen's
        handler, else the App's, else the game renderer's own gesture."""
        screen = self.current
        handler = (screen.handler(act) if screen is not None else None) or getattr(self, "on_" + act.replace("-", "_"), None)
        if handler is not None:
            handler(arg)
        elif screen is not None and screen.gesture(act, arg):
            self.render()

    def key(self, key):
        """A key press. Escape closes what is open, the innermost first: the share dialog, then
        the screen's own (a question, a dialog, the game's selection, the rules)."""
        if key == "Escape" and self.share is not None:
            return self.on_close_share(None)
        if self.current is not None:
            self.current.key(key)

    # --- drawing ---------------------------------------------------------------------------
    def render(self):
        if self.current is None:
            return
        self.platform.render(Page(self.current.render()))
        shown, was = self.screen_key(), self.shown
        # The shown object by identity: another match (a rematch) may hold an equal state.
        if shown[0] != was[0] or shown[1] is not was[1] or shown[2] != was[2]:
            self.shown = shown
            self.platform.scroll_top()

    def screen_key(self):
        """What makes a new screen: the lobby, a game or a replay (another match is another
        screen: a rematch, a continued link), and the pass-the-device cover going up or down (the
        next player starts at the status line). A dialog is not: it opens at its own top over
        the page, and the page behind keeps its place for when it closes."""
        shown = self.current.shown() if self.current is not None else None
        table, cover = shown if isinstance(shown, tuple) else (shown, False)
        return self.screen, table, cover
