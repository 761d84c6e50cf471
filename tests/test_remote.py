"""Cross-device play (tabletop.remote) as a user would check it: a host device with the match,
friends' devices each holding one seat, every message a text through in-memory queues.

- whole games of every title (and mode) played from the guests' screens: each guest sees, after
  every step, exactly its seat's view, log, legal moves and result as the host has them;
- hidden information: every text the host sends to seat s is the same when everything hidden
  from s is re-drawn (`game.scramble`) at that moment, so no message can carry another seat's
  hand (and a host that leaked one would be caught);
- bad guests (another seat's move, out of turn, garbage, floods, seat thieves) are refused with
  a reason, never raise in the host and never change the match;
- reloads on either side, a bot standing in for a friend who dropped, a rematch.

Bytes per game are printed (`pytest -s tests/test_remote.py -k bytes`): the size of a state
message per move and of a reconnect."""

import collections
import copy
import json
import random

import pytest

from games import GAMES, IDS
from tabletop import bots as botlib
from tabletop import remote
from tabletop.game import IllegalAction, clone
from tabletop.match import BOT_LEVELS, FRIEND, HUMAN, Match, make_seats
from tabletop.remote import BURST, CHAT_KEPT, MAX_CHAT, MAX_MESSAGE, PROTOCOL, RATE, Host, RemoteTable, dumps, wire
from tabletop.tables import LocalTable

MAX_STEPS = 3000


def plain(value):
    """A value as it travels (Messages as their data): what two devices must agree on."""
    return json.loads(dumps(wire(value)))


def nbytes(text):
    return len(text.encode("utf-8"))


