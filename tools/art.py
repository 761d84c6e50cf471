"""Each game's pictures, cut from the vendored icon set: python3 tools/art.py [--check]

A game's renderer names the pictures it draws in ART ({picture name: icon name of the set}); this
writes www/art/<game id>.svg, one sprite per game with only those icons (the set's JSON is 9 MB; a
game's sprite is a few dozen KB, less gzipped). The sprite is an SVG stack: each icon is a hidden
<g id="picture name"> that shows when it is the target, so that <img src="…svg#name"> draws that
icon alone (webui.art.picture). The icon set is
pinned in package-lock.json (webui.art.ART_SET names it); `npm ci` installs it. Ids inside an icon
are prefixed with its picture's name, so two icons of one sprite never share one.
With --check nothing is written; the exit status says whether every sprite is current.
"""

import importlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from games import IDS  # noqa: E402
from webui.art import ART_DIR, ART_SET, VIEWBOX  # noqa: E402

ICONS = os.path.join(ROOT, "node_modules", ART_SET["package"], "icons.json")
NAME = re.compile(r"^[a-z][a-z0-9-]*$")


def game_art(game_id):
    """{picture name: icon name} of a game's renderer ({} for a game with no pictures yet)."""
    return getattr(importlib.import_module("webui.renderers." + game_id), "ART", {})


def load_icons():
    data = json.load(open(ICONS, encoding="utf-8"))
    icons = dict(data["icons"])
    for alias, target in data.get("aliases", {}).items():
        icons.setdefault(alias, icons.get(target["parent"]))
    return icons, (data.get("width", 32), data.get("height", 32))


def piece(name, body):
    """One icon of the stack: shown only as the target of the sprite's address (#name)."""
    ids = re.findall(r'\bid="([^"]+)"', body)
    for old in ids:
        new = "{}-{}".format(name, old)
        body = body.replace('id="{}"'.format(old), 'id="{}"'.format(new))
        body = body.replace("url(#{})".format(old), "url(#{})".format(new))
        body = body.replace('href="#{}"'.format(old), 'href="#{}"'.format(new))
    return '<g id="{}" class="i">{}</g>'.format(name, body)


def sprite(game_id, art, icons):
    parts = []
    for name, icon in sorted(art.items()):
        if not NAME.match(name):
            raise SystemExit("{}: picture name {!r}: lower-case letters, digits and '-' only".format(game_id, name))
        if icons.get(icon) is None:
            raise SystemExit("{}: no icon {!r} in {}".format(game_id, icon, ART_SET["name"]))
        parts.append(piece(name, icons[icon]["body"]))
    head = "<!-- {} of {} ({}, {} licence): pictures of {}, made by tools/art.py -->".format(
        ART_SET["package"], ART_SET["by"], ART_SET["name"], ART_SET["licence"], game_id)
    # width and height give an <img> of it its natural size (the page sizes each picture itself).
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="{}">{}\n'
            '<style>.i{{display:none}}.i:target{{display:inline}}</style>\n{}\n</svg>\n').format(VIEWBOX, head, "\n".join(parts))


LICENCE = ART_DIR + "LICENSE-fluent-emoji.txt"  # the set's licence, served beside the pictures as it asks


def art_files():
    """The sprites of the games that have pictures (and the set's licence), as paths from the site's root."""
    sprites = [ART_DIR + game_id + ".svg" for game_id in IDS if game_art(game_id)]
    return sprites + [LICENCE] if sprites else []


def main(argv):
    check = "--check" in argv
    icons, size = load_icons()
    assert size == (32, 32) and VIEWBOX == "0 0 32 32", size
    stale = []
    for game_id in IDS:
        art = game_art(game_id)
        path = os.path.join(ROOT, ART_DIR, game_id + ".svg")
        if not art:
            continue
        text = sprite(game_id, art, icons)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if text != old:
            stale.append(ART_DIR + game_id + ".svg")
            if not check:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if check and stale:
        print("Out of date: {} (run python3 tools/art.py)".format(", ".join(stale)))
        return 1
    if not check and "--quiet" not in argv:
        print("Updated: {}".format(", ".join(stale) or "nothing"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
