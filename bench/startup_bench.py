"""Start-up benchmarks for bench/run.py (issues 16 and 17): the `snapshot` and `hostile` sections.

snapshot  repeat visits (snapshot restore) and first visits, as ratios to a bare PyScript page,
          on a quiet machine and a busy one (two spinning processes beside the browser); the
          restore timeline phase by phase, before and after (before = the start-up files of
          BEFORE_COMMIT, served side by side); click latency while the snapshot worker runs.
hostile   time to a clear message, or to ready, in each hostile place the page may be opened.
"""

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

import dist
import headless
import shell

ROOT = headless.ROOT
# The start-up as it landed before this round of issue 17's work (snapshot read from the
# interpreter module, whole 31 MB memory stored, restore after the read and the check).
BEFORE_COMMIT = "75a405e"
STARTUP_FILES = ("index.html", "pyscript.toml", "www/boot.js", "www/interpreter.mjs", "www/snapshot-worker.mjs", "www/ready.mjs",
                 "www/memory-idb.js", "sw.js")  # (www/snapshot-format.mjs is new: the old files do not import it)
PHASES = ("interpreter-module", "snapshot-read", "snapshot-checked", "snapshot-restored", "pyscript-asked")
MARKS = "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


@contextlib.contextmanager
def busy_machine(spinners=2):
    """Two processes that spin a core each, as other programs on a 2-core phone would."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(spinners)]
    try:
        yield
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()


def build_before(dest):
    """The site with the start-up files of BEFORE_COMMIT (everything else as now). Their
    generated lists (tools/shell.py: the modules to load and snapshot) are made again from
    today's py/, else the old worker would miss modules added since and never store a snapshot."""
    dist.build(dest)
    for module in shell.modules():  # the old start fetched them one by one ([files])
        os.makedirs(os.path.join(dest, "py", os.path.dirname(module)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, "py", module), os.path.join(dest, "py", module))
    index_html = open(os.path.join(ROOT, "index.html"), encoding="utf-8").read()
    for path in STARTUP_FILES:
        old = subprocess.run(["git", "-C", ROOT, "show", "{}:{}".format(BEFORE_COMMIT, path)], capture_output=True, check=True).stdout
        if path == "www/interpreter.mjs":
            text = shell.interpreter_text(old.decode("utf-8"), index_html)
            # and the list of modules its snapshot worker fetched one by one (today: one file)
            modules = json.dumps([["./py/" + m, "./" + m] for m in shell.modules()])
            old = text.replace("const APP_IMPORTS", "const APP_MODULES = {};\nconst APP_IMPORTS".format(modules), 1).encode("utf-8")
        if path == "pyscript.toml":  # its [files] list, which PyScript wrote on every start then
            head = old.decode("utf-8").split("\n[files]\n")[0]
            old = (head + "[files]\n" + "".join('"./py/{0}" = "./{0}"\n'.format(m) for m in shell.modules())).encode("utf-8")
        with open(os.path.join(dest, path), "wb") as f:
            f.write(old)
    return dest


def _ready_at(target):
    target.wait_for_function("window.__readyAt !== null", timeout=180_000)
    return target.evaluate("window.__readyAt")


def _fresh_visit(browser, url, probe):
    context = browser.new_context(service_workers="block")
    context.add_init_script(probe)
    page = context.new_page()
    page.goto(url)
    value = _ready_at(page)
    context.close()
    return value


# Before each repeat visit the tab first opens a small file of the page's own origin and waits
# this long: the pages are served from three origins, and a tab that changes origin gets a new
# renderer process, whose start (and the spare process the browser starts after it) would
# otherwise land in the middle of the visit measured: once in three or four visits it doubled
# the figure, whichever page it was. A player's repeat visit does not share the machine with that.
SETTLE_MS = 500


def _rotated(pages, round_):
    """The pages' (name, url) pairs, starting one further along each round: no page is always
    the first or the last of a round (the visit after another page's, or before a pause)."""
    items = list(pages.items())
    shift = round_ % len(items)
    return items[shift:] + items[:shift]


