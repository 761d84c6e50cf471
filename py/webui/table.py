"""The game screen shared by every game: status line, player panels, board, log, undo, rules
panel, pass-the-device cover and the final score sheet. The board and the per-player details
come from the game's renderer (renderers/__init__.py)."""

import random

from tabletop.match import BOT_LEVELS, FRIEND, HUMAN, said_name, seat_label
from tabletop.msg import M, Message, N_

from . import i18n, rules
from .html import button, esc, join_names, mark, part, score_table, seat_heading, tag, variant_words
from .i18n import _, with_names
from .lobby import language_picker, speed_field
from .renderers import RENDERERS
from .screen import GameScreen

NOT_YOUR_TURN = M("Nothing to take back: it is not your turn on this screen.")
# A guest's move answered sooner than this shows no "Sending…": the page would blink at every
# move (a card picked, a key pressed). A second tap is ignored from the first moment all the same.
SENDING_SHOWN_AFTER = 0.3  # seconds


def seat_names(table):
    """The players' names as the screen shows them: a default name ("Player 2") in the reader's
    language (`table`: a Table or a Match, anything with seats)."""
    return [say_name(seat, i) for i, seat in enumerate(table.seats)]


def say_name(seat, index):
    name = said_name(seat, index)
    return _(name) if isinstance(name, Message) else name


class Context:
    """What the screen shows now: `table` (tabletop.tables: the game on this device, or a seat
    at a friend's table) seen by `viewer` (None: public information only). `interactive` is
    False in the replay viewer (a LocalTable over the replayed match): nothing can be played
    there."""

    def __init__(self, screen, table=None, viewer=None, interactive=True):
        self.screen = screen
        self.table = table if table is not None else screen.table
        self.game = self.table.game
        self.interactive = interactive
        self.viewer = screen.viewer if interactive else viewer
        self.view = self.table.view(self.viewer)
        self.ui = screen.ui
        self.prefs = screen.prefs if interactive else {}
        self.names = seat_names(self.table)
        self.acting = self.table.to_act()
        # While a move is on its way to the host (longer than SENDING_SHOWN_AFTER), the page says
        # so and offers nothing to play (TableScreen.play ignores a second tap from the start).
        self.sending = interactive and screen.sending_shown and self.table.sending()
        self.can_act = (interactive and screen.cover is None and self.viewer is not None and self.viewer in self.acting
                        and not screen.waiting_for_friends() and not self.sending)
        self.presence = screen.presence() if interactive else {}  # friends' devices: connected or not

    def name(self, seat):
        return esc(self.names[seat])

    def legal(self):
        return self.table.legal(self.viewer) if self.can_act else []


def status_line(ctx, renderer):
    screen, table = ctx.screen, ctx.table
    if table.is_over():
        # The result's own headline first (a team's score), else the game's result line (its
        # "over" events), else who won: said once, here.
        result = table.result()
        over = [e for e in table.log_for(ctx.viewer) if e["type"] == "over"]
        if "headline" in result or not over:
            text, english = result_headline(ctx, result), str(result.get("headline", ""))
        else:
            text = " ".join(rules.with_links(with_names(e["text"], ctx.names), ctx.game.info) for e in over)
            english = str(over[0]["text"])
        if english.startswith("Game over"):  # the game's own line says it already
            return _("{result} The score sheet is below.").format(result=text)
        return _("Game over: {result} The score sheet is below.").format(result=text)
    if screen.cover is not None:
        return _("Pass the device to {name}.").format(name=ctx.name(screen.cover))
    if screen.waiting_for_friends():
        if screen.guest is not None:
            return _("Waiting for the other friends to join: the game starts when everyone is here.")
        return _("Waiting for friends to join: send each one their invite below.")
    if ctx.sending:
        return _("Sending your move to {host}…").format(host=esc(table.host_name or _("the host")))
    thinking = _("{name} is thinking…").format(name=ctx.name(screen.thinking)) if screen.thinking is not None else ""
    if ctx.can_act:
        who = _("Your turn") if len(table.humans()) == 1 else _("Your turn, {name}").format(name=ctx.name(ctx.viewer))
        return (_("{who}: {prompt}").format(who=who, prompt=renderer.prompt(ctx, ctx.viewer))
                + (" " + tag("span", thinking, class_="thinking") if thinking else ""))
    if thinking:
        return thinking
    waiting = [ctx.names[s] for s in ctx.acting]
    return _("Waiting for {who}: {prompt}").format(who=esc(join_names(waiting)), prompt=renderer.prompt(ctx, None))


