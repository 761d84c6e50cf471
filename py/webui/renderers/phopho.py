"""Phở Phở's table: the customer line (the Active Customer on the Bowl, two Side Customers), the
piles, your hand, and one small decision at a time.

Every card and customer that can be clicked comes from the legal actions: a card in hand is
picked for the Serve ("pick:T") or marked to discard ("mark:T"); a customer shows a button for
each way the selection can go to it ("serve@i", "put:T@i"). Clicking a selected card takes it
back through the kernel's undo (the picks of this turn are undone and the others replayed), so
nothing is placed before the play is complete. Ingredient kinds carry an icon and a word besides
their colour."""

from games.phopho.data import (BILL, CARD_KIND, CARD_TYPE, CARD_VALUE, CUSTOMER, FINISH_VALUE, HAND_SIZE, KIND_NAMES, KING,
                               KING_STARS, KING_WARNING_AT, customer_name, kind_word, type_kind, type_name, type_value)
from games.phopho.rules import top_value


from ..art import face, picture
from ..html import button, esc, figure, tag
from ..i18n import _, current, ngettext

GAME = "phopho"
# One style for the whole table: Fluent Emoji Flat pictures (webui.art), ingredients and people
# alike (the old one-colour line icons did not go with a customer's face or a Favor token).
# Picture name -> icon of the set. Each of the 16 customers has a face of their own (the picture
# is named by the customer's id), so a player knows a customer again at a glance.
ART = {
    "noodle": "steaming-bowl", "beef": "cut-of-meat", "chicken": "poultry-leg", "herbs": "herb",
    "chili": "hot-pepper", "bill": "receipt",
    "loves": "red-heart", "hates": "prohibited",
    "happy": "smiling-face", "mad": "pouting-face",
    "king": "person-with-crown", "guest": "bust-in-silhouette",
    "beef-chicken": "person-beard", "beef-herbs": "woman", "beef-chili": "older-person", "beef-bill": "man-bald",
    "chicken-beef": "woman-red-hair", "chicken-herbs": "boy", "chicken-chili": "old-woman", "chicken-bill": "man",
    "herbs-beef": "woman-blonde-hair", "herbs-chicken": "person-white-hair", "herbs-chili": "girl", "herbs-bill": "man-red-hair",
    "chili-beef": "old-man", "chili-chicken": "woman-with-headscarf", "chili-herbs": "man-student", "chili-bill": "person",
}


def card_face(card, extra_class="", **attrs):
    """A card in hand, a button that is the card's face: its value in the corner, its picture, and
    the kind's words (the word the card prints in Vietnamese too, unless the reader reads
    Vietnamese already)."""
    ctype = CARD_TYPE[card]
    kind = CARD_KIND[card]
    name, vietnamese = KIND_NAMES[kind][0], KIND_NAMES[kind][1]
    value = CARD_VALUE[card]
    body = (tag("span", str(value) if value else "", class_="pp-value")
            + tag("span", esc(_(name)), class_="pp-word")
            + (tag("span", esc(vietnamese), class_="pp-vn", lang="vi") if current() != "vi" else ""))
    attrs.setdefault("type", "button")
    return face(GAME, ctype, kind, None, body, element="button",
                classes="pp-card pp-k-{} {}".format(kind, extra_class).strip(), **attrs)


def mini_card(ctype, label=True):
    """A small card face (on a bowl, on the discard pile): its value in the corner and its picture."""
    kind = type_kind(ctype)
    value = type_value(ctype)
    return face(GAME, ctype, kind, _(type_name(ctype)) if label else None, tag("b", str(value)) if value else "",
                classes="pp-mini pp-k-" + kind)


def chip(card):
    """A card on a customer's bowl."""
    return tag("li", mini_card(CARD_TYPE[card]), class_="pp-chip pp-k-" + CARD_KIND[card], data_anim="chip-" + card)


def taste(loves, kind, cls):
    """What a customer loves (`loves` True) or hates: the ingredient's picture with a heart, or
    crossed out."""
    spoken = (_("Loves {kind}") if loves else _("Hates {kind}")).format(kind=_(kind_word(kind)))
    return face(GAME, kind, kind, spoken, picture(GAME, "loves" if loves else "hates", "pp-mark"), classes="pp-taste " + cls)


