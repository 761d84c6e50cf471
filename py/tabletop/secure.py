"""Sessions between a guest and its proved host, over a room where anyone may listen and talk.

Everyone with an invite knows the room's secret, so the room is not a trusted place. Before a
guest tells its host anything, the host proves who it is, and everything after that is sealed
for that one session:

1. The guest asks (to every peer: it does not know which is the host):
     {"t": "ask", "v": VERSION, "nonce": fresh random hex, "dh": its fresh ECDH public key}
   An ask holds no secret; the guest keeps asking every few seconds until a host answers.
2. The host answers with a fresh ECDH key of its own, signed with the table's host key (made when
   the room opened, kept with the host's save; the invite carries its public half):
     {"t": "proof", "v", "nonce": the ask's, "dh": the host's, "sig": ECDSA over the transcript}
   The guest checks the signature with the public key from its invite. A proof for another
   nonce (a replay) or signed by another key is dropped.
3. Both derive the session key (ECDH, then HKDF over the transcript) and from then on talk in
   boxes: {"t": "box", "s": the session (the ask's nonce), "n": counter, "c": AES-GCM sealed text}.
   A box's counter must be the next one of its direction (no replay, no reordering), and only
   the session's two ends can seal or open it. A device that relays an ask to the host and the
   proof back learns nothing: it holds neither ECDH private key.
The guest's seat proof (the seat key of its invite) and its device's token then travel inside
the session to the proved host only (tabletop.remote's hello): never in the room's clear.

The cryptography is the platform's (`crypto`, WebCrypto in the page: webui.browser.WebCrypto;
tests use a stand-in on CPython's `cryptography` that really checks). Its calls answer through
a callback, perhaps later; this module keeps each session's messages in order all the same.
  crypto.signing_key(then)                      then({"private": text, "public": text})
  crypto.sign(private, text, then)              then(signature)
  crypto.verify(public, text, signature, then)  then(True or False)
  crypto.exchange_key(then)                     then((private handle, public text))
  crypto.session_key(private, public, salt, info, then)   then(key handle, or None: not a key)
  crypto.seal(key, iv, data, then)              then(sealed text)
  crypto.unseal(key, iv, sealed, then)          then(data, or None: not sealed with key and iv)
  crypto.forget(handle)                         a handle no longer needed
Keys, signatures and data are base64url texts; `iv` is 24 hex digits. A message is compressed
(zlib) before it is sealed: a state message is a few KB of JSON, a third of that compressed. Only
the session's two ends see a sealed message's size (the data channel between them is their own),
so the size tells nobody else anything.

The transport (webui.room opens it through the platform) is any room of peers: `send(text, peer)`
(peer None: everyone) and events join / leave / message. WebRTC through Nostr relays today; a
club's own WebSocket server would be another transport under the same gates.
"""

import base64
import collections
import zlib

from .protocol import MAX_BOX, MAX_TO_GUEST, MAX_TO_HOST, VERSION, Budget, dumps, read_outer

ASKS_KEPT = 4  # a guest's asks still awaiting their proof (it asks again every few seconds)
SESSIONS_KEPT = 3  # a host's sessions per peer (a guest asked twice before the first proof came)
ASK_BURST = 6  # asks a host answers from one peer at once, then ASK_RATE a second
ASK_RATE = 0.5
GUEST_TO_HOST, HOST_TO_GUEST = 1, 2  # the direction, in each box's IV


def transcript(room, nonce, guest_dh, host_dh):
    """What the host signs, and what the session key is derived over."""
    return "banchoi-table/{}\n{}\n{}\n{}\n{}".format(VERSION, room, nonce, guest_dh, host_dh)


def _iv(direction, counter):
    return "{:08x}{:016x}".format(direction, counter)


def _pack(text):
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 6)).rstrip(b"=").decode("ascii")


def _unpack(data, limit):
    """The text of `data` (from _pack), or None: not one, or longer than `limit` characters once
    inflated (a small box must not inflate to gigabytes)."""
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflate = zlib.decompressobj()
        plain = inflate.decompress(raw, limit * 4 + 1)
        if len(plain) > limit * 4 or inflate.unconsumed_tail or not inflate.eof:
            return None
        text = plain.decode("utf-8")
    except (ValueError, TypeError, zlib.error):
        return None
    return text if len(text) <= limit else None


