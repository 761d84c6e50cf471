"""The app shell's logic on CPython, through a fake platform (the browser tests drive the real
page; these pin down the shell's decisions quickly: deep links, cover, saves, import)."""

import html
import json
import os

from tabletop import saves
from webui.app import App
from webui.html import Page

from fakes import DictStorage, FakePlatform, open_app  # noqa: F401 (other tests import them from here)


def test_lobby_lists_the_games_and_an_unknown_game_link_explains():
    app, platform, _ = open_app()
    assert 'data-game="thenumber"' in platform.html and "No saved games yet" in platform.html
    app, platform, _ = open_app({"game": "chess"})
    assert "no game called 'chess'" in platform.text


def test_game_link_opens_the_dialog_and_seats_start_at_once():
    app, platform, _ = open_app({"game": "thenumber"})
    assert app.current.dialog and 'id="new-game"' in platform.html
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy,hard", "seed": "5", "speed": "instant"})
    assert app.screen == "game" and app.match.seed == 5
    assert [s["kind"] for s in app.match.seats] == ["human", "easy", "hard"]
    assert platform.url == {"save": app.current.save_id, "speed": "instant"}  # a reload resumes, not restarts
    assert len(storage.data) == 1


def test_bad_seats_in_a_link_keep_the_dialog_with_the_reason():
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,wizard"})
    assert app.screen == "lobby" and "'wizard' is not a seat kind" in platform.text


def test_a_whole_game_through_the_shell_ends_on_the_score_sheet():
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy,normal", "seed": "9", "speed": "instant"})
    while not app.match.is_over():
        platform.run()
        if app.match.is_over():
            break
        legal = app.match.legal(0)
        for digit in legal[-1]:
            app.handle("tn-digit", digit)
        assert "Write " + legal[-1] in platform.html
        app.handle("play", legal[-1])
    platform.run()
    assert "over" in platform.flags
    assert '<table class="score-sheet">' in platform.html and ">Total<" in platform.html
    saved = json.loads(list(storage.data.values())[0])
    assert len(saved["actions"]) == len(app.match.history)


def test_crossed_out_digit_shows_the_engines_reason():
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,easy", "seed": "2", "speed": "instant"})
    platform.run()
    app.handle("tn-digit", "5")
    app.handle("tn-digit", "1")
    app.handle("tn-digit", "2")
    app.handle("play", "512")
    platform.run()
    if "5" not in app.match.state["avail"][0]:
        app.handle("tn-digit", "5")
        assert "You crossed out 5 this round" in platform.text and 'role="alert"' in platform.html


def test_two_humans_pass_the_device_between_secret_numbers():
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,human,easy", "seed": "4", "speed": "instant"})
    platform.run()
    assert app.current.cover == 0 and app.current.viewer is None and "Pass the device to Player 1" in platform.text
    assert 'class="pad"' not in platform.html
    app.handle("ready", "0")
    assert app.current.viewer == 0 and 'class="pad"' in platform.html
    app.handle("play", "123")
    assert app.current.cover == 1 and "Pass the device to Player 2" in platform.text
    assert "123" not in platform.html.split('class="cover"')[0].split("Game log")[0].replace("0123456789", "")
    app.handle("ready", "1")
    app.handle("play", "456")
    platform.run()
    assert app.match.state["reveals"][-1]["numbers"][:2] == ["123", "456"]


def test_resume_from_the_address_after_a_reload():
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy", "seed": "3", "speed": "instant"})
    platform.run()
    app.handle("play", "987")
    platform.run()
    again, platform2, _ = open_app(platform.url, storage)
    assert again.screen == "game" and again.match.state == app.match.state
    gone, platform3, _ = open_app({"save": "nope"}, storage)
    assert gone.screen == "lobby" and "not here any more" in platform3.text


def test_broken_saves_are_listed_and_can_be_exported_or_deleted():
    storage = DictStorage()
    storage.data[saves.KEY_PREFIX + "x"] = '{"format": 7}'
    app, platform, _ = open_app({}, storage)
    assert "This save cannot be loaded." in platform.text and "newer version of the app" in platform.text
    app.handle("export", "x")
    assert platform.downloads == [("x.json", '{"format": 7}')]
    app.handle("delete", "x")
    assert "Really delete?" in platform.html and storage.data
    app.handle("delete", "x")
    assert not storage.data and "No saved games yet" in platform.html


def test_import_checks_the_file_and_never_touches_other_saves():
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy", "seed": "3", "speed": "instant"})
    good = list(storage.data.values())[0]
    app.handle("lobby")
    app.handle("import", ("broken.json", "{"))
    assert "broken.json was not imported" in platform.text and len(storage.data) == 1
    app.handle("import", ("game.json", good))
    assert "Imported game.json." in platform.text and len(storage.data) == 2


