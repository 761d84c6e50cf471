"""The rules as a player reads them: "How to play" first, then the full numbered rules, and the
small links that log lines, notices and notes carry to a rule instead of its number in the text.

The games keep their sources in the data ("seed", "public", "ruling" on each Rule and inline
tags in the texts: the tests check them against the rules files); the player sees only what
matters to a player: which rules are our own decisions ("House ruling").

Every text is said in the reader's language: a rule's text, its section and the How to play lines
are message ids (tools/i18n.py finds them in each game's INFO), and the source tags are read in
the translated text (a translation keeps "(seed)", "(ruling)" or says them as its catalogue says
TAGS; rule numbers stay as they are)."""

import re
import sys

from .html import button, esc, tag
from tabletop.msg import C

from . import i18n
from .i18n import _

RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d+[a-z]?\b")
PARENS = re.compile(r"\s*\(([^()]*)\)")
# Inline source tags of the rules texts, as the player should read them. A translation keeps the
# English tags ("(ruling)") or says them in its own words, which its catalogue gives for these ids.
TAGS = {"ruling": C("rules source tag", "ruling"), "seed": C("rules source tag", "seed"),
        "public": C("rules source tag", "public")}
# Words that may sit beside rule numbers in parentheses, "(see TN-7 and TN-8)": without the
# numbers nothing is left worth showing.
LINKING = (C("beside rule numbers", "see"), C("beside rule numbers", "and"))
_TAG_PATTERNS = {}  # language -> (its source-tag pattern, the words its references may hold)


def _tag_patterns():
    """The source-tag pattern and the linking words of the reader's language (cached)."""
    code = i18n.current()
    if code not in _TAG_PATTERNS:
        tags = sorted({w for english, said in TAGS.items() for w in (english, _(said))}, key=len, reverse=True)
        words = "|".join(re.escape(w) for w in tags)
        tag = re.compile(r"\(((?:{0})(?:,\s*(?:{0}))*)\)\s*".format(words), re.I)
        linking = sorted(set(tags) | {w for m in LINKING for w in (str(m), _(m))}, key=len, reverse=True)
        _TAG_PATTERNS[code] = (tag, re.compile(r"\b(?:{})\b".format("|".join(re.escape(w) for w in linking))))
    return _TAG_PATTERNS[code]


def _ruling_words():
    return {"ruling", _(TAGS["ruling"]).lower()}


# The rest reads English words in the English texts (a translation words them itself).
SOURCE_WORDS = [
    (re.compile(r"\((?:seed|public|ruling)(?:, (?:seed|public|ruling))*: "), "("),
    (re.compile(r"(?<!House )\b[Rr]uling(?=[:;] | \()"), "House ruling"),
    (re.compile(r"\b(?:[Ss]eed|[Pp]ublic): "), ""),
    (re.compile(r"\bthe seeds\b"), "the original rules"),
    (re.compile(r"\bthe seed's\b"), "the original rulebook's"),
    (re.compile(r"\bthe seed\b"), "the original rulebook"),
    (re.compile(r"  +"), " "),
]


def player_text(text):
    """A rule's text (in the reader's language) without the in-house source tags."""
    text = _(text)
    ruling = _ruling_words()
    text = _tag_patterns()[0].sub(lambda m: _("House ruling") + ": " if any(
        w.strip().lower() in ruling for w in m.group(1).split(",")) else "", text)
    for pattern, replacement in SOURCE_WORDS:
        text = pattern.sub(replacement, text)
    return text.strip()


def split_refs(text, known):
    """(text without rule numbers, [rule ids it referred to]). Only ids of `known` rules count:
    "(HP-3)" goes, "(the one just emptied ends it: FL-9)" keeps its words."""
    found = []

    def strip(match):
        inner = match.group(1)
        # "PP-9a" names a part of rule PP-9: the link opens PP-9
        ids = [i if i in known else i.rstrip("abcdefgh") for i in RULE_ID.findall(inner)]
        ids = [i for i in ids if i in known]
        if not ids:
            return match.group(0)
        found.extend(i for i in ids if i not in found)
        rest = RULE_ID.sub("", inner)
        rest = _tag_patterns()[1].sub("", rest)
        rest = rest.strip(" ,;:")
        words = re.sub(r"[\s,;:]+", " ", rest).strip()
        return " ({})".format(rest) if words else ""

    return PARENS.sub(strip, text), found


