"""Hội Phố's table: your hand, the face-down picks, the last reveal step by step, the skills'
choices, and the round's result."""

from games.hoipho.data import HIGH_PAY, MERCHANTS, RIVALS, SECOND_PAY, SHIP_PAY, THROW_NAMES
from games.hoipho.rules import card_name, is_ship, left_of, printed, skill_of
from tabletop import N_
from tabletop.msg import from_data

from ..art import face
from ..html import button, esc, figure, join_names, sr_only, tag
from ..i18n import _, ngettext, with_names

GAME_ID = "hoipho"
# The pictures of the table (Fluent Emoji Flat): the twelve merchants are the Vietnamese zodiac's
# animals (the Buffalo, not the Ox; the Cat, not the Rabbit), drawn as faces where the set has one
# so that they read at a hand's size; the ship a sailing junk of the port, coins and contracts
# (a scroll), Hội An's red lantern on the backs, and the Mouse's rock, paper and scissors.
ART = {
    "mouse": "mouse-face", "buffalo": "water-buffalo", "tiger": "tiger-face", "cat": "cat-face",
    "dragon": "dragon-face", "snake": "snake", "horse": "horse-face", "goat": "goat",
    "monkey": "monkey-face", "hen": "chicken", "dog": "dog-face", "pig": "pig-face",
    "ship": "sailboat", "coin": "coin", "contract": "scroll", "back": "red-paper-lantern",
    "rock": "rock", "paper": "raised-hand", "scissors": "victory-hand",
}

SHORT_SKILL = {
    "mouse": N_("+3 coins, then rock-paper-scissors: the loser discards half their coins"),
    "buffalo": N_("+3 coins"),
    "tiger": N_("Everyone passes a card to their left"),
    "cat": N_("Give a card to an opponent, take a random one of theirs"),
    "dragon": N_("Every coin gained this turn goes back"),
    "snake": N_("Steal 3 coins from a player"),
    "horse": N_("Swap the coins of two players"),
    "goat": N_("+1 contract (+1 more if you take the round's contract)"),
    "monkey": N_("Copy a skill revealed this round"),
    "hen": N_("No skill"),
    "dog": N_("Lose 1 coin"),
    "pig": N_("Give 1 coin to each neighbour"),
}
THROW_LABEL = {"rock": N_("Rock"), "paper": N_("Paper"), "scissors": N_("Scissors")}
# The verb said before a card of the hand, for screen readers.
HAND_VERB = {"discard": N_("Discard:"), "play": N_("Play:"), "give": N_("Give:"), "pass": N_("Pass:")}


def merchant_name(card):
    """The merchant's name on `card` in the reader's language ("Dog")."""
    return _(MERCHANTS[printed(card)][0])


def ship_note():
    return _("Alone +{alone}, two ships +{two} each, 3 or more: nothing").format(alone=SHIP_PAY[1], two=SHIP_PAY[2])


def coins_words(n):
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def rival_note(card, met=None):
    """HP-4 on a card: the rule while the card is unplayed (met None); on a revealed card, only
    when it met its rival. As a rule, not a score: "Meets the Cat: 0" on every Dog read as if
    the Dog counted 0 now."""
    if met:
        return _("Met its rival: 0 this turn")
    rival = RIVALS.get(printed(card)) if met is None else None
    return _("0 if it meets the {merchant}").format(merchant=_(MERCHANTS[rival][0])) if rival else None


def card_words(card, met=None):
    """What a screen reader says for a card."""
    if is_ship(card):
        return _("Merchant ship, reputation 0: {note}").format(note=ship_note())
    rep, note = printed(card), rival_note(card, met)
    args = dict(merchant=merchant_name(card), rep=rep, skill=_(SHORT_SKILL[skill_of(card)]), note=note)
    if note:
        return _("{merchant}, reputation {rep}: {skill}; {note}").format(**args)
    return _("{merchant}, reputation {rep}: {skill}").format(**args)


def card_kind(card):
    """The card's kind and picture: "ship" or the merchant's skill id ("dog")."""
    return "ship" if is_ship(card) else skill_of(card)


