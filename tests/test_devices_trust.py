"""Friend tables against a friend who opens the console (issue 35), on CPython: the shell's rooms
(webui.room over tabletop.secure and tabletop.remote) with real cryptography (tests/cpython_crypto.py,
the `cryptography` package: a forged signature or a tampered box really fails), and a third
device, Eve, who holds the room's secret, reads every text sent to her and sends anything to
anyone. She must not take a seat, read a seat's view, pose as the host, or show anything on a
guest's screen. A guest and a host fed junk stay up; every wait ends at the table or at a
message with Try again."""

import json
import os
import random
import re

import pytest
from cpython_crypto import CPythonCrypto
from fakes import FakeNetwork, FakePlatform
from test_devices_app import join, open_app, settle

from tabletop.protocol import MAX_DEPTH, VERSION, dumps
from tabletop.secure import SESSIONS_KEPT, STREAM_AHEAD, STREAM_CHUNK, GuestGate, HostGate, Session, transcript
from webui.room import ASK_EVERY, FRIENDS_WAIT, JOIN_WAIT, RESEND_AFTER
from webui.table import SENDING_SHOWN_AFTER

GAME = {"game": "thenumber", "seats": "human,friend,friend", "names": "Ann", "speed": "instant", "seed": "3"}


class Eve:
    """A device in the room with the room's secret (from any invite) and no app: she keeps every
    text sent to her and says what she likes, to whom she likes."""

    def __init__(self, net, invite):
        self.net = net
        self.got = []  # (sender, text)
        self.handle = net.open(FakePlatform(), {"room": invite["join"], "secret": invite["key"]}, self._event)
        self.peer = self.handle.peer
        net.deliver()

    def _event(self, kind, peer, data):
        if kind == "message":
            self.got.append((peer, data))

    def say(self, text, to=None):
        self.handle.send(text, to)
        self.net.deliver()

    def kinds(self):
        return sorted({json.loads(text).get("t") for _, text in self.got})


class Table:
    """Ann hosts The Number for Lan and Minh, each on their own device; Eve has Minh's invite
    (she saw the QR code) before Minh joins, or only the room's secret."""

    def __init__(self, minh=True):
        self.net = FakeNetwork()
        self.host, self.page, self.hstore = open_app(GAME, network=self.net)
        self.invites = all_invites(self.page)
        self.lan, self.lpage, self.lstore = join(self.net, self.invites[1], "Lan")
        self.pages = [self.page, self.lpage]
        if minh:
            self.minh, self.mpage, _ = join(self.net, self.invites[2], "Minh")
            self.pages.append(self.mpage)
        self.settle()

    def settle(self):
        settle(self.net, *self.pages)

    def secrets(self):
        """What must never reach anyone but the host: each guest's seat key and device token. (A
        seat's view travels only in sealed boxes: the tests check that no box reaches Eve.)"""
        out = []
        for app in (self.lan, getattr(self, "minh", None)):
            if app is not None:
                seat = app.current.guest
                out += [seat.token, seat.seat_key]
        return out


def all_invites(page):
    import html
    import re

    found = re.findall(r'value="([^"]*)"[^>]*data-invite-seat="(\d+)"', page.html)
    return {int(seat): dict(p.split("=", 1) for p in html.unescape(link).split("#", 1)[1].split("&")) for link, seat in found}


def test_an_eavesdropper_hears_only_asks_never_a_seat_or_a_secret():
    t = Table(minh=False)
    eve = Eve(t.net, t.invites[2])
    # Minh joins, both guests play, Lan's page reloads: Eve hears every device of the room
    t.minh, t.mpage, _ = join(t.net, t.invites[2], "Minh")
    t.pages.append(t.mpage)
    t.settle()
    t.host.current.play(t.host.current.table.legal(0)[0])
    for app in (t.lan, t.minh):
        app.current.play(app.current.table.legal(app.current.viewer)[0])
    t.settle()
    assert t.host.match.history, "nobody played: the test would prove nothing"
    t.lan.current.leave()
    t.lan, t.lpage, _ = join(t.net, t.invites[1], "Lan", storage=t.lstore)
    t.pages[1] = t.lpage
    t.settle()
    assert "(you)" in t.lpage.text
    assert eve.got and eve.kinds() == ["ask"], eve.kinds()  # the guests' challenges: nothing sealed, no view
    everything = "\n".join(text for _, text in eve.got)
    for secret in t.secrets():
        assert secret not in everything
    # and nothing of what the host sent Lan or Minh, sealed, went to Eve
    assert all(receiver != eve.peer or json.loads(text)["t"] == "ask" for _, _, receiver, text in t.net.sent)


