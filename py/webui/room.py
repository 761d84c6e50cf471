"""A table with friends on other devices: the host's room (`HostRoom`) and a guest's seat
(`GuestSeat`), each with its own state, and the panels they add to the game screen (invites,
who is connected, the chat).

The protocol is tabletop.remote's, sealed between each guest and its proved host by
tabletop.secure's gates; the network and the cryptography are the platform's:
  platform.open_room(config, on_event) -> handle with send(text, peer) (peer None: everyone)
      and close(); on_event(kind, peer, data), kind "join" / "leave" / "message" / "relays"
      (data: how many relays answer; 0 within RELAY_WAIT seconds: none can be reached) /
      "failed" (data "insecure": the page is not a secure context; "error": anything else).
  platform.crypto                the calls tabletop.secure needs (WebCrypto in the page)
  platform.timer(seconds, fn)    fn() once, `seconds` later (a network's time limits)
  platform.qr_svg(text, then)    then(svg markup): the invite as a QR code
  platform.can_share() / share(title, url)   the phone's share sheet (Web Share)
Nothing of the network is loaded or contacted unless a table has a friend seat.

Invite links carry, in the fragment (which a browser never sends to any server), the room and its
secret (#join=...&key=...: the relays only pass encrypted signalling between devices), the host
key's public half (&hk=: the guest believes only the device that proves it holds the private
half) and the seat's key (&sk=: only who holds this invite can take this seat; the first device
to take it keeps it, and the host sees that seat's name on its panel).
"""

import random

from tabletop.match import BOT_LEVELS, FRIEND, clean_name, default_name
from tabletop.msg import M
from tabletop.protocol import HEX_NONCE
from tabletop.remote import MAX_CHAT, Host, RemoteTable
from tabletop.secure import GuestGate, HostGate
from tabletop.tables import LocalTable

from .html import attrs, button, esc, tag
from .i18n import _

# The one place that names the public network. A school or a club can run its own relay
# (`make relay`) and give its address in links (&relays=ws://host:port); &stun= likewise
# (&stun=none: no STUN server, devices on one network only).
RELAYS = ("wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net", "wss://nostr.mom")
STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
APP_ID = "banchoi-table-1"
RELAY_WAIT = 8  # seconds before "no relay can be reached" is said (the issue asks within 10)
NAME_SETTING = "friend-name"  # the guest's name, remembered on this device
TABLES_SETTING = "friend-tables"  # the friends' tables this device joined, for the lobby
TABLES_KEPT = 5
LINK_KEYS = ("join", "key", "seat", "sk", "hk", "host", "game", "relays", "stun")  # what an invite's fragment says
ASK_EVERY = 3  # seconds between a guest's asks while it has no proved host (it asks at every join too)
JOIN_WAIT = 15  # seconds a guest waits for its host before it says so and offers Try again
RESEND_AFTER = 4  # seconds a guest's move waits for the host's answer before it is sent again
FRIENDS_WAIT = 60  # seconds a host waits with nobody joined before it says so
CHAT_SHOWN = 30


def network(params):
    """The relays and STUN servers a link asks for (&relays=, &stun=), else the public ones."""
    relays = [u.strip() for u in (params.get("relays") or "").split(",") if u.strip().startswith(("ws://", "wss://"))]
    stun = params.get("stun")
    if stun == "none":
        stun_list = []
    else:
        stun_list = [u.strip() for u in (stun or "").split(",") if u.strip().startswith(("stun:", "turn:"))] or list(STUN)
    return {"relays": relays or list(RELAYS), "stun": stun_list, "custom_relays": bool(relays), "custom_stun": stun is not None}


def _config(room):
    return {"appId": APP_ID, "room": room["id"], "secret": room["secret"], "relays": room["relays"],
            "iceServers": [{"urls": u} for u in room["stun"]], "relayTimeoutMs": RELAY_WAIT * 1000}


