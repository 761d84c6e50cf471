"""Building HTML as strings: the renderers are pure functions of (view, UI state) -> HTML, so
they run and are tested on CPython too; the browser module only swaps the strings in."""

from html import escape


def esc(value):
    return escape(str(value), quote=True)


def attrs(**items):
    """HTML attributes from keywords: `class_` -> class, `data_act` -> data-act; None and False
    are left out, True is a bare attribute."""
    out = []
    for key, value in items.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(" " + name if value is True else ' {}="{}"'.format(name, esc(value)))
    return "".join(out)


def tag(element, body="", **items):
    return "<{}{}>{}</{}>".format(element, attrs(**items), body, element)


def button(label, act, arg=None, **items):
    """A button the app's click handler understands: data-act names the handler, data-arg its
    argument."""
    items.setdefault("type", "button")
    return tag("button", label, data_act=act, data_arg=arg, **items)


def join_names(names):
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def sr_only(text):
    """Words for screen readers only, inside a control whose visible text they complete (an
    aria-label would hide the visible text from speech input)."""
    return tag("span", text, class_="sr-only")


def figure(drawing, caption):
    """A small picture for the rules panel's "How to play": a game's own drawings and a caption."""
    return tag("figure", tag("div", drawing, class_="how-drawing") + tag("figcaption", caption), class_="how-figure")