def _visits(browser, probe, pages, repeat_pages, rounds):
    """Repeat visits in one profile that made the snapshots, then first visits in fresh
    profiles; the pages alternate visit by visit so that all see the same load, in an order
    that rotates round by round."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(probe)
    page = context.new_page()
    for url in repeat_pages.values():
        if "bare" in url:
            continue
        page.goto(url)
        page.wait_for_selector("html[data-snapshot='stored']", state="attached", timeout=300_000)
    repeat = {name: [] for name in repeat_pages}
    phases = {name: [] for name in repeat_pages}
    started = {name: set() for name in repeat_pages}
    for round_ in range(rounds):
        for name, url in _rotated(repeat_pages, round_):
            page.goto(urllib.parse.urljoin(url, "/www/icon.svg"))
            page.wait_for_timeout(SETTLE_MS)
            page.goto(url)
            repeat[name].append(_ready_at(page))
            phases[name].append(page.evaluate(MARKS))
            started[name].add(page.get_attribute("html", "data-start"))
    context.close()
    first = {name: [] for name in pages}
    for round_ in range(rounds):
        for name, url in _rotated(pages, round_):
            first[name].append(_fresh_visit(browser, url, probe))
    return repeat, phases, started, first


def snapshot(browser, base, probe, rounds):
    before_dir = build_before(os.path.join(tempfile.mkdtemp(), "site"))
    before_server, before_base = headless.start_server(root=before_dir)
    bare = base + "bench/bare.html"
    repeat_pages = {"after": base, "before": before_base, "bare": bare}
    first_pages = {"after": base, "before": before_base, "bare": bare}
    out = {"rounds": rounds, "before_commit": BEFORE_COMMIT}
    try:
        for load in ("quiet", "busy"):
            print("snapshot start-up, {} machine...".format(load), flush=True)
            with busy_machine() if load == "busy" else contextlib.nullcontext():
                repeat, phases, started, first = _visits(browser, probe, first_pages, repeat_pages, rounds)
            rmed = {n: statistics.median(t) for n, t in repeat.items()}
            fmed = {n: statistics.median(t) for n, t in first.items()}
            out[load] = {
                "repeat": repeat, "first": first, "started": {n: sorted(s, key=str) for n, s in started.items()},
                "repeat_median": rmed, "first_median": fmed,
                "repeat_ratio": {n: rmed[n] / rmed["bare"] for n in rmed},
                "first_ratio": {n: fmed[n] / fmed["bare"] for n in fmed},
                # Visit by visit (the pages of one round are visited one after another): the median
                # of the ratios, which the machine's drift over a run moves less than the ratio of medians.
                "repeat_paired": {n: statistics.median(a / b for a, b in zip(t, repeat["bare"])) for n, t in repeat.items()},
                "first_paired": {n: statistics.median(a / b for a, b in zip(t, first["bare"])) for n, t in first.items()},
                "phases": {n: {p: statistics.median(v[p] for v in phases[n]) for p in PHASES if all(p in v for v in phases[n])}
                           for n in ("after", "before")},
            }
    finally:
        before_server.shutdown()
    print("clicks while the snapshot worker runs...", flush=True)
    out["clicks"] = clicks_while_snapshotting(browser, base)
    return out


CLICK_PROBE = """
window.__clicks = []; window.__pending = null;
addEventListener('click', e => {
  const el = e.target.closest && e.target.closest('[data-act]');
  window.__pending = {t0: performance.now(), worker: document.documentElement.dataset.snapshot || 'none'};
}, true);
new MutationObserver(() => {
  const p = window.__pending;
  if (!p) return;
  window.__pending = null;
  requestAnimationFrame(() => window.__clicks.push({worker: p.worker, frame: performance.now() - p.t0}));
}).observe(document, {childList: true, subtree: true});
"""


THINK_SECONDS = 2.5


def clicks_while_snapshotting(browser, base, rounds=2):
    """A first visit plays The Number: clicks (to the next frame) while the worker makes the
    snapshot, and after it stored it; on a busy machine, where a 2-core phone would be. Each
    click is labelled with the worker's state when it was made."""
    samples = []
    with busy_machine():
        for r in range(rounds):
            context = browser.new_context(service_workers="block")
            context.add_init_script(CLICK_PROBE)
            page = context.new_page()
            page.goto(base + "?game=thenumber&seats=human,easy&seed={}&speed=instant".format(40 + r))
            page.wait_for_selector("html[data-ready]", state="attached", timeout=180_000)
            page.wait_for_selector("html[data-snapshot='making']", state="attached", timeout=60_000)
            phase_end = None
            give_up = time.monotonic() + 120
            turn = 0
            while time.monotonic() < give_up:
                state = page.get_attribute("html", "data-snapshot")
                if state == "stored" and phase_end is None:
                    phase_end = time.monotonic() + 4  # a few turns after, for comparison
                if phase_end and time.monotonic() > phase_end:
                    break
                # The first turn is played as soon as the worker starts (its clicks meet it
                # mid-import); then a player thinks between turns: the worker, paused by their
                # clicks, resumes 1.5 s after the last one, so the next turn's first clicks meet
                # it running again.
                if turn:
                    time.sleep(THINK_SECONDS)
                turn += 1
                page.wait_for_selector(".pad .key.legal, html[data-over]", state="attached", timeout=60_000)
                if page.locator("html[data-over]").count():
                    page.goto(base + "?game=thenumber&seats=human,easy&speed=instant")
                    page.wait_for_selector("html[data-ready]", state="attached")
                    page.wait_for_selector(".pad .key.legal")
                digit = page.locator(".key.legal").all_inner_texts()[-1]
                for _ in range(3):
                    page.click(".key[data-arg='{}']".format(digit))
                page.click("button.write")
                page.wait_for_function("!document.querySelector('.pad') || document.querySelector('.reveal')")
            samples += page.evaluate("window.__clicks")
            context.close()
    out = {}
    for label, states in (("while the worker makes the snapshot", ("making",)), ("after it stored it", ("stored",))):
        values = [s["frame"] for s in samples if s["worker"] in states]
        if values:
            out[label] = {"n": len(values), "median": statistics.median(values), "p95": percentile(values, 0.95), "max": max(values)}
    return out


