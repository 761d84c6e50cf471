"""Building HTML as strings: the renderers are pure functions of (view, UI state) -> HTML, so
they run and are tested on CPython too; the browser module only swaps the strings in."""

import re
from html import escape

from tabletop.msg import Message

from .i18n import _


# tag, attrs and esc build every element of every redraw (some 200 a click): they take the
# short ways, the text checked before it is escaped, an attribute's name worked out once.
def esc(value):
    text = value if type(value) is str else str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return escape(text, quote=True)
    return text


_ATTRIBUTE_NAMES = {}  # keyword -> attribute name: class_ -> class, data_act -> data-act


def attrs(**items):
    """HTML attributes from keywords: `class_` -> class, `data_act` -> data-act; None and False
    are left out, True is a bare attribute."""
    out = ""
    for key, value in items.items():
        if value is None or value is False:
            continue
        name = _ATTRIBUTE_NAMES.get(key)
        if name is None:
            name = _ATTRIBUTE_NAMES[key] = key.rstrip("_").replace("_", "-")
        out += " " + name if value is True else ' %s="%s"' % (name, esc(value))
    return out


def tag(element, body="", **items):
    return "<%s%s>%s</%s>" % (element, attrs(**items) if items else "", body, element)


def button(label, act, arg=None, **items):
    """A button the app's click handler understands: data-act names the handler, data-arg its
    argument."""
    items.setdefault("type", "button")
    return tag("button", label, data_act=act, data_arg=arg, **items)


_OPENING = re.compile(r"<[a-z][^<>]*>")


def mark(markup, act, arg, **items):
    """`markup` with `items` added to the first element whose data-act is `act` and data-arg
    `arg` (a hint marks the control of its move), and whether one was found. Attribute values
    are escaped, so no ">" ends an opening tag early."""
    wanted = (' data-act="{}"'.format(esc(act)), ' data-arg="{}"'.format(esc(arg)))
    for found in _OPENING.finditer(markup):
        opening = found.group(0)
        if all(w in opening for w in wanted):
            end = found.end() - 1
            return markup[:end] + attrs(**items) + markup[end:], True
    return markup, False


# A page is drawn whole by the first redraw of a screen; later redraws of the same screen replace
# only its parts whose markup changed (the browser parses a table of 25-40 KB in several ms, most
# of a click's time, while a move changes a part or two of it). A part is one element whose markup
# is wrapped in these two private-use characters as the page is built; Page cuts the page there.
PART_START, PART_END = "\ue000", "\ue001"


def part(markup):
    """`markup`, one element, as a part of the page that a redraw leaves in place while its
    markup is the same (Page). It gets a bare data-part attribute: the browser finds the parts
    by it, in the page's order. Parts do not nest."""
    if not markup:
        return markup
    end = markup.index(">")  # attribute values are escaped: the first ">" ends the opening tag
    return PART_START + markup[:end] + " data-part" + markup[end:] + PART_END


class Page(str):
    """A page's markup (the string itself, without the part marks) and its `pieces`: the markup
    between parts and the parts, alternating, starting and ending with markup between
    (`pieces[1::2]` are the parts). Marks that do not pair (a name a player typed holding one)
    make a page of one piece: drawn whole."""

    def __new__(cls, marked):
        pieces = marked.split(PART_START)
        cut = [pieces[0]]
        for piece in pieces[1:]:
            inside = piece.split(PART_END)
            if len(inside) != 2:
                cut = None
                break
            cut += inside
        clean = marked.replace(PART_START, "").replace(PART_END, "")
        page = str.__new__(cls, clean)
        page.pieces = tuple(cut) if cut is not None and PART_END not in cut[0] else (clean,)
        page.trees = {}  # part index -> its markup's tree (_tree), kept for the next redraw's changes
        return page

    def changes_from(self, drawn):
        """How to turn `drawn`, the page on screen, into this page by replacing what changed:
        (changes, outer). Each change is (index of the part, how, markup, path, name), where
        `path` is the indices of element children from the part down (() is the part itself)
        and `name` the tag name of the element there, as on screen; `how` is
        - "whole": that element replaced by `markup`;
        - "attrs": its attributes made those of the opening tag `markup`;
        - "splice" (two more items, first and count): its `count` children from index `first`
          replaced by `markup`;
        - "start" or "end": `markup` inserted at the start or end of the part (a new move's line
          at the top of the log).
        `outer` is the opening tag of the page's outer element when its attributes changed, else
        None. None instead of (changes, outer) when the page must be drawn whole: another screen,
        a part appearing or going, or the markup between parts changed."""
        if not isinstance(drawn, Page) or len(self.pieces) < 3 or len(drawn.pieces) != len(self.pieces):
            return None
        if drawn.pieces[2::2] != self.pieces[2::2]:
            return None
        outer = None
        if drawn.pieces[0] != self.pieces[0]:
            outer = self.pieces[0]
            names = [_OUTER.fullmatch(p) for p in (drawn.pieces[0], outer)]
            if not all(names) or names[0].group(1) != names[1].group(1):
                return None
        changes = []
        for index, (was, now) in enumerate(zip(drawn.pieces[1::2], self.pieces[1::2])):
            if was != now:
                part_changes, self.trees[index] = _part_changes(index, was, now, drawn.trees.get(index))
                changes += part_changes
        return changes, outer


