"""Flowers' table: the three stacks, the gardens as grids that grow in any direction (pan and
zoom by buttons or keys), every legal place lit once a card is taken with a preview of the card
there, and the end scoring drawn on each garden."""

from games.flowers.data import BUTTERFLY, CARDS, COLOUR, COLOUR_NAMES, NUMBER
from games.flowers.rules import card_name, neighbours, score_garden, xy
from tabletop import N_

from ..art import face, picture
from ..html import button, esc, figure, sr_only, tag
from ..i18n import _, ngettext

GAME_ID = "flowers"
# Each colour is its own flower, so a card's colour is a shape too: a sunflower's round disc, a
# rose's cup, a hyacinth's spike, a clover's four leaves. The butterfly carries its colour's
# flower; the face-down stack shows a bouquet.
FLOWER = {"yellow": "sunflower", "red": "rose", "blue": "hyacinth", "green": "clover"}
BACK = "bouquet"
ART = {"sunflower": "sunflower", "rose": "rose", "hyacinth": "hyacinth", "clover": "four-leaf-clover",
       "butterfly": "butterfly", "bouquet": "bouquet"}

ZOOM_STEP = 1.25
ZOOM_RANGE = (-3, 5)  # zoom steps below and above "fit"
PAN_STEP = 2  # cells per pan click
STACK_NAMES = (N_("Stack 1"), N_("Stack 2"), N_("Stack 3 (face down)"))


def card_words(card):
    """"red 3 with a green butterfly", in the reader's language."""
    return _(card_name(card, symbol=False))


def cards_count(n):
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def kind(card):
    """A card's face id: its colour and number, and its butterfly's colour ("red-4-blue")."""
    return "-".join(str(x) for x in (COLOUR[card], NUMBER[card], BUTTERFLY[card]) if x)


def inside(card):
    """What a card shows besides its flower: the number in the corner (and again upside down in
    the opposite corner, as on a card fanned either way) and its butterfly, tinted and marked
    with its colour's flower (so the butterfly's colour is a shape too)."""
    number = str(NUMBER[card])
    parts = tag("b", number, class_="flowers-idx") + tag("b", number, class_="flowers-idx flowers-idx-end", aria_hidden="true")
    fly = BUTTERFLY[card]
    if fly:
        parts += tag("span", picture(GAME_ID, "butterfly", "flowers-fly-pic") + picture(GAME_ID, FLOWER[fly], "flowers-fly-mark"),
                     class_="flowers-fly flowers-fly-" + fly, aria_hidden="true")
    return parts


def card_face(card, label, classes="", body="", element="span", **items):
    """A card: its colour's flower in the middle, number and butterfly around it."""
    return face(GAME_ID, kind(card), FLOWER[COLOUR[card]], label, body=inside(card) + body, element=element,
                classes="flowers-card flowers-" + COLOUR[card] + classes, **items)


def back_face(label=None, classes="", body="", element="span", **items):
    """The face-down stack: a bouquet on the garden's green (data-face="back")."""
    return face(GAME_ID, "back", BACK, label, body=body, element=element, classes="flowers-card flowers-back" + classes, **items)


def card_box(card, classes="", **items):
    label = None if items.get("aria_hidden") else items.pop("aria_label", card_words(card))
    return card_face(card, label, classes, **items)


def edges(key, cells):
    """Sides of `key` on the outline of the set `cells` (top, right, bottom, left)."""
    return "".join(" flowers-edge-" + side for side, other in zip("trbl", neighbours(key)) if other not in cells)