# --- hostile places: time to a clear message or to ready ----------------------------------

GAME = "?game=thenumber&embed=1&seats=human,easy&seed=5&speed=instant"


def _until(frame, limit=60):
    """Seconds until the frame (a Playwright frame locator or page) shows the message or is
    ready, and which; polled from the driver through locators, which work in a frame that runs
    no script."""
    started = time.monotonic()
    slow = ""
    while time.monotonic() - started < limit:
        try:
            if frame.locator("html[data-ready]").count():
                return time.monotonic() - started, "ready" + slow
            if frame.locator("html[data-stuck='slow']").count() and not slow:
                slow = " (after the 10 s notice)"  # keep waiting: it may still start
            elif frame.locator("#start-problem").is_visible() and not frame.locator("html[data-stuck='slow']").count():
                return time.monotonic() - started, "message"
        except Exception:
            pass
        time.sleep(0.05)
    return limit, "nothing"


def hostile(browser, base, host_dir, host, rounds=2):
    def post(name, attrs):
        with open(os.path.join(host_dir, name), "w") as f:
            f.write('<!doctype html><h1>A blog post</h1><iframe {} src="{}{}" width="900" height="700"></iframe>'.format(attrs, base, GAME))
        return host + name

    cases = {
        "about:blank parent (srcdoc-like; not a secure context, storage denied)": ("blank", None),
        "cross-origin iframe (storage denied)": ("frame", post("plain.html", "")),
        "sandbox allow-scripts allow-same-origin": ("frame", post("same.html", 'sandbox="allow-scripts allow-same-origin"')),
        "sandbox allow-scripts (no same-origin)": ("frame", post("scripts.html", 'sandbox="allow-scripts"')),
        "sandbox without scripts": ("frame", post("none.html", 'sandbox=""')),
        "no WebAssembly": ("nowasm", base + GAME),
        "service worker refused": ("page", base + GAME),
        "plain http (not a secure context)": ("http", None),
    }
    port = base.split(":")[2].rstrip("/")
    insecure = headless.launch(browser.browser_type, ["--host-resolver-rules=MAP banchoi.test 127.0.0.1"])
    out = {}
    try:
        for label, (kind, url) in cases.items():
            times, states = [], set()
            for _ in range(rounds):
                context = (insecure if kind == "http" else browser).new_context(service_workers="block")
                if kind == "nowasm":
                    context.add_init_script("delete globalThis.WebAssembly")
                page = context.new_page()
                started = time.monotonic()
                if kind == "blank":
                    page.set_content('<iframe src="{}{}" width="900" height="700"></iframe>'.format(base, GAME))
                elif kind == "http":
                    page.goto("http://banchoi.test:{}/{}".format(port, GAME), wait_until="commit")
                else:
                    page.goto(url, wait_until="commit")
                seconds, state = _until(page.frame_locator("iframe") if kind in ("blank", "frame") else page)
                times.append(time.monotonic() - started)
                states.add(state)
                context.close()
            out[label] = {"median": statistics.median(times), "max": max(times), "ends_in": sorted(states)}
    finally:
        insecure.close()
    return out