def test_a_device_with_only_the_rooms_secret_or_another_seats_invite_takes_no_seat():
    t = Table(minh=False)
    # Eve has Lan's invite (the seat is taken) and edits it for Minh's open seat
    forged = dict(t.invites[1], seat="2")
    eve, epage, _ = join(t.net, forged, "Eve")
    t.pages.append(epage)
    t.settle()
    assert "That invite is not for this seat: ask the host for yours." in epage.text
    stolen, spage, _ = join(t.net, t.invites[1], "Eve")  # Lan's own invite, on another device
    t.pages.append(spage)
    t.settle()
    assert "That seat is taken by another device." in spage.text
    assert t.host.match.seats[1]["name"] == "Lan" and t.host.current.room.host.open_seats() == [2]
    assert "(you)" in t.lpage.text and "Lan is connected." in t.page.text
    # an invite without its seat key, or without the host's key, is not an invite
    for missing in ("sk", "hk"):
        cut = {k: v for k, v in t.invites[2].items() if k != missing}
        app, cpage, _ = join(t.net, cut, "Eve")
        assert "This invite link is incomplete" in cpage.text
    # Minh's real invite still takes the seat
    t.minh, t.mpage, _ = join(t.net, t.invites[2], "Minh")
    t.pages.append(t.mpage)
    t.settle()
    assert t.host.match.seats[2]["name"] == "Minh" and "(you)" in t.mpage.text


def test_replayed_messages_take_nothing():
    t = Table()
    eve = Eve(t.net, t.invites[2])
    lan_peer = guest_peer(t, t.lan)
    seen = [text for _, sender, _, text in t.net.sent if sender == lan_peer]  # all Lan ever said
    assert any('"t":"box"' in text for text in seen)
    before = (list(t.host.match.history), dict(t.host.current.room.host.peers))
    for text in seen:  # to the host, as if hers
        eve.say(text, to=host_peer(t))
    t.settle()
    assert (t.host.match.history, t.host.current.room.host.peers) == before
    # the host answered her replayed asks with proofs (public), nothing else
    assert set(eve.kinds()) <= {"ask", "proof"}
    everything = "\n".join(text for _, text in eve.got)
    for secret in t.secrets():
        assert secret not in everything
    # the host's proofs replayed to Lan, and its boxes to Minh, show nothing
    proofs = [text for _, sender, _, text in t.net.sent if sender == host_peer(t) and '"t":"proof"' in text]
    boxes = [text for _, sender, receiver, text in t.net.sent if sender == host_peer(t) and receiver == lan_peer]
    shown = t.mpage.html
    for text in proofs + boxes:
        eve.say(text, to=guest_peer(t, t.minh))
    t.settle()
    assert t.mpage.html == shown
    assert t.minh.current.guest.gate.dropped


def host_peer(t):
    return t.lan.current.guest.host_peer


def guest_peer(t, app):
    seat = app.current.guest.seat
    return next(p for p, s in t.host.current.room.host.peers.items() if s == seat)


