"""Start-up snapshots (issue 7): every visit after the first restores an interpreter that
already imported the app; anything doubtful about a snapshot means the normal start."""

import pytest

from conftest import open_page
from headless import start_server
from test_browser_thenumber import wait_turn_or_end, write_number

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]
GAME = "?game=thenumber&seats=human,easy,normal&seed=31&speed=instant"
STORED_KEYS = "async () => (await (await caches.open('banchoi-snapshots')).keys()).map(r => r.url)"


def start_path(page):
    return page.get_attribute("html", "data-start"), page.get_attribute("html", "data-start-note")


def first_visit(page, url):
    open_page(page, url)
    assert start_path(page) == ("normal", "no snapshot yet")
    page.wait_for_selector("html[data-snapshot='stored']", state="attached", timeout=120_000)
    keys = page.evaluate(STORED_KEYS)
    assert len(keys) == 1 and "/__snapshot__/format-4/pyodide-314.0.8/app-" in keys[0]
    return keys[0]


def test_second_visit_starts_from_the_snapshot_and_plays_a_game(page, site):
    key = first_visit(page, site)
    # Stored without its zero pages (snapshot-format.mjs): well under the memory it restores.
    sizes = page.evaluate("""async (key) => {
        const stored = await (await caches.open('banchoi-snapshots')).match(key);
        return [Number(stored.headers.get('x-size')), Number(stored.headers.get('x-memory-size'))];
    }""", key)
    assert 0 < sizes[0] < 0.8 * sizes[1]
    open_page(page, site + GAME)
    assert start_path(page) == ("snapshot", None)
    # The read index.html's head began is the one restored (its key is the module's own).
    assert page.evaluate("window.__earlyStart.snapshot.key") == key
    while not wait_turn_or_end(page):
        write_number(page)
        page.wait_for_function("!document.querySelector('.pad') || document.querySelector('.reveal')")
    assert page.locator("table.score-sheet tbody tr:last-child th").inner_text() == "Total"
    # A restored interpreter must not replay the same "random" draws: new games get new seeds.
    page.goto(site + "?game=thenumber&seats=human,easy")
    page.wait_for_selector(".pad")
    other = page.context.new_page()
    open_page(other, site + "?game=thenumber&seats=human,easy")
    other.wait_for_selector(".pad")
    saves = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('tabletop.save.')).map(k => JSON.parse(localStorage[k]).seed)")
    assert len(set(saves)) == len(saves) == 3


def test_a_snapshot_of_another_app_version_is_ignored_and_removed(page, site):
    key = first_visit(page, site)
    other = key.replace("/app-", "/app-0000")
    page.evaluate("""async ([key, other]) => {
        const cache = await caches.open('banchoi-snapshots');
        await cache.put(other, await cache.match(key));
        await cache.delete(key);
    }""", [key, other])
    open_page(page, site + GAME)
    assert start_path(page) == ("normal", "another version's snapshot was removed")
    assert other not in page.evaluate(STORED_KEYS)
    write_number(page)
    page.wait_for_selector(".reveal.latest")


@pytest.mark.parametrize("damage,note", [
    ("bytes", "a damaged snapshot was discarded"),  # a byte in each 4 KiB changed: the checksum says so
    ("bit", "a damaged snapshot was discarded"),  # one bit flipped, in the middle of the memory
    ("truncated", "a damaged snapshot was discarded"),  # shorter than its recorded size
    ("garbage", "a snapshot that did not load was discarded"),  # intact checksum, bytes Pyodide refuses
], ids=["corrupted", "bit-flip", "truncated", "unloadable"])
def test_a_bad_snapshot_is_discarded_and_the_game_still_plays(page, site, damage, note):
    key = first_visit(page, site)
    page.evaluate("""async ([key, damage]) => {
        const cache = await caches.open('banchoi-snapshots');
        const old = await cache.match(key);
        let bytes = new Uint8Array(await old.arrayBuffer());
        let sum = old.headers.get('x-checksum');
        if (damage === 'truncated') {
            bytes = bytes.slice(0, bytes.length >> 1);
        } else if (damage === 'bytes') {
            for (let i = 1000; i < bytes.length; i += 4096) bytes[i] ^= 0xff;
        } else if (damage === 'bit') {
            bytes[bytes.length >> 1] ^= 0x10;
        } else {
            // The memory's first page (after the run table, snapshot-format.mjs) made garbage.
            const runs = new DataView(bytes.buffer).getUint32(4, true);
            bytes.fill(7, 8 + runs * 8, 8 + runs * 8 + 4096);
            sum = (await import('./www/snapshot-format.mjs')).checksum(bytes);
        }
        const headers = Object.fromEntries(old.headers);
        await cache.put(key, new Response(bytes, {headers: {...headers, 'x-checksum': sum}}));
    }""", [key, damage])
    open_page(page, site + GAME)
    assert start_path(page) == ("normal", note)
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    page.wait_for_selector("html[data-snapshot='stored']", state="attached", timeout=120_000)  # made again
    open_page(page, site)
    assert start_path(page) == ("snapshot", None)


