"""Cross-device play: browsers that join one room through a Nostr relay and talk over WebRTC
(www/net.mjs, Trystero's nostr strategy bundled in www/vendor/net/), the room's QR code
(www/qr.mjs), and a normal start that loads none of it. Then the app's own pages, each a device
(a context of its own), as players see them: a whole game of every title (co-op and Spirit
Scrolls too) between a host and a friend, four devices at one table, a guest's and a host's
reload (and a host's tab closed and opened again), a guest that vanishes and a bot in its seat, a
guest's forged move and an edited invite refused, no relay, and the chat (the same scenarios as
tests/test_devices_app.py on CPython).

The browsers run in a network namespace of their own per test worker, with the site and a relay
(tests/netns.py: the `devices` fixture). The helpers below drive net.mjs in a page: open_room,
wait_event, events, send. The tests print what they measure (run with -s): how long a join takes,
a reload's way back, how soon a vanished device is seen gone, how soon "no relay" is said."""

import contextlib
import json
import os
import random
import time
import uuid

import pytest

import netns
from conftest import BOOT_TIMEOUT, click_and_wait_for_redraw, describe_page, open_page, wait_app_lobby
from netns import devices, devices_session  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

APP_ID = "phophoboard-test"
WAIT = 30_000  # ms: joining takes about a second; this is only a safety net
NET_FILES = ("/www/net.mjs", "/www/crypto.mjs", "/www/qr.mjs", "/www/vendor/net/")

# In the page: import net.mjs, open a room, keep every event in window.netEvents (with its time
# since openRoom was called, in ms) and the room in window.netRoom. Returns the page's peer id.
OPEN_ROOM = """async ([module, options]) => {
    const net = await import(module);
    window.netEvents = [];
    const start = performance.now();
    window.netRoom = await net.openRoom(options, (kind, peer, data) =>
        window.netEvents.push({kind, peer: peer ?? null, data: data ?? null, ms: performance.now() - start}));
    return window.netRoom.selfId;
}"""
# The first event of `kind` (and from `peer`, when given) after the first `skip` of them.
FIND_EVENT = """([kind, peer, skip]) => window.netEvents.filter(e => e.kind === kind && (peer === null || e.peer === peer))[skip] || null"""


def room_options(devices, room, secret="right", relays=None, **more):
    return dict(appId=APP_ID, room=room, secret=secret, relays=relays or [devices.relay], iceServers=[], **more)


def new_room_name():
    return "room-" + uuid.uuid4().hex[:12]


def open_room(page, devices, options, site=None):
    """Open a room in `page` (a page of the site's origin) with net.mjs; returns its peer id."""
    return page.evaluate(OPEN_ROOM, [(site or devices.site) + "www/net.mjs", options])


def wait_event(page, kind, peer=None, skip=0, timeout=WAIT):
    """The event {kind, peer, data, ms} once it has come (see FIND_EVENT)."""
    page.wait_for_function(FIND_EVENT, arg=[kind, peer, skip], timeout=timeout)
    return page.evaluate(FIND_EVENT, [kind, peer, skip])


def events(page, kind=None):
    return [e for e in page.evaluate("() => window.netEvents") if kind is None or e["kind"] == kind]


def send(page, text, peer=None):
    """Send `text` to `peer` (None: everyone in the room); True once sent."""
    return page.evaluate("([text, peer]) => window.netRoom.send(text, peer)", [text, peer])


def wait_console(pages, text, timeout=WAIT):
    """Until a console line of one of `pages` (made by Devices.new_page) holds `text`."""
    deadline = time.monotonic() + timeout / 1000
    while not any(text in line for page in pages for line in page.console_lines):
        assert time.monotonic() < deadline, "no console line with {!r}: {}".format(text, [p.console_lines[-10:] for p in pages])
        pages[0].wait_for_timeout(100)


def joined_pair(devices, **options):
    """Two pages in two contexts (separate storage) in one new room, each seen by the other:
    (page, peer id) twice."""
    room = new_room_name()
    pages = [devices.blank(devices.new_context()) for _ in range(2)]
    ids = [open_room(page, devices, room_options(devices, room, **options)) for page in pages]
    wait_event(pages[0], "join", ids[1])
    wait_event(pages[1], "join", ids[0])
    return (pages[0], ids[0]), (pages[1], ids[1])


# A long message (about 200 KB, a game's state at most): many of Trystero's 16 KB chunks, with
# characters of 1 to 4 bytes in UTF-8 across their borders, as JSON made by Python would be.
LONG_TEXT = json.dumps({"state": ["Hội Phố ☕ 𝄞 {}".format(i) for i in range(7000)]}, ensure_ascii=False)


def test_two_devices_talk_through_the_relay(devices):
    (a, a_id), (b, b_id) = joined_pair(devices)
    assert a_id != b_id
    assert send(a, "hello from a", b_id)
    assert wait_event(b, "message", a_id)["data"] == "hello from a"
    assert send(b, "hello from b")  # to everyone
    assert wait_event(a, "message", b_id)["data"] == "hello from b"
    assert len(LONG_TEXT.encode()) > 200_000
    assert send(a, LONG_TEXT, b_id)
    assert wait_event(b, "message", a_id, skip=1)["data"] == LONG_TEXT
    for page in (a, b):
        assert wait_event(page, "relays")["data"] == 1  # the one relay, connected
        devices.check_page(page)


def test_a_peer_that_leaves_is_seen_leaving(devices):
    (a, a_id), (b, b_id) = joined_pair(devices)
    b.evaluate("() => window.netRoom.close()")
    assert wait_event(a, "leave", b_id)["peer"] == b_id
    devices.check_page(a)


def test_a_relay_that_cannot_be_reached_is_reported(devices):
    page = devices.blank(devices.new_context())
    open_room(page, devices, room_options(devices, new_room_name(), relays=[devices.unreachable_relay]))
    assert wait_event(page, "relays", timeout=10_000)["data"] == 0
    assert events(page, "join") == []


