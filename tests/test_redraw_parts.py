"""A redraw replaces only the parts of the page that changed (webui.html.Page): the browser
parses a whole table in several milliseconds, most of a click's time (issue 36), while a move
changes a part or two of it. Here on CPython: which parts a move changes, and that replacing them
in the page on screen gives exactly the new page, in every game. test_browser_redraw checks the
same in the real page."""

import random

from games import GAMES
from webui import table
from webui.html import PART_END, PART_START, Page, part, tag

from fakes import open_app


def redrawn(drawn, page):
    """The page on screen after `page` is drawn over `drawn` part by part, as the browser does
    it (browser.PATCH_JS), or None when the page is drawn whole."""
    changes = page.changes_from(drawn)
    if changes is None:
        return None
    edits, outer = changes
    pieces = list(drawn.pieces)
    for index, how, markup in edits:
        was = pieces[2 * index + 1]
        if how == "whole":
            pieces[2 * index + 1] = markup
        elif how == "start":
            head = was[:was.index(">") + 1]
            pieces[2 * index + 1] = head + markup + was[len(head):]
        else:
            assert how == "end"
            close = was[was.rindex("</"):]
            pieces[2 * index + 1] = was[:-len(close)] + markup + close
    if outer is not None:
        pieces[0] = outer
    return "".join(pieces)


def part_named(page, needle):
    """The index of the part of `page` whose opening tag holds `needle`."""
    found = [i for i, p in enumerate(page.pieces[1::2]) if needle in p[:p.index(">")]]
    assert len(found) == 1, (needle, found)
    return found[0]


def test_a_move_redraws_the_parts_it_changed_and_adds_its_log_line_at_the_top():
    app, platform, _ = open_app({"game": "coffeerush", "seats": "human,easy,easy,easy", "seed": "1", "speed": "instant"})
    platform.run()
    assert app.match.to_act() == [0]
    drawn = platform.html
    assert isinstance(drawn, Page) and PART_START not in drawn and PART_END not in drawn
    app.handle("play", next(a for a in app.match.legal(0) if a.startswith("place:")))
    page = platform.html
    edits, outer = page.changes_from(drawn)
    assert redrawn(drawn, page) == page
    changed = {index: how for index, how, _ in edits}
    # The board and the log changed (and the header: Undo works now); the other players' panels did not.
    assert changed[part_named(page, 'class="board"')] == "whole"
    assert changed[part_named(page, 'class="log-list"')] == "start"
    for seat in (1, 2, 3):
        assert part_named(page, 'data-seat="{}"'.format(seat)) not in changed
    assert 'data-moves="{}"'.format(app.current.table.moves) in outer  # the page's count of moves follows
    # Only the new move's line is parsed of the log, and well under half the page in all.
    (line,) = [m for _, how, m in edits if how == "start"]
    assert line.count('class="log-move"') == 1 and line in page
    assert sum(len(m) for _, _, m in edits) < len(page) / 2


def test_every_game_redrawn_part_by_part_is_the_page_drawn_whole():
    for game_id, game in sorted(GAMES.items()):
        seats = ",".join(["human"] + ["easy"] * (max(2, game.info.min_players) - 1))
        app, platform, _ = open_app({"game": game_id, "seats": seats, "seed": "3", "speed": "instant"})
        pages = []
        platform.render = pages.append  # every page drawn: the human's moves and the bots'
        rng = random.Random(3)
        for _ in range(30):
            platform.run()
            if app.match.is_over():
                break
            app.handle("play", str(rng.choice(app.match.legal(0))))
        partly = 0
        for drawn, page in zip(pages, pages[1:]):
            if page.changes_from(drawn) is not None:
                partly += 1
                assert redrawn(drawn, page) == page, game_id
        assert partly >= len(pages) / 2, (game_id, partly, len(pages))


def test_a_page_is_drawn_whole_when_more_than_its_parts_changed():
    def page(*parts, outer='<div id="game" data-moves="1">'):
        return Page(outer + "".join(parts) + "</div>")

    first = page(part(tag("p", "a")), part(tag("p", "b")))
    assert first.changes_from(None) is None  # the first page of a screen
    assert first.changes_from(first) == ([], None)
    assert page(part(tag("p", "a")), part(tag("p", "c"))).changes_from(first) == ([(1, "whole", '<p data-part>c</p>')], None)
    # A part going or coming, or the markup between parts changing, is another page.
    assert page(part(tag("p", "a"))).changes_from(first) is None
    assert page(part(tag("p", "a")), "<hr>", part(tag("p", "b"))).changes_from(first) is None
    assert page(part(tag("p", "a")), part(tag("p", "b")), outer='<section id="game">').changes_from(first) is None
    # Only the outer element's attributes changed: they are copied.
    assert page(part(tag("p", "a")), part(tag("p", "b")), outer='<div id="game" data-moves="2">').changes_from(first) == (
        [], '<div id="game" data-moves="2">')
    # Lines added at a list's end; a mark a player typed (in a name) leaves one piece: drawn whole.
    listed = page(part(tag("ol", "<li>1</li>")))
    assert page(part(tag("ol", "<li>1</li><li>2</li>"))).changes_from(listed) == ([(0, "end", "<li>2</li>")], None)
    odd = page(part(tag("p", "a" + PART_END)))
    assert odd.pieces == (odd,) and odd.changes_from(first) is None


def test_a_long_log_drops_its_oldest_lines_a_hundred_at_a_time_and_keeps_the_rest(monkeypatch):
    # A game's log is shorter than 300 events but in long games: the same, with smaller figures.
    monkeypatch.setattr(table, "LOG_SHOWN", 60)
    monkeypatch.setattr(table, "LOG_DROPPED_AT_ONCE", 20)
    app, platform, _ = open_app({"game": "hoipho", "seats": "human,easy,easy,easy", "seed": "2", "speed": "instant"})
    pages = []
    platform.render = pages.append
    rng = random.Random(2)
    while not app.match.is_over():
        platform.run()
        if not app.match.is_over():
            app.handle("play", str(rng.choice(app.match.legal(0))))
    events = len(app.current.table.log_for(0))
    assert events > table.LOG_SHOWN + table.LOG_DROPPED_AT_ONCE  # the game's log outgrew the list twice
    hows = []
    for drawn, page in zip(pages, pages[1:]):
        changes = page.changes_from(drawn)
        if changes is not None and part_named(page, 'class="log-list"') in {i for i, _, _ in changes[0]}:
            log = part_named(page, 'class="log-list"')
            hows.append(next(how for i, how, _ in changes[0] if i == log))
    # A line is added at the top but when a hundred old ones go (or a move's line joins its item).
    assert hows.count("whole") <= hows.count("start") / 10, hows
    shown = pages[-1].split('class="log-list"', 1)[1].count('<div class="log-')
    assert table.LOG_SHOWN - table.LOG_DROPPED_AT_ONCE < shown <= table.LOG_SHOWN
