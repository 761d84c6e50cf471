"""The duties of the device that holds a match: its save (and another tab's conflicting one),
its bots, the record it may set, the rematch, and the friends' room it hosts (room.HostRoom).

The table screen (table.TableScreen) holds a seat side: a `MatchKeeper` when the match is on
this device, or a `room.GuestSeat` at a friend's table. Both answer the same questions, so the
screen reads the game only through `side.table` (tabletop.tables) and acts only through it:
  table                      the Table the screen reads and plays
  enter(), leave()           the screen opens (a room connects) or closes (it disconnects)
  address(), shared(), full_page_link()     what the address bar, Share and an embed carry
  waiting(), presence()      friends still awaited; whose device is connected
  panel(names), handle(act, arg)            the friends' panel and its buttons
  moved()                    a request of this screen changed the game: save, go on, redraw
  go_on()                    the screen decided who looks: bots play now if it is their turn
  finished()                 the game is over: the score sheet's note about a record
"""

import random

from tabletop import bots as botlib
from tabletop import saves
from tabletop.match import FRIEND, Match, make_seats
from tabletop.msg import M
from tabletop.tables import LocalTable


class MatchKeeper:
    remote = False

    def __init__(self, screen, match, save_id=None, created=None, saved_text=None, room=None):
        self.screen = screen
        self.match = match
        self.table = LocalTable(match)
        self.save_id = save_id
        self.created = created
        # The save's text as this tab last wrote or read it: a different text in storage means
        # another tab moved this game on (or deleted it), and this tab must not write over it.
        self.saved_text = saved_text
        self.conflict = None  # None, "continued" or "deleted" (in another tab)
        self.room_config = room  # a new table's network, or the room its save kept (see enter)
        self.room = None  # room.HostRoom: this device hosts friends on other devices
        self.record_note = None  # the score sheet's line about a kept record (a solo best)
        self.thinking = None  # the bot seat computing now
        self._bots_scheduled = False

    @property
    def app(self):
        return self.screen.app

    @property
    def platform(self):
        return self.screen.app.platform

    # --- the seat interface ------------------------------------------------------------------
    def enter(self):
        if self.room is None and self.room_config is not None:
            from . import room as roomlib

            config = self.room_config
            self.room = roomlib.HostRoom(self, config) if "id" in config else roomlib.HostRoom.new(self, config)
        if self.saved_text is None:
            self.autosave()

    def leave(self):
        if self.room is not None:
            self.room.close()
        self.room = None

    def address(self):
        return {"save": self.save_id}

    def shared(self):
        return self.match, None, self.match.is_over()

    def full_page_link(self):
        return self.app.page_link(self.match, resume=not self.match.is_over())

    def waiting(self):
        return self.room is not None and self.room.waiting()

    def presence(self):
        return self.room.presence() if self.room is not None else {}

    def panel(self, names):
        return self.room.panel(names) if self.room is not None else ""

    def handle(self, act, arg):
        return self.room is not None and self.room.handle(act, arg)

    def moved(self):
        self.autosave()
        if self.room is not None:
            # The friends' news leaves first, then this page is drawn, even after the host's own
            # click. Measured (bench/devices_bench.py, 2026-12-04): after a click Chromium draws
            # a frame before it runs WebCrypto's answer, so drawing this page first put the
            # host's move on its own page sooner (The Number: 26.6 -> 11.1 ms median) but on
            # the guest's later (27.8 -> 45.4): the frame then holds the whole redraw.
            self.room.after_sent(self.screen.after_change)
        else:
            self.screen.after_change()

    def go_on(self):
        if any(self.match.is_bot(s) for s in self.match.to_act()):
            self._schedule_bots()

    def finished(self):
        if self.record_note is None:
            self.record_note = self.keep_record()

    # --- saving --------------------------------------------------------------------------------
    def autosave(self):
        """After every change to the match: keep it on this device, and tell the friends'
        devices (a host) what their seats may know of it now."""
        if self.room is not None:
            self.room.host.update()
        if self.check_conflict():
            return
        data = saves.to_save(self.match, created=self.created, updated=self.platform.now())
        if self.room is not None:
            data["room"] = self.room.saved()
        self.app.store.write(self.save_id, data)
        self.saved_text = self.app.store.text(self.save_id)

    def check_conflict(self):
        """True (and `conflict` set) when the stored save is no longer what this tab last wrote
        or read: another tab played on, or deleted it. This tab then stops saving, so that
        neither line of play is lost without the player being told."""
        if self.conflict is None and self.saved_text is not None and self.save_id is not None:
            stored = self.app.store.text(self.save_id)
            if stored != self.saved_text:
                self.conflict = "deleted" if stored is None else "continued"
        return self.conflict is not None

    def storage_changed(self):
        """Another tab wrote a save: True when it is this one (the screen says so)."""
        return self.conflict is None and self.check_conflict()

    def save_copy(self):
        """Keep this tab's line of play as a save of its own (the other tab's stays as it is)."""
        self.save_id = "{}-{}".format(self.match.game.info.id, random.getrandbits(40))
        self.created = self.platform.now()
        self.saved_text = None
        self.conflict = None
        self.app.set_url(self.address())
        self.autosave()

    def keep_record(self):
        """Compare a finished game's record (Game.record) with the best kept on this device,
        keep the better one, and return the score sheet's line about it (None: no record), a
        Message (the score sheet says it with its first letter made a capital)."""
        match, store = self.match, self.app.store
        record = match.record()
        if record is None or not match.is_human(record["seat"]):
            return None
        name = "{}.{}".format(match.game.info.id, record["key"])
        label, value = record["label"], record["value"]
        best = store.record(name)
        if best is not None and best.get("save") == self.save_id:  # this game set it (a reload)
            best = {"value": best.get("previous"), "save": None} if best.get("previous") is not None else None
        higher = record.get("higher", True)
        if best is None or (value > best["value"] if higher else value < best["value"]):
            store.write_record(name, {"value": value, "save": self.save_id, "when": self.platform.now(),
                                      "previous": best["value"] if best else None})
            if best is None:
                return M("{label} on this device: {value} (the first one kept).", label=label, value=value)
            return M("New {label}: {value} (the previous best was {best}).", label=label, value=value, best=best["value"])
        if value == best["value"]:
            return M("You equalled your {label}: {value}.", label=label, value=value)
        return M("Your {label} is {best} (this game: {value}).", label=label, best=best["value"], value=value)

    # --- bots ----------------------------------------------------------------------------------
    def _schedule_bots(self):
        if self._bots_scheduled:
            return
        self._bots_scheduled = True
        self.platform.schedule(self._bot_pause(), self._bot_think)

    def _bot_pause(self):
        """The pause before the next bot move (app.BOT_PAUSE, by the bots' speed)."""
        turn, step = self.app.bot_pause()
        match = self.match
        bots_acting = [s for s in match.to_act() if match.is_bot(s)]
        if not match.history or not bots_acting or match.history[-1][0] != bots_acting[0]:
            return turn
        ply = len(match.history)
        for event in reversed(match.log):  # did the bot's last step show anything on this screen?
            if event["ply"] != ply:
                break
            if "seats" not in event or self.screen.viewer in event["seats"]:
                return step
        return 0

    def _shown(self):
        return self.app.current is self.screen and self.screen.side is self

    def _bot_think(self):
        """Show which bot is thinking, let the page paint, then decide."""
        match = self.match
        bots_acting = [s for s in match.to_act() if match.is_bot(s)] if self._shown() else []
        if not bots_acting:
            self._bots_scheduled = False
            return
        self.thinking = bots_acting[0]
        self.screen.redraw()
        self.platform.schedule(0, lambda: self.platform.think(self._bot_move, self._still_wanted(match)))

    def _still_wanted(self, match):
        """Whether a bot's search for `match` may still play: its screen is up and nothing was
        played or undone meanwhile. Asked at each breath of the search, so cheap."""
        plies = len(match.history)
        return lambda: self._shown() and self.match is match and len(match.history) == plies

    def _bot_move(self):
        match = self.match
        bots_acting = [s for s in match.to_act() if match.is_bot(s)] if self._shown() and not match.is_over() else []
        if not bots_acting:
            self._bots_scheduled, self.thinking = False, None
            return self.screen.redraw() if self._shown() else None  # else the player left this game meanwhile
        seat = bots_acting[0]
        level = match.seats[seat]["kind"]
        # Seeded by the game's seed and the move number: the same seed replays the same game,
        # bots included.
        rng = random.Random(match.seed * 1_000_003 + len(match.history))
        view, legal = match.view(seat), match.legal(seat)
        # In the page the search hands the browser turns (platform.think): the player may click
        # meanwhile (Undo, a simultaneous move, another game). `_bots_scheduled` stays set so no
        # second search starts; a decision whose position changed is dropped and made again, and
        # the search stops at its next breath (_still_wanted).
        try:
            action = botlib.choose(match.game, level, view, seat, legal, rng)
        except botlib.SearchAbandoned:
            self._bots_scheduled, self.thinking = False, None
            if self._shown():  # the position changed under it: the bots to move now, anew
                self.go_on()
                self.screen.redraw()
            raise
        self._bots_scheduled, self.thinking = False, None
        if not self._shown() or self.match is not match or match.is_over():
            return
        if seat not in match.to_act() or not match.is_bot(seat) or match.legal(seat) != legal or match.view(seat) != view:
            self.go_on()
            return self.screen.redraw()
        match.play(seat, action)
        self.moved()

    # --- after the game --------------------------------------------------------------------------
    def replay(self):
        self.app.open_replay(saves.to_save(self.match), 0)

    def rematch(self):
        m = self.match
        room = self.room
        if room is None:
            return self.app.start(m.game.info.id, [s["kind"] for s in m.seats], [s["name"] for s in m.seats], "", m.options,
                                  hints=m.hints_offered)
        # Everyone stays at the table: the same room, friends' seats again theirs (a bot that
        # played for a friend who left gives the seat back).
        kinds = [FRIEND if s in room.host.friend_seats() else info["kind"] for s, info in enumerate(m.seats)]
        match = Match(m.game, make_seats(kinds, [info["name"] for info in m.seats]), m.options, self.platform.new_seed())
        match.hints_offered = m.hints_offered
        self.room = None  # handed over open to the next screen
        self.autosave()  # the finished game's save without the room: resumed, it must not open a second one
        from .table import TableScreen

        rematch = TableScreen.new(self.app, match)
        rematch.side.room = room
        room.keeper = rematch.side
        room.rematch(match)
        self.app.enter(rematch)
