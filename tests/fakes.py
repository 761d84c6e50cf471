"""Stand-ins for the browser the shell's CPython tests use: a platform that records what
would be drawn, and storage in a dict. Kept apart from any test module so that importing them
imports no game (a test can then see what the shell itself imports)."""

import html
import os

from cpython_crypto import CPythonCrypto

from webui import i18n
from webui.app import App

LOCALE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "www", "locale")


class DictStorage:
    def __init__(self, fail_writes=None):
        self.data = {}
        self.fail_writes = fail_writes

    def keys(self):
        return list(self.data)

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        if self.fail_writes:
            raise RuntimeError(self.fail_writes)
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)


class DeniedStorage:
    def keys(self):
        raise RuntimeError("SecurityError: access denied")


class FakePlatform:
    def __init__(self):
        self.html = ""
        self.flags = set()
        self.queue = []
        self.forms = {}
        self.url = None
        self.downloads = []
        self.pauses = []
        self.scrolled_top = 0  # how many times a new screen was shown from its top
        self.timers = []  # (when, fn): the network's time limits (platform.timer), run by tick()
        self.crypto = CPythonCrypto()

    def render(self, markup):
        self.html = markup

    @property
    def text(self):
        """The page as a user reads it: markup with its entities decoded."""
        return html.unescape(self.html)

    def set_flag(self, name, on):
        (self.flags.add if on else self.flags.discard)(name)

    def schedule(self, seconds, fn):
        self.pauses.append(seconds)  # what the page would wait (bot pauses), in order
        self.queue.append(fn)

    def think(self, fn, wanted=None):
        from tabletop import bots as botlib

        # The page runs a search in slices (browser.py); here at once, unless a test's breather
        # (tabletop.bots.use_breather) plays the browser's turns. It stops as the page's does.
        botlib.run_search(fn, wanted)

    def run(self):
        while self.queue:
            self.queue.pop(0)()

    def timer(self, seconds, fn):
        self.timers.append((self.seconds + seconds, fn))

    def tick(self, seconds):
        """Let `seconds` go by on this device's clock: the timers due then run."""
        self.seconds += seconds
        due = [t for t in self.timers if t[0] <= self.seconds]
        self.timers = [t for t in self.timers if t[0] > self.seconds]
        for _, fn in sorted(due, key=lambda t: t[0]):
            fn()
        return len(due)

    def form(self, form_id):
        return dict(self.forms.get(form_id, {}))

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def now(self):
        return "2026-11-29T12:00:00.000Z"

    def new_seed(self):
        return 1234

    def focus(self, selector):
        pass

    def set_url(self, params):
        self.url = dict(params)

    def page_url(self):
        return "https://example.test/games/"

    def copy(self, text):
        self.clipboard = text
        return True

    def scroll_top(self):
        self.scrolled_top += 1

    def choose_language(self, code, then):
        """The language menu: speak `code` (its catalogue read from www/locale), then `then()`.
        Nothing is remembered: a test chooses English again when it is done (i18n.choose("en"))."""
        if code == i18n.ENGLISH:
            i18n.choose(code)
        else:
            with open(os.path.join(LOCALE, code + ".mo"), "rb") as f:
                i18n.choose(code, f.read())
        then()


    # --- the network of webui.room: an in-memory one (FakeNetwork) ---------------------------
    network = None  # set by FakeNetwork.join

    def open_room(self, config, on_event):
        return self.network.open(self, config, on_event)

    def qr_svg(self, text, then):
        then('<svg viewBox="0 0 1 1" data-text="{}"></svg>'.format(html.escape(text)))

    def can_share(self):
        return False

    seconds = 0.0

    def clock(self):
        """Seconds, as performance.now() counts them: a second goes by at each reading (a guest
        playing fast, not flooding)."""
        self.seconds += 1
        return self.seconds

    def clear_field(self, selector):
        pass


class FakeNetwork:
    """Rooms between FakePlatforms in one process, with the relays' behaviour a test needs:
    messages are queued and delivered by `deliver()`, in order, as text; a device that closes
    its room (a reload) leaves it; `reachable=False` plays an unreachable relay."""

    def __init__(self):
        self.rooms = {}  # room key -> {peer: (platform, on_event)}
        self.mail = []
        self.reachable = True
        self.insecure = False
        self.sent = []  # every (room, sender, receiver, text), for hidden-information checks
        self.lose = None  # (sender, receiver, text) -> True: that message is lost on the way
        self._next = 0

    def join(self, platform):
        platform.network = self
        return platform

    def open(self, platform, config, on_event):
        network = self
        key = (config["room"], config["secret"])
        self._next += 1
        peer = "peer{}".format(self._next)

        class Handle:
            def send(self, text, to=None):
                members = network.rooms.get(key, {})
                for other in ([to] if to is not None else [p for p in members if p != peer]):
                    if other in members:
                        network.sent.append((key, peer, other, text))
                        if network.lose is None or not network.lose(peer, other, text):
                            network.mail.append((key, other, "message", peer, text))

            def close(self):
                members = network.rooms.get(key, {})
                if members.pop(peer, None) is not None:
                    for other in members:
                        network.mail.append((key, other, "leave", peer, None))

        if self.insecure:  # a page that is not a secure context: net.mjs refuses to open a room
            self.mail.append((key, None, "failed", "insecure", (on_event,)))
            return Handle()
        if not self.reachable:
            self.mail.append((key, None, "relays", 0, (on_event,)))
            return Handle()
        members = self.rooms.setdefault(key, {})
        for other in members:
            self.mail.append((key, other, "join", peer, None))
            self.mail.append((key, peer, "join", other, None))
        members[peer] = (platform, on_event)
        handle = Handle()
        handle.peer = peer
        return handle

    def deliver(self, limit=100000):
        """Deliver queued messages (and what they cause) until nothing is left; how many."""
        n = 0
        while self.mail and n < limit:
            key, to, kind, sender, text = self.mail.pop(0)
            if to is None:  # an unreachable relay, or a room that could not open
                text[0](kind, None, sender)
                continue
            member = self.rooms.get(key, {}).get(to)
            if member is not None:
                member[1](kind, sender, text)
            n += 1
        return n


def open_app(params=None, storage=None, network=None):
    platform = FakePlatform()
    if network is not None:
        network.join(platform)
    storage = storage if storage is not None else DictStorage()
    return App(platform, storage, params or {}), platform, storage
