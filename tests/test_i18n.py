"""Issue 28: the whole table in Vietnamese, from catalogues anyone can translate.

The catalogues: every message id translated, the same placeholders on both sides, the compiled
files current. Then a whole game of every title (and each mode the harness plays) in Vietnamese
through the App on CPython: no English on any screen it shows (tests/english.py says what
counts), a refused move's reason and the score sheet in Vietnamese."""

import os
import random
import string

import pytest
from babel.messages import mofile, pofile

import english
from fakes import open_app
from games import GAMES, IDS
from webui import i18n

ROOT = english.ROOT
LANGUAGES = [code for code in i18n.CODES if code != i18n.ENGLISH]


def read_po(code):
    with open(os.path.join(ROOT, "py", "locale", code + ".po"), "rb") as f:
        return pofile.read_po(f, locale=code)


def fields(text):
    return sorted(name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_has_a_translation_with_the_same_placeholders(code):
    catalog, untranslated, mismatched = read_po(code), [], []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            untranslated.append(ids[0])
            continue
        if any(fields(s) != fields(ids[-1]) for s in strings):
            mismatched.append((ids[0], strings))
    assert not untranslated, "{} ids without a {} translation, e.g. {}".format(len(untranslated), code, untranslated[:5])
    assert not mismatched, "placeholders differ: {}".format(mismatched[:5])


def test_catalogues_are_current_with_the_code_and_compiled():
    """A message id added to the code, or a .po changed without compiling it, fails here."""
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import i18n as tool  # tools/i18n.py

    assert tool.main(["--check"]) == 0, "run: .venv/bin/python tools/i18n.py"
    for code in LANGUAGES:
        with open(os.path.join(ROOT, "www", "locale", code + ".mo"), "rb") as f:
            loaded = mofile.read_mo(f)
        assert entries(loaded) == entries(m for m in read_po(code) if not m.fuzzy)


GLOSSARY = os.path.join(ROOT, "py", "locale", "glossary-vi.tsv")


def read_glossary(path=GLOSSARY):
    """[(rule, english, vietnamese, scope)] of a glossary file (py/locale/glossary-vi.tsv says how)."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                rule, english, word, scope = (line.rstrip("\n").split("\t") + [""])[:4]
                assert rule in ("use", "avoid") and scope in ("all", "rules", "tag"), line
                rows.append((rule, english, word, scope))
    return rows


def glossary_breaches(messages, rows):
    """The (msgid, what is wrong) of `messages` [(msgid, context, [msgstr...], locations)] against
    the glossary `rows`: a term's msgstr without its word, or a word that must not be there."""
    import re
    import unicodedata

    low = lambda text: unicodedata.normalize("NFC", text).lower()  # noqa: E731
    found = []
    for msgid, context, strings, locations in messages:
        said = [low(s) for s in strings]
        in_rules = any(re.match(r"py/games/[^/]+/data\.py$", where) for where, _line in locations)
        for rule, english, word, scope in rows:
            if scope == "tag":
                applies = context == "rules source tag" and msgid == english
            elif english == "*":
                applies = True
            else:
                term = r"(?<!\w){}(?!\w)".format(re.escape(english))
                applies = (scope == "all" or in_rules) and re.search(term, msgid, re.I) is not None
            if not applies:
                continue
            if rule == "use" and not all(low(word) in s for s in said):
                found.append((msgid[:60], "{!r} is said {!r}".format(english, word)))
            if rule == "avoid" and any(low(word) in s for s in said):
                found.append((msgid[:60], "says {!r}".format(word)))
    return found


def catalogue_messages(code):
    for m in read_po(code):
        if m.id:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
            yield ids[0], m.context, strings, m.locations


def test_vietnamese_catalogue_uses_the_glossary_words():
    """The words as Vietnamese players say them: each English term has one Vietnamese word
    (py/locale/glossary-vi.tsv), and the words it rules out ("phán quyết", "thưởng lượt",
    "Bot vừa", an English "(ruling)" left in a Vietnamese text...) appear in no translation."""
    rows = read_glossary()
    assert len([r for r in rows if r[0] == "use"]) > 20 and len([r for r in rows if r[0] == "avoid"]) > 10
    found = glossary_breaches(list(catalogue_messages("vi")), rows)
    assert not found, "{} translations break the glossary, e.g. {}".format(len(found), found[:8])
    # The check itself catches a wrong word and a missing one.
    wrong = [("Normal bot {n}", None, ["Bot vừa {n}"], []),
             ("(ruling) 2 players.", None, ["(phán quyết) 2 người chơi."], [("py/games/x/data.py", 0)])]
    assert len(glossary_breaches(wrong, rows)) >= 4


def test_vietnamese_tone_marks_keep_one_style():
    """The catalogue writes "hòa", "thủy", "khóa" (the mark on the first vowel of an open oa, oe,
    uy), never the older "hoà", "thuỷ", "khoá" beside them."""
    import re

    old = re.compile(r"\w*(?<![qQ])(?:[oO][àáảãạ]|[oO][èéẻẽẹ]|[uU][ỳýỷỹỵ])(?!\w)")
    found = sorted({w for _id, _ctx, strings, _where in catalogue_messages("vi") for s in strings for w in old.findall(s)})
    assert not found, "old-style tone marks: {}".format(found)


def entries(catalog):
    """{(id, context): translation} of a catalogue, plural forms as tuples."""
    flat = lambda v: tuple(v) if isinstance(v, (list, tuple)) else v  # noqa: E731
    return {(flat(m.id), m.context): flat(m.string) for m in catalog if m.id}


@pytest.fixture
def vietnamese():
    with open(os.path.join(ROOT, "www", "locale", "vi.mo"), "rb") as f:
        i18n.choose("vi", f.read())
    yield english.english_runs("vi")
    i18n.choose(i18n.ENGLISH)


def modes():
    for game_id in IDS:
        info = GAMES[game_id].info
        for options in info.harness_options:
            low, high = info.player_range(options)
            yield pytest.param(game_id, options, max(2, low) if high >= 2 else low, id="-".join([game_id] + sorted(options.values())))


NAMES = ["Lan", "Minh", "Hoa", "Tuấn"]


def check(platform, runs, where, names=()):
    found = english.english_on(platform.html, runs, allowed=list(names) + NAMES)
    assert not found, "English on the {}: {}".format(where, found[:3])


@pytest.mark.parametrize("game_id, options, players", list(modes()))
def test_a_whole_game_in_vietnamese_shows_no_english(game_id, options, players, vietnamese):
    runs, rng = vietnamese, random.Random(7)
    app, platform, _ = open_app({"lang": "vi"})
    platform.run()
    check(platform, runs, "lobby")
    app.handle("new", game_id)
    check(platform, runs, "new-game dialog")
    app.handle("how-to", game_id)
    check(platform, runs, "How to play")
    kinds = ["human"] + ["easy"] * (players - 1)
    app.start(game_id, kinds, NAMES[:players], seed="11", options=options)
    platform.run()
    app.handle("rules")
    check(platform, runs, "rules panel")
    app.handle("rules")
    app.handle("play", "not-a-move")  # a refused move: its reason in Vietnamese
    assert app.notice, "a refused move says why"
    check(platform, runs, "refused move's reason")
    steps = 0
    while not app.match.is_over() and steps < 3000:
        steps += 1
        seat = app.current.viewer
        if app.current.cover is not None:
            check(platform, runs, "pass-the-device cover")
            app.current.lift_cover(app.current.cover)
            continue
        if seat is None or seat not in app.match.to_act():
            platform.run()
            if not platform.queue and seat not in app.match.to_act() and not app.match.is_over():
                break
            continue
        app.handle("play", rng.choice(app.match.legal(seat)))
        if app.current.confirm is not None:
            check(platform, runs, "warning before a harmful move")
            app.handle("confirm-move")
        check(platform, runs, "table after step {}".format(steps))
        platform.run()
    assert app.match.is_over(), "the game ended"
    platform.run()
    assert "score-sheet" in platform.html
    check(platform, runs, "score sheet")


def messages_in(value, path="state"):
    """Where `value` holds a Message (a state must hold plain data: tabletop.msg.as_data)."""
    from tabletop.msg import Message

    if isinstance(value, Message):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in messages_in(v, "{}.{}".format(path, k))]
    if isinstance(value, (list, tuple)):
        return [p for v in value for p in messages_in(v, path + "[]")][:1]
    return []


@pytest.mark.parametrize("game_id", IDS)
def test_a_state_holds_words_as_plain_data_not_messages(game_id):
    """A Message in a state would JSON round-trip as its English text (and copy slowly): a game
    keeps the words it shows later as tabletop.msg.as_data."""
    from tabletop.match import Match, make_seats

    info = GAMES[game_id].info
    for options in info.harness_options:
        low, high = info.player_range(options)
        match = Match(GAMES[game_id], make_seats(["easy"] * max(2, low) if high >= 2 else ["easy"]), options, 5)
        rng = random.Random(5)
        while not match.is_over():
            seat = match.to_act()[0]
            match.play(seat, rng.choice(match.legal(seat)))
            found = messages_in(match.state)
            assert not found, "a Message in the state at {}".format(found)
