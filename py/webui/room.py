"""A table with friends on other devices: the host's room (`HostRoom`) and a guest's seat
(`GuestSeat`), each with its own state, and the panels they add to the game screen (invites,
who is connected, the chat).

The protocol is tabletop.remote's; the network is the platform's:
  platform.open_room(config, on_event) -> handle with send(text, peer) (peer None: everyone)
      and close(); on_event(kind, peer, data), kind "join" / "leave" / "message" / "relays"
      (data: how many relays answer; 0 within RELAY_WAIT seconds: none can be reached) /
      "failed" (data "insecure": the page is not a secure context; "error": anything else).
  platform.qr_svg(text, then)    then(svg markup): the invite as a QR code
  platform.can_share() / share(title, url)   the phone's share sheet (Web Share)
Nothing of the network is loaded or contacted unless a table has a friend seat.

Invite links carry the room and its secret in the fragment (#join=...&key=...), which a browser
never sends to any server; the relays only pass encrypted signalling between devices.
"""

import random

from tabletop.match import BOT_LEVELS, FRIEND, clean_name, default_name
from tabletop.msg import M
from tabletop.remote import MAX_CHAT, Host, RemoteTable
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
LINK_KEYS = ("join", "key", "seat", "host", "game", "relays", "stun")  # what an invite's fragment says
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

    def __init__(self, screen, room):
        self.screen = screen  # the table.TableScreen of the game hosted (a rematch moves it on)
        self.room = room  # saved with the game: id, secret, relays, stun, tokens, chat, started
        self.relays = None  # relays answering (None: still trying)
        self.qr = {}  # seat -> QR svg, drawn once
        self.copied = None
        host_name = next((s["name"] for s in screen.match.seats if s["kind"] == "human"), "")
        self.host = Host(LocalTable(screen.match), self._send, self._changed, self._clock,
                         host_name=str(host_name), tokens={int(k): v for k, v in room.get("tokens", {}).items()},
                         chat=room.get("chat"), waiting=self.waiting)
        self._time = 0.0
        self.net = None
        self.connect()

    @classmethod
    def new(cls, screen, net):
        room = dict(net, id=random_hex(16), secret=random_hex(32), tokens={}, chat=[], started=False)
        return cls(screen, room)

    def connect(self):
        self.relays = None
        self.net = self.screen.platform.open_room(_config(self.room), self._event)

    def close(self):
        if self.net is not None:
            self.net.close()
            self.net = None

    def _clock(self):
        return self.screen.platform.clock()

    def _send(self, peer, text):
        if self.net is not None:
            self.net.send(text, peer)

    def _event(self, kind, peer, data):
        if kind == "message":
            self.host.receive(peer, data)
        elif kind == "leave":
            self.host.left(peer)
        elif kind in ("relays", "failed"):
            self.relays = data if kind == "relays" else kind + ":" + data
            self.screen.redraw()

    def _changed(self, what):
        """A guest moved, took a seat, left or wrote: save, let bots go on, redraw."""
        if what in ("seats", "presence") and not self.room.get("started") and not self.host.open_seats():
            self.room["started"] = True  # every friend is here: the game begins
            self.screen.notice = None  # "the game starts when..." is said
        self.screen.autosave()
        if what in ("move", "seats"):
            self.screen.after_change()
        else:
            self.screen.redraw()

    def saved(self):
        return dict(self.room, tokens={str(k): v for k, v in self.host.tokens.items()}, chat=self.host.chat)

    def waiting(self):
        """The game waits for friends to take their seats (or the host to start without them)."""
        return not self.room.get("started") and bool(self.host.open_seats())

    def rematch(self, match):
        self.host.replace(LocalTable(match))

    def invite_link(self, seat):
        host = self.host.host_name
        return "{}#join={}&key={}&seat={}&host={}&game={}{}".format(
            self.screen.platform.page_url(), self.room["id"], self.room["secret"], seat,
            _quote(host), self.screen.match.game.info.id, _link_network(self.room))

    # --- what the host does ----------------------------------------------------------------------
    def start_with_bots(self):
        for seat in self.host.open_seats():
            info = self.screen.match.seats[seat]
            if info["name"] == default_name(FRIEND, seat, ()):  # "Friend 3" is a bot now: "Normal bot 3"
                info["name"] = default_name("normal", seat, ())
            info["kind"] = "normal"
        self.room["started"] = True
        self.screen.notice = None
        self.screen.autosave()
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
        match = self.screen.match
        for seat in self.host.friend_seats():
            kind = match.seats[seat]["kind"]
            name = esc(names[seat])
            if seat in self.host.open_seats():
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
        elif act == "room-retry":
            self.close()
            self.connect()
        elif act == "room-chat":
            line = chat_line(self.screen.platform)
            if line:
                viewer = self.screen.viewer
                self.host.say(viewer if viewer is not None else (self.screen.match.humans() or [0])[0], line)
        else:
            return False
        self.screen.redraw()
        return True


