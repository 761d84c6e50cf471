"""Issue 26's figures for cross-device play (not a test): python3 bench/devices_bench.py [--games N]

Run as root: the two devices talk over WebRTC inside a network namespace of their own
(tests/netns.py, as the cross-device tests do), through a local relay, on loopback. The site
measured is today's HEAD built in a git worktree (as is the site before cross-device play), so
that edits in the shared checkout do not disturb it; the worktrees are removed at the end.

  latency    from the click that makes a move to that move shown (#game[data-moves] changed, seen
             by a MutationObserver; and the next frame) on the host's page, on the guest's page,
             and on every device (the later of the two): The Number (the guest writes its number
             with the pad: the Write click) over N whole games, and one game of Mojo (a card is
             one click). The host's own moves, shown on the guest's page, for comparison. Both
             pages are app pages started from the start-up snapshot, in separate contexts of one
             browser; times are epoch ms (performance.timeOrigin + performance.now()), one clock
             on one machine.
  bytes      what crossed the WebRTC data channels per move, each way (RTCDataChannel's send and
             message events, counted by an init script in the page: Trystero's chunks with their
             headers, not the relay's signalling), and a reconnect: the guest's page reloads in
             the middle of each game, and everything it received until its table was back.
  start      time to <html data-ready> on a repeat visit (start-up snapshot) and a first visit:
             the site at BEFORE (before cross-device play) against HEAD, against the bare PyScript
             page, the pages alternating visit by visit (bench/startup_bench.py's _visits); and
             every request of those visits checked: none for www/net.mjs, www/qr.mjs or
             www/vendor/net/.
Prints the figures and appends a dated section to bench/RESULTS.md.
"""

import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from bench_start import ROOT, VENV_PYTHON, use_venv  # noqa: E402

use_venv()

import headless  # noqa: E402
import startup_bench  # noqa: E402
from run import READY_PROBE, percentile  # noqa: E402

BEFORE = "df9258e"  # the last commit before cross-device play
GOAL_MS = 150  # the goal for p95, from a click to the move on every device
MOJO_CARD = ".board [data-act=play]:not([disabled])"

# In every device's page: bytes and messages over the data channels, each change of
# #game[data-moves] with its time (and the next frame's), the time of every click, and when a
# table first showed this seat (`back`: after a reload, the reconnect done).
PROBE = """
(() => {
  const clock = () => performance.timeOrigin + performance.now();
  const b = window.__bench = {sent: 0, sentCount: 0, received: 0, receivedCount: 0, moves: [], clicks: [], back: null};
  const size = d => typeof d === 'string' ? new TextEncoder().encode(d).length : (d ? (d.byteLength ?? d.size ?? 0) : 0);
  if (window.RTCDataChannel) {
    const proto = RTCDataChannel.prototype;
    const send = proto.send;
    proto.send = function (data) { b.sent += size(data); b.sentCount += 1; return send.call(this, data); };
    const onmessage = Object.getOwnPropertyDescriptor(proto, 'onmessage');
    Object.defineProperty(proto, 'onmessage', {
      configurable: true, enumerable: onmessage.enumerable,
      get() { return this.__benchHandler ?? null; },
      set(handler) {
        this.__benchHandler = handler;
        onmessage.set.call(this, typeof handler === 'function' ? function (event) {
          b.received += size(event.data); b.receivedCount += 1;
          return handler.call(this, event);
        } : handler);
      },
    });
  }
  let shown = null;
  new MutationObserver(() => {
    const game = document.getElementById('game');
    if (!game) return;
    if (b.back === null && game.querySelector('.player.viewer')) {
      b.back = {t: clock(), received: b.received, receivedCount: b.receivedCount, sent: b.sent, sentCount: b.sentCount};
    }
    const moves = game.getAttribute('data-moves');
    if (moves === shown) return;
    shown = moves;
    const entry = {moves: Number(moves), t: clock(), frame: null};
    b.moves.push(entry);
    requestAnimationFrame(() => { entry.frame = clock(); });
  }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-moves']});
  addEventListener('click', () => b.clicks.push(clock()), true);
})();
"""
SHOWS = "m => { const g = document.getElementById('game'); return !!g && Number(g.dataset.moves) >= m; }"
COUNTERS = "() => ({sent: __bench.sent, sentCount: __bench.sentCount})"


