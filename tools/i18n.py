"""The translation catalogues: python3 tools/i18n.py [--check] [--merge FRAGMENT.po ...]

- Extracts every message id with Babel: the `_`, `ngettext`, `M`, `P` and `N_` calls in py/, and
  the words each game declares as data (title, pitch, intro, How to play, rules and their
  sections, options), read from each game's `INFO` so that a rule built from a constant is found
  with its numbers in it. Writes py/locale/messages.pot.
- Updates each language's py/locale/<code>.po from it: new ids arrive untranslated, ids no longer
  used are dropped.
- Compiles each .po to www/locale/<code>.mo, what the page reads with gettext.
- --merge takes the translations in other .po files (a translator's partial file) into the
  catalogue of their language ("Language:" in their header).
- --fragment OUT.po CODE PREFIX... writes (or refreshes) a translator's partial file: the ids
  found under those paths ("py/games/mojo/", "py/webui/renderers/mojo.py"), keeping the
  translations OUT.po already has and taking the catalogue's own; writes nothing else.
With --check nothing is written; the exit status says whether every file is current.

Adding a language: copy py/locale/messages.pot to py/locale/<code>.po, translate it, add the
code to LANGUAGES in py/webui/i18n.py, run this tool.
"""

import io
import os
import sys

from babel.messages import extract, mofile, pofile
from babel.messages.catalog import Catalog

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = os.path.join(ROOT, "py")
sys.path.insert(0, PY)

POT = os.path.join(PY, "locale", "messages.pot")
KEYWORDS = {"_": None, "ngettext": (1, 2), "M": None, "P": (1, 2), "N_": None, "C": ((1, "c"), 2)}
PROJECT = "Bàn Chơi"


def languages():
    from webui import i18n

    return [code for code in i18n.CODES if code != i18n.ENGLISH]


def po_path(code):
    return os.path.join(PY, "locale", code + ".po")


def mo_path(code):
    return os.path.join(ROOT, "www", "locale", code + ".mo")


def data_words(info):
    """The words a game declares as data, with where they come from (for the translator)."""
    where = "py/games/{}/data.py".format(info.id)
    words = [info.title, info.pitch, info.intro, *info.how_to_play]
    for rule in info.rules:
        words += [rule.text, rule.section]
    for opt in info.options:
        words += [opt.label, opt.help] + [label for _value, label in opt.choices]
    return [(w, where) for w in words if w]


def template():
    catalog = Catalog(project=PROJECT, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract.extract_from_dir(
            PY, method_map=[("**/__pycache__/**", "ignore"), ("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if message:
            catalog.add(message, None, [("py/" + filename.replace(os.sep, "/"), lineno)], auto_comments=comments, context=context)
    shell = os.path.join(ROOT, "tools", "shell.py")  # the page's own words (PAGE_WORDS)
    with open(shell, "rb") as f:
        for lineno, message, comments, context in extract.extract("python", f, keywords=KEYWORDS):
            catalog.add(message, None, [("tools/shell.py", lineno)], context=context)
    from games import GAMES, IDS

    for game_id in IDS:
        for text, where in data_words(GAMES[game_id].info):
            catalog.add(text, None, [(where, 0)])
    return catalog


def as_po(catalog):
    out = io.BytesIO()
    pofile.write_po(out, catalog, width=100, omit_header=False, ignore_obsolete=True, include_lineno=False, sort_output=True)
    return out.getvalue()


def as_mo(catalog):
    out = io.BytesIO()
    mofile.write_mo(out, catalog)
    return out.getvalue()


def read_po(path, code=None):
    with open(path, "rb") as f:
        return pofile.read_po(f, locale=code)


def updated(code, pot, extra=()):
    """The language's catalogue after taking the template's ids (and a translator's fragments)."""
    catalog = read_po(po_path(code), code) if os.path.exists(po_path(code)) else Catalog(locale=code, project=PROJECT)
    for fragment in extra:
        for message in fragment:
            if message.id and message.string and (not isinstance(message.string, tuple) or all(message.string)):
                if catalog.get(message.id, message.context) is not None:  # [] = keeps an existing (empty) string
                    catalog.delete(message.id, message.context)
                catalog[message.id] = message
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.project, catalog.fuzzy = PROJECT, False
    return catalog


def _write(path, data, check, stale):
    old = open(path, "rb").read() if os.path.exists(path) else None
    if old == data:
        return
    stale.append(os.path.relpath(path, ROOT))
    if not check:
        with open(path, "wb") as f:
            f.write(data)


def _stable(po_bytes):
    """A .po without its dates, to tell a real change from a new time stamp."""
    return b"\n".join(line for line in po_bytes.split(b"\n") if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def write_fragment(out, code, prefixes):
    pot = template()
    part = Catalog(locale=code, project=PROJECT, fuzzy=False)
    for message in pot:
        if message.id and any(loc.startswith(p) for loc, _line in message.locations for p in prefixes):
            part.add(message.id, None, message.locations, auto_comments=message.auto_comments, context=message.context)
    known = {}
    for path in (po_path(code), out):
        if os.path.exists(path):
            known.update({(m.id, m.context): m.string for m in read_po(path, code) if m.id and m.string})
    for message in part:
        if (message.id, message.context) in known:
            message.string = known[message.id, message.context]
    with open(out, "wb") as f:
        f.write(as_po(part))
    missing = [m.id for m in part if m.id and not m.string]
    print("{}: {} ids, {} untranslated".format(out, len([m for m in part if m.id]), len(missing)))


def main(argv):
    if argv[:1] == ["--fragment"]:
        return write_fragment(argv[1], argv[2], argv[3:]) or 0
    check = "--check" in argv
    fragments = [a for a in argv[argv.index("--merge") + 1:]] if "--merge" in argv else []
    pot = template()
    stale = []
    pot_bytes = as_po(pot)
    if not os.path.exists(POT) or _stable(open(POT, "rb").read()) != _stable(pot_bytes):
        _write(POT, pot_bytes, check, stale)
    by_language = {}
    for path in fragments:
        fragment = read_po(path)
        code = str(fragment.locale) if fragment.locale else None
        if code not in languages():
            raise SystemExit("{}: its header names no language this app speaks (Language: vi)".format(path))
        by_language.setdefault(code, []).append(fragment)
    for code in languages():
        catalog = updated(code, pot, by_language.get(code, ()))
        po_bytes = as_po(catalog)
        if not os.path.exists(po_path(code)) or _stable(open(po_path(code), "rb").read()) != _stable(po_bytes):
            _write(po_path(code), po_bytes, check, stale)
        # Compiled from the .po as it is on disk: its header's dates stay those the .po keeps.
        _write(mo_path(code), as_mo(read_po(po_path(code), code) if os.path.exists(po_path(code)) else catalog), check, stale)
    if stale:
        print(("out of date: " if check else "wrote: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