class Room:
    """A host and the guests of its friend seats over in-memory queues of texts. Every text the
    host sends is checked against hidden information before it travels (`check_secrets`)."""

    def __init__(self, match, seed=0, tokens=None, chat=None, host_name="Ann"):
        self.match = match
        self.table = LocalTable(match)
        self.rng = random.Random(seed)
        self.clock = [0.0]
        self.to_host = collections.deque()  # (peer, text)
        self.to_guest = collections.defaultdict(collections.deque)  # peer -> texts
        self.guests = {}  # peer -> RemoteTable
        self.sent = []  # (peer, seat, text): every text the host sent
        self.stats = collections.Counter()
        self.legal_held = {}  # peer -> the legal moves its device holds (a state's "legal" is null when unchanged)
        self.request = None  # (peer, text) the host is answering
        # the key of each seat's invite: who holds only the room's secret takes no seat
        self.seat_keys = {s: "key-of-seat-{}".format(s) for s in range(len(match.seats))}
        self.host = Host(self.table, self._host_send, self._changed, lambda: self.clock[0], host_name, tokens, chat,
                         seat_keys=self.seat_keys)
        receive = self.host.receive

        def receive_watched(peer, text):
            self.request = (peer, text)
            try:
                receive(peer, text)
            finally:
                self.request = None

        self.host.receive = receive_watched

    # --- the wires -------------------------------------------------------------------------------
    def _changed(self, what):  # the app: save, start bots, redraw; then send every guest its news
        self.host.update()

    def _host_send(self, peer, text):
        assert isinstance(text, str)
        seat = self.host.peers.get(peer)
        self.check_secrets(peer, seat, text)
        self.sent.append((peer, seat, text))
        self.to_guest[peer].append(text)

    def join(self, seat, token=None, name=None, peer=None):
        """A guest's device opens the table's link for `seat` and says hello."""
        peer = peer or "peer-{}-{}".format(seat, len(self.guests))
        token = token or "token-of-seat-{}".format(seat)
        updates = []
        guest = RemoteTable(GAMES, seat, token, name or "Guest {}".format(seat),
                            lambda text: self.to_host.append((peer, text)), updates.append,
                            seat_key=self.seat_keys[seat])
        guest.updates = updates
        guest.peer = peer
        self.guests[peer] = guest
        guest.hello()
        self.pump()
        return guest

    def reload(self, guest, peer):
        """The guest's page reloads: a new connection (`peer`), the same token. The new guest, and
        the texts its device got (welcome, chat, state: the whole log)."""
        self.guests.pop(guest.peer)
        mark = len(self.sent)
        again = self.join(guest.seat, token=guest.token, name=guest.name, peer=peer)
        assert again.updates == ["welcome", "chat", "state"]
        assert self.plain_log(again.log_for(again.seat)) == self.plain_log(self.match.log_for(again.seat))
        return again, [text for p, seat, text in self.sent[mark:] if p == peer]

    def drop(self, peer):
        self.guests.pop(peer)
        self.to_guest.pop(peer, None)
        self.host.left(peer)

    def pump(self):
        """Carry every text until the wires are quiet (a guest may answer a reply at once)."""
        while self.to_host or any(self.to_guest.values()):
            while self.to_host:
                peer, text = self.to_host.popleft()
                assert isinstance(text, str)
                self.clock[0] += 1.0  # people click at a person's pace
                self.host.receive(peer, text)
            for peer in list(self.to_guest):
                queue = self.to_guest[peer]
                while queue:
                    text = queue.popleft()
                    if peer in self.guests:
                        self.guests[peer].receive(text)

    def ask(self, guest, request, *args, **confirmed):
        """A guest's request (play, undo, why_not...) carried through; its outcome."""
        outcomes = []
        request(guest.seat, *args, outcomes.append, **confirmed)
        self.pump()
        assert len(outcomes) == 1, "a request got {} answers".format(len(outcomes))
        return outcomes[0]

    def host_moves(self, seat, action):
        """A move on the host's own screen (or a bot's), then every guest gets its news."""
        self.match.play(seat, action)
        self.host.update()
        self.pump()

    def replace(self, match):
        self.match = match
        self.table = LocalTable(match)
        self.host.replace(self.table)
        self.pump()

    # --- hidden information ----------------------------------------------------------------------
    def scrambled(self, seat):
        """The match with everything hidden from `seat` re-drawn now."""
        other = self.match.copy()
        other.state = self.match.game.scramble(self.match.state, seat, self.rng)
        return other

    def scrambled_since_barrier(self, seat):
        """The match with what `seat` did not know at the undo barrier re-drawn and the moves
        since played again on it (so that Undo and take-back run on re-drawn cards too); None
        when those moves do not replay or `seat` would see the difference."""
        m, game = self.match, self.match.game
        barrier = game.scramble(m._barrier_state, seat, self.rng)
        state = clone(barrier)
        try:
            for s, a in m.history[m._barrier:]:
                game.apply(state, s, a)
        except IllegalAction:
            return None
        if game.view(state, seat) != game.view(m.state, seat):
            return None
        other = m.copy()
        other._barrier_state, other.state = barrier, state
        return other

    def state_text(self, match, seat, log_start, held=None):
        """The state message for `seat` over `match`, its device holding the legal moves `held`."""
        update = remote.seat_update(LocalTable(match), seat, log_start)
        update["online"] = [self.host.online(s) for s in range(len(match.seats))]
        update["waiting"] = bool(self.host.waiting())
        if update["legal"] and update["legal"] == held:
            update["legal"] = None
        return dumps(update)

    def check_secrets(self, peer, seat, text):
        message = json.loads(text)
        kind = message["t"]
        if seat is None:  # a device that holds no seat hears only why
            assert kind == "refused", text
            return
        if kind == "welcome":  # a new table on that device: it holds no legal moves yet
            self.legal_held.pop(peer, None)
        if kind == "state":
            self.stats["states"] += 1
            # legal moves sent again whole (news sent whole, to a request sent twice) are fine
            held = self.legal_held.get(peer) if message["legal"] is None else None
            assert self.state_text(self.match, seat, message["log_start"], held) == text, "a state message is not seat_update"
            scrambled = self.scrambled(seat)
            if scrambled.state != self.match.state:
                self.stats["scrambled"] += 1
            assert self.state_text(scrambled, seat, message["log_start"], held) == text, \
                "the state message to seat {} changes when what it may not know is re-drawn".format(seat)
            since = self.scrambled_since_barrier(seat)
            if since is not None:
                self.stats["scrambled since barrier"] += 1
                assert self.state_text(since, seat, message["log_start"], held) == text, \
                    "the state message to seat {} (Undo, take-back) depends on what it may not know".format(seat)
            if message["legal"] is None:
                self.stats["legal as before"] += 1
            else:
                self.legal_held[peer] = message["legal"]
        elif kind == "reply":
            if "ok" in message:
                assert message == {"ok": True, "t": "reply", "q": message["q"]}
                return
            # a refusal, a warning or a reason changes nothing: the same request over a re-drawn
            # match must get the same words
            peer_asking, request = self.request
            assert peer_asking == peer
            self.stats["replies"] += 1
            assert self.shadow_reply(peer, seat, request) == text, \
                "the reply to seat {} changes when what it may not know is re-drawn".format(seat)
        else:
            assert kind in ("welcome", "chat", "refused"), text
            assert set(message) <= {"t", "seat", "game", "options", "host", "lines", "reason"}

    def shadow_reply(self, peer, seat, request):
        """The host's reply to `request` over a match where what `seat` may not know is re-drawn."""
        shadow = copy.copy(self.host)
        replies = []
        shadow.table = LocalTable(self.scrambled(seat))
        shadow.send = lambda p, text: replies.append(text) if json.loads(text)["t"] == "reply" else None
        shadow.on_change = lambda what: None
        shadow.peers, shadow.tokens = dict(self.host.peers), dict(self.host.tokens)
        shadow._budget, shadow._sent, shadow._last = remote.Budget(BURST, RATE, lambda: 0.0), {}, {}
        shadow._answered = {}  # answered afresh, not from the host's memory of its answers
        Host.receive(shadow, peer, request)
        assert len(replies) == 1
        return replies[0]

    # --- what a guest's screen shows -------------------------------------------------------------
    def plain_log(self, log):
        """plain(log), each entry made plain once (entries are never changed once logged, on
        either device: a step compares whole logs, and a game's logs grow long)."""
        made = self.__dict__.setdefault("_plain_entries", {})
        for entry in log:
            if id(entry) not in made:
                made[id(entry)] = (entry, plain(entry))  # the entry kept: its id is not reused
        return [made[id(entry)][1] for entry in log]

    def check_guests(self):
        m = self.match
        for peer, guest in self.guests.items():
            seat = guest.seat
            assert self.host.peers.get(peer) == seat and guest.ready
            assert plain(guest.view(seat)) == plain(m.view(seat))
            assert self.plain_log(guest.log_for(seat)) == self.plain_log(m.log_for(seat))
            assert guest.to_act() == m.to_act() and guest.moves == len(m.history)
            over = m.is_over()
            assert guest.legal(seat) == ([] if over or seat not in m.to_act() else m.legal(seat))
            assert plain(guest.undo_blocked(seat)) == plain(m.undo_blocked(seat))
            assert guest.retractable(seat) == ([] if over else m.retractable(seat))
            assert plain(guest.progress()) == plain(m.game.progress(m.state))
            assert plain(guest.seats) == plain(m.seats)
            assert guest.is_over() == over
            assert plain(guest.result()) == (plain(m.result()) if over else None)
            assert guest.chat == [list(line) for line in self.host.chat]


