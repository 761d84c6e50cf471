"""Flowers' table: the three stacks, the gardens as grids that grow in any direction (pan and
zoom by buttons or keys), every legal place lit once a card is taken with a preview of the card
there, and the end scoring drawn on each garden."""

from games.flowers.data import BUTTERFLY, CARDS, COLOUR, NUMBER, SYMBOLS
from games.flowers.rules import neighbours, score_garden, xy

from ..html import button, esc, figure, sr_only, tag
from . import shown_match

ZOOM_STEP = 1.25
ZOOM_RANGE = (-3, 5)  # zoom steps below and above "fit"
PAN_STEP = 2  # cells per pan click
STACK_NAMES = ("Stack 1", "Stack 2", "Stack 3 (face down)")


def card_words(card):
    colour, number, fly = CARDS[card]
    return "{} {}".format(colour, number) + (" with a {} butterfly".format(fly) if fly else "")


def face(card):
    """The inside of a card: number, colour symbol, butterfly (wings around its colour's symbol)."""
    fly = BUTTERFLY[card]
    parts = tag("b", str(NUMBER[card])) + tag("i", SYMBOLS[COLOUR[card]], aria_hidden="true")
    if fly:
        parts += tag("span", "ʚ" + SYMBOLS[fly] + "ɞ", class_="flowers-fly flowers-fly-" + fly, aria_hidden="true")
    return parts


