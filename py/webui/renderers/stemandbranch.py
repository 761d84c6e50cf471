"""Stem and Branch's table: the 4x4 calendar, the row of 8 and the piles, the hands, and one small
decision at a time (a card to summon, a space, the payment items, a steal, a discard).

Everything clickable comes from the legal actions and is a real <button> with an aria-label:
a row card or the deck ("draw:..."), a card in hand ("summon:N", "pay:N", "discard:N"), a lit
space showing its cost ("at:c2"), a co-op move ("move:b2>b3"), a payment token, a steal target.
The app's suggested payment is one more button that plays the suggested items one by one.
Taking a choice back is the shell's Undo. Elements carry their word as well as their colour.

Spirit Scrolls (SB-22..SB-25): the five stacks with the levels still in them and the box; each
player's scrolls, active or inactive, with their effect in words; the claim prompt (each scroll with
its price in years, the exchange discount, the scrolls that would go to the box; Decline); Activate
and Refresh buttons in the action bar; each decision of an activation as buttons; tokens gained in
the second action marked as waiting for the next turn. All of them come from the legal actions."""

from games.stemandbranch.data import (ACTIONS_PER_TURN, ANIMAL, ANIMALS, ELEMENT, ELEMENTS, HAND_LIMIT, RANK, SPACES,
                                      TOP_RANK, WOOD_SUMMON_COST, card_name, cards_text, coop_rank, scroll_effect,
                                      scroll_name, scroll_parts, with_article, year_animal)
from games.stemandbranch.rules import claim_options, coop_score, cost, is_coop, passed_over, stack_of, suggest_payment

from ..html import button, esc, figure, tag
from . import acting_seat

# A shape per element besides its colour and word (common symbols every system font has).
ELEMENT_SIGNS = {"Wood": "♣", "Fire": "▲", "Earth": "■", "Metal": "●", "Water": "≈"}


def display_order(cards):
    """A hand as a player sorts it: by animal in the cycle's order, then rank."""
    return sorted(cards, key=lambda c: (ANIMALS.index(ANIMAL[c]), RANK[c]))


def card_body(card):
    element = ELEMENT[card]
    # Spaces between the parts: a screen reader (and axe's label check) reads "Rat r1 Wood".
    return (tag("span", esc(ANIMAL[card]), class_="sb-animal") + " "
            + tag("span", "r{}".format(RANK[card]), class_="sb-rank") + " "
            + tag("span", tag("span", ELEMENT_SIGNS[element], class_="sb-sign", aria_hidden="true") + " " + esc(element),
                  class_="sb-element"))


def card_chip(card, act=None, arg=None, label=None, extra=""):
    """A card: a button when it does something now, else a plain tile."""
    cls = "sb-card sb-el-{} {}".format(ELEMENT[card], extra).strip()
    if act:
        # The name starts with what the card shows ("Rat r1 ♣ Wood"), as a label must contain its visible words.
        shown = "{} r{} {} {}".format(ANIMAL[card], RANK[card], ELEMENT_SIGNS[ELEMENT[card]], ELEMENT[card])
        return button(card_body(card), act, arg, class_=cls + " legal", aria_label=shown + (": " + label if label else ""))
    return tag("span", card_body(card), class_=cls, title=card_name(card))


def visible_words(space, stack, token, view):
    """What a calendar space shows, in words (its button's name must contain them)."""
    top = stack[-1]
    words = "{} {} r{} {} {} card{}".format(space, ANIMAL[top], RANK[top], ELEMENT[top], len(stack), "" if len(stack) == 1 else "s")
    if is_coop(view) and ANIMAL[top] in view["locked"]:
        words += " locked"
    if token:
        words += " {} token".format(token)
    return words


def tokens_text(tokens):
    held = ["{} {}".format(n, e) for e, n in tokens.items() if n]
    return ", ".join(held) if held else "none"


def element_tokens(tokens, waiting=None):
    """Token chips; `waiting` (SB-25): how many of each were gained in the second action and wait
    for the player's next turn (marked with an hourglass and said in words)."""
    out = []
    for e in ELEMENTS:
        n = tokens.get(e, 0)
        if not n:
            continue
        wait = min(n, (waiting or {}).get(e, 0))
        title = "{} {} token{}".format(n, e, "" if n == 1 else "s")
        text = "{}×{}".format(ELEMENT_SIGNS[e], n)
        if wait:
            title += ", {} usable from the next turn".format(wait)
            text += tag("span", " ({} next turn)".format(wait), class_="sb-wait")
        out.append(tag("span", text, class_="sb-token sb-el-" + e + (" sb-waiting" if wait else ""), title=title))
    return "".join(out)