def git(*args):
    return subprocess.run(["git", "-C", ROOT] + list(args), check=True, capture_output=True, text=True).stdout.strip()


def build(commit, dest):
    """The whole site at `commit` in a worktree, with today's runtime (node_modules) vendored and
    packed as it did it, and .venv (the relay) linked in."""
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", dest, commit], check=True, capture_output=True)
    for name in ("node_modules", ".venv"):
        os.symlink(os.path.join(ROOT, name), os.path.join(dest, name))
    subprocess.run([sys.executable, "tools/vendor.py"], cwd=dest, check=True, capture_output=True)
    subprocess.run([VENV_PYTHON, "tools/pack.py"], cwd=dest, check=True, capture_output=True)
    return dest


def summary(values):
    return {"n": len(values), "median": statistics.median(values), "p95": percentile(values, 0.95), "max": max(values)}


# --- two devices ---------------------------------------------------------------------------------
class Table:
    """A host's page and a guest's page at one table (tests/test_browser_devices.py's helpers),
    each with PROBE; `moves` lists every move's figures, `reconnects` every reload's."""

    def __init__(self, devices, query, tests):
        self.tests = tests
        self.pages = {}
        for name in ("host", "guest"):
            page = tests.device_page(devices)
            page.add_init_script(PROBE)
            self.pages[name] = page
        host, guest = self.pages["host"], self.pages["guest"]
        tests.conftest.open_page(host, tests.table_link(devices, query + "&names=Ann"))
        tests.join_as(devices, tests.invite(host, 1), "Lan", page=guest)
        host.wait_for_selector(".friend.online")
        for page in self.pages.values():
            assert page.get_attribute("html", "data-start") == "snapshot", "a device did not start from the snapshot"
        self.moves, self.reconnects = [], []

    def shown(self, name):
        return self.pages[name].evaluate("() => Number(document.getElementById('game').dataset.moves)")

    def over(self):
        return all(page.locator("html[data-over]").count() for page in self.pages.values())

    def move(self, actor, clicks, kind):
        """`clicks()` makes one move on `actor`'s page: until every page shows it, then its figures."""
        target = self.shown("host") + 1
        before = {name: page.evaluate(COUNTERS) for name, page in self.pages.items()}
        clicks()
        for page in self.pages.values():
            page.wait_for_function(SHOWS, arg=target)
        after = {name: page.evaluate(COUNTERS) for name, page in self.pages.items()}
        clicked = self.pages[actor].evaluate("() => __bench.clicks.at(-1)")  # the click that made the move
        row = {"actor": actor, "kind": kind}
        for name, page in self.pages.items():
            entry = page.evaluate("m => __bench.moves.find(e => e.moves >= m)", target)
            row[name] = entry["t"] - clicked
            row[name + "_frame"] = (entry["frame"] or entry["t"]) - clicked
            row[name + "_bytes"] = after[name]["sent"] - before[name]["sent"]
            row[name + "_messages"] = after[name]["sentCount"] - before[name]["sentCount"]
        row["every"] = max(row["host"], row["guest"])
        row["every_frame"] = max(row["host_frame"], row["guest_frame"])
        self.moves.append(row)

    def reconnect(self, game):
        """The guest's page reloads: the time (from its navigation start) and the bytes until its
        table is back with every move shown."""
        host, guest = self.pages["host"], self.pages["guest"]
        target = self.shown("host")
        host_before = host.evaluate(COUNTERS)
        guest.reload()
        guest.wait_for_function("() => window.__bench.back !== null")
        guest.wait_for_function(SHOWS, arg=target)
        back = guest.evaluate("() => __bench.back")
        host_after = host.evaluate(COUNTERS)
        self.reconnects.append({"game": game, "moves": target, "ms": back["t"] - guest.evaluate("performance.timeOrigin"),
                                "received": back["received"], "receivedCount": back["receivedCount"],
                                "sent": back["sent"], "sentCount": back["sentCount"],
                                "host_sent": host_after["sent"] - host_before["sent"],
                                "start": guest.get_attribute("html", "data-start")})

    def close(self):
        for page in self.pages.values():
            self.tests.devices_module.Devices.check_page(page)
            page.context.close()


