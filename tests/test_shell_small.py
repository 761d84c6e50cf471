"""Small things of the shell (issue 27): the pass-the-device cover's way out (Rules, Lobby)
that shows nothing of the hand, saves and replays that name their mode, a game's How to play
from the lobby, and the share dialog's warning for an unfinished game with hidden cards."""

import random

from games import GAMES, INFOS
from webui.html import variant_words

from fakes import DictStorage, open_app

PHOPHO_COVER = {"game": "phopho", "seats": "human,human,easy", "names": "Ann,Bo", "seed": "44", "speed": "instant"}


def play_first(app, platform, seat):
    """`seat` plays its first legal move, saying yes to a hurtful move's question."""
    app.handle("play", app.match.legal(seat)[0])
    if app.current.confirm is not None:
        app.handle("confirm-move")
    platform.run()


def covered_game(game_id, seed=44):
    """A game of two people sharing the device, run until the cover is up for one of them."""
    info = INFOS[game_id]
    players = max(2, info.min_players)
    params = {"game": game_id, "seats": ",".join(["human", "human"] + ["easy"] * (players - 2)),
              "seed": str(seed), "speed": "instant"}
    app, platform, _ = open_app(params)
    for _ in range(30):
        platform.run()
        if app.current.cover is not None:
            return app, platform
        play_first(app, platform, app.current.viewer)  # the one person at the screen plays
    raise AssertionError("no cover in {}".format(game_id))


def test_the_cover_offers_rules_and_lobby_and_the_rules_show_nothing_of_the_hand():
    hiding = []  # the games where the covered seat held something private
    for game_id, game in GAMES.items():
        if not game.info.private_information:
            continue
        app, platform = covered_game(game_id)
        seat = app.current.cover
        cover = platform.html[platform.html.index('class="cover"'):]
        assert 'data-act="rules"' in cover and 'data-act="lobby"' in cover, game_id
        app.handle("rules")
        assert app.current.cover == seat and app.current.viewer is None, game_id
        cover = platform.html[platform.html.index('class="cover"'):]
        assert 'class="rules"' in cover and "I am " not in cover, game_id  # the rules, on the cover
        assert platform.html.count('class="rules"') == 1, game_id  # and not also behind it
        # Nothing of the covered seat's hand is on the page: re-dealing everything hidden from
        # everyone (the harness's scramble) leaves the page as it was, while that seat's own
        # view changes.
        shown, state = platform.html, app.match.state
        scrambled = game.scramble(state, None, random.Random(7))
        if game.view(scrambled, seat) != game.view(state, seat):
            hiding.append(game_id)
        app.match.state = scrambled
        app.render()
        assert platform.html == shown, game_id
        app.match.state = state
        # Closing the rules (the button, or Escape) comes back to the cover, still up.
        app.handle("rules")
        assert app.current.cover == seat and not app.current.show_rules and "I am " in platform.text, game_id
        app.handle("rules")
        app.key("Escape")
        assert app.current.cover == seat and not app.current.show_rules and "I am " in platform.text, game_id
    assert "phopho" in hiding and len(hiding) >= 4, hiding  # the scramble check could fail


def test_the_cover_leads_to_the_lobby_and_the_game_resumes_covered():
    app, platform, storage = open_app(PHOPHO_COVER)
    platform.run()
    assert app.current.cover == 0
    app.handle("lobby")
    assert app.screen == "lobby" and app.match is None
    save_id = next(iter(storage.data)).split("tabletop.save.", 1)[-1]
    app.handle("resume", save_id)
    platform.run()
    assert app.current.cover == 0 and app.current.viewer is None and "Pass the device to Ann" in platform.text


def test_rules_open_before_a_pass_close_when_the_cover_comes_up():
    app, platform, _ = open_app(PHOPHO_COVER)
    platform.run()
    app.handle("ready", "0")
    app.handle("rules")
    assert app.current.show_rules
    for _ in range(30):  # Ann plays her turn with the rules open; the device goes to Bo
        play_first(app, platform, 0)
        if app.current.cover is not None:
            break
    assert app.current.cover == 1
    assert not app.current.show_rules and "I am " in platform.text


def sb_lobby(*option_sets):
    storage = DictStorage()
    for options in option_sets:
        params = {"game": "stemandbranch", "seats": "human,easy", "seed": "3", "speed": "instant"}
        params.update(options)
        open_app(params, storage)
    app, platform, _ = open_app({}, storage)
    return app, platform


