"""The reader's language for the view layer: which one is in use, its catalogue, and `_`.

The engines speak in `tabletop.msg` Messages (English text + id + arguments); the screens say
them, and their own words, in the language chosen here. A catalogue is a gettext .mo file
(`www/locale/<code>.mo`, compiled from `py/locale/<code>.po` by tools/i18n.py) read with the
standard library's gettext. English needs none: its ids are its text.
"""

from tabletop import msg

DOMAIN = "banchoi"
ENGLISH = "en"
# Every language the app speaks, in the picker's order: (code, its own name for itself).
LANGUAGES = (("en", "English"), ("vi", "Tiếng Việt"))
CODES = tuple(code for code, _name in LANGUAGES)

_catalogue = None  # a GNUTranslations, or None for English
_code = ENGLISH


def current():
    """The code of the language in use ("en", "vi")."""
    return _code


def choose(code, mo_bytes=None):
    """Speak `code` from now on; every language but English needs its compiled catalogue."""
    global _catalogue, _code
    if code not in CODES:
        raise ValueError("unknown language {!r}".format(code))
    if code == ENGLISH:
        _catalogue, _code = None, ENGLISH
        return
    if mo_bytes is None:
        raise ValueError("the {} catalogue is needed".format(code))
    import gettext  # only a page in another language needs it
    import io

    _catalogue, _code = gettext.GNUTranslations(io.BytesIO(bytes(mo_bytes))), code


def _(text):
    """The view layer's own words, and any engine text (a Message or a rule's text), in the
    reader's language."""
    return msg.say(text, _catalogue)


def ngettext(singular, plural, n):
    if _catalogue is None:
        return singular if n == 1 else plural
    return _catalogue.ngettext(singular, plural, n)


def with_names(text, names):
    """An engine's line (a log event's text, a headline) in the reader's language, with the
    players' names put in for "{0}", "{1}"..."""
    return _(text).format(*names)