def test_a_page_that_is_not_a_secure_context_is_told_so(devices):
    """Over http:// on a network address (not localhost) a browser gives no crypto.subtle, which
    Trystero needs: openRoom says so instead of failing later in the library."""
    page = devices.new_page(devices.new_context())
    site = "http://{}:{}/".format(devices.address, netns.SITE_PORT)
    page.goto(site + netns.BLANK.lstrip("/"))
    with pytest.raises(Exception, match="not a secure context"):
        open_room(page, devices, room_options(devices, new_room_name()), site)
    devices.check_page(page)


def test_a_wrong_secret_sees_nobody(devices):
    room = new_room_name()
    pages = [devices.blank(devices.new_context()) for _ in range(3)]
    a_id, b_id = [open_room(p, devices, room_options(devices, room)) for p in pages[:2]]
    wrong = pages[2]
    wrong_id = open_room(wrong, devices, room_options(devices, room, secret="wrong"))
    a, b = pages[:2]
    wait_event(a, "join", b_id)
    wait_event(b, "join", a_id)
    # The page with the wrong secret and one of the others exchanged an offer that the other one
    # could not read (which of them made it varies).
    wait_console(pages, "not admitted")
    assert send(a, "for the right secret only")
    assert wait_event(b, "message", a_id)["data"] == "for the right secret only"
    assert events(wrong, "join") == [] and events(wrong, "message") == []
    assert wrong_id not in [e["peer"] for e in events(a) + events(b)]


def test_two_app_pages_started_from_the_snapshot_talk(devices):
    """The app's own pages (started as a repeat visit: Devices.new_context(snapshot=True)) in the
    namespace, as the whole-game tests use them."""
    room = new_room_name()
    pages = [devices.new_page(devices.new_context(snapshot=True)) for _ in range(2)]
    for page in pages:
        page.set_default_timeout(BOOT_TIMEOUT)
        wait_app_lobby(open_page(page, devices.site))
        assert page.get_attribute("html", "data-start") == "snapshot"  # started from the seeded snapshot
    ids = [open_room(page, devices, room_options(devices, room)) for page in pages]
    wait_event(pages[0], "join", ids[1])
    assert send(pages[0], "from the app's page")
    assert wait_event(pages[1], "message", ids[0])["data"] == "from the app's page"
    for page in pages:
        devices.check_page(page)


# In the page: qrSvg's output for each text, and the first 11 rows x 11 columns of the first
# drawn at one pixel per module (1 = dark): the quiet zone and the top-left finder pattern.
QR = """async ([module, texts]) => {
    const {qrSvg} = await import(module);
    const svgs = texts.map(t => qrSvg(t));
    const root = new DOMParser().parseFromString(svgs[0], 'image/svg+xml').documentElement;
    const viewBox = root.getAttribute('viewBox');
    const size = Number(viewBox.split(' ')[2]);
    const image = new Image();
    image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svgs[0]);
    await image.decode();
    const canvas = new OffscreenCanvas(size, size);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, size, size);
    const pixels = context.getImageData(0, 0, size, size).data;
    const corner = [];
    for (let y = 0; y < 11; y++) {
        let row = '';
        for (let x = 0; x < 11; x++) row += pixels[(y * size + x) * 4] < 128 ? '1' : '0';
        corner.push(row);
    }
    return {svgs, tag: root.tagName, viewBox, width: root.getAttribute('width'), corner};
}"""
FINDER_CORNER = ["00000000000", "00000000000", "00000000000", "00000000000",
                 "00001111111", "00001000001", "00001011101", "00001011101", "00001011101", "00001000001", "00001111111"]


def test_the_qr_code_is_a_scalable_svg(devices):
    page = devices.blank(devices.new_context())
    link = "http://192.168.1.20:8000/?room=abc123&relays=ws://192.168.1.20:7447#Hội Phố"
    drawn = page.evaluate(QR, [devices.site + "www/qr.mjs", [link, link, link + "x"]])
    assert drawn["tag"] == "svg" and drawn["width"] is None
    size = int(drawn["viewBox"].split()[2])
    assert drawn["viewBox"] == "0 0 {0} {0}".format(size)
    assert size - 8 >= 21 and (size - 8 - 21) % 4 == 0  # a QR version's side, with 4 modules of quiet zone around
    assert drawn["corner"] == FINDER_CORNER
    assert drawn["svgs"][0] == drawn["svgs"][1]
    assert drawn["svgs"][0] != drawn["svgs"][2]
    devices.check_page(page)


# The normal start loads none of cross-device play's files (they come when a room is opened).
def net_requests(page):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    return requested


def test_a_start_loads_no_network_files(site, page):
    requested = net_requests(page)
    for _ in range(2):  # the second one as a player's next visit
        wait_app_lobby(open_page(page, site))
    assert any("/www/interpreter.mjs" in url for url in requested)  # the record works
    assert [url for url in requested if any(name in url for name in NET_FILES)] == []


@pytest.mark.first_visit
def test_a_first_visit_loads_no_network_files(site, page):
    requested = net_requests(page)
    open_page(page, site)
    page.wait_for_selector("html[data-snapshot=stored], html[data-snapshot=failed]", state="attached", timeout=240_000)
    assert any("/www/vendor/pyodide/" in url for url in requested)
    assert [url for url in requested if any(name in url for name in NET_FILES)] == []


def test_the_service_worker_does_not_precache_network_files():
    import shell  # tools/shell.py

    with open(os.path.join(shell.ROOT, "www", "vendor", "precache.json")) as f:
        listed = json.load(f) + shell.app_files()
    assert [url for url in listed if any(name.lstrip("/") in url for name in NET_FILES)] == []


# --- whole games between the app's pages ---------------------------------------------------------
# A host's page and its guests' pages, each in its own context (its own storage and peer), started
# as a repeat visit. A guest's page shows what the host sends: after a guest's move its page is
# behind the host's until the host's news comes back, so a page acts only when it shows as many
# moves as the host's (`#game[data-moves]`) and says it is its turn.
MY_TURN_JS = "((document.querySelector('#status') || {}).innerText || '').startsWith('Your turn')"
GAME_STATE = """() => ({
    over: document.documentElement.hasAttribute('data-over') && !!document.querySelector('#score-sheet'),
    moves: Number((document.querySelector('#game') || {dataset: {}}).dataset.moves ?? -1),
    turn: ((document.querySelector('#status') || {}).innerText || '').startsWith('Your turn'),
    thinking: !!document.querySelector('.thinking'),
    confirm: !!document.querySelector('#confirm-move'),
    sending: !!document.querySelector('#game[data-sending]'),
    status: ((document.querySelector('#status') || {}).innerText || '').slice(0, 160),
})"""