_OUTER = re.compile(r"<([a-z][a-z0-9-]*)\b[^<>]*>")  # the lone opening tag of the page's outer element


def _part_changes(index, was, now, old_tree):
    """(the changes of one part, its new markup's tree if it was worked out)."""
    if len(now) > len(was):
        head = was[:was.index(">") + 1]
        if now.startswith(head) and now.endswith(was[len(head):]):
            return [(index, "start", now[len(head):len(now) - len(was) + len(head)], (), _name(was))], None
        close = was[was.rindex("</"):]
        if now.endswith(close) and now.startswith(was[:-len(close)]):
            return [(index, "end", now[len(was) - len(close):-len(close)], (), _name(was))], None
    changes, tree = _element_changes(was, now, old_tree)
    return [(index,) + change for change in changes], tree


# A part that changed is replaced element by element, as deep as its structure stayed the same,
# and an element whose attributes alone changed keeps its children: picking a card changes that
# card and marks the customers it may serve, not the 8-16 KB board around them, and parsing is
# most of what the browser does for a click.
_TAG_NAME = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)")
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())
# Replaced whole, never child by child: the HTML parser may build them otherwise than written (a
# table gets a tbody, a p ends before a block), parses them in another namespace (svg), or keeps
# what is typed in them.
_REPLACED_WHOLE = frozenset("table thead tbody tfoot tr p select svg math template textarea script style".split())


def _element_changes(was, now, old=None):
    """[(how, markup, path, name...)]: the elements of `now` that replace their counterparts in
    `was` ("whole", one element's markup), those whose attributes alone changed ("attrs", the
    new opening tag) and those whose children came or went in one place ("splice"), as deep as
    the two have the same children; `name` is the tag name of the element changed, as it is on
    screen. `old` is `was`'s tree (_tree), when known."""
    old = _tree(was) if old is None else old
    new = _tree(now)
    if not old or not new:
        return [("whole", now, (), _name(was))], new
    changes = []
    _compare(was, now, old, new, (), changes)
    return changes, new


# An element of a part's markup, by its offsets in the markup: a list (they are made by the
# thousand a click) of its name, start, end of its opening tag, end and children. INNER == END
# for an element without children (img, or closed by "/>").
NAME, START, INNER, END, CHILDREN = range(5)


def _compare(was, now, old, new, path, changes):
    if was[old[START]:old[END]] == now[new[START]:new[END]]:
        return
    name = old[NAME]
    if name != new[NAME] or name in _REPLACED_WHOLE or old[INNER] == old[END]:
        changes.append(("whole", now[new[START]:new[END]], path, name))
        return
    old_text, new_text = _texts(was, old), _texts(now, new)
    same_children = len(old[CHILDREN]) == len(new[CHILDREN]) and old_text == new_text
    if not same_children and (any(old_text) or any(new_text)):  # text among children that changed
        changes.append(("whole", now[new[START]:new[END]], path, name))
        return
    if was[old[START]:old[INNER]] != now[new[START]:new[INNER]]:
        changes.append(("attrs", now[new[START]:new[INNER]], path, name))
    if same_children:
        for k, (a, b) in enumerate(zip(old[CHILDREN], new[CHILDREN])):
            _compare(was, now, a, b, path + (k,), changes)
        return
    # Children came or went in one place (a button added at a customer's end, an order gone
    # from a row): from the first that differs to the last, they give way to the new ones.
    olds = [was[c[START]:c[END]] for c in old[CHILDREN]]
    news = [now[c[START]:c[END]] for c in new[CHILDREN]]
    first = 0
    while first < min(len(olds), len(news)) and olds[first] == news[first]:
        first += 1
    last = 0  # children the same at the end
    while last < min(len(olds), len(news)) - first and olds[-1 - last] == news[-1 - last]:
        last += 1
    changes.append(("splice", "".join(news[first:len(news) - last]), path, name, first, len(olds) - last - first))


