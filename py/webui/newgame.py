"""The new-game dialog: its own state (the game, the seats, the shuffle number, the options,
the bots' speed) and its drawing. The App opens it, reads it on Start, and starts the game."""

from games import INFOS
from tabletop.match import HUMAN, NAME_MAX, SEAT_KINDS, seat_label

from .html import attrs, button, esc, tag
from .i18n import _
from .lobby import speed_field


class NewGameDialog:
    def __init__(self, game_id, speed):
        info = INFOS[game_id]
        self.game = game_id
        self.players = max(info.min_players, min(info.max_players, 3))
        self.seats = [{"kind": HUMAN if i == 0 else "normal", "name": ""} for i in range(info.max_players)]
        self.seed = ""
        self.options = {o.id: o.default for o in info.options}
        self.speed = speed
        self.hints = "on"  # the Hint control: "on" or "off" (a host's choice for friends' devices too)

    def read(self, form):
        """The dialog's fields as the page has them now (a change of the number of players
        redraws it with as many seats, keeping what was typed)."""
        info = INFOS[self.game]
        try:
            self.players = max(info.min_players, min(info.max_players, int(form.get("players", self.players))))
        except ValueError:
            pass
        for i, seat in enumerate(self.seats):
            seat["kind"] = form.get("kind-{}".format(i), seat["kind"])
            seat["name"] = form.get("name-{}".format(i), seat["name"])
        self.seed = form.get("seed", self.seed)
        for opt in info.options:
            self.options[opt.id] = form.get("opt-" + opt.id, self.options[opt.id])
        self.speed = form.get("speed", self.speed)
        self.hints = "off" if form.get("hints", self.hints) == "off" else "on"

    def chosen_seats(self):
        """(kinds, names) of the seats in play."""
        seats = self.seats[: self.players]
        return [s["kind"] for s in seats], [s["name"] for s in seats]

    def render(self, speeds):
        """The dialog, with the bots' speeds `speeds` (App.SPEEDS) on offer."""
        info = INFOS[self.game]
        players = tag(
            "select",
            "".join(tag("option", str(n), value=str(n), selected=n == self.players) for n in range(info.min_players, info.max_players + 1)),
            name="players", data_change="players",
        )
        seats = []
        for i in range(self.players):
            seat = self.seats[i]
            kinds = "".join(tag("option", esc(_(seat_label(k))), value=k, selected=k == seat["kind"]) for k in SEAT_KINDS)
            seats.append(
                tag("div",
                    tag("span", esc(_("Seat {n}").format(n=i + 1)), class_="seat-no")
                    + tag("select", kinds, name="kind-{}".format(i), aria_label=_("Seat {n} is").format(n=i + 1))
                    + "<input{}>".format(attrs(name="name-{}".format(i), value=seat["name"], placeholder=_("Name (optional)"),
                                               aria_label=_("Seat {n} name").format(n=i + 1), maxlength=str(NAME_MAX))),
                    class_="seat-row")
            )
        options = []
        for opt in info.options:
            current = self.options[opt.id]
            listed = opt.choices if any(v == current for v, _label in opt.choices) else opt.choices + ((current, current),)  # from a link
            choices = "".join(tag("option", esc(_(label)), value=v, selected=v == current) for v, label in listed)
            options.append(tag("label", esc(_(opt.label)) + " " + tag("select", choices, name="opt-" + opt.id), title=_(opt.help) or None))
        body = (
            tag("h2", esc(_("New game: {game}").format(game=_(info.title))), id="dialog-title")
            + tag("label", _("Players") + " " + players, class_="players-field")
            + tag("fieldset", tag("legend", _("Seats")) + "".join(seats))
            + "".join(options)
            + speed_field(speeds, self.speed, _("Bots play") + " ", "speed-field")
            + tag("label", _("Hints") + " " + tag("select", "".join(
                tag("option", esc(words), value=value, selected=value == self.hints)
                for value, words in (("on", _("Offered")), ("off", _("Off")))), name="hints"),
                  class_="hints-field", title=_("The Hint button shows the move the Hard bot would make, and why. "
                                                "At a table with friends on other devices, it is offered to them too."))
            + tag("label", _("Shuffle number (optional: the same number deals the same cards)") + " "
                  + "<input{}>".format(attrs(name="seed", value=self.seed, inputmode="numeric", placeholder=_("random"))), class_="seed-field")
            + tag("div", button(_("Start"), "start", class_="primary", type="submit") + button(_("Cancel"), "close-dialog"), class_="dialog-buttons")
        )
        form = tag("form", body, id="new-game", class_="dialog", data_submit="start", role="dialog", aria_modal="true", aria_labelledby="dialog-title")
        return tag("div", form, class_="backdrop")
