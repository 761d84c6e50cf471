"""Play across devices: one device hosts the match, friends' devices each hold one seat.

The host keeps the Match (state, bots, saves, undo) as for a local game. A guest never holds the
state: for its own seat only, the host sends what that seat may know (`seat_update`: the view,
its log lines, its legal moves, who acts, progress, the result at the end) and the guest sends
back requests (a move, Undo, "why can't I play this?"). The host checks each one with the engine,
exactly as a click on its own screen.

Messages are JSON texts, defined and checked in tabletop.protocol (TO_HOST, TO_GUEST); how they
travel is not this module's business: the host is given `send(peer, text)`, the guest
`send(text)`. Across devices they travel sealed, between a guest and its proved host only
(tabletop.secure): a `peer` here is a device in a session with the host.

Guest to host:
  {"t": "hello", "v": 3, "seat": n, "key": k, "token": t, "name": s}
      claim seat n (again, after a reload): k is the seat's key (from its invite: only who holds
      that invite can take the seat), t the device's own secret (the first device to take a seat
      keeps it: another device with the same invite is refused)
  {"t": "act", "q": k, "action": a, "ok": bool}              a move (ok: the warning was accepted)
  {"t": "undo" | "takeback" | "clear" | "why", "q": k, ...}   the other requests of the Table interface
      (a request sent again with the same k, when its answer is late, is answered again, with the
      seat's news, and never played twice)
  {"t": "chat", "text": s}
  {"t": "hint"}                                               a hint was shown (tabletop.hints; the
                                                              guest works it out from its own view)
Host to guest:
  {"t": "welcome", "seat": n, "game": id, "options": {...}, "host": name}
  {"t": "state", ...seat_update...}
  {"t": "reply", "q": k, ...outcome}                         a request's answer (tables.py outcomes)
  {"t": "chat", "lines": [[seat, text], ...]}
  {"t": "refused", "reason": words}                           a hello or message that was not accepted
Words travel as Message data (`wire`): each device says them in its own language.
"""

import json

from .match import BOT_LEVELS, FRIEND, clean_name
from .msg import M, Message, as_data, from_data
from .protocol import MAX_DEPTH, MAX_TO_GUEST, MAX_TO_HOST, TO_GUEST, TO_HOST, VERSION, Budget, Unreadable, depth, dumps, parse
from .tables import LocalTable

# 2: a state's "legal" is null when the seat's legal moves are the ones it was last sent;
# 3: sealed sessions with a proved host, seat keys (tabletop.secure); 4: the boxes sealed
# with a keystream made ahead and an HMAC
PROTOCOL = VERSION
MAX_MESSAGE = MAX_TO_HOST  # characters of a guest's message: a move is a few dozen
MAX_TOKEN = 64
MAX_CHAT = 200  # characters of one chat line
CHAT_KEPT = 100  # lines of chat kept with the game
# A guest may send BURST messages at once, then RATE a second: a flood is refused, unread.
BURST = 30
RATE = 10
ANSWERS_KEPT = 16  # a guest's requests answered, kept to answer again one sent twice (resend)
CLEAR_VERBS = ("pick", "mark")  # what a guest's "clear" may take back (Phở Phở's selection)


