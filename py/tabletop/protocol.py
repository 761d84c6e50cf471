"""The messages of a table across devices, defined once and checked on both sides.

Two layers travel over a room of devices (the transport: any peer may send anything):
- the outer layer, in the room, plain JSON that anyone may send or read: a guest's `ask` (prove
  you are the host of this table), the host's `proof`, and `box`es (a message of the inner layer,
  sealed for one session between a guest and its proved host: tabletop.secure);
- the inner layer, only inside boxes: a guest's requests to the host and the host's news for
  that guest's seat (tabletop.remote).

`parse(text, kinds, limit)` reads one text as one of `kinds`, or says why it cannot: a text that is
too long, nests too deep, is not JSON, names another kind, or has a field missing, of another
type or too long. Reading never raises and never recurses deeper than `MAX_DEPTH`, whoever sent
the text (json.loads on a text nested 500,000 deep overflows Pyodide's stack).
"""

import json
import re

from .msg import M

VERSION = 4  # 3: the host proves itself and every message after that is sealed (tabletop.secure);
# 4: sealed with a keystream made ahead and an HMAC, not AES-GCM
MAX_DEPTH = 24  # a state message nests about 8 deep

# Sizes, in characters of the text as it arrives.
MAX_OUTER = 600  # an ask or a proof
MAX_TO_HOST = 2000  # a guest's request: a move is a few dozen characters
MAX_TO_GUEST = 400_000  # the host's news: a whole log after a reconnect is about 12 KB
MAX_BOX = MAX_TO_GUEST * 2  # base64 of a sealed message, with its tag

# A field: (types, required, bound). `bound` limits a text's length or a list's items.
_INT = (int,)
_STR = (str,)
_BOOL = (bool,)
_LIST = (list,)
_DICT = (dict,)
_ANY = (dict, list, str, int, float, bool, type(None))


def _f(types, required=True, bound=None, null=False):
    return (types + ((type(None),) if null else ()), required, bound)


HEX_NONCE = 32  # hex digits of an ask's nonce
KEY_TEXT = 120  # a public key or a signature as base64url (65 or 64 bytes: 87 or 86 characters)

OUTER = {
    "ask": {"v": _f(_INT), "nonce": _f(_STR, bound=HEX_NONCE), "dh": _f(_STR, bound=KEY_TEXT)},
    "proof": {"v": _f(_INT), "nonce": _f(_STR, bound=HEX_NONCE), "dh": _f(_STR, bound=KEY_TEXT),
              "sig": _f(_STR, bound=KEY_TEXT)},
    "box": {"s": _f(_STR, bound=HEX_NONCE), "n": _f(_INT), "c": _f(_STR, bound=MAX_BOX)},
}

TO_HOST = {
    "hello": {"v": _f(_INT), "seat": _f(_INT), "key": _f(_STR, bound=64), "token": _f(_STR, bound=64),
              "name": _f(_STR, required=False, bound=200)},
    "act": {"q": _f(_INT), "action": _f(_STR, bound=400), "ok": _f(_BOOL, required=False)},
    "undo": {"q": _f(_INT)},
    "takeback": {"q": _f(_INT), "action": _f(_STR, bound=400)},
    "clear": {"q": _f(_INT)},
    "why": {"q": _f(_INT), "action": _f(_STR, bound=400)},
    "chat": {"text": _f(_STR, bound=1000)},
    "hint": {},  # the guest was shown a hint (counted on the score sheet)
}

TO_GUEST = {
    "welcome": {"seat": _f(_INT), "game": _f(_STR, bound=40), "options": _f(_DICT), "host": _f(_STR, bound=200)},
    "state": {"moves": _f(_INT), "seats": _f(_LIST, bound=16), "to_act": _f(_LIST, bound=16), "view": _f(_DICT),
              "legal": _f(_LIST, null=True), "log_start": _f(_INT), "log": _f(_LIST), "progress": _f(_ANY),
              "undo": _f(_ANY), "retract": _f(_LIST), "result": _f(_DICT, null=True),
              "online": _f(_LIST, required=False, bound=16), "waiting": _f(_BOOL, required=False),
              "hides": _f(_BOOL, required=False), "hints": _f(_DICT, required=False)},
    "reply": {"q": _f(_INT, null=True)},  # and the outcome's fields (tables.py), read by the table
    "chat": {"lines": _f(_LIST, bound=1000)},
    "refused": {"reason": _f(_ANY)},
}


class Unreadable(Exception):
    """A text that is not a message of the kinds expected; `reason` says why (a Message)."""

    def __init__(self, reason, kind=None):
        super().__init__(reason)
        self.reason = reason
        self.kind = kind  # the kind it named, when it named one


_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (unrolled: 3 times faster in the page)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def depth(text):
    """How deep `text`'s brackets nest, strings aside (without parsing it): exact for JSON; past
    MAX_DEPTH some number above it, and for text whose brackets do not pair, never less than
    the truth. Innermost pairs go a level a pass, each pass in C: every message is checked, and
    a Python loop over a 6 KB state's brackets took 0.5 ms in the page."""
    marks = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    level = 0
    while marks and level <= MAX_DEPTH:
        inner = _INNERMOST.sub("", marks)
        if inner == marks:  # unbalanced: count what is left the slow way (json.loads must not see it deep)
            deepest = here = 0
            for mark in marks:
                here += 1 if mark in "[{" else -1
                deepest = max(deepest, here)
            return level + deepest
        marks, level = inner, level + 1
    return level


def parse(text, kinds, limit):
    """The message `text` as a dict of one of `kinds` (a table above), or Unreadable."""
    if not isinstance(text, str) or len(text) > limit:
        raise Unreadable(M("That message is too long to be a move."))
    if depth(text) > MAX_DEPTH:
        raise Unreadable(M("That message could not be read."))
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Unreadable(M("That message could not be read.")) from None
    if not isinstance(message, dict) or message.get("t") not in kinds:
        raise Unreadable(M("That message could not be read."), kind=message.get("t") if isinstance(message, dict) else None)
    kind = message["t"]
    for name, (types, required, bound) in kinds[kind].items():
        if name not in message:
            if required:
                raise Unreadable(M("That message could not be read."), kind)
            continue
        value = message[name]
        # bool is an int in Python: a seat or a request number of `true` is not one
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise Unreadable(M("That message could not be read."), kind)
        if bound is not None and isinstance(value, (str, list)) and len(value) > bound:
            raise Unreadable(M("That message could not be read."), kind)
    return message


class Budget:
    """How many messages each sender may still send: `burst` at once, then `rate` a second (a
    token bucket); a flood is refused unread. `now()` counts seconds."""

    def __init__(self, burst, rate, now):
        self.burst, self.rate, self.now = burst, rate, now
        self.left = {}  # sender -> (messages it may still send, when that was counted)

    def allow(self, sender):
        now = self.now()
        left, then = self.left.get(sender, (self.burst, now))
        left = min(self.burst, left + (now - then) * self.rate)
        if left < 1:
            self.left[sender] = (left, now)
            return False
        self.left[sender] = (left - 1, now)
        return True

    def forget(self, sender):
        self.left.pop(sender, None)


def read_outer(text, limit, dropped):
    """A text from anyone in the room as an outer message, or None (counted in `dropped`)."""
    try:
        return parse(text, OUTER, limit)
    except Unreadable:
        dropped["unreadable"] += 1
        return None


def dumps(message):
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