def the_number(devices, tests, seed):
    """A whole game: host and guest write in turn, the guest first every other turn (its Write
    then reveals the turn's numbers), the guest's page reloading halfway."""
    table = Table(devices, "game=thenumber&seats=human,friend&seed={}".format(seed), tests)
    turn = 0
    while not table.over():
        if turn == 5:
            table.reconnect("The Number")
        order = ("host", "guest") if turn % 2 == 0 else ("guest", "host")
        for i, name in enumerate(order):
            page = table.pages[name]
            if table.over() or not page.locator(".pad").count():  # all digits crossed out: nothing to write
                continue
            last = i == 1 or not table.pages[order[1]].locator(".pad").count()
            table.move(name, lambda: tests.write_number(page), "write, reveal" if last else "write")
        turn += 1
    table.close()
    return table


def mojo(devices, tests, seed):
    """A whole game of Mojo, a card a click, the guest's page reloading halfway."""
    table = Table(devices, "game=mojo&seats=human,friend&seed={}".format(seed), tests)
    reloaded = False
    while not table.over():
        if not reloaded and sum(row["actor"] == "guest" for row in table.moves) == 25:
            table.reconnect("Mojo")
            reloaded = True
        for name, page in table.pages.items():
            if page.locator(MOJO_CARD).count():
                table.move(name, lambda: page.locator(MOJO_CARD).first.click(), "card")
                break
        else:
            table.pages["host"].wait_for_timeout(50)  # the round's end being drawn
    table.close()
    return table


class Tests:
    """tests/'s building blocks, imported from the worktree being measured (so that its
    namespace serves that worktree's site)."""

    def __init__(self, site_dir):
        sys.path.insert(0, os.path.join(site_dir, "tests"))
        import conftest
        import netns
        import test_browser_devices
        import test_browser_thenumber

        for module in (conftest, netns, test_browser_devices):
            assert os.path.realpath(module.__file__).startswith(os.path.realpath(site_dir)), module.__file__
        self.conftest = conftest
        self.devices_module = netns
        self.start_devices = netns.start_devices
        self.table_link = test_browser_devices.table_link
        self.device_page = test_browser_devices.device_page
        self.invite = test_browser_devices.invite
        self.join_as = test_browser_devices.join_as
        self.write_number = test_browser_thenumber.write_number
        self.net_files = test_browser_devices.NET_FILES


def device_figures(playwright, tests, games):
    folder = tempfile.mkdtemp(prefix="devices-bench-")
    devices, namespace, browser = tests.start_devices(playwright.chromium, folder)
    tables = []
    try:
        for i in range(games):
            print("The Number, game {} of {}...".format(i + 1, games), flush=True)
            tables.append(("The Number", the_number(devices, tests, 3 + i)))
        print("Mojo...", flush=True)
        tables.append(("Mojo", mojo(devices, tests, 3)))
    finally:
        browser.close()
        namespace.close()
        shutil.rmtree(folder, ignore_errors=True)
    out = {"latency": [], "bytes": [], "reconnects": []}
    for title in ("The Number", "Mojo"):
        rows = [row for name, table in tables if name == title for row in table.moves]
        for actor in ("guest", "host"):
            mine = [row for row in rows if row["actor"] == actor]
            out["latency"].append(dict(game=title, actor=actor, **{key: summary([row[key] for row in mine]) for key in
                                                                   ("host", "guest", "every", "every_frame")}))
            kinds = sorted(set(row["kind"] for row in mine))
            for kind in kinds:
                these = [row for row in mine if row["kind"] == kind]
                out["bytes"].append(dict(game=title, actor=actor, kind=kind, **{key: summary([row[key] for row in these]) for key in
                                                                                ("guest_bytes", "guest_messages", "host_bytes", "host_messages")}))
        out["reconnects"] += [r for name, table in tables if name == title for r in table.reconnects]
    out["negative"] = sum(1 for _, t in tables for row in t.moves if min(row["host"], row["guest"]) < 0)
    return out


