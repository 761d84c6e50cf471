"""The game screen shared by every game: status line, player panels, board, log, undo, rules
panel, pass-the-device cover and the final score sheet. The board and the per-player details
come from the game's renderer (renderers/__init__.py)."""

from tabletop.match import BOT_LEVELS, said_name, seat_label
from tabletop.msg import M, Message

from . import rules
from .html import button, esc, join_names, score_table, seat_heading, tag, variant_words
from .i18n import _, with_names
from .lobby import language_picker, speed_field
from .renderers import RENDERERS


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

    def __init__(self, app, table=None, viewer=None, interactive=True):
        self.app = app
        self.table = table if table is not None else app.table
        self.game = self.table.game
        self.interactive = interactive
        self.viewer = app.viewer if interactive else viewer
        self.view = self.table.view(self.viewer)
        self.ui = app.ui
        self.prefs = app.prefs if interactive else {}
        self.names = seat_names(self.table)
        self.acting = self.table.to_act()
        self.can_act = (interactive and app.cover is None and self.viewer is not None and self.viewer in self.acting
                        and not (app.room is not None and app.room.waiting()))
        self.presence = app.presence() if interactive else {}  # friends' devices: connected or not

    def name(self, seat):
        return esc(self.names[seat])

    def legal(self):
        return self.table.legal(self.viewer) if self.can_act else []


def status_line(ctx, renderer):
    app, table = ctx.app, ctx.table
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
    if app.cover is not None:
        return _("Pass the device to {name}.").format(name=ctx.name(app.cover))
    if app.room is not None and app.room.waiting():
        return _("Waiting for friends to join: send each one their invite below.")
    thinking = _("{name} is thinking…").format(name=ctx.name(app.thinking)) if app.thinking is not None else ""
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
    news = [e for e in ctx.table.log_for(ctx.viewer) if e.get("announce") and e["ply"] > ctx.app.seen_ply
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


def player_panels(ctx, renderer):
    panels = []
    for seat, info in enumerate(ctx.table.seats):
        acting = seat in ctx.acting
        head = (
            tag("h3", ctx.name(seat) + (" " + tag("span", _("(you)"), class_="you") if seat == ctx.viewer else ""))
            + tag("span", esc(_(seat_label(info["kind"]))), class_="kind")
            + (tag("span", _("connected") if ctx.presence[seat] else _("not connected"),
                   class_="presence " + ("online" if ctx.presence[seat] else "offline")) if seat in ctx.presence else "")
            + tag("span", renderer.score(ctx, seat), class_="score", aria_label=_("score"), data_anim="score-%d" % seat)
        )
        panels.append(
            tag("section", tag("header", head) + renderer.panel(ctx, seat),
                class_="player" + (" acting" if acting else "") + (" viewer" if seat == ctx.viewer else ""),
                data_seat=str(seat), aria_label="{} ({})".format(ctx.names[seat], _(seat_label(info["kind"]))))
        )
    return tag("section", "".join(panels), class_="players", aria_label=_("Players"))


def log_section(ctx):
    """The newest move first, and each move's lines in the order they happened: the move, then
    what it caused ("serves..." above "Loved!..."). One item per move (events share a ply)."""
    moves = []
    for e in ctx.table.log_for(ctx.viewer)[-300:]:
        if not moves or moves[-1][0]["ply"] != e["ply"]:
            moves.append([])
        moves[-1].append(e)
    items = "".join(tag("li", "".join(tag("div", event_html(ctx, e), class_="log-" + e["type"]) for e in move), class_="log-move")
                    for move in reversed(moves))
    return tag("section", tag("h2", _("Game log")) + tag("ol", items, reversed=True, class_="log-list"), class_="log",
               aria_label=_("Game log"), tabindex="0")


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
    if ctx.app.record_note and ctx.interactive:  # not in the replay viewer
        said = _(ctx.app.record_note)
        notes += tag("p", esc(said[:1].upper() + said[1:]), class_="record")
    return tag(
        "section",
        tag("h2", _("Score sheet"))
        + tag("p", result_headline(ctx, result), class_="headline")
        + score_table(tag("thead", head) + tag("tbody", rows), len(ctx.names), _("Score sheet table"))
        + notes
        + (tag("div", sheet_buttons(ctx.app), class_="sheet-buttons") if buttons else ""),
        class_="sheet", id="score-sheet", aria_label=_("Score sheet"),
    )


def sheet_buttons(app):
    if app.guest is not None:  # the game's record is the host's; a rematch is the host's call
        return (tag("span", _("{host} can start a rematch.").format(host=esc(app.guest.host_label())), class_="sheet-wait")
                + button(_("Back to the lobby"), "lobby"))
    return (button(_("Rematch"), "rematch", class_="primary") + button(_("Replay"), "replay-this") + button(_("Share"), "share")
            + ("" if app.embed else button(_("Back to the lobby"), "lobby")))


def title_html(info, options):
    """The title bar's heading: the game and, smaller, its mode and variants ("· Co-operative")."""
    words = variant_words(info, options)
    return esc(_(info.title)) + (tag("span", esc(" · " + " · ".join(words)), class_="variants") if words else "")


def cover(ctx):
    """The pass-the-device cover. The table under it shows public information only (the viewer
    is None), and the Rules and Lobby reach past it without the hand: the rules open on the
    cover itself, and closing them comes back to it."""
    app, seat = ctx.app, ctx.app.cover
    if app.show_rules:
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
                   + tag("div", button(_("Rules"), "rules", aria_expanded="false") + app.exit_link(), class_="cover-more"),
                   class_="cover-card")
    return tag("div", card, class_="cover", role="dialog", aria_modal="true", aria_label=_("Pass the device"))