class Session:
    """One sealed conversation: counters per direction, and the crypto's callbacks (which may
    answer out of order) put back in order on the way out and on the way in."""

    def __init__(self, crypto, sid, key, sending, receiving, put, deliver, limit):
        self.crypto = crypto
        self.limit = limit  # characters of a message received, inflated
        self.sid = sid
        self.key = key
        self.sending, self.receiving = sending, receiving
        self.put = put  # (box text) -> to the transport
        self.deliver = deliver  # (text) -> the plain message, in order
        self.out_next = self.in_next = 0
        self._out, self._in = {}, {}  # counter -> text done (None: a box that did not open)
        self._out_flushed = self._in_flushed = 0
        self.closed = False
        self.on_idle = None  # () -> None: every message sealed so far has gone out

    def seal(self, text):
        n = self.out_next
        self.out_next += 1

        def sealed(box):
            self._out[n] = None if box is None else dumps({"t": "box", "s": self.sid, "n": n, "c": box})
            while self._out_flushed in self._out:
                ready = self._out.pop(self._out_flushed)
                self._out_flushed += 1
                if ready is not None and not self.closed:
                    self.put(ready)
            if self.idle() and self.on_idle is not None:
                self.on_idle()
        self.crypto.seal(self.key, _iv(self.sending, n), _pack(text), sealed)

    def idle(self):
        """Nothing is being sealed for this session now."""
        return self._out_flushed == self.out_next

    def open(self, message):
        """A box of this session: False if its counter is not the next (a replay, or a box lost)."""
        n = message["n"]
        if n != self.in_next:
            return False
        self.in_next += 1

        def opened(data):
            self._in[n] = None if data is None else _unpack(data, self.limit)
            while self._in_flushed in self._in:
                ready = self._in.pop(self._in_flushed)
                self._in_flushed += 1
                if ready is not None and not self.closed:
                    self.deliver(ready)
        self.crypto.unseal(self.key, _iv(self.receiving, n), message["c"], opened)
        return True

    def close(self):
        self.closed = True
        self.crypto.forget(self.key)


class GuestGate:
    """A guest's door to the room: it asks until a peer proves it is the host, then talks to that
    peer only, sealed. Whatever else arrives is dropped and counted (`dropped`), never shown.

    send(text, peer): the transport; deliver(text): a message from the proved host (in order);
    on_host(peer or None): a host was proved, or the proved host went away."""

    limit = MAX_BOX + 100  # the longest text read from the room: a box of the host's news

    def __init__(self, crypto, room, host_public, send, deliver, on_host, new_nonce):
        self.crypto = crypto
        self.room = room
        self.host_public = host_public
        self.send = send
        self.deliver = deliver
        self.on_host = on_host
        self.new_nonce = new_nonce  # () -> HEX_NONCE fresh random hex digits
        self.host = None  # the proved host's peer
        self.session = None
        self._asks = collections.OrderedDict()  # nonce -> (ECDH private, public)
        self._proving = set()  # nonces whose proof is being checked
        self.dropped = collections.Counter()  # why messages were dropped

    def ask(self, peer=None):
        """Ask `peer` (None: everyone) to prove it is the host, with a fresh challenge."""
        if self.host is not None:
            return

        def made(pair):
            if pair is None:  # the crypto failed: the next ask tries again
                return
            private, public = pair
            nonce = self.new_nonce()
            self._asks[nonce] = (private, public)
            while len(self._asks) > ASKS_KEPT:
                self.crypto.forget(self._asks.popitem(last=False)[1][0])
            self.send(dumps({"t": "ask", "v": VERSION, "nonce": nonce, "dh": public}), peer)
        self.crypto.exchange_key(made)

    def joined(self, peer):
        if self.host is None:
            self.ask(peer)

    def left(self, peer):
        if peer == self.host:
            self._lose_host()

    def _lose_host(self):
        self.host = None
        if self.session is not None:
            self.session.close()
            self.session = None
        self.on_host(None)

    def close(self):
        if self.session is not None:
            self.session.close()
            self.session = None
        self.host = None

    def receive(self, peer, text):
        message = read_outer(text, self.limit, self.dropped)
        if message is None:
            return
        kind = message["t"]
        if kind == "proof" and self.host is None:
            return self._proof(peer, message)
        if kind == "box" and peer == self.host and self.session is not None and message["s"] == self.session.sid:
            if not self.session.open(message):
                self.dropped["out of order"] += 1
            return
        self.dropped["not from the host" if peer != self.host else kind] += 1

    def _proof(self, peer, message):
        nonce = message["nonce"]
        ask = self._asks.get(nonce)
        if ask is None or message["v"] != VERSION or nonce in self._proving:
            self.dropped["proof of no ask"] += 1
            return
        private, public = ask
        said = transcript(self.room, nonce, public, message["dh"])
        self._proving.add(nonce)

        def checked(good):
            if not good:
                self._proving.discard(nonce)
                self.dropped["false proof"] += 1
                return
            self.crypto.session_key(private, message["dh"], nonce, said, keyed)

        def keyed(key):
            self._proving.discard(nonce)
            if key is None or self.host is not None or nonce not in self._asks:
                if key is not None:
                    self.crypto.forget(key)
                return
            for other in self._asks.values():
                self.crypto.forget(other[0])
            self._asks.clear()
            self.host = peer
            self.session = Session(self.crypto, nonce, key, GUEST_TO_HOST, HOST_TO_GUEST,
                                   lambda box: self.send(box, peer), self.deliver, MAX_TO_GUEST)
            self.on_host(peer)
        self.crypto.verify(self.host_public, said, message["sig"], checked)

    def send_to_host(self, text):
        """Seal `text` for the proved host; False when there is none now."""
        if self.session is None:
            return False
        self.session.seal(text)
        return True