def table_link(devices, query, relay=None):
    """A link that starts a table with friend seats on this worker's relay, with no STUN server."""
    return devices.site + "index.html?" + query + "&relays=" + (relay or devices.relay) + "&stun=none&speed=instant"


def device_page(devices, context=None, **context_options):
    """A page of a new device (a context of its own, started as a repeat visit), or of `context`."""
    page = devices.new_page(context or devices.new_context(snapshot=True, **context_options))
    page.set_default_timeout(WAIT)
    return page


def invite(host, seat):
    """The invite link of `seat` on the host's page."""
    return host.get_attribute('[data-invite-seat="{}"]'.format(seat), "value")


@contextlib.contextmanager
def showing_on_failure(page, what):
    """A wait that fails says what the page showed and printed (a join that never ends, say)."""
    try:
        yield
    except Exception as error:
        raise AssertionError("waited in vain for {}: {}\n{}".format(what, error, describe_page(page))) from error


def join_as(devices, link, name, page=None):
    """A guest's page: the invite opened, the name typed, Join pressed, the table shown (in
    .join_seconds after Join was pressed)."""
    guest = page or device_page(devices)
    open_page(guest, link)
    guest.fill("#join-name", name)
    started = time.monotonic()
    guest.click("#join-form button[type=submit]")
    with showing_on_failure(guest, "the table on the guest's page"):
        guest.wait_for_selector("#game .player.viewer", state="attached")
    guest.join_seconds = time.monotonic() - started
    return guest


def host_table(devices, query, names=("Lan",)):
    """The host's page of a new table (`query`: its link's game, seats, seed...) and one guest's
    page per friend seat, joined with `names` in seat order; every friend connected."""
    host = device_page(devices)
    open_page(host, table_link(devices, query))
    # The invites are drawn once the host's key is made (WebCrypto answers later than the table).
    host.wait_for_selector("[data-invite-seat]", state="attached")
    seats = [int(s) for s in host.eval_on_selector_all("[data-invite-seat]", "els => els.map(e => e.dataset.inviteSeat)")]
    assert len(seats) == len(names), seats
    guests = [join_as(devices, invite(host, seat), name) for seat, name in zip(seats, names)]
    with showing_on_failure(host, "every friend online on the host's page"):
        host.wait_for_function("n => document.querySelectorAll('.room .friend.online').length === n", arg=len(guests))
    return host, guests


def game_state(page):
    return page.evaluate(GAME_STATE)


def moves(page):
    return game_state(page)["moves"]


def poll(page, condition, what, timeout=WAIT):
    """Until condition() (checked every 20 ms): for conditions over several pages."""
    deadline = time.monotonic() + timeout / 1000
    while not condition():
        if time.monotonic() >= deadline:  # what the polled page shows then (moves, sending, turn...)
            raise AssertionError("waited in vain for {}; that page then: {}".format(what, game_state(page)))
        page.wait_for_timeout(20)


def settled(page, host):
    """Whether `page` shows the host's game as the host's page does (the same number of moves)
    and has no move of its own on the way."""
    state = game_state(page)
    return not state["sending"] and state["moves"] == moves(host)


def caught_up(page, host):
    """Until `page` is settled with the host's game."""
    if page is not host:
        poll(page, lambda: settled(page, host), "the host's news on a guest's page")


def synced_click(host):
    """click_and_settle (as the single-device tests have it) for any device of `host`'s table:
    click, wait for the redraw, say yes to a warning, wait until the page has the host's news."""
    def click_and_settle(page, selector):
        click_and_wait_for_redraw(page, selector)
        # A guest's page says "Sending your move…" until the host answers (the warning, maybe).
        poll(page, lambda: not game_state(page)["sending"], "the host's answer")
        if page.locator("#confirm-move").count():
            click_and_settle(page, "#confirm-move [data-act=confirm-move]")
        caught_up(page, host)
    return click_and_settle


def next_to_act(host, pages):
    """The page whose seat acts now (it says so and is caught up with the host), or None once the
    game is over on the host's page."""
    found = []

    def someone():
        host_state = game_state(host)
        if host_state["over"]:
            return True
        if host_state["thinking"]:
            return False
        for page in pages:
            state = host_state if page is host else game_state(page)
            if state["turn"] and state["moves"] == host_state["moves"]:
                found.append(page)
                return True
        return False
    poll(host, someone, "a seat to act or the end", timeout=60_000)
    return found[0] if found else None


def play_across(host, guests, decide, limit, until=None):
    """Every device plays its seat by `decide(page)` when it acts, until the game is over (then
    every page shows the score sheet) or the host's page shows `until` moves. How many decisions
    each page made."""
    pages = [host] + guests
    made = [0] * len(pages)
    while until is None or moves(host) < until:
        page = next_to_act(host, pages)
        if page is None:
            break
        before, host_before = moves(page), moves(host)
        decide(page)
        # Until the host has the move and the page its news (a guest's page says "Sending your
        # move…" until the host answers: a decision of several moves, Flowers' take and place, is
        # answered whole only then).
        poll(page, lambda: (moves(page) != before and moves(host) > host_before and settled(page, host))
             or game_state(page)["confirm"], "the move to be played")
        made[pages.index(page)] += 1
        assert sum(made) < limit, "the game did not end within {} decisions".format(limit)
    if until is None:
        for page in pages:
            page.wait_for_selector("html[data-over] #score-sheet", state="attached")
    else:
        for page in guests:
            caught_up(page, host)
    return made


def same_score_sheet(host, guests):
    """Every device ends on the same score sheet; the table's text."""
    sheet = host.inner_text("table.score-sheet")
    assert "Total" in sheet or "Team score" in host.inner_text("#score-sheet")
    for guest in guests:
        assert guest.inner_text("table.score-sheet") == sheet
        assert moves(guest) == moves(host)
    return sheet


