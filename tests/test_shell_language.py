"""Issue 28 in the shell (CPython): the language menu on every screen, the shell's own words and
the kernel's messages in the reader's language, names joined in it, and a share dialog whose
embed keeps its language while its link does not."""

import pytest

from fakes import open_app
from webui import i18n
from webui.html import join_names

GAME = {"game": "thenumber", "seats": "human,easy", "seed": "3", "speed": "instant"}


@pytest.fixture
def app_in_english():
    app, platform, _ = open_app(dict(GAME))
    platform.run()
    yield app, platform
    i18n.choose(i18n.ENGLISH)


def marked(html):
    """The language the menu marks as the one in use."""
    menu = html.split('class="language-menu"')[1].split("</details>")[0]
    return [part.split('data-arg="')[1].split('"')[0] for part in menu.split("<button")[1:] if 'aria-current="true"' in part]


def embed(platform):
    return platform.text.split('id="embed-code"')[1].split("</textarea>")[0]


def test_the_menu_changes_the_language_of_the_game_screen_the_lobby_and_the_embed(app_in_english):
    app, platform = app_in_english
    assert marked(platform.html) == ["en"] and "Undo" in platform.text
    app.handle("share")
    link = app.share.link
    assert "?embed=1#g=" in embed(platform) and "lang=" not in embed(platform)
    app.handle("close-share")

    app.handle("language", "vi")
    assert i18n.current() == "vi" and marked(platform.html) == ["vi"]
    assert "Hoàn tác" in platform.text and "Undo" not in platform.text
    assert "Đến lượt bạn: " in platform.text  # the status line: "{who}: {prompt}"
    assert app.match.history[-1][0] == 1  # the bot wrote first
    app.handle("undo")  # the kernel's reason, in Vietnamese
    assert "Bot đã đi sau nước gần nhất của bạn, nên không thể hoàn tác nữa." in platform.text
    app.handle("share")
    assert app.share.link == link and "lang" not in link  # a link opens in its reader's language
    assert "?embed=1&amp;lang=vi#g=" in embed(platform)  # the snippet is HTML: its & is &amp;
    app.handle("close-share")
    app.handle("lobby")
    assert marked(platform.html) == ["vi"] and "Ván mới" in platform.text and "Chơi tiếp" in platform.text

    app.handle("language", "en")
    assert i18n.current() == "en" and "New game" in platform.text and "Ván mới" not in platform.text


def test_names_are_joined_and_default_names_said_in_the_readers_language(app_in_english):
    app, platform = app_in_english
    assert join_names(["Lan", "Minh", "Hà"]) == "Lan, Minh and Hà"
    app.handle("language", "vi")
    assert join_names(["Lan", "Minh", "Hà"]) == "Lan, Minh và Hà"
    app.start("thenumber", ["human", "easy"], seed="3")
    platform.run()
    assert app.match.names == ["Player 1", "Easy bot 2"]  # kept so in the save and the link
    assert "Người chơi 1" in platform.text and "Bot dễ 2" in platform.text and "Bot (Dễ)" in platform.text
    app.handle("language", "en")
    assert "Player 1" in platform.text and "Người chơi 1" not in platform.text
    app.handle("language", "vi")
    app.handle("lobby")
    assert "Người chơi 1</span>, <span class=\"name\">Bot dễ 2" in platform.text  # the saved games list


def test_an_unknown_language_changes_nothing(app_in_english):
    app, platform = app_in_english
    app.handle("language", "xx")
    assert i18n.current() == "en" and marked(platform.html) == ["en"]


def log_of(html):
    return html.split('class="log-list"')[1].split("</ol>")[0]


def test_the_log_is_redrawn_in_the_new_language_though_its_lines_are_remembered(app_in_english):
    """Log lines are drawn once and remembered between redraws (webui.table.log_line): a change
    of language draws them again, and going back gives the very lines of before."""
    app, platform = app_in_english
    english = log_of(platform.html)
    assert "writes" in english
    app.handle("language", "vi")
    vietnamese = log_of(platform.html)
    assert vietnamese != english and "writes" not in vietnamese
    app.handle("language", "en")
    assert log_of(platform.html) == english
