"""Coffee Rush's table: the 4x4 bar (each space's ingredient as an icon and a word, specialty spaces
starred, meeples in their players' colours), the deck and the Open / Closed token, and the acting
player's board: the walk (lit steps, a step counter, the path and what it collected, "spend a Rush
token", "end the move"), the cups with a button for every pour, empty and serve the rules allow,
the four tabs of orders (Tab 4, the next to turn into a penalty, marked urgent) and the upgrade
tiles. Every choice is a real button drawn from the legal actions; nothing else is clickable."""

from games.coffeerush.data import (BOARD, CARDS, COLOURS, CORNERS, CUP_SIZE, NAMES, SIZE, SPECIALTY, TABS, UPGRADE_COST,
                                   UPGRADE_EFFECTS, UPGRADE_NAMES, UPGRADES, CORNER, CROWD, DIAGONAL, SPECIAL, is_specialty,
                                   recipe_words)
from games.coffeerush.rules import cup_words

from ..art import face, picture
from ..html import button, figure, tag
from ..i18n import _, ngettext

GAME = "coffeerush"
# One style for the whole table: Fluent Emoji Flat pictures (webui.art) for the ingredients, the
# orders, the meeples, the tokens and the upgrade tiles alike (the old one-colour line icons of
# the ingredients would not go with them). Picture name -> icon of the set.
ART = {
    "beans": "beans", "milk": "glass-of-milk", "steam": "cloud", "ice": "ice",
    "tea": "leaf-fluttering-in-wind", "chocolate": "chocolate-bar", "caramel": "honey-pot", "water": "droplet",
    "cup": "hot-beverage", "meeple": "chess-pawn", "rush": "high-voltage", "upvote": "thumbs-up", "penalty": "thumbs-down",
    "open": "unlocked", "closed": "locked",
    "corner": "triangular-ruler", "crowd": "busts-in-silhouette", "diagonal": "up-right-arrow", "specialty": "glowing-star",
}
PIC = {"B": "beans", "M": "milk", "S": "steam", "I": "ice", "T": "tea", "C": "chocolate", "K": "caramel", "W": "water"}
UPGRADE_PIC = {CORNER: "corner", CROWD: "crowd", DIAGONAL: "diagonal", SPECIAL: "specialty"}


def phase_words(phase):
    """What the acting player is doing, for a spectator (after "Name: ")."""
    if phase == "place":
        return _("placing a meeple.")
    if phase == "move":
        return _("walking.")
    if phase == "pour":
        return _("pouring.")
    if phase == "serve":
        return _("serving.")
    return ""


def ingredient(x, label=True, body="", classes=""):
    """An ingredient token: its picture (and words in `body`); `label` False inside a labelled control."""
    return face(GAME, PIC[x], PIC[x], _(NAMES[x]) if label else None, body, classes=("cr-ing cr-x-" + x + " " + classes).strip())


def in_order(letters):
    return sorted(letters, key=lambda x: (x not in SPECIALTY, "BMSITCKW".index(x)))


def chips(letters, words=False):
    """Ingredients as tokens (and words), in a stable order."""
    return "".join(ingredient(x, body=tag("span", _(NAMES[x]), class_="cr-word") if words else "", classes="cr-chip")
                   for x in in_order(letters))


def order_card(card, classes="", **items):
    """An order card: its recipe's ingredients in a glass, a cup in the corner, ★ for a Specialty Order."""
    recipe = CARDS[card]
    special = is_specialty(recipe)
    star = tag("span", "★", class_="cr-star", aria_hidden="true") if special else ""
    if special:
        label = _("★ Specialty order: {recipe}").format(recipe=_(recipe_words(recipe)))
    else:
        label = _("Order: {recipe}").format(recipe=_(recipe_words(recipe)))
    glass = tag("span", "".join(picture(GAME, PIC[x], "cr-x-" + x) for x in in_order(recipe)), class_="cr-glass")
    return tag("li", face(GAME, "order-" + recipe.lower(), "cup", label, star + glass, classes="cr-order-face"),
               class_="cr-order" + (" cr-special" if special else "") + classes, **items)