class GuestSeat:
    """A guest's side: its seat at a friend's table (a RemoteTable) over the platform's
    network, from the invite link to the end of the game."""

    def __init__(self, screen, params):
        self.screen = screen  # the table.TableScreen of this seat
        self.params = {k: str(v) for k, v in params.items()}
        self.room = dict(network(params), id=params.get("join", ""), secret=params.get("key", ""))
        seat = params.get("seat", "")
        self.seat = int(seat) if seat.isdigit() else None
        self.host_name = clean_name(params.get("host") or "")
        self.relays = None
        self.host_peer = None
        self.net = None
        self.table = None
        self.joined = False  # the name is given and the device went looking for the host
        # The device's secret for this seat: a reload rejoins the same seat with it.
        self.token_key = "seat-{}-{}".format(self.room["id"], self.seat)
        self.token = screen.app.store.setting(self.token_key)

    def valid(self):
        return bool(self.room["id"]) and bool(self.room["secret"]) and self.seat is not None

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
        self.table = RemoteTable(_Games(), self.seat, self.token, name, self._send_to_host, self._update)
        self.joined = True
        self.connect()
        return None

    def connect(self):
        self.relays = None
        self.host_peer = None
        self.net = self.screen.platform.open_room(_config(self.room), self._event)

    def close(self):
        if self.net is not None:
            self.net.close()
            self.net = None

    def _send_to_host(self, text):
        """False when the host's device is away (the table then refuses the request, saying so)."""
        if self.net is None or self.host_peer is None:
            return False
        self.net.send(text, self.host_peer)
        return True

    def waiting(self):
        """The host waits for other friends to take their seats: nobody moves yet."""
        return self.table is not None and self.table.ready and self.table.waiting

    def _event(self, kind, peer, data):
        if kind == "join" and self.host_peer is None:
            # Say hello to whoever joins: only the host answers (with a welcome).
            self.net.send(self.table.hello_text(), peer)
        elif kind == "message":
            if self.host_peer is None and '"t":"welcome"' in data[:40]:
                self.host_peer = peer
            if peer == self.host_peer or '"t":"refused"' in data[:40]:
                self.table.receive(data)
        elif kind == "leave" and peer == self.host_peer:
            # The host reloads or dropped: a new peer will say welcome. A page closed without a
            # goodbye is seen gone seconds late, so the host's new page may have joined already
            # (and was not greeted): say hello to everyone here; only the host answers.
            self.host_peer = None
            self.net.send(self.table.hello_text(), None)
            self.screen.redraw()
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
                       class_="room-status offline", role="status") + relay_status(self.relays)
        return ""

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
                    + relay_status(self.relays))
        from games import INFOS

        info = INFOS.get(self.params.get("game", ""))
        if info is not None:
            title = _("{host} invites you to play {game}").format(host=esc(self.host_label()), game=esc(_(info.title)))
        else:
            title = _("{host} invites you to a game").format(host=esc(self.host_label()))
        seat = tag("p", esc(_("You play seat {n}.").format(n=self.seat + 1))) if self.seat is not None else ""
        return tag("div", tag("h1", title) + seat + body + tag("p", self.screen.app.exit_link()), class_="join", id="join")

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