# --- the normal start --------------------------------------------------------------------------------
class Recording:
    """A browser whose contexts record every request's URL (for startup_bench._visits)."""

    def __init__(self, browser):
        self.browser = browser
        self.urls = []

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        context.on("request", lambda request: self.urls.append(request.url))
        return context


def start_figures(playwright, before_dir, after_dir, rounds, net_files):
    browser = headless.launch(playwright)
    servers, bases = [], {}
    try:
        for name, root in (("before", before_dir), ("after", after_dir)):
            server, base = headless.start_server(root=root)
            servers.append(server)
            bases[name] = base
        pages = {"bare": bases["after"] + "bench/bare.html", "before": bases["before"], "after": bases["after"]}
        recording = Recording(browser)
        repeat, _phases, started, first = startup_bench._visits(recording, READY_PROBE, pages, pages, rounds)
    finally:
        for server in servers:
            server.shutdown()
        browser.close()
    out = {"started": {n: sorted(s, key=str) for n, s in started.items()}}
    for kind, times in (("repeat", repeat), ("first", first)):
        out[kind] = {name: dict(summary(t), paired=statistics.median(a / b for a, b in zip(t, times["bare"])))
                     for name, t in times.items()}
    out["requests"] = len(recording.urls)
    out["interpreter_requests"] = sum("/www/interpreter.mjs" in url for url in recording.urls)
    out["net_requests"] = [url for url in recording.urls if any(name in url for name in net_files)]
    return out


