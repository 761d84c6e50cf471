"""Issue 27, "Wrong or unclear words": the log reads a move and what it caused top to bottom, in
the order they happened, with the newest move first; the words of the events say what happened."""

import html
import random
import re

from test_app import open_app
from test_phopho_rules import LINE
from test_phopho_ui import card_of, set_table, start

MOVE = re.compile(r'<li class="log-move">(.*?)</li>', re.S)
LINE_OF = re.compile(r'<div class="log-([\w-]+)">(.*?)</div>', re.S)


def log_moves(page):
    """The page's game log: one list of (event type, text) per move, top to bottom."""
    log = page.split('class="log-list"')[1].split("</ol>")[0]
    return [[(kind, re.sub(r"<[^>]+>", "", text)) for kind, text in LINE_OF.findall(move)] for move in MOVE.findall(log)]


def by_move(log):
    """The event types of a log, one list per move, newest move first, each in its own order."""
    moves = {}
    for e in log[-300:]:
        moves.setdefault(e["ply"], []).append(e["type"])
    return [moves[ply] for ply in sorted(moves, reverse=True)]


def shown_by_move(page):
    return [[kind for kind, _ in move] for move in log_moves(page)]


def test_a_served_dish_reads_before_what_it_caused_and_the_newest_move_stays_on_top():
    """It read "Loved!..." above "...serves..." (the whole log reversed, line by line)."""
    app, platform = start("human,easy", 16)
    set_table(app, hands={0: ["herbs3", "noodle1"]}, line=LINE)
    app.handle("pp-card", card_of(app, "herbs3"))
    app.handle("play", "serve@2")  # the Side 2 customer loves Herbs
    platform.run()
    moves = log_moves(platform.html)
    mine = next(m for m in moves if m[0][0] == "serve" and m[0][1].startswith("Player 1 serves Herbs 3"))
    assert [kind for kind, _ in mine] == ["serve", "loved"] and mine[1][1].startswith("Loved! Herbs 3 delights")
    assert moves[-1] is mine  # the bot moved after it: the oldest move is at the bottom
    assert all(m[0][1].startswith("Easy bot 2") for m in moves[:-1])


def test_every_games_log_groups_its_lines_by_move_in_the_order_they_happened():
    links = {
        "phopho": "human,easy", "hoipho": "human,easy,easy", "thenumber": "human,easy", "mojo": "human,easy",
        "flowers": "human,easy", "coffeerush": "human,easy", "stemandbranch": "human,easy",
    }
    for game, seats in links.items():
        app, platform, _ = open_app({"game": game, "seats": seats, "seed": "3", "speed": "instant"})
        rng = random.Random(1)
        for _ in range(40):
            platform.run()
            if app.match.is_over() or 0 not in app.match.to_act():
                break
            app.handle("play", rng.choice(app.match.legal(0)))
        platform.run()
        expected = by_move(app.match.log_for(app.current.viewer))
        assert len(expected) > 4 and any(len(lines) > 1 for lines in expected), game
        assert shown_by_move(platform.html) == expected, game
        # The news under the status line read in the order they happened too (oldest first).
        if 'class="announce"' in platform.html:
            block = platform.html.split('class="announce"')[1].split("</ul>")[0].split("</details>")[-1]
            said = [html.unescape(re.sub(r"<[^>]+>", "", item))[:40] for item in re.findall(r"<li>(.*?)</li>", block, re.S)]
            log = [app.match.text(e) for e in app.match.log_for(app.current.viewer)]
            at = [next(i for i, text in enumerate(log) if text.startswith(line)) for line in said]
            assert at == sorted(at) and said, game
        # The replay viewer draws the same log, by the same rule.
        app.handle("replay-this")
        app.handle("replay-step", "last")
        platform.run()
        assert app.screen == "replay" and app.current.replay.step > 4, game
        assert shown_by_move(platform.html) == by_move(app.current.replay.match.log_for(app.current.replay.perspective)), game