def test_a_friend_joins_from_another_device_and_plays_the_number_to_the_end(devices):
    from test_browser_thenumber import write_number

    host = device_page(devices)
    open_page(host, table_link(devices, "game=thenumber&seats=human,friend&names=Ann&seed=3"))
    link = invite(host, 1)
    assert "#join=" in link and "&key=" in link
    assert "The game starts when every friend has joined." in host.inner_text("#app")
    guest = join_as(devices, link, "Lan")
    print("the guest's table was shown {:.1f} s after Join was pressed".format(guest.join_seconds))
    host.wait_for_selector(".friend.online")
    assert "Lan is connected." in host.inner_text(".room")
    assert guest.inner_text(".player.viewer h3").startswith("Lan")
    made = play_across(host, [guest], write_number, limit=30)
    assert made[0] == made[1] >= 6
    same_score_sheet(host, [guest])
    for page in (host, guest):
        devices.check_page(page)


def plan_game(game_id, kinds, options, seed, level):
    """The whole game of `seed` with each person's seat (human or friend) played as the `level`
    bot would and the bots' seats as the app plays them (webui/app.py: as soon as they may, each
    decision seeded by the game's seed and the move number): [(seat, action)] in order, and the
    final scores."""
    from games import GAMES
    from tabletop import bots as botlib
    from tabletop.match import Match, make_seats

    game = GAMES[game_id]
    match = Match(game, make_seats(kinds), dict(options), seed)
    steps = []
    while not match.is_over():
        bots = [s for s in match.to_act() if match.is_bot(s)]
        seat = bots[0] if bots else match.to_act()[0]  # the app's bots move as soon as they may
        rng = random.Random(match.seed * 1_000_003 + len(match.history))
        chooser = kinds[seat] if kinds[seat] in botlib.LEVELS else level
        action = botlib.choose(game, chooser, match.view(seat), seat, match.legal(seat), rng)
        match.play(seat, action)
        steps.append((seat, action))
    return steps, match.result().get("scores")


def click_move(host):
    """Click the button of a planned move (data-act=play, data-arg=the action) on a device of
    `host`'s table, once it is drawn; see synced_click."""
    click = synced_click(host)

    def play(page, action):
        selector = "button[data-act='play'][data-arg='{}']".format(action)
        page.wait_for_selector(selector)
        click(page, selector)
    return play


def click_phopho_move(host):
    """Phở Phở's selection is made on the hand's cards (a card of the move's type); every other
    move has its button."""
    from games.phopho.data import CARD_TYPE

    click, button = synced_click(host), click_move(host)

    def play(page, action):
        verb, _, kind = action.partition(":")
        if verb not in ("pick", "mark"):
            return button(page, action)
        page.wait_for_selector(".pp-card.legal")
        cards = page.eval_on_selector_all(".pp-card.legal", "els => els.map(e => e.dataset.arg)")
        card = next(c for c in cards if CARD_TYPE[c] == kind)
        click(page, ".pp-card.legal[data-arg='{}']".format(card))
    return play


def play_plan(host, devices_by_seat, steps, clicker=click_move):
    """Click each person's planned move on its own device's page, in order (the host's bots play
    theirs); every page ends on the score sheet."""
    play = clicker(host)
    for n, (seat, action) in enumerate(steps):
        page = devices_by_seat.get(seat)
        if page is None:
            continue  # a bot's move, made on the host's device
        poll(host, lambda: moves(host) == n, "move {} on the host's page".format(n))
        caught_up(page, host)
        play(page, action)
    for page in set(devices_by_seat.values()) | {host}:
        page.wait_for_selector("html[data-over] #score-sheet", state="attached")
    assert moves(host) == len(steps)


def sheet_totals(page):
    return [int(v) for v in page.locator("table.score-sheet tbody tr").last.locator("td").all_inner_texts()]


# Whole games of every title across two devices: the host's seat (Ann) and a friend's (Lan), bots
# in the other seats where the game needs more players. Each person's moves are planned on CPython
# (as a bot of `level` would play that seat) and clicked on that person's own device. Each seed
# gives about the shortest game of seeds 1-100 (searched on CPython: the app's bots play the same).
# The Number and Flowers are played by their own drivers below.
PLANNED = {  # title: (game, seats, options, seed, level)
    "phopho": ("phopho", ["human", "friend"], {}, 46, "hard"),
    "hoipho": ("hoipho", ["human", "friend", "easy"], {}, 11, "hard"),
    "mojo": ("mojo", ["human", "friend"], {}, 85, "hard"),
    "coffeerush": ("coffeerush", ["human", "friend"], {}, 64, "easy"),
    "stemandbranch": ("stemandbranch", ["human", "friend"], {"tiebreak_year": "2026"}, 88, "easy"),
    "stemandbranch-coop": ("stemandbranch", ["friend", "human"], {"mode": "coop"}, 38, "easy"),
    # The shortest game of seeds 1-60 where both seats activate a Spirit Scroll.
    "stemandbranch-scrolls": ("stemandbranch", ["human", "friend"], {"scrolls": "1", "tiebreak_year": "2026"}, 21, "easy"),
}
# What each device's log must tell of a title's game, beyond its end.
LOG_SAYS = {"stemandbranch-scrolls": ("Ann claims the", "Ann activates the", "Lan claims the", "Lan activates the")}
CLICKERS = {"phopho": click_phopho_move}


@pytest.mark.parametrize("title", list(PLANNED))
def test_a_whole_game_across_two_devices(devices, title):
    game_id, kinds, options, seed, level = PLANNED[title]
    steps, scores = plan_game(game_id, kinds, options, seed, level)
    names = ",".join("Ann" if kind == "human" else "" for kind in kinds)
    query = "game={}&seats={}&names={}&seed={}{}".format(
        game_id, ",".join(kinds), names, seed, "".join("&{}={}".format(*option) for option in options.items()))
    host, guests = host_table(devices, query)
    by_seat = {kinds.index("human"): host, kinds.index("friend"): guests[0]}
    play_plan(host, by_seat, steps, CLICKERS.get(title, click_move))
    same_score_sheet(host, guests)
    if scores is not None:
        assert sheet_totals(host) == scores  # the game planned on CPython, to its end
    for page in (host, guests[0]):
        log = page.inner_text(".log")
        assert all(line in log for line in LOG_SAYS.get(title, ())), log
        devices.check_page(page)


