"""What English a page shows: the check behind "a Vietnamese player meets no English word".

Two nets, both on what a reader meets (text, and the title / aria-label / alt / placeholder /
value a screen reader or a hover shows; not markup, scripts or styles):
  - the English catalogue: every run of two or more words between the placeholders of a message
    id whose translation differs from it ("crosses out", "is disqualified: ");
  - common English words that no Vietnamese sentence uses ("the", "your", "turn"), which also
    catch words that never went through the catalogue at all.
"""

import html.parser
import os
import re
import string

from babel.messages import pofile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
SHOWN_VALUE = ("text", "button", "submit", "search", "")  # an input of these types shows its value
# English words that are not also Vietnamese words ("to", "do", "no", "can", "an" are).
COMMON = frozenset("""the and your you with of is are has have not for this that from turn round points cards card
wins score scores hand pass draw takes game new players player undo rules back lobby share copy close start play
plays waiting must each every their there which when then will would cannot into over after before choose pick
next left right total bonus round writes write its it were was been being only more than other others own""".split())
WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


class _Reader(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._skip += 1
        attrs = dict(attrs)
        for name in ATTRIBUTES:
            if attrs.get(name):
                self.parts.append(attrs[name])
        if tag == "input" and (attrs.get("type") or "") in SHOWN_VALUE and attrs.get("value"):
            self.parts.append(attrs["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data)


def readable(markup):
    """The pieces of text a reader meets in `markup`."""
    reader = _Reader()
    reader.feed(markup)
    return [" ".join(p.split()) for p in reader.parts]


def english_runs(code):
    """The English word runs of every message that the language `code` translates differently."""
    with open(os.path.join(ROOT, "py", "locale", code + ".po"), "rb") as f:
        catalog = pofile.read_po(f)
    runs = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or not all(strings) or set(ids) & set(strings):
            continue
        for msgid in ids:
            for literal, *_rest in string.Formatter().parse(msgid):
                for run in re.split(r"[.;:!?()\[\]·—–\"]+", literal):
                    run = run.strip(" ,")
                    if len(WORD.findall(run)) >= 2 and not any(run in s for s in strings):
                        runs.add(run)
    return runs


def english_on(markup, runs, allowed=()):
    """The English found in `markup`: [(what, the text it is in), ...]; `allowed` are texts that
    may stay (the players' own names)."""
    found = []
    for text in readable(markup):
        for name in allowed:
            text = text.replace(name, " ")
        words = [w for w in WORD.findall(text) if w.lower() in COMMON]
        if words:
            found.append((words[0], text))
            continue
        for run in runs:
            if run in text:
                found.append((run, text))
                break
    return found
