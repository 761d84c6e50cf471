"""Cross-device play: browsers that join one room through a Nostr relay and talk over WebRTC
(www/net.mjs, Trystero's nostr strategy bundled in www/vendor/net/), the room's QR code
(www/qr.mjs), and a normal start that loads none of it.

The browsers run in a network namespace of their own per test worker, with the site and a relay
(tests/netns.py: the `devices` fixture). The helpers below drive net.mjs in a page: open_room,
wait_event, events, send."""

import json
import os
import time
import uuid

import pytest

import netns
from conftest import BOOT_TIMEOUT, open_page, wait_app_lobby
from netns import devices, devices_session  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

APP_ID = "phophoboard-test"
WAIT = 30_000  # ms: joining takes about a second; this is only a safety net
NET_FILES = ("/www/net.mjs", "/www/qr.mjs", "/www/vendor/net/")

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
def table_link(devices, query):
    """A link that starts a table with friend seats on this worker's relay, with no STUN server."""
    return devices.site + "index.html?" + query + "&relays=" + devices.relay + "&stun=none&speed=instant"


def device_page(devices):
    page = devices.new_page(devices.new_context(snapshot=True))
    page.set_default_timeout(WAIT)
    return page


def invite(host, seat):
    """The invite link of `seat` on the host's page."""
    return host.get_attribute('[data-invite-seat="{}"]'.format(seat), "value")


def join_as(devices, link, name, page=None):
    guest = page or device_page(devices)
    open_page(guest, link)
    guest.fill("#join-name", name)
    guest.click("#join-form button[type=submit]")
    guest.wait_for_selector("#game .player.viewer", state="attached")
    return guest


def test_a_friend_joins_from_another_device_and_plays_the_number_to_the_end(devices):
    from test_browser_thenumber import write_number

    host = device_page(devices)
    open_page(host, table_link(devices, "game=thenumber&seats=human,friend&names=Ann&seed=3"))
    link = invite(host, 1)
    assert "#join=" in link and "&key=" in link
    assert "The game starts when every friend has joined." in host.inner_text("#app")
    guest = join_as(devices, link, "Lan")
    host.wait_for_selector(".friend.online")
    assert "Lan is connected." in host.inner_text(".room")
    assert guest.inner_text(".player.viewer h3").startswith("Lan")
    for _ in range(12):
        for page in (host, guest):
            page.wait_for_selector(".pad, html[data-over] #score-sheet", state="attached")
        if host.locator("html[data-over]").count():
            break
        for page in (host, guest):
            write_number(page)
    guest.wait_for_selector("html[data-over] #score-sheet", state="attached")
    assert host.inner_text("table.score-sheet") == guest.inner_text("table.score-sheet")
    for page in (host, guest):
        devices.check_page(page)
