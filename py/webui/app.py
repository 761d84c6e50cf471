"""The app shell: lobby, new-game dialog, game screen, bots, saves, pass-the-device cover.

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
from tabletop import bots as botlib
from tabletop import saves, share
from tabletop.match import FRIEND, Match, clean_name, make_seats
from tabletop.msg import M, N_
from tabletop.tables import LocalTable

# The game screen, the replay and the rules text (table, replay, rules) are imported where they
# are first drawn: a first visit's lobby does not wait for them (issue 17). After a start-up
# snapshot they are imported already.
from . import i18n, lobby
from .html import attrs, button, esc, tag
from .i18n import _
from .newgame import NewGameDialog
from .room import TABLES_SETTING, joined_tables
from .renderers import RENDERERS

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
        self.screen = "lobby"
        self.dialog = None  # the new-game dialog (newgame.NewGameDialog) while it is open
        self.how_to = None  # the game whose "How to play" is open over the lobby
        self.notice = None  # a message for the player (an illegal attempt, a refused import)
        self.confirm_delete = None
        self.match = None  # the Match on this device (None for a guest at a friend's table)
        self.table = None  # the game as the screen reads it (tabletop.tables): over `match`, or a guest's seat
        self.room = None  # room.HostRoom: this device hosts friends on other devices
        self.guest = None  # room.GuestSeat: this device holds a seat at a friend's table
        # The relays and STUN servers a link asked for (room.network): for a table with friends.
        self.link_network = {k: params[k] for k in ("relays", "stun") if params.get(k)}
        self.save_id = None
        self.created = None
        # The save's text as this tab last wrote or read it: a different text in storage means
        # another tab moved this game on (or deleted it), and this tab must not write over it.
        self.saved_text = None
        self.conflict = None  # None, "continued" or "deleted" (in another tab)
        self.viewer = None  # the seat whose private information the screen shows
        self.cover = None  # the seat the device must be passed to, while the cover is up
        self.show_rules = False
        self.confirm = None  # {"action", "text"}: a hurtful move waiting for the player's yes (Game.warning)
        self.ui = {}  # the game renderer's own state (a number being typed, a selection)
        self.prefs = {}  # the renderer's display settings that last the whole match (zoom, pan)
        self.record_note = None  # the score sheet's line about a kept record (a solo best)
        self.thinking = None  # the bot seat computing now
        self.seen_ply = 0  # announcements after this ply are news for the player at the screen
        self.replay = None  # the replay viewer's Replay, on the "replay" screen
        self.share_link = None  # the link shown in the Share dialog
        self.copied = False
        self._bots_scheduled = False
        self.entries = []
        self.friend_tables = []  # the friends' tables this device joined (room.joined_tables)
        # What the page last showed (screen_key): a new screen opens at its top, not at the
        # previous screen's scroll (a game started from a card low in the lobby opened mid-page).
        # The first lobby is the page's own: a visitor may already have scrolled the static one.
        self.shown = self.screen_key()
        self._open_from_params(params)

    # --- navigation ------------------------------------------------------------------------
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
        self.open_dialog(game_id)
        if params.get("seed"):
            self.dialog.seed = params["seed"]
        for opt in game.info.options:
            if opt.id in params:
                self.dialog.options[opt.id] = params[opt.id]
        if params.get("seats"):
            kinds = [k.strip().lower() for k in params["seats"].split(",") if k.strip()]
            names = params.get("names", "").split(",") if params.get("names") else None
            try:
                self.start(game_id, kinds, names, params.get("seed", ""), self.dialog.options)
            except IllegalAction as err:
                self.notice = M("This link cannot start a game: {reason}", reason=err.reason)
                self.render()
        else:
            self.render()

    def _set_url(self, **params):
        """Keep the address bar meaningful: a reload or a bookmark comes back here. An embed
        keeps the address its page gave it."""
        if self.embed:
            return
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
            if self.screen == "game" and self.match is not None:
                self._set_url(save=self.save_id)

    def on_speed(self, _):
        """The game bar's speed menu."""
        self.set_speed(self.platform.form("speed-form").get("speed"))
        self.render()

    def leave_table(self):
        """Stop hosting, or leave a friend's table: the network closes (a guest's seat waits)."""
        for side in (self.room, self.guest):
            if side is not None:
                side.close()
        self.room = self.guest = None

    def show_lobby(self):
        self.leave_table()
        self.screen = "lobby"
        self.match = None
        self.table = None
        self.replay = None
        self.share_link = None
        self.cover = None
        self._set_url()
        self.platform.set_flag("over", False)
        self.platform.set_flag("screen-game", False)
        self.entries = self.store.entries()
        self.friend_tables = joined_tables(self.store)
        self.render()

    def open_dialog(self, game_id):
        self.dialog = NewGameDialog(game_id, self.speed)
        self.screen = "lobby"

    # --- starting and resuming -------------------------------------------------------------
    def start(self, game_id, kinds, names=None, seed="", options=None):
        game = GAMES[game_id]
        seed_text = str(seed or "").strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise IllegalAction(M("The shuffle number must be a whole number (or left empty for a random game)."))
        seats = make_seats(kinds, names)  # a default name is kept in English; the screen says it (said_name)
        match = Match(game, seats, options, int(seed_text) if seed_text else self.platform.new_seed())
        self._new_save_id(game_id)
        room = None
        if FRIEND in kinds:  # friends on other devices: this device hosts the table
            from . import room as roomlib

            room = roomlib.network(self.link_network)
        self._enter(match, room=room)

    def _new_save_id(self, game_id):
        self.created = self.platform.now()
        self.save_id = "{}-{}".format(game_id, random.getrandbits(40))
        self.saved_text = None
        self.conflict = None

    def resume(self, save_id):
        for entry in self.store.entries():
            if entry.id == save_id and entry.match is not None:
                self.save_id = save_id
                self.created = entry.data.get("created")
                self.saved_text = entry.text
                self.conflict = None
                return self._enter(entry.match, save=False, room=entry.data.get("room"))
        self.notice = M("That saved game is not here any more (it may have been deleted, or saved in another browser).")
        self.show_lobby()

    def _enter(self, match, save=True, room=None):
        """Show `match` on the game screen. `room`: its friends on other devices (a network
        asked for by a new table, or the room a save kept: its guests come back by themselves)."""
        self.leave_table()
        self.match = match
        self.table = LocalTable(match)
        self.dialog = None
        self.replay = None
        self.share_link = None
        self.screen = "game"
        self.notice = None
        self.ui = {}
        self.prefs = {}
        self.record_note = None
        self.show_rules = False
        self.thinking = None  # a bot of the game left for the lobby may have been thinking (another game's seat)
        self.seen_ply = len(match.history)
        humans = match.humans()
        self.viewer = humans[0] if len(humans) == 1 else None
        self.cover = None
        self.platform.set_flag("screen-game", True)
        self._set_url(save=self.save_id)
        if room is not None:
            from . import room as roomlib

            self.room = roomlib.HostRoom(self, room) if "id" in room else roomlib.HostRoom.new(self, room)
        if save:
            self.autosave()
        self.after_change()

    def autosave(self):
        """After every change to the match: keep it on this device, and tell the friends'
        devices (a host) what their seats may know of it now."""
        if self.room is not None:
            self.room.host.update()
        if self.match is None or self.check_conflict():
            return
        data = saves.to_save(self.match, created=self.created, updated=self.platform.now())
        if self.room is not None:
            data["room"] = self.room.saved()
        self.store.write(self.save_id, data)
        self.saved_text = self.store.text(self.save_id)

    def check_conflict(self):
        """True (and `conflict` set) when the stored save is no longer what this tab last wrote
        or read: another tab played on, or deleted it. This tab then stops saving, so that
        neither line of play is lost without the player being told."""
        if self.conflict is None and self.saved_text is not None and self.save_id is not None:
            stored = self.store.text(self.save_id)
            if stored != self.saved_text:
                self.conflict = "deleted" if stored is None else "continued"
        return self.conflict is not None

    def storage_changed(self, key):
        """Another tab wrote or removed `key` (None: it cleared the storage)."""
        if key is not None and not key.startswith(saves.KEY_PREFIX):
            return
        if self.screen == "game" and self.match is not None:
            if self.conflict is None and self.check_conflict():
                self.render()
        elif self.screen == "lobby" and self.dialog is None:
            self.entries = self.store.entries()
            self.render()

    def on_reload_save(self, _):
        """Take the stored version of this game (the other tab's line of play)."""
        self.resume(self.save_id)

    def on_save_copy(self, _):
        """Keep this tab's line of play as a save of its own (the other tab's stays as it is)."""
        if self.match is not None:
            self._new_save_id(self.match.game.info.id)
            self._set_url(save=self.save_id)
            self.autosave()
            self.render()

    # --- the turn cycle --------------------------------------------------------------------
    def after_change(self):
        """After every move: decide who the screen is for, start bots, redraw."""
        match = self.match
        over = match.is_over()
        self.platform.set_flag("over", over)
        if self.room is not None and self.room.waiting():
            return self.render()  # nobody plays before the friends are here (or the host starts)
        if not over:
            acting = match.to_act()
            humans_acting = [s for s in acting if match.is_human(s)]
            bots_acting = [s for s in acting if match.is_bot(s)]
            if bots_acting:
                if not humans_acting and len(match.humans()) > 1:
                    # Several people share the screen and none of them acts now (a bot's turn
                    # in a turn-based game): show the public table, not the last player's hand.
                    self.viewer = None
                self._schedule_bots()
            elif humans_acting and self.viewer not in humans_acting and self.cover is None:
                if len(match.humans()) == 1 or not match.game.hides_information(match.state):
                    self.viewer = humans_acting[0]
                else:
                    # Pass the device: hide everything private until that player is ready.
                    self.viewer = None
                    self.cover = humans_acting[0]
                    self.show_rules = False  # the rules show on the cover only when asked for there
        else:
            self.cover = None
            if len(match.humans()) != 1:
                self.viewer = None
            if self.record_note is None:
                self.record_note = self.keep_record()
        self.render()

    def keep_record(self):
        """Compare a finished game's record (Game.record) with the best kept on this device,
        keep the better one, and return the score sheet's line about it (None: no record), a
        Message (the score sheet says it with its first letter made a capital)."""
        match = self.match
        record = match.game.record(match.state)
        if record is None or not match.is_human(record["seat"]):
            return None
        name = "{}.{}".format(match.game.info.id, record["key"])
        label, value = record["label"], record["value"]
        best = self.store.record(name)
        if best is not None and best.get("save") == self.save_id:  # this game set it (a reload)
            best = {"value": best.get("previous"), "save": None} if best.get("previous") is not None else None
        higher = record.get("higher", True)
        if best is None or (value > best["value"] if higher else value < best["value"]):
            self.store.write_record(name, {"value": value, "save": self.save_id, "when": self.platform.now(),
                                           "previous": best["value"] if best else None})
            if best is None:
                return M("{label} on this device: {value} (the first one kept).", label=label, value=value)
            return M("New {label}: {value} (the previous best was {best}).", label=label, value=value, best=best["value"])
        if value == best["value"]:
            return M("You equalled your {label}: {value}.", label=label, value=value)
        return M("Your {label} is {best} (this game: {value}).", label=label, best=best["value"], value=value)

    def _schedule_bots(self):
        if self._bots_scheduled:
            return
        self._bots_scheduled = True
        self.platform.schedule(self._bot_pause(), self._bot_think)

    def _bot_pause(self):
        """The pause before the next bot move (see BOT_PAUSE)."""
        turn, step = BOT_PAUSE[self.speed]
        match = self.match
        bots_acting = [s for s in match.to_act() if match.is_bot(s)]
        if not match.history or not bots_acting or match.history[-1][0] != bots_acting[0]:
            return turn
        ply = len(match.history)
        for event in reversed(match.log):  # did the bot's last step show anything on this screen?
            if event["ply"] != ply:
                break
            if "seats" not in event or self.viewer in event["seats"]:
                return step
        return 0

    def _bot_think(self):
        """Show which bot is thinking, let the page paint, then decide."""
        match = self.match
        bots_acting = [s for s in match.to_act() if match.is_bot(s)] if match else []
        if not bots_acting:
            self._bots_scheduled = False
            return
        self.thinking = bots_acting[0]
        self.render()
        self.platform.schedule(0, lambda: self._bot_move(match))

    def _bot_move(self, match):
        self._bots_scheduled = False
        self.thinking = None
        if match is not self.match or match.is_over():
            return  # the player left this game meanwhile
        bots_acting = [s for s in match.to_act() if match.is_bot(s)]
        if not bots_acting:
            return self.render()
        seat = bots_acting[0]
        level = match.seats[seat]["kind"]
        # Seeded by the game's seed and the move number: the same seed replays the same game,
        # bots included.
        rng = random.Random(match.seed * 1_000_003 + len(match.history))
        action = botlib.choose(match.game, level, match.view(seat), seat, match.legal(seat), rng)
        match.play(seat, action)
        self.autosave()
        self.after_change()

    def play(self, action, seat=None, confirmed=False):
        """A human move from the page; an illegal one shows the engine's reason, an obviously
        hurtful one (Game.warning) asks for a confirmation first. At a friend's table the host
        answers (the outcome comes back later)."""
        table = self.table
        seat = self.viewer if seat is None else seat
        if table is None or seat is None or self.cover is not None:
            return
        if self.room is not None and self.room.waiting():
            self.notice = M("The game starts when every friend has joined.")
            return self.render()
        self.confirm = None
        before = table.moves

        def done(outcome):
            if table is not self.table:
                return  # this screen left that table meanwhile
            if "confirm" in outcome:
                self.confirm = {"action": action, "seat": seat, "text": outcome["confirm"]}
                self.render()
                return self.platform.focus("#confirm-move [data-act=cancel-move]")
            self.seen_ply = before  # this move's consequences are news too
            self._changed(outcome)

        table.play(seat, action, done, confirmed)

    def _changed(self, outcome):
        """A request to the table came back: its refusal shown, or the change saved and drawn."""
        if "refused" in outcome:
            self.notice = outcome["refused"]
            return self.render()
        self.notice = None
        self.ui = {}
        if self.match is None:  # a guest: the host's update redraws
            return self.render()
        self.autosave()
        self.after_change()

    def on_confirm_move(self, _):
        if self.confirm is not None:
            self.play(self.confirm["action"], self.confirm["seat"], confirmed=True)

    def on_cancel_move(self, _):
        self.confirm = None
        self.render()

    def _own_turn_request(self, request, *args):
        """Undo and its kin, for the seat on the screen."""
        table = self.table
        if table is None:
            return
        if self.viewer is None or self.cover is not None:
            self.notice = M("Nothing to take back: it is not your turn on this screen.")
            return self.render()
        request(self.viewer, *args, lambda outcome: self._changed(outcome) if table is self.table else None)

    def undo(self):
        if self.table is not None:
            self._own_turn_request(self.table.undo)

    def take_back(self, action):
        """Take back one selected card (Phở Phở): the moves after it stay (Match.take_back)."""
        if self.table is not None:
            self._own_turn_request(self.table.take_back, action)

    def undo_while(self, verbs):
        if self.table is not None:
            self._own_turn_request(self.table.undo_while, verbs)

    def explain(self, action, otherwise=None, allowed=None):
        """Why the viewer may not play `action`, as the notice (`otherwise` when it may, after
        `allowed()`): asked of the table, so a friend's table answers from the host."""
        table, seat = self.table, self.viewer
        if table is None or seat is None or self.cover is not None:
            return

        def answer(outcome):
            if table is not self.table:
                return
            why = outcome.get("why")
            if why is None and allowed is not None:
                allowed()
            self.notice = why or otherwise
            if table.remote:
                self.render()

        table.why_not(seat, action, answer)

    def lift_cover(self, seat):
        if self.cover == seat:
            self.cover = None
            self.viewer = seat
            self.render()

    # --- a friend's table (room.py) ----------------------------------------------------------
    def open_guest(self, params):
        """An invite link: this device takes a seat at a table hosted on another device. A
        device that joined this seat before (a reload) goes straight back to it."""
        from . import room as roomlib

        self.leave_table()
        self.guest = roomlib.GuestSeat(self, params)
        self.match = None
        self.table = None
        self.screen = "game"
        self.cover = None
        self.viewer = self.guest.seat
        self.platform.set_flag("screen-game", True)
        if self.guest.valid() and isinstance(self.guest.token, str) and self.guest.remembered_name:
            self.guest.join(self.guest.remembered_name)
            self.table = self.guest.table
        self.render()

    def on_rejoin(self, index):
        tables = joined_tables(self.store)
        if isinstance(index, str) and index.isdigit() and int(index) < len(tables):
            self.open_guest(tables[int(index)])

    def on_forget_table(self, index):
        tables = joined_tables(self.store)
        if isinstance(index, str) and index.isdigit() and int(index) < len(tables):
            del tables[int(index)]
            self.store.write_setting(TABLES_SETTING, tables)
        self.show_lobby()

    def on_join(self, _):
        if self.guest is None:
            return
        self.notice = self.guest.join(self.platform.form("join-form").get("name", ""))
        self.table = self.guest.table
        self.render()

    def guest_update(self, kind):
        """The host sent something: a new table (a welcome: the game or a rematch), the seat's
        news, the chat, or a refusal."""
        if kind == "welcome":
            self.ui, self.prefs, self.notice, self.seen_ply = {}, {}, None, 0
        elif kind == "state":
            self.platform.set_flag("over", self.table.is_over())
        elif kind == "refused" and self.table.ready:  # a message refused mid-game: said once
            self.notice, self.table.refused = self.table.refused, None
        self.render()

    def presence(self):
        """Whether each friend's device is connected now, by seat (friend seats only)."""
        side = self.room or self.guest
        return side.presence() if side is not None else {}

    def room_html(self, names):
        side = self.room or self.guest
        return side.panel(names) if side is not None else ""

    # --- share links and the replay viewer ------------------------------------------------
    def open_link(self, params):
        """The address changed without a reload: a share link pasted into this tab, or Back
        from one (then the address's own screen comes back, never the link's replay)."""
        self.notice = None  # the previous link's refusal must not stay over what opens now
        if params.get("g"):
            self.open_share(params["g"], params.get("step"), params.get("continue") == "1")
        elif self.screen == "replay" or params.get("save") != self.save_id:
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
            return self._continue(record)
        self.open_replay(record, step)

    def open_replay(self, record, step=None):
        from . import replay

        try:
            self.replay = replay.Replay(record, int(step) if step is not None and str(step).isdigit() else None)
        except Exception as err:  # a record that loaded once must replay; say so if not
            self.notice = M("This game cannot be replayed: {reason}", reason=getattr(err, "reason", None) or str(err))
            return self.show_lobby()
        self.screen = "replay"
        self.match = None
        self.viewer = None
        self.cover = None
        self.ui = {}
        self.share_link = None
        self.platform.set_flag("over", False)
        self.platform.set_flag("screen-game", True)
        self.render()

    def _continue(self, record):
        match = Match(GAMES[record["game"]], record["seats"], record.get("options", {}), record["seed"])
        match.replay(record["actions"])
        self._new_save_id(match.game.info.id)
        self._enter(match)

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
        if self.screen == "game" and self.match is not None:
            href = self.page_link(self.match, resume=not self.match.is_over())
        elif self.screen == "replay" and self.replay is not None:
            href = self.page_link(self.replay.match, self.replay.step)
        else:
            href = self.platform.page_url()
        return tag("a", _("Open full page ↗"), href=href, target="_blank", rel="noopener", class_="full-page")

    @staticmethod
    def conflict_notice(conflict):
        """What a game changed in another tab ("continued" or "deleted") asks of the player."""
        if conflict == "continued":
            return (_("This game continued in another tab: reload it here to see those moves. "
                      "Moves made in this tab are no longer saved."),
                    button(_("Reload"), "reload-save", class_="link") + " "
                    + button(_("Keep this tab's game as a new save"), "save-copy", class_="link"))
        return (_("This game was deleted in another tab: moves made here are no longer saved."),
                button(_("Save it again"), "save-copy", class_="link"))

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
        found = [tag("p", words(_(text)) + " " + button(_("Dismiss"), "dismiss", which, class_="link"), class_="notice", role="alert")
                 for text, which in ((self.notice, "app"), (self.store.notice, "store")) if text]
        if self.conflict and self.screen == "game":
            text, buttons = self.conflict_notice(self.conflict)
            found.insert(0, tag("p", esc(text) + " " + buttons, class_="notice conflict", role="alert"))
        return found

    def _shared_game_hides_hands(self):
        """True when the game a share link carries is unfinished and has hidden cards: the link
        holds its shuffle, so whoever opens it could work out every hand (a replay of a game
        that was played to its end is not a game anyone still plays)."""
        if self.screen == "replay" and self.replay is not None:
            match, over = self.replay.match, self.replay.finished
        elif self.match is not None:
            match, over = self.match, self.match.is_over()
        else:
            return False
        return not over and match.game.hides_information(match.state)

    def share_dialog(self):
        if not self.share_link:
            return ""
        warning = ""
        if self._shared_game_hides_hands():
            warning = tag("p", tag("strong", _("This game is not over, and the link holds its shuffle:")) + " "
                          + _("whoever opens it could work out every player's hidden cards. Send it to someone "
                              "who is not playing in it, or share it once the game is over."),
                          class_="share-warning", id="share-warning")
        body = (
            tag("h2", _("Share this game"), id="share-title")
            + warning
            + tag("p", _("Anyone who opens this link sees this game, move by move, and can continue it. "
                         "The game travels inside the link: no server keeps it."))
            + "<input{}>".format(attrs(type="text", readonly=True, value=self.share_link, id="share-link", aria_label=_("Share link")))
            + tag("details",
                  tag("summary", _("Put it on a web page"))
                  + tag("p", _("Paste this into a page (a blog post, a rules guide) to show the game there:"), id="embed-words")
                  + tag("textarea", esc(self.embed_snippet()), readonly=True, rows="3", id="embed-code", aria_labelledby="embed-words"),
                  class_="embed")
            + tag("div", button(_("Copied ✓") if self.copied else _("Copy link"), "copy", class_="primary") + button(_("Close"), "close-share"),
                  class_="dialog-buttons")
        )
        return tag("div", tag("div", body, class_="dialog", role="dialog", aria_modal="true", aria_labelledby="share-title",
                                  aria_describedby="share-warning" if warning else None), class_="backdrop")

    def embed_snippet(self):
        """The share dialog's HTML for a web page: the shared game in an iframe. Unlike a link
        (which opens in its viewer's language) it keeps the language it was made in."""
        page, _sep, fragment = self.share_link.partition("#")
        query = "?embed=1" if i18n.current() == i18n.ENGLISH else "?embed=1&lang=" + i18n.current()
        return '<iframe src="{}" width="900" height="700" title="{}"></iframe>'.format(
            esc(page + query + ("#" + fragment if fragment else "")), esc(_("Bàn Chơi: a game")))

    def on_language(self, code):
        """The language menu: speak `code` from now on (the platform loads its words), redraw."""
        if code in i18n.CODES:
            self.platform.choose_language(code, self.render)

    def on_share(self, _):
        if self.screen == "replay" and self.replay is not None:
            self.share_link = self.page_link(self.replay.match, self.replay.step if self.replay.step < self.replay.last else None)
        elif self.match is not None:
            self.share_link = self.page_link(self.match)
        self.copied = False
        self.render()
        self.platform.focus("#share-link")

    def on_copy(self, _):
        self.copied = bool(self.share_link) and self.platform.copy(self.share_link)
        if not self.copied:
            self.notice = M("The browser did not allow copying: select the link and copy it yourself.")
        self.render()

    def on_close_share(self, _):
        self.share_link = None
        self.render()

    def on_replay(self, save_id):
        for entry in self.store.entries():
            if entry.id == save_id and entry.match is not None:
                return self.open_replay(saves.to_save(entry.match), 0)
        self.notice = M("That save could not be opened.")
        self.show_lobby()

    def on_replay_this(self, _):
        if self.match is not None:
            self.open_replay(saves.to_save(self.match), 0)

    # A click can come from a screen that is gone (a double click on "Continue from here"): the
    # replay's handlers then do nothing.
    def on_replay_step(self, where):
        r = self.replay
        if r is None:
            return
        target = {"first": 0, "prev": r.step - 1, "next": r.step + 1, "last": r.last}.get(where, r.step)
        r.goto(target)
        self.render()

    def on_replay_goto(self, _):
        if self.replay is None:
            return
        value = self.platform.form("replay-controls").get("step", "")
        if value.isdigit():
            self.replay.goto(int(value))
        self.render()

    def on_replay_seat(self, _):
        if self.replay is None:
            return
        value = self.platform.form("replay-controls").get("seat", "")
        self.replay.see_as(int(value) if value.isdigit() else None)
        self.render()

    def on_continue_here(self, _):
        if self.replay is not None:
            self._continue(self.replay.prefix())

    # --- the page's events -----------------------------------------------------------------
    def handle(self, act, arg=None):
        """A click on an element with data-act=`act` (and data-arg=`arg`)."""
        handler = getattr(self, "on_" + act.replace("-", "_"), None)
        if handler is not None:
            handler(arg)
        elif self.screen in ("game", "replay"):
            # The renderer's own gestures; in the replay viewer only those that change the view
            # (zoom, a panel to open) do anything, as nothing can be played there.
            if act.startswith("room-") and self.screen == "game":
                side = self.room or self.guest
                if side is not None:
                    side.handle(act, arg)
                return
            shown = self.table if self.screen == "game" else self.replay.match
            if shown is not None and shown.game is not None and RENDERERS[shown.game.info.id].handle(self, act, arg):
                self.render()

    def key(self, key):
        """A key press (renderers may use the keyboard on the game screen). Escape closes what
        is open, the innermost first: a question, a dialog, the game's own selection, the rules."""
        if key == "Escape":
            if self.confirm is not None:
                return self.on_cancel_move(None)
            if self.share_link:
                return self.on_close_share(None)
            if self.dialog is not None and self.screen == "lobby":
                return self.on_close_dialog(None)
            if self.how_to is not None and self.screen == "lobby":
                return self.on_close_how_to(None)
        if self.screen == "game" and self.table is not None and self.table.game is not None and self.cover is None:
            renderer = RENDERERS[self.table.game.info.id]
            if renderer.key(self, key):
                return self.render()
        if key == "Escape" and self.show_rules and self.screen in ("game", "replay"):
            self.show_rules = False
            self.render()

    def on_new(self, game_id):
        if game_id in GAMES:
            self.how_to = None  # "New game" in a game's How to play goes on to its dialog
            self.open_dialog(game_id)
            self.notice = None
            self.render()

    def on_how_to(self, game_id):
        """A game's How to play over the lobby (its card's button), before starting one."""
        if game_id in GAMES and self.screen == "lobby":
            self.how_to = game_id
            self.render()

    def on_close_how_to(self, _):
        self.how_to = None
        self.render()

    def on_close_dialog(self, _):
        self.dialog = None
        self.render()

    # The dialog's and the score sheet's buttons may be clicked from a page that is gone (a
    # double click on Start or Rematch): with no dialog, or no finished game, they do nothing.
    def on_players(self, _):
        if self.dialog is None:
            return
        self.dialog.read(self.platform.form("new-game"))
        self.render()

    def on_start(self, _):
        d = self.dialog
        if d is None:
            return
        d.read(self.platform.form("new-game"))
        if d.speed != self.speed:
            self.set_speed(d.speed)
        kinds, names = d.chosen_seats()
        try:
            self.start(d.game, kinds, names, d.seed, d.options)
        except IllegalAction as err:
            self.notice = err.reason
            self.render()

    def on_resume(self, save_id):
        self.resume(save_id)

    def on_delete(self, save_id):
        if self.confirm_delete != save_id:
            self.confirm_delete = save_id
            return self.render()
        self.confirm_delete = None
        self.store.remove(save_id)
        self.show_lobby()

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

    def on_play(self, action):
        # A move button of an earlier page (issue 27) names its whole move, and counts as that
        # move clicked now: played if legal now, else refused with the engine's reason ("It is
        # not your turn."), which says plainly why nothing happened; a silent refusal would look
        # like a dead button. (In the page a click lands on the page drawn: the DOM is replaced
        # before the next click is handled. Stale clicks come from scripts and tests.)
        self.play(action)

    def on_undo(self, _):
        self.undo()

    def on_rules(self, _):
        self.show_rules = not self.show_rules
        self.render()

    def on_rule(self, rule_id):
        """A rule link in a log line or a notice: the rules panel, open at that rule."""
        self.show_rules = True
        self.render()
        self.platform.focus("#rule-" + rule_id)

    def on_ready(self, seat):
        self.lift_cover(int(seat))

    def on_rematch(self, _):
        m = self.match
        if m is None or not m.is_over():
            return
        room = self.room
        if room is None:
            return self.start(m.game.info.id, [s["kind"] for s in m.seats], [s["name"] for s in m.seats], "", m.options)
        # Everyone stays at the table: the same room, friends' seats again theirs (a bot that
        # played for a friend who left gives the seat back).
        kinds = [FRIEND if s in room.host.friend_seats() else info["kind"] for s, info in enumerate(m.seats)]
        match = Match(m.game, make_seats(kinds, [info["name"] for info in m.seats]), m.options, self.platform.new_seed())
        self.room = None  # kept open through the change of match
        self._new_save_id(m.game.info.id)
        self._enter(match, save=False)
        room.app, self.room = self, room
        room.rematch(match)
        self.autosave()
        self.after_change()

    def on_dismiss(self, which):
        if which == "store":
            self.store.notice = None
        else:
            self.notice = None
        self.render()

    # --- drawing ---------------------------------------------------------------------------
    def render(self):
        if self.screen == "game" and self.table is not None and self.table.game is not None and \
                (self.guest is None or self.table.ready):
            from . import table

            html = table.render(self)
        elif self.screen == "game" and self.guest is not None:
            html = self.guest.join_screen()
        elif self.screen == "replay" and self.replay is not None:
            from . import replay

            html = replay.render(self)
        else:
            html = lobby.render(self)
        self.platform.render(html)
        shown, was = self.screen_key(), self.shown
        # The match by identity: another match (a rematch) may hold an equal state.
        if shown[0] != was[0] or shown[1] is not was[1] or shown[2] != was[2]:
            self.shown = shown
            self.platform.scroll_top()

    def screen_key(self):
        """What makes a new screen: the lobby, a game or a replay (another match is another
        screen: a rematch, a continued link), and the pass-the-device cover going up or down (the
        next player starts at the status line). A dialog is not: it opens at its own top over
        the page, and the page behind keeps its place for when it closes."""
        shown = self.table if self.screen == "game" else self.replay if self.screen == "replay" else None
        return self.screen, shown, self.cover is not None