def test_new_game_dialog_reads_the_form():
    app, platform, storage = open_app({"game": "thenumber"})
    platform.forms["new-game"] = {"players": "4", "kind-0": "human", "name-0": "Lan", "kind-1": "easy", "kind-2": "hard",
                                  "kind-3": "normal", "seed": "77"}
    app.handle("players")
    assert platform.html.count('class="seat-row"') == 4
    app.handle("start")
    assert app.match.names[0] == "Lan" and len(app.match.seats) == 4 and app.match.seed == 77
    platform.forms["new-game"]["seed"] = "abc"
    app.handle("lobby")
    app.handle("new", "thenumber")
    app.handle("start")
    assert "The shuffle number must be a whole number" in platform.text


def test_announcements_since_the_players_last_move_show_under_the_status():
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,easy", "seed": "6", "speed": "instant"})
    for _ in range(5):
        platform.run()
        app.handle("play", app.match.legal(0)[0])
    platform.run()
    assert 'class="announce"' in platform.html and "Round 2 begins" in platform.text
    app.handle("play", app.match.legal(0)[0])
    platform.run()
    assert 'class="announce"' not in platform.html  # old news is only in the log now


def finished_game(seed=9):
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy,normal", "seed": str(seed), "speed": "instant"})
    while True:
        platform.run()
        if app.match.is_over():
            return app, platform, storage
        app.handle("play", app.match.legal(0)[-1])


def test_share_link_opens_the_replay_and_continue_makes_a_new_game():
    app, platform, storage = finished_game()
    app.handle("share")
    link = app.share.link
    assert link.startswith("https://example.test/games/#g=1.") and 'id="share-link"' in platform.html
    code = link.split("#g=", 1)[1]
    viewer, vplatform, vstorage = open_app({"g": code}, DictStorage())
    assert viewer.screen == "replay" and viewer.current.replay.step == viewer.current.replay.last == len(app.match.history)
    assert viewer.current.replay.match.state == app.match.state and '<table class="score-sheet">' in vplatform.html
    viewer.handle("replay-step", "first")
    assert viewer.current.replay.step == 0 and "before the first move" in vplatform.text
    viewer.handle("replay-step", "next")
    assert viewer.current.replay.step == 1 and "Move 1:" in vplatform.text
    vplatform.forms["replay-controls"] = {"step": "7", "seat": "1"}
    viewer.handle("replay-goto")
    viewer.handle("replay-seat")
    assert viewer.current.replay.step == 7 and viewer.current.replay.perspective == 1
    viewer.handle("continue-here")
    assert viewer.screen == "game" and viewer.match.history == app.match.history[:7]
    assert len(vstorage.data) == 1  # the continued game is a new saved game


def test_malformed_share_links_are_refused_and_saves_untouched():
    storage = DictStorage()
    first, _, _ = open_app({"game": "thenumber", "seats": "human,easy", "seed": "1"}, storage)
    before = dict(storage.data)
    for code in ("1.@@@", "9.abc", "hello", "1." + "A" * 40):
        app, platform, _ = open_app({"g": code}, storage)
        assert app.screen == "lobby" and "This shared game cannot be opened" in platform.text
        assert storage.data == before


def test_embed_plays_without_saving_and_links_to_the_full_page():
    storage = DictStorage()
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,easy", "seed": "2", "embed": "1", "speed": "instant"}, storage)
    platform.run()
    app.handle("play", "789")
    platform.run()
    assert "embed" in platform.flags and not storage.data and platform.url is None
    assert "Not saved here" in platform.text
    href = html.unescape(platform.html.split('class="full-page"')[0].rsplit('href="', 1)[1].split('"', 1)[0])
    assert href.startswith("https://example.test/games/#g=1.") and href.endswith("&continue=1")
    code = href.split("#g=", 1)[1].split("&", 1)[0]
    full, fplatform, fstorage = open_app({"g": code, "continue": "1"}, DictStorage())
    assert full.screen == "game" and full.match.history == app.match.history and len(fstorage.data) == 1


def finish_solo_flowers(params, storage=None):
    """A solo game of Flowers played through the shell (first stack, first lit place) to its end."""
    app, platform, storage = open_app(dict({"game": "flowers", "seats": "human", "speed": "instant"}, **params), storage)
    while not app.match.is_over():
        legal = app.match.legal(0)
        app.handle("play", legal[0])
    return app, platform, storage