def card_face(card, shown_rep=None, met=None, label=None, element="span", classes="hoipho-face", **items):
    """A card's face: its reputation in the corner, the merchant's picture, its name, its skill in
    short words and its special condition (rival_note). Decorative (label None) inside a button
    whose words name the card; a card on its own passes its words as `label`."""
    note = None
    if is_ship(card):
        rep, name, text = 0, _("Ship"), ship_note()
    else:
        rep = printed(card)
        name, text, note = merchant_name(card), _(SHORT_SKILL[skill_of(card)]), rival_note(card, met)
    number = tag("span", str(rep), class_="hoipho-rep")
    if shown_rep is not None and shown_rep != rep:
        number = tag("span", tag("s", str(rep)) + " " + str(shown_rep), class_="hoipho-rep hoipho-zeroed")
    body = (number + tag("span", esc(name), class_="hoipho-name") + tag("span", esc(text), class_="hoipho-skill")
            + (tag("span", esc(note), class_="hoipho-note" + (" hoipho-met" if met else "")) if note else ""))
    return face(GAME_ID, card_kind(card), card_kind(card), label, body=body, element=element, classes=classes, **items)


def card_class(card, extra=""):
    return "hoipho-card hoipho-{}{}".format(card_kind(card), (" " + extra) if extra else "")


def mini_face(card, classes="", named=False):
    """A revealed card in small: its picture and reputation ("2" and the Buffalo), its name if
    `named`; its words on hover."""
    name = _("Ship") if is_ship(card) else merchant_name(card)
    label = _("ship") if is_ship(card) else _("{rep} {merchant}").format(rep=printed(card), merchant=name)
    body = tag("b", str(printed(card))) + (tag("span", esc(name), class_="hoipho-name") if named else "")
    return face(GAME_ID, card_kind(card), card_kind(card), label, body=body,
                classes=("hoipho-mini " + ("hoipho-ship" if is_ship(card) else "hoipho-merchant") + " " + classes).strip(),
                title=card_words(card))


def token(kind, n, label, **items):
    """Coins or contracts as a token: the picture and how many."""
    return face(GAME_ID, kind, kind, label, body=tag("b", str(n), aria_hidden="true"), classes="hoipho-token hoipho-" + kind, **items)


def card_back(body=""):
    """A face-down card: Hội An's lantern on the red back."""
    return face(GAME_ID, "back", "back", None, body=body, classes="hoipho-back")