# --- the report ----------------------------------------------------------------------------------------
def report(devices, start, args, head, load):
    lines = ["", "## Cross-device play (issue 26) ({})".format(datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")), "",
             "`bench/devices_bench.py --games {} --rounds {}`, run as root: HEAD = {} and BEFORE = {} (before cross-device play), "
             "each built in a git worktree. The 2-core machine was shared with other work (load average {:.1f} / {:.1f} / {:.1f} "
             "at the start): figures are side by side in one run, not absolute.".format(args.games, args.rounds, head, BEFORE, *load), ""]
    if devices:
        met = [row["every"]["p95"] < GOAL_MS for row in devices["latency"] if row["actor"] == "guest"]
        lines += ["Two app pages started from the start-up snapshot (one browser, separate contexts and storage), host and "
                  "guest, WebRTC on loopback inside a network namespace with a local relay. Latency: from the click that "
                  "makes a move (The Number: Write; Mojo: a card) to `#game[data-moves]` changed on each page (DOM; "
                  "and the next frame on every device), ms, median / p95 (n). The Number: {} whole games; Mojo: one "
                  "whole game. The goal is a p95 under {} ms from a guest's click to every device: {}.".format(
                      args.games, GOAL_MS, "met" if all(met) else "not met"), "",
                  "| game | who clicks | host's page | guest's page | every device | every device, next frame |",
                  "|---|---|---|---|---|---|"]
        for row in devices["latency"]:
            lines.append("| {} | {} | {} |".format(row["game"], row["actor"], " | ".join(
                "{median:.1f} / {p95:.1f} ({n})".format(**row[key]) for key in ("host", "guest", "every", "every_frame"))))
        if devices["negative"]:
            lines.append("\n{} moves were seen on a page before the click (the two pages' clocks disagree).".format(devices["negative"]))
        lines += ["", "Bytes sent per move over the data channels (RTCDataChannel.send in each page: Trystero's chunks with "
                  "their headers), median / p95 / max, and the messages (send calls) per move, median. A guest's move: "
                  "its request, the host's reply and the guest's new state; a host's move: the guest's new state. "
                  "For the protocol's own JSON, see tests/test_remote.py -s (a state message averages 1.2-7.9 KB by game).", "",
                  "| game | who moves | move | guest sends | host sends |", "|---|---|---|---|---|"]
        for row in devices["bytes"]:
            lines.append("| {} | {} | {} | {} | {} |".format(row["game"], row["actor"], row["kind"], *[
                "{:.0f} / {:.0f} / {:.0f} B ({:.0f} msg, n={})".format(row[b]["median"], row[b]["p95"], row[b]["max"], row[m]["median"], row[b]["n"])
                for b, m in (("guest_bytes", "guest_messages"), ("host_bytes", "host_messages"))]))
        lines += ["", "Reconnect: the guest's page reloads mid-game; what its data channels carried from its start until its "
                  "table was back (with every move), and the time from its navigation start (the app's own start from the "
                  "snapshot, the relay, WebRTC, the welcome).", "",
                  "| game | moves played | guest received | guest sent | host sent meanwhile | time to the table | start |",
                  "|---|---|---|---|---|---|---|"]
        for r in devices["reconnects"]:
            lines.append("| {game} | {moves} | {received} B ({receivedCount} msg) | {sent} B ({sentCount} msg) | {host_sent} B | "
                         "{ms:.0f} ms | {start} |".format(**r))
        lines.append("")
    if start:
        lines += ["The normal start, no friend seat: time to `<html data-ready>` (ms), median / p95 of {} visits per page, "
                  "the pages alternating visit by visit, and the median of the visit-by-visit ratio to the bare PyScript "
                  "page. The repeat visits started as (data-start): {}.".format(args.rounds, ", ".join(
                      "{} {}".format(n, "/".join(str(v) for v in s if v is not None) or "-") for n, s in start["started"].items())), "",
                  "| visit | bare | before ({}) | HEAD ({}) |".format(BEFORE, head), "|---|---|---|---|"]
        for kind in ("repeat", "first"):
            row = start[kind]
            lines.append("| {} | {:.0f} / {:.0f} | {:.0f} / {:.0f} ({:.2f}x) | {:.0f} / {:.0f} ({:.2f}x) |".format(
                kind, row["bare"]["median"], row["bare"]["p95"],
                *[v for n in ("before", "after") for v in (row[n]["median"], row[n]["p95"], row[n]["paired"])]))
        lines += ["", "Requests for www/net.mjs, www/qr.mjs or www/vendor/net/ in those visits: {} (of {} requests; {} for "
                  "www/interpreter.mjs, so the record works).".format(len(start["net_requests"]) or "none", start["requests"],
                                                                       start["interpreter_requests"])]
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="whole games of The Number (Mojo: one)")
    parser.add_argument("--rounds", type=int, default=5, help="visits per page for the start-up figures")
    parser.add_argument("--only", default="devices,start")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    parser.add_argument("--rev", default="HEAD", help="the commit measured (another one: to compare, run both back to back)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0 and "devices" in args.only:
        sys.exit("devices_bench.py needs root: the devices talk inside a network namespace of their own (tests/netns.py)")
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()
    head = git("rev-parse", "--short", args.rev)
    work = tempfile.mkdtemp(prefix="devices-bench-sites-")
    built = []
    devices = start = None
    try:
        print("building {} and {} in worktrees...".format(head, BEFORE), flush=True)
        after_dir = build(head, os.path.join(work, "head"))
        built.append(after_dir)
        with sync_playwright() as playwright:
            tests = Tests(after_dir)
            if "devices" in args.only:
                devices = device_figures(playwright, tests, args.games)
            if "start" in args.only:
                before_dir = build(BEFORE, os.path.join(work, "before"))
                built.append(before_dir)
                print("start-up...", flush=True)
                start = start_figures(playwright, before_dir, after_dir, args.rounds, tests.net_files)
    finally:
        for folder in built:
            subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", folder], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)
    text = report(devices, start, args, head, load)
    print(text)
    with open(args.out, "a", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