# --- whole games -----------------------------------------------------------------------------------
def modes():
    """Every title in every mode the shared harness plays (Stem and Branch co-op, with Spirit
    Scrolls): three seats where the mode allows (the host's, a friend's, a bot), else fewer."""
    for game_id in IDS:
        info = GAMES[game_id].info
        for options in info.harness_options:
            low, high = info.player_range(options)
            label = "-".join(str(v) for v in options.values())
            yield pytest.param(game_id, options, min(high, max(low, 3)), id=game_id + ("-" + label if label else ""))


def kinds_for(players):
    return ([FRIEND] if players == 1 else [HUMAN, FRIEND, "easy", FRIEND][:players]) + [FRIEND] * max(0, players - 4)


def guest_turn(room, guest, rng, counts):
    """One thing a friend does on its screen: mostly a random legal move; sometimes Undo, a
    take-back, "why can't I play this?", an illegal move, or clearing a selection."""
    m, seat = room.match, guest.seat
    before = [list(x) for x in m.history]
    roll = rng.random()
    if roll < 0.06 and guest.undo_blocked(seat) is None:
        assert room.ask(guest, guest.undo) == {"ok": True}
        assert m.history == before[:-1]
        counts["undo"] += 1
        return
    if roll < 0.12 and guest.retractable(seat):
        action = rng.choice(guest.retractable(seat))
        assert room.ask(guest, guest.take_back, action) == {"ok": True}
        assert len(m.history) == len(before) - 1  # that move alone, the later ones played again
        counts["take back"] += 1
        return
    if roll < 0.16:
        why = room.ask(guest, guest.why_not, "no such move")
        assert set(why) == {"why"} and why["why"]
        legal = room.ask(guest, guest.why_not, rng.choice(guest.legal(seat)))
        assert legal == {"why": None}
        refused = room.ask(guest, guest.play, "no such move")
        assert set(refused) == {"refused"} and refused["refused"]
        assert m.history == before
        counts["why"] += 1
    if roll > 0.97:
        outcome = room.ask(guest, guest.undo_while, ("pick", "mark"))
        assert outcome == {"ok": True}
        counts["clear"] += 1
        if m.history != before:
            return
    action = rng.choice(guest.legal(seat))
    outcome = room.ask(guest, guest.play, action)
    if "confirm" in outcome:
        assert outcome["confirm"] and m.history == before
        outcome = room.ask(guest, guest.play, action, confirmed=True)
        counts["confirmed"] += 1
    assert outcome == {"ok": True}, outcome
    assert m.history[len(before)] == [seat, action]
    counts["moves"] += 1


def host_turn(room, seat, rng, counts):
    """The host's own seat (played on its screen, warnings confirmed) or a bot's."""
    m = room.match
    kind = m.seats[seat]["kind"]
    if kind in BOT_LEVELS:
        action = botlib.choose(m.game, kind, m.view(seat), seat, m.legal(seat), rng)
        room.host_moves(seat, action)
        return
    assert kind == HUMAN
    action = rng.choice(m.legal(seat))
    outcomes = []
    room.table.play(seat, action, outcomes.append)
    if "confirm" in outcomes[-1]:
        room.table.play(seat, action, outcomes.append, confirmed=True)
    assert outcomes[-1] == {"ok": True}
    room.host.update()
    room.pump()


def play_out(room, rng, counts, stop=None):
    """Play until the end (or `stop` moves), every friend seat from its own device."""
    by_seat = {g.seat: g for g in room.guests.values()}
    for _ in range(MAX_STEPS):
        m = room.match
        if m.is_over() or (stop is not None and len(m.history) >= stop):
            return
        seat = rng.choice(m.to_act())
        if seat in by_seat and m.seats[seat]["kind"] == FRIEND:
            guest_turn(room, by_seat[seat], rng, counts)
        else:
            host_turn(room, seat, rng, counts)
        room.check_guests()
    pytest.fail("the game did not end within {} steps".format(MAX_STEPS))


