"""A redraw replaces only the parts of the page that changed (webui.html.Page): the browser
parses a whole table in several milliseconds, most of a click's time (issue 36), while a move
changes a part or two of it. Here on CPython: which parts a move changes, and that replacing them
in the page on screen gives exactly the new page, in every game. test_browser_redraw checks the
same in the real page."""

import random
import re
from html.parser import HTMLParser

from games import GAMES
from webui import table
from webui.html import PART_END, PART_START, Page, part, tag

from fakes import open_app


def redrawn(drawn, page):
    """The page on screen after `page` is drawn over `drawn` part by part, as the browser does
    it (browser.PATCH_JS), or None when the page is drawn whole. The elements a change replaces
    are found by Python's own HTML parser, not by the code under test."""
    changes = page.changes_from(drawn)
    if changes is None:
        return None
    edits, outer = changes
    pieces = list(drawn.pieces)
    for index in sorted({edit[0] for edit in edits}):
        was = pieces[2 * index + 1]
        spans = []
        for _, how, markup, path, name, *splice in (e for e in edits if e[0] == index):
            start, end = element_span(was, path)
            assert re.match(r"<([a-z0-9]+)", was[start:]).group(1) == name  # as the browser checks
            if how == "attrs":  # the opening tag's attributes
                end = was.index(">", start) + 1
            elif how == "splice":  # children from `first` on, `count` of them
                first, count = splice
                spans_in = Spans(was).spans
                if count:
                    start, end = spans_in[path + (first,)][0], spans_in[path + (first + count - 1,)][1]
                else:
                    start = end = spans_in[path + (first,)][0] if path + (first,) in spans_in else was.rindex("</", 0, end)
            elif how == "start":
                start = end = was.index(">") + 1
            elif how == "end":
                assert path == ()
                start = end = was.rindex("</")
            else:
                assert how == "whole"
            spans.append((start, end, markup))
        for start, end, markup in sorted(spans, reverse=True):  # from the end: offsets hold
            was = was[:start] + markup + was[end:]
        pieces[2 * index + 1] = was
    if outer is not None:
        pieces[0] = outer
    return "".join(pieces)


class Spans(HTMLParser):
    """Where each element of a part's markup starts and ends, by its path of child indices."""
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self, markup):
        super().__init__(convert_charrefs=False)
        self.markup, self.spans, self.open = markup, {}, [[(), 0, -1]]  # [path, children, start]
        self.lines = [0]
        for line in markup.split("\n")[:-1]:
            self.lines.append(self.lines[-1] + len(line) + 1)
        self.feed(markup)

    def at(self):
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, name, attributes):
        parent = self.open[-1]
        path = parent[0] + (parent[1],) if len(self.open) > 1 else ()
        parent[1] += 1
        start = self.at()
        if name in self.VOID:
            self.spans[path] = (start, start + len(self.get_starttag_text()))
        else:
            self.open.append([path, 0, start])

    def handle_startendtag(self, name, attributes):
        self.handle_starttag("img", attributes)  # an element alone, as a void one

    def handle_endtag(self, name):
        path, _, start = self.open.pop()
        self.spans[path] = (start, self.markup.index(">", self.at()) + 1)


