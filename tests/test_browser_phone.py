"""The phone checks (issue 27): at 390x844 and 360x740, for every game's new-game dialog, table at
start, score sheet and the lobby with saves:
- nothing wider than the screen (test_browser_ux.TOO_WIDE);
- no control hidden in an inner scroll box: every button, menu, field and [data-act] is either in
  no box that scrolls on its own, or inside that box's visible part;
- nothing pinned (position sticky or fixed) over the status line, a control, or what the player
  reads to choose (Phở Phở's customers, Stem and Branch's scrolls);
- a hover effect leaves the control's hit area where it was (a card lifted from under the
  pointer on its lower edge jittered every frame);
- a new screen opens at its top: a game started from a card low in the lobby, the score sheet,
  the lobby, a replay, a game continued from the last save of the list.

Each game is reached the way a player goes: lobby, the game card's "New game", Start; then a
finished game by its share link, the lobby (two saves), a replay and Continue. One page for each
size serves every game in turn (a page's start is most of the time a test takes)."""

import functools
import random
from urllib.parse import parse_qsl

import pytest

from conftest import BOOT_TIMEOUT, next_frame, open_page, wait_app_lobby
from fakes import open_app
from games import GAMES
from tabletop import bots as botlib
from tabletop import share
from tabletop.match import Match, make_seats
from test_browser_stemandbranch import CLAIM_AFTER_HAND_PAYMENT, CLAIM_AFTER_HAND_PAYMENT_LINK, click_action
from test_browser_thenumber import wait_bots_done
from test_browser_ux import PHONES, TOO_WIDE, game_ids, wait_for_my_turn

pytestmark = pytest.mark.browser

# Every game, and Stem and Branch's co-operative mode (its own table and score sheet). The
# options are chosen in the new-game dialog. Stem and Branch competitive is the SB-22 start (seed
# 12 with the expansion): its claim prompt is checked too.
SB_CLAIM = dict(parse_qsl(CLAIM_AFTER_HAND_PAYMENT_LINK))
# Phở Phở at seed 8 (three seats, the default): the player starts and can pick a card. A random
# shuffle may leave only Restock (no card fits a customer), and the raised-card check needs a card.
SEEDS = {"phopho": {"seed": "8"}}
CASES = [(g, SEEDS.get(g, {})) for g in game_ids() if g != "stemandbranch"] + [
    ("stemandbranch", {"opt-scrolls": SB_CLAIM["scrolls"], "opt-tiebreak_year": SB_CLAIM["tiebreak_year"], "seed": SB_CLAIM["seed"]}),
    ("stemandbranch", {"opt-mode": "coop"}),
]

CONTROLS = "button, select, input, textarea, [data-act]"

# Controls outside the visible part of a box that scrolls on its own (overflow auto or scroll).
# A fixed box over the whole screen (a dialog's backdrop) is the page itself, not an inner box.
CLIPPED = """(controls) => {
  const out = [];
  const fullScreen = el => { const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return s.position === 'fixed' && r.width >= innerWidth - 1 && r.height >= innerHeight - 1; };
  for (const el of document.querySelectorAll('#app :is(' + controls + ')')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    for (let box = el.parentElement; box && box.id !== 'app'; box = box.parentElement) {
      const s = getComputedStyle(box);
      if (![s.overflowX, s.overflowY].some(v => v === 'auto' || v === 'scroll') || fullScreen(box)) continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1)
        out.push((el.innerText || el.getAttribute('aria-label') || el.outerHTML.slice(0, 60)).trim().slice(0, 60)
                 + ' in ' + box.tagName.toLowerCase() + '.' + box.className + ' (' + Math.round(box.clientHeight) + ' px)');
      break;
    }
  }
  return out.slice(0, 8);
}"""

# What the player reads to choose, besides the status line and the controls.
MUST_READ = "#status, .announce, .notice, .pp-customer, .sb-scrolls, .sb-grid, .dialog h2"