@pytest.mark.parametrize("game_id,options,players", list(modes()))
def test_whole_games_played_from_friends_devices_match_the_host(game_id, options, players):
    game = GAMES[game_id]
    kinds = kinds_for(players)
    room = Room(Match(game, make_seats(kinds), options, seed=11), seed=11)
    rng = random.Random(5)
    for seat, kind in enumerate(kinds):
        if kind == FRIEND:
            guest = room.join(seat, name="Friend <b>{}</b>".format(seat))
            assert guest.updates == ["welcome", "chat", "state"]
            assert guest.game is game and guest.options == room.match.options and guest.host_name == "Ann"
            assert room.match.seats[seat]["name"] == "Friend <b>{}</b>".format(seat)  # kept as text
    room.check_guests()
    counts = collections.Counter()
    room.sent.clear()
    play_out(room, rng, counts, stop=25)
    friend = next(iter(room.guests.values()))
    friend, middle = room.reload(friend, "reload-in-the-middle")
    play_out(room, rng, counts)
    m = room.match
    assert m.is_over()
    for guest in room.guests.values():
        assert guest.is_over() and plain(guest.result()) == plain(m.result())
        assert plain(guest.log_for(guest.seat)) == plain(m.log_for(guest.seat))
    assert counts["moves"] > 0
    assert not [text for peer, seat, text in room.sent if json.loads(text)["t"] == "refused"]
    if game.info.private_information:
        assert room.stats["scrambled"] > 0, "no message was checked against re-drawn hidden cards"
    if game_id == "thenumber":  # a seat's long list of numbers travels only when it changes
        assert room.stats["legal as before"] > 0
    # the figures the lead cites: state messages during play; a reconnect (the whole log)
    states = [nbytes(text) for peer, seat, text in room.sent
              if json.loads(text)["t"] == "state" and not any(text is sent for sent in middle)]
    again, end = room.reload(friend, "reload-at-the-end")
    assert again.is_over() and plain(again.result()) == plain(m.result())
    print("\nBYTES {}{}: {} seats, {} moves; a state message {:.0f} B on average, {:.0f} B of state per move per "
          "guest; a reconnect {} B after {} moves, {} B at the end; {}".format(
              game_id, "".join(" " + v for v in options.values()), players, len(m.history),
              sum(states) / len(states), sum(states) / len(m.history) / len(room.guests),
              sum(map(nbytes, middle)), 25, sum(map(nbytes, end)), dict(counts, **room.stats)))


def test_a_four_device_game_with_three_guests():
    game = GAMES["hoipho"]
    kinds = [HUMAN, FRIEND, FRIEND, FRIEND]
    room = Room(Match(game, make_seats(kinds), {}, seed=4), seed=4)
    guests = [room.join(seat) for seat in (1, 2, 3)]
    rng = random.Random(4)
    counts = collections.Counter()
    play_out(room, rng, counts)
    assert room.match.is_over() and counts["moves"] > 30
    for guest in guests:
        assert guest.is_over() and plain(guest.result()) == plain(room.match.result())
        assert plain(guest.log_for(guest.seat)) == plain(room.match.log_for(guest.seat))
    # each device heard only of its own seat
    assert {seat for peer, seat, text in room.sent} == {1, 2, 3}
    assert room.stats["scrambled"] > 0 and room.stats["scrambled since barrier"] > 0


# --- hidden information ----------------------------------------------------------------------------
def test_the_secrets_check_catches_a_host_that_sends_another_seats_view(monkeypatch):
    """The check on every text can fail: a host whose state message carried the next seat's view
    (its hand) is caught at the first message."""
    honest = remote.seat_update

    def leaky(table, seat, log_start=0):
        update = honest(table, seat, log_start)
        update["view"] = wire(table.view((seat + 1) % len(table.seats)))
        return update

    monkeypatch.setattr(remote, "seat_update", leaky)
    room = Room(Match(GAMES["phopho"], make_seats([HUMAN, FRIEND, HUMAN]), {}, seed=2), seed=2)
    with pytest.raises(AssertionError, match="changes when what it may not know is re-drawn"):
        room.join(1)


def test_the_secrets_check_catches_a_reply_that_names_a_hidden_card(monkeypatch):
    """A refusal whose words depended on another seat's hand would be caught too."""
    game = GAMES["phopho"]
    room = Room(Match(game, make_seats([HUMAN, FRIEND]), {}, seed=3), seed=3)
    guest = room.join(1)
    original = game.illegal_reason

    def telling(state, seat, action):
        reason = original(state, seat, action)
        return reason and "{} (seat 0 holds {})".format(reason, game.view(state, 0))

    monkeypatch.setattr(game, "illegal_reason", telling)
    with pytest.raises(AssertionError, match="reply to seat 1 changes"):
        room.ask(guest, guest.why_not, "no such move")
    monkeypatch.undo()
    assert room.ask(guest, guest.why_not, "no such move")["why"]


# --- bad guests ------------------------------------------------------------------------------------
def unchanged(room):
    m = room.match
    return [list(x) for x in m.history], clone(m.state), list(m.log)


def sent_to(room, peer, since):
    return [json.loads(text) for p, seat, text in room.sent[since:] if p == peer]