class HostGate:
    """The host's door to the room: it proves itself to whoever asks, and hands on only what
    arrives sealed in a session (`deliver(peer, text)`); it seals what it sends (`send`).

    A peer's newest session is the one it talks in: the host answers in the session of the last
    box it received from that peer."""

    limit = MAX_TO_HOST * 2  # the longest text read from the room: a box of a guest's request

    def __init__(self, crypto, room, host_private, send, deliver, now):
        self.crypto = crypto
        self.room = room
        self.host_private = host_private
        self.put = send  # (text, peer) -> the transport
        self.deliver = deliver
        self.now = now
        self.sessions = {}  # peer -> OrderedDict sid -> Session
        self.talking = {}  # peer -> the Session it last used
        self._after_sent = []  # what waits for every sealed message to go out (after_sent)
        self._budget = Budget(ASK_BURST, ASK_RATE, now)
        self.dropped = collections.Counter()

    def receive(self, peer, text):
        message = read_outer(text, self.limit, self.dropped)
        if message is None:
            return
        if message["t"] == "ask":
            return self._ask(peer, message)
        if message["t"] == "box":
            session = self.sessions.get(peer, {}).get(message["s"])
            if session is None or message["n"] != session.in_next:
                self.dropped["no session" if session is None else "out of order"] += 1
                return
            self.talking[peer] = session  # before it opens: the answer goes back in this session
            session.open(message)
            return
        self.dropped[message["t"]] += 1

    def _ask(self, peer, message):
        if message["v"] != VERSION or not self._budget.allow(peer):
            self.dropped["ask"] += 1
            return
        nonce, guest_dh = message["nonce"], message["dh"]

        def made(pair):
            if pair is None:  # the crypto failed: the guest asks again
                return
            private, public = pair
            said = transcript(self.room, nonce, guest_dh, public)

            def keyed(key):
                self.crypto.forget(private)
                if key is None:
                    self.dropped["ask"] += 1
                    return

                def signed(sig):
                    if sig is None:
                        self.crypto.forget(key)
                        return
                    kept = self.sessions.setdefault(peer, collections.OrderedDict())
                    old = kept.pop(nonce, None)
                    if old is not None:
                        old.close()
                    kept[nonce] = Session(self.crypto, nonce, key, HOST_TO_GUEST, GUEST_TO_HOST,
                                          lambda box: self.put(box, peer), lambda text: self.deliver(peer, text),
                                          MAX_TO_HOST)
                    kept[nonce].on_idle = self._idle
                    # The oldest go, but never the one the peer talks in: a proved guest's late
                    # asks (it asks again every few seconds until a proof comes) must not close
                    # the session its boxes arrive in.
                    talking = self.talking.get(peer)
                    while len(kept) > SESSIONS_KEPT:
                        oldest = next(sid for sid, s in kept.items() if s is not talking)
                        kept.pop(oldest).close()
                    self.put(dumps({"t": "proof", "v": VERSION, "nonce": nonce, "dh": public, "sig": sig}), peer)
                self.crypto.sign(self.host_private, said, signed)
            self.crypto.session_key(private, guest_dh, nonce, said, keyed)
        self.crypto.exchange_key(made)

    def send(self, peer, text):
        """Seal `text` for `peer` in the session it talks in (nothing if it never talked)."""
        session = self.talking.get(peer)
        if session is not None and not session.closed:
            session.seal(text)

    def after_sent(self, fn):
        """fn() once every message sealed so far has gone out (at once if none is being sealed).
        The host draws its own page after its guests' news has left: the browser's crypto
        answers in a task of its own, which would otherwise wait for that drawing (a guest's
        click took one host redraw longer to come back)."""
        if any(not s.idle() for kept in self.sessions.values() for s in kept.values()):
            self._after_sent.append(fn)
        else:
            fn()

    def _idle(self):
        if self._after_sent and all(s.idle() for kept in self.sessions.values() for s in kept.values()):
            waiting, self._after_sent = self._after_sent, []
            for fn in waiting:
                fn()

    def left(self, peer):
        for session in self.sessions.pop(peer, {}).values():
            session.close()
        self.talking.pop(peer, None)
        self._budget.forget(peer)

    def close(self):
        for peer in list(self.sessions):
            self.left(peer)
        self._idle()