# Pinned elements (sticky or fixed) over the status line, a control or what the player reads.
# With a dialog open only the dialog counts (the page behind is inert, under its backdrop).
COVERED = """([controls, mustRead]) => {
  const out = [], modal = [...document.querySelectorAll('[aria-modal=true]')].pop();
  const scope = modal || document.getElementById('app');
  const pinned = [...document.querySelectorAll('body *')].filter(el =>
    ['sticky', 'fixed'].includes(getComputedStyle(el).position) && !(modal && el.contains(modal)));
  const targets = [...scope.querySelectorAll(controls + ', ' + mustRead)];
  const seen = r => r.width && r.height && r.bottom > 0 && r.top < innerHeight;
  for (const pin of pinned) {
    const p = pin.getBoundingClientRect();
    if (!seen(p)) continue;
    for (const el of targets) {
      if (pin.contains(el) || el.contains(pin)) continue;
      const r = el.getBoundingClientRect();
      if (!seen(r)) continue;
      const w = Math.min(r.right, p.right) - Math.max(r.left, p.left), h = Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top);
      if (w > 1 && h > 1)
        out.push(pin.tagName.toLowerCase() + '.' + pin.className + ' covers ' + el.tagName.toLowerCase() + '.' + el.className
                 + ' "' + (el.innerText || '').trim().slice(0, 40) + '"');
    }
  }
  return out.slice(0, 8);
}"""

# Hover: the controls in view are marked (data-hover-check) with the points of their edges that
# hit them now; with :hover forced on one (DevTools' forcePseudoState), its points must still hit it.
MARK_HOVER = """(controls) => {
  const found = [];
  for (const el of document.querySelectorAll('[data-hover-check]')) delete el.dataset.hoverCheck;
  for (const el of document.querySelectorAll('#app :is(' + controls + ')')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.top < 0 || r.bottom > innerHeight || found.length >= 60) continue;
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const points = [[cx, r.bottom - 1], [cx, r.top + 1], [r.left + 1, cy], [r.right - 1, cy]]
      .filter(([x, y]) => el.contains(document.elementFromPoint(x, y)));
    if (!points.length) continue;
    el.dataset.hoverCheck = found.length;
    found.push(points);
  }
  return found;
}"""
HOVER_MISSES = """([i, points]) => {
  const el = document.querySelector('[data-hover-check="' + i + '"]');
  const lost = points.filter(([x, y]) => !el.contains(document.elementFromPoint(x, y)));
  return lost.length ? el.outerHTML.slice(0, 80) + ' loses ' + JSON.stringify(lost) + ' under :hover' : null;
}"""


def check_hover(page, where):
    """Each control in view under a forced :hover keeps its hit area."""
    found = page.evaluate(MARK_HOVER, CONTROLS)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        misses = []
        for i, points in enumerate(found):
            node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": '[data-hover-check="{}"]'.format(i)})["nodeId"]
            cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["hover"]})
            miss = page.evaluate(HOVER_MISSES, [i, points])
            cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
            if miss:
                misses.append(miss)
    finally:
        cdp.detach()
    assert found, "{}: no control in view to hover".format(where)
    assert not misses, "{}: {}".format(where, misses[:4])


def check_screen(page, where, hover=False):
    """The checks at this scroll position, then with the first move on offer centred on screen."""
    positions = [None]
    if page.locator("#app .legal, #app [data-act=play]").count():
        positions.append("el => el.scrollIntoView({block: 'center'})")
    for scroll in positions:
        if scroll:
            page.eval_on_selector("#app .legal, #app [data-act=play]", scroll)
        here = "{} (scrollY {})".format(where, page.evaluate("scrollY"))
        assert not page.evaluate(TOO_WIDE), here
        assert not page.evaluate(CLIPPED, CONTROLS), "{}: controls hidden in an inner scroll box: {}".format(here, page.evaluate(CLIPPED, CONTROLS))
        assert not page.evaluate(COVERED, [CONTROLS, MUST_READ]), "{}: {}".format(here, page.evaluate(COVERED, [CONTROLS, MUST_READ]))
        if hover:
            check_hover(page, here)


def at_top(page, where):
    assert page.evaluate("scrollY") == 0, "{} opened at scrollY {}, not at its top".format(where, page.evaluate("scrollY"))


