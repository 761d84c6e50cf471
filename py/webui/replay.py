"""The replay viewer: any finished, saved or shared game, step by step.

A Replay holds a game's record (game, options, seats, seed, actions) and a Match at the step on
screen. Stepping forward plays the next moves; stepping back rebuilds from the seed (games are
short, and a rebuild is exactly what a saved game's load does).

Hidden information stays hidden while a game is unfinished: a replay or a share link of a game
still being played shows only what is public, plus the one human's own view when exactly one
human plays (that person is the one replaying). "See as" any seat opens once the game is over,
when every hand may be shown."""

from games import GAMES
from tabletop.match import Match
from tabletop.tables import LocalTable

from .html import attrs, button, esc, tag
from .i18n import _
from .renderers import RENDERERS
from .lobby import language_picker
from .screen import GameScreen
from .table import Context, event_html, log_section, player_panels, rules_section, score_sheet, seat_names, title_html


class Replay:
    def __init__(self, record, step=None):
        self.game = GAMES[record["game"]]
        self.record = record
        self.actions = [list(a) for a in record["actions"]]
        self.perspective = None  # the seat whose private information is shown (None: public)
        self.match = self._fresh()
        self.goto(self.last)
        self.finished = self.match.is_over()  # the recorded game reached its end
        self.goto(self.last if step is None else step)

    def perspectives(self):
        """The seats whose private view this replay may show, besides the public one."""
        if self.finished:
            return list(range(len(self.match.seats)))
        humans = self.match.humans()
        return humans if len(humans) == 1 else []

    def see_as(self, seat):
        """Show `seat`'s view (None: public); a seat this replay may not show is refused."""
        self.perspective = seat if seat in self.perspectives() else None

    def _fresh(self):
        return Match(self.game, self.record["seats"], self.record.get("options", {}), self.record["seed"])

    @property
    def step(self):
        return len(self.match.history)

    @property
    def last(self):
        return len(self.actions)

    def goto(self, step):
        step = max(0, min(self.last, int(step)))
        if step < self.step:
            self.match = self._fresh()
        for seat, action in self.actions[self.step:step]:
            self.match.play(seat, action)

    def prefix(self):
        """The record of the game up to the step on screen (to continue from there)."""
        return dict(self.record, actions=self.actions[: self.step])


def controls(replay):
    step, last = replay.step, replay.last
    names = seat_names(replay.match)
    seats = tag("option", _("Everyone (public)"), value="", selected=replay.perspective is None) + "".join(
        tag("option", esc(names[i]), value=str(i), selected=replay.perspective == i) for i in replay.perspectives())
    slider = "<input{}>".format(attrs(type="range", name="step", min="0", max=str(last), value=str(step),
                                      data_change="replay-goto", aria_label=_("Step")))
    return tag(
        "form",
        tag("div",
            button("«", "replay-step", "first", disabled=step == 0, aria_label=_("First step"))
            + button("‹", "replay-step", "prev", disabled=step == 0, aria_label=_("Previous step"))
            + tag("span", _("Step {step} of {last}").format(step=step, last=last), class_="replay-count", aria_live="polite")
            + button("›", "replay-step", "next", disabled=step == last, aria_label=_("Next step"))
            + button("»", "replay-step", "last", disabled=step == last, aria_label=_("Last step")),
            class_="replay-buttons")
        + slider
        + (tag("label", _("See as") + " " + tag("select", seats, name="seat", data_change="replay-seat")) if replay.perspectives() else
           tag("span", _("Hands stay hidden until the game is over."), class_="replay-note"))
        + ("" if replay.match.is_over() else button(_("Continue from here"), "continue-here", class_="primary")),
        id="replay-controls", class_="replay-controls", aria_label=_("Replay controls"),
    )


def status(ctx, replay):
    match = replay.match
    if replay.step == 0:
        return _("The start of the game, before the first move.")
    latest = [e for e in match.log_for(replay.perspective) if e["ply"] == replay.step]
    text = " ".join(event_html(ctx, e) for e in latest) or _("A hidden move.")
    return _("Move {step}: {text}").format(step=replay.step, text=text)


def render(screen):
    replay = screen.replay
    ctx = Context(screen, LocalTable(replay.match), replay.perspective, interactive=False)
    renderer = RENDERERS[replay.game.info.id]
    bar = tag(
        "header",
        tag("h1", _("Replay: {game}").format(game=title_html(replay.game.info, replay.match.options)))
        + tag("span", esc(_(ctx.table.progress())), class_="progress")
        + tag("nav", button(_("Share"), "share") + button(_("Hide rules") if screen.show_rules else _("Rules"), "rules") + screen.app.exit_link()
              + language_picker(short=True)),
        class_="bar",
    )
    parts = [bar, controls(replay), tag("p", status(ctx, replay), class_="status", id="status")]
    parts += screen.app.notices(replay.game.info)
    if screen.show_rules:
        parts.append(rules_section(ctx))
    board = renderer.board(ctx)
    if replay.match.is_over():
        board = score_sheet(ctx, buttons=False) + board
    parts.append(tag("div", player_panels(ctx, renderer) + tag("section", board, class_="board", aria_label=_("Table")) + log_section(ctx),
                     class_="table-layout"))
    parts.append(screen.app.share_dialog())
    return tag("div", "".join(parts), class_="game replay", id="game", data_game=replay.game.info.id, data_step=str(replay.step))


class ReplayScreen(GameScreen):
    """The replay viewer's screen: `replay` (a Replay) at the step shown."""

    name = "replay"

    def __init__(self, app, replay):
        super().__init__(app)
        self.replay = replay

    def shown(self):
        return self.replay

    def shown_table(self):
        return self.replay.match

    def full_page_link(self):
        return self.app.page_link(self.replay.match, self.replay.step)

    def shared(self):
        r = self.replay
        return r.match, (r.step if r.step < r.last else None), r.finished

    def render(self):
        return render(self)

    # A click can come from a screen that is gone (a double click on "Continue from here"): it
    # then reaches no handler.
    def on_replay_step(self, where):
        r = self.replay
        r.goto({"first": 0, "prev": r.step - 1, "next": r.step + 1, "last": r.last}.get(where, r.step))
        self.redraw()

    def on_replay_goto(self, _):
        value = self.platform.form("replay-controls").get("step", "")
        if value.isdigit():
            self.replay.goto(int(value))
        self.redraw()

    def on_replay_seat(self, _):
        value = self.platform.form("replay-controls").get("seat", "")
        self.replay.see_as(int(value) if value.isdigit() else None)
        self.redraw()

    def on_continue_here(self, _):
        self.app.continue_game(self.replay.prefix())
