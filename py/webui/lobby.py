"""The lobby: the games, the saved games (broken ones explained), the friends' tables this
device joined, import, a game's How to play; the new-game dialog is its own (newgame.py)."""

from games import GAMES, INFOS
from tabletop import IllegalAction, saves
from tabletop.match import said_name, seat_title
from tabletop.msg import M, N_, Message

from . import i18n
from .html import attrs, button, esc, game_title, sr_only, tag
from .i18n import _
from .room import TABLES_SETTING, joined_tables
from .screen import Screen

PRODUCT = "Bàn Chơi"
TAGLINE = N_("Modern card games in your browser: alone against bots, with friends on one device, or each on their own.")
# The bots' speeds (App.SPEEDS) as the menus name them.
SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}


def games_section(ready=True):
    """The list of games. The static page shows the same markup before Python starts
    (tools/shell.py copies it into index.html), with the buttons disabled."""
    cards = []
    for info in INFOS.values():
        title = _(info.title)
        cards.append(
            tag(
                "li",
                tag("h3", esc(title))
                + tag("p", esc(_("{least}–{most} players").format(least=info.min_players, most=info.max_players)), class_="players")
                + tag("p", esc(_(info.pitch)), class_="pitch")
                + tag("div",
                      button(_("New game"), "new", info.id, class_="primary", disabled=not ready,
                             aria_label=_("New game of {game}").format(game=title))
                      + button(_("How to play"), "how-to", info.id, disabled=not ready,
                               aria_label=_("How to play {game}").format(game=title), aria_haspopup="dialog"),
                      class_="game-card-buttons"),
                class_="game-card",
                data_game=info.id,
            )
        )
    return tag("section", tag("h2", _("Games")) + tag("ul", "".join(cards), class_="game-list"), class_="games", aria_label=_("Games"))


def how_to_dialog(screen):
    """A game's "How to play" and rules over the lobby, before a game is started. The rules
    module is imported here, when first asked for: a first visit's lobby does not wait for it."""
    from . import rules

    info = INFOS[screen.how_to]
    title = _(info.title)
    body = (rules.game_panel(info)
            + tag("div", button(_("New game"), "new", info.id, class_="primary", aria_label=_("New game of {game}").format(game=title))
                  + button(_("Close"), "close-how-to"), class_="dialog-buttons"))
    return tag("div", tag("div", body, class_="dialog how-to-dialog", id="how-to", role="dialog", aria_modal="true",
                          aria_label=_("How to play {game}").format(game=title)), class_="backdrop")


def _when(iso):
    return esc(str(iso or "")[:16].replace("T", " ")) or "—"


def _seat_title(seat, index):
    """A seat as the saves list names it, in the reader's language (a default name too); a name
    the player typed is never looked up as words."""
    name = said_name(seat, index)
    title = seat_title(dict(seat, name=_(name) if isinstance(name, Message) else name))
    return _(title) if isinstance(title, Message) else title


def friend_tables_section(screen):
    """The friends' tables this device joined (webui.room): back to one, or forget it."""
    if not screen.friend_tables:
        return ""
    rows = []
    for i, t in enumerate(screen.friend_tables):
        info = INFOS.get(t.get("game"))
        what = _("{host}'s table").format(host=t.get("host") or _("A friend")) + (" · " + _(info.title) if info else "")
        rows.append(tag("li", tag("span", esc(what)) + " " + button(_("Rejoin"), "rejoin", str(i), class_="primary")
                        + button(_("Forget"), "forget-table", str(i))))
    return tag("section", tag("h2", _("Tables with friends")) + tag("ul", "".join(rows), class_="friend-tables"),
               class_="continue friends-tables", aria_label=_("Tables with friends"))


