"""Pictures on the table: each game's art is one SVG sprite, www/art/<game id>.svg, made at build
time by tools/art.py from the pictures its renderer names in ART (picture name -> an icon of the
vendored set, see ART_SET). The page asks for a game's sprite when its table first shows a picture
(an <img> of it), never in the lobby; the service worker stores every sprite when it installs,
so a game first opened offline has its pictures too.

face() is the one way a card, tile or token shows a picture: an element with data-face (the card's
id or kind, "back" for a face-down card), its words for screen readers (aria-label) and on hover
(title), and the picture inside it."""

import functools

from .html import esc, tag

ART_DIR = "www/art/"
# The icon set every game's pictures come from: one flat, colourful style that has every animal,
# flower, dish and drink these games need (see tools/art.py and the credits in the rules panel).
ART_SET = {"name": "Fluent Emoji Flat", "by": "Microsoft", "licence": "MIT",
           "url": "https://github.com/microsoft/fluentui-emoji", "package": "@iconify-json/fluent-emoji-flat"}
VIEWBOX = "0 0 32 32"  # every icon of the set is drawn on a 32 x 32 grid


def picture(game_id, name, classes=""):
    """The picture `name` of a game's sprite, as an <img> (decorative: its face says the words).
    The sprite is an SVG stack: its fragment (#name) shows that picture alone. An <img> rather than
    an <svg><use>: the browser draws each picture once and reuses it, where each <use> copies its
    symbol's paths into the page (measured: 40 pictures redrawn with their table, 3.3 ms against
    9 ms, a third of a frame per click)."""
    # alt="": a picture that says nothing its face does not (not dragged either: www/app.css)
    return '<img class="pic{}" src="{}{}.svg#{}" alt="">'.format(
        " " + classes if classes else "", ART_DIR, esc(game_id), esc(name))


def face(game_id, face_id, name, label, body="", element="span", classes="", **items):
    """A face drawn on the table: the picture `name` with `body` (an index, a count) around it.
    `label` is what the face is, in words (for screen readers and on hover); an element that is
    inside a button labelled otherwise may pass label=None (it is then decorative)."""
    # A table redrawn after a click draws mostly the faces it drew before: those are remembered
    # (plain words and numbers only: anything else, such as a message still to be translated,
    # is drawn afresh).
    values = (game_id, face_id, name, label, body, element, classes, *items.values())
    if all(value is None or type(value) in PLAIN for value in values):
        return _face(game_id, face_id, name, label, body, element, classes, **items)
    return _face.__wrapped__(game_id, face_id, name, label, body, element, classes, **items)


PLAIN = (str, int, bool)


@functools.lru_cache(maxsize=2048)
def _face(game_id, face_id, name, label, body, element, classes, **items):
    if label is not None:
        items.setdefault("role", "img")
        items.setdefault("aria_label", label)
        items.setdefault("title", label)
    return tag(element, picture(game_id, name) + body, class_=("face " + classes).strip(), data_face=face_id, **items)
