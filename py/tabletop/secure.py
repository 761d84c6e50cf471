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
3. Both derive the session's keys (ECDH, then HKDF over the transcript: an AES-256 key and an
   HMAC-SHA256 key) and from then on talk in boxes:
     {"t": "box", "s": the session (the ask's nonce), "n": counter, "c": sealed text}
   A box is encrypted with AES-CTR and then authenticated with HMAC-SHA256 (over the session,
   the direction, the counter, where its bytes start in the direction's keystream, and the
   ciphertext). A box's counter must be the next one of its direction (no replay, no
   reordering), and only the session's two ends can seal or open it. A device that relays an
   ask to the host and the proof back learns nothing: it holds neither ECDH private key.
The guest's seat proof (the seat key of its invite) and its device's token then travel inside
the session to the proved host only (tabletop.remote's hello): never in the room's clear.

The cryptography is the platform's (`crypto`, WebCrypto in the page: webui.browser.WebCrypto;
tests use a stand-in on CPython's `cryptography` that really checks). Its calls answer through
a callback, perhaps later; this module keeps each session's messages in order all the same.
  crypto.signing_key(then)                      then({"private": text, "public": text})
  crypto.sign(private, text, then)              then(signature)
  crypto.verify(public, text, signature, then)  then(True or False)
  crypto.exchange_key(then)                     then((private handle, public text))
  crypto.session_key(private, public, salt, info, then)
                                  then((AES-CTR key handle, HMAC key), or None: not a key)
  crypto.keystream(key, counter, length, then)  then(`length` bytes of AES-CTR keystream)
  crypto.forget(handle)                         a handle no longer needed
Keys, signatures and keystreams are base64url texts; `counter` is the first counter block (32 hex
digits: the direction, then the block's number). Why the keystream and not the browser's AES-GCM:
the browser's cipher answers only in a task of its own, and after a click Chromium draws a frame
before it runs any other task, so every sealed click waited a frame (8-12 ms) before it could
leave, and each message opened or sealed on its way cost another task. Each direction's
keystream is made ahead (STREAM_AHEAD bytes) while nothing happens, so sealing and opening are
done at once, inside the handler that has the message: an XOR with the keystream and an HMAC
(Python's own hmac), no task. The AES stays the browser's.

A message is compressed (zlib) before it is sealed: a state message is a few KB of JSON, a third
of that compressed. Only the session's two ends see a sealed message's size (the data channel
between them is their own), so the size tells nobody else anything.

The transport (webui.room opens it through the platform) is any room of peers: `send(text, peer)`
(peer None: everyone) and events join / leave / message. WebRTC through Nostr relays today; a
club's own WebSocket server would be another transport under the same gates.
"""

import base64
import collections
import hashlib
import hmac
import zlib

from .protocol import MAX_BOX, MAX_TO_GUEST, MAX_TO_HOST, VERSION, Budget, dumps, read_outer

ASKS_KEPT = 4  # a guest's asks still awaiting their proof (it asks again every few seconds)
SESSIONS_KEPT = 3  # a host's sessions per peer (a guest asked twice before the first proof came)
ASK_BURST = 6  # asks a host answers from one peer at once, then ASK_RATE a second
ASK_RATE = 0.5
GUEST_TO_HOST, HOST_TO_GUEST = 1, 2  # the direction, in each keystream's counter blocks
STREAM_CHUNK = 16384  # bytes of keystream asked of the crypto at once (a multiple of 16)
STREAM_AHEAD = 32768  # bytes kept ready each way: a state message is 1-4 KB compressed
STREAM_RETRIES = 3  # a keystream the crypto failed to make is asked again this often in all
TAG = 16  # bytes of HMAC-SHA256 kept at the end of a box


def transcript(room, nonce, guest_dh, host_dh):
    """What the host signs, and what the session's keys are derived over."""
    return "banchoi-table/{}\n{}\n{}\n{}\n{}".format(VERSION, room, nonce, guest_dh, host_dh)


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text):
    """The bytes of a base64url text, or None: not one."""
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        return None


def _counter(direction, block):
    return "{:016x}{:016x}".format(direction, block)


def _xor(data, stream):
    n = len(data)
    return (int.from_bytes(data, "little") ^ int.from_bytes(stream[:n], "little")).to_bytes(n, "little")


def _deflate(text):
    return zlib.compress(text.encode("utf-8"), 6)


def _inflate(raw, limit):
    """The text of `raw` (from _deflate), or None: not one, or longer than `limit` characters once
    inflated (a small box must not inflate to gigabytes)."""
    try:
        inflate = zlib.decompressobj()
        plain = inflate.decompress(raw, limit * 4 + 1)
        if len(plain) > limit * 4 or inflate.unconsumed_tail or not inflate.eof:
            return None
        text = plain.decode("utf-8")
    except (ValueError, TypeError, zlib.error):
        return None
    return text if len(text) <= limit else None


class Keystream:
    """One direction of a session: its AES-CTR keystream, asked of the crypto ahead of need.
    `take(n, then)` hands the next `n` bytes and where they start, `then(stream, offset)`, in the
    order asked: at once when they are ready (the usual case), else when the crypto answers."""

    def __init__(self, crypto, key, direction):
        self.crypto = crypto
        self.key = key
        self.direction = direction
        self.ready = bytearray()
        self.offset = 0  # bytes handed out so far
        self.asked = self.added = 0  # chunks asked of the crypto / added to `ready`
        self.arrived = {}  # chunk number -> bytes, come before an earlier one
        self.waiting = collections.deque()  # (n, then)
        self.closed = False
        self.failures = 0
        self._pumping = False
        self._pump()

    def take(self, n, then):
        self.waiting.append((n, then))
        self._pump()

    def _ask(self, chunk):
        self.crypto.keystream(self.key, _counter(self.direction, chunk * STREAM_CHUNK // 16), STREAM_CHUNK,
                              lambda text: self._arrived(chunk, text))

    def _arrived(self, chunk, text):
        if self.closed:
            return
        raw = None if text is None else _unb64(text)
        if raw is None or len(raw) != STREAM_CHUNK:  # the crypto failed: ask again, a few times
            self.failures += 1
            if self.failures <= STREAM_RETRIES:
                self._ask(chunk)
            return  # else this direction is stuck, and the session with it: its waits say so
        self.arrived[chunk] = raw
        self._pump()

    def _pump(self):
        """Hand out what is ready, in order, and keep STREAM_AHEAD bytes coming. Not re-entered:
        a `then` that takes more (or a crypto that answers at once) is served by the loop."""
        if self._pumping:
            return
        self._pumping = True
        try:
            while True:
                if self.added in self.arrived:
                    self.ready += self.arrived.pop(self.added)
                    self.added += 1
                elif self.waiting and len(self.ready) >= self.waiting[0][0]:
                    n, then = self.waiting.popleft()
                    stream, offset = bytes(self.ready[:n]), self.offset
                    del self.ready[:n]
                    self.offset += n
                    then(stream, offset)
                elif not self.closed and len(self.ready) + (self.asked - self.added) * STREAM_CHUNK < \
                        (self.waiting[0][0] if self.waiting else 0) + STREAM_AHEAD:
                    self.asked += 1  # a chunk each time STREAM_CHUNK bytes have been used
                    self._ask(self.asked - 1)
                else:
                    return
        finally:
            self._pumping = False


class Session:
    """One sealed conversation: a keystream and a counter per direction. Messages go out, and are
    opened, in the order they came, whenever the keystream answers."""

    def __init__(self, crypto, sid, key, sending, receiving, put, deliver, limit):
        self.crypto = crypto
        self.limit = limit  # characters of a message received, inflated
        self.sid = sid
        self.key, mac_key = key  # the AES key's handle, the HMAC's key
        self.mac_key = _unb64(mac_key)
        self.sending, self.receiving = sending, receiving
        self.put = put  # (box text) -> to the transport
        self.deliver = deliver  # (text) -> the plain message, in order
        self.out_next = self.in_next = 0
        self._out = Keystream(crypto, self.key, sending)
        self._in = Keystream(crypto, self.key, receiving)
        self.closed = False
        self.on_idle = None  # () -> None: every message sealed so far has gone out

    def _tag(self, direction, n, offset, body):
        said = "banchoi-box/{}/{}/{}/{}\n".format(self.sid, direction, n, offset).encode("ascii")
        return hmac.new(self.mac_key, said + body, hashlib.sha256).digest()[:TAG]

    def seal(self, text):
        n = self.out_next
        self.out_next += 1
        data = _deflate(text)

        def sealed(stream, offset):
            body = _xor(data, stream)
            if not self.closed:
                self.put(dumps({"t": "box", "s": self.sid, "n": n,
                                "c": _b64(body + self._tag(self.sending, n, offset, body))}))
            if self.idle() and self.on_idle is not None:
                self.on_idle()
        self._out.take(len(data), sealed)

    def idle(self):
        """Nothing is waiting for its keystream to go out."""
        return not self._out.waiting

    def open(self, message):
        """A box of this session: False if its counter is not the next (a replay, or a box lost).
        A box that does not open (tampered, or not sealed in this session) is dropped."""
        n = message["n"]
        if n != self.in_next:
            return False
        self.in_next += 1
        # Its bytes are taken from the keystream even if it does not open, so that the next box
        # opens: only the session's other end can put a box here (the transport says who sent it),
        # and a box cut short by that end breaks only its own session.
        raw = _unb64(message["c"]) or b""
        body, tag = raw[:-TAG], raw[-TAG:]

        def opened(stream, offset):
            if self.closed or len(raw) < TAG or not hmac.compare_digest(tag, self._tag(self.receiving, n, offset, body)):
                return
            text = _inflate(_xor(body, stream), self.limit)
            if text is not None:
                self.deliver(text)
        self._in.take(len(body), opened)
        return True

    def close(self):
        self.closed = self._out.closed = self._in.closed = True
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
                    self.crypto.forget(key[0])
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
                        self.crypto.forget(key[0])
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
        """fn() once every message sealed so far has gone out: at once, unless a message waits for
        its keystream (a big one, or the session's first). The host draws its own page after its
        guests' news has left: the crypto answers in a task of its own, which would otherwise
        wait for that drawing (a guest's click took one host redraw longer to come back)."""
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