def _link_network(room):
    """The &relays= / &stun= part of an invite: guests use the host's network."""
    parts = []
    if room.get("custom_relays"):
        parts.append("relays=" + ",".join(room["relays"]))
    if room.get("custom_stun"):
        parts.append("stun=" + (",".join(room["stun"]) or "none"))
    return "".join("&" + p for p in parts)


class HostRoom:
    """The host's side: the Host protocol over the platform's network, the invites, and the
    choice to start with bots or let a bot play for a friend who dropped."""

    def __init__(self, keeper, room):
        self.keeper = keeper  # the keeper.MatchKeeper of the game hosted (a rematch moves it on)
        self.room = room  # saved with the game: id, secret, relays, stun, tokens, chat, started
        self.relays = None  # relays answering (None: still trying)
        self.qr = {}  # seat -> QR svg, drawn once
        self.copied = None
        match = keeper.match
        host_name = next((s["name"] for s in match.seats if s["kind"] == "human"), "")
        # A seat's key for each friend seat (a save from before seat keys gets them now).
        seat_keys = {int(k): v for k, v in room.get("seatkeys", {}).items()}
        for seat, info in enumerate(match.seats):
            if info["kind"] == FRIEND or str(seat) in room.get("tokens", {}):
                seat_keys.setdefault(seat, random_hex(32))
        room["seatkeys"] = {str(k): v for k, v in seat_keys.items()}
        self.host = Host(LocalTable(match), self._send, self._changed, self._clock,
                         host_name=str(host_name), tokens={int(k): v for k, v in room.get("tokens", {}).items()},
                         chat=room.get("chat"), waiting=self.waiting, seat_keys=seat_keys)
        self.net = None
        self.gate = None
        self.alone_since = None  # when the room opened with seats to fill (FRIENDS_WAIT)
        self.closed = False
        if isinstance(room.get("hostkey"), dict):
            self.connect()
        else:  # a new room (or a save from before host keys): the table's key first
            self.screen.platform.crypto.signing_key(self._keyed)

    @property
    def screen(self):
        return self.keeper.screen

    def _keyed(self, pair):
        if self.closed or pair is None:  # (None: the browser could not make a key; said on the console)
            return
        self.room["hostkey"] = {"private": pair["private"], "public": pair["public"]}
        self.connect()
        if self.keeper.room is self:  # (not while the keeper is still making its room: it saves then)
            self.keeper.autosave()
            self.screen.redraw()

    @property
    def ready(self):
        """The host's key is made: invites can be given."""
        return isinstance(self.room.get("hostkey"), dict)

    @classmethod
    def new(cls, keeper, net):
        room = dict(net, id=random_hex(16), secret=random_hex(32), tokens={}, chat=[], started=False)
        return cls(keeper, room)

    def connect(self):
        self.relays = None
        platform = self.screen.platform
        self.gate = HostGate(platform.crypto, self.room["id"], self.room["hostkey"]["private"],
                             self._put, self.host.receive, self._clock)
        self.net = platform.open_room(_config(self.room), self._event)
        self.alone_since = self._clock()
        platform.timer(FRIENDS_WAIT, self.redraw_if_alone)

    def redraw_if_alone(self):
        if self.net is not None and self.alone():
            self.screen.redraw()

    def alone(self):
        """Seats still wait for friends, nobody has come since the room opened FRIENDS_WAIT ago."""
        return (self.alone_since is not None and self.waiting() and not self.host.peers
                and self._clock() - self.alone_since >= FRIENDS_WAIT)

    def close(self):
        self.closed = True
        if self.gate is not None:
            self.gate.close()
        if self.net is not None:
            self.net.close()
            self.net = None

    def _clock(self):
        return self.screen.platform.clock()

    def _put(self, text, peer):
        if self.net is not None:
            self.net.send(text, peer)

    def _send(self, peer, text):
        if self.gate is not None:
            self.gate.send(peer, text)

    def _event(self, kind, peer, data):
        if kind == "message":
            if self.gate is not None:
                self.gate.receive(peer, data)
        elif kind == "leave":
            if self.gate is not None:
                self.gate.left(peer)
            self.host.left(peer)
        elif kind in ("relays", "failed"):
            self.relays = data if kind == "relays" else kind + ":" + data
            self.screen.redraw()

    def _changed(self, what):
        """A guest moved, took a seat, left or wrote: save, let bots go on, redraw."""
        if what in ("seats", "presence") and not self.room.get("started") and not self.host.open_seats():
            self.room["started"] = True  # every friend is here: the game begins
            self.screen.notice = None  # "the game starts when..." is said
        self.keeper.autosave()
        self.after_sent(self.screen.after_change if what in ("move", "seats") else self.screen.redraw)

    def after_sent(self, fn):
        """fn() once the guests' news has gone out (secure.HostGate.after_sent)."""
        if self.gate is not None:
            self.gate.after_sent(fn)
        else:
            fn()

    def saved(self):
        return dict(self.room, tokens={str(k): v for k, v in self.host.tokens.items()}, chat=self.host.chat)

    def waiting(self):
        """The game waits for friends to take their seats (or the host to start without them)."""
        return not self.room.get("started") and bool(self.host.open_seats())

    def rematch(self, match):
        self.host.replace(LocalTable(match))

    def invite_link(self, seat):
        host = self.host.host_name
        return "{}#join={}&key={}&seat={}&sk={}&hk={}&host={}&game={}{}".format(
            self.screen.platform.page_url(), self.room["id"], self.room["secret"], seat, self.host.seat_keys[seat],
            self.room["hostkey"]["public"], _quote(host), self.keeper.match.game.info.id, _link_network(self.room))

    # --- what the host does ----------------------------------------------------------------------
    def start_with_bots(self):
        for seat in self.host.open_seats():
            info = self.keeper.match.seats[seat]
            if info["name"] == default_name(FRIEND, seat, ()):  # "Friend 3" is a bot now: "Normal bot 3"
                info["name"] = default_name("normal", seat, ())
            info["kind"] = "normal"
        self.room["started"] = True
        self.screen.notice = None
        self.keeper.autosave()
        self.screen.after_change()

    def stand_in(self, seat):
        self.host.stand_in(seat, "normal")

    def show_qr(self, seat):
        link = self.invite_link(seat)

        def drawn(svg):
            self.qr[seat] = svg
            self.screen.redraw()
        self.screen.platform.qr_svg(link, drawn)

    # --- drawing --------------------------------------------------------------------------------
    def presence(self):
        return {s: self.host.online(s) for s in self.host.friend_seats()}

    def panel(self, names):
        rows = []
        match = self.keeper.match
        for seat in self.host.friend_seats():
            kind = match.seats[seat]["kind"]
            name = esc(names[seat])
            if seat in self.host.open_seats() and not self.ready:
                rows.append(tag("li", _("Seat {n}: preparing its invite…").format(n=seat + 1), class_="invite"))
            elif seat in self.host.open_seats():
                link = self.invite_link(seat)
                qr = self.qr.get(seat)
                rows.append(tag("li",
                                tag("span", _("Seat {n}: waiting for a friend").format(n=seat + 1), class_="invite-who")
                                + "<input{}>".format(attrs(type="text", readonly=True, value=link, data_invite_seat=str(seat),
                                                           class_="invite-link", aria_label=_("Invite link for seat {n}").format(n=seat + 1)))
                                + tag("span", button(_("Copied ✓") if self.copied == seat else _("Copy"), "room-copy", str(seat))
                                      + (button(_("Share…"), "room-share", str(seat)) if self.screen.platform.can_share() else "")
                                      + ("" if qr else button(_("QR code"), "room-qr", str(seat))), class_="invite-buttons")
                                + (tag("div", qr, class_="invite-qr", role="img", aria_label=_("QR code of the invite for seat {n}").format(n=seat + 1)) if qr else ""),
                                class_="invite"))
            elif self.host.online(seat):
                rows.append(tag("li", _("{name} is connected.").format(name=name), class_="friend online"))
            elif kind in BOT_LEVELS:
                rows.append(tag("li", _("{name} is not connected: a bot plays for them until they come back.").format(name=name),
                                class_="friend offline"))
            else:
                rows.append(tag("li", _("{name} is not connected.").format(name=name) + " "
                                + button(_("Let a bot play for {name}").format(name=name), "room-bot", str(seat), class_="link"),
                                class_="friend offline"))
        status = relay_status(self.relays)
        head = ""
        if self.waiting():
            head = tag("p", _("The game starts when every friend has joined.") + " "
                       + button(_("Start now, with bots in the empty seats"), "room-start", class_="link"), class_="invite-wait")
            if self.alone():
                head += tag("p", esc(_("Nobody has joined for a minute. Have your friends opened their invite? If they "
                                       "have, try again.")) + " " + button(_("Try again"), "room-retry", class_="link"),
                            class_="room-status alone", role="status")
        return tag("section", tag("h2", _("Friends on other devices")) + status + head + tag("ul", "".join(rows), class_="friends")
                   + chat_box(self.host.chat, names), class_="room", aria_label=_("Friends on other devices"))

    # --- the panel's buttons --------------------------------------------------------------------
    def handle(self, act, arg):
        seat = int(arg) if isinstance(arg, str) and arg.isdigit() else None
        if act == "room-copy" and seat is not None:
            self.copied = seat if self.screen.platform.copy(self.invite_link(seat)) else None
        elif act == "room-share" and seat is not None:
            self.screen.platform.share(_("Join my game"), self.invite_link(seat))
        elif act == "room-qr" and seat is not None:
            self.show_qr(seat)
        elif act == "room-bot" and seat is not None:
            self.stand_in(seat)
        elif act == "room-start":
            self.start_with_bots()
        elif act == "room-retry" and self.ready:
            self.close()
            for peer in list(self.host.peers):  # gone with the old connection; back when they ask
                self.host.left(peer)
            self.closed = False
            self.connect()
        elif act == "room-chat":
            line = chat_line(self.screen.platform)
            if line:
                viewer = self.screen.viewer
                self.host.say(viewer if viewer is not None else (self.keeper.match.humans() or [0])[0], line)
        else:
            return False
        self.screen.redraw()
        return True


