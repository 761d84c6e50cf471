"""Coffee Rush's table through the app shell on CPython (fake platform): every legal action of the
player at the screen is one real button on the page (steps, Rush, pours, serves, upgrades...), and
a whole game is played by clicking only what the page offers, to the score sheet."""

import random
import re

from test_app import open_app

BUTTON = re.compile(r'<button([^>]*)>')


def offered(html):
    """The actions of the page's play buttons; each must carry a label for screen readers."""
    out = []
    for attrs in BUTTON.findall(html):
        if 'data-act="play"' in attrs:
            assert 'aria-label="' in attrs and 'type="button"' in attrs, attrs
            out.append(re.search(r'data-arg="([^"]+)"', attrs).group(1))
    return out


def test_every_legal_action_is_one_labelled_button_and_a_game_is_clicked_through():
    app, platform, _ = open_app({"game": "coffeerush", "seats": "human,normal,easy", "seed": "6", "speed": "instant"})
    rng = random.Random(3)
    seen = set()
    for _ in range(3000):
        platform.run()
        if app.match.is_over():
            break
        assert app.match.to_act() == [0]
        legal = app.match.legal(0)
        buttons = offered(platform.html)
        assert sorted(buttons) == sorted(legal), (app.match.state["phase"], buttons, legal)
        seen.update(a.split(":")[0] for a in legal)
        app.handle("play", rng.choice(buttons))
    assert app.match.is_over()
    assert "Score sheet" in platform.text and "Served orders (up-vote pile)" in platform.text
    assert {"place", "pour", "step", "stop"} <= seen


def test_the_table_shows_the_board_tabs_cups_and_the_token():
    app, platform, _ = open_app({"game": "coffeerush", "seats": "human,easy", "seed": "2", "speed": "instant"})
    platform.run()
    html, text = platform.html, platform.text
    assert html.count('class="cr-space') == 16 and text.count("Chocolate") >= 1
    assert "Starting Player token" in text and "Open" in text and "Deck: " in text
    assert html.count("cr-tab cr-urgent") >= 2  # each player's Tab 4 is marked
    assert "Upgrade tiles" in text and "your steps may also be diagonal" in text