def test_a_guest_plays_only_for_its_own_seat_and_only_in_turn():
    game = GAMES["thenumber"]  # every seat chooses at once
    room = Room(Match(game, make_seats([HUMAN, FRIEND, HUMAN]), {}, seed=8), seed=8)
    guest = room.join(1)
    assert room.match.to_act() == [0, 1, 2]
    action = room.match.legal(0)[0]
    mark = len(room.sent)
    room.to_host.append((guest.peer, dumps({"t": "act", "q": 100, "action": action, "seat": 0, "ok": False})))
    room.pump()
    assert room.match.history == [[1, action]], "a guest's move played for another seat"
    answers = sent_to(room, guest.peer, mark)
    assert room.match.to_act() == [0, 2] and answers[-1] == {"t": "reply", "q": 100, "ok": True}
    # the move's news first: the guest's screen, redrawn on the reply, shows the move made
    assert [a["t"] for a in answers] == ["state", "reply"] and answers[0]["moves"] == 1
    # out of turn: refused with the reason, nothing changes
    before = unchanged(room)
    outcome = room.ask(guest, guest.play, room.match.legal(0)[0])
    assert outcome == {"refused": game.illegal_reason(room.match.state, 1, room.match.legal(0)[0])} and outcome["refused"]
    assert room.ask(guest, guest.undo_while, ("pick",)) == {"ok": True}
    assert unchanged(room) == before
    # a turn-based game: not the guest's turn
    room = Room(Match(GAMES["mojo"], make_seats([HUMAN, FRIEND]), {}, seed=8), seed=8)
    guest = room.join(1)
    assert room.match.to_act() == [0]
    before = unchanged(room)
    for action in room.match.legal(0)[:5]:
        outcome = room.ask(guest, guest.play, action)
        assert "refused" in outcome and outcome["refused"]
        assert room.ask(guest, guest.take_back, action)["refused"]
    assert "not your turn" in room.ask(guest, guest.play, room.match.legal(0)[0])["refused"]
    assert room.ask(guest, guest.undo)["refused"] == "Nothing to undo yet."
    assert unchanged(room) == before
    room.check_guests()


def test_a_move_sent_again_is_played_once_and_answered_again():
    """A guest's move whose answer is lost (or late) is sent again by the guest (RemoteTable.resend,
    on a timer in the page): the host plays it once and answers it again; until an answer comes
    the guest's table says a move is on its way."""
    room = Room(Match(GAMES["mojo"], make_seats([FRIEND, HUMAN]), {}, seed=8), seed=8)
    guest = room.join(0)
    action = room.match.legal(0)[0]
    outcomes = []
    guest.play(0, action, outcomes.append)
    assert guest.sending()
    peer, text = room.to_host.popleft()
    room.host.receive(peer, text)
    room.to_guest[peer].clear()  # the news and the answer are lost on the way
    assert room.match.history == [[0, action]] and guest.sending() and outcomes == []
    guest.resend()
    assert room.to_host[-1] == (peer, text)  # the same request
    room.pump()
    assert room.match.history == [[0, action]], "a move sent twice was played twice"
    assert outcomes == [{"ok": True}] and not guest.sending()
    room.check_guests()


def test_a_question_whose_answer_is_lost_is_asked_again_the_newest_only():
    """A "why not?" (Flowers asks one as the player aims) is sent again like a move, but it is
    not a move on its way (the page keeps its controls), and only the newest one counts: an
    older one's answer would overwrite the explanation of where the player aims now."""
    room = Room(Match(GAMES["flowers"], make_seats([FRIEND, HUMAN]), {}, seed=8), seed=8)
    guest = room.join(0)
    room.pump()
    take = next(a for a in room.match.legal(0) if a.startswith("take:"))
    room.ask(guest, guest.play, take)
    cells = room.match.legal(0)
    answers = []
    guest.why_not(0, "place:9,9", answers.append)  # not touching the garden (FL-8)
    room.to_host.clear()  # lost on the way
    guest.why_not(0, cells[0], answers.append)
    peer, text = room.to_host.popleft()
    room.host.receive(peer, text)
    room.to_guest[peer].clear()  # its answer lost too
    assert guest.awaiting() and not guest.sending() and answers == []
    guest.resend()
    assert list(room.to_host) == [(peer, text)], "only the newest question is asked again"
    room.pump()
    assert answers == [{"why": None}] and not guest.awaiting()
    assert room.match.history == [[0, take]], "a question played nothing"


def test_a_move_waiting_when_the_host_goes_is_refused_saying_so():
    room = Room(Match(GAMES["mojo"], make_seats([FRIEND, HUMAN]), {}, seed=8), seed=8)
    guest = room.join(0)
    outcomes = []
    guest.play(0, room.match.legal(0)[0], outcomes.append)
    guest.host_lost()
    assert outcomes == [{"refused": guest.host_away()}] and not guest.sending()
    assert str(outcomes[0]["refused"]) == "Ann is not connected: try again when their device is back."
    assert str(guest.unsure_note()) == "Your last move may not have reached Ann: if it is not on the table, play it again."
    assert guest.unsure_note() is None, "said once"