def _tree(markup):
    """The element `markup` is, with its descendants (NAME, START...), from one pass over its
    tags; False when the tags do not pair or `markup` is not one element. Every "<" starts a tag
    (text and attribute values are escaped), the first ">" after it ends it, and tag names are
    written as the browser reads them (in lower case)."""
    pieces = markup.split("<")
    if pieces[0]:
        return False
    stack, top, at = [], None, 0
    try:
        for piece in pieces[1:]:
            start = at
            at += len(piece) + 1
            close = piece.index(">")
            end = start + close + 2
            if piece[0] == "/":
                if not stack or piece[1:close] != stack[-1][NAME]:
                    return False
                stack.pop()[END] = end
                continue
            name = piece[:close].split(" ", 1)[0]
            alone = piece[close - 1] == "/"  # <use .../>
            if alone and name[-1] == "/":
                name = name[:-1]
            element = [name, start, end, end, []]
            if stack:
                stack[-1][CHILDREN].append(element)
            elif top is None:
                top = element
            else:
                return False
            if not alone and name not in _VOID:
                stack.append(element)
    except (ValueError, IndexError):  # a "<" that starts no tag (unescaped text): not a tree
        return False
    return top if top is not None and not stack and top[END] == len(markup) else False


def _texts(markup, element):
    """The text between an element's children (and before the first, after the last)."""
    close = element[END] - len(element[NAME]) - 3  # where "</name>" starts
    edges = [element[INNER]] + [x for c in element[CHILDREN] for x in (c[START], c[END])] + [close]
    return [markup[edges[i]:edges[i + 1]] for i in range(0, len(edges), 2)]


def _name(markup):
    """The tag name of the element `markup` begins with."""
    return _TAG_NAME.match(markup).group(1).lower()


def join_names(names):
    """Names (or words) joined as the reader's language says a list: "Lan, Minh and Hà"."""
    names = [str(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return _(Message("{names}", {"names": names}))


def sr_only(text):
    """Words for screen readers only, inside a control whose visible text they complete (an
    aria-label would hide the visible text from speech input)."""
    return tag("span", text, class_="sr-only")


def figure(drawing, caption):
    """A small picture for the rules panel's "How to play": a game's own drawings and a caption."""
    return tag("figure", tag("div", drawing, class_="how-drawing") + tag("figcaption", caption), class_="how-figure")


# Score tables with many seats (Mojo plays up to 8) do not fit a phone with the names in full:
# there the columns show short names (the full name stays in the cell for screen readers and in
# its tooltip) and the table scrolls inside its own box, never the page.
MANY_SEATS = 5  # from this many seat columns a score table is "wide" (app.css narrows it on phones)
SHORT_NAME = 6  # characters a short name may have


def short_name(name):
    """A name short enough for a narrow column: kept when it fits, else the words' initials
    ("Nguyễn Thị Lan" -> "NTL", "Easy bot 2" -> "EB2"), a single long word cut ("Alexandra" -> "Alexa.")."""
    if len(name) <= SHORT_NAME:
        return name
    words = name.split()
    if len(words) > 1:
        last = words[-1] if words[-1].isdigit() else words[-1][0].upper()
        return "".join(w[0].upper() for w in words[:-1]) + last
    return name[:SHORT_NAME - 1] + "."


def seat_heading(name, note="", short_note=None):
    """A score table's column heading for one seat: the full name (and `note`, such as " ★"),
    and the short name a phone shows instead (app.css)."""
    short_note = note if short_note is None else short_note
    return (tag("span", esc(name) + note, class_="full-name")
            + tag("span", esc(short_name(name)) + short_note, class_="short-name", aria_hidden="true"))


def score_table(body, seats, label, class_="score-sheet"):
    """A score table with one column per seat, in a box that scrolls sideways on its own when
    the table is wider than the screen (the box can take the focus, so a keyboard can scroll it)."""
    wide = " many-seats" if seats >= MANY_SEATS else ""
    return tag("div", tag("table", body, class_=class_ + wide), class_="table-scroll", role="region", tabindex="0", aria_label=label)


def variant_words(info, options):
    """The mode and variants a game is played with, in words: each option of `info` set to
    something other than its default, named by its choice's label without the dialog's
    parenthesis ("Co-operative (1-4; 1 is solo)" -> "Co-operative"); an on/off choice by the
    option's own label ("Spirit Scrolls"). Saves, replays and the title bar read them, so a
    co-op game and a competitive one never look alike."""
    words = []  # in the reader's language
    for opt in info.options:
        value = options.get(opt.id, opt.default)
        # An option whose default is fixed when a game starts ("this year") is a setting, not a
        # variant: naming it would make last year's save read as a variant this year.
        if value == opt.default or opt.resolve is not None:
            continue
        label = dict(opt.choices).get(value)
        if label is None:  # a value from a link that the dialog does not list
            words.append(_("{option} {value}").format(option=_(opt.label), value=value))
        elif label.split(" (")[0] == "On":
            words.append(_(opt.label))
        elif label.split(" (")[0] == "Off":
            words.append(_("No {option}").format(option=_(opt.label)))
        else:
            words.append(_(label).split(" (")[0])
    return words


def game_title(info, options):
    """A game's title with its mode and variants: "Stem and Branch · Co-operative" (plain text)."""
    return " · ".join([_(info.title)] + variant_words(info, options))
