"""The Number's table: digit sheets, the number pad, and the reveal with its reasons."""

from games.thenumber.data import DIGITS, NUMBER_LENGTH

from ..art import face
from ..html import button, esc, figure, tag
from ..i18n import _
from . import acting_seat

GAME_ID = "thenumber"
# A written number is shown as keycap tiles, one a digit: the keys the number was typed with.
ART = {"digit-" + d: "keycap-" + d for d in DIGITS}


def digit_tile(d, crossed, label, **items):
    """A digit of a player's sheet: its keycap tile, greyed and struck through once crossed out."""
    tile = face(GAME_ID, "digit-" + d, "digit-" + d, label, body=tag("span", esc(d), class_="tn-tile-digit"), classes="tn-tile")
    return tag("li", tile, class_="digit" + (" crossed" if crossed else ""), **items)


def tiles(number, classes=""):
    """A written number as digit tiles (keycaps), read as one number: the wrapper says it and each
    tile keeps its digit as text (copy, find in page), drawn by its picture."""
    faces = "".join(face(GAME_ID, "digit-" + d, "digit-" + d, None, body=tag("span", esc(d), class_="tn-tile-digit"), classes="tn-tile")
                    for d in number)
    return tag("span", faces, class_=("tn-tiles " + classes).strip(), role="img", aria_label=number, title=number)