class GuestSeat:
    """A guest's side: its seat at a friend's table (a RemoteTable) over the platform's
    network, from the invite link to the end of the game. The table screen's seat side, as a
    keeper.MatchKeeper is for a match held here (keeper.py lists the seat interface)."""

    remote = True

    def __init__(self, screen, params):
        self.screen = screen  # the table.TableScreen of this seat
        self.params = {k: str(v) for k, v in params.items()}
        self.room = dict(network(params), id=params.get("join", ""), secret=params.get("key", ""))
        seat = params.get("seat", "")
        self.seat = int(seat) if seat.isdigit() else None
        self.seat_key = params.get("sk", "")
        self.host_key = params.get("hk", "")
        self.host_name = clean_name(params.get("host") or "")
        self.relays = None
        self.host_peer = None  # the peer that proved it is the host
        self.net = None
        self.gate = None
        self.table = None
        self.joined = False  # the name is given and the device went looking for the host
        self.looking_since = None  # when it last began to look for its host (JOIN_WAIT)
        self._looking = 0  # which look the ask timer belongs to (a Try again starts another)
        self.waited_long = False  # JOIN_WAIT went by with no host: the page says so, with Try again
        self._watching = False  # a timer will send the requests still unanswered again (RESEND_AFTER)
        # The device's secret for this seat: a reload rejoins the same seat with it.
        self.token_key = "seat-{}-{}".format(self.room["id"], self.seat)
        self.token = screen.app.store.setting(self.token_key)

    # --- the seat interface (keeper.py) ----------------------------------------------------------
    def enter(self):
        """A device that joined this seat before (a reload) goes straight back to it."""
        if self.valid() and isinstance(self.token, str) and self.remembered_name:
            self.join(self.remembered_name)

    def leave(self):
        self.close()

    def address(self):
        return None

    def shared(self):
        return None  # the game is the host's to share

    def full_page_link(self):
        return None

    def moved(self):
        self.screen.redraw()  # the host's news redraws the table

    def go_on(self):
        pass

    def finished(self):
        pass

    def valid(self):
        return all((self.room["id"], self.room["secret"], self.seat_key, self.host_key)) and self.seat is not None

    @property
    def remembered_name(self):
        return self.screen.app.store.setting(NAME_SETTING) or ""

    def join(self, name):
        name = clean_name(name)
        if not name:
            return M("Type your name first.")
        self.remember()
        self.screen.app.store.write_setting(NAME_SETTING, name)
        if not isinstance(self.token, str):
            self.token = random_hex(32)
            self.screen.app.store.write_setting(self.token_key, self.token)
        self.table = RemoteTable(_Games(), self.seat, self.token, name, self._send_to_host, self._update,
                                 seat_key=self.seat_key)
        self.joined = True
        self.connect()
        return None

    def connect(self):
        self.relays = None
        self.host_peer = None
        platform = self.screen.platform
        self.gate = GuestGate(platform.crypto, self.room["id"], self.host_key, self._put, self.table.receive,
                              self._host_proved, lambda: random_hex(HEX_NONCE))
        self.net = platform.open_room(_config(self.room), self._event)
        self._look()

    def _look(self):
        """Ask for the host now and every ASK_EVERY seconds until one proves itself: a host that
        comes back (a reload), or a message lost on the way, is found again within seconds."""
        self._looking += 1
        self.looking_since = self.screen.platform.clock()
        self._ask(self._looking)

    def _ask(self, look):
        if look != self._looking or self.net is None or self.host_peer is not None:
            return
        self.gate.ask(None)
        self.screen.platform.timer(ASK_EVERY, lambda: self._ask(look))
        if self.screen.platform.clock() - self.looking_since >= JOIN_WAIT and not self.waited_long:
            self.waited_long = True
            self.screen.redraw()

    def close(self):
        self._looking += 1
        if self.gate is not None:
            self.gate.close()
        if self.net is not None:
            self.net.close()
            self.net = None
        self.host_peer = None

    def _put(self, text, peer):
        if self.net is not None:
            self.net.send(text, peer)

    def _send_to_host(self, text):
        """False when the host's device is away (the table then refuses the request, saying so)."""
        sent = self.gate is not None and self.gate.send_to_host(text)
        self._watch_requests()
        return sent

    def _watch_requests(self):
        """While a move (or a question) waits for the host's answer, send it again every
        RESEND_AFTER seconds: a message lost on the way must not leave the page saying
        "Sending…" for ever, nor a question unanswered (the host plays a request once, however
        often it comes)."""
        if not self._watching and self.table is not None and self.table.awaiting():
            self._watching = True
            self.screen.platform.timer(RESEND_AFTER, self._resend)

    def _resend(self):
        self._watching = False
        if self.table is not None and self.table.awaiting() and self.host_peer is not None:
            self.table.resend()
        self._watch_requests()

    def _host_proved(self, peer):
        """The host proved itself (peer), or went away (None)."""
        self.host_peer = peer
        if peer is not None:
            self.waited_long = False
            # A host page back before the old one was seen gone: what was asked of the old one is
            # not sent again to the new one (it may already hold that move, from the save).
            self.table.host_lost(back=True)
            self.gate.send_to_host(self.table.hello_text())
        else:  # a reload, or a dropped connection: look for it again
            self.table.host_lost()  # no move waits for an answer from the device that went
            self._look()
            self.screen.redraw()

    def waiting(self):
        """The host waits for other friends to take their seats: nobody moves yet."""
        return self.table is not None and self.table.ready and self.table.waiting

    def _event(self, kind, peer, data):
        if kind == "join":
            self.gate.joined(peer)  # asks it (if no host is proved yet): only the host can answer
        elif kind == "message":
            self.gate.receive(peer, data)
        elif kind == "leave":
            self.gate.left(peer)  # the host's: _host_proved(None)
        elif kind in ("relays", "failed"):
            self.relays = data if kind == "relays" else kind + ":" + data
            self.screen.redraw()

    def _update(self, kind):
        if kind == "welcome":
            self.remember(self.table.info.id)
        self.screen.guest_update(kind)

    def remember(self, game=None):
        """Keep this table in the lobby's list (newest first), to come back to it from there."""
        kept = [t for t in joined_tables(self.screen.app.store) if (t["join"], t["seat"]) != (self.room["id"], str(self.seat))]
        here = {k: v for k, v in self.params.items() if k in LINK_KEYS}
        here["game"] = game or next((t.get("game") for t in joined_tables(self.screen.app.store)
                                     if (t["join"], t["seat"]) == (self.room["id"], str(self.seat))), "")
        self.screen.app.store.write_setting(TABLES_SETTING, ([here] + kept)[:TABLES_KEPT])

    def retry(self):
        self.close()
        self.waited_long = False
        self.connect()

    # --- drawing ----------------------------------------------------------------------------------
    def presence(self):
        if self.table is None or not self.table.ready:
            return {}
        return {s: bool(self.table.online[s]) if s < len(self.table.online) else False
                for s, info in enumerate(self.table.seats) if info["kind"] == FRIEND and s != self.seat}

    def status(self):
        """The line above the table while not connected to the host."""
        if self.table is not None and self.table.refused is not None:
            return tag("p", esc(_(self.table.refused)), class_="notice", role="alert")
        if self.host_peer is None:
            return tag("p", esc(_("{host} is not connected: waiting for their device…").format(host=self.host_label())),
                       class_="room-status offline", role="status") + (self.long_wait() or relay_status(self.relays))
        return ""

    def long_wait(self):
        """After JOIN_WAIT with no host: what the page waits for, and Try again."""
        if not self.waited_long or self.relays == 0 or isinstance(self.relays, str):
            return ""
        return tag("p", esc(_("{host}'s device has not answered for a while: it may be closed or offline. This page "
                              "keeps asking.").format(host=self.host_label())) + " "
                   + button(_("Try again"), "room-retry", class_="link"), class_="room-status norelay", role="alert")

    def host_label(self):
        return self.host_name or _("the host")

    def panel(self, names):
        return tag("section", self.status() + chat_box(self.table.chat, names), class_="room", aria_label=_("Chat"))

    def join_screen(self):
        """Before the table: the name form, then "Joining Ann's table…"."""
        if not self.valid():
            body = tag("p", esc(_("This invite link is incomplete: ask for it again.")), class_="notice", role="alert")
        elif not self.joined:
            body = tag("form",
                       tag("label", _("Your name") + " " + "<input{}>".format(attrs(
                           name="name", value=self.remembered_name, maxlength="24", required=True, autocomplete="nickname",
                           id="join-name")))
                       + button(_("Join"), None, type="submit", class_="primary"),
                       id="join-form", data_submit="join", class_="join-form")
        else:
            refused = self.table.refused if self.table is not None else None
            body = (tag("p", esc(_(refused)), class_="notice", role="alert") if refused is not None else
                    tag("p", esc(_("Joining {host}'s table…").format(host=self.host_label())), class_="joining", role="status")
                    + (self.long_wait() or relay_status(self.relays)))
        from games import INFOS

        info = INFOS.get(self.params.get("game", ""))
        if info is not None:
            title = _("{host} invites you to play {game}").format(host=esc(self.host_label()), game=esc(_(info.title)))
        else:
            title = _("{host} invites you to a game").format(host=esc(self.host_label()))
        seat = tag("p", esc(_("You play seat {n}.").format(n=self.seat + 1))) if self.seat is not None else ""
        from .lobby import language_picker

        return tag("div", tag("header", tag("h1", title) + language_picker(short=True), class_="join-head") + seat + body
                   + tag("p", self.screen.app.exit_link()), class_="join", id="join")

    def handle(self, act, arg):
        if act == "room-retry":
            self.retry()
        elif act == "room-chat" and self.table is not None:
            if self.host_peer is None:  # the line stays in the box, to send when the host is back
                self.screen.notice = self.table.host_away()
            else:
                line = chat_line(self.screen.platform)
                if line:
                    self.table.say(line)
        else:
            return False
        self.screen.redraw()
        return True