def scroll_down(page):
    # After a click, the app keeps the clicked control in place at the next frame (a scroll):
    # let that frame come first, or it scrolls back over this scroll.
    next_frame(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("scrollY") > 0


@functools.lru_cache(maxsize=None)
def finished_code(game_id, options=()):
    """The share code of a whole game played by Easy bots at the most seats the options allow."""
    game = GAMES[game_id]
    options = dict(options)
    for players in range(game.info.max_players, 0, -1):
        try:
            match = Match(game, make_seats(["easy"] * players, ["Player number {}".format(i + 1) for i in range(players)]), options, 3)
            break
        except Exception:  # too many seats for this mode (the co-op game takes up to 4)
            continue
    rng = random.Random(3)
    while not match.is_over():
        seat = match.to_act()[0]
        match.play(seat, botlib.choose(game, "easy", match.view(seat), seat, match.legal(seat), rng))
    return share.encode(match)


def test_sb_claim_start_is_the_sb_22_script():
    """The dialog's choices for Stem and Branch (CASES) start the game of the SB-22 script: its
    first turn ends in the claim prompt (checked here on CPython, not as a browser time-out)."""
    fields = dict(CASES[-2][1])
    app, platform, _ = open_app({"game": "stemandbranch", "speed": "instant"})
    platform.forms["new-game"] = {**fields, "players": "3", "kind-0": "human", "kind-1": "normal", "kind-2": "normal"}
    app.handle("start")
    for action in CLAIM_AFTER_HAND_PAYMENT:
        assert action in app.match.legal(0), action
        app.current.play(action)
    assert "claim:none" in app.match.legal(0)


def test_a_new_screen_asks_for_the_top_and_a_redraw_does_not():
    app, platform, _ = open_app({"speed": "instant"})
    assert platform.scrolled_top == 0  # the first lobby is the page's own (its visitor may have scrolled it)
    app.handle("new", "thenumber")
    assert platform.scrolled_top == 0  # a dialog opens over the page, which keeps its place
    app.handle("start")
    assert app.screen == "game" and platform.scrolled_top == 1
    app.render()
    assert platform.scrolled_top == 1
    app.handle("lobby")
    assert platform.scrolled_top == 2


@pytest.fixture(scope="module", params=PHONES, ids=["{}x{}".format(*s) for s in PHONES])
def phone(request, browser, site):
    """One phone's browser context for every game of this module, and its page (`page`)."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    context.size, context.shown = request.param, None
    yield context
    context.close()


def _phone_page(context):
    page = context.new_page()
    page.errors, page.console_lines, page.crashed = [], [], False
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.on("console", lambda msg: page.console_lines.append("{}: {}".format(msg.type, msg.text)))
    page.on("crash", lambda _: setattr(page, "crashed", True))
    page.set_default_timeout(BOOT_TIMEOUT)
    page.add_init_script("localStorage.clear()")  # each start of the page: no saved game
    page.size = context.size
    page.healthy = False  # True once a test passed on it: it is on a game screen
    return page


@pytest.fixture
def page(phone):
    """The phone's page, the one the last test left (conftest's `page` is one per test). A renderer
    that crashed (this shared machine's "Page crashed", which the Makefile reruns once) leaves a
    page that answers nothing: the test, and its rerun, get a new one."""
    if phone.shown is None or phone.shown.crashed:
        if phone.shown is not None:
            phone.shown.close()
        phone.shown = _phone_page(phone)
    return phone.shown


def empty_lobby(page, site):
    """The lobby with no saved game: from the game the last test left, else a new start."""
    if page.healthy:
        page.evaluate("localStorage.clear()")
        page.click("#game [data-act=lobby]")
    else:  # the first test, or the one after a failure
        open_page(page, site + "?speed=instant")
    wait_app_lobby(page)
    page.healthy = False  # until this test passes
    assert not page.locator(".saves tr[data-save]").count()


@pytest.mark.parametrize("game_id,fields", CASES, ids=[g + ("-" + "-".join(f.values()) if "opt-mode" in f else "") for g, f in CASES])
def test_phone_screens(page, site, game_id, fields):
    size = page.size
    page.errors.clear()
    page.console_lines.clear()
    empty_lobby(page, site)

    # The new-game dialog, opened from the game's card (low in the lobby for most games).
    page.click(".game-card[data-game={}] [data-act=new]".format(game_id))
    page.wait_for_selector("#new-game")
    for name, value in fields.items():
        if name.startswith("opt-"):
            page.select_option("#new-game [name={}]".format(name), value)
        else:
            page.fill("#new-game [name={}]".format(name), value)
    assert page.eval_on_selector("#new-game", "d => d.getBoundingClientRect().top") >= 0
    check_screen(page, "new-game dialog")

    page.click("#new-game button[type=submit]")
    wait_for_my_turn(page)
    # Bots of the games played at once (Hội Phố, The Number) may still redraw the page: the
    # checks hold DevTools handles to its nodes.
    wait_bots_done(page)
    at_top(page, "the table")
    check_screen(page, "table at start", hover=True)

    if game_id == "phopho":  # a card raised by a click keeps its spot: a click there puts it back
        card = ".pp-hand button.pp-card.legal >> nth=0"
        top = page.locator(card).evaluate("el => { el.scrollIntoView({block: 'start'}); return el.getBoundingClientRect().top; }")
        page.click(card)
        raised = ".pp-hand .pp-selected"
        page.wait_for_selector(raised)
        next_frame(page)  # as painted
        # The news above the table goes with the player's move: the page keeps the card in place.
        moved = page.eval_on_selector(raised, "el => el.getBoundingClientRect().top") - top
        assert -11 <= moved <= 1, "the picked card moved {} px from under the finger".format(moved)
        # 10 px raised: 8 px below its drawn edge is the lower edge of where it lay.
        assert page.eval_on_selector(raised, """el => { const r = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint((r.left + r.right) / 2, r.bottom + 8)); }"""), \
            "the raised card left the spot it was clicked on"
        page.click(raised)
        page.wait_for_selector(raised, state="detached")

    if fields.get("opt-scrolls"):  # SB-22: the claim prompt after paying with a hand card
        for action in CLAIM_AFTER_HAND_PAYMENT:
            click_action(page, action)
        page.wait_for_selector("button[data-arg='claim:none']")
        top, bottom = page.eval_on_selector(".sb-controls", "b => [b.getBoundingClientRect().top, b.getBoundingClientRect().bottom]")
        assert 0 <= top and bottom <= size[1], ("claim prompt", top, bottom)
        check_screen(page, "claim prompt")

    scroll_down(page)
    options = tuple(sorted((k[4:], v) for k, v in fields.items() if k == "opt-mode"))
    page.evaluate("code => { location.hash = 'g=' + code + '&continue=1'; }", finished_code(game_id, options))
    page.wait_for_selector("#score-sheet")
    at_top(page, "the score sheet")
    check_screen(page, "score sheet")

    scroll_down(page)
    page.click("#score-sheet [data-act=lobby]")
    page.wait_for_selector(".saves tr[data-save] >> nth=1")
    at_top(page, "the lobby")
    # A player with a game in progress sees the saved games first, above the game cards.
    assert page.eval_on_selector(".continue", "s => s.getBoundingClientRect().bottom") <= \
        page.eval_on_selector(".games", "s => s.getBoundingClientRect().top")
    check_screen(page, "lobby with saves")

    # The game in progress is the last save of the list (the finished one was saved after it).
    page.click(".game-card[data-game={}] [data-act=new]".format(game_id))  # the page scrolled down, and back
    page.click("#new-game [data-act=close-dialog]")
    assert page.evaluate("scrollY") > 0
    page.click(".saves tr[data-save] >> nth=-1 >> [data-act=replay]")
    page.wait_for_selector(".replay-controls")
    at_top(page, "the replay")
    scroll_down(page)
    page.click("[data-act=lobby]")
    page.wait_for_selector(".saves tr[data-save]")
    page.click(".game-card[data-game={}] [data-act=new]".format(game_id))
    page.click("#new-game [data-act=close-dialog]")
    page.click(".saves tr[data-save] >> nth=-1 >> [data-act=resume]")
    page.wait_for_selector("#game")
    at_top(page, "a continued game")
    assert not page.errors, "errors on the page: {}".format(page.errors)
    page.healthy = True


def test_the_lobby_lists_saved_games_before_the_game_cards_once_there_are_any():
    app, platform, storage = open_app({})
    assert platform.html.index('class="games"') < platform.html.index('class="continue"')  # as the static lobby
    app.handle("new", "thenumber")
    app.handle("start")
    app.handle("lobby")
    assert platform.html.index('class="continue"') < platform.html.index('class="games"')


def test_the_pass_the_device_cover_going_up_or_down_is_a_new_screen():
    """Two people share the screen: the next player's turn starts at the status line."""
    app, platform, _ = open_app({"game": "mojo", "seats": "human,human", "seed": "1", "speed": "instant"})
    first = app.current.cover
    assert first is not None and platform.scrolled_top == 1
    app.handle("ready", str(first))
    assert app.current.cover is None and platform.scrolled_top == 2
    for _ in range(20):  # the first player's turn, to its end
        app.current.play(app.match.legal(first)[0], first, confirmed=True)
        platform.run()
        if app.current.cover is not None:
            break
    assert app.current.cover == 1 - first and platform.scrolled_top == 3
