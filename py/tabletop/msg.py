"""Words the engines say, kept language-neutral: a message id (its English text) and arguments.

A game never builds a sentence by gluing English together. It says

    M("{who} scores {points} and crosses out {digits}.", who=seat_name(2), points=7, digits=["4", "7"])

and gets a `Message`: a `str` whose value is the English sentence ("{2} scores 7 and crosses
out 4 and 7."), so the command line, saves, tests and the harness read it as before, and which
also carries its id and arguments, so that the view layer can say it in the reader's language
(`Message.say(language)`, see `webui.i18n`). The id is the English source text, as gettext
expects: `tools/i18n.py` extracts every `M`, `P`, `N_` and `C` call into the catalogues.

Arguments:
  - an int or a plain str is put in as it is ("047", a score, a seat's "{2}" from `seat_name`);
  - a Message is said in the same language first (a card's name: `N_("Chicken")`, a phrase);
  - a list or tuple becomes "a, b and c" in the reader's language; `either([...])` gives "a, b or c",
    `clauses([...])` "a; b".
Format specs work on raw values: M("{gain:+d} coins", gain=3).
Seats stay "{0}", "{1}"... in the sentence: the screen puts the players' names in last.
"""

ENGLISH = None  # the identity language: a Message's own text


class Message(str):
    """An English sentence that also knows its message id and arguments."""

    def __new__(cls, msgid, args=None, plural=None, n=None, context=None):
        args = dict(args) if args else {}
        return _made(_render(msgid, args, plural, n, context, ENGLISH), msgid, args, plural, n, context)

    def __reduce__(self):  # a copy (pickle, a view's clone) keeps what it knows, without saying it again
        return (_made, (str(self), self.msgid, self.args, self.plural, self.n, self.context))

    def say(self, language):
        """This message in `language` (an object with gettext/ngettext/pgettext; None: English)."""
        return _render(self.msgid, self.args, self.plural, self.n, self.context, language)


class either(list):
    """A list said with "or" ("a, b or c") instead of "and"."""


class clauses(list):
    """Clauses said one after another, "a; b; c" (several reasons for one outcome)."""


def M(msgid, **args):
    """A message: `msgid` is the English text with {named} placeholders."""
    return Message(msgid, args)


def P(singular, plural, n, **args):
    """A message with a count: P("{n} point", "{n} points", n) picks the form for `n`."""
    args["n"] = n
    return Message(singular, args, plural, n)


def decimal(x):
    """`x` to one decimal, said with the reader's decimal mark (Vietnamese writes 0,5): a Message."""
    tenths = int(round(x * 10))
    return M("{units}.{tenths}", units=tenths // 10, tenths=tenths % 10)


def N_(name):
    """A name to translate with no arguments (a card, an ingredient, a merchant): `N_("Beef")`."""
    return Message(name)


def C(context, name):
    """A name whose English word other games use for something another language names otherwise:
    C("earthly branch", "Dog") is Stem and Branch's Dog (Tuất), not Hội Phố's Dog merchant (Chó).
    The catalogue keeps it under that context (gettext's msgctxt)."""
    return Message(name, context=context)


def seat_name(number):
    """A seat's place in a sentence: the screen puts that player's name there."""
    return "{%d}" % number


def say(text, language=None):
    """`text` in `language`: a Message is translated with its arguments; a plain str is looked up
    as a message id (a rule's text, a title) and falls back to itself."""
    if isinstance(text, Message):
        return text.say(language)
    if language is None or not isinstance(text, str) or not text:
        return text
    return language.gettext(text)


def as_data(value):
    """A Message as plain data (dicts, lists, strings, numbers), for a game state, which must stay
    plain data: it copies fast and JSON round-trips. `from_data` makes the Message again."""
    if isinstance(value, Message):
        data = {"m": value.msgid}
        if value.args:
            data["a"] = {k: as_data(v) for k, v in value.args.items()}
        if value.plural is not None:
            data["p"], data["n"] = value.plural, value.n
        if value.context is not None:
            data["c"] = value.context
        return data
    if isinstance(value, (list, tuple)):
        kind = "or" if isinstance(value, either) else ";" if isinstance(value, clauses) else "and"
        return {"l": [as_data(v) for v in value], "k": kind}
    return value


def from_data(data):
    """The Message (or argument) that `as_data` made plain."""
    if isinstance(data, dict):
        if "l" in data:
            kind = {"or": either, ";": clauses}.get(data["k"], list)
            return kind(from_data(v) for v in data["l"])
        args = {k: from_data(v) for k, v in data.get("a", {}).items()}
        return Message(data["m"], args, data.get("p"), data.get("n"), data.get("c"))
    return data


def _made(text, msgid, args, plural, n, context):
    self = str.__new__(Message, text)
    self.msgid, self.args, self.plural, self.n, self.context = msgid, args, plural, n, context
    return self


def _render(msgid, args, plural, n, context, language):
    if language is None:  # the engines' hot path: a Message argument is already its English text
        template = msgid if plural is None or n == 1 else plural
        if not args:
            return template
        return template.format(**{k: _argument(v, None) if isinstance(v, (list, tuple)) else v for k, v in args.items()})
    if context is not None:
        template = language.pgettext(context, msgid)
    elif plural is None:
        template = language.gettext(msgid)
    else:
        template = language.ngettext(msgid, plural, n)
    if not args:
        return template
    return template.format(**{k: _argument(v, language) for k, v in args.items()})


def _argument(value, language):
    if isinstance(value, Message):
        return value if language is None else value.say(language)
    if isinstance(value, (list, tuple)):
        items = [str(_argument(v, language)) for v in value]
        if isinstance(value, clauses):
            return "; ".join(items)
        if len(items) < 2:
            return items[0] if items else ""
        join = "{first} or {last}" if isinstance(value, either) else "{first} and {last}"
        template = join if language is None else language.gettext(join)
        return template.format(first=", ".join(items[:-1]), last=items[-1])
    return value


# The joins above, for the catalogue's extractor (their ids are built at run time).
_JOINS = (N_("{first} and {last}"), N_("{first} or {last}"))
