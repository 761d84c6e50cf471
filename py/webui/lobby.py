"""The lobby: the games, the saved games (broken ones explained), import, the new-game dialog."""

from games import INFOS
from tabletop.match import NAME_MAX, SEAT_KINDS, seat_label, seat_title

from .html import attrs, button, esc, game_title, tag

PRODUCT = "Bàn Chơi"
TAGLINE = "Modern card games in your browser: alone against bots, or with friends on one device."


def games_section(ready=True):
    """The list of games. The static page shows the same markup before Python starts
    (tools/shell.py copies it into index.html), with the buttons disabled."""
    cards = []
    for info in INFOS.values():
        cards.append(
            tag(
                "li",
                tag("h3", esc(info.title))
                + tag("p", "{}–{} players".format(info.min_players, info.max_players), class_="players")
                + tag("p", esc(info.pitch), class_="pitch")
                + tag("div",
                      button("New game", "new", info.id, class_="primary", disabled=not ready, aria_label="New game of " + info.title)
                      + button("How to play", "how-to", info.id, disabled=not ready, aria_label="How to play " + info.title,
                               aria_haspopup="dialog"),
                      class_="game-card-buttons"),
                class_="game-card",
                data_game=info.id,
            )
        )
    return tag("section", tag("h2", "Games") + tag("ul", "".join(cards), class_="game-list"), class_="games", aria_label="Games")


def how_to_dialog(app):
    """A game's "How to play" and rules over the lobby, before a game is started. The rules
    module is imported here, when first asked for: a first visit's lobby does not wait for it."""
    from . import rules

    info = INFOS[app.how_to]
    body = (rules.game_panel(info)
            + tag("div", button("New game", "new", info.id, class_="primary", aria_label="New game of " + info.title)
                  + button("Close", "close-how-to"), class_="dialog-buttons"))
    return tag("div", tag("div", body, class_="dialog how-to-dialog", id="how-to", role="dialog", aria_modal="true",
                          aria_label="How to play " + info.title), class_="backdrop")


def _when(iso):
    return esc(str(iso or "")[:16].replace("T", " ")) or "—"


def saves_section(app):
    rows = []
    for entry in app.entries:
        game_id = entry.data.get("game")  # anything may be stored: a list, an object, nothing
        info = INFOS.get(game_id) if isinstance(game_id, str) else None
        title = info.title if info else (game_id[:40] if isinstance(game_id, str) and game_id else "Unknown game")
        confirm = app.confirm_delete == entry.id
        delete = button("Really delete?" if confirm else "Delete", "delete", entry.id, class_="danger" if confirm else None)
        export = button("Export", "export", entry.id)
        if entry.match is not None:
            m = entry.match
            players = ", ".join(tag("span", esc(seat_title(s)), class_="name") for s in m.seats)
            rows.append(
                tag("tr",
                    tag("td", esc(game_title(m.game.info, m.options))) + tag("td", players) + tag("td", esc(m.game.progress(m.state)))
                    + tag("td", _when(entry.data.get("updated")))
                    + tag("td", button("Continue" if not m.is_over() else "Open", "resume", entry.id, class_="primary")
                          + button("Replay", "replay", entry.id) + export + delete, class_="actions"),
                    data_save=entry.id)
            )
        else:
            rows.append(
                tag("tr",
                    tag("td", esc(title))
                    + tag("td", tag("strong", "This save cannot be loaded. ") + esc(entry.error), colspan="2", class_="broken")
                    + tag("td", _when(entry.data.get("updated")))
                    + tag("td", export + delete, class_="actions"),
                    data_save=entry.id, class_="broken-save")
            )
    if rows:
        body = tag(
            "table",
            tag("thead", tag("tr", "".join(tag("th", h, scope="col") for h in ("Game", "Players", "Progress", "Last played", "")))) + tag("tbody", "".join(rows)),
            class_="saves",
        )
    else:
        body = tag("p", "No saved games yet. Every game you start is saved here as you play.", class_="empty")
    picker = tag("label", "Import a save (.json) " + "<input{}>".format(attrs(type="file", accept=".json,application/json", data_change="import")), class_="import")
    return tag("section", tag("h2", "Continue") + body + picker, class_="continue", aria_label="Saved games")


