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

from games.stemandbranch.data import (ACTIONS_PER_TURN, ANIMAL, ANIMALS, ELEMENT, ELEMENTS, END_YEARS, HAND_LIMIT, RANK, SPACES,
                                      TOP_RANK, WOOD_SUMMON_COST, scroll_parts, year_animal)
from games.stemandbranch.rules import (A_ELEMENT, ANIMAL_NAMES, ELEMENT_NAMES, card_words, claim_options, coop_score, cost,
                                       is_coop, passed_over, rank_words, scroll_effect_words, scroll_words, stack_of,
                                       suggest_payment)

from ..art import face, picture
from ..html import button, esc, figure, tag
from ..i18n import _, ngettext
from . import acting_seat

GAME_ID = "stemandbranch"
# The pictures (webui.art, tools/art.py), all of Fluent Emoji Flat: the twelve animals drawn whole
# (one style: the set has a whole animal for every one of them, not a face for each); an element
# is a picture of its own shape besides its colour and word (colour-blind players): a round green
# tree (Wood), a flame (Fire), a brown mountain (Earth), a gold coin (Metal, 金 is gold), a drop
# (Water); a scroll for the Spirit Scrolls; the back of a card is the yin-yang of the cycle.
ANIMAL_ART = {a: a.lower() for a in ANIMALS}
ELEMENT_ART = {"Wood": "wood", "Fire": "fire", "Earth": "earth", "Metal": "metal", "Water": "water"}
ART = dict({a.lower(): a.lower() for a in ANIMALS},
           wood="deciduous-tree", fire="fire", earth="mountain", metal="coin", water="droplet",
           scroll="scroll", back="yin-yang")


def animal_word(animal):
    """An animal's name in the reader's language."""
    return _(ANIMAL_NAMES[animal])


def element_word(element):
    return _(ELEMENT_NAMES[element])


def a_token(element):
    """"a Wood token", "an Earth token"."""
    return _("{a_element} token").format(a_element=_(A_ELEMENT[element]))


def rank_short(card):
    """"r3": a card's rank as the card shows it."""
    return _("r{rank}").format(rank=RANK[card])


def level_short(level):
    """"L3": a scroll's level as its stack shows it."""
    return _("L{level}").format(level=level)


def and_list(items):
    """Words joined as "a, b and c" in the reader's language."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def cards_word(cards):
    return and_list(_(card_words(c)) for c in cards)


def display_order(cards):
    """A hand as a player sorts it: by animal in the cycle's order, then rank."""
    return sorted(cards, key=lambda c: (ANIMALS.index(ANIMAL[c]), RANK[c]))


def element_pip(element):
    """An element's picture, small, beside an index (decorative: its face says the words)."""
    return picture(GAME_ID, ELEMENT_ART[element], "sb-pip")


def card_index(card):
    """A card's corner, where a fanned hand shows it: the rank over the element's picture. The rank
    is drawn from data-rank (app.css), like the picture: the words a control shows must be a run of
    its name (a speech-input user says them), and "Horse r3 (Wood)" names the rank "r3"."""
    return tag("span", element_pip(ELEMENT[card]), class_="sb-idx", data_rank=RANK[card])


def card_face(card, label, classes=""):
    """A card's face: the rank and element in the corner, the animal in the middle, its name below."""
    body = card_index(card) + tag("span", esc(animal_word(ANIMAL[card])), class_="sb-name")
    return face(GAME_ID, str(card), ANIMAL_ART[ANIMAL[card]], label, body=body, classes=("sb-cardface " + classes).strip())


def card_chip(card, act=None, arg=None, label=None, extra=""):
    """A card: a button when it does something now, else a plain card."""
    cls = "sb-card sb-el-{} {}".format(ELEMENT[card], extra).strip()
    words = _(card_words(card))
    if act:
        name = _("{card}: {what}").format(card=words, what=label) if label else words
        return button(card_face(card, None), act, arg, class_=cls + " legal", aria_label=name, title=name)
    return card_face(card, words, cls)


def card_back(label, count=None, classes=""):
    """The back of a card (the deck, a face-down pile): the yin-yang on a patterned ground."""
    body = tag("span", str(count), class_="sb-back-count") if count is not None else ""
    return face(GAME_ID, "back", "back", label, body=body, classes=("sb-card sb-back " + classes).strip())


def token_face(element, label, count=None):
    """A round element token with the element's picture (and how many, when more than one)."""
    body = tag("span", str(count), class_="sb-disc-count") if count else ""
    return face(GAME_ID, "token-" + element, ELEMENT_ART[element], label, body=body, classes="sb-disc sb-el-" + element)