# --- words on the wire ------------------------------------------------------------------------
def wire(value):
    """Plain JSON data for a view, an event or a result: each Message as {"$m": its data}."""
    if isinstance(value, Message):
        return {"$m": as_data(value)}
    if isinstance(value, dict):
        return {k: wire(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [wire(v) for v in value]
    return value


def unwire(value):
    if isinstance(value, dict):
        if len(value) == 1 and "$m" in value:
            return from_data(value["$m"])
        return {k: unwire(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unwire(v) for v in value]
    return value


def _request_number(text):
    """The request number of a request that did not pass the checks, to answer it (a guest's
    screen waits for the answer); None if it has none."""
    try:
        message = json.loads(text) if len(text) <= MAX_MESSAGE and depth(text) <= MAX_DEPTH else None
    except (ValueError, RecursionError):
        return None
    q = message.get("q") if isinstance(message, dict) else None
    return q if isinstance(q, int) and not isinstance(q, bool) else None


def seat_update(table, seat, log_start=0):
    """Everything `seat` may know of the table now, for its device; the log from `log_start`
    (the lines its device has already)."""
    over = table.is_over()
    log = table.log_for(seat)
    return {
        "t": "state",
        "moves": table.moves,
        "seats": [{"name": wire(s["name"]), "kind": s["kind"]} for s in table.seats],
        "to_act": table.to_act(),
        "view": wire(table.view(seat)),
        "legal": [] if over or seat not in table.to_act() else table.legal(seat),
        "log_start": log_start,
        "log": wire(log[log_start:]),
        "progress": wire(table.progress()),
        "undo": wire(table.undo_blocked(seat)),
        "retract": [] if over else table.retractable(seat),
        "result": wire(table.result()) if over else None,
        "hides": table.hides_information(),
        "hints": table.hints(),
    }


class Host:
    """The host's side of a table with friend seats. `table` is the host's LocalTable; after a
    guest's move (or a seat taken), `on_change(what)` lets the app save, start bots and redraw,
    and the app then calls `update()` to send every guest its seat's news."""

    def __init__(self, table, send, on_change, now, host_name="", tokens=None, chat=None, waiting=None, seat_keys=None):
        self.table = table
        self.send = send
        self.on_change = on_change
        # () -> True while the game waits for friends to take their seats: no move before that
        self.waiting = waiting or (lambda: False)
        self.now = now
        self.host_name = host_name
        # seat -> the secret of the device that took it (saved; a JSON save makes the seats strings)
        self.tokens = {int(seat): token for seat, token in (tokens or {}).items()}
        # seat -> the key its invite carries (who holds only the room's secret takes no seat)
        self.seat_keys = {int(seat): key for seat, key in (seat_keys or {}).items()}
        self.chat = [list(line) for line in (chat or [])][-CHAT_KEPT:]
        self.peers = {}  # peer -> seat, for connected guests
        self._sent = {}  # peer -> the log entries its device holds (to send only what is new)
        self._last = {}  # peer -> the last state it was sent (without its log), and the legal moves in it
        self._budget = Budget(BURST, RATE, now)
        # peer -> {q: reply} of its last ANSWERS_KEPT requests answered: a request sent again
        # (its answer late or lost: RemoteTable.resend) is answered again, never played twice
        self._answered = {}

    # --- who is where ------------------------------------------------------------------------
    def friend_seats(self):
        """The seats played (or to be played) from other devices: friend seats, and the ones a
        bot plays for a friend who dropped."""
        return [s for s, info in enumerate(self.table.seats) if info["kind"] == FRIEND or s in self.tokens]

    def open_seats(self):
        return [s for s in self.friend_seats() if s not in self.tokens]

    def online(self, seat):
        return seat in self.peers.values()

    def replace(self, table):
        """A rematch: the same guests, a new match. Every device gets its seat's new table."""
        self.table = table
        self._sent, self._last = {}, {}
        for peer, seat in self.peers.items():
            self._welcome(peer, seat)

    # --- messages ----------------------------------------------------------------------------
    def receive(self, peer, text):
        if not self._budget.allow(peer):
            return self._refuse(peer, M("Too many messages at once: wait a moment and try again."))
        try:
            message = parse(text, TO_HOST, MAX_MESSAGE)
        except Unreadable as unreadable:
            q = _request_number(text) if unreadable.kind not in (None, "hello", "chat") else None
            if q is not None and self.peers.get(peer) is not None:  # the request waits for its answer
                return self.send(peer, dumps({"t": "reply", "q": q, "refused": wire(unreadable.reason)}))
            return self._refuse(peer, unreadable.reason)
        kind = message["t"]
        if kind == "hello":
            return self._hello(peer, message)
        seat = self.peers.get(peer)
        if seat is None:
            return self._refuse(peer, M("Join the table first."))
        if kind == "chat":
            return self._chat(seat, message["text"])
        if kind == "hint":
            return self._hint(seat)
        handler = {"act": self._act, "undo": self._undo, "takeback": self._take_back,
                   "clear": self._clear, "why": self._why}[kind]
        q = message["q"]
        answered = self._answered.setdefault(peer, {})
        if q in answered:  # its news may have been lost with the answer: both again, the news whole
            self._sent.pop(peer, None)
            self._last.pop(peer, None)
            self._send_state(peer, seat)
            return self.send(peer, answered[q])
        if self.table.seats[seat]["kind"] != FRIEND:
            outcome = {"refused": M("A bot is playing your seat now.")}
        elif kind != "why" and self.waiting():
            outcome = {"refused": M("The game starts when every friend has joined.")}
        else:
            outcome = handler(seat, message)
        if "ok" in outcome and kind != "why":
            # Saved, and every device's news sent, before the reply: the guest's screen, which
            # redraws on the reply, then never shows the position before its own move.
            self.on_change("move")
        reply = answered[q] = dumps(dict(wire(outcome), t="reply", q=q))
        if len(answered) > ANSWERS_KEPT:
            del answered[min(answered)]
        self.send(peer, reply)

    def left(self, peer):
        """A guest's device went away: its seat waits (or a bot takes it: `stand_in`)."""
        self._answered.pop(peer, None)
        if self.peers.pop(peer, None) is not None:
            self._sent.pop(peer, None)
            self._last.pop(peer, None)
            self.on_change("presence")

    def stand_in(self, seat, level):
        """A bot plays for a friend who dropped, until the friend comes back."""
        if seat in self.friend_seats() and not self.online(seat) and level in BOT_LEVELS:
            self.table.seats[seat]["kind"] = level
            self.on_change("seats")

    def update(self):
        """Send every connected guest its seat's news (after any change to the match)."""
        for peer, seat in list(self.peers.items()):
            self._send_state(peer, seat)

    # --- the requests --------------------------------------------------------------------------
    def _hello(self, peer, message):
        seat, token = message["seat"], message["token"]
        if message["v"] != PROTOCOL:
            return self._refuse(peer, M("This table runs another version of the app: reload the page."))
        if seat not in self.friend_seats():
            return self._refuse(peer, M("That seat is not open to a friend at this table."))
        if not 8 <= len(token) <= MAX_TOKEN:
            return self._refuse(peer, M("That message could not be read."))
        # The seat's key, from its invite: holding the room's secret (another seat's invite) is
        # not enough. Compared inside a session with a proved host, so no time is measured here.
        if self.seat_keys.get(seat) is None or message["key"] != self.seat_keys[seat]:
            return self._refuse(peer, M("That invite is not for this seat: ask the host for yours."))
        if self.tokens.get(seat, token) != token:
            return self._refuse(peer, M("That seat is taken by another device."))
        for other, other_seat in list(self.peers.items()):  # the same device again (a reload)
            if other_seat == seat and other != peer:
                del self.peers[other]
        self.tokens[seat] = token
        self.peers[peer] = seat
        info = self.table.seats[seat]
        info["kind"] = FRIEND  # a friend back from a drop takes the seat back from the bot
        name = clean_name(message.get("name") or "")
        if name:
            info["name"] = name
        self._sent.pop(peer, None)
        self._last.pop(peer, None)
        self._welcome(peer, seat)
        self.on_change("seats")

    def _welcome(self, peer, seat):
        self.send(peer, dumps({"t": "welcome", "seat": seat, "game": self.table.info.id,
                               "options": self.table.options, "host": self.host_name}))
        self.send(peer, dumps({"t": "chat", "lines": self.chat}))
        self._send_state(peer, seat)

    def _send_state(self, peer, seat):
        log = self.table.log_for(seat)
        held = self._sent.get(peer, [])
        start = 0
        while start < len(held) and start < len(log) and held[start] is log[start]:
            start += 1
        update = seat_update(self.table, seat, start)
        update["online"] = [self.online(s) for s in range(len(self.table.seats))]
        update["waiting"] = bool(self.waiting())  # for friends still to join: nobody moves yet
        news = dumps(dict(update, log_start=None, log=None))  # the log is compared above
        last_news, last_legal = self._last.get(peer, (None, None))
        if self._sent.get(peer) == log and last_news == news:
            return  # nothing new for this seat
        self._sent[peer] = list(log)
        self._last[peer] = (news, update["legal"])
        if update["legal"] and update["legal"] == last_legal:
            update["legal"] = None  # as last sent: The Number's up to 1,000 numbers were most of a message
        self.send(peer, dumps(update))

    def _act(self, seat, message):
        return self.table.attempt(seat, message["action"], confirmed=message.get("ok") is True)

    def _undo(self, seat, message):
        return self._answer(self.table.undo, seat)

    def _take_back(self, seat, message):
        return self._answer(self.table.take_back, seat, message["action"])

    def _clear(self, seat, message):
        return self._answer(self.table.undo_while, seat, CLEAR_VERBS)

    def _why(self, seat, message):
        return self._answer(self.table.why_not, seat, message["action"])

    @staticmethod
    def _answer(request, *args):
        answers = []
        request(*args, answers.append)
        return answers[0]

    def _chat(self, seat, text):
        line = " ".join(text.split())[:MAX_CHAT]
        if line:
            self.say(seat, line)

    def _hint(self, seat):
        if self.table.hints()["offered"] and self.table.seats[seat]["kind"] == FRIEND:
            self.table.note_hint(seat)
            self.on_change("hint")

    def say(self, seat, line):
        """A chat line from `seat` (the host's own too): kept with the game, sent to everyone."""
        self.chat = (self.chat + [[seat, line]])[-CHAT_KEPT:]
        for peer in self.peers:
            self.send(peer, dumps({"t": "chat", "lines": self.chat}))
        self.on_change("chat")

    def _refuse(self, peer, reason):
        self.send(peer, dumps({"t": "refused", "reason": wire(reason)}))


class RemoteTable:
    """A guest's seat at a table hosted on another device: the Table interface (tables.py) over
    what the host sends. `send(text)` reaches the host; `on_update(kind)` tells the app that
    something came ("welcome", "state", "chat", "refused")."""

    remote = True

    def __init__(self, games, seat, token, name, send, on_update, seat_key=""):
        self.games = games
        self.seat = seat
        self.seat_key = seat_key  # from the invite
        self.token = token
        self.name = name
        self.send = send
        self.on_update = on_update
        self.game = self.info = None  # known from the host's welcome
        self.host_name = ""
        self.options = {}
        self.seats = []
        self.online = []
        self.waiting = False  # the host waits for other friends to take their seats
        self.moves = 0
        self.chat = []
        self.refused = None
        self._state = None
        self._log = []
        self._pending = {}  # request number -> the callback waiting for its answer
        self._moving = {}  # request number -> its text, for the moves (not questions) still unanswered
        # The question ("why not?") still unanswered, as (number, text): only the newest one, as
        # only its answer is still shown (an older one's would overwrite it)
        self._asking = None
        self._q = 0
        # A move refused unanswered: the seat's choices when it was sent (to act, legal moves).
        # The first table after the host's next welcome says it may not have arrived, unless the
        # seat's choices changed meanwhile: then the move is on the table (unsure_note).
        self._move_unsure = None
        self.dropped = 0  # messages from the host that could not be read (never shown)

    def hello(self):
        self.send(self.hello_text())

    def hello_text(self):
        """The claim of this seat (to whichever device may be the host: only the host answers)."""
        return dumps({"t": "hello", "v": PROTOCOL, "seat": self.seat, "key": self.seat_key, "token": self.token,
                      "name": self.name})

    @property
    def ready(self):
        return self._state is not None

    def receive(self, text):
        """A message from the host (its proved host only: tabletop.secure). One that cannot be
        read, or does not fit what this device holds, is dropped and counted, never raised."""
        try:
            message = parse(text, TO_GUEST, MAX_TO_GUEST)
            kind = self._take(message)
        except (Unreadable, LookupError, TypeError, ValueError, AttributeError):
            self.dropped += 1
            return
        if kind is not None:
            self.on_update(kind)

    def _take(self, message):
        kind = message["t"]
        if kind == "welcome":
            game = self.games[message["game"]]
            self.game, self.info = game, game.info
            self.options = message["options"]
            self.host_name = message["host"]
            self.refused = None
        elif kind == "state":
            if message["legal"] is None:  # the legal moves the host sent last
                if self._state is None:
                    raise ValueError("no legal moves to keep")
                message["legal"] = self._state["legal"]
            if not 0 <= message["log_start"] <= len(self._log):
                raise ValueError("a log that does not follow the one held")
            log = unwire(message.pop("log"))
            state = unwire(message)
            del self._log[message["log_start"]:]
            self._log.extend(log)
            self._state = state
            self.seats = state["seats"]
            self.online = message.get("online") or []
            self.waiting = bool(message.get("waiting"))
            self.moves = message["moves"]
        elif kind == "chat":
            self.chat = [line for line in message["lines"] if isinstance(line, list) and len(line) == 2
                         and isinstance(line[1], str)]
        elif kind == "reply":
            self._moving.pop(message["q"], None)
            if self._asking is not None and self._asking[0] == message["q"]:
                self._asking = None
            done = self._pending.pop(message["q"], None)
            if done is not None:
                done(unwire({k: v for k, v in message.items() if k not in ("t", "q")}))
            return None
        elif kind == "refused":
            self.refused = unwire(message["reason"])
        return kind

    # --- reading -------------------------------------------------------------------------------
    def to_act(self):
        return self._state["to_act"]

    def legal(self, seat):
        return self._state["legal"] if seat == self.seat else []

    def view(self, seat):
        return self._state["view"]

    def log_for(self, seat):
        return self._log

    def progress(self):
        return self._state["progress"]

    def is_over(self):
        return self._state["result"] is not None

    def result(self):
        return self._state["result"]

    def undo_blocked(self, seat):
        return self._state["undo"]

    def retractable(self, seat):
        return self._state["retract"]

    def is_human(self, seat):
        return seat == self.seat

    def is_bot(self, seat):
        return self.seats[seat]["kind"] in BOT_LEVELS

    def hides_information(self):
        return bool(self._state.get("hides", True))

    def record(self):
        return None  # records are kept by the device that holds the game

    def hints(self):
        """Whether the host offers hints, and how many each seat took (as the host counts them)."""
        hints = self._state.get("hints")
        if not (isinstance(hints, dict) and isinstance(hints.get("used"), list)):
            return {"offered": False, "used": [0] * len(self.seats)}
        return {"offered": hints.get("offered") is True, "used": hints["used"]}

    def note_hint(self, seat):
        """Tell the host this seat was shown a hint (its count comes back with the next news)."""
        self.send(dumps({"t": "hint"}))

    def humans(self):
        return [self.seat]

    # --- acting --------------------------------------------------------------------------------
    def _ask(self, message, done, move=True):
        self._q += 1
        self._pending[self._q] = done
        text = dumps(dict(message, q=self._q))
        if move:
            self._moving[self._q] = text
        else:
            if self._asking is not None:  # superseded: its answer would now mislead
                self._pending.pop(self._asking[0], None)
            self._asking = (self._q, text)
        if self.send(text) is False:  # the host's device is away
            del self._pending[self._q]
            self._moving.pop(self._q, None)
            self._asking = None
            done({"refused": self.host_away()})

    def sending(self):
        """Whether a move of this seat is on its way to the host, not answered yet: the page then
        says so and holds its controls (a second tap would be a second move)."""
        return bool(self._moving)

    def awaiting(self):
        """Whether anything asked of the host (a move, or the newest question) is unanswered."""
        return bool(self._moving) or self._asking is not None

    def resend(self):
        """Send again what the host has not answered (a message lost on the way, say): the same
        requests, which the host plays once and answers again."""
        for text in list(self._moving.values()) + ([self._asking[1]] if self._asking else []):
            self.send(text)

    def host_lost(self, back=False):
        """The host's device went away, or (`back`) a host page answers anew while something
        waited for the old one's answer (a reload seen late, a new connection): whatever was asked
        is refused now, saying so, so that no move waits for an answer that will not come. It is
        not sent again: the new page may already hold that move, from the save. A move refused so
        may have been played or not: the next welcome says so (`unsure_note`)."""
        pending, self._pending = self._pending, {}
        moves = set(self._moving)
        self._moving.clear()
        self._asking = None
        if moves and self._state is not None:
            self._move_unsure = (self.seat in self._state["to_act"], list(self._state["legal"]))
        for q, done in pending.items():
            if not back:
                reason = self.host_away()
            elif q in moves:
                reason = self.move_unsure_text()
            else:  # a question: its answer would have come from the page that is gone
                reason = M("Try again: {host} answers on a new connection.", host=self._host())
            done({"refused": reason})

    def unsure_note(self):
        """Said once, with the first table after a refused move: that it may not have arrived, when
        the seat still has the choices it had then (played, its choices would have changed: the
        table shows it, and the note would only worry the player). Still the same choices, this
        device cannot know: a next turn may offer the very same moves."""
        unsure, self._move_unsure = self._move_unsure, None
        if unsure is None or self._state is None or unsure != (self.seat in self._state["to_act"], self._state["legal"]):
            return None
        return self.move_unsure_text()

    def move_unsure_text(self):
        return M("Your last move may not have reached {host}: if it is not on the table, play it again.", host=self._host())

    def _host(self):
        return self.host_name or M("The host")

    def host_away(self):
        """Why nothing can reach the host now."""
        return M("{host} is not connected: try again when their device is back.", host=self._host())

    def play(self, seat, action, done, confirmed=False):
        self._ask({"t": "act", "action": action, "ok": confirmed}, done)

    def undo(self, seat, done):
        self._ask({"t": "undo"}, done)

    def take_back(self, seat, action, done):
        self._ask({"t": "takeback", "action": action}, done)

    def undo_while(self, seat, verbs, done):
        self._ask({"t": "clear"}, done)

    def why_not(self, seat, action, done):
        self._ask({"t": "why", "action": action}, done, move=False)

    def say(self, line):
        self.send(dumps({"t": "chat", "text": line}))


__all__ = ["Host", "RemoteTable", "LocalTable", "seat_update", "wire", "unwire"]
