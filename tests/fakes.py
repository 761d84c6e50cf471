"""Stand-ins for the browser the shell's CPython tests use: a platform that records what
would be drawn, and storage in a dict. Kept apart from any test module so that importing them
imports no game (a test can then see what the shell itself imports)."""

import html
import os

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

    def run(self):
        while self.queue:
            self.queue.pop(0)()

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


def open_app(params=None, storage=None):
    platform = FakePlatform()
    storage = storage if storage is not None else DictStorage()
    return App(platform, storage, params or {}), platform, storage