class _Games:
    def __getitem__(self, game_id):
        from games import GAMES

        return GAMES[game_id]


def joined_tables(store):
    """The friends' tables this device joined (newest first), as stored: anything may be stored,
    so only well-formed ones come back."""
    kept = store.setting(TABLES_SETTING)
    if not isinstance(kept, list):
        return []
    return [t for t in kept if isinstance(t, dict) and all(isinstance(t.get(k, ""), str) for k in LINK_KEYS + ("game",))
            and t.get("join") and t.get("key") and str(t.get("seat", "")).isdigit()]


def random_hex(digits):
    """A secret: the system's random source (the browser's crypto.getRandomValues in Pyodide).
    Not `secrets`: it would ship hashlib and hmac to every first visit for two lines."""
    return "{:0{}x}".format(random.SystemRandom().getrandbits(digits * 4), digits)


def _quote(text):
    """`text` as a link's parameter value (percent-encoded UTF-8; urllib.parse would ship to
    every first visit)."""
    return "".join(chr(b) if chr(b).isalnum() and b < 128 or chr(b) in "-._~" else "%{:02X}".format(b)
                   for b in str(text).encode("utf-8"))


def relay_status(relays):
    """What the network says, when it says something wrong: `relays` is how many relays answer
    (None: still trying), or "failed:insecure" / "failed:error" (the room could not open)."""
    if relays == "failed:insecure":
        return tag("p", esc(_("Friends on other devices need a secure page (an https:// address, or localhost on this "
                               "computer): this page is not one.")), class_="room-status norelay", role="alert")
    if relays == "failed:error":
        return tag("p", esc(_("The connection to other devices could not be opened in this browser.")) + " "
                   + button(_("Try again"), "room-retry", class_="link"), class_="room-status norelay", role="alert")
    if relays == 0:
        return tag("p", esc(_("No relay could be reached, so no device can join: check the connection.")) + " "
                   + button(_("Try again"), "room-retry", class_="link"), class_="room-status norelay", role="alert")
    return ""


def chat_line(platform):
    """The line typed in the chat box (spaces folded, bounded), taken out of the box."""
    line = " ".join(platform.form("chat-form").get("chat", "").split())[:MAX_CHAT]
    if line:
        platform.clear_field("#chat-form input")
    return line


def chat_box(lines, names):
    shown = lines[-CHAT_SHOWN:]
    items = "".join(tag("li", tag("b", esc(names[s] if isinstance(s, int) and 0 <= s < len(names) else "?")) + " " + esc(text))
                    for s, text in shown)
    form = tag("form", "<input{}>".format(attrs(name="chat", maxlength=str(MAX_CHAT), autocomplete="off",
                                               aria_label=_("Message to the table"), placeholder=_("Say something…")))
               + button(_("Send"), None, type="submit"), id="chat-form", data_submit="room-chat", class_="chat-form")
    summary = _("Chat ({n})").format(n=len(lines)) if lines else _("Chat")
    return tag("details", tag("summary", summary) + tag("ol", items, class_="chat-lines", aria_live="polite") + form,
               class_="chat", id="chat", open=bool(lines))