def test_what_waits_when_a_host_answers_anew_is_refused_not_sent_again():
    """A host page answers on a new connection (a reload seen late, Try again) while a move and a
    question wait for the old one: neither is sent to it (it may hold the move from its save);
    the move is refused saying it may not have arrived, the question asks to try again."""
    room = Room(Match(GAMES["mojo"], make_seats([FRIEND, HUMAN]), {}, seed=8), seed=8)
    guest = room.join(0)
    moved, asked = [], []
    room.to_host.clear()
    guest.play(0, room.match.legal(0)[0], moved.append)
    guest.why_not(0, room.match.legal(0)[0], asked.append)
    room.to_host.clear()  # lost on the way
    guest.host_lost(back=True)
    assert str(moved[0]["refused"]) == "Your last move may not have reached Ann: if it is not on the table, play it again."
    assert str(asked[0]["refused"]) == "Try again: Ann answers on a new connection."
    assert not guest.awaiting() and guest.unsure_note() is not None
    guest.resend()
    assert not room.to_host and room.match.history == []


@pytest.mark.parametrize("text", [
    "{not json",
    "",
    "[1, 2]",
    "42",
    "null",
    '"act"',
    '{"t": 7}',
    '{"no": "type"}',
    '{"t": "dance", "q": 1}',
    '{"t": "act", "q": 1, "action": 5}',
    '{"t": "act", "q": 1, "action": ["a"]}',
    '{"t": "act", "q": 1}',
    '{"t": "takeback", "q": 1, "action": null}',
    '{"t": "why", "q": 1, "action": {}}',
    '{"t": "act", "q": 1, "action": "' + "x" * MAX_MESSAGE + '"}',
    "[" * (MAX_MESSAGE // 2 - 1) + "]" * (MAX_MESSAGE // 2 - 1),  # deep nesting within the size limit
    '{"t": "act", "q": NaN, "action": "Infinity"}',
    '{"t": "hello", "v": 1, "seat": 1}',
], ids=lambda text: text[:24])
def test_garbage_from_a_guest_is_refused_with_a_reason_and_changes_nothing(text):
    room = Room(Match(GAMES["phopho"], make_seats([HUMAN, FRIEND, "easy"]), {}, seed=6), seed=6)
    guest = room.join(1)
    before = unchanged(room)
    mark = len(room.sent)
    room.host.receive(guest.peer, text)  # never raises
    answers = sent_to(room, guest.peer, mark)
    assert len(answers) == 1, answers
    answer = answers[0]
    assert answer["t"] in ("refused", "reply")
    words = answer.get("reason") or answer.get("refused")
    assert words, answer
    assert unchanged(room) == before
    room.pump()
    assert room.host.peers == {guest.peer: 1}  # still seated
    room.check_guests()


def test_a_flood_is_refused_unread_until_the_budget_refills():
    room = Room(Match(GAMES["mojo"], make_seats([FRIEND, HUMAN]), {}, seed=9), seed=9)
    guest = room.join(0)
    before = unchanged(room)
    mark = len(room.sent)
    action = room.match.legal(0)[0]
    for q in range(BURST + 5):  # the clock does not move: all at once
        room.host.receive(guest.peer, dumps({"t": "act", "q": q, "action": "no such move"}))
    answers = sent_to(room, guest.peer, mark)
    assert [a["t"] for a in answers] == ["reply"] * (BURST - 1) + ["refused"] * 6  # the hello counted
    assert all(a["reason"]["$m"]["m"].startswith("Too many messages") for a in answers[BURST - 1:])
    room.host.receive(guest.peer, dumps({"t": "act", "q": 99, "action": action}))
    assert sent_to(room, guest.peer, mark)[-1]["t"] == "refused" and unchanged(room) == before
    room.clock[0] += 1.0  # a second later, RATE more are read
    mark = len(room.sent)
    room.host.receive(guest.peer, dumps({"t": "act", "q": 100, "action": action}))
    for q in range(RATE):
        room.host.receive(guest.peer, dumps({"t": "why", "q": 101 + q, "action": action}))
    answers = [a for a in sent_to(room, guest.peer, mark) if a["t"] != "state"]
    assert room.match.history == [[0, action]]
    assert answers[0] == {"t": "reply", "q": 100, "ok": True}
    assert [a["t"] for a in answers] == ["reply"] * RATE + ["refused"]
    # another device's budget is its own
    other = room.join(0, token=guest.token, peer="other")
    assert other.ready


def test_seat_claims_that_are_refused():
    game = GAMES["hoipho"]
    room = Room(Match(game, make_seats([HUMAN, FRIEND, FRIEND, "easy"]), {}, seed=1), seed=1)
    guest = room.join(1, token="the-first-device")
    before = unchanged(room)

    def hello(peer, **fields):
        mark = len(room.sent)
        seat = fields.get("seat", 2)
        message = dict({"t": "hello", "v": PROTOCOL, "seat": 2, "key": "key-of-seat-{}".format(seat),
                        "token": "a-good-token", "name": "Eve"}, **fields)
        room.host.receive(peer, dumps(message))
        answers = sent_to(room, peer, mark)
        return answers[0] if len(answers) == 1 else answers

    taken = hello("thief", seat=1, token="another-device")
    assert taken["t"] == "refused" and taken["reason"]["$m"]["m"] == "That seat is taken by another device."
    assert room.host.peers == {guest.peer: 1} and room.host.tokens == {1: "the-first-device"}
    assert hello("old", v=PROTOCOL + 1)["reason"]["$m"]["m"].startswith("This table runs another version")
    assert hello("old", v=None)["t"] == "refused"
    for seat in (0, 3, 4, -1):  # the host's seat, a bot's, no such seat
        answer = hello("nosy", seat=seat)
        assert answer["t"] == "refused" and answer["reason"]["$m"]["m"] == "That seat is not open to a friend at this table.", seat
    for seat in ("2", 2.0, None, True):  # not a seat (tabletop.protocol's check)
        answer = hello("nosy", seat=seat)
        assert answer["t"] == "refused" and answer["reason"]["$m"]["m"] == "That message could not be read.", seat
    for token in (None, 12345678, "short", "x" * 65, ["a-good-token"]):
        assert hello("nosy", token=token)["t"] == "refused", token
    # the room's secret is not enough: another seat's key, or none, takes no seat
    for key in ("key-of-seat-1", "", None, "key-of-seat-2x"):
        answer = hello("nosy", key=key)
        assert answer["t"] == "refused" and answer["reason"]["$m"]["m"] in (
            "That invite is not for this seat: ask the host for yours.", "That message could not be read."), key
    assert room.host.peers == {guest.peer: 1} and set(room.host.tokens) == {1}
    assert unchanged(room) == before and room.match.seats[0]["kind"] == HUMAN and room.match.seats[3]["kind"] == "easy"
    # before any hello, nothing but a hello is read
    mark = len(room.sent)
    room.host.receive("stranger", dumps({"t": "act", "q": 1, "action": room.match.legal(0)[0]}))
    room.host.receive("stranger", dumps({"t": "chat", "text": "hi"}))
    assert [a["t"] for a in sent_to(room, "stranger", mark)] == ["refused", "refused"]
    assert room.host.chat == [] and unchanged(room) == before
    # the open seat is still open to its friend
    assert room.host.open_seats() == [2]
    assert room.join(2, name="  Lan   Phạm ").ready and room.match.seats[2]["name"] == "Lan Phạm"


def test_chat_is_trimmed_bounded_and_kept_as_text():
    room = Room(Match(GAMES["coffeerush"], make_seats([HUMAN, FRIEND, FRIEND]), {}, seed=2), seed=2)
    a, b = room.join(1), room.join(2)
    before = unchanged(room)
    a.say("  <script>alert('hi')</script>\n\n  &amp;   <b>bold</b>  ")
    room.pump()
    assert room.host.chat == [[1, "<script>alert('hi')</script> &amp; <b>bold</b>"]]
    a.say("é" * (MAX_CHAT * 3))
    a.say("   \n\t ")  # nothing to say
    room.to_host.append((a.peer, dumps({"t": "chat", "text": ["not", "text"]})))
    room.to_host.append((a.peer, dumps({"t": "chat"})))
    room.pump()
    assert room.host.chat[-1] == [1, "é" * MAX_CHAT] and len(room.host.chat) == 2
    room.host.say(0, "Welcome!")  # the host's own line
    room.pump()
    assert a.chat == b.chat == [[1, "<script>alert('hi')</script> &amp; <b>bold</b>"], [1, "é" * MAX_CHAT], [0, "Welcome!"]]
    for i in range(CHAT_KEPT + 5):
        room.clock[0] += 1
        b.say("line {}".format(i))
    room.pump()
    assert len(room.host.chat) == CHAT_KEPT and room.host.chat[-1] == [2, "line {}".format(CHAT_KEPT + 4)]
    assert a.chat == room.host.chat and unchanged(room) == before
    room.check_guests()


# --- reconnects ------------------------------------------------------------------------------------
def test_a_guest_that_reloads_gets_its_seat_and_the_whole_log_again():
    game = GAMES["phopho"]
    room = Room(Match(game, make_seats([HUMAN, FRIEND, FRIEND]), {}, seed=12), seed=12)
    first = room.join(1, token="device-of-lan")
    room.join(2)
    rng, counts = random.Random(12), collections.Counter()
    play_out(room, rng, counts, stop=40)
    log = plain(room.match.log_for(1))
    assert len(log) > 5
    room.guests.pop(first.peer)  # the page reloads: a new connection, the same token
    again = room.join(1, token="device-of-lan", peer="lan-after-reload")
    assert again.updates == ["welcome", "chat", "state"] and plain(again.log_for(1)) == log
    assert room.host.peers == {"lan-after-reload": 1, "peer-2-1": 2}
    # the old connection is no longer a seat
    mark = len(room.sent)
    room.host.receive(first.peer, dumps({"t": "act", "q": 1, "action": "x"}))
    assert sent_to(room, first.peer, mark)[0]["t"] == "refused"
    play_out(room, rng, counts)
    assert again.is_over() and plain(again.result()) == plain(room.match.result())


def test_a_host_that_reloads_takes_the_same_guests_back():
    game = GAMES["stemandbranch"]
    options = {"mode": "competitive", "scrolls": "1"}
    kinds = [HUMAN, FRIEND, FRIEND]
    room = Room(Match(game, make_seats(kinds), options, seed=21), seed=21)
    lan, minh = room.join(1, token="device-of-lan", name="Lan"), room.join(2, token="device-of-minh", name="Minh")
    lan.say("hello <3")
    room.pump()
    rng, counts = random.Random(21), collections.Counter()
    play_out(room, rng, counts, stop=30)
    m = room.match
    # what the app saves (as JSON text), then a new page rebuilds the match from the history
    saved = json.loads(json.dumps({"seed": m.seed, "seats": m.seats, "options": m.options, "history": m.history,
                                   "tokens": room.host.tokens, "chat": room.host.chat}))
    rebuilt = Match(game, saved["seats"], saved["options"], saved["seed"])
    rebuilt.replay(saved["history"])
    assert rebuilt.state == m.state
    room = Room(rebuilt, seed=22, tokens=saved["tokens"], chat=saved["chat"])
    assert room.host.open_seats() == []
    room.host.receive("thief", dumps({"t": "hello", "v": PROTOCOL, "seat": 1, "key": "key-of-seat-1",
                                      "token": "not-lans-token", "name": "X"}))
    thief = sent_to(room, "thief", 0)
    assert thief[0]["reason"]["$m"]["m"] == "That seat is taken by another device."
    lan2 = room.join(1, token="device-of-lan", name="Lan", peer="lan-2")
    minh2 = room.join(2, token="device-of-minh", name="Minh", peer="minh-2")
    assert lan2.chat == [[1, "hello <3"]]
    for guest in (lan2, minh2):
        assert plain(guest.log_for(guest.seat)) == plain(rebuilt.log_for(guest.seat))
    room.check_guests()
    play_out(room, rng, counts)
    assert lan2.is_over() and plain(minh2.result()) == plain(rebuilt.result())


def test_a_bot_stands_in_for_a_friend_who_dropped_until_the_friend_comes_back():
    game = GAMES["hoipho"]
    room = Room(Match(game, make_seats([HUMAN, FRIEND, "normal"]), {}, seed=31), seed=31)
    lan = room.join(1, token="device-of-lan")
    rng, counts = random.Random(31), collections.Counter()
    play_out(room, rng, counts, stop=15)
    room.host.stand_in(1, "easy")  # refused while the friend is online
    room.host.stand_in(0, "easy")  # and for a seat that is no friend's
    assert room.match.seats[1]["kind"] == FRIEND and room.match.seats[0]["kind"] == HUMAN
    room.drop(lan.peer)
    assert not room.host.online(1) and room.host.friend_seats() == [1] and room.host.open_seats() == []
    room.host.stand_in(1, "sleepy")  # not a bot level
    assert room.match.seats[1]["kind"] == FRIEND
    room.host.stand_in(1, "easy")
    assert room.match.seats[1]["kind"] == "easy" and room.match.is_bot(1)
    bot_moves = 0
    while not room.match.is_over() and bot_moves < 10:  # the app plays the bot on the host
        seat = rng.choice(room.match.to_act())
        if seat == 1:
            bot_moves += 1
        host_turn(room, seat, rng, counts)
    assert bot_moves == 10
    assert room.host.friend_seats() == [1]  # the seat still waits for its friend
    back = room.join(1, token="device-of-lan", peer="lan-back")
    assert room.match.seats[1]["kind"] == FRIEND and plain(back.log_for(1)) == plain(room.match.log_for(1))
    assert back.seats[1]["kind"] == FRIEND
    room.check_guests()
    play_out(room, rng, counts)
    assert back.is_over() and plain(back.result()) == plain(room.match.result())


def test_a_dropped_connection_cannot_move_for_the_bot_that_stands_in():
    """Texts still arriving on the connection the host saw drop are not a seat's moves."""
    room = Room(Match(GAMES["mojo"], make_seats([FRIEND, HUMAN]), {}, seed=5), seed=5)
    lan = room.join(0)
    room.host.left(lan.peer)
    room.host.stand_in(0, "easy")
    before = unchanged(room)
    mark = len(room.sent)
    for text in (dumps({"t": "act", "q": 1, "action": room.match.legal(0)[0]}), dumps({"t": "undo", "q": 2})):
        room.host.receive(lan.peer, text)
    assert [a["reason"]["$m"]["m"] for a in sent_to(room, lan.peer, mark)] == ["Join the table first."] * 2
    assert unchanged(room) == before and room.match.seats[0]["kind"] == "easy"


# --- rematch ---------------------------------------------------------------------------------------
def test_a_rematch_sends_every_connected_guest_the_new_game():
    game = GAMES["flowers"]
    kinds = [HUMAN, FRIEND, FRIEND]
    room = Room(Match(game, make_seats(kinds), {}, seed=41), seed=41)
    lan, minh = room.join(1), room.join(2)
    rng, counts = random.Random(41), collections.Counter()
    play_out(room, rng, counts)
    assert lan.is_over()
    lan.updates.clear()
    minh.updates.clear()
    room.replace(Match(game, room.match.seats, room.match.options, seed=42))
    for guest in (lan, minh):
        assert guest.updates == ["welcome", "chat", "state"]
        assert not guest.is_over() and guest.moves == 0
    room.check_guests()
    play_out(room, rng, counts)
    assert minh.is_over() and plain(minh.result()) == plain(room.match.result())