def announcements(ctx):
    """What happened since the player at the screen last moved and must not be missed."""
    news = [e for e in ctx.table.log_for(ctx.viewer) if e.get("announce") and e["ply"] > ctx.screen.seen_ply
            and e["type"] != "over"]  # the status line says the result
    if not news:
        return ""
    shown, earlier = news[-4:], news[:-4]
    items = "".join(tag("li", event_html(ctx, e)) for e in shown)
    if earlier:  # several turns went by: the older news stay one click away, not lost
        items = tag("li", tag("details", tag("summary", _("{n} earlier").format(n=len(earlier)))
                              + tag("ul", "".join(tag("li", event_html(ctx, e)) for e in earlier))),
                    class_="announce-earlier") + items
    return tag("ul", items, class_="announce", aria_live="polite")


def panel_label(kind):
    """What plays a seat, as its panel says it: a person is a player on every device (the host's
    "Human" and a guest's "Friend on another device" differ only by where one looks from; the
    presence dot says who is connected), a bot its level."""
    return _(PERSON) if kind in (HUMAN, FRIEND) else _(seat_label(kind))


PERSON = N_("Player")


def player_panels(ctx, renderer):
    panels = []
    for seat, info in enumerate(ctx.table.seats):
        acting = seat in ctx.acting
        head = (
            tag("h3", ctx.name(seat) + (" " + tag("span", _("(you)"), class_="you") if seat == ctx.viewer else ""))
            + tag("span", esc(panel_label(info["kind"])), class_="kind")
            + (tag("span", _("connected") if ctx.presence[seat] else _("not connected"),
                   class_="presence " + ("online" if ctx.presence[seat] else "offline")) if seat in ctx.presence else "")
            + tag("span", renderer.score(ctx, seat), class_="score", aria_label=_("score"), data_anim="score-%d" % seat)
        )
        panels.append(part(
            tag("section", tag("header", head) + renderer.panel(ctx, seat),
                class_="player" + (" acting" if acting else "") + (" viewer" if seat == ctx.viewer else ""),
                data_seat=str(seat), aria_label="{} ({})".format(ctx.names[seat], panel_label(info["kind"]))))
        )
    return tag("section", "".join(panels), class_="players", aria_label=_("Players"))


# The log shows the last 200-300 events: the oldest go a hundred at a time, so that most moves
# only add their line at the top and the browser keeps the rest (html.Page).
LOG_SHOWN, LOG_DROPPED_AT_ONCE = 300, 100


