"""Hội Phố's table: your hand, the face-down picks, the last reveal step by step, the skills'
choices, and the round's result."""

from games.hoipho.data import MERCHANTS, RIVALS, SHIP_PAY
from games.hoipho.rules import card_name, is_ship, left_of, printed, skill_of

from ..html import button, esc, figure, join_names, sr_only, tag

SHORT_SKILL = {
    "mouse": "+3 coins, then rock-paper-scissors: the loser discards half their coins",
    "buffalo": "+3 coins",
    "tiger": "Everyone passes a card to their left",
    "cat": "Give a card to an opponent, take a random one of theirs",
    "dragon": "Every coin gained this turn goes back",
    "snake": "Steal 3 coins from a player",
    "horse": "Swap the coins of two players",
    "goat": "+1 contract (+1 more if you take the round's contract)",
    "monkey": "Copy a skill revealed this round",
    "hen": "No skill",
    "dog": "Lose 1 coin",
    "pig": "Give 1 coin to each neighbour",
}
# HP-4 as a rule, not a score: "Meets the Cat: 0" on every Dog read as if the Dog counted 0 now.
RIVAL_NOTE = {rep: "0 if it meets the {}".format(MERCHANTS[rival][0]) for rep, rival in RIVALS.items()}
SHIP_NOTE = "Alone +{}, two ships +{} each, 3 or more: nothing".format(SHIP_PAY[1], SHIP_PAY[2])
THROW_LABEL = {"rock": "Rock", "paper": "Paper", "scissors": "Scissors"}
SKILL_CHOICE = {
    "copy": "choose the skill your Monkey copies",
    "target": "choose an opponent for your {name}",
    "give": "choose a card to give to {target}",
    "swap": "choose two players whose coins your Horse swaps",
}


def rival_note(card, met=None):
    """HP-4 on a card: the rule while the card is unplayed (met None); on a revealed card, only
    when it met its rival."""
    if met:
        return "Met its rival: 0 this turn"
    return RIVAL_NOTE.get(printed(card)) if met is None else None


def card_words(card, met=None):
    """What a screen reader says for a card."""
    if is_ship(card):
        return "Merchant ship, reputation 0: " + SHIP_NOTE
    rep, note = printed(card), rival_note(card, met)
    return "{}, reputation {}: {}{}".format(MERCHANTS[rep][0], rep, SHORT_SKILL[skill_of(card)], "; " + note if note else "")


def card_face(card, shown_rep=None, met=None):
    """The inside of a card: reputation, name, skill, its special condition (rival_note)."""
    note = None
    if is_ship(card):
        rep, name, text = 0, "Ship", SHIP_NOTE
    else:
        rep = printed(card)
        name, text, note = MERCHANTS[rep][0], SHORT_SKILL[skill_of(card)], rival_note(card, met)
    number = tag("span", str(rep), class_="hoipho-rep")
    if shown_rep is not None and shown_rep != rep:
        number = tag("span", tag("s", str(rep)) + " " + str(shown_rep), class_="hoipho-rep hoipho-zeroed")
    return (number + tag("span", esc(name), class_="hoipho-name") + tag("span", esc(text), class_="hoipho-skill")
            + (tag("span", esc(note), class_="hoipho-note" + (" hoipho-met" if met else "")) if note else ""))


def card_class(card, extra=""):
    kind = "ship" if is_ship(card) else skill_of(card)
    return "hoipho-card hoipho-{}{}".format(kind, (" " + extra) if extra else "")