def test_nobody_else_can_pose_as_the_host_even_while_the_host_reloads():
    t = Table()
    moves = len(t.host.match.history)
    save = t.host.current.save_id
    eve_crypto = CPythonCrypto()
    keys = []
    eve_crypto.signing_key(keys.append)
    # The host's page reloads: the guests ask everyone; Eve answers first, signed with her own key,
    # and says welcome, a made-up state and a refusal, in the clear and in boxes of her own.
    t.host.current.leave()
    t.settle()
    eve = Eve(t.net, t.invites[2])
    lan_screen = t.lpage.html
    t.lpage.tick(ASK_EVERY)
    t.net.deliver()
    asks = [json.loads(text) for _, text in eve.got if json.loads(text)["t"] == "ask"]
    assert asks, "no guest asked Eve"
    for ask in asks:
        made = []
        eve_crypto.exchange_key(made.append)
        said = transcript(t.invites[1]["join"], ask["nonce"], ask["dh"], made[0][1])
        sig = []
        eve_crypto.sign(keys[0]["private"], said, sig.append)
        eve.say(dumps({"t": "proof", "v": VERSION, "nonce": ask["nonce"], "dh": made[0][1], "sig": sig[0]}))
    for text in (dumps({"t": "welcome", "seat": 1, "game": "mojo", "options": {}, "host": "Eve"}),
                 dumps({"t": "refused", "reason": "Eve says no"}), '{"t":"refused"}',
                 dumps({"t": "box", "s": asks[0]["nonce"], "n": 0, "c": "AAAA"})):
        eve.say(text)
    t.settle()
    for page in (t.lpage, t.mpage):
        assert "Eve" not in page.text and "Mojo" not in page.text and "Something went wrong" not in page.text
        assert "Ann is not connected" in page.text
    assert t.lan.current.guest.gate.dropped["false proof"] >= 1
    assert t.lan.current.guest.host_peer is None
    # the real host comes back: both guests are with it within ASK_EVERY seconds
    t.host, t.page, _ = open_app({"save": save}, storage=t.hstore, network=t.net)
    t.pages[0] = t.page
    t.settle()
    for page in (t.lpage, t.mpage):
        page.tick(ASK_EVERY)
    t.settle()
    assert "Lan is connected." in t.page.text and "Minh is connected." in t.page.text
    assert "not connected" not in t.lpage.text and t.lan.current.table.moves == moves
    assert lan_screen != t.lpage.html


def test_a_device_that_relays_between_a_guest_and_the_host_learns_nothing():
    """Eve passes Lan's ask to the host as her own and the host's proof back to Lan, then every box
    both ways: Lan believes the host's key, and Eve sees only sealed boxes."""
    crypto = CPythonCrypto()
    keys = []
    crypto.signing_key(keys.append)
    to_host, to_lan, eve_saw = [], [], []
    delivered = []
    host = HostGate(crypto, "room", keys[0]["private"], lambda text, peer: to_host.append((peer, text)),
                    lambda peer, text: delivered.append((peer, text)), lambda: 0.0)
    lan = GuestGate(crypto, "room", keys[0]["public"], lambda text, peer: to_lan.append(text),
                    lambda text: delivered.append(("lan", text)), lambda peer: None, lambda: "%032x" % random.getrandbits(128))
    lan.ask()
    for _ in range(10):  # Eve relays: Lan's texts reach the host as hers, the host's reach Lan as hers
        for text in to_lan[:]:
            to_lan.remove(text)
            eve_saw.append(text)
            host.receive("eve", text)
        for peer, text in to_host[:]:
            to_host.remove((peer, text))
            eve_saw.append(text)
            lan.receive("eve", text)
        if lan.host == "eve" and not to_lan:
            lan.send_to_host(dumps({"t": "hello", "key": "the-seat-key", "token": "the-device-token"}))
            host.send("eve", dumps({"t": "state", "view": {"hand": "the-hidden-hand"}}))
    assert ("eve", '{"t":"hello","key":"the-seat-key","token":"the-device-token"}') in delivered
    assert ("lan", '{"t":"state","view":{"hand":"the-hidden-hand"}}') in delivered
    saw = "\n".join(eve_saw)
    assert "the-seat-key" not in saw and "the-device-token" not in saw and "the-hidden-hand" not in saw
    assert {json.loads(t)["t"] for t in eve_saw} == {"ask", "proof", "box"}


JUNK = [
    '{"t":"refused"}',
    '{"t":"welcome"}',
    '{"t":"state","moves":"x"}',
    "[" * 500_000 + "]" * 500_000,  # 1 MB nested 500,000 deep
    '{"t":"box","s":"' + "a" * 16 + '","n":0,"c":"' + "A" * 900_000 + '"}',
    "x" * 1_000_000,
    "not json",
    "[]",
    "null",
    '{"t":"proof","v":4,"nonce":"00","dh":"AAAA","sig":"AAAA"}',
    '{"t":"box","s":"00","n":-1,"c":"AAAA"}',
    '{"t":"ask","v":4,"nonce":"' + "0" * 32 + '","dh":"not-a-key"}',
    '{"t":' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
    '{"t":"chat","lines":[["<b>x</b>"]]}',
]


