"""Mojo's table: the Mojo card, the draw and play piles, your hand (each card says what playing
it does), face-down and face-up cards in front of the players, and the round score sheets."""

from games.mojo.data import COLOUR_NAMES, COLOUR_OF, COLOUR_VALUES, COLOURS, DECK, MOJO_PENALTY
from games.mojo.rules import compare

from ..art import face, picture
from ..html import button, esc, figure, score_table, seat_heading, tag
from ..i18n import _, ngettext

PILE_SHOWN = 6  # cards of the play pile shown under the top one
GAME_ID = "mojo"
# The pictures of the table (Fluent Emoji Flat). Each colour keeps the shape its symbol had (the
# rules still say ◆ ♣ ★ ▲ ♥): blue the diamond (a gem), green the club (a four-leaf clover),
# yellow the star, orange the flame (a fire) and red the heart: five outlines that tell the
# colours apart without colour. The Mojo card is a crystal ball (a mojo is a charm); the backs of
# the draw pile and of face-down cards show the sparkles of its magic.
ART = {
    "blue": "gem-stone", "green": "four-leaf-clover", "yellow": "star", "orange": "fire", "red": "red-heart",
    "mojo": "crystal-ball", "back": "sparkles",
}


def card_name(value):
    """A card in words, its colour's name and its value ("blue 3")."""
    return _("{colour} {value}").format(colour=_(COLOUR_NAMES[COLOUR_OF[value]]), value=value)


def outcome_hint(outcome):
    """What playing a card does, under the card in the hand."""
    return {"lower": _("lower · turn ends"), "higher": _("higher · you draw"), "same": _("same · play again")}[outcome]


def play_label(value, outcome):
    """A card button's words for screen readers: the card and what playing it does."""
    words = {"lower": _("Play {card}: lower, turn ends"), "higher": _("Play {card}: higher, you draw"),
             "same": _("Play {card}: same, play again")}[outcome]
    return words.format(card=card_name(value))


def face_id(value):
    """A number card's face: its colour and value ("blue-0")."""
    return "{}-{}".format(COLOUR_OF[value], value)


def index(value, both=True):
    """The value in the corner where a hand is fanned, and (`both`) again upside down in the
    opposite one (the stylesheet shows it on the piles' big cards)."""
    end = tag("b", str(value), class_="mojo-index mojo-index-end", aria_hidden="true") if both else ""
    return tag("b", str(value), class_="mojo-index") + end


def card(value, classes="", **items):
    """A card face: its value in the corner, its colour's picture, words for screen readers."""
    colour = COLOUR_OF[value]
    label = items.pop("aria_label", None) or card_name(value)
    return face(GAME_ID, face_id(value), colour, label, body=index(value), classes="mojo-card mojo-" + colour + classes, **items)


def card_button(value, act, arg, extra="", label=None, classes=""):
    """A card to play or turn up: the button says the card and what playing it does; its face is
    the picture."""
    colour = COLOUR_OF[value]
    label = label or card_name(value)
    return button(face(GAME_ID, face_id(value), colour, None, body=index(value, both=False), classes="mojo-face") + " " + extra, act, arg,
                  class_="mojo-card mojo-" + colour + classes, aria_label=label, title=label,
                  data_anim="hand-%d" % value)


def back(count, label):
    """The draw pile: a card back, and how many cards it holds."""
    return face(GAME_ID, "back", "back", label, body=tag("b", str(count), class_="mojo-count-on-back"), classes="mojo-card mojo-back")


def mojo_card(side, label):
    """The Mojo card: the crystal ball, and the side it shows once taken (0 or +10; "Mojo" while
    it lies in the centre)."""
    face_id = "mojo" if side is None else "mojo-0" if side == "0" else "mojo-plus"
    words = tag("span", "Mojo" if side is None else side, class_="mojo-side-value")
    return face(GAME_ID, face_id, "mojo", label, body=words, classes="mojo-side")


