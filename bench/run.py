"""Benchmarks (not tests): `make bench` runs them all and rewrites bench/RESULTS.md.

Every comparison is made side by side in one run (the machines are shared and noisy):
  startup     time to <html data-ready>: the app vs a bare PyScript page on the same runtime
  clicks      click to updated board in a game of The Number (pad key, and Write + reveal), and
              one typical click of every game at normal speed with the move animations on
  engine      random full games per second and bot decision times, CPython and Pyodide
  winrates    bot levels against each other over 200+ games per pairing (CPython, 2 processes)
  solo        mean score of each bot level alone, for the games that play solo (CPython)
"""

import argparse
import datetime
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for folder in ("py", "tools", "bench"):
    sys.path.insert(0, os.path.join(ROOT, folder))

import dist  # noqa: E402
import engine_bench  # noqa: E402
import headless  # noqa: E402
import shell  # noqa: E402
from games import GAMES  # noqa: E402
from tabletop import share  # noqa: E402
from tabletop.match import Match, make_seats  # noqa: E402
from tabletop.simulate import play_game, simulate  # noqa: E402

READY_PROBE = """
window.__readyAt = null;
new MutationObserver((_, obs) => {
  if (document.documentElement && document.documentElement.hasAttribute('data-ready') && window.__readyAt === null) {
    window.__readyAt = performance.now(); obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""

CLICK_PROBE = """
window.__clicks = []; window.__pending = null;
addEventListener('click', e => {
  const el = e.target.closest && e.target.closest('[data-act]');
  window.__pending = {act: el ? el.dataset.act : '?', t0: performance.now()};
}, true);
new MutationObserver(() => {
  const p = window.__pending;
  if (!p) return;
  window.__pending = null;
  const dom = performance.now() - p.t0;
  requestAnimationFrame(() => window.__clicks.push({act: p.act, dom: dom, frame: performance.now() - p.t0}));
}).observe(document, {childList: true, subtree: true});
"""


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def _fresh_visit(browser, url, frame=False):
    """Time to data-ready in a fresh profile (no cache, no service worker), in ms from the
    navigation of the page (or, with `frame`, of the iframe holding the app)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(url)
    target = page.frames[1] if frame else page
    if frame:
        page.wait_for_function("document.querySelector('iframe') && document.querySelector('iframe').contentWindow", timeout=60_000)
        target = page.frames[1]
    target.wait_for_function("window.__readyAt !== null", timeout=120_000)
    value = target.evaluate("window.__readyAt")
    context.close()
    return value


class OfflineVisits:
    """One browser profile that visited once (the service worker cached everything), then
    reloads with the network off."""

    def __init__(self, browser, base):
        self.context = browser.new_context()
        self.context.add_init_script(READY_PROBE)
        self.page = self.context.new_page()
        self.page.goto(base)
        self.page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=180_000)
        self.context.set_offline(True)

    def visit(self):
        self.page.reload()
        self.page.wait_for_function("window.__readyAt !== null", timeout=120_000)
        return self.page.evaluate("window.__readyAt")

    def close(self):
        self.context.close()


def startup(browser, base, rounds, host=None):
    """The pages alternate visit by visit, so that all see the same load on the machine."""
    visits = {"bare": lambda: _fresh_visit(browser, base + "bench/bare.html"),
              "app": lambda: _fresh_visit(browser, base)}
    offline = None
    if host:
        visits["embed"] = lambda: _fresh_visit(browser, host + "embed.html", frame=True)
        offline = OfflineVisits(browser, base)
        visits["offline"] = offline.visit
    times = {name: [] for name in visits}
    for _ in range(rounds):
        for name, visit in visits.items():
            times[name].append(visit())
    if offline:
        offline.close()
    bare = statistics.median(times["bare"])
    return {"rounds": rounds, "times": times, "bare_median": bare,
            "medians": {n: statistics.median(t) for n, t in times.items()},
            "ratios": {n: statistics.median(t) / bare for n, t in times.items()}}