def rule_link(rule_id):
    return button(_("rule"), "rule", rule_id, class_="link rule-link", aria_label=_("Rule {id}").format(id=rule_id),
                  title=_("Open the rules at this rule"))


_KNOWN = {}  # game id -> its rule ids (the log calls with_links for every line on every redraw)


def with_links(text, info, extra=()):
    """`text` (plain words, already in the reader's language) as HTML: rule numbers become small
    links after the text."""
    if not extra and not RULE_ID.search(text):
        return esc(text)  # most lines name no rule: the quick way
    known = _KNOWN.get(info.id)
    if known is None:
        known = _KNOWN[info.id] = {r.id for r in info.rules}
    clean, ids = split_refs(text, known)
    ids += [i for i in extra if i in known and i not in ids]
    return esc(clean) + "".join(" " + rule_link(i) for i in ids)


# Each game's rules panel in each language, drawn once: while the rules are open every redraw
# (each bot move) shows them, and they never change (8-19 KB, 0.6-1.6 ms on CPython a time).
_PANELS = {}


def game_panel(info):
    """The rules panel of a game, with its renderer's pictures (renderers may draw some for
    "How to play"). Imports the renderer: called only where the rules are first shown."""
    key = (info.id, i18n.current())
    if key not in _PANELS:
        from .renderers import RENDERERS

        renderer = RENDERERS[info.id]
        _PANELS[key] = panel(info, renderer.rules_pictures() if hasattr(renderer, "rules_pictures") else "",
                             credits=art_credits() if getattr(sys.modules[type(renderer).__module__], "ART", None) else "")
    return _PANELS[key]


def art_credits():
    """The pictures' source and licence, as the licence asks (webui.art.ART_SET)."""
    from .art import ART_SET

    words = _("Pictures: {set} by {author}, under the {licence} licence ({link}).").format(
        set=ART_SET["name"], author=ART_SET["by"], licence=ART_SET["licence"], link="{link}")
    link = tag("a", esc(ART_SET["url"]), href=ART_SET["url"], target="_blank", rel="noopener")
    return tag("p", esc(words).replace("{link}", link), class_="credits")


def panel(info, pictures="", credits=""):
    """The rules panel: "How to play" (when the game has one), then the full rules."""
    parts = []
    if info.how_to_play:
        parts.append(tag("section",
                         tag("h2", esc(_("How to play {game}").format(game=_(info.title))))
                         + (tag("div", pictures, class_="how-pictures") if pictures else "")
                         + tag("ul", "".join(tag("li", esc(_(line))) for line in info.how_to_play), class_="how-lines"),
                         class_="how-to-play"))
        parts.append(tag("h2", _("Full rules")))
    else:
        parts.append(tag("h2", esc(_("Rules of {game}").format(game=_(info.title)))))
    if info.intro:
        parts.append(tag("p", esc(player_text(info.intro))))
    section, items = None, []
    for rule in info.rules:
        if rule.section != section:
            if items:
                parts.append(tag("ul", "".join(items)))
                items = []
            section = rule.section
            parts.append(tag("h3", esc(_(section))))
        badge = tag("span", _("House ruling"), class_="badge ruling",
                    title=_("Our own decision where the published rules are silent or unclear")) if rule.is_ruling else ""
        items.append(tag("li", tag("b", esc(rule.id)) + " " + badge + esc(player_text(rule.text)),
                         class_="rule" + (" is-ruling" if rule.is_ruling else ""), data_rule=rule.id,
                         id="rule-" + rule.id, tabindex="-1"))
    if items:
        parts.append(tag("ul", "".join(items)))
    if credits:
        parts.append(tag("h3", esc(_("Credits"))) + credits)
    return tag("aside", "".join(parts), class_="rules", id="rules", aria_label=_("Rules"))