def speed_menu(app, over):
    """How fast the bots play, changed in play (a game with bots, still running)."""
    if over or app.guest is not None or not any(s["kind"] in BOT_LEVELS for s in app.table.seats):
        return ""
    return tag("form", speed_field(app.SPEEDS, app.speed, tag("span", _("Bots") + " ", class_="speed-words"), "speed",
                                   data_change="speed", aria_label=_("Bot speed"), title=_("How fast the bots play")),
               id="speed-form")


def render(app):
    ctx = Context(app)
    renderer = RENDERERS[ctx.game.info.id]
    over = ctx.table.is_over()
    # Undo stays focusable when it cannot work, and says why (its title, and a notice if pressed).
    undo_why = ctx.table.undo_blocked(ctx.viewer) if ctx.viewer is not None and app.cover is None else \
        M("Nothing to take back: it is not your turn on this screen.")
    bar = tag(
        "header",
        tag("h1", title_html(ctx.game.info, ctx.table.options))
        + tag("span", esc(_(ctx.table.progress())), class_="progress")
        + tag("nav",
              ("" if over else button(_("Undo"), "undo", aria_disabled="true" if undo_why else None, class_="undo",
                                      title=_(undo_why) if undo_why else _("Take back your last move of this turn")))
              + speed_menu(app, over)
              + ("" if app.guest is not None else button(_("Share"), "share", title=_("A link that carries this game")))
              + button(_("Hide rules") if app.show_rules else _("Rules"), "rules", aria_expanded="true" if app.show_rules else "false")
              + app.exit_link()
              + language_picker(short=True)),
        class_="bar",
    )
    parts = [bar, tag("p", status_line(ctx, renderer), class_="status", id="status", tabindex="-1")]
    if app.cover is None:
        parts.append(announcements(ctx))
    parts += app.notices(ctx.game.info)
    parts.append(app.room_html(ctx.names))
    if app.show_rules and app.cover is None:  # with the cover up, the rules show on it
        parts.append(rules_section(ctx))
    board = renderer.board(ctx)
    if over:
        board = score_sheet(ctx) + board
    parts.append(tag("div", player_panels(ctx, renderer) + tag("section", board, class_="board", aria_label=_("Table")) + log_section(ctx),
                     class_="table-layout"))
    if app.cover is not None:
        parts.append(cover(ctx))
    parts.append(app.share_dialog())
    if app.confirm is not None:
        parts.append(confirm_dialog(ctx))
    # data-moves: how many moves the game in memory holds (tests compare it with the save)
    return tag("div", "".join(parts), class_="game", id="game", data_game=ctx.game.info.id,
               data_moves=str(ctx.table.moves))


def confirm_dialog(ctx):
    """A hurtful move (Game.warning) waits for the player's yes, once."""
    body = (tag("h2", _("Are you sure?"), id="confirm-title")
            + tag("p", rules.with_links(with_names(ctx.app.confirm["text"], ctx.names), ctx.game.info), id="confirm-text")
            + tag("div", button(_("Play it anyway"), "confirm-move", class_="danger") + button(_("Cancel"), "cancel-move", class_="primary"),
                  class_="dialog-buttons"))
    return tag("div", tag("div", body, class_="dialog", id="confirm-move", role="alertdialog", aria_modal="true",
                          aria_labelledby="confirm-title", aria_describedby="confirm-text"), class_="backdrop")