def meeple(seat, names, index=None, moving=False):
    if index is None:
        label = _("{name}'s meeple").format(name=names[seat])
    else:
        label = _("{name}'s meeple {number}").format(name=names[seat], number=index + 1)
    return face(GAME, "meeple", "meeple", label, tag("b", str(seat + 1)),
                classes="cr-meeple cr-c-{}".format(COLOURS[seat]) + (" cr-moving" if moving else ""))


def count_token(name, label, n, classes=""):
    """A pile of tokens or cards of a player: its picture and how many."""
    return tag("span", face(GAME, name, name, label) + tag("b", str(n)), class_=("cr-count " + classes).strip())


class CoffeeRushRenderer:
    # --- shell hooks ---------------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        phase = view["phase"]
        if seat is None:
            return phase_words(phase)
        if phase == "place":
            return _("place a meeple on an empty space (the lit ones); its ingredient goes into one of your cups.")
        if phase == "pour" and view["turn_no"] == 0:
            return _("put the set-up {ingredient} into a cup.").format(ingredient=_(NAMES[view["collected"][0]]))
        if phase == "move":
            steps = view["steps"]
            if not view["path"]:
                if any(a.startswith("upgrade") for a in ctx.legal()):
                    return ngettext("activate an upgrade or walk: step onto a lit space ({n} step left), or end the move where you stand.",
                                    "activate an upgrade or walk: step onto a lit space ({n} steps left), or end the move where you stand.",
                                    steps).format(n=steps)
                return ngettext("walk: step onto a lit space ({n} step left), or end the move where you stand.",
                                "walk: step onto a lit space ({n} steps left), or end the move where you stand.", steps).format(n=steps)
            if steps:
                return ngettext("{n} step left: step onto a lit space, or end the move here.",
                                "{n} steps left: step onto a lit space, or end the move here.", steps).format(n=steps)
            if "rush" in ctx.legal():
                return _("no steps left: spend a Rush token for one more, or end the move here.")
            return _("no steps left: end the move here.")
        if phase == "pour":
            return _("pour each collected ingredient into a cup or put it back (empty cups first if you wish).")
        if phase == "serve":
            return _("serve a cup to a matching order (the lit buttons), or end your turn.")
        return ""

    def score(self, ctx, seat):
        view = ctx.view
        return str(view["upvotes"][seat] + 2 * len(view["upgrades"][seat]) - view["penalties"][seat])

    def panel(self, ctx, seat):
        view = ctx.view
        counts = tag("p", "".join([
            count_token("rush", _("Rush tokens"), view["rush"][seat], "cr-rush"),
            count_token("upvote", _("Up-vote pile: served orders kept"), view["upvotes"][seat]),
            count_token("penalty", _("Penalties"), view["penalties"][seat], "cr-pen" + (" cr-danger" if view["penalties"][seat] >= 4 else "")),
        ]), class_="cr-counts")
        ups = view["upgrades"][seat]
        if ups:
            words = _("Upgrades: {upgrades}").format(upgrades=", ".join(_(UPGRADE_NAMES[k]) for k in ups))
            tiles = tag("p", "".join(face(GAME, "upgrade-%d" % k, UPGRADE_PIC[k], _(UPGRADE_NAMES[k]), classes="cr-uptoken") for k in ups)
                        + tag("span", words, class_="cr-upwords"), class_="cr-ups")
        else:
            tiles = tag("p", _("Upgrades: none face up"), class_="cr-ups")
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
        if view["token"] == "open":
            token, title = _("Open"), _("Open: the game goes on")
        else:
            token, title = _("Closed"), _("Closed: the round is played out, then the game ends")
        deck = ngettext("Deck: {n} order", "Deck: {n} orders", view["deck"]).format(n=view["deck"])
        return tag("div",
                   tag("span", face(GAME, "back", "cup", deck, classes="cr-back") + tag("span", deck, aria_hidden="true"),
                       class_="cr-deck", data_anim="cr-deck")
                   + tag("span", face(GAME, view["token"], view["token"], title)
                         + tag("span", _("Starting Player token: {side}").format(side=tag("b", token)), aria_hidden="true"),
                         class_="cr-token cr-" + view["token"], title=title),
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
                    marks += tag("span", "★", class_="cr-star", title=_("Specialty space"))
                if space in CORNERS:
                    marks += tag("span", "◤", class_="cr-corner", title=_("Corner space"))
                people = "".join(meeple(s, ctx.names, i if len(view["meeples"][s]) > 1 else None,
                                        moving=(view["phase"] == "move" and s == view["turn"] and i == view["sel"]))
                                 for s, i in where.get(space, []))
                step = path.index(space) if space in path else None
                order = tag("span", _("start") if step == 0 else str(step), class_="cr-stepno") if step is not None else ""
                inner = marks + ingredient(x, False, classes="cr-spot") + tag("span", _(NAMES[x]), class_="cr-word") + order + tag("span", people, class_="cr-people")
                args = dict(ingredient=_(NAMES[x]), row=r, column=c)
                if x in SPECIALTY:
                    words = _("{ingredient} (row {row}, column {column}), specialty space").format(**args)
                elif space in CORNERS:
                    words = _("{ingredient} (row {row}, column {column}), corner").format(**args)
                else:
                    words = _("{ingredient} (row {row}, column {column})").format(**args)
                if people:
                    words = _("{space}, meeple of {names}").format(space=words, names=", ".join(ctx.names[s] for s, _i in where[space]))
                cls = "cr-space cr-x-" + x + (" cr-path" if step is not None else "")
                for verb in ("step", "place"):
                    action = "%s:%s" % (verb, space)
                    if action in legal:
                        label = (_("Step onto {space}") if verb == "step" else _("Place a meeple on {space}")).format(space=words)
                        cells.append(button(inner, "play", action, class_=cls + " legal", aria_label=label, data_anim="cr-space-" + space))
                        break
                else:
                    cells.append(tag("div", inner, class_=cls, role="img", aria_label=words, data_anim="cr-space-" + space))
        return tag("div", "".join(cells), class_="cr-grid", role="group", aria_label=_("The board"))

    def walk(self, ctx, seat):
        """The move being made: steps left, Rush, the path and what it collected, and its buttons."""
        view = ctx.view
        legal = ctx.legal()
        if view["over"] or view["phase"] == "place":
            return ""
        parts = []
        if view["phase"] == "move":
            steps = tag("b", str(view["steps"]), class_="cr-steps")
            # Two counts, each its own plural ("0 steps left · 1 Rush token spent").
            counter = ngettext("{steps} step left", "{steps} steps left", view["steps"]).format(steps=steps)
            if view["rushed"]:
                counter += " · " + ngettext("{n} Rush token spent", "{n} Rush tokens spent", view["rushed"]).format(n=view["rushed"])
            parts.append(tag("p", counter, class_="cr-counter", aria_live="polite"))
        got = view["gained"]
        if got:
            collected = _("Collected: {ingredients}").format(ingredients=chips(got, words=True))
        else:
            collected = _("Collected: nothing yet")
        parts.append(tag("p", collected, class_="cr-collected"))
        buttons = ""
        for a in legal:
            if a.startswith("meeple:"):
                i = int(a.split(":")[1]) - 1
                buttons += button(_("Move meeple {number} instead").format(number=i + 1), "play", a, class_="cr-btn",
                                  aria_label=_("Move your meeple {number} (on {ingredient}) instead").format(
                                      number=i + 1, ingredient=_(NAMES[BOARD[view["meeples"][seat][i]]])))
        if "rush" in legal:
            buttons += button(_("Spend a Rush token (+1 step)"), "play", "rush", class_="cr-btn cr-rush-btn",
                              aria_label=_("Spend a Rush token for one more step ({n} left)").format(n=view["rush"][seat]))
        if "stop" in legal:
            buttons += button(_("End the move here"), "play", "stop", class_="primary cr-stop", aria_label=_("End the move here"))
        if "done" in legal:
            buttons += button(_("End the turn"), "play", "done", class_="primary cr-done", aria_label=_("Serve no more: end the turn"))
        if buttons:
            parts.append(tag("div", buttons, class_="cr-actions"))
        if seat == ctx.viewer:
            who = _("Your turn · Rush {count}").format(count=view["rush"][seat])
        else:
            who = _("{name}'s turn · Rush {count}").format(name=ctx.name(seat), count=view["rush"][seat])
        return tag("section", tag("h3", who) + "".join(parts), class_="cr-walk", aria_label=_("The move"))

    # --- a player's board ----------------------------------------------------------------
    def home(self, ctx, seat):
        view = ctx.view
        title = _("Your board") if seat == ctx.viewer else _("Board of {name}").format(name=ctx.name(seat))
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
                    acts += button(_("Cup {cup}").format(cup=k + 1), "play", a, class_="cr-btn cr-pour",
                                   aria_label=_("Pour {ingredient} into cup {cup}").format(ingredient=_(NAMES[x]), cup=k + 1))
            if "back:" + x in legal:
                acts += button(_("Put back"), "play", "back:" + x, class_="cr-btn cr-back",
                               aria_label=_("Put {ingredient} back in the supply").format(ingredient=_(NAMES[x])))
            rows.append(tag("li", tag("span", chips([x], words=True) + (" ×{}".format(n) if n > 1 else ""), class_="cr-what") + acts))
        return tag("div", tag("h4", _("To pour")) + tag("ul", "".join(rows), class_="cr-tray"), class_="cr-pourbox")

    def cups(self, ctx, seat, mini=False):
        view = ctx.view
        legal = set(ctx.legal()) if not mini and view["turn"] == seat else set()
        items = []
        for n, cup in enumerate(view["cups"][seat]):
            label = _("Cup {cup}: {contents}").format(cup=n + 1, contents=_(cup_words(cup)))
            slots = chips(cup) + "".join(tag("span", "", class_="cr-slot") for _ in range(CUP_SIZE - len(cup)))
            acts = ""
            if not mini:
                if "empty:%d" % (n + 1) in legal:
                    acts += button(_("Empty"), "play", "empty:%d" % (n + 1), class_="cr-btn cr-empty",
                                   aria_label=_("Empty cup {cup}").format(cup=n + 1))
                for k in range(TABS):
                    a = "serve:%d@T%d" % (n + 1, k + 1)
                    if a in legal:
                        acts += button(_("Serve Tab {tab}").format(tab=k + 1), "play", a, class_="cr-btn cr-serve legal",
                                       aria_label=_("Serve cup {cup} ({contents}) to the order on Tab {tab}").format(
                                           cup=n + 1, contents=_(cup_words(cup)), tab=k + 1))
            items.append(tag("li", tag("span", str(n + 1), class_="cr-cupno", aria_hidden="true") + tag("span", slots, class_="cr-cupin")
                             + (tag("span", acts, class_="cr-cupacts") if acts else ""),
                             class_="cr-cup" + (" cr-can-serve" if "cr-serve" in acts else ""), aria_label=label, title=label,
                             data_anim="cr-cup-{}{}-{}".format("mini-" if mini else "", seat, n)))
        return tag("ul", "".join(items), class_="cr-cups" + (" cr-mini" if mini else ""), aria_label=_("Cups"))

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
            if urgent and tab:
                head = _("Tab {tab} · penalty next").format(tab=k + 1)
            else:
                head = _("Tab {tab}").format(tab=k + 1)
            head = tag("span", head, class_="cr-tabname")
            if urgent:
                label = ngettext("Tab {tab} (urgent: these become penalties next): {n} order",
                                 "Tab {tab} (urgent: these become penalties next): {n} orders", len(tab)).format(tab=k + 1, n=len(tab))
            else:
                label = ngettext("Tab {tab}: {n} order", "Tab {tab}: {n} orders", len(tab)).format(tab=k + 1, n=len(tab))
            cols.append(tag("li", head + tag("ul", orders, class_="cr-orders"), class_="cr-tab" + (" cr-urgent" if urgent else ""),
                            data_anim="cr-tab-{}{}-{}".format("mini-" if mini else "", seat, k),
                            aria_label=label))
        return tag("ul", "".join(cols), class_="cr-tabs" + (" cr-mini" if mini else ""), aria_label=_("Orders by tab"))

    def upgrades(self, ctx, seat):
        view = ctx.view
        legal = set(ctx.legal())
        tiles = []
        for k in UPGRADES:
            up = k in view["upgrades"][seat]
            name, effect = _(UPGRADE_NAMES[k]), _(UPGRADE_EFFECTS[k])
            body = tag("b", "{} {}".format(k, name)) + tag("span", effect, class_="cr-effect")
            action = "upgrade:%d" % k
            if action in legal:
                tiles.append(tag("li", face(GAME, "upgrade-%d" % k, UPGRADE_PIC[k], None,
                                            body + tag("span", _("Activate: {cost} up-votes").format(cost=UPGRADE_COST), class_="cr-cost"),
                                            element="button", classes="cr-tile cr-down legal", type="button", data_act="play", data_arg=action,
                                            aria_label=_("Activate the {upgrade} upgrade ({effect}) for {cost} up-votes").format(
                                                upgrade=name, effect=effect, cost=UPGRADE_COST))))
            else:
                side = _("face up") if up else _("face down")
                tiles.append(tag("li", face(GAME, "upgrade-%d" % k, UPGRADE_PIC[k], "{} {}: {} ({})".format(k, name, effect, side),
                                            body + tag("span", side, class_="cr-side"), classes="cr-tile" + (" cr-up" if up else " cr-down"))))
        return tag("div", tag("h4", _("Upgrade tiles")) + tag("ul", "".join(tiles), class_="cr-tiles"), class_="cr-upgrades")

    # --- gestures: none beyond the legal actions ------------------------------------------
    def rules_pictures(self):
        """How to play: the board's ingredients, an order and a Specialty Order as the tabs show
        them, the tokens and the upgrade tiles; each with the picture the table shows."""
        plain = next(i for i, r in enumerate(CARDS) if len(r) == 3 and not is_specialty(r))
        special = next(i for i, r in enumerate(CARDS) if is_specialty(r))
        tiles = "".join(tag("li", face(GAME, "upgrade-%d" % k, UPGRADE_PIC[k], _(UPGRADE_EFFECTS[k]),
                                       tag("b", "{} {}".format(k, _(UPGRADE_NAMES[k]))), classes="cr-tile cr-up")) for k in UPGRADES)
        return (figure(tag("div", "".join(ingredient(x, body=tag("span", _(NAMES[x]), class_="cr-word"), classes="cr-spot")
                                          for x in "BMSITCKW"), class_="cr-legend"), _("The board"))
                + figure(tag("ul", order_card(plain), class_="cr-orders"), _("A cup holding exactly these serves the order"))
                + figure(tag("ul", order_card(special), class_="cr-orders"), _("★ A Specialty Order also gives a Rush token"))
                + figure(tag("div", face(GAME, "rush", "rush", _("Rush tokens")), class_="cr-legend"), _("Rush tokens"))
                + figure(tag("ul", tiles, class_="cr-tiles"), _("Upgrade tiles")))

    def handle(self, screen, act, arg):
        return False

    def key(self, screen, key):
        return False


RENDERER = CoffeeRushRenderer()