def waiting_words(view, seat):
    """SB-25's tokens waiting for the next turn, in words ("1 Wood, 2 Fire"; "" when none)."""
    fresh = {e: min(n, view["tokens"][seat][e]) for e, n in view["fresh"][seat].items()}
    return ", ".join("{} {}".format(n, e) for e, n in fresh.items() if n)


def waiting_text(view, seat):
    words = waiting_words(view, seat)
    return "; {} usable from the next turn".format(words) if words else ""


def scroll_chip(sid, active=None):
    """A scroll: element colour and word, level, and (owned) active or inactive."""
    element, level = scroll_parts(sid)
    state = "" if active is None else (" active" if active else " inactive")
    return tag("span", tag("span", ELEMENT_SIGNS[element], aria_hidden="true") + " {} L{}{}".format(element, level, state),
               class_="sb-scroll sb-el-{}{}".format(element, "" if active is None else (" sb-active" if active else " sb-inactive")),
               title=scroll_effect(sid))


class StemAndBranchRenderer:
    # --- status line and panels ---------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        counter = "Action {} of {}: ".format(min(view["done"] + 1, ACTIONS_PER_TURN), ACTIONS_PER_TURN)
        if seat is None:
            return {"main": "drawing or summoning.", "place": "choosing where to summon.", "pay": "paying for a summon.",
                    "steal": "choosing whom to take an element token from.", "claim": "deciding whether to claim a scroll.",
                    "activate": "choosing the target of a scroll.", "source": "choosing where an element token comes from.",
                    "metal": "moving an animal or swapping its top card.", "water": "taking element tokens.",
                    "discard": "discarding down to {} cards.".format(HAND_LIMIT)}.get(phase, "")
        pending = view["pending"]
        activation = view.get("activation")
        if phase == "claim":
            return counter + "claim {} scroll with your years, or decline.".format(with_article(ELEMENT[pending["card"]]))
        if phase == "activate":
            # A colon, not brackets: the Wood effect ends in brackets of its own.
            return counter + "choose the target of your {}: {}.".format(scroll_name(activation["scroll"]),
                                                                         scroll_effect(activation["scroll"]))
        if phase == "source":
            return counter + "choose where {}'s {} token comes from.".format(ctx.name(activation["holder"]), activation["element"])
        if phase == "metal":
            return counter + "move the {} to an empty space or swap its top card with one below.".format(activation["animal"])
        if phase == "water":
            if not activation["taken"]:
                return counter + "take up to {} element token{} from the supply or the board.".format(
                    activation["left"], "" if activation["left"] == 1 else "s")
            return counter + "take another token ({} more at most) from the supply or the board, or stop.".format(activation["left"])
        if phase == "main" and view.get("scrolls"):
            return counter + "draw, summon a card from your hand, or activate a scroll; refreshing a scroll is free."
        if phase == "main":
            return counter + "draw a card (the row or the deck) or select a card in your hand to summon."
        if phase == "place" and pending.get("from_discard"):
            return counter + "choose a lit space for {} from the discard pile (no cost).".format(card_name(pending["card"]))
        if phase == "place":
            more = " (or move one animal first)" if is_coop(view) and pending["moved"] is None else ""
            return counter + "choose a lit space for {}{}; each shows its cost.".format(card_name(pending["card"]), more)
        if phase == "pay":
            left = pending["cost"] - len(pending["cards"]) - pending["paid_tokens"]
            return counter + "pay {} more for {}: {} cards or tokens, or cards of the {}.".format(
                left, card_name(pending["card"]), ELEMENT[pending["card"]], ANIMAL[pending["card"]])
        if phase == "steal":
            return "no {} token is left in the supply: choose whom to take one from.".format(ELEMENT[pending["card"]])
        if phase == "discard":
            extra = len(view["hands"][seat]) - HAND_LIMIT
            return "end of your turn: discard {} card{} (hand limit {}).".format(extra, "" if extra == 1 else "s", HAND_LIMIT)
        return ""

    def score(self, ctx, seat):
        view = ctx.view
        if is_coop(view):
            at_five, bonus = coop_score(view)
            return tag("span", "Team {}".format(at_five + bonus), title="the team's score so far")
        years = view["years"][seat]
        return tag("span", "{} year{}".format(years, "" if years == 1 else "s"))

    def panel(self, ctx, seat):
        view = ctx.view
        size = view["hand_sizes"][seat]
        parts = [tag("div", "Hand: {} card{}".format(size, "" if size == 1 else "s"), class_="sb-facts")]
        if not is_coop(view):
            animals = [a for a in ANIMALS if view["owner"][a] == seat]
            parts.append(tag("div", "Animal tokens: " + (esc(", ".join(animals)) if animals else "none"), class_="sb-facts sb-animals"))
            parts.append(tag("div", "Element tokens: " + (element_tokens(view["tokens"][seat], view["fresh"][seat]) or "none"),
                             class_="sb-facts", aria_label="Element tokens: " + tokens_text(view["tokens"][seat])
                             + waiting_text(view, seat)))
            if view.get("scrolls"):
                owned = view["owned"][seat]
                chips = " ".join(scroll_chip(sid, owned[sid]) for sid in sorted(owned))
                parts.append(tag("div", "Scrolls: " + (chips or "none"), class_="sb-facts"))
        if not view["over"] and seat == view["turn"]:
            parts.append(tag("span", "action {} of {}".format(min(view["done"] + 1, ACTIONS_PER_TURN), ACTIONS_PER_TURN), class_="badge"))
        return "".join(parts)

    # --- the table ------------------------------------------------------------------------------
    def board(self, ctx):
        view = ctx.view
        legal = ctx.legal()
        parts = []
        if ctx.can_act:
            parts.append(self.controls(ctx, legal))
        parts.append(self.summary(ctx))
        parts.append(self.calendar(ctx, legal))
        if view.get("scrolls"):
            parts.append(self.scrolls(ctx))
        if ctx.ui.get("sb-stack"):
            parts.append(self.stack_detail(ctx, ctx.ui["sb-stack"]))
        parts.append(self.row(ctx, legal))
        parts.append(self.hands(ctx, legal))
        parts.append(self.discard(ctx))
        return tag("div", "".join(parts), class_="sb-table")

    def summary(self, ctx):
        view = ctx.view
        items = [tag("li", "Deck: " + tag("b", str(view["deck_size"])) + " cards", data_anim="sb-deck"),
                 tag("li", "Supply: " + (element_tokens(view["supply"]) or "no tokens"), aria_label="Supply: " + tokens_text(view["supply"]))]
        if is_coop(view):
            at_five, bonus = coop_score(view)
            items.append(tag("li", "Team pool: " + (element_tokens(view["pool"]) or "empty"), aria_label="Team pool: " + tokens_text(view["pool"])))
            items.append(tag("li", "Locked: {} of 12".format(len(view["locked"]))))
            items.append(tag("li", "Score so far: " + tag("b", str(at_five + bonus)) + " · rank " + tag("b", coop_rank(at_five + bonus)),
                             class_="sb-coop-score"))
        else:
            animal = year_animal(view["year"])
            items.append(tag("li", "Tie-break: {} ({})".format(view["year"], animal), title="A tie goes to the holder of the {} token".format(animal)))
        warning = ""
        if view["ending"] and not view["over"]:
            why = "The deck is empty" if view["ending"] == "deck" else "60 years reached"
            warning = tag("p", "{}: final round. The game ends after {}'s turn.".format(why, ctx.name(view["last"])),
                          class_="sb-warning", role="note")
        return tag("ul", "".join(items), class_="sb-summary", aria_label="Deck and tokens") + warning

    def calendar(self, ctx, legal):
        view = ctx.view
        targets = {a[3:]: a for a in legal if a.startswith("at:")}
        pending = view["pending"]
        cells = []
        for space in SPACES:
            stack = view["board"][space]
            token = view["board_tokens"].get(space)
            parts = [tag("span", space, class_="sb-space-name")]
            if stack:
                top = stack[-1]
                parts.append(card_body(top))
                parts.append(tag("span", "{} card{}".format(len(stack), "" if len(stack) == 1 else "s"), class_="sb-depth"))
                if is_coop(view) and ANIMAL[top] in view["locked"]:
                    parts.append(tag("span", "locked", class_="sb-locked-tag"))
            if token:
                parts.append(tag("span", "{} {} token".format(ELEMENT_SIGNS[token], token), class_="sb-token sb-el-" + token))
            cls = "sb-cell" + (" sb-el-" + ELEMENT[stack[-1]] if stack else " sb-empty")
            if is_coop(view) and stack and ANIMAL[stack[-1]] in view["locked"]:
                cls += " sb-locked"
            describe = "{}: {}".format(space, "{} ({} cards, top {})".format(ANIMAL[stack[-1]], len(stack), card_name(stack[-1]))
                                       if stack else "empty") + (", {} token".format(token) if token else "")
            if space in targets:
                price = WOOD_SUMMON_COST if pending.get("from_discard") else cost(view, pending["card"], space)
                parts.append(tag("span", "Cost {}".format(price), class_="sb-cost"))
                verb = "Ascend" if stack else "Summon"
                cell = button("".join(parts), "play", targets[space], class_=cls + " legal", data_anim="sb-space-" + space,
                              aria_label="{} {} on {} for {}".format(verb, card_name(pending["card"]), describe, price))
            elif stack:
                cell = button(" ".join(parts), "sb-stack", space, class_=cls, data_anim="sb-space-" + space,
                              aria_label="{}: show the whole stack".format(visible_words(space, stack, token, view)),
                              aria_pressed="true" if ctx.ui.get("sb-stack") == space else "false")
            else:
                cell = tag("div", "".join(parts), class_=cls, aria_label=describe, data_anim="sb-space-" + space)
            cells.append(cell)
        return tag("section", tag("h3", "The calendar") + tag("div", "".join(cells), class_="sb-grid"),
                   class_="sb-calendar", aria_label="The calendar")

    def scrolls(self, ctx):
        """SB-22: the five stacks (levels still in each, top first) and the box; every player's
        scrolls, active or inactive, with their effect in words."""
        view = ctx.view
        stacks = []
        for e in ELEMENTS:
            levels = view["stacks"][e]
            shown = " ".join("L{}".format(lv) for lv in levels) if levels else "empty"
            stacks.append(tag("li", tag("span", ELEMENT_SIGNS[e], aria_hidden="true") + " " + tag("b", e) + ": " + shown,
                              class_="sb-scroll-stack sb-el-" + e))
        box = view["box"]
        parts = [tag("h3", "Spirit Scrolls"),
                 tag("ul", "".join(stacks), class_="sb-scroll-stacks", aria_label="Scroll stacks, top level first"),
                 tag("p", "Box: " + (", ".join(scroll_name(b) for b in box) if box else "empty"), class_="sb-hint")]
        owners = []
        for seat in sorted(range(view["players"]), key=lambda s: s != ctx.viewer):
            owned = view["owned"][seat]
            if not owned:
                continue
            items = "".join(tag("li", scroll_chip(sid, owned[sid]) + " " + esc(scroll_effect(sid))) for sid in sorted(owned))
            who = "Your scrolls" if seat == ctx.viewer else "{}'s scrolls".format(ctx.name(seat))
            owners.append(tag("div", tag("b", who) + tag("ul", items, class_="sb-scroll-list")))
        parts.append("".join(owners) or tag("p", "Nobody owns a scroll yet: summon a card, then claim a scroll of its element.",
                                             class_="sb-hint"))
        return tag("section", "".join(parts), class_="sb-scrolls", aria_label="Spirit Scrolls")

    def stack_detail(self, ctx, space):
        stack = ctx.view["board"].get(space) or []
        if not stack:
            return ""
        items = "".join(tag("li", card_chip(c)) for c in reversed(stack))
        return tag("section", tag("h3", "The stack on {} (top first)".format(space)) + tag("ol", items, class_="sb-stack-list")
                   + button("Close", "sb-stack", ""), class_="sb-stack-box", aria_label="Stack on " + space)

    def row(self, ctx, legal):
        view = ctx.view
        legal_set = set(legal)
        slots = []
        for i, card in enumerate(view["row"]):
            act = "draw:row{}".format(i)
            if card is None:
                slots.append(tag("li", tag("span", "empty", class_="sb-card sb-gone")))
            elif act in legal_set:
                slots.append(tag("li", card_chip(card, "play", act, "draw it from the row")))
            else:
                slots.append(tag("li", card_chip(card)))
        deck = (button("Draw from the deck ({})".format(view["deck_size"]), "play", "draw:deck", class_="legal sb-deck",
                       aria_label="Draw from the deck ({} left)".format(view["deck_size"]))
                if "draw:deck" in legal_set else tag("span", "Deck: {}".format(view["deck_size"]), class_="sb-deck"))
        return tag("section", tag("h3", "The row") + tag("ol", "".join(slots), class_="sb-row") + deck,
                   class_="sb-row-box", aria_label="The row")

    def hands(self, ctx, legal):
        view = ctx.view
        parts = []
        seats = range(view["players"]) if is_coop(view) or view["over"] else ([ctx.viewer] if ctx.viewer is not None else [])
        order = sorted(seats, key=lambda s: s != ctx.viewer)
        for seat in order:
            hand = view["hands"][seat]
            if hand is None:
                continue
            mine = seat == ctx.viewer and ctx.can_act
            chips = []
            pending = view["pending"]
            for card in display_order(hand):
                act = None
                if mine:
                    for verb, label in (("summon", "Summon {}"), ("pay", "Pay with {}"), ("discard", "Discard {}")):
                        if "{}:{}".format(verb, card) in legal:
                            act = ("{}:{}".format(verb, card), label.format(card_name(card)))
                extra = ""
                if pending and seat == view["turn"]:
                    if card == pending["card"]:
                        extra = "sb-selected"
                    elif card in pending["cards"]:
                        extra = "sb-paid"
                chips.append(card_chip(card, "play" if act else None, act[0] if act else None, act[1] if act else None, extra))
            who = "Your hand" if seat == ctx.viewer else "{}'s hand".format(ctx.name(seat))
            parts.append(tag("section", tag("h3", "{} ({})".format(who, len(hand))) + tag("div", "".join(chips) or "No cards.", class_="sb-hand"),
                             class_="sb-hand-box", aria_label=who))
        return "".join(parts)

    def discard(self, ctx):
        view = ctx.view
        pile = view["discard"]
        if not pile:
            return tag("p", "Discard pile: empty.", class_="sb-discard-line")
        open_ = bool(ctx.ui.get("sb-discard"))
        head = button("{} the discard pile ({})".format("Hide" if open_ else "Browse", len(pile)), "sb-discard", None,
                      aria_expanded="true" if open_ else "false")
        body = ""
        if open_:
            groups = []
            for animal in ANIMALS:
                cards = sorted(c for c in pile if ANIMAL[c] == animal)
                if cards:
                    groups.append(tag("li", tag("b", esc(animal)) + " " + "".join(card_chip(c) for c in cards)))
            body = tag("ul", "".join(groups), class_="sb-discard-list")
        return tag("section", head + body, class_="sb-discard", aria_label="Discard pile")

    def controls(self, ctx, legal):
        view = ctx.view
        seat = ctx.viewer
        phase = view["phase"]
        pending = view["pending"]
        done = min(view["done"] + 1, ACTIONS_PER_TURN)
        items = [tag("span", "Action {} of {}".format(done, ACTIONS_PER_TURN), class_="sb-counter")]
        if phase == "place":
            items.append(tag("span", "Summoning " + card_chip(pending["card"], extra="sb-selected"), class_="sb-doing"))
            moves = [a for a in legal if a.startswith("move:")]
            if moves:
                buttons = []
                for a in moves:
                    src, dst = a[5:].split(">")
                    animal = ANIMAL[view["board"][src][-1]]
                    buttons.append(button("{} {}→{}".format(esc(animal), src, dst), "play", a, class_="legal",
                                          aria_label="Move the {} from {} to {}".format(animal, src, dst)))
                needed = not any(a.startswith("at:") for a in legal)  # no space is affordable without a move
                items.append(tag("details", tag("summary", "{} one animal one space first ({})".format(
                    "Move" if needed else "Optional: move", len(moves)))
                                 + tag("div", "".join(buttons), class_="sb-moves"), class_="sb-move-box", open=needed))
            items.append(tag("span", "Undo picks another card.", class_="sb-hint"))
        elif phase == "pay":
            left = pending["cost"] - len(pending["cards"]) - pending["paid_tokens"]
            items.append(tag("span", "Paying for " + card_chip(pending["card"], extra="sb-selected")
                             + " on {}: {} of {} paid".format(pending["space"], pending["cost"] - left, pending["cost"]), class_="sb-doing"))
            for a in legal:
                if a.startswith("pay:token:"):
                    element = a[10:]
                    store = view["pool"] if is_coop(view) else view["tokens"][seat]
                    items.append(button("Pay {} token ({} left)".format(with_article(element), store[element] - pending["paid_tokens"]), "play", a,
                                        class_="legal sb-token sb-el-" + element))
            suggestion = suggest_payment(view, seat)
            if suggestion:
                words = [(with_article(a[10:]) + " token" if a.startswith("pay:token:") else card_name(int(a[4:]))) for a in suggestion]
                # The button carries the very items it names: a click from an earlier page (the
                # payment done, another summon's) is then told apart from this one (handle).
                items.append(button("Pay with: " + esc(", ".join(words)), "sb-pay-suggested", ",".join(suggestion), class_="primary",
                                    aria_label="Pay with the suggested items: " + ", ".join(words)))
            items.append(tag("span", "Or click matching cards in your hand.", class_="sb-hint"))
        elif phase == "steal":
            element = ELEMENT[pending["card"]]
            for a in legal:
                victim = int(a[6:])
                items.append(button("Take {} token from {} ({} years)".format(with_article(element), ctx.name(victim), view["years"][victim]),
                                    "play", a, class_="legal primary"))
        elif phase == "discard":
            items.append(tag("span", "Click a card in your hand to discard it.", class_="sb-hint"))
        elif phase == "claim":
            items += self.claim_controls(ctx, legal)
        elif phase in ("activate", "source", "metal", "water"):
            items += self.activation_controls(ctx, legal)
        elif phase == "main":
            # The deck is one click away in the action bar too: on a phone the row and the hand
            # lie below the calendar, and the first move must be on the first screen.
            if "draw:deck" in legal:
                items.append(button("Draw from the deck", "play", "draw:deck", class_="legal",
                                    aria_label="Draw from the deck ({} left)".format(view["deck_size"])))
            for a in legal:
                if a.startswith("scroll:"):
                    sid = a[7:]
                    items.append(button("Activate " + scroll_name(sid), "play", a, class_="legal sb-el-" + scroll_parts(sid)[0],
                                        title=scroll_effect(sid),
                                        aria_label="Activate {}: {}".format(scroll_name(sid), scroll_effect(sid))))
            items.append(tag("span", "Or draw a row card, or summon: click a card in your hand.", class_="sb-hint"))
        if phase in ("main", "claim"):
            items += self.refresh_controls(ctx, legal)
        # A claim or a steal follows a payment, often a click on a hand card far down the page:
        # the page scrolls to these prompts (data-follow, browser.py; SB-22, SB-11 step 3).
        follow = phase in ("claim", "steal")
        return tag("div", "".join(items), class_="sb-controls" + (" sb-follow" if follow else ""), aria_label="Your choices",
                   data_follow=follow)

    def refresh_controls(self, ctx, legal):
        """SB-25: a free Refresh per inactive scroll and token it can be paid with."""
        out = []
        for a in legal:
            if a.startswith("refresh:"):
                sid, pay = a[8:].split("/")
                out.append(button("Refresh {} with {} token".format(scroll_name(sid), with_article(pay)), "play", a,
                                  class_="legal sb-refresh sb-el-" + pay))
        waiting = waiting_words(ctx.view, ctx.viewer)
        if waiting:
            out.append(tag("span", "Gained in your second action, so not for a refresh before your next turn: {}.".format(waiting),
                           class_="sb-hint sb-wait-note"))
        return out

    def claim_controls(self, ctx, legal):
        """SB-22: each claim with its price, the exchange discount and what goes to the box."""
        view = ctx.view
        card = view["pending"]["card"]
        years = view["years"][ctx.viewer]
        out = [tag("span", "Claim a scroll? You summoned {}: {} scrolls up to L{}; you have {} year{}.".format(
            card_name(card), ELEMENT[card], RANK[card], years, "" if years == 1 else "s"), class_="sb-doing")]
        for taken, back, price in claim_options(view, ctx.viewer):
            act = "claim:" + taken + ("/" + back if back else "")
            if act not in legal:
                continue
            level = scroll_parts(taken)[1]
            words = "Claim {} for {} year{}".format(scroll_name(taken), price, "" if price == 1 else "s")
            if back:
                words += " returning your {} (−{} year{})".format(scroll_name(back), level - price, "" if level - price == 1 else "s")
            boxed = passed_over(view, taken)
            if boxed:
                words += "; to the box: " + ", ".join("L{}".format(scroll_parts(b)[1]) for b in boxed)
            out.append(button(esc(words), "play", act, class_="legal sb-el-" + ELEMENT[card], title=scroll_effect(taken)))
        out.append(button("Decline: no scroll", "play", "claim:none"))
        return out

    def activation_controls(self, ctx, legal):
        """SB-24: the decisions of the scroll being resolved, one at a time."""
        view = ctx.view
        act = view["activation"]
        sid = act["scroll"]
        out = [tag("span", "Activating " + scroll_chip(sid), class_="sb-doing")]
        level = scroll_parts(sid)[1]
        for a in legal:
            verb, _, arg = a.partition(":")
            if verb == "wood":
                out.append(card_chip(int(arg), "play", a, "summon it from the discard pile at no cost"))
                continue
            if verb == "fire":
                home = stack_of(view, arg)
                stack = view["board"][home]
                label = "Remove the {} on {} ({} card{}, {} year{})".format(arg, home, len(stack), "" if len(stack) == 1 else "s",
                                                                         len(stack), "" if len(stack) == 1 else "s")
            elif verb == "earth":
                cards = sorted(c for c in view["discard"] if ANIMAL[c] == arg and RANK[c] <= level)
                label = "Take {} ({} year{})".format(cards_text(cards), len(cards), "" if len(cards) == 1 else "s")
            elif verb == "metal":
                home = stack_of(view, arg)
                label = "The {} on {} (level {}: {} year{})".format(arg, home, RANK[view["board"][home][-1]],
                                                                    RANK[view["board"][home][-1]],
                                                                    "" if RANK[view["board"][home][-1]] == 1 else "s")
            elif verb == "source":
                label = ("Give it from the supply" if arg == "supply" else
                         "Give it from {}".format(ctx.name(int(arg[4:]))) if arg.startswith("seat") else
                         "Give it from the board ({})".format(arg))
            elif verb == "moveto":
                token = view["board_tokens"].get(arg)
                label = "Move the {} to {}{}".format(act["animal"], arg, " (take the {} token)".format(token) if token else "")
            elif verb == "swap":
                label = "Swap the top card with {}".format(card_name(int(arg)))
            elif a == "water:done":
                label = "Stop taking tokens"
            elif arg.startswith("supply:"):
                label = "Take {} token from the supply".format(with_article(arg[7:]))
            else:
                label = "Take the {} token on {}".format(view["board_tokens"][arg], arg)
            out.append(button(esc(label), "play", a, class_="legal" if a != "water:done" else "primary"))
        return out

    # --- gestures -------------------------------------------------------------------------------
    def rules_pictures(self):
        """How to play: an Ascend and a shared element, with the cards the calendar shows."""
        rat1, rat2, ox1, horse3 = 1, 13, 2, 31  # Rat r1 Wood, Rat r2 Fire, Ox r1 Wood, Horse r3 Wood
        return (figure(card_chip(rat1) + " → " + card_chip(rat2), "Ascend: a higher rank of the same animal goes on top")
                + figure(card_chip(ox1) + " + " + card_chip(horse3), "A Wood neighbour makes a Wood summon 1 cheaper"))

    def handle(self, app, act, arg):
        if act == "sb-stack":
            app.ui["sb-stack"] = arg if arg in SPACES else None
            return True
        if act == "sb-discard":
            app.ui["sb-discard"] = not app.ui.get("sb-discard")
            return True
        if act == "sb-pay-suggested":
            # Only the payment this page suggests: a click on the button of an earlier page (the
            # summon paid and resolved, or another summon's) does nothing (issue 27).
            seat = acting_seat(app)
            if seat is None or app.match.view(seat)["phase"] != "pay":
                return False
            suggestion = suggest_payment(app.match.view(seat), seat)
            if not suggestion or arg != ",".join(suggestion):
                return False
            for action in suggestion:
                if acting_seat(app) != seat or action not in app.match.legal(seat):
                    break
                app.play(action)
            return False  # play() redraws
        return False

    def key(self, app, key):
        if key == "Escape" and app.ui.get("sb-stack"):
            app.ui["sb-stack"] = None
            return True
        return False


RENDERER = StemAndBranchRenderer()