def test_flowers_across_two_devices(devices):
    """Flowers by its own gestures on each device: take from a stack, aim at a place (the host
    says whether it may go there), place it."""
    host, guests = host_table(devices, "game=flowers&seats=human,friend&names=Ann&seed=3")
    click = synced_click(host)

    def turn(page):
        click(page, ".flowers-stack button.legal")
        click(page, ".flowers-garden-panel .legal")
        # On a guest's page the aim shows when the host's answer comes (after the click's redraw).
        page.wait_for_selector(".flowers-cell.aimed .flowers-ghost")
        assert page.locator(".flowers-cell.aimed .flowers-ghost").count() == 1
        click(page, ".flowers-cell.aimed")
    made = play_across(host, guests, turn, limit=200)
    assert made[0] >= 10 and made[1] >= 10
    same_score_sheet(host, guests)
    assert host.locator(".flowers-scored").count() == 2 and guests[0].locator(".flowers-scored").count() == 2


def test_four_devices_play_the_number_to_the_end(devices):
    from test_browser_thenumber import write_number

    names = ("Lan", "Minh", "Hoa")
    host, guests = host_table(devices, "game=thenumber&seats=human,friend,friend,friend&names=Ann&seed=3", names)
    assert host.locator(".room .friend.online").all_inner_texts() == ["{} is connected.".format(n) for n in names]
    for guest, name in zip(guests, names):
        assert guest.inner_text(".player.viewer h3").startswith(name)
    made = play_across(host, guests, write_number, limit=60)
    assert len(set(made)) == 1 and made[0] >= 6  # each wrote every turn
    sheet = same_score_sheet(host, guests)
    assert all(name in sheet for name in ("Ann",) + names)
    for page in [host] + guests:
        devices.check_page(page)


def the_number_for_two(devices):
    """The Number between Ann's device and Lan's, one turn played."""
    from test_browser_thenumber import write_number

    host, guests = host_table(devices, "game=thenumber&seats=human,friend&names=Ann&seed=3")
    play_across(host, guests, write_number, limit=10, until=2)
    return host, guests[0], write_number


# In a guest's page: keep in window.offlineSaid the line saying the host's device is not
# connected, once it shows (a render that the next one may replace at once).
WATCH_OFFLINE = """() => {
    window.offlineSaid = null;
    new MutationObserver(() => {
        const line = document.querySelector('.room-status.offline');
        if (line) window.offlineSaid = line.innerText;
    }).observe(document.body, {childList: true, subtree: true});
}"""


def both_connected(host, guest):
    """Until the host's page says the guest is connected and the guest's page no longer says the
    host is not; the seconds it took."""
    started = time.monotonic()
    host.wait_for_function("document.querySelector('.room .friend.online')?.innerText === 'Lan is connected.'")
    guest.wait_for_selector(".room-status.offline", state="detached")
    caught_up(guest, host)
    return time.monotonic() - started


def test_a_guest_reloads_mid_game_and_is_back_in_its_seat(devices):
    host, guest, write_number = the_number_for_two(devices)
    before = moves(host)
    assert before == 2
    started = time.monotonic()
    guest.reload()
    guest.wait_for_selector("#game .player.viewer", state="attached")  # no name to type again
    assert guest.locator("#join-form").count() == 0
    assert guest.inner_text(".player.viewer h3").startswith("Lan")
    assert moves(guest) == before
    both_connected(host, guest)
    print("the guest's page was back at its seat {:.1f} s after its reload began".format(time.monotonic() - started))
    play_across(host, [guest], write_number, limit=10, until=before + 4)  # two turns more
    for page in (host, guest):
        devices.check_page(page)


def test_the_host_reloads_mid_game_and_the_guest_comes_back_by_itself(devices):
    """A reload (the page says goodbye: the guest sees it go at once), then the host's tab closed
    and the game opened again from its address on the same device (no goodbye: the guest sees
    the old page go only about 10 s later, after the new one joined the room)."""
    host, guest, write_number = the_number_for_two(devices)
    address = host.url
    assert "save=" in address and "game=" not in address  # the address of the saved game
    for way in ("reload", "closed tab"):
        before = moves(host)
        guest.evaluate(WATCH_OFFLINE)
        started = time.monotonic()
        if way == "reload":
            host.reload()
        else:
            context = host.context
            host.close()
            host = device_page(devices, context=context)
            open_page(host, address)
        host.wait_for_selector("#game", state="attached")
        assert moves(host) == before
        if way == "closed tab":  # the host's page is back before the guest's page sees the old one go
            host.wait_for_selector(".room .friend.offline >> text=Lan is not connected.")
        both_connected(host, guest)
        print("after the host's {}, the guest was back in {:.1f} s".format(way, time.monotonic() - started))
        # The guest's page said it had lost the host (if only for a moment: it came back by itself).
        assert guest.evaluate("window.offlineSaid") == "Ann is not connected: waiting for their device…"
        assert moves(guest) == before
        play_across(host, [guest], write_number, limit=10, until=before + 2)  # a turn more
    play_across(host, [guest], write_number, limit=40)
    same_score_sheet(host, [guest])
    for page in (host, guest):
        devices.check_page(page)


def test_a_guest_that_vanishes_is_seen_gone_and_a_bot_takes_its_seat(devices):
    host, guest, write_number = the_number_for_two(devices)
    started = time.monotonic()
    guest.context.close()  # the phone is switched off: nothing is said to the host
    host.wait_for_selector(".room .friend.offline", timeout=60_000)
    print("the host saw the guest gone after {:.1f} s".format(time.monotonic() - started))
    assert "Lan is not connected." in host.inner_text(".room .friend.offline")
    assert "not connected" in host.inner_text(".player[data-seat='1']")
    host.click("button[data-act='room-bot'][data-arg='1']")
    host.wait_for_selector(".room .friend.offline >> text=a bot plays for them")
    made = play_across(host, [], write_number, limit=40)
    assert made[0] >= 5
    assert "Game over" in host.inner_text("#status")
    devices.check_page(host)