def saves_section(screen):
    rows = []
    for entry in screen.entries:
        game_id = entry.data.get("game")  # anything may be stored: a list, an object, nothing
        info = INFOS.get(game_id) if isinstance(game_id, str) else None
        title = _(info.title) if info else (game_id[:40] if isinstance(game_id, str) and game_id else _("Unknown game"))
        confirm = screen.confirm_delete == entry.id
        delete = button(_("Really delete?") if confirm else _("Delete"), "delete", entry.id, class_="danger" if confirm else None)
        export = button(_("Export"), "export", entry.id)
        if entry.match is not None:
            m = entry.match
            players = ", ".join(tag("span", esc(_seat_title(s, i)), class_="name") for i, s in enumerate(m.seats))
            rows.append(
                tag("tr",
                    tag("td", esc(game_title(m.game.info, m.options))) + tag("td", players) + tag("td", esc(_(m.progress())))
                    + tag("td", _when(entry.data.get("updated")))
                    + tag("td", button(_("Continue") if not m.is_over() else _("Open"), "resume", entry.id, class_="primary")
                          + button(_("Replay"), "replay", entry.id) + export + delete, class_="actions"),
                    data_save=entry.id)
            )
        else:
            rows.append(
                tag("tr",
                    tag("td", esc(title))
                    + tag("td", tag("strong", _("This save cannot be loaded.")) + " " + esc(_(entry.error)), colspan="2", class_="broken")
                    + tag("td", _when(entry.data.get("updated")))
                    + tag("td", export + delete, class_="actions"),
                    data_save=entry.id, class_="broken-save")
            )
    if rows:
        body = tag(
            "table",
            tag("thead", tag("tr", "".join(tag("th", h, scope="col") for h in (_("Game"), _("Players"), _("Progress"), _("Last played"), ""))))
            + tag("tbody", "".join(rows)),
            class_="saves",
        )
    else:
        body = tag("p", _("No saved games yet. Every game you start is saved here as you play."), class_="empty")
    picker = tag("label", _("Import a save (.json)") + " " + "<input{}>".format(attrs(type="file", accept=".json,application/json", data_change="import")),
                 class_="import")
    return tag("section", tag("h2", _("Continue")) + body + picker, class_="continue", aria_label=_("Saved games"))


def speed_field(speeds, current, words, class_, **select_attrs):
    """The bots' speed menu (`speeds`: App.SPEEDS): in the new-game dialog, and in the game bar
    (webui/table.py)."""
    choices = "".join(tag("option", esc(_(SPEED_WORDS.get(v, v.capitalize()))), value=v, selected=v == current) for v in speeds)
    return tag("label", words + tag("select", choices, name="speed", **select_attrs), class_=class_)


# The language menu's sign: a globe, drawn (an emoji may be missing from a phone's fonts).
GLOBE = ('<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2">'
         '<circle cx="12" cy="12" r="9.5"/><path d="M2.5 12h19M12 2.5c3 3 3 16 0 19M12 2.5c-3 3-3 16 0 19"/></svg>')


def language_picker(ready=True, short=False):
    """The language menu (the lobby's header, the game bar): every language the screen speaks, each
    in its own name, the one in use marked. A click sends data-act="language" (App.on_language).
    `short`: the menu shows the code of the language in use, not its name (the game bar)."""
    current = i18n.current()
    names = dict(i18n.LANGUAGES)
    items = "".join(
        tag("li", button(esc(name), "language", code, lang=code, disabled=not ready, class_="current" if code == current else None,
                         aria_current="true" if code == current else None))
        for code, name in i18n.LANGUAGES)
    shown = current.upper() if short else names.get(current, current)
    summary = tag("summary", GLOBE + sr_only(_("Language") + ": ") + esc(shown), title=_("Language"))
    return tag("details", summary + tag("ul", items), class_="language-menu")


def header(ready=True):
    return tag("header", tag("h1", PRODUCT) + tag("p", _(TAGLINE), class_="tagline") + language_picker(ready), class_="top")


def static_shell():
    """What index.html shows before Python is ready (kept in sync by tools/shell.py)."""
    # Words, no spinner: nothing on the page may animate while it starts. Any animation keeps the
    # browser drawing 60 frames a second (8-13% of a core on a 2-core machine, even ticking, even
    # after a delay), and first visits measured 5-10% slower for it (issue 17, bench/RESULTS.md).
    loading = tag("p", _("Loading the game engine… the lobby becomes interactive in a moment."), class_="loading", role="status")
    return tag("div", header(ready=False) + loading + games_section(ready=False), class_="lobby", id="lobby")