def write(results, out):
    if "snapshot" in results:
        r = results["snapshot"]
        out += ["## Start-up: repeat visits (snapshot) and first visits, quiet and busy ({} visits each, alternating)".format(r["rounds"]), "",
                "\"before\" is the same site with the start-up files of commit {} (the snapshot read starts in the "
                "interpreter module, the whole 31 MB memory is read and hashed before Pyodide instantiates); "
                "\"after\" starts the read in the page's head before any module loads, stores the memory without "
                "its zero pages (18 of 31 MB), lets Pyodide compile and instantiate while the read and the "
                "check (a 64-bit checksum) run, and writes the stored bytes straight into the interpreter's "
                "memory; PyScript no longer writes the app's 55 modules on every start (they are imported "
                "already), and its own modules come compiled. Each repeat visit starts from a settled tab of "
                "its own origin (SETTLE_MS). Busy = two processes spinning a core each beside the browser, on "
                "this 2-core machine.".format(r["before_commit"]), "",
                "| machine | visit | after | before | bare page | after / bare | before / bare | after / bare, visit by visit | started by (after) |",
                "|---|---|---|---|---|---|---|---|---|"]
        for load in ("quiet", "busy"):
            x = r[load]
            paired = lambda kind: "{:.2f}".format(x[kind]["after"]) if kind in x else "-"  # runs before 2026-12-01 07:45 had none
            out.append("| {} | repeat (snapshot) | {:.0f} ms | {:.0f} ms | {:.0f} ms | **{:.2f}** | {:.2f} | {} | {} |".format(
                load, x["repeat_median"]["after"], x["repeat_median"]["before"], x["repeat_median"]["bare"],
                x["repeat_ratio"]["after"], x["repeat_ratio"]["before"], paired("repeat_paired"), ", ".join(map(str, x["started"]["after"]))))
            out.append("| {} | first (fresh profile) | {:.0f} ms | {:.0f} ms | {:.0f} ms | **{:.2f}** | {:.2f} | {} | normal |".format(
                load, x["first_median"]["after"], x["first_median"]["before"], x["first_median"]["bare"],
                x["first_ratio"]["after"], x["first_ratio"]["before"], paired("first_paired")))
        out += ["", "Goals: repeat visits at most 0.25 × bare, first visits at most 1.05 × bare.", "",
                "Restore timeline, median ms from navigation (repeat visits):", "",
                "| machine | version | start of the interpreter module | snapshot read | checked | PyScript asks for the interpreter | restored | ready |",
                "|---|---|---|---|---|---|---|---|"]
        for load in ("quiet", "busy"):
            for version in ("before", "after"):
                ph = r[load]["phases"][version]
                cells = ["{:.0f}".format(ph[p]) if p in ph else "—" for p in
                         ("interpreter-module", "snapshot-read", "snapshot-checked", "pyscript-asked", "snapshot-restored")]
                out.append("| {} | {} | {} | {:.0f} |".format(load, version, " | ".join(cells), r[load]["repeat_median"][version]))
        out += ["", "Click to next frame in The Number on a busy machine, first visit: a turn as soon as the worker starts, "
                    "then a turn every 2.5 s (the worker starts once the player has not clicked for 2 s, pauses between "
                    "imports while they click and resumes 1.5 s after; each click is counted under the worker's state "
                    "when it was made):", "", "| when | clicks | median | p95 | max |", "|---|---|---|---|---|"]
        for label, c in r["clicks"].items():
            out.append("| {} | {} | {:.1f} ms | {:.1f} ms | {:.1f} ms |".format(label, c["n"], c["median"], c["p95"], c["max"]))
        out.append("")
    if "hostile" in results:
        out += ["## Start-up in hostile places: time to a clear message or to ready", "",
                "Wall clock from navigation, seen from the test driver; the watchdog's limit is 10 s.", "",
                "| place | ends in | median | max |", "|---|---|---|---|"]
        for label, h in results["hostile"].items():
            out.append("| {} | {} | {:.1f} s | {:.1f} s |".format(label, ", ".join(h["ends_in"]), h["median"], h["max"]))
        out.append("")
    return out