def scroll_pic(sid, label=None, body=""):
    """A scroll's picture with its element's picture on it."""
    element = scroll_parts(sid)[0]
    return face(GAME_ID, sid, "scroll", label, body=element_pip(element) + body, classes="sb-scroll-pic sb-el-" + element)


def cards_count(n):
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def visible_words(space, stack, token, view):
    """What a calendar space shows, in words (its button's name must contain them)."""
    top = stack[-1]
    words = [space]
    if is_coop(view) and ANIMAL[top] in view["locked"]:
        words.append(_("locked"))  # shown beside the space's name
    words += [animal_word(ANIMAL[top]), rank_short(top), element_word(ELEMENT[top]), cards_count(len(stack))]
    if token:
        words.append(_("{element} token").format(element=element_word(token)))
    return " ".join(words)


def tokens_text(tokens):
    held = ["{} {}".format(n, element_word(e)) for e, n in tokens.items() if n]
    return ", ".join(held) if held else _("none")


def element_tokens(tokens, waiting=None):
    """Token chips; `waiting` (SB-25): how many of each were gained in the second action and wait
    for the player's next turn (marked with an hourglass and said in words)."""
    out = []
    for e in ELEMENTS:
        n = tokens.get(e, 0)
        if not n:
            continue
        wait = min(n, (waiting or {}).get(e, 0))
        title = ngettext("{n} {element} token", "{n} {element} tokens", n).format(n=n, element=element_word(e))
        if wait:
            title = _("{tokens}, {wait} usable from the next turn").format(tokens=title, wait=wait)
            text = token_face(e, title, n) + tag("span", esc(_("({wait} next turn)").format(wait=wait)), class_="sb-wait")
            out.append(tag("span", text, class_="sb-waiting"))
        else:
            out.append(token_face(e, title, n))
    return "".join(out)


def waiting_words(view, seat):
    """SB-25's tokens waiting for the next turn, in words ("1 Wood, 2 Fire"; "" when none)."""
    fresh = {e: min(n, view["tokens"][seat][e]) for e, n in view["fresh"][seat].items()}
    return ", ".join("{} {}".format(n, element_word(e)) for e, n in fresh.items() if n)


def scroll_chip(sid, active=None):
    """A scroll: its picture with the element's, the element's colour and word, the level, and
    (owned) active or inactive (an inactive scroll's picture is faded: it is turned over)."""
    element, level = scroll_parts(sid)
    if active is None:
        words = _("{element} L{level}")
    elif active:
        words = _("{element} L{level} active")
    else:
        words = _("{element} L{level} inactive")
    words = words.format(element=element_word(element), level=level)
    return face(GAME_ID, sid, "scroll", words, body=element_pip(element) + tag("span", esc(words), class_="sb-scroll-words"),
                classes="sb-scroll sb-el-{}{}".format(element, "" if active is None else (" sb-active" if active else " sb-inactive")),
                title=_(scroll_effect_words(sid)))


def spectator_words(phase):
    """What the acting player is doing, for everyone else (after "Name: ")."""
    words = {"main": _("drawing or summoning."), "place": _("choosing where to summon."), "pay": _("paying for a summon."),
             "steal": _("choosing whom to take an element token from."), "claim": _("deciding whether to claim a scroll."),
             "activate": _("choosing the target of a scroll."), "source": _("choosing where an element token comes from."),
             "metal": _("moving an animal or swapping its top card."), "water": _("taking element tokens.")}
    if phase == "discard":
        return _("discarding down to {limit} cards.").format(limit=HAND_LIMIT)
    return words.get(phase, "")