def and_list(items):
    """Words joined "a, b and c" in the reader's language."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


class TheNumberRenderer:
    def prompt(self, ctx, seat):
        view = ctx.view
        if seat is None:
            return _("writing their numbers in secret.")
        if view["turn"] == view["turns"] - 1:
            return _("write a secret 3-digit number from your available digits (turn bonus {bonus}). Final turn: digit scores are doubled.").format(
                bonus=view["bonus"])
        return _("write a secret 3-digit number from your available digits (turn bonus {bonus}).").format(bonus=view["bonus"])

    def score(self, ctx, seat):
        return str(ctx.view["totals"][seat])

    def panel(self, ctx, seat):
        view = ctx.view
        avail = view["avail"][seat]
        digits = "".join(
            digit_tile(d, d not in avail, (_("{digit} available") if d in avail else _("{digit} crossed out")).format(digit=d),
                       data_anim=None if d in avail else "crossed-{}-{}".format(seat, d))
            for d in DIGITS
        )
        state = ""
        if not view["over"]:
            if view["written"][seat]:
                state = tag("span", _("has written"), class_="badge written")
            elif not avail:
                state = tag("span", _("no digit left"), class_="badge")
        rnd = view["round"] if not view["over"] else view["rounds"] - 1
        row = view["sheet"][seat][rnd]
        turns = "".join(
            tag("li", str(row["digits"][t] + row["bonus"][t]) if t < self._turns_done(view, rnd) else "·",
                title=_("turn {turn}: {points} + bonus {bonus}").format(turn=t + 1, points=row["digits"][t], bonus=row["bonus"][t]))
            for t in range(view["turns"])
        )
        return (
            tag("ol", digits, class_="digits", aria_label=_("Digits of {name} this round").format(name=ctx.names[seat]))
            + tag("div", tag("span", _("Round {round}:").format(round=rnd + 1), class_="label") + tag("ol", turns, class_="turns") + state, class_="round-line")
        )

    @staticmethod
    def _turns_done(view, rnd):
        if view["over"] or rnd < view["round"]:
            return view["turns"]
        return view["turn"]

    def board(self, ctx):
        view = ctx.view
        parts = []
        if not view["over"]:
            final = view["turn"] == view["turns"] - 1
            words = (_("Round {round} of {rounds} · Turn {turn} of {turns} · Turn bonus {bonus} · final turn: digit scores ×2") if final
                     else _("Round {round} of {rounds} · Turn {turn} of {turns} · Turn bonus {bonus}"))
            parts.append(tag("p", words.format(round=view["round"] + 1, rounds=view["rounds"], turn=view["turn"] + 1, turns=view["turns"],
                                               bonus=view["bonus"]), class_="turn-info"))
            if ctx.can_act:
                parts.append(self.pad(ctx))
            elif ctx.viewer is not None and view["mine"] is not None:
                parts.append(tag("p", _("You wrote {number}. Waiting for the others.").format(number=tiles(view["mine"], "number")),
                                 class_="wrote"))
        if view["reveals"]:
            parts.append(self.reveal(ctx, view["reveals"][-1], latest=True))
            older = view["reveals"][:-1]
            if older:
                parts.append(tag("details", tag("summary", _("Earlier reveals ({n})").format(n=len(older)))
                                 + "".join(self.reveal(ctx, r) for r in reversed(older)), class_="history"))
        return "".join(parts)

    def pad(self, ctx):
        typed = ctx.ui.get("typed", "")
        avail = ctx.view["avail"][ctx.viewer]
        slots = "".join(tag("span", esc(typed[i]) if i < len(typed) else "_", class_="slot" + (" filled" if i < len(typed) else ""))
                        for i in range(NUMBER_LENGTH))
        keys = "".join(
            button(d, "tn-digit", d, class_="key " + ("legal" if d in avail else "crossed"),
                   aria_label=d if d in avail else _("{digit} (crossed out)").format(digit=d),
                   disabled=d in avail and len(typed) >= NUMBER_LENGTH)
            for d in DIGITS
        )
        complete = len(typed) == NUMBER_LENGTH
        controls = (
            button(_("⌫ Back"), "tn-back", disabled=not typed)
            + button(_("Clear"), "tn-clear", disabled=not typed)
            + button(_("Write {number}").format(number=esc(typed)) if complete else _("Write"), "play", typed if complete else None,
                     class_="primary write", disabled=not complete)
        )
        return tag("div",
                   tag("div", slots, class_="display", aria_label=_("Your number"), aria_live="polite")
                   + tag("div", keys, class_="keys")
                   + tag("div", controls, class_="pad-controls"),
                   class_="pad", aria_label=_("Number pad"))

    def reveal(self, ctx, reveal, latest=False):
        rows = []
        for seat, number in enumerate(reveal["numbers"]):
            if number is None:
                outcome, cls = _("No digit left: writes nothing and scores 0."), "none"
            elif reveal["dq"][seat]:
                why = "; ".join(
                    _("bigger than {who}'s {number} and shares {digits}").format(who=ctx.names[o], number=reveal["numbers"][o], digits=and_list(shared))
                    for o, shared in reveal["dq"][seat])
                outcome, cls = _("Disqualified: {why}. Scores 0, keeps its digits.").format(why=why), "dq"
            elif reveal["bonus"][seat]:
                outcome, cls = _("Scores {points} + bonus {bonus}.").format(points=reveal["points"][seat], bonus=reveal["bonus"][seat]), "valid"
            else:
                outcome, cls = _("Scores {points}.").format(points=reveal["points"][seat]), "valid"
            rows.append(tag("tr",
                            tag("th", ctx.name(seat), scope="row")
                            + tag("td", tiles(number) if number else "—", class_="number")
                            + tag("td", esc(outcome)),
                            class_=cls, data_seat=str(seat),
                            data_anim="reveal-{}-{}-{}".format(reveal["round"], reveal["turn"], seat) if latest else None))
        where = dict(round=reveal["round"] + 1, turn=reveal["turn"] + 1)
        title = _("Round {round}, turn {turn}").format(**where)
        heading = _("Reveal · Round {round}, turn {turn}").format(**where) if latest else title
        return tag("section",
                   tag("h3", heading)
                   + tag("table", tag("tbody", "".join(rows)), class_="reveal-table"),
                   class_="reveal" + (" latest" if latest else ""), aria_label=_("Reveal of Round {round}, turn {turn}").format(**where))

    def rules_pictures(self):
        """How to play: a secret number, and a digit crossed out."""
        digits = "".join(digit_tile(d, d in "125", (_("{digit} crossed out") if d in "125" else _("{digit} available")).format(digit=d))
                         for d in DIGITS)
        return (figure(tiles("512", "tn-rule-tiles"), _("Your secret number: it scores its first digit, 5"))
                + figure(tag("ol", digits, class_="digits"), _("Its digits are crossed out for the round")))

    # --- gestures ------------------------------------------------------------------------
    def handle(self, screen, act, arg):
        # The pad is drawn only while the viewer writes: a key of an earlier page's pad (the
        # number written, the round over) types nothing into the next turn's number (issue 27).
        if acting_seat(screen) is None:
            return False
        typed = screen.ui.get("typed", "")
        if act == "tn-digit":
            if not isinstance(arg, str) or len(arg) != 1 or arg not in DIGITS:
                return False
            avail = screen.table.view(screen.viewer)["avail"][screen.viewer]
            if arg not in avail:
                # Ask the engine why a number with this digit is refused (TN-6).
                screen.explain(arg * NUMBER_LENGTH)
            elif len(typed) < NUMBER_LENGTH:
                screen.ui["typed"] = typed + arg
                screen.notice = None
            return True
        if act == "tn-back":
            screen.ui["typed"] = typed[:-1]
            return True
        if act == "tn-clear":
            screen.ui["typed"] = ""
            return True
        return False

    def prepare_hint(self, screen, action):
        """A hinted number is typed on the pad: its Write button then plays it."""
        screen.ui["typed"] = action

    def key(self, screen, key):
        if key in DIGITS:
            return self.handle(screen, "tn-digit", key)
        if key == "Backspace":
            return self.handle(screen, "tn-back", None)
        if key == "Escape" and screen.ui.get("typed"):
            return self.handle(screen, "tn-clear", None)
        if key == "Enter" and len(screen.ui.get("typed", "")) == NUMBER_LENGTH:
            screen.play(screen.ui["typed"])
        return False


RENDERER = TheNumberRenderer()