def test_a_guests_move_is_said_on_its_way_until_the_host_answers(devices):
    """Board Game Arena's "move in progress". The host's page is held (paused in the debugger,
    as a busy phone would be) while the guest writes: the guest's page says its move is being
    sent and offers no key to press, and a second tap sends nothing more. Once the host's page
    runs again, the move is played once, and the guest's page shows it."""
    host, guest, write_number = the_number_for_two(devices)
    before = moves(host)
    guest.wait_for_selector(".pad")
    for digit in guest.locator(".key.legal").all_inner_texts()[-1] * 3:
        guest.click(".key[data-arg='{}']".format(digit))
    written = guest.get_attribute("button.write", "data-arg")
    debugger = host.context.new_cdp_session(host)
    debugger.send("Debugger.enable")
    debugger.send("Debugger.pause")  # the host's page stops at its next line: the guest's message
    try:
        click_and_wait_for_redraw(guest, "button.write")
        guest.wait_for_selector("#game[data-sending]", state="attached")
        assert guest.inner_text("#status") == "Sending your move to Ann…"
        assert guest.locator(".key.legal, button.write").count() == 0
        guest.evaluate("""arg => {
            const b = document.createElement('button');
            b.type = 'button'; b.dataset.act = 'play'; b.dataset.arg = arg; b.id = 'again'; b.textContent = 'again';
            document.querySelector('#status').after(b);
        }""", written)
        guest.dispatch_event("#again", "click")  # the same move again: a double tap (handled at once)
        assert game_state(guest)["sending"] and moves(guest) == before
    finally:
        debugger.send("Debugger.resume")
        debugger.send("Debugger.disable")
    caught_up(guest, host)
    assert moves(host) == moves(guest) == before + 1
    assert "Your turn" not in guest.inner_text("#status")
    # The host's next move comes after any answer to a second send: the guest has none to show.
    write_number(host)
    caught_up(guest, host)
    assert guest.locator(".notice").count() == 0, guest.inner_text(".notice")
    assert moves(host) == before + 2
    play_across(host, [guest], write_number, limit=40)
    same_score_sheet(host, [guest])


def test_a_guest_cannot_play_for_another_seat(devices):
    """The protocol has no seat in a move: a guest's move is its own seat's. A forged button on
    the guest's page for the host's move, at the host's turn, goes to the host, which refuses it
    with the engine's reason; the host's game does not change. An invite link edited to name the
    host's seat is refused too."""
    host, (guest,) = host_table(devices, "game=stemandbranch&seats=human,friend&names=Ann&seed=88")
    host.wait_for_function(MY_TURN_JS)
    mine = host.eval_on_selector_all("button[data-act='play']", "els => els.map(e => e.dataset.arg)")
    caught_up(guest, host)
    before, host_status = moves(host), host.inner_text("#status")
    theirs = guest.eval_on_selector_all("button[data-act='play']", "els => els.map(e => e.dataset.arg)")
    forged = [a for a in mine if a not in theirs][0]
    guest.evaluate("""arg => {
        const b = document.createElement('button');
        b.type = 'button'; b.dataset.act = 'play'; b.dataset.arg = arg; b.id = 'forged'; b.textContent = 'forged';
        document.querySelector('#status').after(b);
    }""", forged)
    guest.dispatch_event("#forged", "click")
    guest.wait_for_selector(".notice >> text=It is not your turn")
    assert "It is not your turn: wait for the player whose turn it is." in guest.inner_text(".notice")
    assert moves(host) == before and moves(guest) == before
    assert host.inner_text("#status") == host_status
    assert host.locator(".notice").count() == 0
    click_move(host)(host, forged)  # the move is the host's to make
    caught_up(guest, host)
    assert moves(guest) == before + 1
    # A link edited to claim the host's seat: the host refuses the seat.
    link = invite(host, 1) if host.locator("[data-invite-seat]").count() else None
    assert link is None  # the friend's seat is taken: no invite shown any more
    stolen = guest.url.replace("&seat=1", "&seat=0")
    assert stolen != guest.url
    thief = device_page(devices)
    open_page(thief, stolen)
    thief.fill("#join-name", "Mallory")
    thief.click("#join-form button[type=submit]")
    thief.wait_for_selector("#join .notice")
    assert "That seat is not open to a friend at this table." in thief.inner_text("#join .notice")
    assert "Mallory" not in host.inner_text("#game")
    for page in (host, guest, thief):
        devices.check_page(page)


def test_no_relay_is_said_on_both_devices_and_the_host_starts_with_bots(devices):
    """With the only relay unreachable each device says so within 10 s of opening its room (the
    host's page when it opens, the guest's when its name is given), with a Try again button."""
    host = device_page(devices)
    open_page(host, table_link(devices, "game=thenumber&seats=human,friend&names=Ann&seed=3", relay=devices.unreachable_relay))
    opened = {host: time.monotonic()}
    link = invite(host, 1)
    assert "relays=" + devices.unreachable_relay in link
    guest = device_page(devices)
    open_page(guest, link)
    guest.fill("#join-name", "Lan")
    guest.click("#join-form button[type=submit]")
    opened[guest] = time.monotonic()
    guest.wait_for_selector("#join .joining")
    for page, name in ((host, "host"), (guest, "guest")):
        left = 10_000 - (time.monotonic() - opened[page]) * 1000
        page.wait_for_selector(".room-status.norelay", timeout=max(left, 1))
        print("the {} said no relay after {:.1f} s".format(name, time.monotonic() - opened[page]))
        assert "No relay could be reached" in page.inner_text(".room-status.norelay")
        assert page.locator(".room-status.norelay button[data-act='room-retry']").inner_text() == "Try again"
    guest.click("button[data-act='room-retry']")  # tries again (the line goes), and says so again
    guest.wait_for_selector(".room-status.norelay", state="detached")
    host.click("button[data-act='room-start']")
    host.wait_for_selector(".pad")
    assert "The game starts when" not in host.inner_text("#game")
    from test_browser_thenumber import write_number

    write_number(host)
    host.wait_for_function("Number(document.querySelector('#game').dataset.moves) >= 2")  # the bot writes too
    guest.wait_for_selector(".room-status.norelay", timeout=10_000)
    for page in (host, guest):
        devices.check_page(page)


