"""Phở Phở's table: the customer line (the Active Customer on the Bowl, two Side Customers), the
piles, your hand, and one small decision at a time.

Every card and customer that can be clicked comes from the legal actions: a card in hand is
picked for the Serve ("pick:T") or marked to discard ("mark:T"); a customer shows a button for
each way the selection can go to it ("serve@i", "put:T@i"). Clicking a selected card takes it
back through the kernel's undo (the picks of this turn are undone and the others replayed), so
nothing is placed before the play is complete. Ingredient kinds carry an icon and a word besides
their colour."""

from games.phopho.data import (BILL, CARD_KIND, CARD_TYPE, CARD_VALUE, CUSTOMER, FINISH_VALUE, HAND_SIZE, KIND_NAMES, KING,
                               KING_STARS, KING_WARNING_AT, customer_name, kind_word, type_name)
from games.phopho.rules import top_value


from ..html import button, esc, figure, tag
from ..i18n import _, current, ngettext

# Simple inline icons (no font or request needed); they take the colour of their kind.
ICONS = {
    "noodle": '<path d="M3 7q3-3 6 0t6 0t6 0M3 12q3-3 6 0t6 0t6 0M3 17q3-3 6 0t6 0t6 0" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
    "beef": '<path d="M4 13c0-5 5-8 10-7s7 5 5 9-7 5-10 4-5-2-5-6z" fill="currentColor"/><ellipse cx="14" cy="11" rx="3" ry="2" fill="#fff" opacity=".75"/>',
    "chicken": '<circle cx="9" cy="9" r="6" fill="currentColor"/><path d="M13 13l6 6" stroke="currentColor" stroke-width="3" stroke-linecap="round"/><circle cx="20" cy="18" r="2" fill="currentColor"/><circle cx="18" cy="20" r="2" fill="currentColor"/>',
    "herbs": '<path d="M4 20C4 10 11 4 20 4c0 9-6 16-16 16z" fill="currentColor"/><path d="M4 20L15 9" stroke="#fff" stroke-width="1.5" opacity=".8"/>',
    "chili": '<path d="M7 6c4 0 5 4 7 8s4 6 7 7c-7 2-14-1-16-8-1-4 0-7 2-7z" fill="currentColor"/><path d="M7 6c0-2 1-4 4-4" fill="none" stroke="#2e7d32" stroke-width="2.4" stroke-linecap="round"/>',
    "bill": '<path d="M6 3h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5z" fill="currentColor"/><path d="M9 8h6M9 11h6M9 14h4" stroke="#fff" stroke-width="1.5"/>',
    "bowl": '<path d="M2 11h20c0 6-4 9-10 9S2 17 2 11z" fill="currentColor"/><path d="M8 8q2-3 0-6M12 8q2-3 0-6M16 8q2-3 0-6" fill="none" stroke="currentColor" stroke-width="1.5"/>',
}
HAPPY, MAD = "☺", "☹"


def icon(kind, size="1.2em"):
    return '<svg class="pp-icon pp-k-{0}" viewBox="0 0 24 24" width="{1}" height="{1}" aria-hidden="true">{2}</svg>'.format(
        kind, size, ICONS[kind])


def card_face(card, extra_class="", **attrs):
    """A card in hand: value, icon and the kind's words (the word the card prints in Vietnamese
    too, unless the reader reads Vietnamese already)."""
    ctype = CARD_TYPE[card]
    kind = CARD_KIND[card]
    name, vietnamese = KIND_NAMES[kind][0], KIND_NAMES[kind][1]
    value = CARD_VALUE[card]
    body = (tag("span", str(value) if value else "", class_="pp-value")
            + icon(kind, "1.8em")
            + tag("span", esc(_(name)), class_="pp-word")
            + (tag("span", esc(vietnamese), class_="pp-vn", lang="vi") if current() != "vi" else ""))
    return tag("button", body, type="button", class_="pp-card pp-k-{} {}".format(kind, extra_class).strip(), **attrs)


def chip(card):
    """A small card on a customer's bowl."""
    kind = CARD_KIND[card]
    value = CARD_VALUE[card]
    return tag("li", (tag("b", str(value)) if value else "") + icon(kind, "1em"), class_="pp-chip pp-k-" + kind, data_anim="chip-" + card,
               title=_(type_name(CARD_TYPE[card])))