def test_a_solo_record_is_kept_beside_the_saves_and_shown_on_the_sheet():
    app, platform, storage = finish_solo_flowers({"seed": "1"})
    score = app.match.result()["scores"][0]
    record = json.loads(storage.data[saves.RECORD_PREFIX + "flowers.solo"])
    assert record["value"] == score and record["save"] == app.current.save_id and record["previous"] is None
    assert "Best solo score on this device: {} (the first one kept).".format(score) in platform.text
    assert 'class="record"' in platform.html
    again, platform2, _ = open_app(platform.url, storage)  # a reload of the finished game
    assert "Best solo score on this device: {} (the first one kept).".format(score) in platform2.text
    assert len(again.store.entries()) == 1  # the record is not listed as a save
    other, platform3, _ = finish_solo_flowers({"seed": "2"}, storage)
    mine = other.match.result()["scores"][0]
    kept = json.loads(storage.data[saves.RECORD_PREFIX + "flowers.solo"])["value"]
    assert kept == max(score, mine)
    if mine > score:
        assert "New best solo score: {} (the previous best was {}).".format(mine, score) in platform3.text
    elif mine == score:
        assert "You equalled your best solo score" in platform3.text
    else:
        assert "Your best solo score is {} (this game: {}).".format(score, mine) in platform3.text


def test_records_are_for_human_solo_games_only():
    storage = DictStorage()
    app, platform, _ = open_app({"game": "flowers", "seats": "normal", "seed": "3", "speed": "instant"}, storage)
    platform.run()
    assert app.match.is_over() and 'class="record"' not in platform.html
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,easy", "seed": "3", "speed": "instant"}, storage)
    assert not [k for k in storage.data if k.startswith(saves.RECORD_PREFIX)]


def test_a_record_survives_a_storage_failure_in_memory():
    storage = DictStorage(fail_writes="QuotaExceededError")
    app, platform, _ = finish_solo_flowers({"seed": "1"}, storage)
    assert "Best solo score on this device" in platform.text and "storage is full" in platform.text
    assert app.store.record("flowers.solo")["value"] == app.match.result()["scores"][0]


def test_bots_in_the_app_follow_from_the_seed():
    runs = []
    for _ in range(2):
        app, platform, _ = open_app({"game": "hoipho", "seats": "easy,normal,hard", "seed": "8", "speed": "instant"})
        for _ in range(60):
            platform.run()
        runs.append(list(app.match.history))
    assert len(runs[0]) > 10 and runs[0] == runs[1]


def test_no_cover_between_humans_when_nothing_is_private():
    app, platform, _ = open_app({"game": "flowers", "seats": "human,human", "seed": "3", "speed": "instant"})
    platform.run()
    for _ in range(4):
        assert app.current.cover is None and app.current.viewer in app.match.to_act()
        seat = app.current.viewer
        app.handle("play", app.match.legal(seat)[0])
        platform.run()
    assert "Pass the device" not in platform.text


def test_the_replay_viewer_passes_view_gestures_to_the_game():
    app, platform, _ = open_app({"game": "flowers", "seats": "human,normal", "seed": "3", "speed": "instant"})
    platform.run()
    app.handle("play", app.match.legal(0)[0])
    platform.run()
    app.handle("replay-this")
    assert app.screen == "replay"
    app.handle("flowers-zoom", "in")
    assert app.current.prefs.get("flowers-zoom") == 1 and app.screen == "replay"


def test_replay_of_an_unfinished_two_human_game_never_shows_either_hand():
    """Pass-the-device games: a replay (from the lobby or a share link) of a game still being
    played shows public information only, whatever seat is asked for."""
    from games import GAMES
    from webui import replay as replay_view

    for game_id, game in GAMES.items():
        if not game.info.private_information:
            continue
        players = max(2, game.info.min_players)
        seats = ",".join(["human", "human"] + ["easy"] * (players - 2))
        app, platform, _ = open_app({"game": game_id, "seats": seats, "seed": "5", "speed": "instant"})
        for _ in range(6):  # a few moves, bots' and people's alike
            seat = app.match.to_act()[0]
            app.match.play(seat, app.match.legal(seat)[0])
        assert not app.match.is_over()
        for opener in ("replay-this", "share"):
            if opener == "share":
                app.handle("share")
                viewer, vplatform, _ = open_app({"g": app.share.link.split("#g=", 1)[1]}, DictStorage())
            else:
                app.handle("replay-this")
                viewer, vplatform = app, platform
            assert viewer.screen == "replay" and viewer.current.replay.perspectives() == []
            assert "See as" not in vplatform.html and "Hands stay hidden" in vplatform.text
            for step in range(viewer.current.replay.last + 1):
                viewer.current.replay.goto(step)
                public = Page(replay_view.render(viewer.current))  # as App.render draws it
                for seat in ("0", "1"):
                    vplatform.forms["replay-controls"] = {"seat": seat}
                    viewer.handle("replay-seat")
                    assert viewer.current.replay.perspective is None
                    assert vplatform.html == public, (game_id, step, seat)
            if opener == "replay-this":
                app.handle("continue-here")