def test_a_chat_line_goes_from_one_device_to_the_other_as_text(devices):
    host, (guest,) = host_table(devices, "game=thenumber&seats=human,friend&names=Ann&seed=3")
    guest.click(".chat summary")  # the chat opens
    guest.fill("#chat-form input[name=chat]", "<b>hi</b>   & <img src=x onerror=alert(1)> there")
    guest.click("#chat-form button[type=submit]")
    host.wait_for_selector(".chat-lines li")
    assert host.inner_text(".chat-lines li") == "Lan <b>hi</b> & <img src=x onerror=alert(1)> there"
    assert host.locator(".chat-lines li b").count() == 1 and host.locator(".chat-lines img").count() == 0  # only the name is bold
    assert host.locator(".chat[open]").count() == 1  # opened by the first line
    host.fill("#chat-form input[name=chat]", "Xin chào Lan!")
    host.click("#chat-form button[type=submit]")
    guest.wait_for_function("document.querySelectorAll('.chat-lines li').length === 2")
    assert guest.locator(".chat-lines li").all_inner_texts() == host.locator(".chat-lines li").all_inner_texts()
    assert guest.locator(".chat-lines li").last.inner_text() == "Ann Xin chào Lan!"

    # A line half typed survives a friend's line arriving (a redraw replaces every element): its
    # text, its caret and the focus stay, so the typing goes on. A chat the player closed stays closed.
    guest.click("#chat-form input[name=chat]")
    guest.keyboard.type("Half a li")
    host.fill("#chat-form input[name=chat]", "Ready?")
    host.click("#chat-form button[type=submit]")
    guest.wait_for_function("document.querySelectorAll('.chat-lines li').length === 3")
    host.click(".chat summary")  # the host closes its chat
    assert guest.eval_on_selector("#chat-form input[name=chat]", "el => [el.value, el === document.activeElement]") == ["Half a li", True]
    guest.keyboard.type("ne")
    guest.keyboard.press("Enter")
    host.wait_for_function("document.querySelectorAll('.chat-lines li').length === 4")
    assert host.locator(".chat-lines li").last.text_content() == "Lan Half a line"  # in the closed chat
    assert host.locator(".chat[open]").count() == 0 and host.inner_text(".chat summary") == "Chat (4)"
    assert guest.locator(".chat[open]").count() == 1 and guest.input_value("#chat-form input[name=chat]") == ""

    # The host's line arrives while the guest holds Send pressed: the guest's page draws it only
    # at the release (html[data-held] meanwhile), so the press and the release fall on one button
    # and the click sends. Before, the redraw put a new button under the pointer and no click came.
    guest.fill("#chat-form input[name=chat]", "Pressed")
    guest.hover("#chat-form button[type=submit]")
    guest.mouse.down()
    host.click(".chat summary")
    host.fill("#chat-form input[name=chat]", "Mid-press")
    host.click("#chat-form button[type=submit]")
    guest.wait_for_selector("html[data-held]", state="attached")
    assert guest.locator(".chat-lines li").count() == 4  # the news waits for the release
    guest.mouse.up()
    host.wait_for_function("document.querySelectorAll('.chat-lines li').length === 6")
    guest.wait_for_function("document.querySelectorAll('.chat-lines li').length === 6")
    assert host.locator(".chat-lines li").all_inner_texts()[4:] == ["Ann Mid-press", "Lan Pressed"]
    assert guest.locator("html[data-held]").count() == 0
    for page in (host, guest):
        devices.check_page(page)


# --- a third device that holds the room's secret (issue 35) ------------------------------------
# Eve's page runs no app: net.mjs in the room of an invite, and www/crypto.mjs to forge proofs with
# a key of her own. What her page receives is what a friend reading the console would see.
EVE_PROOFS = """async ([module, room]) => {
    const crypto = await import(module);
    const own = JSON.parse(await crypto.signingKey());
    let forged = 0;
    for (const e of window.netEvents.filter(e => e.kind === 'message')) {
        const ask = JSON.parse(e.data);
        if (ask.t !== 'ask') continue;
        const dh = JSON.parse(await crypto.exchangeKey()).public;
        const said = ['banchoi-table/' + ask.v, room, ask.nonce, ask.dh, dh].join('\\n');
        const sig = await crypto.sign(own.private, said);
        await window.netRoom.send(JSON.stringify({t: 'proof', v: ask.v, nonce: ask.nonce, dh, sig}), e.peer);
        forged++;
    }
    return forged;
}"""
# In a guest's page: every message its WebRTC data channels receive, as it arrives (Trystero's
# chunks, bytes read as Latin-1), in window.__tap: what reached the device, before any code of ours.
TAP_DATA_CHANNELS = """
window.__tap = [];
if (window.RTCDataChannel) {
  const keep = (d) => {
    if (typeof d === 'string') window.__tap.push(d);
    else if (d && d.byteLength !== undefined) window.__tap.push(new TextDecoder('latin1').decode(d));
  };
  const proto = RTCDataChannel.prototype, own = Object.getOwnPropertyDescriptor(proto, 'onmessage');
  Object.defineProperty(proto, 'onmessage', {
    configurable: true, enumerable: own.enumerable,
    get() { return this.__tapped ?? null; },
    set(handler) {
      this.__tapped = handler;
      own.set.call(this, typeof handler === 'function' ? function (e) { keep(e.data); return handler.call(this, e); } : handler);
    },
  });
}
"""


def tapped_device(devices):
    context = devices.new_context(snapshot=True)
    context.add_init_script(TAP_DATA_CHANNELS)
    return device_page(devices, context=context)