def test_saves_replays_and_the_title_bar_name_the_mode_and_variants():
    app, platform = sb_lobby({"mode": "coop"}, {"scrolls": "1"}, {"tiebreak_year": "2024"}, {})
    rows = [r.split("</td>", 1)[0].rsplit(">", 1)[-1] for r in platform.text.split("<tr data-save=")[1:]]
    assert sorted(rows) == ["Stem and Branch", "Stem and Branch", "Stem and Branch · Co-operative",
                            "Stem and Branch · Spirit Scrolls"]
    coop = next(e.id for e in app.current.entries if e.match.options["mode"] == "coop")
    app.handle("replay", coop)
    assert "<h1>Replay: Stem and Branch" in platform.html and "· Co-operative" in platform.text
    app.handle("continue-here")
    assert "<h1>Stem and Branch" in platform.html and "· Co-operative" in platform.text
    app.handle("lobby")
    plain = next(e.id for e in app.current.entries if e.match.options == INFOS["stemandbranch"].resolve_options({}))
    app.handle("resume", plain)
    assert 'class="variants"' not in platform.html


def test_variant_words_come_from_the_options_choice_labels():
    info = INFOS["stemandbranch"]
    assert variant_words(info, {"mode": "coop", "scrolls": "0"}) == ["Co-operative"]
    assert variant_words(info, {"mode": "competitive", "scrolls": "1", "tiebreak_year": "2030"}) == ["Spirit Scrolls"]
    assert variant_words(INFOS["mojo"], {}) == []


def test_each_game_card_offers_how_to_play_before_starting():
    app, platform, _ = open_app()
    for game_id, info in INFOS.items():
        assert 'data-act="how-to" data-arg="{}"'.format(game_id) in platform.html
        app.handle("how-to", game_id)
        dialog = platform.text[platform.text.index('id="how-to"'):]
        assert 'role="dialog"' in dialog and 'aria-modal="true"' in dialog
        assert ("How to play " + info.title if info.how_to_play else "Rules of " + info.title) in dialog
        assert info.rules[0].id in dialog  # the full rules follow
        assert 'data-act="new" data-arg="{}"'.format(game_id) in dialog and 'data-act="close-how-to"' in dialog
        app.handle("close-how-to")
        assert app.current.how_to is None and 'id="how-to"' not in platform.html
    app.handle("how-to", "mojo")
    app.key("Escape")
    assert app.current.how_to is None and app.screen == "lobby"
    app.handle("how-to", "mojo")
    app.handle("new", "mojo")  # its New game goes on to the new-game dialog
    assert app.current.how_to is None and app.current.dialog.game == "mojo" and 'id="how-to"' not in platform.html


def test_the_static_lobby_shows_how_to_play_disabled_like_new_game():
    from webui import lobby

    static = lobby.static_shell()
    assert static.count('data-act="how-to"') == len(INFOS)
    games = static.split('class="games"')[1]
    assert games.count(" disabled ") == 2 * len(INFOS)
    # The language menu waits for Python too (the page enables every button when it is ready).
    menu = static.split('class="language-menu"')[1].split("</details>")[0]
    assert menu.count('data-act="language"') == menu.count(" disabled ") == 2


def share_text(app, platform):
    app.handle("share")
    text = platform.text
    app.handle("close-share")
    return text


def test_sharing_an_unfinished_game_with_hidden_cards_warns_first():
    warning = "could work out every player's hidden cards"
    app, platform, _ = open_app({"game": "phopho", "seats": "human,easy", "seed": "5", "speed": "instant"})
    platform.run()
    text = share_text(app, platform)
    assert warning in text and text.index(warning) < text.index('id="share-link"')  # before the link
    app.handle("replay-this")  # a replay of the unfinished game carries the same shuffle
    assert warning in share_text(app, platform)
    # Nothing hidden (Flowers): no warning.
    app, platform, _ = open_app({"game": "flowers", "seats": "human,easy", "seed": "5", "speed": "instant"})
    platform.run()
    assert not app.match.is_over() and warning not in share_text(app, platform)


def test_sharing_a_finished_game_does_not_warn():
    from test_app import finished_game

    app, platform, _ = finished_game()
    assert app.match.game.info.private_information
    text = share_text(app, platform)
    assert "Share this game" in text and "hidden cards" not in text
    app.handle("replay-this")
    app.handle("replay-step", "first")  # its start: the game it shows was played to the end
    assert "hidden cards" not in share_text(app, platform)