class HoiPhoRenderer:
    def rules_pictures(self):
        """How to play: a turn's reveal, the lowest merchant's skill firing."""
        cards = "".join(tag("div", card_face(c), class_=card_class(c)) for c in ("m2", "m7", "s1"))
        return figure(tag("div", cards, class_="hoipho-how"), "Shown at once: 7 earns 2 coins, 2 earns 1 and fires its skill, the ship pays 3")

    # --- the status line ---------------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        d = view["decision"]
        if phase == "over":
            return ""
        if seat is None:
            if phase == "discard":
                return "discarding a card face up, all at once."
            if phase == "pick":
                return "picking their cards face down."
            return self._others_choice(ctx, d)
        if phase == "discard":
            return "discard one card face up (everyone discards at once, then the discards are shown)."
        if phase == "pick":
            return "pick a card to play face down (turn {} of {}; the fourth card stays in your hand).".format(
                view["turn"] + 1, view["turns"])
        step = d["step"]
        name = MERCHANTS[printed(d["card"])][0]
        if step == "throw":
            other = d["target"] if seat == d["owner"] else d["owner"]
            return "rock-paper-scissors against {} for the Mouse: throw in secret.".format(ctx.name(other))
        if step == "pass":
            return "the Tiger: choose a card to pass to {} on your left.".format(ctx.name(left_of(seat, view["players"])))
        if step == "swap" and d["swap"]:
            return "your Horse swaps {}'s coins with whose? Choose the second player.".format(ctx.name(d["swap"][0]))
        text = SKILL_CHOICE[step].format(name=name, target=ctx.name(d["target"]) if d["target"] is not None else "")
        return text + "."

    def _others_choice(self, ctx, d):
        step = d["step"]
        if step == "throw":
            return "throwing rock, paper or scissors in secret."
        if step == "pass":
            return "choosing a card to pass to their left."
        return "choosing for the {}'s skill.".format(MERCHANTS[printed(d["card"])][0])

    # --- the players' panels -----------------------------------------------------------------
    def score(self, ctx, seat):
        return str(ctx.view["contracts"][seat])

    def panel(self, ctx, seat):
        view = ctx.view
        coins = view["coins"][seat]
        contracts = view["contracts"][seat]
        stats = (tag("span", "{} coin{}".format(coins, "" if coins == 1 else "s"), class_="hoipho-coins", data_anim="coins-%d" % seat)
                 + tag("span", "{} contract{}".format(contracts, "" if contracts == 1 else "s"), class_="hoipho-contracts"))
        if seat in view["goat"] and not view["over"]:
            stats += tag("span", "Goat: +1 more with the round", class_="badge hoipho-goat")
        parts = [tag("div", stats, class_="hoipho-stats")]
        status = self._seat_status(ctx, seat)
        parts.append(tag("div", "{} card{} in hand".format(view["hand_sizes"][seat], "" if view["hand_sizes"][seat] == 1 else "s")
                         + (" " + status if status else ""), class_="hoipho-handline"))
        played = view["played"][seat]
        if played or view["discards"][seat]:
            minis = "".join(self.mini(c) for c in played)
            if view["discards"][seat]:
                minis += tag("span", "discarded " + self.mini(view["discards"][seat]), class_="hoipho-discarded")
            parts.append(tag("div", tag("span", "This round:", class_="label") + minis, class_="hoipho-played",
                             aria_label="Cards {} revealed this round".format(ctx.names[seat])))
        known = [c for holder, c in view["known"] if holder == seat]
        if known and ctx.viewer is not None:
            parts.append(tag("p", "You know {} holds {}.".format(ctx.name(seat), esc(join_names(card_name(c) for c in known))),
                             class_="hoipho-known"))
        return "".join(parts)

    def _seat_status(self, ctx, seat):
        view = ctx.view
        if view["over"]:
            return ""
        if view["phase"] in ("pick", "discard"):
            if view["picked"][seat]:
                return tag("span", "card face down" if view["phase"] == "pick" else "has discarded", class_="badge written")
            return ""
        d = view["decision"]
        if d["step"] == "throw" and seat in (d["owner"], d["target"]):
            return tag("span", "has thrown" if d["thrown"][seat] else "to throw", class_="badge" + (" written" if d["thrown"][seat] else ""))
        if d["step"] == "pass":
            return tag("span", "has chosen" if d["passed"][seat] else "to pass", class_="badge" + (" written" if d["passed"][seat] else ""))
        return ""

    def mini(self, card):
        label = "ship" if is_ship(card) else "{} {}".format(printed(card), MERCHANTS[printed(card)][0])
        return tag("span", esc(label), class_="hoipho-mini " + ("hoipho-ship" if is_ship(card) else "hoipho-merchant"),
                   title=card_words(card))

    # --- the table -----------------------------------------------------------------------------
    def board(self, ctx):
        view = ctx.view
        parts = []
        if not view["over"]:
            phase_text = {"discard": "opening discard", "pick": "turn {} of {}".format(view["turn"] + 1, view["turns"]),
                          "skill": "turn {} of {}: a skill".format(view["turn"] + 1, view["turns"])}[view["phase"]]
            parts.append(tag("p", "Round {} · {}".format(view["round"] + 1, phase_text), class_="turn-info"))
            parts.append(self.action_area(ctx))
            parts.append(self.face_down(ctx))
        reveals = view["reveals"]
        if reveals:
            parts.append(self.reveal(ctx, reveals[-1], latest=True))
        if view["rounds"] and (view["over"] or not view["played"][0] or view["phase"] == "discard"):
            parts.append(self.round_result(ctx, view["rounds"][-1]))
        older = [r for r in reveals[:-1] if r["round"] == view["round"] or (view["over"] and r["round"] == reveals[-1]["round"])]
        if older:
            parts.append(tag("details", tag("summary", "Earlier turns this round ({})".format(len(older)))
                             + "".join(self.reveal(ctx, r) for r in reversed(older)), class_="history"))
        if view["rounds"] and not (view["over"] or not view["played"][0] or view["phase"] == "discard"):
            parts.append(tag("details", tag("summary", "Last round's result") + self.round_result(ctx, view["rounds"][-1]), class_="history"))
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
                choice = tag("section", self.choice_buttons(ctx, legal), class_="hoipho-choice", aria_label="Your choice")
            else:
                verb = {"discard": "discard", "pick": "play"}.get(view["phase"]) or d["step"]
        cards = []
        for c in view["hand"] or []:
            action = "{}:{}".format(verb or "play", c)
            chosen = c in (view["mine"], d and d["my_pass"])
            if action in legal:
                cards.append(button(sr_only(verb.capitalize() + ": ") + card_face(c), "play", action, class_=card_class(c, "legal"),
                                    data_anim="hand-" + c))
            else:
                cards.append(button(card_face(c) + (sr_only(" (your choice)") if chosen else ""), "hoipho-why", action, data_anim="hand-" + c,
                                    class_=card_class(c, "chosen" if chosen else "idle")))
        title = "Your hand"
        if verb in ("give", "pass"):
            to = d["target"] if verb == "give" else left_of(ctx.viewer, view["players"])
            title = "Choose a card to {} to {}".format(verb, ctx.name(to))
        keys = tag("p", "Keys 1 to {} choose in the order shown.".format(len(legal)), class_="hoipho-keys") if len(legal) > 1 else ""
        return choice + tag("section", tag("h3", title) + tag("div", "".join(cards), class_="hoipho-hand") + self._wait_note(ctx) + keys,
                            class_="hoipho-handarea", aria_label="Your hand")

    def _wait_note(self, ctx):
        view = ctx.view
        d = view["decision"]
        if ctx.can_act:
            return ""
        if view["mine"] is not None:
            word = "discard" if view["phase"] == "discard" else "card"
            return tag("p", "Your {}: {}. Waiting for the others.".format(word, esc(card_name(view["mine"]))), class_="wrote")
        if d is not None and d["my_pass"] is not None:
            return tag("p", "You pass the {}. Waiting for the others.".format(esc(card_name(d["my_pass"]))), class_="wrote")
        if d is not None and d["my_throw"] is not None:
            return tag("p", "You threw {}. Waiting for the other throw.".format(d["my_throw"]), class_="wrote")
        return ""

    def choice_buttons(self, ctx, legal):
        view = ctx.view
        d = view["decision"]
        step = d["step"]
        buttons = []
        for action in legal:
            kind, _, arg = action.partition(":")
            if kind == "copy":
                buttons.append(button(sr_only("Copy: ") + card_face(arg), "play", action, class_=card_class(arg, "legal")))
            elif kind == "throw":
                buttons.append(button(THROW_LABEL[arg], "play", action, class_="legal hoipho-throw hoipho-" + arg))
            else:
                seat = int(arg)
                who = "yourself" if seat == ctx.viewer else ctx.name(seat)
                label = "{} · {} coin{}".format(who, view["coins"][seat], "" if view["coins"][seat] == 1 else "s")
                buttons.append(button(label, "play", action, class_="legal hoipho-player"))
        head = {
            "copy": "Your Monkey copies the skill of…",
            "target": "Your {} chooses an opponent".format(MERCHANTS[printed(d["card"])][0]),
            "throw": "Rock, paper or scissors?",
            "swap": "Your Horse swaps the coins of…" if not d["swap"] else "…{} and:".format(ctx.name(d["swap"][0])),
        }[step]
        return tag("h3", head) + tag("div", "".join(buttons), class_="hoipho-buttons hoipho-" + step)

    def face_down(self, ctx):
        """This turn's slots: who has picked (face down) and who is still choosing."""
        view = ctx.view
        if view["phase"] not in ("pick", "discard"):
            return ""
        slots = []
        for seat in range(view["players"]):
            picked = view["picked"][seat]
            body = tag("span", "face down" if picked else "choosing…", class_="hoipho-back" if picked else "hoipho-empty",
                       data_anim="slot-%d" % seat)
            slots.append(tag("li", body + tag("span", ctx.name(seat), class_="hoipho-who"),
                             class_="hoipho-slot" + (" picked" if picked else ""),
                             aria_label="{}: {}".format(ctx.names[seat], "card face down" if picked else "still choosing")))
        return tag("ol", "".join(slots), class_="hoipho-slots", aria_label="This turn's cards")

    def reveal(self, ctx, record, latest=False):
        n = len(record["cards"])
        order = record["order"]
        cells = []
        for seat in range(n):
            c, met = record["cards"][seat], record["zero"][seat] is not None
            badges = []
            if record["pay"][seat] and is_ship(c):
                badges.append("ship +{}".format(record["pay"][seat]))
            if order and seat == order[0]:
                badges.append("Monopoly +2" if record["mode"] == "monopoly" else "highest +2")
            if record["mode"] == "ranking" and seat == order[1]:
                badges.append("second +1")
            if seat == record["skill"]:
                badges.append("lowest: skill")
            cells.append(tag("li",
                             tag("div", card_face(c, record["rep"][seat], met), class_=card_class(c, "revealed"),
                                 data_anim="shown-{}-{}-{}".format(record["round"], record["turn"], seat) if latest else None,
                                 aria_label=card_words(c, met))
                             + tag("span", ctx.name(seat), class_="hoipho-who")
                             + "".join(tag("span", esc(b), class_="badge hoipho-badge") for b in badges),
                             class_="hoipho-cell" + (" hoipho-lowest" if seat == record["skill"] else ""), data_seat=str(seat)))
        steps = "".join(tag("li", esc(ctx.match.text(step)), class_="hoipho-step hoipho-step-" + step["kind"]) for step in record["steps"])
        title = "Round {}, turn {}".format(record["round"] + 1, record["turn"] + 1)
        return tag("section",
                   tag("h3", ("Reveal · " if latest else "") + title)
                   + tag("ol", "".join(cells), class_="hoipho-revealed")
                   + tag("ol", steps, class_="hoipho-steps", aria_label="How the reveal resolved, step by step"),
                   class_="reveal hoipho-reveal" + (" latest" if latest else ""), aria_label="Reveal of " + title)

    def round_result(self, ctx, record):
        n = len(record["coins"])
        rows = "".join(
            tag("tr", tag("th", ctx.name(s), scope="row") + tag("td", str(record["coins"][s]))
                + tag("td", esc(card_name(record["kept"][s])) if record["kept"][s] else "")
                + tag("td", "+{}".format(record["contracts"][s]) if record["contracts"][s] else ""),
                class_="taker" if s == record["taker"] else None)
            for s in range(n))
        head = tag("tr", tag("th", "") + tag("th", "coins") + tag("th", "fourth card") + tag("th", "contracts"))
        return tag("section",
                   tag("h3", "Round {} result".format(record["round"] + 1))
                   + tag("p", esc(ctx.match.text({"text": record["text"]})), class_="hoipho-why")
                   + tag("table", tag("thead", head) + tag("tbody", rows), class_="hoipho-roundtable"),
                   class_="hoipho-round", aria_label="Round {} result".format(record["round"] + 1))

    # --- gestures ------------------------------------------------------------------------------
    def handle(self, app, act, arg):
        # Why a card cannot be played: answered for the game as it is now (a click from an
        # earlier page too: it plays nothing).
        if act == "hoipho-why" and app.viewer is not None and app.cover is None and isinstance(arg, str):
            app.notice = app.match.game.illegal_reason(app.match.state, app.viewer, arg) or "You may play that now."
            return True
        return False

    def key(self, app, key):
        """Keys 1-9 pick the first to ninth choice on offer, in the order shown."""
        if app.viewer is None or not key.isdigit() or key == "0" or app.viewer not in app.match.to_act():
            return False
        legal = app.match.legal(app.viewer)
        if int(key) <= len(legal):
            app.play(legal[int(key) - 1])
        return False


RENDERER = HoiPhoRenderer()