def render(screen):
    parts = [header()]
    parts += screen.app.notices()
    # A game in progress is what a returning player wants: their saves come first, above the
    # seven game cards (on a phone the cards alone are about 1,900 px tall).
    saved = saves_section(screen) + friend_tables_section(screen)
    parts += [saved, games_section()] if screen.entries or screen.friend_tables else [games_section(), saved]
    if screen.dialog:
        parts.append(screen.dialog.render(screen.app.SPEEDS))
    if screen.how_to:
        parts.append(how_to_dialog(screen))
    return tag("div", "".join(parts), class_="lobby", id="lobby")


class LobbyScreen(Screen):
    """The lobby's state: the saves and joined tables listed, and what is open over it (a
    game's How to play, the new-game dialog, a delete waiting for its second click)."""

    name = "lobby"

    def __init__(self, app):
        super().__init__(app)
        self.entries = app.store.entries()
        self.friend_tables = joined_tables(app.store)  # the friends' tables this device joined
        self.dialog = None  # the new-game dialog (newgame.NewGameDialog) while it is open
        self.how_to = None  # the game whose "How to play" is open
        self.confirm_delete = None  # the save whose Delete was clicked once

    def address(self):
        return {}

    def render(self):
        return render(self)

    def open_dialog(self, game_id):
        from .newgame import NewGameDialog

        self.how_to = None  # "New game" in a game's How to play goes on to its dialog
        self.dialog = NewGameDialog(game_id, self.app.speed)
        return self.dialog

    def storage_changed(self):
        if self.dialog is None:
            self.entries = self.app.store.entries()
            self.redraw()

    def key(self, key):
        """Escape closes what is open over the lobby: the dialog, else a How to play."""
        if key != "Escape":
            return False
        if self.dialog is not None:
            self.dialog = None
        elif self.how_to is not None:
            self.how_to = None
        else:
            return False
        self.redraw()
        return True

    def on_how_to(self, game_id):
        """A game's How to play over the lobby (its card's button), before starting one."""
        if game_id in GAMES:
            self.how_to = game_id
            self.redraw()

    def on_close_how_to(self, _):
        self.how_to = None
        self.redraw()

    def on_close_dialog(self, _):
        self.dialog = None
        self.redraw()

    # The dialog's buttons may be clicked from a page that is gone (a double click on Start):
    # with no dialog they do nothing.
    def on_players(self, _):
        if self.dialog is None:
            return
        self.dialog.read(self.platform.form("new-game"))
        self.redraw()

    def on_start(self, _):
        d = self.dialog
        if d is None:
            return
        d.read(self.platform.form("new-game"))
        if d.speed != self.app.speed:
            self.app.set_speed(d.speed)
        kinds, names = d.chosen_seats()
        try:
            self.app.start(d.game, kinds, names, d.seed, d.options, hints=d.hints != "off")
        except IllegalAction as err:
            self.notice = err.reason
            self.redraw()

    def on_resume(self, save_id):
        self.app.resume(save_id)

    def on_replay(self, save_id):
        for entry in self.entries:
            if entry.id == save_id and entry.match is not None:
                return self.app.open_replay(saves.to_save(entry.match), 0)
        self.notice = M("That save could not be opened.")
        self.app.show_lobby()

    def on_delete(self, save_id):
        if self.confirm_delete != save_id:
            self.confirm_delete = save_id
            return self.redraw()
        self.app.store.remove(save_id)
        self.app.show_lobby()

    def on_rejoin(self, index):
        if isinstance(index, str) and index.isdigit() and int(index) < len(self.friend_tables):
            self.app.open_guest(self.friend_tables[int(index)])

    def on_forget_table(self, index):
        tables = joined_tables(self.app.store)
        if isinstance(index, str) and index.isdigit() and int(index) < len(tables):
            del tables[int(index)]
            self.app.store.write_setting(TABLES_SETTING, tables)
        self.app.show_lobby()