def dialog(app):
    d = app.dialog
    info = INFOS[d["game"]]
    players = tag(
        "select",
        "".join(tag("option", str(n), value=str(n), selected=n == d["players"]) for n in range(info.min_players, info.max_players + 1)),
        name="players", data_change="players",
    )
    seats = []
    for i in range(d["players"]):
        seat = d["seats"][i]
        kinds = "".join(tag("option", seat_label(k), value=k, selected=k == seat["kind"]) for k in SEAT_KINDS)
        seats.append(
            tag("div",
                tag("span", "Seat {}".format(i + 1), class_="seat-no")
                + tag("select", kinds, name="kind-{}".format(i), aria_label="Seat {} is".format(i + 1))
                + "<input{}>".format(attrs(name="name-{}".format(i), value=seat["name"], placeholder="Name (optional)", aria_label="Seat {} name".format(i + 1), maxlength=str(NAME_MAX))),
                class_="seat-row")
        )
    options = []
    for opt in info.options:
        current = d["options"][opt.id]
        listed = opt.choices if any(v == current for v, _ in opt.choices) else opt.choices + ((current, current),)  # from a link
        choices = "".join(tag("option", esc(label), value=v, selected=v == current) for v, label in listed)
        options.append(tag("label", esc(opt.label) + " " + tag("select", choices, name="opt-" + opt.id), title=opt.help or None))
    body = (
        tag("h2", "New game: " + esc(info.title), id="dialog-title")
        + tag("label", "Players " + players, class_="players-field")
        + tag("fieldset", tag("legend", "Seats") + "".join(seats))
        + "".join(options)
        + speed_field(app.SPEEDS, d["speed"], "Bots play ", "speed-field")
        + tag("label", "Shuffle number (optional: the same number deals the same cards) " + "<input{}>".format(attrs(name="seed", value=d["seed"], inputmode="numeric", placeholder="random")), class_="seed-field")
        + tag("div", button("Start", "start", class_="primary", type="submit") + button("Cancel", "close-dialog"), class_="dialog-buttons")
    )
    form = tag("form", body, id="new-game", class_="dialog", data_submit="start", role="dialog", aria_modal="true", aria_labelledby="dialog-title")
    return tag("div", form, class_="backdrop")


def speed_field(speeds, current, words, class_, **select_attrs):
    """The bots' speed menu (`speeds`: App.SPEEDS): in the new-game dialog, and in the game bar
    (webui/table.py)."""
    choices = "".join(tag("option", v.capitalize(), value=v, selected=v == current) for v in speeds)
    return tag("label", words + tag("select", choices, name="speed", **select_attrs), class_=class_)


def header():
    return tag("header", tag("h1", PRODUCT) + tag("p", TAGLINE, class_="tagline"), class_="top")


def static_shell():
    """What index.html shows before Python is ready (kept in sync by tools/shell.py)."""
    # Words, no spinner: nothing on the page may animate while it starts. Any animation keeps the
    # browser drawing 60 frames a second (8-13% of a core on a 2-core machine, even ticking, even
    # after a delay), and first visits measured 5-10% slower for it (issue 17, bench/RESULTS.md).
    loading = tag("p", "Loading the game engine… the lobby becomes interactive in a moment.", class_="loading", role="status")
    return tag("div", header() + loading + games_section(ready=False), class_="lobby", id="lobby")


def render(app):
    parts = [header()]
    parts += app.notices()
    # A game in progress is what a returning player wants: their saves come first, above the
    # seven game cards (on a phone the cards alone are about 1,900 px tall).
    saved = saves_section(app)
    parts += [saved, games_section()] if app.entries else [games_section(), saved]
    if app.dialog:
        parts.append(dialog(app))
    if app.how_to:
        parts.append(how_to_dialog(app))
    return tag("div", "".join(parts), class_="lobby", id="lobby")