class HoiPhoRenderer:
    def rules_pictures(self):
        """How to play: a turn's reveal, the lowest merchant's skill firing."""
        cards = "".join(card_face(c, label=card_words(c), element="div", classes=card_class(c)) for c in ("m2", "m7", "s1"))
        every = "".join(mini_face(c, named=True) for c in ["m%d" % rep for rep in sorted(MERCHANTS)] + ["s1"])
        return (figure(tag("div", cards, class_="hoipho-how"),
                       esc(_("Shown at once: 7 earns 2 coins, 2 earns 1 and fires its skill, the ship pays 3")))
                + figure(tag("div", every, class_="hoipho-how hoipho-every"), esc(_("The twelve merchants and the merchant ship"))))

    # --- the status line ---------------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        d = view["decision"]
        if phase == "over":
            return ""
        if seat is None:
            if phase == "discard":
                return _("discarding a card face up, all at once.")
            if phase == "pick":
                return _("picking their cards face down.")
            return self._others_choice(ctx, d)
        if phase == "discard":
            return _("discard one card face up (everyone discards at once, then the discards are shown).")
        if phase == "pick":
            return _("pick a card to play face down (turn {turn} of {turns}; the fourth card stays in your hand).").format(
                turn=view["turn"] + 1, turns=view["turns"])
        step = d["step"]
        if step == "throw":
            other = d["target"] if seat == d["owner"] else d["owner"]
            return _("rock-paper-scissors against {name} for the Mouse: throw in secret.").format(name=ctx.name(other))
        if step == "pass":
            return _("the Tiger: choose a card to pass to {name} on your left.").format(name=ctx.name(left_of(seat, view["players"])))
        if step == "swap" and d["swap"]:
            return _("your Horse swaps {name}'s coins with whose? Choose the second player.").format(name=ctx.name(d["swap"][0]))
        if step == "copy":
            return _("choose the skill your Monkey copies.")
        if step == "target":
            return _("choose an opponent for your {merchant}.").format(merchant=merchant_name(d["card"]))
        if step == "give":
            return _("choose a card to give to {name}.").format(name=ctx.name(d["target"]))
        return _("choose two players whose coins your Horse swaps.")

    def _others_choice(self, ctx, d):
        step = d["step"]
        if step == "throw":
            return _("throwing rock, paper or scissors in secret.")
        if step == "pass":
            return _("choosing a card to pass to their left.")
        return _("choosing for the {merchant}'s skill.").format(merchant=merchant_name(d["card"]))

    # --- the players' panels -----------------------------------------------------------------
    def score(self, ctx, seat):
        return str(ctx.view["contracts"][seat])

    def panel(self, ctx, seat):
        view = ctx.view
        coins = view["coins"][seat]
        contracts = view["contracts"][seat]
        stats = (token("coin", coins, coins_words(coins), data_anim="coins-%d" % seat)
                 + token("contract", contracts, ngettext("{n} contract", "{n} contracts", contracts).format(n=contracts)))
        if seat in view["goat"] and not view["over"]:
            stats += tag("span", _("Goat: +1 more with the round"), class_="badge hoipho-goat")
        parts = [tag("div", stats, class_="hoipho-stats")]
        status = self._seat_status(ctx, seat)
        size = view["hand_sizes"][seat]
        parts.append(tag("div", ngettext("{n} card in hand", "{n} cards in hand", size).format(n=size)
                         + (" " + status if status else ""), class_="hoipho-handline"))
        played = view["played"][seat]
        if played or view["discards"][seat]:
            minis = "".join(self.mini(c) for c in played)
            if view["discards"][seat]:
                minis += tag("span", _("discarded {card}").format(card=self.mini(view["discards"][seat])), class_="hoipho-discarded")
            parts.append(tag("div", tag("span", _("This round:"), class_="label") + minis, class_="hoipho-played",
                             aria_label=_("Cards {name} revealed this round").format(name=ctx.names[seat])))
        known = [c for holder, c in view["known"] if holder == seat]
        if known and ctx.viewer is not None:
            parts.append(tag("p", _("You know {name} holds {cards}.").format(
                name=ctx.name(seat), cards=esc(join_names(_(card_name(c)) for c in known))), class_="hoipho-known"))
        return "".join(parts)

    def _seat_status(self, ctx, seat):
        view = ctx.view
        if view["over"]:
            return ""
        if view["phase"] in ("pick", "discard"):
            if view["picked"][seat]:
                return tag("span", _("card face down") if view["phase"] == "pick" else _("has discarded"), class_="badge written")
            return ""
        d = view["decision"]
        if d["step"] == "throw" and seat in (d["owner"], d["target"]):
            return tag("span", _("has thrown") if d["thrown"][seat] else _("to throw"), class_="badge" + (" written" if d["thrown"][seat] else ""))
        if d["step"] == "pass":
            return tag("span", _("has chosen") if d["passed"][seat] else _("to pass"), class_="badge" + (" written" if d["passed"][seat] else ""))
        return ""

    def mini(self, card):
        return mini_face(card)

    # --- the table -----------------------------------------------------------------------------
    def board(self, ctx):
        view = ctx.view
        parts = []
        if not view["over"]:
            where = dict(round=view["round"] + 1, turn=view["turn"] + 1, turns=view["turns"])
            if view["phase"] == "discard":
                line = _("Round {round} · opening discard").format(**where)
            elif view["phase"] == "pick":
                line = _("Round {round} · turn {turn} of {turns}").format(**where)
            else:
                line = _("Round {round} · turn {turn} of {turns}: a skill").format(**where)
            parts.append(tag("p", line, class_="turn-info"))
            parts.append(self.action_area(ctx))
            parts.append(self.face_down(ctx))
        reveals = view["reveals"]
        if reveals:
            parts.append(self.reveal(ctx, reveals[-1], latest=True))
        if view["rounds"] and (view["over"] or not view["played"][0] or view["phase"] == "discard"):
            parts.append(self.round_result(ctx, view["rounds"][-1]))
        older = [r for r in reveals[:-1] if r["round"] == view["round"] or (view["over"] and r["round"] == reveals[-1]["round"])]
        if older:
            parts.append(tag("details", tag("summary", _("Earlier turns this round ({n})").format(n=len(older)))
                             + "".join(self.reveal(ctx, r) for r in reversed(older)), class_="history"))
        if view["rounds"] and not (view["over"] or not view["played"][0] or view["phase"] == "discard"):
            parts.append(tag("details", tag("summary", _("Last round's result")) + self.round_result(ctx, view["rounds"][-1]), class_="history"))
        return "".join(parts)

    def action_area(self, ctx):
        """What the viewer may do now, and the hand (to look at while deciding or waiting)."""
        view = ctx.view
        if ctx.viewer is None:
            return ""
        legal = ctx.legal()
        d = view["decision"]
        choice = ""
        verb = None
        if ctx.can_act:
            if d is not None and d["step"] in ("copy", "target", "throw", "swap"):
                choice = tag("section", self.choice_buttons(ctx, legal), class_="hoipho-choice", aria_label=_("Your choice"))
            else:
                verb = {"discard": "discard", "pick": "play"}.get(view["phase"]) or d["step"]
        cards = []
        for c in view["hand"] or []:
            action = "{}:{}".format(verb or "play", c)
            chosen = c in (view["mine"], d and d["my_pass"])
            if action in legal:
                cards.append(button(sr_only(_(HAND_VERB[verb]) + " ") + card_face(c), "play", action, class_=card_class(c, "legal"),
                                    data_anim="hand-" + c, title=card_words(c)))
            else:
                cards.append(button(card_face(c) + (sr_only(" " + _("(your choice)")) if chosen else ""), "hoipho-why", action, data_anim="hand-" + c,
                                    class_=card_class(c, "chosen" if chosen else "idle"), title=card_words(c)))
        title = _("Your hand")
        if verb == "give":
            title = _("Choose a card to give to {name}").format(name=ctx.name(d["target"]))
        elif verb == "pass":
            title = _("Choose a card to pass to {name}").format(name=ctx.name(left_of(ctx.viewer, view["players"])))
        keys = tag("p", _("Keys 1 to {n} choose in the order shown.").format(n=len(legal)), class_="hoipho-keys") if len(legal) > 1 else ""
        return choice + tag("section", tag("h3", title) + tag("div", "".join(cards), class_="hoipho-hand") + self._wait_note(ctx) + keys,
                            class_="hoipho-handarea", aria_label=_("Your hand"))

    def _wait_note(self, ctx):
        view = ctx.view
        d = view["decision"]
        if ctx.can_act:
            return ""
        if view["mine"] is not None:
            card = esc(_(card_name(view["mine"])))
            if view["phase"] == "discard":
                return tag("p", _("Your discard: {card}. Waiting for the others.").format(card=card), class_="wrote")
            return tag("p", _("Your card: {card}. Waiting for the others.").format(card=card), class_="wrote")
        if d is not None and d["my_pass"] is not None:
            return tag("p", _("You pass the {card}. Waiting for the others.").format(card=esc(_(card_name(d["my_pass"])))), class_="wrote")
        if d is not None and d["my_throw"] is not None:
            return tag("p", _("You threw {throw}. Waiting for the other throw.").format(throw=_(THROW_NAMES[d["my_throw"]])), class_="wrote")
        return ""

    def choice_buttons(self, ctx, legal):
        view = ctx.view
        d = view["decision"]
        step = d["step"]
        buttons = []
        for action in legal:
            kind, _sep, arg = action.partition(":")
            if kind == "copy":
                buttons.append(button(sr_only(_("Copy:") + " ") + card_face(arg), "play", action, class_=card_class(arg, "legal"),
                                      title=card_words(arg)))
            elif kind == "throw":
                buttons.append(button(face(GAME_ID, arg, arg, None, classes="hoipho-hand-sign") + esc(_(THROW_LABEL[arg])), "play", action,
                                      class_="legal hoipho-throw hoipho-" + arg))
            else:
                seat = int(arg)
                who = _("yourself") if seat == ctx.viewer else ctx.name(seat)
                label = _("{who} · {coins}").format(who=who, coins=coins_words(view["coins"][seat]))
                buttons.append(button(label, "play", action, class_="legal hoipho-player"))
        if step == "copy":
            head = _("Your Monkey copies the skill of…")
        elif step == "target":
            head = _("Your {merchant} chooses an opponent").format(merchant=merchant_name(d["card"]))
        elif step == "throw":
            head = _("Rock, paper or scissors?")
        elif not d["swap"]:
            head = _("Your Horse swaps the coins of…")
        else:
            head = _("…{name} and:").format(name=ctx.name(d["swap"][0]))
        return tag("h3", head) + tag("div", "".join(buttons), class_="hoipho-buttons hoipho-" + step)

    def face_down(self, ctx):
        """This turn's slots: who has picked (face down) and who is still choosing."""
        view = ctx.view
        if view["phase"] not in ("pick", "discard"):
            return ""
        slots = []
        for seat in range(view["players"]):
            picked = view["picked"][seat]
            if picked:
                body = tag("span", card_back(sr_only(_("face down"))), class_="hoipho-slotcard", data_anim="slot-%d" % seat)
            else:
                body = tag("span", _("choosing…"), class_="hoipho-empty", data_anim="slot-%d" % seat)
            slots.append(tag("li", body + tag("span", ctx.name(seat), class_="hoipho-who"),
                             class_="hoipho-slot" + (" picked" if picked else ""),
                             aria_label=(_("{name}: card face down") if picked else _("{name}: still choosing")).format(name=ctx.names[seat])))
        return tag("ol", "".join(slots), class_="hoipho-slots", aria_label=_("This turn's cards"))

    def reveal(self, ctx, record, latest=False):
        n = len(record["cards"])
        order = record["order"]
        cells = []
        for seat in range(n):
            c, met = record["cards"][seat], record["zero"][seat] is not None
            badges = []
            if record["pay"][seat] and is_ship(c):
                badges.append(_("ship +{coins}").format(coins=record["pay"][seat]))
            if order and seat == order[0]:
                badges.append((_("Monopoly +{coins}") if record["mode"] == "monopoly" else _("highest +{coins}")).format(coins=HIGH_PAY))
            if record["mode"] == "ranking" and seat == order[1]:
                badges.append(_("second +{coins}").format(coins=SECOND_PAY))
            if seat == record["skill"]:
                badges.append(_("lowest: skill"))
            cells.append(tag("li",
                             card_face(c, record["rep"][seat], met, label=card_words(c, met), element="div",
                                       classes=card_class(c, "revealed"),
                                       data_anim="shown-{}-{}-{}".format(record["round"], record["turn"], seat) if latest else None)
                             + tag("span", ctx.name(seat), class_="hoipho-who")
                             + "".join(tag("span", esc(b), class_="badge hoipho-badge") for b in badges),
                             class_="hoipho-cell" + (" hoipho-lowest" if seat == record["skill"] else ""), data_seat=str(seat)))
        steps = "".join(tag("li", esc(with_names(from_data(step["text"]), ctx.names)), class_="hoipho-step hoipho-step-" + step["kind"])
                        for step in record["steps"])
        where = dict(round=record["round"] + 1, turn=record["turn"] + 1)
        title = _("Round {round}, turn {turn}").format(**where)
        return tag("section",
                   tag("h3", _("Cards revealed · Round {round}, turn {turn}").format(**where) if latest else title)
                   + tag("ol", "".join(cells), class_="hoipho-revealed")
                   + tag("ol", steps, class_="hoipho-steps", aria_label=_("How the reveal resolved, step by step")),
                   class_="reveal hoipho-reveal" + (" latest" if latest else ""), aria_label=_("Cards revealed in round {round}, turn {turn}").format(**where))

    def round_result(self, ctx, record):
        n = len(record["coins"])
        rows = "".join(
            tag("tr", tag("th", ctx.name(s), scope="row") + tag("td", str(record["coins"][s]))
                + tag("td", mini_face(record["kept"][s], named=True) if record["kept"][s] else "")
                + tag("td", "+{}".format(record["contracts"][s]) if record["contracts"][s] else ""),
                class_="taker" if s == record["taker"] else None)
            for s in range(n))
        head = tag("tr", tag("th", "") + tag("th", _("coins")) + tag("th", _("fourth card")) + tag("th", _("contracts")))
        title = _("Round {round} result").format(round=record["round"] + 1)
        return tag("section",
                   tag("h3", title)
                   + tag("p", esc(with_names(from_data(record["text"]), ctx.names)), class_="hoipho-why")
                   + tag("table", tag("thead", head) + tag("tbody", rows), class_="hoipho-roundtable"),
                   class_="hoipho-round", aria_label=title)

    # --- gestures ------------------------------------------------------------------------------
    def handle(self, screen, act, arg):
        # Why a card cannot be played: answered for the game as it is now (a click from an
        # earlier page too: it plays nothing).
        if act == "hoipho-why" and screen.viewer is not None and screen.cover is None and isinstance(arg, str):
            screen.explain(arg, otherwise=N_("You may play that now."))
            return True
        return False

    def key(self, screen, key):
        """Keys 1-9 pick the first to ninth choice on offer, in the order shown."""
        if screen.viewer is None or not key.isdigit() or key == "0" or screen.viewer not in screen.table.to_act():
            return False
        legal = screen.table.legal(screen.viewer)
        if int(key) <= len(legal):
            screen.play(legal[int(key) - 1])
        return False


RENDERER = HoiPhoRenderer()