def portrait(customer, classes=""):
    """A customer's face: the person, or The King."""
    return face(GAME, customer, KING if customer == KING else customer, _(customer_name(customer)), classes="pp-portrait " + classes)


def back(kind, label, classes=""):
    """A face-down card: the ingredient deck's (a bowl of phở) or the customers' (a guest)."""
    return face(GAME, "back", "noodle" if kind == "cards" else "guest", label, classes="pp-back pp-back-{} {}".format(kind, classes))


def token(happy):
    return face(GAME, "happy" if happy else "mad", "happy" if happy else "mad", _("Happy token") if happy else _("Mad token"),
                classes="pp-token")


def stars(count):
    return tag("span", "★" * count, class_="pp-stars", aria_label=ngettext("{n} star", "{n} stars", count).format(n=count))


def bold_count(words, n, **markup):
    """Translated words with their number `n` in bold; `markup`: other values, escaped already."""
    return esc(words).format(n=tag("b", str(n)), **markup)


def slot_words(i):
    """Where a customer stands, at the start of a label: "The Active Customer", "Side Customer 2"."""
    return _("The Active Customer") if i == 0 else _("Side Customer {n}").format(n=i)


class PhoPhoRenderer:
    # --- status line and panels -----------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        if seat is None:
            return {
                "turn": _("Serve the Customers or Restock."),
                "restocked": _("restocked; may serve once."),
                "give": _("choosing who receives a Mad token."),
                "redraw": _("may discard cards and draw as many after the Bill."),
                "discard": _("discarding down to {limit} cards.").format(limit=HAND_SIZE),
            }.get(phase, "")
        legal = ctx.legal()
        sel, puts = view["sel"], view["puts"]
        if phase in ("turn", "restocked"):
            if puts or (len(sel) > 1 and any("put:" in a for a in legal)):
                return _("put each {value} on a different highlighted customer.").format(value=CARD_VALUE[sel[0]])
            if sel:
                serve = any(a.startswith("serve@") for a in legal)
                if CARD_TYPE[sel[0]] == BILL:
                    return (_("serve the Bill to a highlighted customer, or select more cards.") if serve
                            else _("select more cards: the Bill is not a complete run yet."))
                values = ", ".join(str(CARD_VALUE[c]) for c in sel)
                return (_("serve your {values} to a highlighted customer, or select more cards.") if serve
                        else _("select more cards: your {values} is not a complete run yet.")).format(values=values)
            if phase == "restocked":
                return _("you may serve once (select cards), or skip serving.") if any(a.startswith("pick:") for a in legal) \
                    else _("no Serve is possible: skip serving.")
            if any(a.startswith("pick:") for a in legal):
                return _("Serve (select cards in your hand) or Restock (draw {n}).").format(n=view["mad"][seat])
            return _("no Serve is possible with this hand: Restock (draw {n}).").format(n=view["mad"][seat])
        if phase == "give":
            return _("a hated card! Choose the opponent who receives one of your Mad tokens.")
        if phase == "redraw":
            marked = len(view["marks"])
            return _("Bill served. Mark cards to discard and draw as many, or keep your hand ({n} marked).").format(n=marked)
        if phase == "discard":
            left = len(view["hand"]) - HAND_SIZE - len(view["marks"])
            if left:
                return ngettext("discard down to {limit}: mark {n} more card.", "discard down to {limit}: mark {n} more cards.",
                                left).format(limit=HAND_SIZE, n=left)
            return _("discard the marked cards.")
        return ""

    def score(self, ctx, seat):
        view = ctx.view
        loyal = view["loyal"][seat]
        if loyal is None:
            count = view["loyal_counts"][seat]
            if not count:
                return "0★"
            return tag("span", ngettext("{n} Loyal Customer, stars hidden", "{n} Loyal Customers, stars hidden", count).format(n=count),
                       class_="pp-hidden-score")
        total = sum(CUSTOMER[c]["stars"] for c in loyal)
        if view["king_to"] and seat in view["king_to"]:
            total += KING_STARS
        return tag("span", "{}★".format(total), title=_("stars on your Loyal Customers") if not view["over"] else _("stars"))

    def panel(self, ctx, seat):
        view = ctx.view
        mad, happy = view["mad"][seat], view["happy"][seat]
        tokens = (tag("span", "".join(token(True) for _i in range(happy)), class_="pp-happy", data_anim="happy-%d" % seat)
                  + tag("span", "".join(token(False) for _i in range(mad)), class_="pp-mad"))
        parts = [tag("div", tag("span", tokens, class_="pp-tokens", aria_hidden="true")
                     + tag("span", _("{happy} Happy · {mad} Mad").format(happy=happy, mad=mad), class_="pp-token-words"),
                     class_="pp-token-line", aria_label=_("{happy} Happy and {mad} Mad tokens").format(happy=happy, mad=mad))]
        loyal = view["loyal"][seat]
        count = view["loyal_counts"][seat]
        if loyal is None:
            about = _("{n} (stars hidden)").format(n=count) if count else _("none yet")
        else:
            about = ", ".join("{}★".format(CUSTOMER[c]["stars"]) for c in loyal) or _("none yet")
        size = view["hand_sizes"][seat]
        parts.append(tag("div", esc(ngettext("Hand: {n} card · Loyal: {loyal}", "Hand: {n} cards · Loyal: {loyal}", size).format(
            n=size, loyal=about)), class_="pp-facts"))
        if count:  # the Loyal Customers: their faces to their owner, face down to the others
            cards = [portrait(c, "pp-small") for c in loyal] if loyal is not None else [
                back("customers", ngettext("{n} Loyal Customer, stars hidden", "{n} Loyal Customers, stars hidden", 1).format(n=1),
                     "pp-small")] * count
            parts.append(tag("div", "".join(cards), class_="pp-loyal-row"))
        if view["king_to"] and seat in view["king_to"]:
            parts.append(tag("span", portrait(KING, "pp-small") + esc(_("The King ({stars}★)").format(stars=KING_STARS)),
                             class_="badge pp-king-badge"))
        elif not view["over"] and seat == view["turn"]:
            doing = {"restocked": _("restocked"), "give": _("choosing a rival"), "redraw": _("redrawing"),
                     "discard": _("discarding")}.get(view["phase"])
            if doing:
                parts.append(tag("span", doing, class_="badge"))
        return "".join(parts)

    def rules_pictures(self):
        """How to play: the cards (a bowl climbing from a Noodle to a 5 with its Bill), a customer
        and The King, and the two sides of a Favor token; each with the picture the table shows."""
        bowl = "".join(tag("li", mini_card(c), class_="pp-chip pp-k-" + type_kind(c)) for c in ("noodle1", "beef2", "herbs3", "chicken4", "chili5"))
        customer = "herbs-chili"
        return (figure(self.bowl(bowl, 1), _("A finished bowl: 1 up to 5, and a Bill"))
                + figure(tag("div", tag("div", stars(CUSTOMER[customer]["stars"]), class_="pp-index") + portrait(customer)
                             + tag("div", taste(True, "herbs", "pp-loved") + taste(False, "chili", "pp-hated"), class_="pp-tastes"),
                             class_="pp-rules-customer"),
                         _("Each customer loves one kind and hates another"))
                + figure(tag("div", tag("div", stars(KING_STARS), class_="pp-index") + portrait(KING), class_="pp-rules-customer"),
                         _("The King ({stars}★)").format(stars=KING_STARS))
                + figure(tag("div", token(True) + token(False), class_="pp-tokens"),
                         _("Each player has 6 two-sided Favor Tokens (Mad / Happy).")))

    def bowl(self, chips, bills, label=None, wants=""):
        """A customer's bowl with the cards served into it (`chips`, drawn by chip()), its Bill(s)
        beside it, and the empty places of what still finishes the order (`wants`)."""
        return tag("div", tag("ol", chips, class_="pp-served", aria_label=label)
                   + "".join(face(GAME, BILL, BILL, _(KIND_NAMES[BILL][0]), classes="pp-bill-tag") for _i in range(bills)) + wants,
                   class_="pp-bowl-row")

    def wants(self, five, bill, words):
        """What finishes the order, drawn as empty places: a 5, a Bill (`words` say it)."""
        places = (tag("span", str(FINISH_VALUE), class_="pp-want pp-want-5") if five else "") + (
            face(GAME, "wanted-bill", BILL, None, classes="pp-want pp-want-bill") if bill else "")
        return tag("span", places, class_="pp-wants", role="img", aria_label=words, title=words)

    # --- the table ---------------------------------------------------------------------------
    def board(self, ctx):
        view = ctx.view
        legal = ctx.legal()
        parts = [self.piles(ctx), self.line(ctx, legal)]
        dock = (self.controls(ctx, legal) if ctx.can_act else "") + (self.hand(ctx, legal) if view["hand"] is not None else "")
        if dock:  # on a phone it stays at the bottom of the screen while the customers scroll by
            parts.append(tag("div", dock, class_="pp-dock"))
        if view["over"]:
            parts.append(self.reveal(ctx))
        return "".join(parts)

    def piles(self, ctx):
        view = ctx.view
        discard = len(view["discard"])
        if discard:
            top = esc(_(type_name(CARD_TYPE[view["discard"][-1]])))
            discarded = bold_count(_("{n} in the discard pile (top: {card})"), discard, card=top)
        else:
            discarded = bold_count(_("{n} in the discard pile"), discard)
        drawn = _("{n} in the draw pile").format(n=view["deck"])
        waiting = _("{n} in the customer deck").format(n=view["customers"])
        if discard:
            top = mini_card(CARD_TYPE[view["discard"][-1]])
        else:
            top = tag("span", "", class_="pp-slot")
        items = [
            tag("li", back("cards", drawn) + tag("span", bold_count(_("{n} in the draw pile"), view["deck"]), aria_hidden="true"),
                class_="pp-pile"),
            tag("li", tag("span", top, class_="pp-discard-top") + tag("span", discarded), class_="pp-pile"),
            tag("li", back("customers", waiting) + tag("span", bold_count(_("{n} in the customer deck"), view["customers"]), aria_hidden="true"),
                class_="pp-pile"),
            tag("li", esc(_("Turn {n}").format(n=view["turn_no"])), class_="pp-pile pp-turn"),
        ]
        warning = ""
        if view["over"]:
            pass
        elif view["king_out"]:
            left = (view["finals_left"] or 0) + 1
            warning = tag("p", portrait(KING, "pp-small") + _("The King has arrived: final turns, {n} to go (this one included).").format(n=left),
                          class_="pp-warning pp-final", role="note")
        elif view["customers"] <= KING_WARNING_AT:
            warning = tag("p", portrait(KING, "pp-small") + ngettext("Only {n} customer card left: The King is near. Happy tokens decide who gets him.",
                                               "Only {n} customer cards left: The King is near. Happy tokens decide who gets him.",
                                               view["customers"]).format(n=view["customers"]), class_="pp-warning", role="note")
        return tag("ul", "".join(items), class_="pp-piles", aria_label=_("Piles")) + warning

    def line(self, ctx, legal):
        view = ctx.view
        slots = []
        for i, entry in enumerate(view["line"]):
            slots.append(self.customer(ctx, i, entry, legal))
        if not slots:
            slots.append(tag("p", _("No customer is waiting."), class_="pp-empty-line"))
        return tag("section", tag("h3", _("Customer line")) + tag("ol", "".join(slots), class_="pp-line"),
                   class_="pp-line-box", aria_label=_("Customer line"))

    def customer(self, ctx, i, entry, legal):
        info = CUSTOMER[entry["id"]]
        top = top_value(entry)
        cards = entry["cards"]
        hates_bill = info["hated"] == BILL
        if top == 0:
            topline = _("Empty bowl: starts with a Noodle (1)")
        elif top == FINISH_VALUE:
            topline = _("Top: 5")
        else:
            topline = _("Top: {top} (next {top} or {higher})").format(top=top, higher=top + 1)
        has_five = any(CARD_VALUE[c] == FINISH_VALUE for c in cards)
        if hates_bill:
            needs = _("Finished by a 5 alone (hates Bills)")
        elif has_five:
            needs = _("Has a 5: a Bill finishes the order")
        elif entry["bill"]:
            needs = _("Has a Bill: a 5 finishes the order")
        else:
            needs = _("Finished by a Bill and a 5")
        where = _("Active · on the Bowl") if i == 0 else _("Side {n}").format(n=i)
        served = _("served: {cards}").format(cards=", ".join(_(type_name(CARD_TYPE[c])) for c in cards)) if cards else None
        bills = (1 if entry["bill"] else 0) + len(entry.get("extra_bills") or ())
        buttons = []
        for action in legal:
            if action == "serve@{}".format(i):
                buttons.append(button(_("Serve here"), "play", action, class_="legal primary"))
            elif action.startswith("put:") and action.endswith("@{}".format(i)):
                ctype = action[4:].split("@")[0]
                buttons.append(button(esc(_("Put {card} here").format(card=_(type_name(ctype)))), "play", action, class_="legal primary"))
        head = tag("div", tag("span", stars(info["stars"]), class_="pp-index") + tag("span", where, class_="pp-where"), class_="pp-head")
        body = (head
                + tag("div", portrait(entry["id"])
                      + tag("div", taste(True, info["loved"], "pp-loved") + taste(False, info["hated"], "pp-hated"), class_="pp-tastes"),
                      class_="pp-who")
                + self.bowl("".join(chip(c) for c in cards), bills, served, self.wants(not has_five, not (hates_bill or bills), needs))
                + tag("p", topline, class_="pp-status")
                + (tag("div", "".join(buttons), class_="pp-targets") if buttons else ""))
        label = _("{where}: {n}-star customer, loves {loved}, hates {hated}").format(
            where=slot_words(i), n=info["stars"], loved=_(kind_word(info["loved"])), hated=_(kind_word(info["hated"])))
        return tag("li", body, class_="pp-customer" + (" pp-active" if i == 0 else "") + (" legal" if buttons else ""),
                   data_slot=str(i), aria_label=label)

    def controls(self, ctx, legal):
        view = ctx.view
        buttons = []
        seat = ctx.viewer
        if "restock" in legal:
            buttons.append(button(_("Restock: draw {n}").format(n=view["mad"][seat]), "play", "restock", class_="legal"))
        if "skip" in legal:
            buttons.append(button(_("Skip serving"), "play", "skip", class_="legal"))
        if view["sel"] and not view["puts"]:
            buttons.append(button(_("Put the selection back"), "pp-clear"))
        if view["phase"] == "give":
            for action in legal:
                to = int(action.split(":")[1])
                buttons.append(button(_("Give a Mad token to {name} ({mad} Mad, {happy} Happy)").format(
                    name=ctx.name(to), mad=view["mad"][to], happy=view["happy"][to]), "play", action, class_="legal"))
        if "redraw" in legal:
            marked = len(view["marks"])
            buttons.append(button(_("Discard {n} and draw {n}").format(n=marked) if marked else _("Keep my hand"), "play", "redraw",
                                  class_="legal primary"))
        if "discard" in legal:
            buttons.append(button(_("Discard the {n} marked").format(n=len(view["marks"])), "play", "discard", class_="legal primary"))
        if view["marks"]:
            buttons.append(button(_("Unmark all"), "pp-clear"))
        if not buttons:
            return ""
        return tag("div", "".join(buttons), class_="pp-controls", aria_label=_("Your choices"))

    def hand(self, ctx, legal):
        view = ctx.view
        sel, marks = view["sel"], view["marks"]
        queued = {c for c, _ in view["queue"]} | {c for c, _ in view["puts"]}
        legal_set = set(legal)
        retractable = ctx.table.retractable(ctx.viewer) if ctx.can_act and (sel or marks) else ()
        cards = []
        for card in view["hand"]:
            ctype = CARD_TYPE[card]
            classes = []
            if card in sel:
                classes.append("pp-selected")
            if card in marks:
                classes.append("pp-marked")
            if card in queued:
                classes.append("pp-queued")
            can = ("pick:" + ctype in legal_set and card not in sel) or ("mark:" + ctype in legal_set and card not in marks)
            if can:
                classes.append("legal")
            pressed = "true" if (card in sel or card in marks) else "false"
            back = "pick:" + ctype if card in sel else "mark:" + ctype if card in marks else None
            fixed = ctx.can_act and back is not None and back not in retractable
            cards.append(card_face(card, " ".join(classes), data_act="pp-card", data_arg=card, data_anim="hand-" + card,
                                   data_mark=_("discard") if card in marks else None,  # app.css writes it under a marked card
                                   aria_pressed=pressed if ctx.can_act else None, disabled=bool(fixed),
                                   title=_("This card cannot be taken back alone now: use Undo") if fixed else None))
        title = ngettext("Your hand ({n} card)", "Your hand ({n} cards)", len(view["hand"])).format(n=len(view["hand"]))
        hint = ""
        if ctx.can_act and view["phase"] in ("turn", "restocked"):
            hint = tag("p", _("Click cards to select them (again to put one back); the customers they can go to light up."), class_="pp-hint")
        elif ctx.can_act and view["phase"] in ("redraw", "discard"):
            hint = tag("p", _("Click cards to mark them for the discard pile (again to unmark)."), class_="pp-hint")
        return tag("section", tag("h3", title) + hint + tag("div", "".join(cards) or tag("p", _("No cards.")), class_="pp-hand"),
                   class_="pp-hand-box", aria_label=_("Your hand"))

    def reveal(self, ctx):
        view = ctx.view
        rows = []
        for seat in range(view["players"]):
            loyal = view["loyal"][seat] or []
            items = "".join(tag("li", portrait(c, "pp-small") + stars(CUSTOMER[c]["stars"]), class_="pp-loyal") for c in loyal)
            if view["king_to"] and seat in view["king_to"]:
                items += tag("li", portrait(KING, "pp-small") + stars(KING_STARS), class_="pp-loyal pp-king")
            rows.append(tag("div", tag("h4", ctx.name(seat)) + (tag("ul", items, class_="pp-loyal-list") if items else tag("p", _("No Loyal Customer."))),
                            class_="pp-reveal-seat"))
        return tag("section", tag("h3", _("Loyal Customers revealed")) + "".join(rows), class_="pp-reveal", aria_label=_("Loyal Customers revealed"))

    # --- gestures ----------------------------------------------------------------------------
    def handle(self, screen, act, arg):
        if screen.viewer is None or screen.cover is not None or screen.table is None:
            return False
        table, seat = screen.table, screen.viewer
        if act == "pp-card":
            view = table.view(seat)
            if arg not in (view["hand"] or []):
                return False
            ctype = CARD_TYPE[arg]
            # A selected (or marked) card goes back to the hand alone; the others stay selected.
            if arg in view["sel"]:
                screen.take_back("pick:" + ctype)
                return False  # take_back() redraws
            if arg in view["marks"]:
                screen.take_back("mark:" + ctype)
                return False
            legal = table.legal(seat)
            for action in ("pick:" + ctype, "mark:" + ctype):
                if action in legal:
                    screen.play(action)
                    return False  # play() redraws
            screen.explain("pick:" + ctype if view["phase"] in ("turn", "restocked") else "mark:" + ctype)
            return True
        if act == "pp-clear":
            view = table.view(seat)
            if view["sel"] or view["marks"]:
                screen.undo_while(("pick", "mark"))
            return True
        return False

    def hint_control(self, ctx, action):
        """A card is picked or marked by clicking it in the hand: the hinted card of that type."""
        verb, _sep, ctype = action.partition(":")
        if verb in ("pick", "mark"):
            taken = set(ctx.view["sel"]) | set(ctx.view["marks"])
            for card in ctx.view["hand"]:
                if CARD_TYPE[card] == ctype and card not in taken:
                    return "pp-card", card
        return "play", action

    def key(self, screen, key):
        view = screen.table.view(screen.viewer) if screen.viewer is not None and screen.table is not None else None
        if key == "Escape" and view and (view["sel"] or view["marks"]):  # else Escape closes the rules
            return self.handle(screen, "pp-clear", None)
        return False


RENDERER = PhoPhoRenderer()