class FlowersRenderer:
    # --- shell hooks ---------------------------------------------------------------------
    def prompt(self, ctx, seat):
        view = ctx.view
        held = view["held"]
        if seat is None:
            if held is None:
                return _("taking a card.")
            return _("placing the {card}.").format(card=card_words(held))
        if held is None:
            return _("take a card: one of the two face-up cards, or the top of the face-down stack.")
        return _("place the {card} in your garden: beside a card or on top of one (the lit places).").format(card=card_words(held))

    def score(self, ctx, seat):
        total = score_garden(ctx.view["gardens"][seat])["total"]
        if ctx.view["over"]:
            return str(total)
        return tag("span", str(total), title=_("The garden's score if the game ended now"))

    def panel(self, ctx, seat):
        view = ctx.view
        garden = view["gardens"][seat]
        cards = sum(len(s) for s in garden.values())
        turns = view["turns"][seat]
        info = tag("span", cards_count(cards) + " · " + ngettext("{n} turn", "{n} turns", turns).format(n=turns), class_="flowers-count")
        held = ""
        if view["turn"] == seat and view["held"] is not None and not view["over"]:
            held = tag("span", _("holds {card}").format(card=card_box(view["held"], " flowers-tiny")), class_="flowers-holds")
        mini = self.grid(garden, mini=True, last=view["last"][seat])
        shown = ngettext("Show the garden of {name} ({n} card)", "Show the garden of {name} ({n} cards)", cards).format(name=ctx.names[seat], n=cards)
        thumb = button(mini + sr_only(shown), "flowers-look", str(seat), class_="flowers-thumb", title=_("Show this garden on the table"))
        return tag("div", info + held, class_="flowers-line") + thumb

    def board(self, ctx):
        view = ctx.view
        if view["over"]:
            return "".join(self.scored(ctx, s) for s in range(view["players"]))
        return self.stacks(ctx) + self.garden_panel(ctx)

    # --- the stacks ------------------------------------------------------------------------
    def stacks(self, ctx):
        view = ctx.view
        legal = set(ctx.legal())
        items = []
        for i, stack in enumerate(view["stacks"]):
            action = "take:%d" % i
            n = stack["count"]
            count = tag("small", _("1 card · last one") if n == 1 else cards_count(n))
            if stack["top"] is not None:
                label = ngettext("{stack}: take the {card} ({n} card)", "{stack}: take the {card} ({n} cards)", n).format(
                    stack=_(STACK_NAMES[i]), card=card_words(stack["top"]), n=n)
            elif n:
                label = ngettext("{stack}: take its hidden top card ({n} card)", "{stack}: take its hidden top card ({n} cards)", n).format(
                    stack=_(STACK_NAMES[i]), n=n)
            else:
                items.append(tag("div", tag("span", "", class_="flowers-card flowers-empty") + tag("small", _("empty")), class_="flowers-stack"))
                continue
            act = "play" if action in legal else "flowers-try"
            # The button is the card; its words are the button's, so the face itself says nothing more.
            as_button = dict(element="button", classes=" legal" if action in legal else "", body=sr_only(label),
                             type="button", data_act=act, data_arg=action, data_anim="stack-%d" % i)
            card = card_face(stack["top"], None, **as_button) if stack["top"] is not None else back_face(**as_button)
            # More cards under the top one: the pile's edge, face down, peeks out beneath it.
            under = back_face(None, " flowers-under", aria_hidden="true") if n > 1 else ""
            items.append(tag("div", tag("span", under + card, class_="flowers-pile") + tag("small", _(STACK_NAMES[i])) + count,
                             class_="flowers-stack"))
        held = ""
        if view["held"] is not None:
            who = _("You took") if ctx.viewer == view["turn"] else _("{name} took").format(name=ctx.name(view["turn"]))
            held = tag("div", tag("small", who) + card_box(view["held"], " flowers-held"), class_="flowers-stack flowers-held-box")
        return tag("section", tag("div", "".join(items) + held, class_="flowers-stacks"), class_="flowers-table", aria_label=_("The stacks"))

    # --- a garden --------------------------------------------------------------------------
    def shown_seat(self, ctx):
        view = ctx.view
        look = ctx.ui.get("flowers-look")
        if look is not None:
            return look
        if ctx.viewer is not None:
            return ctx.viewer
        return view["turn"]

    def garden_panel(self, ctx):
        view = ctx.view
        seat = self.shown_seat(ctx)
        mine = seat == ctx.viewer
        placing = ctx.can_act and mine and view["held"] is not None
        legal = {a[len("place:"):] for a in ctx.legal() if a.startswith("place:")} if placing else set()
        aim = ctx.ui.get("flowers-aim") if placing else None
        label = _("Your garden") if mine else _("Garden of {name}").format(name=ctx.names[seat])  # attrs() escapes it
        title = esc(label)
        back = ""
        if ctx.ui.get("flowers-look") is not None and ctx.viewer is not None and not mine:
            back = button(_("Back to your garden"), "flowers-look", str(ctx.viewer), class_="link")
        hint = ""
        if placing:
            if aim:
                hint = tag("p", _("Preview: the {card} on the marked place. {button} or choose another lit place.").format(
                    card=esc(card_words(view["held"])), button=button(_("Place it here"), "play", "place:" + aim, class_="primary flowers-confirm")),
                    class_="flowers-hint")
            else:
                hint = tag("p", esc(_("Lit places: an empty place touching a card, or a card to cover. Tap or click one to see the "
                                      "card there, then tap or click it again to place it.")), class_="flowers-hint")
        grid = self.grid(view["gardens"][seat], legal=legal, held=view["held"] if placing else None, aim=aim,
                         last=view["last"][seat], zoom=ctx.prefs.get("flowers-zoom", 0), pan=ctx.prefs.get("flowers-pan", [0, 0]))
        return tag("section", tag("div", tag("h3", title) + back + self.controls(ctx), class_="flowers-head") + hint + grid,
                   class_="flowers-garden-panel", aria_label=label)

    def controls(self, ctx):
        zoom = ctx.prefs.get("flowers-zoom", 0)
        lo, hi = ZOOM_RANGE
        pans = [("←", "left", _("Pan left")), ("↑", "up", _("Pan up")), ("↓", "down", _("Pan down")), ("→", "right", _("Pan right"))]
        return tag("div",
                   button("−", "flowers-zoom", "out", disabled=zoom <= lo, aria_label=_("Zoom out"), title=_("Zoom out (-)"))
                   + button(_("Fit"), "flowers-zoom", "fit", aria_label=_("Fit the garden"), title=_("Fit the whole garden (0)"))
                   + button("+", "flowers-zoom", "in", disabled=zoom >= hi, aria_label=_("Zoom in"), title=_("Zoom in (+)"))
                   + "".join(button(sym, "flowers-pan", arg, aria_label=label, title=_("{action} (arrow keys)").format(action=label))
                             for sym, arg, label in pans),
                   class_="flowers-controls", role="group", aria_label=_("Pan and zoom"))

    def grid(self, garden, legal=(), held=None, aim=None, last=None, zoom=0, pan=(0, 0), scoring=None, mini=False):
        keys = set(garden) | set(legal)
        xs = [xy(k)[0] for k in keys]
        ys = [xy(k)[1] for k in keys]
        x0, y0 = min(xs), min(ys)
        cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
        removed = areas = flies = None
        if scoring is not None:
            removed = {r["cell"]: r["cards"] for r in scoring["removed"]}
            areas = {}
            for area in scoring["areas"]:
                cells = set(area["cells"])
                for i, k in enumerate(area["cells"]):
                    areas[k] = (edges(k, cells), area["points"] if i == 0 else None, area["colour"])
            flies = {b["cell"]: b["scores"] for b in scoring["butterflies"]}
        cells = []
        for key in sorted(keys, key=lambda k: (xy(k)[1], xy(k)[0])):
            x, y = xy(key)
            place = "grid-column:{};grid-row:{}".format(x - x0 + 1, y - y0 + 1)
            where = _("column {column}, row {row}").format(column=x - x0 + 1, row=y - y0 + 1)
            stack = garden.get(key)
            if mini:
                card = stack[-1]
                cells.append(tag("span", str(NUMBER[card]), class_="flowers-mini flowers-" + COLOUR[card] + (" flowers-last" if key == last else ""),
                                 style=place, title=card_words(card)))
                continue
            ghost = card_box(held, " flowers-ghost", aria_hidden="true") if held is not None and key in legal else ""
            if stack is None:  # an empty place where the card may go
                label = _("Place the {card} here ({where})").format(card=card_words(held), where=where)
                act = "play" if key == aim else "flowers-aim"
                cells.append(button(sr_only(label) + ghost, act, "place:" + key if key == aim else key,
                                    class_="flowers-cell flowers-spot legal" + (" aimed" if key == aim else ""), style=place))
                continue
            card = stack[-1]
            depth = ""
            if len(stack) > 1:
                depth = tag("span", "×{}".format(len(stack)), class_="flowers-depth",
                            title=ngettext("{n} card in this pile", "{n} cards in this pile", len(stack)).format(n=len(stack)))
            extra, cls = "", ""
            if len(stack) > 1:
                covered = len(stack) - 1
                said = [ngettext("{card} over {n} covered card", "{card} over {n} covered cards", covered).format(card=card_words(card), n=covered)]
            else:
                said = [card_words(card)]
            if scoring is not None:
                if key in removed:
                    cls += " flowers-removed"
                    extra += tag("span", "−{}".format(removed[key]), class_="flowers-minus")
                    said.append(ngettext("removed with {n} card (−{n})", "removed with {n} cards (−{n})", removed[key]).format(n=removed[key]))
                if key in areas:
                    outline, points, colour = areas[key]
                    cls += " flowers-area" + outline
                    if points is not None:
                        extra += tag("span", "+{}".format(points), class_="flowers-points")
                        said.append(_("{colour} area of {n} cards (+{points})").format(colour=_(COLOUR_NAMES[colour]), n=points, points=points))
                if key in flies:
                    cls += " flowers-fly-scores" if flies[key] else " flowers-fly-idle"
                    said.append(_("butterfly scores") if flies[key] else _("butterfly does not score"))
            words = ", ".join(said)
            if key == last and scoring is None:
                cls += " flowers-last"
            extra = depth + extra
            if key in legal:
                act = "play" if key == aim else "flowers-aim"
                said = _("Cover the {card} with the {held} ({where})").format(card=words, held=card_words(held), where=where)
                cells.append(card_face(card, None, cls + " flowers-cell legal flowers-cover" + (" aimed" if key == aim else ""),
                                       body=sr_only(said) + extra + ghost, element="button", type="button", data_act=act,
                                       data_arg="place:" + key if key == aim else key, style=place))
            else:
                cells.append(card_face(card, "{} ({})".format(words, where), cls + " flowers-cell", body=extra, style=place,
                                       data_anim=None if scoring is not None else "cell-" + key))
        size = "--cols:{};--rows:{}".format(cols, rows)
        if mini:
            return tag("span", "".join(cells), class_="flowers-grid flowers-minigrid", style=size, aria_hidden="true")
        view = "{};--zoom:{:.4f};--px:{};--py:{}".format(size, ZOOM_STEP ** zoom, pan[0], pan[1])
        return tag("div", tag("div", "".join(cells), class_="flowers-grid", style=view), class_="flowers-viewport", style=view)

    # --- the end ---------------------------------------------------------------------------
    def scored(self, ctx, seat):
        garden = ctx.view["gardens"][seat]
        sc = score_garden(garden)
        gone = sc["removed_cards"]
        parts = [ngettext("Removed: {n} card (−{n})", "Removed: {n} cards (−{n})", gone).format(n=gone)]
        for area in sc["areas"]:
            parts.append(_("{symbol} {colour} area: +{points}").format(symbol=picture(GAME_ID, FLOWER[area["colour"]], "flowers-inline"),
                                                                        colour=_(COLOUR_NAMES[area["colour"]]), points=area["points"]))
        parts.append(_("Butterflies: +{points}").format(points=sc["butterfly_points"]))
        parts.append(tag("b", _("Total: {points}").format(points=sc["total"])))
        failed = [g for g in sc["groups"] if not g["valid"]]
        why = ""
        if failed:
            why = tag("p", esc(_("Failed number groups: {groups}.").format(groups="; ".join(self._failure(g) for g in failed))), class_="flowers-why")
        summary = tag("p", " · ".join(parts), class_="flowers-summary")
        grid = self.grid(garden, scoring=sc)
        return tag("section", tag("h3", _("Garden of {name}").format(name=ctx.name(seat))) + summary + why + grid, class_="flowers-scored",
                   data_seat=str(seat), aria_label=_("Scored garden of {name}").format(name=ctx.names[seat]))

    @staticmethod
    def _failure(group):
        n, size = group["number"], len(group["cells"])
        if n == 1:
            return _("{size} 1s touching (a 1 stands alone)").format(size=size)
        if size == 1:
            return _("a lone {number} ({number} needed)").format(number=n)
        return _("{size} {number}s ({number} needed)").format(size=size, number=n)

    def rules_pictures(self):
        """How to play: exact number groups score, a wrong one is removed; a butterfly beside its
        colour scores; the face-down stack. Every colour's flower is among them."""
        def first(colour, number, fly=None):
            return next(i for i, c in enumerate(CARDS) if c[0] == colour and c[1] == number and c[2] == fly)
        def card(*key):
            return card_box(first(*key), " flowers-rule-card")
        return (figure(card("red", 2) + card("blue", 2), _("Two 2s together: a good group"))
                + figure(card("yellow", 3) + card("green", 3), _("Only two 3s: removed at the end"))
                + figure(card("red", 4, "green") + card("green", 1), _("Butterflies: +{points}").format(points=1))
                + figure(back_face(_(STACK_NAMES[2]), " flowers-rule-card"), _(STACK_NAMES[2])))

    # --- gestures ------------------------------------------------------------------------
    def handle(self, screen, act, arg):
        # Each gesture checks its data-arg against the game now: a click from an earlier page
        # (another game's garden button, an aim from the previous turn) may no longer fit.
        if act == "flowers-look":
            table = screen.shown_table()
            seat = int(arg) if isinstance(arg, str) and arg.isdigit() else None
            if table is None or seat is None or seat >= len(table.seats):
                return False
            screen.ui["flowers-look"] = None if seat == screen.viewer else seat
            screen.ui.pop("flowers-aim", None)
            return True
        if act == "flowers-zoom":
            lo, hi = ZOOM_RANGE
            zoom = screen.prefs.get("flowers-zoom", 0)
            if arg == "fit":
                screen.prefs["flowers-zoom"], screen.prefs["flowers-pan"] = 0, [0, 0]
            else:
                screen.prefs["flowers-zoom"] = max(lo, min(hi, zoom + (1 if arg == "in" else -1)))
            return True
        if act == "flowers-pan":
            step = {"left": (1, 0), "right": (-1, 0), "up": (0, 1), "down": (0, -1)}.get(arg)
            if step is None:
                return False
            dx, dy = step
            px, py = screen.prefs.get("flowers-pan", [0, 0])
            screen.prefs["flowers-pan"] = [px + dx * PAN_STEP, py + dy * PAN_STEP]
            return True
        if screen.viewer is None or screen.cover is not None or not isinstance(arg, str):
            return False
        if act == "flowers-aim":
            def aim():
                screen.ui["flowers-aim"] = arg
                screen.ui.pop("flowers-look", None)
            screen.explain("place:" + arg, allowed=aim)
            return True
        if act == "flowers-try":
            screen.explain(arg)
            return True
        return False

    def prepare_hint(self, screen, action):
        """A hinted place is aimed at, on the player's own garden: its button then plays it."""
        screen.ui.pop("flowers-look", None)
        if action.startswith("place:"):
            screen.ui["flowers-aim"] = action[len("place:"):]

    def key(self, screen, key):
        keys = {"+": ("flowers-zoom", "in"), "=": ("flowers-zoom", "in"), "-": ("flowers-zoom", "out"), "0": ("flowers-zoom", "fit"),
                "ArrowLeft": ("flowers-pan", "left"), "ArrowRight": ("flowers-pan", "right"),
                "ArrowUp": ("flowers-pan", "up"), "ArrowDown": ("flowers-pan", "down")}
        if key in keys:
            return self.handle(screen, *keys[key])
        if key == "Escape" and screen.ui.get("flowers-aim"):
            screen.ui.pop("flowers-aim")
            return True
        return False


RENDERER = FlowersRenderer()
