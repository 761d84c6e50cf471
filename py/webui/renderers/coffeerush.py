"""Coffee Rush's table: the 4x4 bar (each space's ingredient as an icon and a word, specialty spaces
starred, meeples in their players' colours), the deck and the Open / Closed token, and the acting
player's board: the walk (lit steps, a step counter, the path and what it collected, "spend a Rush
token", "end the move"), the cups with a button for every pour, empty and serve the rules allow,
the four tabs of orders (Tab 4, the next to turn into a penalty, marked urgent) and the upgrade
tiles. Every choice is a real button drawn from the legal actions; nothing else is clickable."""

from games.coffeerush.data import (BOARD, CARDS, COLOURS, CORNERS, CUP_SIZE, NAMES, SIZE, SPECIALTY, TABS, UPGRADE_COST,
                                   UPGRADE_EFFECTS, UPGRADE_NAMES, UPGRADES, is_specialty, recipe_words)
from games.coffeerush.rules import cup_words

from ..html import button, esc, figure, tag

# Small inline icons (no font or request needed), drawn in each ingredient's colour.
ICONS = {
    "B": '<ellipse cx="12" cy="12" rx="6.5" ry="9" fill="currentColor" transform="rotate(30 12 12)"/>'
         '<path d="M9 5q6 7 0 14" fill="none" stroke="#fff" stroke-width="1.6" opacity=".8" transform="rotate(30 12 12)"/>',
    "M": '<path d="M8 3h8v3l3 4v11H5V10l3-4z" fill="currentColor"/><path d="M5 12h14" stroke="#fff" stroke-width="1.5"/>',
    "S": '<path d="M7 21q-3-4 0-8t0-8M12 21q-3-4 0-8t0-8M17 21q-3-4 0-8t0-8" fill="none" stroke="currentColor" '
         'stroke-width="2.2" stroke-linecap="round"/>',
    "I": '<path d="M12 2l9 5v10l-9 5-9-5V7z" fill="currentColor"/><path d="M3 7l9 5 9-5M12 12v10" fill="none" stroke="#fff" '
         'stroke-width="1.3" opacity=".8"/>',
    "T": '<path d="M4 20C4 10 11 4 20 4c0 9-6 16-16 16z" fill="currentColor"/><path d="M4 20L15 9" stroke="#fff" stroke-width="1.5"/>',
    "C": '<rect x="4" y="3" width="16" height="18" rx="2" fill="currentColor"/><path d="M12 3v18M4 9h16M4 15h16" stroke="#fff" '
         'stroke-width="1.2" opacity=".7"/>',
    "K": '<path d="M5 4h14l-2 6q3 5-5 11-8-6-5-11z" fill="currentColor"/><path d="M8 9h8" stroke="#fff" stroke-width="1.4"/>',
    "W": '<path d="M12 2q8 10 8 14a8 8 0 0 1-16 0q0-4 8-14z" fill="currentColor"/><path d="M8 16a4 4 0 0 0 4 4" fill="none" '
         'stroke="#fff" stroke-width="1.6"/>',
}
PHASE_WORDS = {"place": "placing a meeple.", "move": "walking.", "pour": "pouring.", "serve": "serving."}


def icon(x, size="1.25em"):
    return '<svg class="cr-icon cr-x-{0}" viewBox="0 0 24 24" width="{1}" height="{1}" aria-hidden="true">{2}</svg>'.format(
        x, size, ICONS[x])


def chips(letters, words=False):
    """Ingredients as icons (and words), in a stable order."""
    order = sorted(letters, key=lambda x: (x not in SPECIALTY, "BMSITCKW".index(x)))
    return "".join(tag("span", icon(x) + (tag("span", NAMES[x], class_="cr-word") if words else ""),
                       class_="cr-chip cr-x-" + x, title=NAMES[x]) for x in order)


def order_card(card, classes="", **items):
    recipe = CARDS[card]
    star = tag("span", "★", class_="cr-star", aria_hidden="true") if is_specialty(recipe) else ""
    label = ("★ Specialty order: " if star else "Order: ") + recipe_words(recipe)
    items.setdefault("aria_label", label)
    return tag("li", star + chips(recipe), class_="cr-order" + (" cr-special" if star else "") + classes, title=label, **items)


def meeple(seat, names, index=None, moving=False):
    label = "{}'s meeple".format(names[seat]) + (" {}".format(index + 1) if index is not None else "")
    return tag("span", str(seat + 1), class_="cr-meeple cr-c-{}".format(COLOURS[seat]) + (" cr-moving" if moving else ""),
               title=label, aria_label=label, role="img")


def plural(n, word):
    return "{} {}{}".format(n, word, "" if n == 1 else "s")