@pytest.mark.parametrize("text", JUNK, ids=lambda text: text[:20])
def test_junk_from_any_peer_leaves_guests_and_host_as_they_were(text):
    t = Table()
    eve = Eve(t.net, t.invites[2])
    pages = [p.html for p in t.pages]
    eve.say(text)  # to everyone: the host and both guests
    t.settle()
    assert [p.html for p in t.pages] == pages
    # and everyone still plays
    t.host.current.play(t.host.current.table.legal(0)[0])
    t.lan.current.play(t.lan.current.table.legal(1)[0])
    t.settle()
    assert t.lan.current.table.moves == len(t.host.match.history) == 2


def test_a_tampered_box_is_dropped_and_the_session_goes_on():
    """A box changed on the way is dropped unopened. The guest's page still says its move is
    being sent; it sends it again by itself, and the move is played once."""
    t = Table()
    flipped = []

    def tamper(sender, receiver, text):
        if receiver == host_peer(t) and '"t":"box"' in text and not flipped:
            flipped.append(text)
            message = json.loads(text)
            message["c"] = ("B" if message["c"][0] != "B" else "C") + message["c"][1:]
            t.net.mail.append(((t.invites[1]["join"], t.invites[1]["key"]), receiver, "message", sender, dumps(message)))
            return True
        return False
    t.net.lose = tamper
    t.lan.current.play(t.lan.current.table.legal(1)[0])
    t.settle()
    assert flipped and t.host.match.history == []  # the move did not open
    t.lpage.tick(SENDING_SHOWN_AFTER)
    assert "Sending your move to Ann…" in t.lpage.text
    t.net.lose = None
    t.lpage.tick(RESEND_AFTER)
    t.settle()
    assert len(t.host.match.history) == 1 and t.lan.current.table.moves == 1
    assert "Sending your move" not in t.lpage.text


def proved_pair(crypto):
    """A host's and a guest's gates in one session, proved over lists of the texts each sent:
    (host, lan, to_host, to_lan, got_host, got_lan)."""
    keys = []
    crypto.signing_key(keys.append)
    crypto.run()
    to_host, to_lan, got_host, got_lan = [], [], [], []
    host = HostGate(crypto, "r", keys[0]["private"], lambda text, peer: to_lan.append(text),
                    lambda peer, text: got_host.append(text), lambda: 0.0)
    lan = GuestGate(crypto, "r", keys[0]["public"], lambda text, peer: to_host.append(text),
                    got_lan.append, lambda peer: None, lambda: "%032x" % random.getrandbits(128))
    lan.ask()
    for _ in range(20):
        crypto.run()
        while to_host:
            host.receive("lan", to_host.pop(0))
        while to_lan:
            lan.receive("host", to_lan.pop(0))
    return host, lan, to_host, to_lan, got_host, got_lan


def test_sessions_keep_order_when_the_crypto_answers_out_of_order():
    crypto = CPythonCrypto(deferred=True, seed=5)
    host, lan, to_host, to_lan, got_host, got_lan = proved_pair(crypto)
    assert lan.host == "host"
    for n in range(60):
        lan.send_to_host(str(n))
    for _ in range(5):
        crypto.run()
        while to_host:
            host.receive("lan", to_host.pop(0))
        crypto.run()
    assert got_host == [str(n) for n in range(60)]
    for n in range(60):
        host.send("lan", str(n))
    for _ in range(5):
        crypto.run()
        while to_lan:
            lan.receive("host", to_lan.pop(0))
        crypto.run()
    assert got_lan == [str(n) for n in range(60)]
    assert isinstance(lan.session, Session)
    # the host draws its page only once its guests' news has gone out (HostGate.after_sent):
    # news longer than the keystream made ahead waits for the crypto, and so does the drawing
    order = []
    host.put = lambda text, peer: order.append("sent")
    host.send("lan", os.urandom(4 * STREAM_AHEAD).hex())
    host.after_sent(lambda: order.append("drawn"))
    assert order == []
    crypto.run()
    assert order == ["sent", "drawn"]
    host.after_sent(lambda: order.append("at once"))  # nothing being sealed
    assert order[-1] == "at once"


