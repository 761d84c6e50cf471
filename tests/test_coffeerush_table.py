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


def click_through(params, choose):
    """A whole game clicked through the page: `choose(legal, html)` picks the human's move."""
    app, platform, _ = open_app(dict(params, game="coffeerush", speed="instant"))
    for _ in range(3000):
        platform.run()
        if app.match.is_over():
            return app, platform
        assert app.match.to_act() == [0]
        app.handle("play", choose(app.match.legal(0), platform.html))
    raise AssertionError("the game did not end")


def test_every_legal_action_is_one_labelled_button_and_a_game_is_clicked_through():
    rng = random.Random(3)
    seen = set()

    def choose(legal, html):
        buttons = offered(html)
        assert sorted(buttons) == sorted(legal), (buttons, legal)
        seen.update(a.split(":")[0] for a in legal)
        return rng.choice(buttons)

    app, platform = click_through({"seats": "human,normal,easy", "seed": "6"}, choose)
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


def test_the_move_counter_says_each_count_in_its_own_plural():
    """"0 steps left · 1 Rush token spent": the steps and the Rush tokens are two counts, and the
    page once made both singular or both plural by the Rush count ("0 step left · 1 ...")."""
    rng = random.Random(5)
    counters = set()

    def choose(legal, html):
        found = re.search(r'class="cr-counter"[^>]*>(.*?)</p>', html)
        if found:
            counters.add(re.sub(r"<[^>]+>", "", found.group(1)))
        return "rush" if "rush" in legal else rng.choice(legal)

    click_through({"seats": "human,easy", "seed": "6"}, choose)
    assert "0 steps left · 1 Rush token spent" in counters and "1 step left · 1 Rush token spent" in counters, counters
    for counter in counters:
        for count, noun in re.findall(r"(\d+) (step|Rush token)", counter):
            plural = re.search(r"{} {}(s?)\b".format(count, noun), counter).group(1)
            assert plural == ("" if count == "1" else "s"), counter
