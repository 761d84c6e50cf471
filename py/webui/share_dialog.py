"""The Share dialog: a link that carries the game shown (a game or a replay), its Copy button,
and the HTML to put it on a web page."""

from . import i18n
from .html import attrs, button, esc, tag
from .i18n import _


class ShareDialog:
    def __init__(self, link, hides_hands):
        self.link = link
        # The game is unfinished and has hidden cards: the link holds its shuffle, so whoever
        # opens it could work out every hand (a replay of a finished game is no one's game now).
        self.hides_hands = hides_hands
        self.copied = False

    def render(self):
        warning = ""
        if self.hides_hands:
            warning = tag("p", tag("strong", _("This game is not over, and the link holds its shuffle:")) + " "
                          + _("whoever opens it could work out every player's hidden cards. Send it to someone "
                              "who is not playing in it, or share it once the game is over."),
                          class_="share-warning", id="share-warning")
        body = (
            tag("h2", _("Share this game"), id="share-title")
            + warning
            + tag("p", _("Anyone who opens this link sees this game, move by move, and can continue it. "
                         "The game travels inside the link: no server keeps it."))
            + "<input{}>".format(attrs(type="text", readonly=True, value=self.link, id="share-link", aria_label=_("Share link")))
            + tag("details",
                  tag("summary", _("Put it on a web page"))
                  + tag("p", _("Paste this into a page (a blog post, a rules guide) to show the game there:"), id="embed-words")
                  + tag("textarea", esc(self.embed_snippet()), readonly=True, rows="3", id="embed-code", aria_labelledby="embed-words"),
                  class_="embed")
            + tag("div", button(_("Copied ✓") if self.copied else _("Copy link"), "copy", class_="primary") + button(_("Close"), "close-share"),
                  class_="dialog-buttons")
        )
        return tag("div", tag("div", body, class_="dialog", role="dialog", aria_modal="true", aria_labelledby="share-title",
                              aria_describedby="share-warning" if warning else None), class_="backdrop")

    def embed_snippet(self):
        """The HTML for a web page: the shared game in an iframe. Unlike a link (which opens in
        its viewer's language) it keeps the language it was made in."""
        page, _sep, fragment = self.link.partition("#")
        query = "?embed=1" if i18n.current() == i18n.ENGLISH else "?embed=1&lang=" + i18n.current()
        return '<iframe src="{}" width="900" height="700" title="{}"></iframe>'.format(
            esc(page + query + ("#" + fragment if fragment else "")), esc(_("Bàn Chơi: a game")))