def test_a_move_is_sealed_sent_and_opened_inside_the_handler_that_has_it():
    """The browser's cipher answers in a task of its own, and after a click Chromium draws a frame
    before any other task: a sealed click waited a frame before it left (8-12 ms, devices_bench).
    Each direction's keystream is made ahead, so once a session is keyed a move and its news
    cross without waiting for the crypto at all: none of its answers is run here."""
    crypto = CPythonCrypto(deferred=True, seed=9)
    host, lan, to_host, to_lan, got_host, got_lan = proved_pair(crypto)
    assert lan.host == "host" and not crypto.waiting
    calls = crypto.calls
    for n in range(40):  # a game's worth of moves and news, about 1 KB each way compressed
        lan.send_to_host("move %d" % n)
        host.receive("lan", to_host.pop())
        assert got_host.pop() == "move %d" % n
        host.send("lan", json.dumps({"news": n, "log": [os.urandom(200).hex()]}))
        lan.receive("host", to_lan.pop())
        assert json.loads(got_lan.pop())["news"] == n
        crypto.run()  # the keystream made ahead, meanwhile
    # about 40 KB crossed each way: a few chunks of keystream at each end, not one per message
    assert crypto.calls - calls <= 4 * (2 + 40 * 1000 // STREAM_CHUNK), crypto.calls - calls
    # a box's tag covers its counter and its place in the keystream: the second box's text
    # under the first one's counter does not open
    lan.send_to_host("first")
    lan.send_to_host("second")
    first, second = (json.loads(text) for text in to_host)
    host.receive("lan", dumps(dict(first, c=second["c"])))
    assert got_host == []


def test_late_asks_from_a_proved_guest_do_not_close_the_session_it_talks_in():
    """A chat line from a friend never reached the host (a CI run under load): the guest had
    asked again while the first proof was on its way, as it does every ASK_EVERY seconds. The
    host answered every ask with a session of its own, keeping the newest SESSIONS_KEPT, so the
    late asks pushed out the session the guest had been proved in and talked in; every box after
    that was dropped, and the host's page still showed the friend online."""
    crypto = CPythonCrypto(deferred=True, seed=7)
    keys = []
    crypto.signing_key(keys.append)
    crypto.run()
    to_host, to_lan, got_host = [], [], []
    host = HostGate(crypto, "r", keys[0]["private"], lambda text, peer: to_lan.append(text),
                    lambda peer, text: got_host.append(text), lambda: 0.0)
    lan = GuestGate(crypto, "r", keys[0]["public"], lambda text, peer: to_host.append(text),
                    lambda text: None, lambda peer: None, lambda: "%032x" % random.getrandbits(128))

    def run():
        for _ in range(20):
            crypto.run()
            while to_lan:
                lan.receive("host", to_lan.pop(0))
            crypto.run()

    for _ in range(1 + SESSIONS_KEPT):  # asked again while no proof had come
        lan.ask()
    crypto.run()
    first, late = to_host[0], to_host[1:]
    del to_host[:]
    host.receive("lan", first)
    run()
    assert lan.host == "host"
    lan.send_to_host("hello")
    run()
    for text in list(to_host):
        host.receive("lan", text)
    del to_host[:]
    run()
    for text in late:  # the late asks reach the host now
        host.receive("lan", text)
    run()
    lan.send_to_host("a chat line")
    run()
    for text in list(to_host):
        host.receive("lan", text)
    run()
    assert got_host == ["hello", "a chat line"]


def test_a_lost_proof_does_not_leave_the_guest_joining_forever():
    """The first hang of the issue: a friend's page at "Joining Ann's table…" for minutes. Before
    sessions, the guest said hello once to each peer that joined and waited; a hello or a welcome
    lost on the way (a data channel that was not yet open when the join was announced) was never
    said again. Now the guest asks every ASK_EVERY seconds until a host proves itself."""
    net = FakeNetwork()
    host, page, _ = open_app(GAME, network=net)
    invites = all_invites(page)
    net.lose = lambda sender, receiver, text: '"t":"proof"' in text  # every proof lost for a while
    lan, lpage, _ = join(net, invites[1], "Lan")
    settle(net, page, lpage)
    assert "Joining Ann's table…" in lpage.text
    net.lose = None
    lpage.tick(ASK_EVERY)
    settle(net, page, lpage)
    assert "(you)" in lpage.text and host.match.seats[1]["name"] == "Lan"


def test_each_wait_ends_with_what_it_waits_for_and_try_again():
    net = FakeNetwork()
    host, page, hstore = open_app(GAME, network=net)
    invites = all_invites(page)
    save = host.current.save_id
    # the host: nobody joins for a minute
    page.tick(FRIENDS_WAIT)
    assert "Nobody has joined for a minute" in page.text and 'data-act="room-retry"' in page.html
    # a guest whose host does not answer (its page is gone): said after JOIN_WAIT, with Try again
    host.current.leave()
    net.deliver()
    lan, lpage, _ = join(net, invites[1], "Lan")
    for _ in range(JOIN_WAIT // ASK_EVERY + 1):
        lpage.tick(ASK_EVERY)
        net.deliver()
    assert "Ann's device has not answered for a while" in lpage.text and 'data-act="room-retry"' in lpage.html
    lan.handle("room-retry")
    assert "has not answered" not in lpage.text and "Joining Ann's table…" in lpage.text
    # the host's page comes back: the guest is at the table within ASK_EVERY seconds
    host, page, _ = open_app({"save": save}, storage=hstore, network=net)
    net.deliver()
    lpage.tick(ASK_EVERY)
    settle(net, page, lpage)
    assert "(you)" in lpage.text and "Lan is connected." in page.text


def test_a_lost_message_after_the_hosts_reload_does_not_leave_a_guest_waiting_forever():
    """The second hang of the issue: after the host's reload one friend waited for minutes while
    the other came back. The host's tab, opened again, was in the room before the old page was seen
    gone; when it was, each guest said hello once to everyone, and a hello lost on its way to the
    new page (a data channel not open yet) was never said again. Now every ask is repeated."""
    t = Table()
    t.host.current.play(t.host.current.table.legal(0)[0])
    t.settle()
    save = t.host.current.save_id
    host2, page2, _ = open_app({"save": save}, storage=t.hstore, network=t.net)  # in the room first
    new_host = "peer{}".format(t.net._next)
    t.pages[0] = page2
    t.settle()
    lan_asks = []

    def lose(sender, receiver, text):  # Lan's first asks to the new page are lost
        if receiver == new_host and sender == t.lan.current.guest.net.peer and '"t":"ask"' in text and len(lan_asks) < 2:
            lan_asks.append(text)
            return True
        return False
    t.net.lose = lose
    t.host.current.leave()  # the old page is seen gone only now
    t.settle()
    assert lan_asks and "Ann is not connected" in t.lpage.text and "not connected: waiting" not in t.mpage.text
    for _ in range(3):
        t.lpage.tick(ASK_EVERY)
        t.settle()
    assert "not connected: waiting" not in t.lpage.text and "Lan is connected." in page2.text


def test_what_a_newcomer_met_the_invite_page_the_seat_kinds_and_undo():
    t = Table(minh=False)
    # the invite page has the language picker, before the name is typed
    app, jpage, _ = open_app(t.invites[2], network=FakeNetwork())
    assert 'id="join-form"' in jpage.html and 'data-act="language" data-arg="vi"' in jpage.html
    # the lobby says friends may play each on their own device
    lobby, lpage, _ = open_app({})
    assert "with friends on one device, or each on their own" in lpage.text
    # Lan's panel says the same kind of seat on both devices, and so does Ann's
    for page in (t.page, t.lpage):
        kinds = re.findall(r'<span class="kind">([^<]*)</span>', page.html)
        assert kinds == ["Player", "Player", "Player"], kinds
    # the host's Undo says why it cannot work; the guest sees none it could never use
    assert 'data-act="undo"' in t.page.html
    assert 'data-act="undo"' not in t.lpage.html


def test_a_guest_sees_undo_while_it_has_a_move_of_its_turn_to_take_back():
    """Phở Phở's selection is a move of its own: a guest who picked a card can take it back."""
    net = FakeNetwork()
    host, page, _ = open_app({"game": "phopho", "seats": "human,friend", "names": "Ann", "speed": "instant", "seed": "8"},
                             network=net)
    lan, lpage, _ = join(net, all_invites(page)[1], "Lan")
    settle(net, page, lpage)
    for _ in range(20):  # Ann restocks and ends her turn (discarding down to six if she must)
        if host.current.table.to_act() != [0]:
            break
        legal = host.current.table.legal(0)
        host.current.play(next((a for a in ("restock", "skip", "done") if a in legal), legal[0]))
        settle(net, page, lpage)
    table = lan.current.table
    assert table.to_act() == [1] and 'data-act="undo"' not in lpage.html
    pick = next(a for a in table.legal(1) if a.startswith("pick"))
    lan.current.play(pick)
    settle(net, page, lpage)
    assert 'data-act="undo"' in lpage.html and 'aria-disabled' not in lpage.html.split('data-act="undo"')[1].split(">")[0]
    lan.handle("undo")
    settle(net, page, lpage)
    assert 'data-act="undo"' not in lpage.html and host.match.history[-1:] != [[1, pick]]


def test_a_messages_depth_is_read_without_parsing_it():
    """protocol.depth, which keeps json.loads from text nested deep enough to overflow the page's
    stack: exact for JSON (brackets inside strings, escaped quotes), never less for broken text."""
    from tabletop.protocol import depth

    assert depth('{"t": "state", "log": [["a [[[ \\" {{", 1], []], "x": {"y": [{}]}}') == 4
    assert depth("[]") == 1 and depth('"[[["') == 0 and depth("12") == 0
    assert depth("[[[") == 3 and depth("[{]}") == 2 and depth("[[]") == 2
    assert depth("[" * 500_000 + "]" * 500_000) > MAX_DEPTH
    assert depth("{[" * 500_000 + "]}" * 500_000) > MAX_DEPTH
    assert depth("[" * 500_000) > MAX_DEPTH


def test_a_box_that_inflates_past_its_limit_is_dropped():
    """Messages are compressed before they are sealed: a small box must not inflate to gigabytes."""
    from tabletop.secure import _deflate as _pack, _inflate as _unpack

    assert _unpack(_pack("héllo " * 100), 1000) == "héllo " * 100
    assert _unpack(_pack("x" * 10_000), 1000) is None
    assert _unpack(_pack("x" * 10_000_000), 2000) is None  # 10 MB of x: about 10 KB sealed
    assert _unpack(b"not zlib at all!", 1000) is None and _unpack(b"", 1000) is None


def test_a_crypto_call_that_fails_loses_nothing_and_the_next_ask_succeeds():
    """The browser's crypto answers None when a call fails (www/crypto.mjs's `call`): the guest's
    ask is not sent, the host's proof is not made, and the next ask succeeds."""
    crypto = CPythonCrypto()
    keys = []
    crypto.signing_key(keys.append)
    fails = {"guest": 1, "host": 1}

    class Flaky(CPythonCrypto):
        def __init__(self, side):
            super().__init__()
            self.side = side

        def exchange_key(self, then):
            if fails[self.side]:
                fails[self.side] -= 1
                return then(None)
            return super().exchange_key(then)
    to_host, to_lan, got = [], [], []
    host = HostGate(Flaky("host"), "r", keys[0]["private"], lambda text, peer: to_lan.append(text),
                    lambda peer, text: got.append(text), lambda: 0.0)
    lan = GuestGate(Flaky("guest"), "r", keys[0]["public"], lambda text, peer: to_host.append(text),
                    got.append, lambda peer: None, lambda: "%032x" % random.getrandbits(128))
    for _ in range(3):  # three asks: the first not made, the second not answered, the third proved
        lan.ask()
        while to_host or to_lan:
            while to_host:
                host.receive("lan", to_host.pop(0))
            while to_lan:
                lan.receive("host", to_lan.pop(0))
    assert fails == {"guest": 0, "host": 0} and lan.host == "host"
    lan.send_to_host("hello")
    host.receive("lan", to_host.pop(0))
    assert got == ["hello"]