def taste(loves, kind, cls):
    """What a customer loves (`loves` True) or hates, in an icon and words."""
    word = _(kind_word(kind))
    label = _("Loves") if loves else _("Hates")
    spoken = (_("Loves {kind}") if loves else _("Hates {kind}")).format(kind=word)
    return tag("span", tag("span", label, class_="pp-taste-label") + icon(kind, "1.1em") + esc(word),
               class_="pp-taste " + cls, aria_label=spoken)


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
        tokens = tag("span", HAPPY * happy, class_="pp-happy", data_anim="happy-%d" % seat) + tag("span", MAD * mad, class_="pp-mad")
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
        if view["king_to"] and seat in view["king_to"]:
            parts.append(tag("span", "♛ " + _("The King ({stars}★)").format(stars=KING_STARS), class_="badge pp-king-badge"))
        elif not view["over"] and seat == view["turn"]:
            doing = {"restocked": _("restocked"), "give": _("choosing a rival"), "redraw": _("redrawing"),
                     "discard": _("discarding")}.get(view["phase"])
            if doing:
                parts.append(tag("span", doing, class_="badge"))
        return "".join(parts)

    def rules_pictures(self):
        """How to play: a bowl climbing from a Noodle to a 5 with its Bill, and a customer's tastes."""
        bowl = ["noodle1a"] + [next(c for c in CARD_TYPE if CARD_TYPE[c] == t) for t in ("beef2", "herbs3", "chicken4", "chili5", "bill")]
        tastes = taste(True, "herbs", "pp-loved") + " " + taste(False, "chili", "pp-hated")
        return (figure(tag("ol", "".join(chip(c) for c in bowl), class_="pp-served"), _("A finished bowl: 1 up to 5, and a Bill"))
                + figure(tag("div", tastes, class_="pp-tastes"), _("Each customer loves one kind and hates another")))

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
        items = [
            tag("li", bold_count(_("{n} in the draw pile"), view["deck"]), class_="pp-pile"),
            tag("li", discarded, class_="pp-pile"),
            tag("li", bold_count(_("{n} in the customer deck"), view["customers"]), class_="pp-pile"),
            tag("li", esc(_("Turn {n}").format(n=view["turn_no"])), class_="pp-pile"),
        ]
        warning = ""
        if view["over"]:
            pass
        elif view["king_out"]:
            left = (view["finals_left"] or 0) + 1
            warning = tag("p", "♛ " + _("The King has arrived: final turns, {n} to go (this one included).").format(n=left),
                          class_="pp-warning pp-final", role="note")
        elif view["customers"] <= KING_WARNING_AT:
            warning = tag("p", "♛ " + ngettext("Only {n} customer card left: The King is near. Happy tokens decide who gets him.",
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
        served = tag("ol", "".join(chip(c) for c in cards), class_="pp-served", aria_label=_("served: {cards}").format(
            cards=", ".join(_(type_name(CARD_TYPE[c])) for c in cards))) if cards else tag("p", _("Nothing served yet"), class_="pp-none")
        bill = tag("div", icon("bill", "1.2em") + esc(_(KIND_NAMES[BILL][0])), class_="pp-bill-tag pp-k-bill") if entry["bill"] else ""
        buttons = []
        for action in legal:
            if action == "serve@{}".format(i):
                buttons.append(button(_("Serve here"), "play", action, class_="legal primary"))
            elif action.startswith("put:") and action.endswith("@{}".format(i)):
                ctype = action[4:].split("@")[0]
                buttons.append(button(esc(_("Put {card} here").format(card=_(type_name(ctype)))), "play", action, class_="legal primary"))
        head = (tag("div", (icon("bowl", "1.4em") if i == 0 else "") + tag("span", where), class_="pp-where")
                + stars(info["stars"]))
        body = (head
                + tag("div", taste(True, info["loved"], "pp-loved") + taste(False, info["hated"], "pp-hated"), class_="pp-tastes")
                + tag("div", tag("span", topline, class_="pp-top") + bill, class_="pp-status")
                + served
                + tag("p", needs, class_="pp-needs")
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
            items = "".join(tag("li", stars(CUSTOMER[c]["stars"]) + " " + icon(CUSTOMER[c]["loved"], "1em") + esc(_(kind_word(CUSTOMER[c]["loved"]))),
                                class_="pp-loyal") for c in loyal)
            if view["king_to"] and seat in view["king_to"]:
                items += tag("li", stars(KING_STARS) + " ♛ " + esc(_(customer_name(KING))), class_="pp-loyal pp-king")
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

    def key(self, screen, key):
        view = screen.table.view(screen.viewer) if screen.viewer is not None and screen.table is not None else None
        if key == "Escape" and view and (view["sel"] or view["marks"]):  # else Escape closes the rules
            return self.handle(screen, "pp-clear", None)
        return False


RENDERER = PhoPhoRenderer()