def test_replay_of_an_unfinished_solo_game_offers_only_the_humans_view():
    app, platform, _ = open_app({"game": "phopho", "seats": "human,normal", "seed": "5", "speed": "instant"})
    platform.run()
    app.handle("replay-this")
    assert app.current.replay.perspectives() == [0]
    platform.forms["replay-controls"] = {"seat": "1"}
    app.handle("replay-seat")
    assert app.current.replay.perspective is None
    platform.forms["replay-controls"] = {"seat": "0"}
    app.handle("replay-seat")
    assert app.current.replay.perspective == 0 and "Your hand" in platform.text


def test_rules_panel_starts_with_how_to_play_and_hides_the_source_tags():
    from games import GAMES

    for game_id, game in GAMES.items():
        app, platform, _ = open_app({"game": game_id, "seats": ",".join(["human"] + ["easy"] * (game.info.player_range()[0] - 1)), "seed": "1"})
        app.handle("rules")
        text = platform.text
        panel = text[text.index('<aside class="rules"'):text.index("</aside>")]
        if game.info.how_to_play:
            assert panel.index("How to play") < panel.index("Full rules") < panel.index(game.info.rules[0].id)
            assert 'class="how-figure"' in panel  # the game's own drawings
        for tag_word in ("(seed)", "(public)", "(ruling)", "(seed, ", "the seed", "seeds"):
            assert tag_word not in panel, (game_id, tag_word)
        rulings = [r for r in game.info.rules if r.is_ruling]
        assert panel.count(">House ruling</span>") == len(rulings)
        app.handle("lobby")
        app.handle("new", game_id)
        assert "Shuffle number" in platform.text and "Seed" not in platform.text


def test_rules_panel_of_a_game_without_how_to_play_shows_the_rules_only():
    from dataclasses import replace

    from games import GAMES
    from webui import rules

    info = replace(GAMES["mojo"].info, how_to_play=())
    panel = rules.panel(info, "")
    assert "How to play" not in panel and "Full rules" not in panel and "Rules of Mojo" in panel


def test_rule_numbers_in_log_lines_become_links_to_the_rules_panel():
    from games import GAMES
    from webui import rules

    info = GAMES["hoipho"].info
    html_text = rules.with_links("Nothing to gain (HP-7). Ships pay (the one alone: HP-3)", info)
    assert "HP-7" not in html_text.split("<button")[0] and "(the one alone)" in html_text
    assert html_text.count('data-act="rule"') == 2 and 'data-arg="HP-7"' in html_text and 'data-arg="HP-3"' in html_text
    assert rules.with_links("Round over (XX-99)", info) == "Round over (XX-99)"  # not a rule of this game
    app, platform, _ = open_app({"game": "mojo", "seats": "human,easy", "seed": "2", "speed": "instant"})
    platform.run()
    app.handle("rule", "MJ-5")
    assert app.current.show_rules and 'id="rule-MJ-5"' in platform.html
    # a finished game's notes name rules only by link
    app, platform, _ = open_app({"game": "mojo", "seats": "easy,easy", "seed": "2", "speed": "instant"})
    platform.run()
    sheet = platform.html[platform.html.index('id="score-sheet"'):]
    assert "(MJ-12)" not in sheet and 'data-arg="MJ-12"' in sheet


def test_small_words_seat_names_once_and_game_over_said_once():
    from tabletop.match import seat_title

    assert seat_title({"name": "Normal bot 2", "kind": "normal"}) == "Normal bot 2"
    assert seat_title({"name": "Minh", "kind": "hard"}) == "Minh (Hard bot)"
    assert seat_title({"name": "Lan", "kind": "human"}) == "Lan"
    app, platform, storage = finished_game()
    status = platform.text[platform.text.index('id="status"'):]
    status = status[:status.index("</p>")]
    assert "Game over:" in status and "points" in status  # the game's own result line
    assert platform.text.count("Game over") == 1 + sum(1 for e in app.match.log if e["type"] == "over")  # + the log
    assert 'class="announce"' not in platform.html or "Game over" not in platform.html.split('class="announce"')[1].split("</ul>")[0]
    app.handle("lobby")
    row = platform.text[platform.text.index("<tr data-save"):]
    assert "(bot" not in row and "Easy bot 2" in row