def element_span(markup, path):
    return Spans(markup).spans[path]


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
    changed = {index: how for index, how, *_ in edits}
    # The board and the log changed (and the header: Undo works now); the other players' panels did not.
    assert part_named(page, 'class="board"') in changed
    assert changed[part_named(page, 'class="log-list"')] == "start"
    for seat in (1, 2, 3):
        assert part_named(page, 'data-seat="{}"'.format(seat)) not in changed
    assert 'data-moves="{}"'.format(app.current.table.moves) in outer  # the page's count of moves follows
    # Only the new move's line is parsed of the log, and well under half the page in all.
    (line,) = [m for _, how, m, *_ in edits if how == "start"]
    assert line.count('class="log-move"') == 1 and line in page
    assert sum(len(m) for _, _, m, *_ in edits) < len(page) / 2


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
    assert page(part(tag("p", "a")), part(tag("p", "c"))).changes_from(first) == ([(1, "whole", '<p data-part>c</p>', (), "p")], None)
    # A part going or coming, or the markup between parts changing, is another page.
    assert page(part(tag("p", "a"))).changes_from(first) is None
    assert page(part(tag("p", "a")), "<hr>", part(tag("p", "b"))).changes_from(first) is None
    assert page(part(tag("p", "a")), part(tag("p", "b")), outer='<section id="game">').changes_from(first) is None
    # Only the outer element's attributes changed: they are copied.
    assert page(part(tag("p", "a")), part(tag("p", "b")), outer='<div id="game" data-moves="2">').changes_from(first) == (
        [], '<div id="game" data-moves="2">')
    # Lines added at a list's end; a mark a player typed (in a name) leaves one piece: drawn whole.
    listed = page(part(tag("ol", "<li>1</li>")))
    assert page(part(tag("ol", "<li>1</li><li>2</li>"))).changes_from(listed) == ([(0, "end", "<li>2</li>", (), "ol")], None)
    # Inside a part, only the elements that changed: here the second item, and the list's own
    # attributes; items that come or go in one place are spliced in or out; a table is replaced
    # whole (the browser adds a tbody to what is written), and so is a list with text in it.
    items = page(part(tag("div", tag("ul", "<li>1</li><li>2</li>") + tag("table", "<tr><td>1</td></tr>"))))
    assert page(part(tag("div", tag("ul", "<li>1</li><li><b>3</b></li>", class_="x") + tag("table", "<tr><td>2</td></tr>")))
                ).changes_from(items) == ([(0, "attrs", '<ul class="x">', (0,), "ul"), (0, "whole", "<li><b>3</b></li>", (0, 1), "li"),
                                           (0, "whole", "<table><tr><td>2</td></tr></table>", (1,), "table")], None)
    assert page(part(tag("div", tag("ul", "<li>1</li>") + tag("table", "<tr><td>1</td></tr>")))).changes_from(items) == (
        [(0, "splice", "", (0,), "ul", 1, 1)], None)
    assert page(part(tag("div", tag("ul", "<li>1</li><li>1.5</li><li>2</li>") + tag("table", "<tr><td>1</td></tr>")))
                ).changes_from(items) == ([(0, "splice", "<li>1.5</li>", (0,), "ul", 1, 0)], None)
    assert page(part(tag("div", tag("ul", "<li>1</li>text<li>2</li>") + tag("table", "<tr><td>1</td></tr>")))
                ).changes_from(items) == ([(0, "whole", "<ul><li>1</li>text<li>2</li></ul>", (0,), "ul")], None)
    # A "<" that starts no tag (text written unescaped): that part is replaced whole.
    raw = page(part(tag("div", "<b>1</b> a < b")))
    assert page(part(tag("div", "<b>2</b> a < b"))).changes_from(raw) == ([(0, "whole", '<div data-part><b>2</b> a < b</div>', (), "div")], None)
    odd = page(part(tag("p", "a" + PART_END)))
    assert odd.pieces == (odd,) and odd.changes_from(first) is None


def test_picking_a_card_redraws_that_card_and_what_it_changes_not_the_board():
    app, platform, _ = open_app({"game": "phopho", "seats": "human,easy", "seed": "1", "speed": "instant"})
    platform.run()
    drawn = platform.html
    app.handle("play", next(a for a in app.match.legal(0) if a.startswith("pick:")))
    page = platform.html
    edits, _ = page.changes_from(drawn)
    assert redrawn(drawn, page) == page
    board = page.pieces[2 * part_named(page, 'class="board"') + 1]
    in_board = [(how, markup) for index, how, markup, *_ in edits if index == part_named(page, 'class="board"')]
    assert any("pp-selected" in markup for how, markup in in_board)  # the card, raised
    assert sum(len(markup) for _, markup in in_board) < len(board) / 5


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
        if changes is not None and part_named(page, 'class="log-list"') in {i for i, *_ in changes[0]}:
            log = part_named(page, 'class="log-list"')
            hows.append(next(how for i, how, *_ in changes[0] if i == log))
    # A line is added at the top but when a hundred old ones go (or a move's line joins its item).
    assert hows.count("whole") <= hows.count("start") / 10, hows
    shown = pages[-1].split('class="log-list"', 1)[1].count('<div class="log-')
    assert table.LOG_SHOWN - table.LOG_DROPPED_AT_ONCE < shown <= table.LOG_SHOWN