EVE_SAYS = [
    {"t": "welcome", "seat": 1, "game": "mojo", "options": {}, "host": "Eve"},
    {"t": "refused", "reason": "Eve says no"},
    {"t": "refused"},
    {"t": "hello", "v": 3, "seat": 2, "key": "guess", "token": "eve-device-token", "name": "Eve"},
    {"t": "box", "s": "0" * 32, "n": 0, "c": "AAAA"},
]


def fragment(link):
    return dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&"))


def test_a_third_device_with_the_rooms_secret_takes_nothing_and_shows_nothing(devices):
    from test_browser_thenumber import write_number

    host = device_page(devices)
    open_page(host, table_link(devices, "game=thenumber&seats=human,friend,friend&names=Ann&seed=3"))
    lan_link, minh_link = invite(host, 1), invite(host, 2)
    lan = join_as(devices, lan_link, "Lan", page=tapped_device(devices))
    room = fragment(minh_link)
    eve = devices.blank(devices.new_context())
    open_room(eve, devices, dict(room_options(devices, room["join"], secret=room["key"]), appId="banchoi-table-1"))
    wait_event(eve, "join", skip=1)  # she sees the host's device and Lan's
    # Eve, in the clear: a welcome, refusals, a hello with a guessed seat key, a box of her own
    for message in EVE_SAYS:
        send(eve, json.dumps(message))
    peek = device_page(devices)  # the invite with a language added at its end, after the "#"
    open_page(peek, minh_link + "&lang=vi")
    assert peek.evaluate("document.documentElement.lang") == "vi" and "Tên của bạn" in peek.inner_text("#join")
    peek.close()
    minh = join_as(devices, minh_link, "Minh", page=tapped_device(devices))
    # (Minh's page asks every peer it sees until one proves it is the host: Eve gets an ask only if
    # Minh saw her before the host's proof came, so nothing is awaited here; the reload below is
    # where every guest asks her)
    host.wait_for_function("() => document.querySelectorAll('.room .friend.online').length === 2")
    play_across(host, [lan, minh], write_number, limit=20, until=3)
    # The host's page reloads: the guests ask everyone, Eve answers each ask with a proof signed by
    # her own key, and talks again; both guests come back to the real host all the same.
    lan.evaluate(WATCH_OFFLINE)
    seen = len(events(eve, "message"))
    host.reload()
    wait_event(eve, "message", skip=seen)
    assert eve.evaluate(EVE_PROOFS, [devices.site + "www/crypto.mjs", room["join"]]) >= 1
    for message in EVE_SAYS:
        send(eve, json.dumps(message))
    host.wait_for_selector("#game", state="attached")
    host.wait_for_function("() => document.querySelectorAll('.room .friend.online').length === 2")
    play_across(host, [lan, minh], write_number, limit=40)
    same_score_sheet(host, [lan, minh])
    # What reached Eve's page: the guests' asks and nothing else (no proof was asked of the host by
    # her, no box was sealed for her); no seat key, no device token, no hand.
    got = [json.loads(e["data"]) for e in events(eve, "message")]
    assert got and {m["t"] for m in got} == {"ask"}, {m["t"] for m in got}
    everything = json.dumps(got)
    for link in (lan_link, minh_link):
        assert fragment(link)["sk"] not in everything
    tokens = {}
    for page in (lan, minh):
        tokens[page] = page.evaluate("() => Object.entries(localStorage).filter(([k]) => k.includes('seat-')).map(([, v]) => JSON.parse(v))")
        assert tokens[page] and all(t not in everything for t in tokens[page])
    # What reached each guest's data channels: nothing of the other guest's secrets, and no
    # message of the game in the clear (a state names a "view"; only sealed boxes carry one).
    for page, other, other_link in ((lan, minh, minh_link), (minh, lan, lan_link)):
        received = "".join(page.evaluate("window.__tap"))
        assert '"t":"box"' in received and '"t":"ask"' in received
        assert fragment(other_link)["sk"] not in received and all(t not in received for t in tokens[other])
        # (the app writes compact JSON; Eve's clear messages, json.dumps's, have spaces)
        assert '"view"' not in received and '"t":"welcome"' not in received and '"t":"state"' not in received
    for page in (lan, minh):
        assert "Eve" not in page.inner_text("body") and "Mojo" not in page.inner_text("body")
    assert "Eve" not in host.inner_text("body")
    for page in (host, lan, minh):
        devices.check_page(page)
        # a reload and a drop are ordinary: no error on the console of any device
        assert [line for line in page.console_lines if line.startswith("error:")] == []


def test_a_join_while_the_host_is_away_says_so_then_ends_at_the_table(devices):
    """The host's tab is closed just before a friend joins: the friend's page says what it waits
    for and offers Try again (after room.JOIN_WAIT seconds), keeps asking, and is at the table
    within seconds of the host's page coming back."""
    from webui.room import JOIN_WAIT

    host = device_page(devices)
    open_page(host, table_link(devices, "game=thenumber&seats=human,friend&names=Ann&seed=3"))
    link, address, context = invite(host, 1), host.url, host.context
    host.close()  # no goodbye: the friend's page never sees the host
    guest = device_page(devices)
    open_page(guest, link)
    guest.fill("#join-name", "Lan")
    started = time.monotonic()
    guest.click("#join-form button[type=submit]")
    guest.wait_for_selector("#join .joining")
    guest.wait_for_selector("#join [data-act=room-retry]", timeout=(JOIN_WAIT + 15) * 1000)
    waited = time.monotonic() - started
    assert "Ann's device has not answered for a while" in guest.inner_text("#join")
    assert JOIN_WAIT - 1 <= waited <= JOIN_WAIT + 10, waited
    guest.click("#join [data-act=room-retry]")  # Try again: the page goes on asking
    guest.wait_for_selector("#join .joining")
    host = device_page(devices, context=context)
    open_page(host, address)
    back = time.monotonic()
    guest.wait_for_selector("#game .player.viewer", state="attached")
    print("the host's page was back; the friend at the table {:.1f} s later".format(time.monotonic() - back))
    host.wait_for_selector(".room .friend.online")
    for page in (host, guest):
        devices.check_page(page)