class CoffeeRushRenderer:
    # --- shell hooks ---------------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        if seat is None:
            return PHASE_WORDS.get(phase, "")
        if phase == "place":
            return "place a meeple on an empty space (the lit ones); its ingredient goes into one of your cups."
        if phase == "pour" and view["turn_no"] == 0:
            return "put the set-up {} into a cup.".format(NAMES[view["collected"][0]])
        if phase == "move":
            lead = "activate an upgrade or " if any(a.startswith("upgrade") for a in ctx.legal()) else ""
            if not view["path"]:
                return "{}walk: step onto a lit space ({} left), or end the move where you stand.".format(
                    lead, plural(view["steps"], "step"))
            if view["steps"]:
                return "{} left: step onto a lit space, or end the move here.".format(plural(view["steps"], "step"))
            if "rush" in ctx.legal():
                return "no steps left: spend a Rush token for one more, or end the move here."
            return "no steps left: end the move here."
        if phase == "pour":
            return "pour each collected ingredient into a cup or put it back (empty cups first if you wish)."
        if phase == "serve":
            return "serve a cup to a matching order (the lit buttons), or end your turn."
        return ""

    def score(self, ctx, seat):
        view = ctx.view
        return str(view["upvotes"][seat] + 2 * len(view["upgrades"][seat]) - view["penalties"][seat])

    def panel(self, ctx, seat):
        view = ctx.view
        counts = tag("p", " · ".join([
            tag("span", "Rush {}".format(view["rush"][seat]), class_="cr-rush", title="Rush tokens"),
            tag("span", "▲ {}".format(view["upvotes"][seat]), title="Up-vote pile: served orders kept"),
            tag("span", "▼ {}".format(view["penalties"][seat]), class_="cr-pen" + (" cr-danger" if view["penalties"][seat] >= 4 else ""),
                title="Penalties"),
        ]), class_="cr-counts")
        ups = view["upgrades"][seat]
        tiles = tag("p", "Upgrades: " + (", ".join(UPGRADE_NAMES[k] for k in ups) if ups else "none face up"), class_="cr-ups")
        return tag("div", tag("span", "", class_="cr-dot cr-c-" + COLOURS[seat], aria_hidden="true") + counts, class_="cr-line") + tiles \
            + self.tabs(ctx, seat, mini=True) + self.cups(ctx, seat, mini=True)

    def board(self, ctx):
        view = ctx.view
        focus = view["turn"] if not view["over"] else (ctx.viewer if ctx.viewer is not None else view["first"])
        return (self.strip(ctx) + tag("div", self.grid(ctx) + self.walk(ctx, focus), class_="cr-top")
                + self.home(ctx, focus))

    # --- the table -----------------------------------------------------------------------
    def strip(self, ctx):
        view = ctx.view
        token = "Open" if view["token"] == "open" else "Closed"
        return tag("div",
                   tag("span", "Deck: " + plural(view["deck"], "order"), class_="cr-deck", data_anim="cr-deck")
                   + tag("span", "Starting Player token: " + tag("b", token), class_="cr-token cr-" + view["token"],
                         title="Closed: the round is played out, then the game ends" if token == "Closed" else "Open: the game goes on"),
                   class_="cr-strip")

    def grid(self, ctx):
        view = ctx.view
        legal = set(ctx.legal())
        where = {}
        for s, spaces in enumerate(view["meeples"]):
            for i, space in enumerate(spaces):
                where.setdefault(space, []).append((s, i))
        path = view["path"] if view["phase"] in ("move", "pour", "serve") else []
        cells = []
        for r in range(1, SIZE + 1):
            for c in range(1, SIZE + 1):
                space = "%d,%d" % (r, c)
                x = BOARD[space]
                marks = ""
                if x in SPECIALTY:
                    marks += tag("span", "★", class_="cr-star", title="Specialty space")
                if space in CORNERS:
                    marks += tag("span", "◤", class_="cr-corner", title="Corner space")
                people = "".join(meeple(s, ctx.names, i if len(view["meeples"][s]) > 1 else None,
                                        moving=(view["phase"] == "move" and s == view["turn"] and i == view["sel"]))
                                 for s, i in where.get(space, []))
                step = path.index(space) if space in path else None
                order = tag("span", "start" if step == 0 else str(step), class_="cr-stepno") if step is not None else ""
                inner = marks + icon(x, "1.9em") + tag("span", NAMES[x], class_="cr-word") + order + tag("span", people, class_="cr-people")
                words = "{} (row {}, column {}){}{}".format(NAMES[x], r, c, ", specialty space" if x in SPECIALTY else "",
                                                           ", corner" if space in CORNERS else "")
                if people:
                    words += ", meeple of " + ", ".join(ctx.names[s] for s, _ in where[space])
                cls = "cr-space cr-x-" + x + (" cr-path" if step is not None else "")
                for verb in ("step", "place"):
                    action = "%s:%s" % (verb, space)
                    if action in legal:
                        label = ("Step onto " if verb == "step" else "Place a meeple on ") + words
                        cells.append(button(inner, "play", action, class_=cls + " legal", aria_label=label, data_anim="cr-space-" + space))
                        break
                else:
                    cells.append(tag("div", inner, class_=cls, role="img", aria_label=words, data_anim="cr-space-" + space))
        return tag("div", "".join(cells), class_="cr-grid", role="group", aria_label="The board")

    def walk(self, ctx, seat):
        """The move being made: steps left, Rush, the path and what it collected, and its buttons."""
        view = ctx.view
        legal = ctx.legal()
        if view["over"] or view["phase"] == "place":
            return ""
        parts = []
        if view["phase"] == "move":
            parts.append(tag("p", tag("b", str(view["steps"]), class_="cr-steps") + " step{} left".format("" if view["steps"] == 1 else "s")
                             + (" · {} Rush token{} spent".format(view["rushed"], "" if view["rushed"] == 1 else "s") if view["rushed"] else ""),
                             class_="cr-counter", aria_live="polite"))
        got = view["gained"]
        parts.append(tag("p", "Collected: " + (chips(got, words=True) if got else "nothing yet"), class_="cr-collected"))
        buttons = ""
        for a in legal:
            if a.startswith("meeple:"):
                i = int(a.split(":")[1]) - 1
                buttons += button("Move meeple {} instead".format(i + 1), "play", a, class_="cr-btn",
                                  aria_label="Move your meeple {} (on {}) instead".format(i + 1, NAMES[BOARD[view["meeples"][seat][i]]]))
        if "rush" in legal:
            buttons += button("Spend a Rush token (+1 step)", "play", "rush", class_="cr-btn cr-rush-btn",
                              aria_label="Spend a Rush token for one more step ({} left)".format(view["rush"][seat]))
        if "stop" in legal:
            buttons += button("End the move here", "play", "stop", class_="primary cr-stop", aria_label="End the move here")
        if "done" in legal:
            buttons += button("End the turn", "play", "done", class_="primary cr-done", aria_label="Serve no more: end the turn")
        if buttons:
            parts.append(tag("div", buttons, class_="cr-actions"))
        who = "Your turn" if seat == ctx.viewer else "{}'s turn".format(ctx.name(seat))
        return tag("section", tag("h3", who + " · Rush {}".format(view["rush"][seat])) + "".join(parts), class_="cr-walk",
                   aria_label="The move")

    # --- a player's board ----------------------------------------------------------------
    def home(self, ctx, seat):
        view = ctx.view
        title = "Your board" if seat == ctx.viewer else "Board of {}".format(ctx.name(seat))
        return tag("section", tag("h3", title, class_="cr-home-title") + self.pour(ctx, seat) + self.cups(ctx, seat)
                   + self.tabs(ctx, seat) + self.upgrades(ctx, seat),
                   class_="cr-home cr-c-" + COLOURS[seat], aria_label=title, data_seat=str(seat))

    def pour(self, ctx, seat):
        """The ingredients waiting to be poured, each with a button per cup and one to put it back."""
        view = ctx.view
        if view["phase"] != "pour" or view["turn"] != seat or not view["collected"]:
            return ""
        legal = set(ctx.legal())
        rows = []
        for x in sorted(set(view["collected"]), key="BMSITCKW".index):
            n = view["collected"].count(x)
            acts = ""
            for k in range(3):
                a = "pour:%s@%d" % (x, k + 1)
                if a in legal:
                    acts += button("Cup {}".format(k + 1), "play", a, class_="cr-btn cr-pour",
                                   aria_label="Pour {} into cup {}".format(NAMES[x], k + 1))
            if "back:" + x in legal:
                acts += button("Put back", "play", "back:" + x, class_="cr-btn cr-back", aria_label="Put {} back in the supply".format(NAMES[x]))
            rows.append(tag("li", tag("span", chips([x], words=True) + (" ×{}".format(n) if n > 1 else ""), class_="cr-what") + acts))
        return tag("div", tag("h4", "To pour") + tag("ul", "".join(rows), class_="cr-tray"), class_="cr-pourbox")

    def cups(self, ctx, seat, mini=False):
        view = ctx.view
        legal = set(ctx.legal()) if not mini and view["turn"] == seat else set()
        items = []
        for n, cup in enumerate(view["cups"][seat]):
            label = "Cup {}: {}".format(n + 1, cup_words(cup))
            slots = chips(cup) + "".join(tag("span", "", class_="cr-slot") for _ in range(CUP_SIZE - len(cup)))
            acts = ""
            if not mini:
                if "empty:%d" % (n + 1) in legal:
                    acts += button("Empty", "play", "empty:%d" % (n + 1), class_="cr-btn cr-empty", aria_label="Empty cup {}".format(n + 1))
                for k in range(TABS):
                    a = "serve:%d@T%d" % (n + 1, k + 1)
                    if a in legal:
                        acts += button("Serve Tab {}".format(k + 1), "play", a, class_="cr-btn cr-serve legal",
                                       aria_label="Serve cup {} ({}) to the order on Tab {}".format(n + 1, cup_words(cup), k + 1))
            items.append(tag("li", tag("span", str(n + 1), class_="cr-cupno", aria_hidden="true") + tag("span", slots, class_="cr-cupin")
                             + (tag("span", acts, class_="cr-cupacts") if acts else ""),
                             class_="cr-cup" + (" cr-can-serve" if "cr-serve" in acts else ""), aria_label=label, title=label,
                             data_anim="cr-cup-{}{}-{}".format("mini-" if mini else "", seat, n)))
        return tag("ul", "".join(items), class_="cr-cups" + (" cr-mini" if mini else ""), aria_label="Cups")

    def tabs(self, ctx, seat, mini=False):
        view = ctx.view
        servable = set()
        if not mini and view["phase"] == "serve" and view["turn"] == seat:
            for a in ctx.legal():
                if a.startswith("serve:"):
                    n, k = a[6:].split("@T")
                    cup = view["cups"][seat][int(n) - 1]
                    servable.add((int(k) - 1, "".join(sorted(cup, key="BMSITCKW".index))))
        cols = []
        for k, tab in enumerate(view["tabs"][seat]):
            urgent = k == TABS - 1
            orders = "".join(order_card(c, " legal" if (k, CARDS[c]) in servable else "") for c in tab) or tag("li", "—", class_="cr-none")
            head = tag("span", "Tab {}".format(k + 1) + (" · penalty next" if urgent and tab else ""), class_="cr-tabname")
            cols.append(tag("li", head + tag("ul", orders, class_="cr-orders"), class_="cr-tab" + (" cr-urgent" if urgent else ""),
                            data_anim="cr-tab-{}{}-{}".format("mini-" if mini else "", seat, k),
                            aria_label="Tab {}{}: {}".format(k + 1, " (urgent: these become penalties next)" if urgent else "",
                                                             plural(len(tab), "order"))))
        return tag("ul", "".join(cols), class_="cr-tabs" + (" cr-mini" if mini else ""), aria_label="Orders by tab")

    def upgrades(self, ctx, seat):
        view = ctx.view
        legal = set(ctx.legal())
        tiles = []
        for k in UPGRADES:
            up = k in view["upgrades"][seat]
            body = tag("b", "{} {}".format(k, UPGRADE_NAMES[k])) + tag("span", UPGRADE_EFFECTS[k], class_="cr-effect")
            action = "upgrade:%d" % k
            if action in legal:
                tiles.append(tag("li", button(body + tag("span", "Activate: {} up-votes".format(UPGRADE_COST), class_="cr-cost"),
                                              "play", action, class_="cr-tile legal",
                                              aria_label="Activate the {} upgrade ({}) for {} up-votes".format(UPGRADE_NAMES[k], UPGRADE_EFFECTS[k], UPGRADE_COST))))
            else:
                tiles.append(tag("li", body + tag("span", "face up" if up else "face down", class_="cr-side"),
                                 class_="cr-tile" + (" cr-up" if up else " cr-down")))
        return tag("div", tag("h4", "Upgrade tiles") + tag("ul", "".join(tiles), class_="cr-tiles"), class_="cr-upgrades")

    # --- gestures: none beyond the legal actions ------------------------------------------
    def rules_pictures(self):
        """How to play: an order and a Specialty Order, as the tabs show them."""
        plain = next(i for i, r in enumerate(CARDS) if len(r) == 3 and not is_specialty(r))
        special = next(i for i, r in enumerate(CARDS) if is_specialty(r))
        return (figure(tag("ul", order_card(plain), class_="cr-orders"), "A cup holding exactly these serves the order")
                + figure(tag("ul", order_card(special), class_="cr-orders"), "★ A Specialty Order also gives a Rush token"))

    def handle(self, app, act, arg):
        return False

    def key(self, app, key):
        return False


RENDERER = CoffeeRushRenderer()
