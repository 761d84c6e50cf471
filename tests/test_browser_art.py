"""Every game's table in pictures (issue 36), checked as the page draws it: each card, tile and
token face is a [data-face] element holding a picture (an <img>) of its game's sprite; the sprite is
fetched when that game opens (never in the lobby), from the site itself; the rules name the
pictures' source and licence."""

from urllib.parse import urlsplit

import pytest

from conftest import PICTURES_DRAWN, open_page, wait_app_lobby
from games import GAMES, IDS

pytestmark = pytest.mark.browser

SEATS = {"stemandbranch": "human,normal,normal", "flowers": "human,normal"}

# In the page: every face and its picture; whether each picture names one the sprite has.
FACES = """async () => {
  const faces = [...document.querySelectorAll('#game [data-face]')];
  const sprites = {};
  const broken = [];
  for (const face of faces) {
    const pic = face.querySelector('img.pic');
    if (!pic) { broken.push('no picture: ' + face.outerHTML.slice(0, 160)); continue; }
    const named = face.getAttribute('aria-label') || face.closest('[aria-label]');
    if (!named) broken.push('no words: ' + face.outerHTML.slice(0, 160));
    const [file, id] = pic.getAttribute('src').split('#');
    sprites[file] ??= await (await fetch(file)).text();
    if (!sprites[file].includes('<g id="' + id + '"')) broken.push('no picture ' + id + ' in ' + file);
  }
  return {count: faces.length, kinds: [...new Set(faces.map(f => f.dataset.face))].length, broken};
}"""


def requests_of(page):
    seen = []
    page.on("request", lambda request: seen.append(request.url))
    return seen


@pytest.mark.parametrize("game_id", IDS)
def test_the_table_shows_its_cards_as_pictures_fetched_when_the_game_opens(page, site, game_id):
    seen = requests_of(page)
    wait_app_lobby(open_page(page, site))
    assert not [url for url in seen if "/www/art/" in url], "a picture was fetched in the lobby"
    seats = SEATS.get(game_id, ",".join(["human"] + ["normal"] * (max(2, GAMES[game_id].info.min_players) - 1)))
    open_page(page, site + "?game={}&seats={}&seed=5&speed=instant".format(game_id, seats))
    page.wait_for_selector("#game [data-face] img.pic", state="attached")
    found = page.evaluate(FACES)
    assert found["count"] >= 5 and found["kinds"] >= 3 and not found["broken"], found
    art = [url for url in seen if "/www/art/" in url]
    assert art and all(url.split("/www/art/")[1].split("#")[0] == game_id + ".svg" for url in art), art
    elsewhere = [url for url in seen if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).netloc != urlsplit(site).netloc]
    assert not elsewhere, "requests that left the site: {}".format(elsewhere)
    # The pictures are drawn: each has loaded its sprite, and has a size on the table.
    page.wait_for_function(PICTURES_DRAWN)
    assert page.evaluate("() => [...document.querySelectorAll('#game [data-face] img.pic')].some(i => i.getBoundingClientRect().width > 10)")
    page.click("[data-act=rules]")
    credits = page.inner_text("#rules .credits")
    assert "Fluent Emoji Flat" in credits and "MIT" in credits