def test_score_sheet_headline_names_the_winners_of_a_competitive_game():
    # The shell's headline when the game gives none: who won, the winners starred on the sheet.
    app, platform, _ = finished_game()
    result = app.match.result()
    assert "headline" not in result and not result.get("cooperative")
    sheet = platform.text[platform.text.index('id="score-sheet"'):]
    headline = sheet[sheet.index('class="headline">') + len('class="headline">'):sheet.index("</p>")]
    names = [app.match.names[s] for s in result["winners"]]
    assert headline.endswith(" wins." if len(names) == 1 else " win together.") and all(n in headline for n in names)
    assert sheet.count('class="winner"') == len(names)  # the winners are starred


def test_the_lobby_imports_no_rules_until_a_game_is_opened():
    # Issue 17: a first visit is ready once the lobby is drawn; seven games' rules, bots and
    # renderers, and the game screen's, the replay's and the rules panel's modules would be
    # imported (and compiled) for nothing. Run in a fresh interpreter: this one has imported
    # every game already.
    import subprocess
    import sys
    script = "\n".join([
        "import sys",
        "sys.path[:0] = ['py', 'tests']",
        "from fakes import open_app",
        "def loaded():",
        "    return sorted(m for m in sys.modules if m.startswith('webui.renderers.') or m in ('webui.table', 'webui.replay', 'webui.rules')",
        "                  or m.startswith('games.') and m.endswith(('.rules', '.bots')))",
        "app, platform, _ = open_app()",
        "assert 'data-game=\"stemandbranch\"' in platform.html",
        "app.handle('new', 'mojo')",  # the new-game dialog needs only the game's data
        "assert 'id=\"new-game\"' in platform.html, platform.text",
        "print(loaded())",
        "app, platform, _ = open_app({'game': 'thenumber', 'seats': 'human,easy', 'speed': 'instant'})",
        "print(loaded())",
    ])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == "['games.thenumber.bots', 'games.thenumber.rules', 'webui.renderers.thenumber', 'webui.rules', 'webui.table']"


def test_a_redraw_draws_only_the_log_lines_it_has_not_drawn_before(monkeypatch):
    """Late in a game the log was most of a click's redraw: each line is now drawn once and
    remembered (webui.table.log_line), so a move draws its own lines and no old one."""
    from webui import table

    app, platform, _ = open_app({"game": "flowers", "seats": "human,easy", "seed": "2", "speed": "instant"})
    for _ in range(6):  # some history in the log
        platform.run()
        app.handle("play", app.match.legal(0)[0])
    platform.run()
    drawn = []
    monkeypatch.setattr(table, "event_html", lambda ctx, event: drawn.append(event) or "line {}".format(len(drawn)))
    table._LOG_LINES.clear()
    app.render()
    lines = len(app.match.log_for(0))
    assert len(drawn) == lines > 6  # the first redraw draws every line
    app.render()
    assert len(drawn) == lines  # the same log: nothing drawn again
    app.handle("play", app.match.legal(0)[0])
    new = len(app.match.log_for(0)) - lines
    assert 0 < len(drawn) - lines <= new  # a move: its own lines, at most (the bots' come later)


def test_the_open_rules_panel_is_drawn_once_per_language_not_at_every_move(monkeypatch):
    """While the rules are open every redraw shows them (a bot's move too): the panel is drawn
    once for the game and the language (webui.rules.game_panel) and shown again as it was."""
    from webui import i18n, rules

    drawn = []
    real_panel = rules.panel
    monkeypatch.setattr(rules, "panel", lambda info, *a, **k: drawn.append(i18n.current()) or real_panel(info, *a, **k))
    monkeypatch.setattr(rules, "_PANELS", {})
    app, platform, _ = open_app({"game": "flowers", "seats": "human,easy", "seed": "2", "speed": "instant"})
    platform.run()
    app.handle("rules")
    english = platform.html.split('class="how-to-play"')[1]
    for _ in range(3):
        app.handle("play", app.match.legal(0)[0])
        platform.run()
    assert drawn == ["en"] and 'class="how-to-play"' in platform.html
    try:
        app.handle("language", "vi")
        assert drawn == ["en", "vi"] and platform.html.split('class="how-to-play"')[1] != english
        app.handle("language", "en")
        assert drawn == ["en", "vi"] and platform.html.split('class="how-to-play"')[1].split("</section>")[0] == english.split("</section>")[0]
    finally:
        i18n.choose(i18n.ENGLISH)