class MojoRenderer:
    def prompt(self, ctx, seat):
        view = ctx.view
        top = view["pile"][-1]
        acting = view["turn"]
        if seat is None:
            if view["hand_sizes"][acting]:
                return _("playing a card on the {top}.").format(top=top)
            return _("turning up a face-down card.")
        if view["hand"]:
            if view["again"]:
                return _("you matched the {top}: play again.").format(top=top)
            return _("play a card on the {top}: lower ends your turn, higher makes you draw, the same value plays again.").format(top=top)
        return _("your cards are face down: turn one of them up (the last one ends the round).")

    def score(self, ctx, seat):
        return str(ctx.view["totals"][seat])

    def panel(self, ctx, seat):
        view = ctx.view
        parts = []
        hand = view["hand_sizes"][seat]
        down = view["down_counts"][seat]
        if hand:
            parts.append(tag("span", ngettext("Hand: {n} card", "Hand: {n} cards", hand).format(n=hand), class_="mojo-count"))
        if down:
            parts.append(face(GAME_ID, "back", "back", _("Face down: {n}").format(n=down), body=tag("b", "×{}".format(down)),
                              classes="mojo-count mojo-facedown"))
        if view["mojo"] == seat:
            side = "0" if view["mojo_side"] == 0 else "+{}".format(MOJO_PENALTY)
            parts.append(tag("span", _("Mojo card ({side})").format(side=side), class_="badge mojo-holder",
                             title=_("Took the Mojo card last round and started this one")))
        if view["again"] and view["turn"] == seat and not view["over"]:
            parts.append(tag("span", _("plays again"), class_="badge"))
        line = tag("div", "".join(parts), class_="mojo-counts")
        up = view["up"][seat]
        faceup = tag("div", tag("span", _("Face up:"), class_="label") + "".join(card(v, data_anim="up-%d" % v) for v in up), class_="mojo-up") if up else ""
        return line + faceup

    def board(self, ctx):
        view = ctx.view
        parts = []
        if view["rounds"] and self._fresh(ctx):
            parts.append(self.round_sheet(ctx, len(view["rounds"]) - 1, fresh=True))
        if not view["over"]:
            parts.append(self.centre(ctx))
            if ctx.viewer is not None:
                parts.append(self.own_cards(ctx))
        if view["rounds"]:
            if ctx.ui.get("mojo-sheets"):
                parts.append(button(_("Hide the round score sheets"), "mojo-sheets", class_="link mojo-sheets-toggle"))
                for r in reversed(range(len(view["rounds"]))):
                    parts.append(self.round_sheet(ctx, r))
            else:
                parts.append(button(_("Show the round score sheets ({n})").format(n=len(view["rounds"])), "mojo-sheets", class_="link mojo-sheets-toggle"))
        return "".join(parts)

    def _fresh(self, ctx):
        """The last round's sheet stays on the table until the player at the screen has made
        their first move of the next round (spectators: until everyone has)."""
        view = ctx.view
        if view["over"]:
            return True
        if ctx.viewer is None:
            return min(view["moves"]) == 0
        return view["moves"][ctx.viewer] == 0

    def centre(self, ctx):
        view = ctx.view
        pile = view["pile"]
        top = pile[-1]
        under = pile[-1 - PILE_SHOWN:-1]
        if view["mojo"] is None:
            mojo = tag("div", mojo_card(None, _("The Mojo card, in the centre")) + tag("small", _("in the centre")), class_="mojo-mojo")
        else:
            side = "0" if view["mojo_side"] == 0 else "+{}".format(MOJO_PENALTY)
            mojo = tag("div", mojo_card(side, _("The Mojo card shows {side} for {name}").format(side=side, name=ctx.names[view["mojo"]]))
                       + tag("small", _("taken by {name}").format(name=ctx.name(view["mojo"]))),
                       class_="mojo-mojo" + (" plus" if view["mojo_side"] else ""))
        count = view["draw_count"]
        draw = tag("div", back(count, ngettext("Draw pile: {n} card", "Draw pile: {n} cards", count).format(n=count))
                   + tag("small", _("draw pile")), class_="mojo-stack")
        played = tag("div", card(top, " mojo-top", data_anim="pile-top", aria_label=_("Top of the play pile: {card}").format(card=card_name(top)))
                     + tag("small", _("play pile ({n})").format(n=len(pile))), class_="mojo-stack")
        history = ""
        if under:
            history = tag("div", tag("span", _("Under it:"), class_="label") + "".join(card(v) for v in reversed(under)), class_="mojo-under")
        info = tag("p", _("Round {round} · {name} started it · face down at {limit} cards or fewer").format(
            round=view["round"] + 1, name=ctx.name(view["starter"]), limit=view["limit"]), class_="mojo-info")
        return tag("div", info + tag("div", mojo + draw + played, class_="mojo-centre") + history, class_="mojo-table", aria_label=_("The table"))

    def own_cards(self, ctx):
        view = ctx.view
        legal = set(ctx.legal())
        top = view["pile"][-1]
        if view["hand"]:
            cards = []
            for v in view["hand"]:
                action = "play:%d" % v
                outcome = compare(v, top)
                hint = tag("small", outcome_hint(outcome), class_="mojo-hint")
                label = play_label(v, outcome)
                if action in legal:
                    cards.append(card_button(v, "play", action, hint, label, " legal " + outcome))
                else:
                    cards.append(card_button(v, "mojo-try", action, hint, label, " " + outcome))
            n = len(view["hand"])
            title = ngettext("Your hand ({n} card)", "Your hand ({n} cards)", n).format(n=n)
            return tag("section", tag("h3", title) + tag("div", "".join(cards), class_="mojo-hand-cards"), class_="mojo-hand", aria_label=_("Your hand"))
        if view["down"]:
            cards = []
            for v in view["down"]:
                action = "reveal:%d" % v
                hint = tag("small", _("turn up"), class_="mojo-hint")
                label = _("Turn up your face-down {card}").format(card=card_name(v))
                act = "play" if action in legal else "mojo-try"
                cards.append(card_button(v, act, action, hint, label, " mojo-own-down" + (" legal" if action in legal else "")))
            title = _("Your face-down cards ({n}, only you can see them)").format(n=len(view["down"]))
            return tag("section", tag("h3", title) + tag("p", _("They count only once turned up; turning up the last one ends the round."), class_="mojo-info")
                       + tag("div", "".join(cards), class_="mojo-hand-cards"), class_="mojo-hand mojo-down", aria_label=_("Your face-down cards"))
        return ""

    def round_sheet(self, ctx, r, fresh=False):
        view = ctx.view
        rnd = view["rounds"][r]
        n = view["players"]
        head = tag("tr", tag("th", "", scope="col") + "".join(
            tag("th", seat_heading(ctx.names[s], " (Mojo)" if s == rnd["mojo"] else "", " (M)" if s == rnd["mojo"] else ""),
                scope="col", title=ctx.names[s], class_="mojo-holder" if s == rnd["mojo"] else None)
            for s in range(n)))
        rows = []
        for i, colour in enumerate(COLOURS):
            cells = "".join(tag("td", str(rnd["best"][s][i]) if rnd["best"][s][i] is not None else "—") for s in range(n))
            name = _(COLOUR_NAMES[colour])
            rows.append(tag("tr", tag("th", picture(GAME_ID, colour) + name[:1].upper() + name[1:], scope="row") + cells, class_="mojo-" + colour + "-row"))
        rows.append(tag("tr", tag("th", _("Cards"), scope="row") + "".join(tag("td", str(c)) for c in rnd["cards"]), class_="subtotal"))
        mojo = []
        for s in range(n):
            if s != rnd["mojo"]:
                mojo.append(tag("td", ""))
            elif rnd["side"] == 0:
                mojo.append(tag("td", _("0 (lowest)"), class_="mojo-zero"))
            else:
                mojo.append(tag("td", "+{}".format(MOJO_PENALTY), class_="mojo-plus"))
        rows.append(tag("tr", tag("th", _("Mojo card"), scope="row") + "".join(mojo)))
        rows.append(tag("tr", tag("th", _("Round score"), scope="row") + "".join(tag("td", str(p)) for p in rnd["points"]), class_="subtotal"))
        rows.append(tag("tr", tag("th", _("Total"), scope="row") + "".join(tag("td", str(t)) for t in rnd["totals"]), class_="total"))
        title = _("Round {round} score sheet").format(round=r + 1)
        note = ""
        if fresh and not view["over"]:
            note = tag("p", _("Round {round} is under way; this sheet stays until your first move of it. Lowest total wins at the end.").format(round=view["round"] + 1)
                       if ctx.viewer is not None else _("Round {round} is under way.").format(round=view["round"] + 1), class_="mojo-info")
        return tag("section", tag("h3", esc(title)) + score_table(tag("caption", _("Highest card of each colour (hand and face-up cards), then the Mojo card"))
                                                                  + tag("thead", head) + tag("tbody", "".join(rows)), n, title,
                                                                  class_="score-sheet mojo-round-sheet") + note,
                   class_="mojo-round" + (" fresh" if fresh else ""), aria_label=title)

    def rules_pictures(self):
        """How to play: the cards (every value in its colour, the Mojo card's two sides, the back),
        then what a card does on the pile's top card."""
        deck = "".join(tag("span", "".join(card(v) for v in COLOUR_VALUES[c]), class_="mojo-suit") for c in COLOURS)
        sides = ("0", "+{}".format(MOJO_PENALTY))
        mojo = ("".join(mojo_card(side, _("Mojo card ({side})").format(side=side)) for side in sides)
                + back(len(DECK), ngettext("Draw pile: {n} card", "Draw pile: {n} cards", len(DECK)).format(n=len(DECK))))
        cards = figure(tag("div", deck, class_="mojo-deck") + tag("div", mojo, class_="mojo-deck mojo-extras"),
                       esc(_("The {n} cards: 0 to {top} in five colours, and the Mojo card ({zero} / {plus})").format(
                           n=len(DECK), top=max(DECK), zero=sides[0], plus=sides[1])))
        return cards + "".join(figure(card(top) + " " + card(v), words) for top, v, words in
                               ((9, 4, _("Lower: your turn ends")), (4, 9, _("Higher: you draw")), (6, 6, _("Same: play again"))))

    # --- gestures ------------------------------------------------------------------------
    def handle(self, screen, act, arg):
        if act == "mojo-sheets":
            screen.ui["mojo-sheets"] = not screen.ui.get("mojo-sheets")
            return True
        if act == "mojo-try":  # why a card cannot be played: answered for the game as it is now
            if screen.viewer is None or screen.cover is not None or not isinstance(arg, str):
                return False
            screen.explain(arg)
            return True
        return False

    def key(self, screen, key):
        return False


RENDERER = MojoRenderer()