def snapshot_startup(browser, base, before_base, rounds):
    """Issue 7: repeat visits in one profile that made its snapshot (the app restoring it, the
    app told not to, the bare page), and first visits in fresh profiles before and after the
    change ("before": the same build with pyscript.toml naming Pyodide directly)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    page.goto(base)
    page.wait_for_selector("html[data-snapshot='stored']", state="attached", timeout=180_000)
    size = page.evaluate("""async () => {
        const cache = await caches.open('banchoi-snapshots');
        const [key] = await cache.keys();
        return (await (await cache.match(key)).arrayBuffer()).byteLength;
    }""")
    repeat = {"snapshot": base, "no snapshot": base + "?snapshot=off", "bare": base + "bench/bare.html"}
    times = {name: [] for name in repeat}
    paths = {name: set() for name in repeat}
    phases = []
    for _ in range(rounds):
        for name, url in repeat.items():
            page.goto(url)
            page.wait_for_function("window.__readyAt !== null", timeout=120_000)
            times[name].append(page.evaluate("window.__readyAt"))
            paths[name].add(page.get_attribute("html", "data-start"))
            if name == "snapshot":
                phases.append(page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"))
    context.close()
    first = {"before": [], "after": [], "bare": []}
    for _ in range(rounds):
        first["before"].append(_fresh_visit(browser, before_base))
        first["after"].append(_fresh_visit(browser, base))
        first["bare"].append(_fresh_visit(browser, base + "bench/bare.html"))
    med = {name: statistics.median(t) for name, t in times.items()}
    fmed = {name: statistics.median(t) for name, t in first.items()}
    phase_names = ("interpreter-module", "snapshot-read", "snapshot-checked", "snapshot-restored")
    return {"rounds": rounds, "size": size, "repeat": times, "repeat_median": med, "paths": {k: sorted(v, key=str) for k, v in paths.items()},
            "repeat_ratio": {name: med[name] / med["bare"] for name in med},
            "first": first, "first_median": fmed, "first_ratio": {name: fmed[name] / fmed["bare"] for name in fmed},
            "phases": {name: statistics.median(p[name] for p in phases) for name in phase_names}}


def share_sizes():
    """Share-link length of a long game of each game, at its largest table, Normal bots."""
    out = {}
    for game_id, game in GAMES.items():
        players = game.info.max_players
        longest = []
        for seed in range(1, 6):
            history = []
            play_game(game, ["normal"] * players, seed, history=history)
            if len(history) > len(longest):
                longest, longest_seed = history, seed
        match = Match(game, make_seats(["normal"] * players), {}, longest_seed)
        match.replay(longest)
        code = share.encode(match)
        out[game_id] = {"players": players, "moves": len(longest), "chars": len("#g=" + code),
                        "json_chars": len(json.dumps(longest, separators=(",", ":")))}
    return out


def clicks(browser, base, games):
    context = browser.new_context()
    context.add_init_script(CLICK_PROBE)
    page = context.new_page()
    for g in range(games):
        page.goto(base + "?game=thenumber&seats=human,easy,easy,normal&seed={}&speed=instant".format(100 + g))
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        while True:
            page.wait_for_selector(".pad, html[data-over] #score-sheet", state="attached")
            if page.locator("html[data-over]").count():
                break
            page.wait_for_function("document.querySelectorAll('.player.acting').length === 1 && !document.querySelector('.thinking')")
            digit = page.locator(".key.legal").all_inner_texts()[-1]
            for _ in range(3):
                page.click(".key[data-arg='{}']".format(digit))
            page.click("button.write")
    samples = page.evaluate("window.__clicks")
    context.close()
    out = {}
    for act, label in (("tn-digit", "pad key"), ("play", "Write (engine move + reveal)")):
        dom = [s["dom"] for s in samples if s["act"] == act]
        frame = [s["frame"] for s in samples if s["act"] == act]
        out[label] = {"n": len(dom), "dom_median": statistics.median(dom), "dom_p95": percentile(dom, 0.95),
                      "frame_median": statistics.median(frame), "frame_p95": percentile(frame, 0.95)}
    return out


# The click a player makes most in each game: the first move on offer on the board, else the
# first step towards one (a card to select); the same rule for every registered game.
TYPICAL_CLICK = ".board [data-act=play]:not([disabled]), .board .legal:not([disabled]):not([aria-pressed=true])"


def typical_clicks(browser, base, per_game):
    """Click to updated board for every game, 1 human + Easy bots at normal speed, so that the
    move animations run (the bots' pauses are not counted: only the human's clicks are timed)."""
    out = {}
    for game_id in sorted(GAMES):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.add_init_script(CLICK_PROBE)
        page = context.new_page()
        seed = 1
        seats = ",".join(["human"] + ["easy"] * (max(2, GAMES[game_id].info.min_players) - 1))
        page.goto(base + "?game={}&seats={}&seed={}".format(game_id, seats, seed))
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        acts, samples = [], []
        while len(acts) < per_game:
            page.wait_for_function("() => document.querySelector('html[data-over]') || "
                                   "((document.querySelector('#status') || {textContent: ''}).textContent.startsWith('Your turn') && !document.querySelector('.thinking'))",
                                   timeout=60_000)
            if page.locator("html[data-over]").count():  # the next game, keeping this one's samples
                samples += page.evaluate("window.__clicks")
                seed += 1
                page.goto(base + "?game={}&seats={}&seed={}".format(game_id, seats, seed))
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                continue
            if page.locator("#confirm-move").count():
                page.click("#confirm-move [data-act=confirm-move]")
                continue
            target = page.locator(TYPICAL_CLICK).first
            acts.append(target.get_attribute("data-act"))
            target.click()
            page.wait_for_function("() => window.__pending === null")
        samples = [s for s in samples + page.evaluate("window.__clicks") if s["act"] != "confirm-move"]
        context.close()
        dom = [s["dom"] for s in samples]
        frame = [s["frame"] for s in samples]
        out[GAMES[game_id].info.title] = {"n": len(dom), "acts": ", ".join(sorted(set(acts))),
                                          "dom_median": statistics.median(dom), "dom_p95": percentile(dom, 0.95),
                                          "frame_median": statistics.median(frame), "frame_p95": percentile(frame, 0.95)}
    return out


def engine_in_browser(browser, base, seconds, decisions):
    lines = ['interpreter = "../www/vendor/pyodide/pyodide.mjs"', "", "[files]"]
    lines += ['"../py/{0}" = "./{0}"'.format(m) for m in shell.modules()]
    lines.append('"./engine_bench.py" = "./engine_bench.py"')
    with open(os.path.join(ROOT, "bench", "engine.toml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench/engine.html?seconds={}&decisions={}".format(seconds, decisions))
    page.wait_for_selector("body[data-results]", state="attached", timeout=900_000)
    results = json.loads(page.get_attribute("body", "data-results"))
    context.close()
    return results


def _simulate_chunk(args):
    game_id, levels, games, seed = args
    tally = simulate(GAMES[game_id], levels, games, seed)
    return tally.wins, tally.scores, tally.steps, tally.games, tally.turns


def winrates(game_id, pairings, games, processes=2):
    out = []
    with multiprocessing.Pool(processes) as pool:
        for levels in pairings:
            half = games // 2
            chunks = [(game_id, levels, half, 1), (game_id, levels, games - half, 1 + half)]
            parts = pool.map(_simulate_chunk, chunks)
            n = sum(p[3] for p in parts)
            wins = [sum(p[0][s] for p in parts) / n for s in range(len(levels))]
            scores = [sum(p[1][s] for p in parts) / n for s in range(len(levels))]
            out.append({"levels": levels, "games": n, "win_rate": wins, "mean_score": scores,
                        "mean_length": sum(p[2] for p in parts) / n, "mean_turns": sum(p[4] for p in parts) / n})
    return out


def machine():
    cpu = platform.processor() or ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return cpu


def write_results(results, path):
    info = results["info"]
    out = ["# Benchmarks", "",
           "Written by `make bench` (bench/run.py); every ratio compares figures taken side by side in one run.", "",
           "- Date: {}".format(info["date"]),
           "- Machine: {} ({} cores, {})".format(info["cpu"], info["cores"], info["platform"]),
           "- CPython {} · Chromium {} · Pyodide {} · @pyscript/core {}".format(info["python"], info["chromium"], info["pyodide"], info["pyscript"]),
           ""]
    if "startup" in results:
        s = results["startup"]
        labels = {"bare": "bare PyScript page (fresh profile)", "app": "the app, full page (fresh profile)",
                  "embed": "the app in a cross-origin iframe (fresh profile, storage denied)",
                  "offline": "the app offline, from the service worker's cache (repeat visit)"}
        out += ["## Start-up: time to `data-ready` ({} visits each, pages alternating)".format(s["rounds"]), "",
                "| page | median | min | max | ratio to bare |", "|---|---|---|---|---|"]
        for name, times in s["times"].items():
            out.append("| {} | {:.0f} ms | {:.0f} ms | {:.0f} ms | **{:.2f}** |".format(
                labels[name], s["medians"][name], min(times), max(times), s["ratios"][name]))
        out += ["", "Goal for the full page: at most 1.15 × the bare page.", ""]
    if "snapshot" in results:
        r = results["snapshot"]
        out += ["## Start-up from a snapshot ({} visits each, alternating)".format(r["rounds"]), "",
                "Repeat visits in one browser profile that visited once (HTTP cache warm, snapshot stored):", "",
                "| page | median | ratio to bare | started by |", "|---|---|---|---|"]
        labels = {"snapshot": "the app (restores the snapshot)", "no snapshot": "the app, `?snapshot=off`", "bare": "bare PyScript page"}
        for name, label in labels.items():
            out.append("| {} | {:.0f} ms | **{:.2f}** | {} |".format(label, r["repeat_median"][name], r["repeat_ratio"][name],
                                                                    ", ".join(str(p) for p in r["paths"][name])))
        ph = r["phases"]
        out += ["", "Where a restored start spends its time (median, ms from navigation): interpreter module loaded {:.0f}, "
                    "snapshot read from Cache Storage {:.0f}, checked (SHA-256) {:.0f}, restored {:.0f}, ready {:.0f}.".format(
                        ph["interpreter-module"], ph["snapshot-read"], ph["snapshot-checked"], ph["snapshot-restored"], r["repeat_median"]["snapshot"]),
                "", "First visits (fresh profile):", "", "| page | median | ratio to bare |", "|---|---|---|"]
        for name, label in (("before", "the app before snapshots (interpreter = Pyodide directly)"),
                            ("after", "the app with snapshots (the worker makes one after ready)"), ("bare", "bare PyScript page")):
            out.append("| {} | {:.0f} ms | {:.2f} |".format(label, r["first_median"][name], r["first_ratio"][name]))
        out += ["", "Snapshot size: {:.1f} MB ({} bytes). Goal for repeat visits: at most 0.35 × the bare page.".format(r["size"] / 1e6, r["size"]), ""]
    if "share" in results:
        out += ["## Share links", "", "| game | players | moves | link fragment | the moves as JSON |", "|---|---|---|---|---|"]
        for game_id, r in results["share"].items():
            out.append("| {} | {} | {} | {} chars | {} chars |".format(GAMES[game_id].info.title, r["players"], r["moves"], r["chars"], r["json_chars"]))
        out += ["", "The longest of 5 games between Normal bots at the largest table; the fragment carries game, seats, seed and moves.", ""]
    if "clicks" in results:
        out += ["## Click to updated board (The Number, 1 human + 3 bots)", "",
                "| click | samples | to DOM updated, median | p95 | to next frame, median | p95 |", "|---|---|---|---|---|---|"]
        for label, c in results["clicks"].items():
            out.append("| {} | {} | {:.1f} ms | {:.1f} ms | {:.1f} ms | {:.1f} ms |".format(label, c["n"], c["dom_median"], c["dom_p95"], c["frame_median"], c["frame_p95"]))
        out.append("")
    if "typical_clicks" in results:
        out += ["## Click to updated board, every game (1 human + Easy bots, normal speed, animations on)", "",
                "| game | clicks (data-act) | samples | to DOM updated, median | p95 | to next frame, median | p95 |",
                "|---|---|---|---|---|---|---|"]
        for title, c in results["typical_clicks"].items():
            out.append("| {} | {} | {} | {:.1f} ms | {:.1f} ms | {:.1f} ms | {:.1f} ms |".format(
                title, c["acts"], c["n"], c["dom_median"], c["dom_p95"], c["frame_median"], c["frame_p95"]))
        out += ["", "Goal: at most 16 ms (one frame) at p95 to the DOM update; animations start after it and never block input.", ""]
    if "engine" in results:
        e = results["engine"]
        out += ["## Engine and bots: CPython vs Pyodide in Chromium", ""]
        for game_id in e["cpython"]:
            cp, br = e["cpython"][game_id], e["browser"][game_id]
            out += ["### {} ({} players)".format(GAMES[game_id].info.title, cp["players"]), "",
                    "| measure | CPython | browser | browser slowdown |", "|---|---|---|---|",
                    "| random full games per second | {:.1f} | {:.1f} | {:.2f} |".format(cp["games_per_second"], br["games_per_second"], cp["games_per_second"] / br["games_per_second"])]
            for level in cp["decisions"]:
                a, b = cp["decisions"][level], br["decisions"][level]
                # Below a millisecond the ratio is timer noise (the browser's clock ticks in 0.1 ms).
                slowdown = "{:.2f}".format(b["median"] / a["median"]) if a["median"] >= 1e-3 else "—"
                out.append("| {} bot decision, median (p95, max) | {:.2f} ms ({:.2f}, {:.2f}) | {:.2f} ms ({:.2f}, {:.2f}) | {} |".format(
                    level, 1000 * a["median"], 1000 * a["p95"], 1000 * a["max"], 1000 * b["median"], 1000 * b["p95"], 1000 * b["max"], slowdown))
            out.append("")
        out += ["A median far below its p95 means most of that bot's decisions are steps of a plan it searched once "
                "(Phở Phở's Hard searches at each Serve or Restock choice, then picks and places the cards one by one); "
                "the p95 and the maximum are the searches.", ""]
    if "winrates" in results:
        out += ["## Bot levels against each other (CPython)", ""]
        for game_id, rows in results["winrates"].items():
            out += ["### {}".format(GAMES[game_id].info.title), "",
                    "| seats | games | win rate by seat | mean score by seat | mean length (actions) | mean length (turns) |",
                    "|---|---|---|---|---|---|"]
            for r in rows:
                out.append("| {} | {} | {} | {} | {:.1f} | {} |".format(
                    " vs ".join(r["levels"]), r["games"], " / ".join("{:.0%}".format(w) for w in r["win_rate"]),
                    " / ".join("{:.1f}".format(x) for x in r["mean_score"]), r["mean_length"],
                    "{:.1f}".format(r["mean_turns"]) if r.get("mean_turns") else "—"))
            out.append("")
        out.append("A shared win counts 1/k for each of the k tied winners. Mojo's scores are points against you: "
                   "the lowest total wins.")
        out.append("")
    if "solo" in results:
        out += ["## Solo: mean score per bot level (CPython)", ""]
        for game_id, rows in results["solo"].items():
            out += ["### {}".format(GAMES[game_id].info.title), "",
                    "| bot | games | mean score | mean length (actions) |", "|---|---|---|---|"]
            for r in rows:
                out.append("| {} | {} | {:.1f} | {:.1f} |".format(r["levels"][0], r["games"], r["mean_score"][0], r["mean_length"]))
            out.append("")
    with open(path, "w") as f:
        f.write("\n".join(out))


WINRATE_PAIRINGS = {
    "thenumber": [["hard", "normal", "easy"], ["hard", "normal"], ["normal", "easy"], ["hard", "easy"]],
    # 2 and 4 players; with 4, the level named first holds one seat against three of the other.
    "phopho": [["hard", "normal"], ["normal", "easy"], ["hard", "easy"],
               ["hard", "normal", "normal", "normal"], ["normal", "easy", "easy", "easy"], ["hard", "normal", "easy", "easy"]],
    # 4 players (issue 4): the three levels together, then each level against three of the one below.
    "hoipho": [["hard", "normal", "easy", "easy"], ["hard", "normal", "normal", "normal"],
               ["normal", "easy", "easy", "easy"], ["hard", "easy", "easy", "easy"]],
    "mojo": [["hard", "normal", "easy"], ["hard", "normal"], ["normal", "easy"], ["hard", "easy"], ["hard", "normal", "normal", "normal"]],
    "flowers": [["hard", "normal", "easy"], ["hard", "normal"], ["normal", "easy"], ["hard", "easy"], ["hard", "normal", "normal", "normal"]],
}
SOLO_LEVELS = {"flowers": ["easy", "normal", "hard"]}  # games played alone: mean score per level


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="startup,snapshot,clicks,engine,share,winrates,solo")
    parser.add_argument("--rounds", type=int, default=7, help="visits per page for start-up")
    parser.add_argument("--games", type=int, default=200, help="games per bot pairing")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of random games per runtime")
    parser.add_argument("--decisions", type=int, default=20, help="bot decisions timed per level")
    parser.add_argument("--clicks", type=int, default=40, help="timed clicks per game (every game's typical click)")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    args = parser.parse_args(argv)
    only = set(args.only.split(","))

    from playwright.sync_api import sync_playwright

    lock = json.load(open(os.path.join(ROOT, "package-lock.json")))["packages"]
    results = {"info": {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": machine(), "cores": os.cpu_count(), "platform": platform.platform(),
        "python": platform.python_version(),
        "pyodide": lock["node_modules/pyodide"]["version"], "pyscript": lock["node_modules/@pyscript/core"]["version"],
    }}
    server, base = headless.start_server()
    host_dir = tempfile.mkdtemp()
    with open(os.path.join(host_dir, "embed.html"), "w") as f:
        f.write('<!doctype html><h1>A blog post</h1><iframe src="{}?game=thenumber&embed=1&seats=human,normal&seed=1" '
                'width="900" height="700"></iframe>'.format(base))
    host_server, host = headless.start_server(root=host_dir)
    host = host.replace("127.0.0.1", "localhost")  # another origin than the app's
    with sync_playwright() as playwright:
        browser = headless.launch(playwright)
        results["info"]["chromium"] = browser.version
        if "startup" in only:
            print("start-up...", flush=True)
            results["startup"] = startup(browser, base, args.rounds, host)
        if "snapshot" in only:
            print("snapshot start-up...", flush=True)
            before_dir = os.path.join(tempfile.mkdtemp(), "site")
            dist.build(before_dir)
            config = os.path.join(before_dir, "pyscript.toml")
            text = open(config).read().replace('interpreter = "./www/interpreter.mjs"', 'interpreter = "./www/vendor/pyodide/pyodide.mjs"')
            open(config, "w").write(text)
            before_server, before_base = headless.start_server(root=before_dir)
            results["snapshot"] = snapshot_startup(browser, base, before_base, max(3, args.rounds))
            before_server.shutdown()
        if "clicks" in only:
            print("clicks...", flush=True)
            results["clicks"] = clicks(browser, base, 2)
            print("clicks in every game...", flush=True)
            results["typical_clicks"] = typical_clicks(browser, base, args.clicks)
        if "engine" in only:
            print("engine (browser)...", flush=True)
            browser_engine = engine_in_browser(browser, base, args.seconds, args.decisions)
            print("engine (CPython)...", flush=True)
            results["engine"] = {"cpython": engine_bench.run_all(args.seconds, args.decisions), "browser": browser_engine}
        browser.close()
    server.shutdown()
    host_server.shutdown()
    if "share" in only:
        results["share"] = share_sizes()
    if "winrates" in only:
        results["winrates"] = {}
        for game_id, pairings in WINRATE_PAIRINGS.items():
            print("win rates {}...".format(game_id), flush=True)
            results["winrates"][game_id] = winrates(game_id, pairings, args.games)
    if "solo" in only:
        results["solo"] = {}
        for game_id, levels in SOLO_LEVELS.items():
            print("solo scores {}...".format(game_id), flush=True)
            results["solo"][game_id] = winrates(game_id, [[level] for level in levels], args.games)
    write_results(results, args.out)
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print(open(args.out).read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