class StemAndBranchRenderer:
    # --- status line and panels ---------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        if seat is None:
            return spectator_words(phase)
        pending = view["pending"]
        activation = view.get("activation")

        def counter(task):
            return _("Action {action} of {actions}: {task}").format(action=min(view["done"] + 1, ACTIONS_PER_TURN),
                                                                  actions=ACTIONS_PER_TURN, task=task)

        if phase == "claim":
            return counter(_("claim {a_element} scroll with your years, or decline.").format(
                a_element=_(A_ELEMENT[ELEMENT[pending["card"]]])))
        if phase == "activate":
            # A colon, not brackets: the Wood effect ends in brackets of its own.
            return counter(_("choose the target of your {scroll}: {effect}.").format(
                scroll=_(scroll_words(activation["scroll"])), effect=_(scroll_effect_words(activation["scroll"]))))
        if phase == "source":
            return counter(_("choose where {name}'s {element} token comes from.").format(
                name=ctx.name(activation["holder"]), element=element_word(activation["element"])))
        if phase == "metal":
            return counter(_("move the {animal} to an empty space or swap its top card with one below.").format(
                animal=animal_word(activation["animal"])))
        if phase == "water":
            left = activation["left"]
            if not activation["taken"]:
                return counter(ngettext("take up to {n} element token from the supply or the board.",
                                        "take up to {n} element tokens from the supply or the board.", left).format(n=left))
            return counter(_("take another token ({n} more at most) from the supply or the board, or stop.").format(n=left))
        if phase == "main" and view.get("scrolls"):
            return counter(_("draw, summon a card from your hand, or activate a scroll; refreshing a scroll is free."))
        if phase == "main":
            return counter(_("draw a card (the row or the deck) or select a card in your hand to summon."))
        if phase == "place" and pending.get("from_discard"):
            return counter(_("choose a lit space for {card} from the discard pile (no cost).").format(card=_(card_words(pending["card"]))))
        if phase == "place":
            card = _(card_words(pending["card"]))
            if is_coop(view) and pending["moved"] is None:
                return counter(_("choose a lit space for {card} (or move one animal first); each shows its cost.").format(card=card))
            return counter(_("choose a lit space for {card}; each shows its cost.").format(card=card))
        if phase == "pay":
            left = pending["cost"] - len(pending["cards"]) - pending["paid_tokens"]
            card = pending["card"]
            return counter(_("pay {left} more for {card}: {element} cards or tokens, or cards of the {animal}.").format(
                left=left, card=_(card_words(card)), element=element_word(ELEMENT[card]), animal=animal_word(ANIMAL[card])))
        if phase == "steal":
            return _("no {element} token is left in the supply: choose whom to take one from.").format(
                element=element_word(ELEMENT[pending["card"]]))
        if phase == "discard":
            extra = len(view["hands"][seat]) - HAND_LIMIT
            return ngettext("end of your turn: discard {n} card (hand limit {limit}).",
                            "end of your turn: discard {n} cards (hand limit {limit}).", extra).format(n=extra, limit=HAND_LIMIT)
        return ""

    def score(self, ctx, seat):
        view = ctx.view
        if is_coop(view):
            at_five, bonus = coop_score(view)
            return tag("span", _("Team {score}").format(score=at_five + bonus), title=_("the team's score so far"))
        years = view["years"][seat]
        return tag("span", ngettext("{n} year", "{n} years", years).format(n=years))

    def panel(self, ctx, seat):
        view = ctx.view
        size = view["hand_sizes"][seat]
        parts = [tag("div", ngettext("Hand: {n} card", "Hand: {n} cards", size).format(n=size), class_="sb-facts")]
        if not is_coop(view):
            animals = [animal_word(a) for a in ANIMALS if view["owner"][a] == seat]
            parts.append(tag("div", _("Animal tokens: {animals}").format(animals=esc(", ".join(animals))) if animals
                             else _("Animal tokens: none"), class_="sb-facts sb-animals"))
            tokens = view["tokens"][seat]
            chips = element_tokens(tokens, view["fresh"][seat])
            waiting = waiting_words(view, seat)
            if waiting:
                label = _("Element tokens: {tokens}; {waiting} usable from the next turn").format(tokens=tokens_text(tokens), waiting=waiting)
            else:
                label = _("Element tokens: {tokens}").format(tokens=tokens_text(tokens))
            parts.append(tag("div", _("Element tokens: {tokens}").format(tokens=chips) if chips else _("Element tokens: none"),
                             class_="sb-facts", aria_label=label))
            if view.get("scrolls"):
                owned = view["owned"][seat]
                chips = " ".join(scroll_chip(sid, owned[sid]) for sid in sorted(owned))
                parts.append(tag("div", _("Scrolls: {scrolls}").format(scrolls=chips) if chips else _("Scrolls: none"), class_="sb-facts"))
        if not view["over"] and seat == view["turn"]:
            parts.append(tag("span", _("action {action} of {actions}").format(action=min(view["done"] + 1, ACTIONS_PER_TURN),
                                                                              actions=ACTIONS_PER_TURN), class_="badge"))
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
        deck = view["deck_size"]
        supply = element_tokens(view["supply"])
        items = [tag("li", ngettext("Deck: {count} card", "Deck: {count} cards", deck).format(count=tag("b", str(deck))), data_anim="sb-deck"),
                 tag("li", _("Supply: {tokens}").format(tokens=supply) if supply else _("Supply: no tokens"),
                     aria_label=_("Supply: {tokens}").format(tokens=tokens_text(view["supply"])))]
        if is_coop(view):
            at_five, bonus = coop_score(view)
            pool = element_tokens(view["pool"])
            items.append(tag("li", _("Team pool: {tokens}").format(tokens=pool) if pool else _("Team pool: empty"),
                             aria_label=_("Team pool: {tokens}").format(tokens=tokens_text(view["pool"]))))
            items.append(tag("li", _("Locked: {count} of 12").format(count=len(view["locked"]))))
            items.append(tag("li", _("Score so far: {score} · rank {rank}").format(
                score=tag("b", str(at_five + bonus)), rank=tag("b", esc(_(rank_words(at_five + bonus))))), class_="sb-coop-score"))
        else:
            animal = animal_word(year_animal(view["year"]))
            items.append(tag("li", _("Tie-break: {year} ({animal})").format(year=view["year"], animal=esc(animal)),
                             title=_("A tie goes to the holder of the {animal} token").format(animal=animal)))
        warning = ""
        if view["ending"] and not view["over"]:
            if view["ending"] == "deck":
                words = _("The deck is empty: final round. The game ends after {name}'s turn.")
            else:
                words = _("{years} years reached: final round. The game ends after {name}'s turn.")
            warning = tag("p", words.format(name=ctx.name(view["last"]), years=END_YEARS), class_="sb-warning", role="note")
        return tag("ul", "".join(items), class_="sb-summary", aria_label=_("Deck and tokens")) + warning

    def calendar(self, ctx, legal):
        view = ctx.view
        targets = {a[3:]: a for a in legal if a.startswith("at:")}
        pending = view["pending"]
        cells = []
        for space in SPACES:
            stack = view["board"][space]
            token = view["board_tokens"].get(space)
            # A space is a square of the board; with animals on it, a tile showing the top card
            # (the animal, its rank and element in the corner) over the cards below it.
            parts = [tag("span", space, class_="sb-space-name")]
            token_label = _("{element} token").format(element=element_word(token)) if token else None
            if stack:
                top = stack[-1]
                parts.append(face(GAME_ID, str(top), ANIMAL_ART[ANIMAL[top]], None, body=card_index(top), classes="sb-tile"))
                if is_coop(view) and ANIMAL[top] in view["locked"]:
                    parts.append(tag("span", _("locked"), class_="sb-locked-tag"))
                if len(stack) > 1:  # how many cards: edges under the tile and "×n" (app.css; the name says "n cards")
                    parts.append(tag("span", "", class_="sb-depth", data_n=len(stack)))
            if token:
                # Inside a button the button's name says it; on an empty space the token says it.
                parts.append(token_face(token, None if stack or space in targets else token_label))
            cls = "sb-cell" + (" sb-el-" + ELEMENT[stack[-1]] if stack else " sb-empty")
            if len(stack) > 1:
                cls += " sb-deep sb-d{}".format(min(len(stack), TOP_RANK))
            if is_coop(view) and stack and ANIMAL[stack[-1]] in view["locked"]:
                cls += " sb-locked"
            describe = self.describe(space, stack, token)
            if space in targets:
                price = WOOD_SUMMON_COST if pending.get("from_discard") else cost(view, pending["card"], space)
                parts.append(tag("span", _("Cost {cost}").format(cost=price), class_="sb-cost"))
                label = _("Ascend {card} on {place} for {cost}") if stack else _("Summon {card} on {place} for {cost}")
                name = label.format(card=_(card_words(pending["card"])), place=describe, cost=price)
                cell = button("".join(parts), "play", targets[space], class_=cls + " legal", data_anim="sb-space-" + space,
                              aria_label=name, title=name)
            elif stack:
                name = _("{words}: show the whole stack").format(words=visible_words(space, stack, token, view))
                cell = button(" ".join(parts), "sb-stack", space, class_=cls, data_anim="sb-space-" + space,
                              aria_label=name, title=describe, aria_pressed="true" if ctx.ui.get("sb-stack") == space else "false")
            else:
                cell = tag("div", "".join(parts), class_=cls, aria_label=describe, data_anim="sb-space-" + space)
            cells.append(cell)
        return tag("section", tag("h3", _("The calendar")) + tag("div", "".join(cells), class_="sb-grid"),
                   class_="sb-calendar", aria_label=_("The calendar"))

    @staticmethod
    def describe(space, stack, token):
        """A space in words: "c2: Ox (2 cards, top Ox r3 (Earth)), Water token"."""
        if stack:
            args = dict(space=space, animal=animal_word(ANIMAL[stack[-1]]), n=len(stack), card=_(card_words(stack[-1])))
            if token:
                return ngettext("{space}: {animal} ({n} card, top {card}), {element} token",
                                "{space}: {animal} ({n} cards, top {card}), {element} token", len(stack)).format(
                    element=element_word(token), **args)
            return ngettext("{space}: {animal} ({n} card, top {card})", "{space}: {animal} ({n} cards, top {card})", len(stack)).format(**args)
        if token:
            return _("{space}: empty, {element} token").format(space=space, element=element_word(token))
        return _("{space}: empty").format(space=space)

    def scrolls(self, ctx):
        """SB-22: the five stacks (levels still in each, top first) and the box; every player's
        scrolls, active or inactive, with their effect in words."""
        view = ctx.view
        stacks = []
        for e in ELEMENTS:
            levels = view["stacks"][e]
            shown = " ".join(level_short(lv) for lv in levels) if levels else _("empty")
            words = _("{element}: {levels}").format(element=tag("b", esc(element_word(e))), levels=esc(shown))
            label = _("{element}: {levels}").format(element=element_word(e), levels=shown)
            # A stack of scrolls, level 1 on top: the scroll picture with its element's (dimmed when empty).
            pile = face(GAME_ID, "stack-" + e, "scroll", label, body=element_pip(e) + tag("span", words, class_="sb-scroll-words"),
                        classes="sb-scroll sb-stack-face sb-el-" + e + ("" if levels else " sb-inactive"))
            stacks.append(tag("li", pile, class_="sb-scroll-stack sb-el-" + e))
        box = view["box"]
        parts = [tag("h3", _("Spirit Scrolls")),
                 tag("ul", "".join(stacks), class_="sb-scroll-stacks", aria_label=_("Scroll stacks, top level first")),
                 tag("p", esc(_("Box: {scrolls}").format(scrolls=", ".join(_(scroll_words(b)) for b in box)) if box else _("Box: empty")),
                     class_="sb-hint")]
        owners = []
        for seat in sorted(range(view["players"]), key=lambda s: s != ctx.viewer):
            owned = view["owned"][seat]
            if not owned:
                continue
            items = "".join(tag("li", scroll_chip(sid, owned[sid]) + " " + esc(_(scroll_effect_words(sid)))) for sid in sorted(owned))
            who = _("Your scrolls") if seat == ctx.viewer else _("{name}'s scrolls").format(name=ctx.name(seat))
            owners.append(tag("div", tag("b", who) + tag("ul", items, class_="sb-scroll-list")))
        parts.append("".join(owners) or tag("p", _("Nobody owns a scroll yet: summon a card, then claim a scroll of its element."),
                                             class_="sb-hint"))
        return tag("section", "".join(parts), class_="sb-scrolls", aria_label=_("Spirit Scrolls"))

    def stack_detail(self, ctx, space):
        stack = ctx.view["board"].get(space) or []
        if not stack:
            return ""
        items = "".join(tag("li", card_chip(c)) for c in reversed(stack))
        return tag("section", tag("h3", _("The stack on {space} (top first)").format(space=space)) + tag("ol", items, class_="sb-stack-list")
                   + button(_("Close"), "sb-stack", ""), class_="sb-stack-box", aria_label=_("Stack on {space}").format(space=space))

    def row(self, ctx, legal):
        view = ctx.view
        legal_set = set(legal)
        slots = []
        for i, card in enumerate(view["row"]):
            act = "draw:row{}".format(i)
            if card is None:
                slots.append(tag("li", tag("span", _("empty"), class_="sb-card sb-gone")))
            elif act in legal_set:
                slots.append(tag("li", card_chip(card, "play", act, _("draw it from the row"))))
            else:
                slots.append(tag("li", card_chip(card)))
        count = view["deck_size"]
        # The deck: a pile of card backs (none left: an empty place) with its count.
        if "draw:deck" in legal_set:
            deck = button(card_back(None) + tag("span", _("Draw from the deck ({count})").format(count=count), class_="sb-deck-words"),
                          "play", "draw:deck", class_="legal sb-deck", aria_label=_("Draw from the deck ({count} left)").format(count=count))
        elif count:
            deck = tag("span", card_back(_("Deck: {count}").format(count=count), count), class_="sb-deck")
        else:
            deck = tag("span", tag("span", _("Deck: {count}").format(count=count), class_="sb-card sb-gone"), class_="sb-deck")
        return tag("section", tag("h3", _("The row")) + tag("ol", "".join(slots), class_="sb-row") + deck,
                   class_="sb-row-box", aria_label=_("The row"))

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
                    name = _(card_words(card))
                    if "summon:{}".format(card) in legal:
                        act = ("summon:{}".format(card), _("Summon {card}").format(card=name))
                    if "pay:{}".format(card) in legal:
                        act = ("pay:{}".format(card), _("Pay with {card}").format(card=name))
                    if "discard:{}".format(card) in legal:
                        act = ("discard:{}".format(card), _("Discard {card}").format(card=name))
                extra = ""
                if pending and seat == view["turn"]:
                    if card == pending["card"]:
                        extra = "sb-selected"
                    elif card in pending["cards"]:
                        extra = "sb-paid"
                chips.append(card_chip(card, "play" if act else None, act[0] if act else None, act[1] if act else None, extra))
            if seat == ctx.viewer:
                who, heading = _("Your hand"), _("Your hand ({count})").format(count=len(hand))
            else:
                who = _("{name}'s hand").format(name=ctx.name(seat))
                heading = _("{name}'s hand ({count})").format(name=ctx.name(seat), count=len(hand))
            parts.append(tag("section", tag("h3", heading) + tag("div", "".join(chips) or _("No cards."), class_="sb-hand"),
                             class_="sb-hand-box", aria_label=who))
        return "".join(parts)

    def discard(self, ctx):
        view = ctx.view
        pile = view["discard"]
        if not pile:
            return tag("p", _("Discard pile: empty."), class_="sb-discard-line")
        open_ = bool(ctx.ui.get("sb-discard"))
        words = _("Hide the discard pile ({count})") if open_ else _("Browse the discard pile ({count})")
        head = button(words.format(count=len(pile)), "sb-discard", None, aria_expanded="true" if open_ else "false")
        body = ""
        if open_:
            groups = []
            for animal in ANIMALS:
                cards = sorted(c for c in pile if ANIMAL[c] == animal)
                if cards:
                    groups.append(tag("li", tag("b", esc(animal_word(animal))) + " " + "".join(card_chip(c) for c in cards)))
            body = tag("ul", "".join(groups), class_="sb-discard-list")
        return tag("section", head + body, class_="sb-discard", aria_label=_("Discard pile"))

    def controls(self, ctx, legal):
        view = ctx.view
        seat = ctx.viewer
        phase = view["phase"]
        pending = view["pending"]
        done = min(view["done"] + 1, ACTIONS_PER_TURN)
        items = [tag("span", _("Action {action} of {actions}").format(action=done, actions=ACTIONS_PER_TURN), class_="sb-counter")]
        if phase == "place":
            items.append(tag("span", _("Summoning {card}").format(card=card_chip(pending["card"], extra="sb-selected")), class_="sb-doing"))
            moves = [a for a in legal if a.startswith("move:")]
            if moves:
                buttons = []
                for a in moves:
                    src, dst = a[5:].split(">")
                    animal = animal_word(ANIMAL[view["board"][src][-1]])
                    buttons.append(button("{} {}→{}".format(esc(animal), src, dst), "play", a, class_="legal",
                                          aria_label=_("Move the {animal} from {src} to {dst}").format(animal=animal, src=src, dst=dst)))
                needed = not any(a.startswith("at:") for a in legal)  # no space is affordable without a move
                words = _("Move one animal one space first ({count})") if needed else _("Optional: move one animal one space first ({count})")
                items.append(tag("details", tag("summary", words.format(count=len(moves)))
                                 + tag("div", "".join(buttons), class_="sb-moves"), class_="sb-move-box", open=needed))
            items.append(tag("span", _("Undo picks another card."), class_="sb-hint"))
        elif phase == "pay":
            left = pending["cost"] - len(pending["cards"]) - pending["paid_tokens"]
            items.append(tag("span", _("Paying for {card} on {space}: {paid} of {cost} paid").format(
                card=card_chip(pending["card"], extra="sb-selected"), space=pending["space"], paid=pending["cost"] - left,
                cost=pending["cost"]), class_="sb-doing"))
            for a in legal:
                if a.startswith("pay:token:"):
                    element = a[10:]
                    store = view["pool"] if is_coop(view) else view["tokens"][seat]
                    items.append(button(token_face(element, None) + esc(_("Pay {a_token} ({count} left)").format(
                        a_token=a_token(element), count=store[element] - pending["paid_tokens"])),
                                        "play", a, class_="legal sb-token sb-el-" + element))
            suggestion = suggest_payment(view, seat)
            if suggestion:
                words = ", ".join(a_token(a[10:]) if a.startswith("pay:token:") else _(card_words(int(a[4:]))) for a in suggestion)
                # The button carries the very items it names: a click from an earlier page (the
                # payment done, another summon's) is then told apart from this one (handle).
                items.append(button(esc(_("Pay with: {items}").format(items=words)), "sb-pay-suggested", ",".join(suggestion),
                                    class_="primary", aria_label=_("Pay with the suggested items: {items}").format(items=words)))
            items.append(tag("span", _("Or click matching cards in your hand."), class_="sb-hint"))
        elif phase == "steal":
            element = ELEMENT[pending["card"]]
            for a in legal:
                victim = int(a[6:])
                years = view["years"][victim]
                items.append(button(ngettext("Take {a_token} from {name} ({years} year)", "Take {a_token} from {name} ({years} years)",
                                             years).format(a_token=esc(a_token(element)), name=ctx.name(victim), years=years),
                                    "play", a, class_="legal primary"))
        elif phase == "discard":
            items.append(tag("span", _("Click a card in your hand to discard it."), class_="sb-hint"))
        elif phase == "claim":
            items += self.claim_controls(ctx, legal)
        elif phase in ("activate", "source", "metal", "water"):
            items += self.activation_controls(ctx, legal)
        elif phase == "main":
            # The deck is one click away in the action bar too: on a phone the row and the hand
            # lie below the calendar, and the first move must be on the first screen.
            if "draw:deck" in legal:
                items.append(button(_("Draw from the deck"), "play", "draw:deck", class_="legal",
                                    aria_label=_("Draw from the deck ({count} left)").format(count=view["deck_size"])))
            for a in legal:
                if a.startswith("scroll:"):
                    sid = a[7:]
                    name, effect = _(scroll_words(sid)), _(scroll_effect_words(sid))
                    items.append(button(scroll_pic(sid) + esc(_("Activate {scroll}").format(scroll=name)), "play", a,
                                        class_="legal sb-el-" + scroll_parts(sid)[0],
                                        title=effect, aria_label=_("Activate {scroll}: {effect}").format(scroll=name, effect=effect)))
            items.append(tag("span", _("Or draw a row card, or summon: click a card in your hand."), class_="sb-hint"))
        if phase in ("main", "claim"):
            items += self.refresh_controls(ctx, legal)
        # A claim or a steal follows a payment, often a click on a hand card far down the page:
        # the page scrolls to these prompts (data-follow, browser.py; SB-22, SB-11 step 3).
        follow = phase in ("claim", "steal")
        return tag("div", "".join(items), class_="sb-controls" + (" sb-follow" if follow else ""), aria_label=_("Your choices"),
                   data_follow=follow)

    def refresh_controls(self, ctx, legal):
        """SB-25: a free Refresh per inactive scroll and token it can be paid with."""
        out = []
        for a in legal:
            if a.startswith("refresh:"):
                sid, pay = a[8:].split("/")
                out.append(button(scroll_pic(sid) + esc(_("Refresh {scroll} with {a_token}").format(scroll=_(scroll_words(sid)), a_token=a_token(pay))),
                                  "play", a, class_="legal sb-refresh sb-el-" + pay))
        waiting = waiting_words(ctx.view, ctx.viewer)
        if waiting:
            out.append(tag("span", _("Gained in your second action, so not for a refresh before your next turn: {tokens}.").format(
                tokens=waiting), class_="sb-hint sb-wait-note"))
        return out

    def claim_controls(self, ctx, legal):
        """SB-22: each claim with its price, the exchange discount and what goes to the box."""
        view = ctx.view
        card = view["pending"]["card"]
        years = view["years"][ctx.viewer]
        out = [tag("span", ngettext("Claim a scroll? You summoned {card}: {element} scrolls up to L{level}; you have {n} year.",
                                    "Claim a scroll? You summoned {card}: {element} scrolls up to L{level}; you have {n} years.",
                                    years).format(card=_(card_words(card)), element=element_word(ELEMENT[card]), level=RANK[card], n=years),
                       class_="sb-doing")]
        for taken, back, price in claim_options(view, ctx.viewer):
            act = "claim:" + taken + ("/" + back if back else "")
            if act not in legal:
                continue
            level = scroll_parts(taken)[1]
            price_words = ngettext("{n} year", "{n} years", price).format(n=price)
            if back:
                discount = level - price
                words = _("Claim {scroll} for {price} returning your {back} (−{discount})").format(
                    scroll=_(scroll_words(taken)), price=price_words, back=_(scroll_words(back)),
                    discount=ngettext("{n} year", "{n} years", discount).format(n=discount))
            else:
                words = _("Claim {scroll} for {price}").format(scroll=_(scroll_words(taken)), price=price_words)
            boxed = passed_over(view, taken)
            if boxed:
                words = _("{claim}; to the box: {levels}").format(claim=words, levels=", ".join(level_short(scroll_parts(b)[1]) for b in boxed))
            out.append(button(scroll_pic(taken) + esc(words), "play", act, class_="legal sb-el-" + ELEMENT[card],
                              title=_(scroll_effect_words(taken))))
        out.append(button(_("Decline: no scroll"), "play", "claim:none"))
        return out

    def activation_controls(self, ctx, legal):
        """SB-24: the decisions of the scroll being resolved, one at a time."""
        view = ctx.view
        act = view["activation"]
        sid = act["scroll"]
        out = [tag("span", _("Activating {scroll}").format(scroll=scroll_chip(sid)), class_="sb-doing")]
        level = scroll_parts(sid)[1]
        for a in legal:
            verb, _verb, arg = a.partition(":")
            pic = ""
            if verb == "wood":
                out.append(card_chip(int(arg), "play", a, _("summon it from the discard pile at no cost")))
                continue
            if verb == "fire":
                home = stack_of(view, arg)
                n = len(view["board"][home])
                label = ngettext("Remove the {animal} on {space} ({n} card, {n} year)", "Remove the {animal} on {space} ({n} cards, {n} years)",
                                 n).format(animal=animal_word(arg), space=home, n=n)
            elif verb == "earth":
                cards = sorted(c for c in view["discard"] if ANIMAL[c] == arg and RANK[c] <= level)
                label = ngettext("Take {cards} ({n} year)", "Take {cards} ({n} years)", len(cards)).format(cards=cards_word(cards), n=len(cards))
            elif verb == "metal":
                home = stack_of(view, arg)
                rank = RANK[view["board"][home][-1]]
                label = ngettext("The {animal} on {space} (level {n}: {n} year)", "The {animal} on {space} (level {n}: {n} years)",
                                 rank).format(animal=animal_word(arg), space=home, n=rank)
            elif verb == "source":
                if arg == "supply":
                    label = _("Give it from the supply")
                elif arg.startswith("seat"):
                    label = _("Give it from {name}").format(name=ctx.name(int(arg[4:])))
                else:
                    label = _("Give it from the board ({space})").format(space=arg)
            elif verb == "moveto":
                token = view["board_tokens"].get(arg)
                if token:
                    label = _("Move the {animal} to {space} (take the {element} token)").format(
                        animal=animal_word(act["animal"]), space=arg, element=element_word(token))
                else:
                    label = _("Move the {animal} to {space}").format(animal=animal_word(act["animal"]), space=arg)
            elif verb == "swap":
                label = _("Swap the top card with {card}").format(card=_(card_words(int(arg))))
            elif a == "water:done":
                label = _("Stop taking tokens")
            elif arg.startswith("supply:"):
                label = _("Take {a_token} from the supply").format(a_token=a_token(arg[7:]))
                pic = token_face(arg[7:], None)
            else:
                label = _("Take the {element} token on {space}").format(element=element_word(view["board_tokens"][arg]), space=arg)
                pic = token_face(view["board_tokens"][arg], None)
            out.append(button(pic + esc(label), "play", a, class_="legal" if a != "water:done" else "primary"))
        return out

    # --- gestures -------------------------------------------------------------------------------
    def rules_pictures(self):
        """How to play: an Ascend and a shared element, with the cards the calendar shows."""
        rat1, rat2, ox1, horse3 = 1, 13, 2, 31  # Rat r1 Wood, Rat r2 Fire, Ox r1 Wood, Horse r3 Wood
        tokens = "".join(token_face(e, a_token(e)) for e in ELEMENTS)
        scrolls = "".join(scroll_chip("{}1".format(e)) for e in ELEMENTS)
        return (figure(card_chip(rat1) + " → " + card_chip(rat2), _("Ascend: a higher rank of the same animal goes on top"))
                + figure(card_chip(ox1) + " + " + card_chip(horse3), _("A Wood neighbour makes a Wood summon 1 cheaper"))
                + figure(tokens, _("Element tokens: {tokens}").format(tokens=and_list(element_word(e) for e in ELEMENTS)))
                + figure(card_back(_("Deck: {count}").format(count=len(RANK)), len(RANK)), _("Deck: {count}").format(count=len(RANK)))
                + figure(tag("span", scrolls, class_="sb-scroll-row"), _("Spirit Scrolls")))

    def handle(self, screen, act, arg):
        if act == "sb-stack":
            screen.ui["sb-stack"] = arg if arg in SPACES else None
            return True
        if act == "sb-discard":
            screen.ui["sb-discard"] = not screen.ui.get("sb-discard")
            return True
        if act == "sb-pay-suggested":
            # Only the payment this page suggests: a click on the button of an earlier page (the
            # summon paid and resolved, or another summon's) does nothing (issue 27).
            seat = acting_seat(screen)
            if seat is None or screen.table.view(seat)["phase"] != "pay":
                return False
            suggestion = suggest_payment(screen.table.view(seat), seat)
            if not suggestion or arg != ",".join(suggestion):
                return False
            for action in suggestion:
                if acting_seat(screen) != seat or action not in screen.table.legal(seat):
                    break
                screen.play(action)
            return False  # play() redraws
        return False

    def key(self, screen, key):
        if key == "Escape" and screen.ui.get("sb-stack"):
            screen.ui["sb-stack"] = None
            return True
        return False


RENDERER = StemAndBranchRenderer()