def card_box(card, classes="", **items):
    items.setdefault("aria_label", card_words(card))
    return tag("span", face(card), class_="flowers-card flowers-" + COLOUR[card] + classes, role="img", **items)


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
                return "taking a card."
            return "placing the {}.".format(card_words(held))
        if held is None:
            return "take a card: one of the two face-up cards, or the top of the face-down stack."
        return "place the {} in your garden: beside a card or on top of one (the lit places).".format(card_words(held))

    def score(self, ctx, seat):
        total = score_garden(ctx.view["gardens"][seat])["total"]
        if ctx.view["over"]:
            return str(total)
        return tag("span", str(total), title="The garden's score if the game ended now")

    def panel(self, ctx, seat):
        view = ctx.view
        garden = view["gardens"][seat]
        cards = sum(len(s) for s in garden.values())
        info = tag("span", "{} card{} · {} turn{}".format(cards, "" if cards == 1 else "s", view["turns"][seat],
                                                         "" if view["turns"][seat] == 1 else "s"), class_="flowers-count")
        held = ""
        if view["turn"] == seat and view["held"] is not None and not view["over"]:
            held = tag("span", "holds " + card_box(view["held"], " flowers-tiny"), class_="flowers-holds")
        mini = self.grid(garden, mini=True, last=view["last"][seat])
        thumb = button(mini + sr_only("Show the garden of {} ({} cards)".format(ctx.names[seat], cards)), "flowers-look", str(seat),
                       class_="flowers-thumb", title="Show this garden on the table")
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
            count = tag("small", "{} card{}".format(stack["count"], "" if stack["count"] == 1 else "s") + (" · last one" if stack["count"] == 1 else ""))
            if stack["top"] is not None:
                label = "{}: take the {} ({} cards)".format(STACK_NAMES[i], card_words(stack["top"]), stack["count"])
                inner = face(stack["top"])
                cls = "flowers-card flowers-" + COLOUR[stack["top"]]
            elif stack["count"]:
                label = "{}: take its hidden top card ({} cards)".format(STACK_NAMES[i], stack["count"])
                inner = tag("b", "?")
                cls = "flowers-card flowers-back"
            else:
                items.append(tag("div", tag("span", "", class_="flowers-card flowers-empty") + tag("small", "empty"), class_="flowers-stack"))
                continue
            act = "play" if action in legal else "flowers-try"
            items.append(tag("div", button(sr_only(label) + inner, act, action, class_=cls + (" legal" if action in legal else ""), data_anim="stack-%d" % i)
                             + tag("small", STACK_NAMES[i]) + count, class_="flowers-stack"))
        held = ""
        if view["held"] is not None:
            who = "You took" if ctx.viewer == view["turn"] else "{} took".format(ctx.name(view["turn"]))
            held = tag("div", tag("small", who) + card_box(view["held"], " flowers-held"), class_="flowers-stack flowers-held-box")
        return tag("section", tag("div", "".join(items) + held, class_="flowers-stacks"), class_="flowers-table", aria_label="The stacks")

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
        label = "Your garden" if mine else "Garden of {}".format(ctx.names[seat])  # attrs() escapes it
        title = esc(label)
        back = ""
        if ctx.ui.get("flowers-look") is not None and ctx.viewer is not None and not mine:
            back = button("Back to your garden", "flowers-look", str(ctx.viewer), class_="link")
        hint = ""
        if placing:
            if aim:
                hint = tag("p", "Preview: the {} on the marked place. {} or choose another lit place.".format(
                    esc(card_words(view["held"])), button("Place it here", "play", "place:" + aim, class_="primary flowers-confirm")),
                    class_="flowers-hint")
            else:
                hint = tag("p", "Lit places: an empty place touching a card, or a card to cover. Tap or click one to see the "
                                "card there, then tap or click it again to place it.", class_="flowers-hint")
        grid = self.grid(view["gardens"][seat], legal=legal, held=view["held"] if placing else None, aim=aim,
                         last=view["last"][seat], zoom=ctx.prefs.get("flowers-zoom", 0), pan=ctx.prefs.get("flowers-pan", [0, 0]))
        return tag("section", tag("div", tag("h3", title) + back + self.controls(ctx), class_="flowers-head") + hint + grid,
                   class_="flowers-garden-panel", aria_label=label)

    def controls(self, ctx):
        zoom = ctx.prefs.get("flowers-zoom", 0)
        lo, hi = ZOOM_RANGE
        pans = [("←", "left", "Pan left"), ("↑", "up", "Pan up"), ("↓", "down", "Pan down"), ("→", "right", "Pan right")]
        return tag("div",
                   button("−", "flowers-zoom", "out", disabled=zoom <= lo, aria_label="Zoom out", title="Zoom out (-)")
                   + button("Fit", "flowers-zoom", "fit", aria_label="Fit the garden", title="Fit the whole garden (0)")
                   + button("+", "flowers-zoom", "in", disabled=zoom >= hi, aria_label="Zoom in", title="Zoom in (+)")
                   + "".join(button(sym, "flowers-pan", arg, aria_label=label, title=label + " (arrow keys)") for sym, arg, label in pans),
                   class_="flowers-controls", role="group", aria_label="Pan and zoom")

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
            where = "column {}, row {}".format(x - x0 + 1, y - y0 + 1)
            stack = garden.get(key)
            if mini:
                card = stack[-1]
                cells.append(tag("span", str(NUMBER[card]), class_="flowers-mini flowers-" + COLOUR[card] + (" flowers-last" if key == last else ""),
                                 style=place, title=card_words(card)))
                continue
            ghost = card_box(held, " flowers-ghost", aria_hidden="true") if held is not None and key in legal else ""
            if stack is None:  # an empty place where the card may go
                label = "Place the {} here ({})".format(card_words(held), where)
                act = "play" if key == aim else "flowers-aim"
                cells.append(button(sr_only(label) + ghost, act, "place:" + key if key == aim else key,
                                    class_="flowers-cell flowers-spot legal" + (" aimed" if key == aim else ""), style=place))
                continue
            card = stack[-1]
            depth = tag("span", "×{}".format(len(stack)), class_="flowers-depth", title="{} cards in this pile".format(len(stack))) if len(stack) > 1 else ""
            extra, cls = "", ""
            words = card_words(card) + (" over {} covered card{}".format(len(stack) - 1, "" if len(stack) == 2 else "s") if len(stack) > 1 else "")
            if scoring is not None:
                if key in removed:
                    cls += " flowers-removed"
                    extra += tag("span", "−{}".format(removed[key]), class_="flowers-minus")
                    words += ", removed with {} card{} (−{})".format(removed[key], "" if removed[key] == 1 else "s", removed[key])
                if key in areas:
                    outline, points, colour = areas[key]
                    cls += " flowers-area" + outline
                    if points is not None:
                        extra += tag("span", "+{}".format(points), class_="flowers-points")
                        words += ", {} area of {} cards (+{})".format(colour, points, points)
                if key in flies:
                    cls += " flowers-fly-scores" if flies[key] else " flowers-fly-idle"
                    words += ", butterfly scores" if flies[key] else ", butterfly does not score"
            if key == last and scoring is None:
                cls += " flowers-last"
            inner = face(card) + depth + extra
            if key in legal:
                act = "play" if key == aim else "flowers-aim"
                cells.append(button(sr_only("Cover the {} with the {} ({})".format(words, card_words(held), where)) + inner + ghost, act,
                                    "place:" + key if key == aim else key,
                                    class_="flowers-cell flowers-card flowers-" + COLOUR[card] + cls + " legal flowers-cover" + (" aimed" if key == aim else ""),
                                    style=place))
            else:
                cells.append(tag("span", inner, class_="flowers-cell flowers-card flowers-" + COLOUR[card] + cls, style=place, role="img",
                                 data_anim=None if scoring is not None else "cell-" + key,
                                 aria_label="{} ({})".format(words, where)))
        size = "--cols:{};--rows:{}".format(cols, rows)
        if mini:
            return tag("span", "".join(cells), class_="flowers-grid flowers-minigrid", style=size, aria_hidden="true")
        view = "{};--zoom:{:.4f};--px:{};--py:{}".format(size, ZOOM_STEP ** zoom, pan[0], pan[1])
        return tag("div", tag("div", "".join(cells), class_="flowers-grid", style=view), class_="flowers-viewport", style=view)

    # --- the end ---------------------------------------------------------------------------
    def scored(self, ctx, seat):
        garden = ctx.view["gardens"][seat]
        sc = score_garden(garden)
        parts = ["Removed: {} card{} (−{})".format(sc["removed_cards"], "" if sc["removed_cards"] == 1 else "s", sc["removed_cards"])]
        for area in sc["areas"]:
            parts.append("{} {} area: +{}".format(SYMBOLS[area["colour"]], area["colour"], area["points"]))
        parts.append("Butterflies: +{}".format(sc["butterfly_points"]))
        parts.append(tag("b", "Total: {}".format(sc["total"])))
        failed = [g for g in sc["groups"] if not g["valid"]]
        why = ""
        if failed:
            why = tag("p", "Failed number groups: " + esc("; ".join(self._failure(g) for g in failed)) + ".", class_="flowers-why")
        summary = tag("p", " · ".join(parts), class_="flowers-summary")
        grid = self.grid(garden, scoring=sc)
        return tag("section", tag("h3", "Garden of " + ctx.name(seat)) + summary + why + grid, class_="flowers-scored",
                   data_seat=str(seat), aria_label="Scored garden of " + ctx.names[seat])

    @staticmethod
    def _failure(group):
        n, size = group["number"], len(group["cells"])
        if n == 1:
            return "{} 1s touching (a 1 stands alone)".format(size)
        return "{} {} ({} needed)".format("a lone" if size == 1 else size, "{}s".format(n) if size > 1 else n, n)

    def rules_pictures(self):
        """How to play: exact number groups score, a wrong one is removed."""
        def first(colour, number):
            return next(i for i, c in enumerate(CARDS) if c[0] == colour and c[1] == number)
        twos = card_box(first("red", 2), " flowers-tiny") + card_box(first("blue", 2), " flowers-tiny")
        threes = "".join(card_box(first(c, 3), " flowers-tiny") for c in ("yellow", "green"))
        return (figure(twos, "Two 2s together: a good group")
                + figure(threes, "Only two 3s: removed at the end"))

    # --- gestures ------------------------------------------------------------------------
    def handle(self, app, act, arg):
        # Each gesture checks its data-arg against the game now: a click from an earlier page
        # (another game's garden button, an aim from the previous turn) may no longer fit.
        if act == "flowers-look":
            match = shown_match(app)
            seat = int(arg) if isinstance(arg, str) and arg.isdigit() else None
            if match is None or seat is None or seat >= len(match.seats):
                return False
            app.ui["flowers-look"] = None if seat == app.viewer else seat
            app.ui.pop("flowers-aim", None)
            return True
        if act == "flowers-zoom":
            lo, hi = ZOOM_RANGE
            zoom = app.prefs.get("flowers-zoom", 0)
            if arg == "fit":
                app.prefs["flowers-zoom"], app.prefs["flowers-pan"] = 0, [0, 0]
            else:
                app.prefs["flowers-zoom"] = max(lo, min(hi, zoom + (1 if arg == "in" else -1)))
            return True
        if act == "flowers-pan":
            step = {"left": (1, 0), "right": (-1, 0), "up": (0, 1), "down": (0, -1)}.get(arg)
            if step is None:
                return False
            dx, dy = step
            px, py = app.prefs.get("flowers-pan", [0, 0])
            app.prefs["flowers-pan"] = [px + dx * PAN_STEP, py + dy * PAN_STEP]
            return True
        if app.viewer is None or app.cover is not None or not isinstance(arg, str):
            return False
        if act == "flowers-aim":
            action = "place:" + arg
            reason = app.match.game.illegal_reason(app.match.state, app.viewer, action)
            if reason:
                app.notice = reason
            else:
                app.ui["flowers-aim"] = arg
                app.ui.pop("flowers-look", None)
                app.notice = None
            return True
        if act == "flowers-try":
            app.notice = app.match.game.illegal_reason(app.match.state, app.viewer, arg) or None
            return True
        return False

    def key(self, app, key):
        keys = {"+": ("flowers-zoom", "in"), "=": ("flowers-zoom", "in"), "-": ("flowers-zoom", "out"), "0": ("flowers-zoom", "fit"),
                "ArrowLeft": ("flowers-pan", "left"), "ArrowRight": ("flowers-pan", "right"),
                "ArrowUp": ("flowers-pan", "up"), "ArrowDown": ("flowers-pan", "down")}
        if key in keys:
            return self.handle(app, *keys[key])
        if key == "Escape" and app.ui.get("flowers-aim"):
            app.ui.pop("flowers-aim")
            return True
        return False


RENDERER = FlowersRenderer()