def log_section(ctx):
    """The newest move first, and each move's lines in the order they happened: the move, then
    what it caused ("serves..." above "Loved!..."). One item per move (events share a ply)."""
    events = ctx.table.log_for(ctx.viewer)
    dropped = -(-max(0, len(events) - LOG_SHOWN) // LOG_DROPPED_AT_ONCE) * LOG_DROPPED_AT_ONCE
    moves = []
    for e in events[dropped:]:
        if not moves or moves[-1][0]["ply"] != e["ply"]:
            moves.append([])
        moves[-1].append(e)
    depends = (i18n.current(), tuple(ctx.names), ctx.game.info.id)  # what every line's words depend on
    items = "".join(tag("li", "".join(log_line(ctx, e, depends) for e in move), class_="log-move") for move in reversed(moves))
    # A move adds its item at the list's top: the browser inserts it and keeps the rest (Page).
    return tag("section", tag("h2", _("Game log")) + part(tag("ol", items, reversed=True, class_="log-list")), class_="log",
               aria_label=_("Game log"), tabindex="0")


# A log line's HTML, remembered between redraws: late in a game the log is most of a click's
# redraw, and a line never changes once written. Keyed by the event itself (held here, so that
# its id is not reused while remembered) and by `depends`, all a line depends on: language,
# names, game.
_LOG_LINES = {}
LOG_LINES_REMEMBERED = 2000  # past that, forgotten all at once (another match, lines undone)


def log_line(ctx, event, depends):
    seen = _LOG_LINES.get(id(event))
    if seen is not None and seen[0] is event and seen[1] == depends:
        return seen[2]
    line = tag("div", event_html(ctx, event), class_="log-" + event["type"])
    if len(_LOG_LINES) >= LOG_LINES_REMEMBERED:
        _LOG_LINES.clear()
    _LOG_LINES[id(event)] = (event, depends, line)
    return line


def rules_section(ctx):
    return rules.game_panel(ctx.game.info)


def event_html(ctx, event):
    """An event's log line as HTML, in the reader's language: names filled in, rule numbers
    turned into small links."""
    return rules.with_links(with_names(event["text"], ctx.names), ctx.game.info, event.get("rules", ()))


def result_headline(ctx, result):
    """The result in one line, as HTML: the game's own headline (a co-operative game's team
    score), else who won."""
    if "headline" in result:
        return event_html(ctx, {"text": result["headline"]})
    winners = [ctx.names[s] for s in result["winners"]]
    if len(winners) == 1:
        return esc(_(M("{who} wins.", who=winners[0])))
    return esc(_(M("{who} win together.", who=winners)))


def score_sheet(ctx, buttons=True):
    result = ctx.table.result()
    winners = set() if result.get("cooperative") else set(result["winners"])  # a team: nobody is starred
    head = tag("tr", tag("th", "", scope="col") + "".join(
        tag("th", seat_heading(ctx.names[s], " ★" if s in winners else ""), scope="col", title=ctx.names[s],
            class_="winner" if s in winners else None)
        for s in range(len(ctx.names))))
    rows = "".join(
        tag("tr", tag("th", esc(_(row["label"])), scope="row") + "".join(tag("td", esc(_(v) if isinstance(v, str) else v)) for v in row["values"]), class_=row.get("kind", "line"))
        for row in result["sheet"]
    )
    notes = "".join(tag("p", event_html(ctx, {"text": n}), class_="note") for n in result.get("notes", []))
    if ctx.interactive and ctx.screen.record_note:  # not in the replay viewer
        said = _(ctx.screen.record_note)
        notes += tag("p", esc(said[:1].upper() + said[1:]), class_="record")
    return tag(
        "section",
        tag("h2", _("Score sheet"))
        + tag("p", result_headline(ctx, result), class_="headline")
        + score_table(tag("thead", head) + tag("tbody", rows) + hints_row(ctx), len(ctx.names), _("Score sheet table"))
        + notes
        + (tag("div", sheet_buttons(ctx.screen), class_="sheet-buttons") if buttons else ""),
        class_="sheet", id="score-sheet", aria_label=_("Score sheet"),
    )


def hints_row(ctx):
    """How many hints each person took, under the total (the table's foot: the body's last row
    stays the total, Game.result), a bot none (a dash)."""
    hints = ctx.table.hints() if ctx.interactive else {"offered": False}
    if not hints["offered"] or all(ctx.table.is_bot(s) for s in range(len(ctx.names))):  # bots only: nobody to count
        return ""
    used = hints["used"]
    cells = "".join(tag("td", "—" if ctx.table.is_bot(s) else str(used[s] if s < len(used) else 0)) for s in range(len(ctx.names)))
    return tag("tfoot", tag("tr", tag("th", esc(_("Hints used")), scope="row") + cells, class_="hints-used"))


def hint_button(ctx):
    """The Hint control: the move the Hard bot would make, for the player whose turn it is."""
    if not (ctx.can_act and ctx.table.hints()["offered"]):
        return ""
    return button(_("Hint"), "hint", class_="hint", aria_pressed="true" if ctx.screen.shown_hint() else "false",
                  title=_("Show the move the Hard bot would make, and why"))


def hint_line(ctx):
    """The hint's reason, under the status line, while its position lasts."""
    shown = ctx.screen.shown_hint() if ctx.can_act else None
    if shown is None:
        return ""
    figures = shown.get("figures")
    return tag("p", tag("span", _("Hint:"), class_="hint-label") + " " + event_html(ctx, {"text": shown["why"]})
               + (" " + tag("span", event_html(ctx, {"text": figures}), class_="hint-figures") if figures else ""),
               class_="hint-why", role="status")


def marked_hint(ctx, markup):
    """`markup` with the control of the hinted move marked (data-hint and a highlight)."""
    shown = ctx.screen.shown_hint() if ctx.can_act else None
    if shown is None:
        return markup
    renderer = RENDERERS[ctx.game.info.id]
    act, arg = renderer.hint_control(ctx, shown["action"]) if hasattr(renderer, "hint_control") else ("play", shown["action"])
    return mark(markup, act, arg, data_hint=shown["action"])[0]


def sheet_buttons(screen):
    if screen.guest is not None:  # the game's record is the host's; a rematch is the host's call
        return (tag("span", _("{host} can start a rematch.").format(host=esc(screen.guest.host_label())), class_="sheet-wait")
                + button(_("Back to the lobby"), "lobby"))
    return (button(_("Rematch"), "rematch", class_="primary") + button(_("Replay"), "replay-this") + button(_("Share"), "share")
            + ("" if screen.app.embed else button(_("Back to the lobby"), "lobby")))


def title_html(info, options):
    """The title bar's heading: the game and, smaller, its mode and variants ("· Co-operative")."""
    words = variant_words(info, options)
    return esc(_(info.title)) + (tag("span", esc(" · " + " · ".join(words)), class_="variants") if words else "")


def cover(ctx):
    """The pass-the-device cover. The table under it shows public information only (the viewer
    is None), and the Rules and Lobby reach past it without the hand: the rules open on the
    cover itself, and closing them comes back to it."""
    screen, seat = ctx.screen, ctx.screen.cover
    if screen.show_rules:
        card = tag("div",
                   rules_section(ctx)
                   + tag("div", button(_("Close rules"), "rules", class_="primary", aria_expanded="true"), class_="dialog-buttons"),
                   class_="cover-card cover-rules")
    else:
        name = ctx.name(seat)
        card = tag("div",
                   tag("h2", _("Pass the device to {name}").format(name=name))
                   + tag("p", _("Everyone else, look away: {name}'s private information comes next.").format(name=name))
                   + button(_("I am {name}: show my turn").format(name=name), "ready", str(seat), class_="primary")
                   + tag("div", button(_("Rules"), "rules", aria_expanded="false") + screen.app.exit_link(), class_="cover-more"),
                   class_="cover-card")
    return tag("div", card, class_="cover", role="dialog", aria_modal="true", aria_label=_("Pass the device"))


def speed_menu(screen, over):
    """How fast the bots play, changed in play (a game with bots, still running)."""
    if over or screen.guest is not None or not any(s["kind"] in BOT_LEVELS for s in screen.table.seats):
        return ""
    return tag("form", speed_field(screen.app.SPEEDS, screen.app.speed, tag("span", _("Bots") + " ", class_="speed-words"), "speed",
                                   data_change="speed", aria_label=_("Bot speed"), title=_("How fast the bots play")),
               id="speed-form")


def render(screen):
    ctx = Context(screen)
    renderer = RENDERERS[ctx.game.info.id]
    over = ctx.table.is_over()
    # Undo stays focusable when it cannot work, and says why (its title, and a notice if pressed).
    undo_why = ctx.table.undo_blocked(ctx.viewer) if ctx.viewer is not None and screen.cover is None else NOT_YOUR_TURN
    bar = tag(
        "header",
        tag("h1", title_html(ctx.game.info, ctx.table.options))
        + tag("span", esc(_(ctx.table.progress())), class_="progress")
        + tag("nav",
              # A guest sees Undo only while it works (a move of its turn to take back): its seat is
              # never anyone's to pass the device to, and a greyed Undo there was only clutter.
              ("" if over or (screen.guest is not None and undo_why) else
               button(_("Undo"), "undo", aria_disabled="true" if undo_why else None, class_="undo",
                      title=_(undo_why) if undo_why else _("Take back your last move of this turn")))
              + hint_button(ctx)
              + speed_menu(screen, over)
              + ("" if screen.guest is not None else button(_("Share"), "share", title=_("A link that carries this game")))
              + button(_("Hide rules") if screen.show_rules else _("Rules"), "rules", aria_expanded="true" if screen.show_rules else "false")
              + screen.app.exit_link()
              + language_picker(short=True)),
        class_="bar",
    )
    # The page's parts (html.part): a redraw replaces only those that changed, and in them only what changed.
    parts = [part(bar), part(tag("p", status_line(ctx, renderer), class_="status", id="status", tabindex="-1")), hint_line(ctx)]
    if screen.cover is None:
        news = announcements(ctx)
        # There while empty: a part. On a narrow screen the news scroll in a box of their own
        # (app.css), so it takes the keyboard's focus too (a zoomed-in page is narrow).
        box = dict(tabindex="0", role="region", aria_label=_("What happened")) if news else {}
        parts.append(part(tag("div", news, class_="news", **box)))
    if screen.conflict:
        parts.append(conflict_notice(screen.conflict))
    parts += screen.app.notices(ctx.game.info)
    parts.append(screen.room_html(ctx.names))
    if screen.show_rules and screen.cover is None:  # with the cover up, the rules show on it
        parts.append(part(rules_section(ctx)))
    board = renderer.board(ctx)
    if over:
        board = score_sheet(ctx) + board
    layout = player_panels(ctx, renderer) + part(tag("section", board, class_="board", aria_label=_("Table"))) + log_section(ctx)
    parts.append(tag("div", marked_hint(ctx, layout), class_="table-layout"))
    if screen.cover is not None:
        parts.append(cover(ctx))
    parts.append(screen.app.share_dialog())
    if screen.confirm is not None:
        parts.append(confirm_dialog(ctx))
    # data-moves: how many moves the game in memory holds (tests compare it with the save)
    # data-sending: a move of this device is on its way to the host (tests wait for its answer)
    return tag("div", "".join(parts), class_="game", id="game", data_game=ctx.game.info.id,
               data_moves=str(ctx.table.moves), data_sending="true" if ctx.sending else None)


def conflict_notice(conflict):
    """What a game changed in another tab ("continued" or "deleted") asks of the player."""
    if conflict == "continued":
        text = _("This game continued in another tab: reload it here to see those moves. "
                 "Moves made in this tab are no longer saved.")
        buttons = (button(_("Reload"), "reload-save", class_="link") + " "
                   + button(_("Keep this tab's game as a new save"), "save-copy", class_="link"))
    else:
        text = _("This game was deleted in another tab: moves made here are no longer saved.")
        buttons = button(_("Save it again"), "save-copy", class_="link")
    return tag("p", esc(text) + " " + buttons, class_="notice conflict", role="alert")


def confirm_dialog(ctx):
    """A hurtful move (Game.warning) waits for the player's yes, once."""
    body = (tag("h2", _("Are you sure?"), id="confirm-title")
            + tag("p", rules.with_links(with_names(ctx.screen.confirm["text"], ctx.names), ctx.game.info), id="confirm-text")
            + tag("div", button(_("Play it anyway"), "confirm-move", class_="danger") + button(_("Cancel"), "cancel-move"),
                  class_="dialog-buttons"))
    return tag("div", tag("div", body, class_="dialog", id="confirm-move", role="alertdialog", aria_modal="true",
                          aria_labelledby="confirm-title", aria_describedby="confirm-text"), class_="backdrop")


class TableScreen(GameScreen):
    """A game at this device's table, whoever holds it: its seat side (`side`) is a
    keeper.MatchKeeper when the match is on this device (its save, bots, record, rematch, and the
    friends on other devices it hosts), or a room.GuestSeat at a friend's table (no match here,
    only what the seat may know). The screen reads the game through `table` and acts through the
    side's seat interface (keeper.py), the same whichever it is; it owns what the player sees:
    whose eyes are on the screen (`viewer`), the pass-the-device cover, a move to confirm."""

    name = "game"

    def __init__(self, app, match=None, save_id=None, created=None, saved_text=None, room=None):
        super().__init__(app)
        from .keeper import MatchKeeper

        self.side = MatchKeeper(self, match, save_id, created, saved_text, room) if match is not None else None
        self.viewer = None  # the seat whose private information the screen shows
        self.cover = None  # the seat the device must be passed to, while the cover is up
        self.confirm = None  # {"action", "seat", "text"}: a hurtful move waiting for the player's yes (Game.warning)
        self.hint = None  # {"action", "why", "moves", "seat", "legal"}: the hint asked for, shown until its player moves
        self.hint_asked = None  # (moves, seat) of a hint being worked out
        self.own_moves = 0  # requests of this screen's players the table accepted: a hint is for one decision
        self.sending_shown = False  # the page says the guest's move is on its way (SENDING_SHOWN_AFTER)
        self._sent_moves = 0  # which move the timer of SENDING_SHOWN_AFTER is for
        self.seen_ply = len(match.history) if match is not None else 0  # later announcements are news
        if match is not None:
            humans = match.humans()
            self.viewer = humans[0] if len(humans) == 1 else None

    @classmethod
    def new(cls, app, match, room=None):
        """A new game (a save of its own, written at once)."""
        return cls(app, match, "{}-{}".format(match.game.info.id, random.getrandbits(40)), app.platform.now(), room=room)

    @classmethod
    def at_friends(cls, app, params):
        """An invite link: a seat at a table hosted on another device. A device that joined
        this seat before (a reload) goes straight back to it."""
        from . import room as roomlib

        screen = cls(app)
        screen.side = roomlib.GuestSeat(screen, params)
        screen.viewer = screen.side.seat
        return screen

    # --- the side, as the rest of the app and the tests name it ---------------------------------
    @property
    def table(self):
        return self.side.table if self.side is not None else None

    @property
    def guest(self):
        """The room.GuestSeat of a friend's table, else None."""
        return self.side if self.side is not None and self.side.remote else None

    @property
    def keeper(self):
        return self.side if self.side is not None and not self.side.remote else None

    @property
    def match(self):
        return self.keeper.match if self.keeper is not None else None

    @property
    def room(self):
        return self.keeper.room if self.keeper is not None else None

    @property
    def save_id(self):
        return self.keeper.save_id if self.keeper is not None else None

    @property
    def conflict(self):
        return self.keeper.conflict if self.keeper is not None else None

    @property
    def thinking(self):
        return self.keeper.thinking if self.keeper is not None else None

    @property
    def record_note(self):
        return self.keeper.record_note if self.keeper is not None else None

    # --- the screen -------------------------------------------------------------------------
    def shown(self):
        return self.table, self.cover is not None

    def address(self):
        return self.side.address() if self.side is not None else None

    def enter(self):
        self.side.enter()
        if self.guest is not None:
            return self.redraw()
        self.after_change()

    def leave(self):
        """Stop hosting, or leave a friend's table: the network closes (a guest's seat waits)."""
        if self.side is not None:
            self.side.leave()

    def shown_table(self):
        return self.table

    def full_page_link(self):
        return self.side.full_page_link() if self.side is not None else None

    def shared(self):
        return self.side.shared() if self.side is not None else None

    def render(self):
        if self.table is not None and self.table.game is not None and (self.guest is None or self.table.ready):
            return render(self)
        return self.guest.join_screen()

    # --- saving (the keeper's) ----------------------------------------------------------------
    def autosave(self):
        if self.keeper is not None:
            self.keeper.autosave()

    def storage_changed(self):
        if self.keeper is not None and self.keeper.storage_changed():
            self.redraw()

    def on_reload_save(self, _):
        """Take the stored version of this game (the other tab's line of play)."""
        self.app.resume(self.save_id)

    def on_save_copy(self, _):
        if self.keeper is not None:
            self.keeper.save_copy()
            self.redraw()

    # --- the turn cycle ---------------------------------------------------------------------
    def after_change(self):
        """After every move: decide whose eyes the screen is for, let the side go on (bots),
        redraw."""
        table = self.table
        over = table.is_over()
        self.platform.set_flag("over", over)
        if self.waiting_for_friends():
            return self.redraw()  # nobody plays before the friends are here (or the host starts)
        if not over:
            acting = table.to_act()
            humans_acting = [s for s in acting if table.is_human(s)]
            bots_acting = [s for s in acting if table.is_bot(s)]
            humans = table.humans()
            if bots_acting:
                if not humans_acting and len(humans) > 1:
                    # Several people share the screen and none of them acts now (a bot's turn
                    # in a turn-based game): show the public table, not the last player's hand.
                    self.viewer = None
            elif humans_acting and self.viewer not in humans_acting and self.cover is None:
                if len(humans) == 1 or not table.hides_information():
                    self.viewer = humans_acting[0]
                else:
                    # Pass the device: hide everything private until that player is ready.
                    self.viewer = None
                    self.cover = humans_acting[0]
                    self.show_rules = False  # the rules show on the cover only when asked for there
            self.side.go_on()
        else:
            self.cover = None
            if len(table.humans()) != 1:
                self.viewer = None
            self.side.finished()
        self.carry_hint()
        self.redraw()

    # --- a player's requests ----------------------------------------------------------------
    def play(self, action, seat=None, confirmed=False):
        """A human move from the page; an illegal one shows the engine's reason, an obviously
        hurtful one (Game.warning) asks for a confirmation first. At a friend's table the host
        answers (the outcome comes back later)."""
        table = self.table
        seat = self.viewer if seat is None else seat
        if table is None or seat is None or self.cover is not None:
            return
        if self.waiting_for_friends():
            self.notice = M("The game starts when every friend has joined.")
            return self.redraw()
        if table.sending():
            return  # the move before is on its way to the host: the page says so, and waits
        self.confirm = None
        before = table.moves

        def done(outcome):
            if table is not self.table or self.app.current is not self:
                return  # this screen left that table meanwhile
            if "confirm" in outcome:
                self.confirm = {"action": action, "seat": seat, "text": outcome["confirm"]}
                self.redraw()
                return self.platform.focus("#confirm-move [data-act=cancel-move]")
            self.seen_ply = before  # this move's consequences are news too
            self._changed(outcome)

        table.play(seat, action, done, confirmed)
        self.show_sending()

    def show_sending(self):
        """A guest's move went to the host: "Sending your move…" from SENDING_SHOWN_AFTER on, until
        the host answers."""
        table = self.table
        self.sending_shown = False
        if table is None or not table.sending():
            return
        self._sent_moves += 1
        sent = self._sent_moves

        def late():
            if sent == self._sent_moves and table is self.table and table.sending() and self.app.current is self:
                self.sending_shown = True
                self.redraw()
        self.platform.timer(SENDING_SHOWN_AFTER, late)

    def _changed(self, outcome):
        """A request to the table came back: its refusal shown, or the change saved and drawn."""
        if "refused" in outcome:
            self.notice = outcome["refused"]
            return self.redraw()
        self.notice = None
        self.ui = {}
        self.hint = None  # the player moved: the hint was for the decision just made
        self.own_moves += 1
        self.side.moved()

    def on_play(self, action):
        # A move button of an earlier page (issue 27) names its whole move, and counts as that
        # move clicked now: played if legal now, else refused with the engine's reason ("It is
        # not your turn."), which says plainly why nothing happened; a silent refusal would look
        # like a dead button. (In the page a click lands on the page drawn: the DOM is replaced
        # before the next click is handled. Stale clicks come from scripts and tests.)
        self.play(action)

    def on_confirm_move(self, _):
        if self.confirm is not None:
            self.play(self.confirm["action"], self.confirm["seat"], confirmed=True)

    def on_cancel_move(self, _):
        self.confirm = None
        self.redraw()

    def _own_turn_request(self, request, *args):
        """Undo and its kin, for the seat on the screen."""
        table = self.table
        if table is None:
            return
        if self.viewer is None or self.cover is not None:
            self.notice = NOT_YOUR_TURN
            return self.redraw()
        if table.sending():
            return  # as for a move (play)
        request(self.viewer, *args, lambda outcome: self._changed(outcome) if table is self.table else None)
        self.show_sending()

    def on_undo(self, _):
        if self.table is not None:
            self._own_turn_request(self.table.undo)

    def take_back(self, action):
        """Take back one selected card (Phở Phở): the moves after it stay (Match.take_back)."""
        if self.table is not None:
            self._own_turn_request(self.table.take_back, action)

    def undo_while(self, verbs):
        if self.table is not None:
            self._own_turn_request(self.table.undo_while, verbs)

    def explain(self, action, otherwise=None, allowed=None):
        """Why the viewer may not play `action`, as the notice (`otherwise` when it may, after
        `allowed()`): asked of the table, so a friend's table answers from the host."""
        table, seat = self.table, self.viewer
        if table is None or seat is None or self.cover is not None:
            return

        def answer(outcome):
            if table is not self.table:
                return
            if "refused" in outcome:  # the question did not reach a host (its device went away)
                self.notice = outcome["refused"]
                return self.redraw()
            why = outcome.get("why")
            if why is None and allowed is not None:
                allowed()
            self.notice = why or otherwise
            if table.remote:
                self.redraw()

        table.why_not(seat, action, answer)

    def on_hint(self, _):
        """The move the Hard bot would make for the player at the screen, from what their seat
        knows, marked on the table with one sentence why (tabletop.hints); counted once per
        decision on the score sheet."""
        from tabletop.hints import hint, hint_rng

        table, seat = self.table, self.viewer
        if (table is None or seat is None or self.cover is not None or table.is_over() or seat not in table.to_act()
                or self.waiting_for_friends() or not table.hints()["offered"] or table.sending()):
            return
        if self.shown_hint() is not None:
            return self.redraw()
        legal, view, moves, decision = table.legal(seat), table.view(seat), table.moves, self.own_moves
        if not legal or self.hint_asked == (moves, seat):  # a second click while it is worked out
            return
        self.hint_asked = (moves, seat)

        def work_out():  # in slices in the page (platform.think): the player may act meanwhile
            try:
                found = hint(table.game, view, seat, legal, hint_rng(view, moves, seat))
            finally:
                self.hint_asked = None
            if table is not self.table or self.own_moves != decision or not self._same_choices(seat, legal):
                return  # the player moved, or their choices changed, while it was worked out: not shown
            self.hint = dict(found, moves=table.moves, seat=seat, legal=legal)
            renderer = RENDERERS[table.game.info.id]
            if hasattr(renderer, "prepare_hint"):  # a move made of steps on the page: its last step shown
                renderer.prepare_hint(self, found["action"])
            table.note_hint(seat)
            self.autosave()
            self.redraw()

        def still_wanted():  # at each breath of the search: cheap while nobody has moved
            return (self.app.current is self and table is self.table and self.own_moves == decision
                    and (table.moves == moves or self._same_choices(seat, legal)))

        self.platform.think(work_out, still_wanted)

    def carry_hint(self):
        """After another seat's move, the hint stays while its player has the same choices:
        The Number's bots write, and Hội Phố's pick, face down while a player thinks, which tells
        the player nothing new (the hint used to vanish then). A move that changes the player's
        choices, or the player's own move, ends it."""
        hint, table = self.hint, self.table
        if hint is None or table is None or hint["moves"] == table.moves:
            return
        self.hint = dict(hint, moves=table.moves) if self._same_choices(hint["seat"], hint["legal"]) else None

    def _same_choices(self, seat, legal):
        """Whether `seat`, on the screen, still chooses among `legal`."""
        table = self.table
        return (self.viewer == seat and self.cover is None and not table.is_over() and seat in table.to_act()
                and table.legal(seat) == legal)

    def shown_hint(self):
        """The hint asked for, if it is still for the decision on the screen (carry_hint keeps it
        up to date when others move)."""
        hint, table = self.hint, self.table
        if hint is None or table is None or self.cover is not None or hint["moves"] != table.moves or hint["seat"] != self.viewer:
            return None
        return hint

    def on_ready(self, seat):
        """"I am Ann: show my turn" on the pass-the-device cover."""
        if isinstance(seat, str) and seat.isdigit():
            self.lift_cover(int(seat))

    def lift_cover(self, seat):
        if self.cover == seat:
            self.cover = None
            self.viewer = seat
            self.redraw()

    def on_speed(self, _):
        """The game bar's speed menu."""
        self.app.set_speed(self.platform.form("speed-form").get("speed"))
        self.redraw()

    def on_replay_this(self, _):
        if self.keeper is not None:
            self.keeper.replay()

    # The score sheet's buttons may be clicked from a page that is gone (a double click on
    # Rematch): with no finished game they do nothing.
    def on_rematch(self, _):
        if self.keeper is not None and self.table.is_over():
            self.keeper.rematch()

    # --- a friend's table (room.py) ---------------------------------------------------------
    def on_join(self, _):
        if self.guest is None:
            return
        self.notice = self.guest.join(self.platform.form("join-form").get("name", ""))
        self.redraw()

    def guest_update(self, kind):
        """The host sent something: a new table (a welcome: the game or a rematch), the seat's
        news, the chat, or a refusal."""
        if kind == "welcome":
            self.ui, self.prefs, self.notice, self.seen_ply = {}, {}, None, 0
        elif kind == "state":
            if self.app.current is self:
                self.platform.set_flag("over", self.table.is_over())
            self.carry_hint()
            unsure = self.table.unsure_note()  # a move refused unanswered, maybe not on this table
            if unsure is not None:
                self.notice = unsure
        elif kind == "refused" and self.table.ready:  # a message refused mid-game: said once
            self.notice, self.table.refused = self.table.refused, None
        self.redraw()

    def gesture(self, act, arg):
        if act.startswith("room-"):  # the invite panel, the chat, a friend's seat to a bot
            if self.side is not None:
                self.side.handle(act, arg)
            return False
        return super().gesture(act, arg)

    def key(self, key):
        if key == "Escape" and self.confirm is not None:
            self.on_cancel_move(None)
            return True
        if self.table is not None and self.table.game is not None and self.cover is None:
            renderer = RENDERERS[self.table.game.info.id]
            if renderer.key(self, key):
                self.redraw()
                return True
        return super().key(key)

    def waiting_for_friends(self):
        """The game waits for friends on other devices to take their seats: nobody moves yet."""
        return self.side is not None and self.side.waiting()

    def presence(self):
        """Whether each friend's device is connected now, by seat (friend seats only)."""
        return self.side.presence() if self.side is not None else {}

    def room_html(self, names):
        return self.side.panel(names) if self.side is not None else ""