def test_denied_storage_starts_the_normal_way(page, site, tmp_path):
    (tmp_path / "post.html").write_text('<iframe id="game" src="{}{}&embed=1" width="900" height="700"></iframe>'.format(site, GAME))
    server, host = start_server(root=str(tmp_path))
    try:
        page.goto(host.replace("127.0.0.1", "localhost") + "post.html")
        frame = page.frame_locator("#game")
        frame.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        root = frame.locator("html")
        assert root.get_attribute("data-start") == "normal"
        assert root.get_attribute("data-start-note") in ("storage is denied here", "this page has no Cache Storage")
        frame.locator(".key[data-arg='4']").click()
        for _ in range(2):
            frame.locator(".key[data-arg='4']").click()
        frame.locator("button.write").click()
        frame.locator(".reveal.latest").wait_for()
    finally:
        server.shutdown()


def test_a_snapshot_read_that_stalls_midway_falls_back_to_the_normal_start(page, site):
    # The watchdog: the snapshot's body starts streaming, then stops for good (a wedged disk
    # cache). The page gives up on it after its time limit and starts the normal way.
    first_visit(page, site)
    page.add_init_script("""(() => {
        const read = Response.prototype.arrayBuffer;
        Response.prototype.arrayBuffer = function () {
            if (!this.headers.has('x-checksum')) return read.call(this);
            const reader = this.body.getReader();
            return reader.read().then(() => new Promise(() => {}));  // one chunk, then nothing
        };
    })()""")
    open_page(page, site + GAME)
    assert start_path(page) == ("normal", "the snapshot read did not finish in time")
    assert page.locator("#start-problem").is_hidden()
    write_number(page)
    page.wait_for_selector(".reveal.latest")


def test_the_first_game_screen_after_a_restore_imports_nothing(page, site):
    # Issue 17: everything the first screen needs is in the snapshot. The page's entry script is
    # swapped for one that lists the modules imported while boot() draws a game's first screen.
    # Nor does a restored start wait for the app's module files: they are written after ready
    # (tracebacks show their lines). PyScript's own modules, which it writes and imports on
    # every start, come compiled from the snapshot (webui/codecache.py).
    first_visit(page, site)
    entry = "\n".join([
        "import os, sys, js",
        "from pyodide.ffi import create_proxy",
        "before = set(sys.modules)",
        "MODULE_FILE = '/home/pyodide/games/stemandbranch/rules.py'",
        "js.document.documentElement.setAttribute('data-files-at-start', str(os.path.exists(MODULE_FILE)))",
        "from webui.browser import boot",
        "boot()",
        "js.document.documentElement.setAttribute('data-new-modules', ' '.join(sorted(set(sys.modules) - before - {'js'})))",
        "import webui.codecache",
        "imported = [m for m, module in sys.modules.items() if m.split('.')[0] == 'pyscript' and getattr(module, '__file__', None)]",
        "js.document.documentElement.setAttribute('data-precompiled', f'{webui.codecache.used} of {len(imported)}')",
        "look = create_proxy(lambda: js.document.documentElement.setAttribute('data-files-later', str(os.path.exists(MODULE_FILE))))",
        "js.setInterval(look, 50)",
    ])
    page.route("**/py/main.py", lambda route: route.fulfill(body=entry, content_type="text/plain"))
    open_page(page, site + GAME)
    assert start_path(page) == ("snapshot", None)
    page.wait_for_selector(".pad")
    assert page.get_attribute("html", "data-new-modules") == ""
    assert page.get_attribute("html", "data-files-at-start") == "False"
    used, imported = page.get_attribute("html", "data-precompiled").split(" of ")
    assert int(imported) >= 10 and used == imported
    page.wait_for_selector("html[data-files-later='True']", state="attached")
