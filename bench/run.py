"""Benchmarks (not tests): `make bench` runs them all and rewrites bench/RESULTS.md.

Every comparison is made side by side in one run (the machines are shared and noisy):
  startup     time to <html data-ready>: the app vs a bare PyScript page on the same runtime
  snapshot    repeat (snapshot) and first visits vs the bare page, quiet and busy, before/after;
              the restore timeline; clicks while the snapshot worker runs (bench/startup_bench.py)
  hostile     time to a clear message or to ready in each hostile place (bench/startup_bench.py)
  firstvisit  bytes and time of a first visit on a fast and a phone's link, and repeat visits,
              the app before/after its packed files vs the bare page (bench/firstvisit_bench.py)
  clicks      click to updated board in a game of The Number (pad key, and Write + reveal), Stem
              and Branch (selecting a card, a whole summon), Coffee Rush (a step, a pour), and one
              typical click of every game
              at normal speed with the move animations on
  engine      random full games per second and bot decision times, CPython and Pyodide
  winrates    bot levels against each other over 200+ games per pairing (CPython, 2 processes);
              for The Number also a fixed exploit against Normal ("undercut": always writing just
              below Normal's usual number); --winrate-games picks the games
  solo        mean score of each bot level alone, for the games that play solo (CPython);
              co-op tables (Stem and Branch) with the rank of the mean score
  fuzz        hostile links, imported files and stored saves (tools/hostile.py): how many refused cleanly
`--game id,...` limits the per-game parts of every section to those games.
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
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for folder in ("py", "tools", "bench"):
    sys.path.insert(0, os.path.join(ROOT, folder))

import engine_bench  # noqa: E402
import firstvisit_bench  # noqa: E402
import headless  # noqa: E402
import hostile  # noqa: E402
import shell  # noqa: E402
import startup_bench  # noqa: E402
from games import GAMES  # noqa: E402
from games.stemandbranch.data import coop_rank  # noqa: E402
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
  window.__pending = {act: el ? el.dataset.act : '?', arg: el ? (el.dataset.arg || '') : '', t0: performance.now()};
}, true);
new MutationObserver(() => {
  const p = window.__pending;
  if (!p) return;
  window.__pending = null;
  const dom = performance.now() - p.t0;
  requestAnimationFrame(() => window.__clicks.push({act: p.act, arg: p.arg, dom: dom, frame: performance.now() - p.t0}));
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


def share_sizes(chosen):
    """Share-link length of a long game of each game, at its largest table, Normal bots."""
    out = {}
    for game_id, game in GAMES.items():
        if game_id not in chosen:
            continue
        players = game.info.player_range()[1]  # with the default options
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


def fuzz(count):
    """Hostile inputs through the functions the app uses (tools/hostile.py): per path, how many
    were refused with a message, how many were still valid games, and any other outcome (an
    exception: a defect, counted rather than raised so that the figure is honest)."""
    out = {path: {"cases": 0, "refused": 0, "accepted": 0, "escaped": 0} for path in hostile.PATHS}
    start = time.perf_counter()
    for path, payload, _ in hostile.cases(count):
        out[path]["cases"] += 1
        try:
            outcome, _ = hostile.check(path, payload)
        except Exception:
            outcome = "escaped"
        out[path][outcome] += 1
    return {"paths": out, "seconds": time.perf_counter() - start, "count": count}


def click_stats(samples, kinds):
    """{label: median and p95 of click to DOM updated and to the next frame} for each (label, test)."""
    out = {}
    for label, test in kinds:
        dom = [s["dom"] for s in samples if test(s)]
        frame = [s["frame"] for s in samples if test(s)]
        if dom:
            out[label] = {"n": len(dom), "dom_median": statistics.median(dom), "dom_p95": percentile(dom, 0.95),
                          "frame_median": statistics.median(frame), "frame_p95": percentile(frame, 0.95)}
    return out


def clicks_coffeerush(browser, base, games):
    """A human against three Easy bots: every step and every pour of the human's turns is timed."""
    context = browser.new_context()
    context.add_init_script(CLICK_PROBE)
    page = context.new_page()
    page.set_default_timeout(120_000)
    for g in range(games):
        page.goto(base + "?game=coffeerush&seats=human,easy,easy,easy&seed={}&speed=instant".format(200 + g))
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        while True:
            page.wait_for_selector("button[data-act='play'], html[data-over] #score-sheet", state="attached")
            if page.locator("html[data-over]").count():
                break
            page.wait_for_function("!document.querySelector('.thinking')")
            buttons = page.locator("button[data-act='play']")
            if not buttons.count():
                continue
            args = buttons.evaluate_all("els => els.map(e => e.dataset.arg)")
            pick = next((a for prefix in ("step:", "pour:", "serve:", "place:", "stop", "done")
                         for a in args if a.startswith(prefix)), args[0])
            button = page.locator("button[data-act='play'][data-arg='{}']".format(pick)).first
            button.evaluate("el => el.setAttribute('data-stale', '1')")
            button.click()
            page.wait_for_function("!document.querySelector('[data-stale]')")
    samples = page.evaluate("window.__clicks")
    context.close()
    return click_stats(samples, (("step (meeple moves, next steps lit)", lambda s: s["arg"].startswith("step:")),
                                 ("pour (cup filled)", lambda s: s["arg"].startswith("pour:"))))


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


# A page's first clicks run code that Pyodide's wasm has not run yet (V8 compiles it then, even
# with the page idle for seconds before): 10-45 ms where the next are 4-7. The report gives the p95
# of all clicks and of those after each page's first COLD_CLICKS.
COLD_CLICKS = 3


def typical_clicks(browser, base, per_game, repeat_visit=False):
    """Click to updated board for every game, 1 human + Easy bots at normal speed, so that the
    move animations run (the bots' pauses are not counted: only the human's clicks are timed).
    Each game in a fresh profile: a first visit, whose first clicks share the two cores with V8
    compiling Pyodide's wasm to its top tier and with the snapshot worker (bench/RESULTS.md,
    2026-12-05); or, `repeat_visit`, after the lobby made the start-up snapshot, so that the game
    starts from it as most visits do."""
    out = {}
    for game_id in sorted(GAMES):
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.add_init_script(CLICK_PROBE)
        page = context.new_page()
        if repeat_visit:
            page.goto(base)
            page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=240_000)
        seed = 1
        seats = ",".join(["human"] + ["easy"] * (max(2, GAMES[game_id].info.min_players) - 1))
        page.goto(base + "?game={}&seats={}&seed={}".format(game_id, seats, seed))
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        if repeat_visit and page.get_attribute("html", "data-start") != "snapshot":
            raise RuntimeError("the repeat visit did not start from the snapshot: {}".format(page.get_attribute("html", "data-start-note")))
        acts, samples, warm = [], [], []
        while len(acts) < per_game:
            page.wait_for_function("() => document.querySelector('html[data-over]') || "
                                   "((document.querySelector('#status') || {textContent: ''}).textContent.startsWith('Your turn') && !document.querySelector('.thinking'))",
                                   timeout=60_000)
            if page.locator("html[data-over]").count():  # the next game, keeping this one's samples
                visit = page.evaluate("window.__clicks")
                samples += visit
                warm += visit[COLD_CLICKS:]
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
        visit = page.evaluate("window.__clicks")
        samples = [s for s in samples + visit if s["act"] != "confirm-move"]
        warm = [s["dom"] for s in warm + visit[COLD_CLICKS:] if s["act"] != "confirm-move"]
        context.close()
        dom = [s["dom"] for s in samples]
        frame = [s["frame"] for s in samples]
        out[GAMES[game_id].info.title] = {"n": len(dom), "acts": ", ".join(sorted(set(acts))),
                                          "dom_median": statistics.median(dom), "dom_p95": percentile(dom, 0.95),
                                          "dom_p95_warm": percentile(warm, 0.95),
                                          "frame_median": statistics.median(frame), "frame_p95": percentile(frame, 0.95)}
    return out


def clicks_stemandbranch(browser, base, games):
    """Click to updated board in Stem and Branch (1 human + 3 Normal bots): selecting a card in
    hand (the spaces light up with their costs) and a summon (the click on a space, or on the
    suggested payment, that places the card and scores it)."""
    context = browser.new_context()
    context.add_init_script(CLICK_PROBE)
    page = context.new_page()
    select, summon = [], []
    for g in range(games):
        page.goto(base + "?game=stemandbranch&seats=human,normal,normal,normal&seed={}&speed=instant".format(200 + g))
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        while True:
            page.wait_for_function("document.documentElement.hasAttribute('data-over') || "
                                   "(document.querySelector('#status') || {}).innerText?.startsWith('Your turn')")
            if page.locator("html[data-over]").count():
                break
            args = page.eval_on_selector_all("button[data-act='play']", "els => els.map(e => e.dataset.arg)")
            page.evaluate("window.__clicks = []")
            if page.locator("button[data-act='sb-pay-suggested']").count():
                page.click("button[data-act='sb-pay-suggested']")
                kind = summon
            elif any(a.startswith("at:") for a in args):
                page.click("button[data-arg='{}']".format(next(a for a in args if a.startswith("at:"))))
                kind = summon if page.locator("button[data-act='sb-pay-suggested']").count() == 0 else None
            elif any(a.startswith("summon:") for a in args):
                page.click("button[data-arg='{}']".format(next(a for a in args if a.startswith("summon:"))))
                kind = select
            else:
                page.click("button[data-arg='{}']".format(next(a for a in args if a.startswith(("draw:", "discard:", "steal:")))))
                kind = None
            page.wait_for_function("window.__clicks.length > 0")
            if kind is not None:
                kind.append(page.evaluate("window.__clicks[0]"))
    context.close()
    out = {}
    for label, samples in (("select a card (spaces light up)", select), ("summon (place, pay, score)", summon)):
        dom = [s["dom"] for s in samples]
        frame = [s["frame"] for s in samples]
        if dom:
            out[label] = {"n": len(dom), "dom_median": statistics.median(dom), "dom_p95": percentile(dom, 0.95),
                          "frame_median": statistics.median(frame), "frame_p95": percentile(frame, 0.95)}
    return out


def engine_in_browser(browser, base, seconds, decisions, only=None):
    lines = ['interpreter = "../www/vendor/pyodide/pyodide.mjs"', "", "[files]"]
    lines += ['"../py/{0}" = "./{0}"'.format(m) for m in shell.modules()]
    lines.append('"./engine_bench.py" = "./engine_bench.py"')
    with open(os.path.join(ROOT, "bench", "engine.toml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "bench/engine.html?seconds={}&decisions={}{}".format(seconds, decisions, "&games=" + ",".join(only) if only else ""))
    page.wait_for_selector("body[data-results]", state="attached", timeout=900_000)
    results = json.loads(page.get_attribute("body", "data-results"))
    context.close()
    return results


# Fixed counter-strategies measured against a level (not levels themselves): name -> (game, policy).
# The policy plays in the "hard" slot of a copy of the game whose Normal is the real one.
EXPLOITS = {"undercut": ("thenumber", "undercut")}


def _game_for(game_id, levels):
    """The game to simulate and the levels to ask for (an exploit takes the "hard" slot)."""
    game = GAMES[game_id]
    exploit = [lv for lv in levels if lv in EXPLOITS]
    if not exploit:
        return game, levels
    import importlib

    bots = importlib.import_module("games.{}.bots".format(game_id))
    policy = getattr(bots, EXPLOITS[exploit[0]][1])
    return type(game)(bots={"normal": game.bots["normal"], "hard": policy}), ["hard" if lv in EXPLOITS else lv for lv in levels]


def _simulate_chunk(args):
    game_id, levels, games, seed, options = args
    game, levels = _game_for(game_id, levels)
    tally = simulate(game, levels, games, seed, options)
    return tally.wins, tally.scores, tally.steps, tally.games, tally.turns


def winrates(game_id, pairings, games, processes=2, options=None):
    out = []
    with multiprocessing.Pool(processes) as pool:
        for levels in pairings:
            half = games // 2
            chunks = [(game_id, levels, half, 1, options), (game_id, levels, games - half, 1 + half, options)]
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
    out = startup_bench.write(results, out)
    out = firstvisit_bench.write(results, out)
    if "share" in results:
        out += ["## Share links", "", "| game | players | moves | link fragment | the moves as JSON |", "|---|---|---|---|---|"]
        for game_id, r in results["share"].items():
            out.append("| {} | {} | {} | {} chars | {} chars |".format(GAMES[game_id].info.title, r["players"], r["moves"], r["chars"], r["json_chars"]))
        out += ["", "The longest of 5 games between Normal bots at the largest table; the fragment carries game, seats, seed and moves.", ""]
    if "fuzz" in results:
        f = results["fuzz"]
        out += ["## Hostile inputs (tools/hostile.py, seed 2026, CPython)", "",
                "| path | cases | refused with a message | still a valid game (names bounded) | anything else escaped |",
                "|---|---|---|---|---|"]
        for way, c in f["paths"].items():
            out.append("| {} | {} | {} ({:.1%}) | {} | {} |".format(way, c["cases"], c["refused"], c["refused"] / max(1, c["cases"]),
                                                                      c["accepted"], c["escaped"]))
        out += ["", "{} cases in {:.1f} s ({:.2f} ms a case). Deep nesting, wrong types, rules version 999, seat `true`, "
                    "zip bombs, files over the size bound, flipped bytes and extra moves.".format(
                        f["count"], f["seconds"], 1000 * f["seconds"] / max(1, f["count"])), ""]
    for key, title in (("clicks", "The Number, 1 human + 3 bots"), ("clicks_stemandbranch", "Stem and Branch, 1 human + 3 Normal bots"),
                       ("clicks_coffeerush", "Coffee Rush, 1 human + 3 Easy bots")):
        if key not in results:
            continue
        out += ["## Click to updated board ({})".format(title), "",
                "| click | samples | to DOM updated, median | p95 | to next frame, median | p95 |", "|---|---|---|---|---|---|"]
        for label, c in results[key].items():
            out.append("| {} | {} | {:.1f} ms | {:.1f} ms | {:.1f} ms | {:.1f} ms |".format(label, c["n"], c["dom_median"], c["dom_p95"], c["frame_median"], c["frame_p95"]))
        out.append("")
    for key, visit in (("typical_clicks", "a first visit"), ("typical_clicks_repeat", "a repeat visit, started from the snapshot")):
        if key not in results:
            continue
        out += ["## Click to updated board, every game, {} (1 human + Easy bots, normal speed, animations on)".format(visit), "",
                "| game | clicks (data-act) | samples | to DOM updated, median | p95 | p95 after the first {} | to next frame, median | p95 |".format(COLD_CLICKS),
                "|---|---|---|---|---|---|---|---|"]
        for title, c in results[key].items():
            out.append("| {} | {} | {} | {:.1f} ms | {:.1f} ms | {:.1f} ms | {:.1f} ms | {:.1f} ms |".format(
                title, c["acts"], c["n"], c["dom_median"], c["dom_p95"], c["dom_p95_warm"], c["frame_median"], c["frame_p95"]))
        out += ["", "Goal: at most 16 ms (one frame) at p95 to the DOM update; animations start after it and never block input.", ""]
    if "engine" in results:
        e = results["engine"]
        out += ["## Engine and bots: CPython vs Pyodide in Chromium", ""]
        for game_id in e["cpython"]:
            cp, br = e["cpython"][game_id], e["browser"][game_id]
            variant = " ({})".format(game_id.split("/")[1]) if "/" in game_id else ""
            out += ["### {}{} ({} players)".format(GAMES[game_id.split("/")[0]].info.title, variant, cp["players"]), "",
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
            variant = " ({})".format(game_id.split("/")[1]) if "/" in game_id else ""
            out += ["### {}{}".format(GAMES[game_id.split("/")[0]].info.title, variant), "",
                    "| seats | games | win rate by seat | mean score by seat | mean length (actions) | mean length (turns) |",
                    "|---|---|---|---|---|---|"]
            for r in rows:
                out.append("| {} | {} | {} | {} | {:.1f} | {} |".format(
                    " vs ".join(r["levels"]), r["games"], " / ".join("{:.0%}".format(w) for w in r["win_rate"]),
                    " / ".join("{:.1f}".format(x) for x in r["mean_score"]), r["mean_length"],
                    "{:.1f}".format(r["mean_turns"]) if r.get("mean_turns") else "—"))
            out.append("")
        out.append("A shared win counts 1/k for each of the k tied winners. Mojo's scores are points against you: "
                   "the lowest total wins. \"undercut\" is not a level but a fixed exploit of The Number: it always "
                   "writes just below the number Normal would most likely write (sharing a digit, to disqualify it).")
        out.append("")
    if "solo" in results:
        out += ["## Solo: mean score per bot level (CPython)", ""]
        for game_id, rows in results["solo"].items():
            out += ["### {}".format(GAMES[game_id].info.title), "",
                    "| bot | games | mean score | mean length (actions) |", "|---|---|---|---|"]
            for r in rows:
                out.append("| {} | {} | {:.1f} | {:.1f} |".format(r["levels"][0], r["games"], r["mean_score"][0], r["mean_length"]))
            out.append("")
    if "coop" in results:
        out += ["## Co-operative play: the team's mean score per bot level (CPython)", ""]
        for game_id, rows in results["coop"].items():
            out += ["### {}".format(GAMES[game_id].info.title), "",
                    "| team | games | mean score | rank of the mean | mean length (turns) |", "|---|---|---|---|---|"]
            for r in rows:
                out.append("| {} | {} | {:.1f} | {} | {:.1f} |".format(" + ".join(r["levels"]), r["games"], r["mean_score"][0],
                                                                     coop_rank(int(r["mean_score"][0])), r["mean_turns"]))
            out.append("")
    with open(path, "w") as f:
        f.write("\n".join(out))


WINRATE_PAIRINGS = {
    "thenumber": [["hard", "normal", "easy"], ["hard", "normal"], ["normal", "easy"], ["hard", "easy"],
                  ["undercut", "normal"], ["undercut", "normal", "normal"]],
    # 2 and 4 players; with 4, the level named first holds one seat against three of the other.
    "phopho": [["hard", "normal"], ["normal", "easy"], ["hard", "easy"],
               ["hard", "normal", "normal", "normal"], ["normal", "easy", "easy", "easy"], ["hard", "normal", "easy", "easy"]],
    # 4 players (issue 4): the three levels together, then each level against three of the one below.
    "hoipho": [["hard", "normal", "easy", "easy"], ["hard", "normal", "normal", "normal"],
               ["normal", "easy", "easy", "easy"], ["hard", "easy", "easy", "easy"]],
    "mojo": [["hard", "normal", "easy"], ["hard", "normal"], ["normal", "easy"], ["hard", "easy"], ["hard", "normal", "normal", "normal"]],
    "flowers": [["hard", "normal", "easy"], ["hard", "normal"], ["normal", "easy"], ["hard", "easy"], ["hard", "normal", "normal", "normal"]],
    # 2 and 4 players, as issue 11 asks: each level against the one below, then one seat against three.
    "coffeerush": [["hard", "normal"], ["normal", "easy"], ["hard", "easy"],
                   ["hard", "normal", "normal", "normal"], ["normal", "easy", "easy", "easy"], ["hard", "normal", "easy", "easy"]],
}
SOLO_LEVELS = {"flowers": ["easy", "normal", "hard"]}  # games played alone: mean score per level
WINRATE_PAIRINGS["stemandbranch"] = [  # competitive: 2 and 4 players (three of the lower level at 4)
    ["hard", "normal"], ["normal", "easy"], ["hard", "easy"],
    ["hard", "normal", "normal", "normal"], ["normal", "easy", "easy", "easy"], ["hard", "normal", "easy", "easy"]]
# Win rates of a variant: "id/variant" -> (options, pairings); chosen with the game's id (--game,
# --winrate-games). Issue 13: the Spirit Scrolls expansion, the three levels at 3 players.
VARIANT_PAIRINGS = {"stemandbranch/scrolls": ({"scrolls": "1"}, [["hard", "normal", "easy"], ["hard", "normal", "normal"],
                                                                 ["normal", "easy", "easy"]])}
# co-op tables: (options, teams); a team's score is shared by its seats
COOP_TABLES = {"stemandbranch": ({"mode": "coop"}, [["easy"], ["normal"], ["hard"], ["normal", "normal"], ["hard", "hard"]])}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="startup,snapshot,firstvisit,hostile,clicks,engine,share,winrates,solo,fuzz")
    parser.add_argument("--fuzz", type=int, default=6_000, help="hostile inputs, a third on each path")
    parser.add_argument("--game", default="", help="limit the per-game parts to these game ids (comma-separated)")
    parser.add_argument("--rounds", type=int, default=7, help="visits per page for start-up")
    parser.add_argument("--games", type=int, default=200, help="games per bot pairing")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of random games per runtime")
    parser.add_argument("--decisions", type=int, default=20, help="bot decisions timed per level")
    parser.add_argument("--winrate-games", default=",".join(WINRATE_PAIRINGS),
                        help="games of the winrates section (a game id, or id/variant for one variant only)")
    parser.add_argument("--clicks", type=int, default=40, help="timed clicks per game (every game's typical click)")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    args = parser.parse_args(argv)
    only = set(args.only.split(","))
    chosen = [g for g in args.game.split(",") if g] or list(GAMES)

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
            results["snapshot"] = startup_bench.snapshot(browser, base, READY_PROBE, args.rounds)
        if "firstvisit" in only:
            results["firstvisit"] = firstvisit_bench.first_visit(browser, base, READY_PROBE, args.rounds)
        if "hostile" in only:
            print("hostile start-up places...", flush=True)
            results["hostile"] = startup_bench.hostile(browser, base, host_dir, host)
        if "clicks" in only:
            print("clicks...", flush=True)
            if "thenumber" in chosen:
                results["clicks"] = clicks(browser, base, 2)
            if "stemandbranch" in chosen:
                results["clicks_stemandbranch"] = clicks_stemandbranch(browser, base, 2)
            if "coffeerush" in chosen:
                results["clicks_coffeerush"] = clicks_coffeerush(browser, base, 2)
            print("clicks in every game...", flush=True)
            results["typical_clicks"] = typical_clicks(browser, base, args.clicks)
            print("clicks in every game, repeat visits...", flush=True)
            results["typical_clicks_repeat"] = typical_clicks(browser, base, args.clicks, repeat_visit=True)
        if "engine" in only:
            print("engine (browser)...", flush=True)
            browser_engine = engine_in_browser(browser, base, args.seconds, args.decisions, chosen)
            print("engine (CPython)...", flush=True)
            results["engine"] = {"cpython": engine_bench.run_all(args.seconds, args.decisions, chosen), "browser": browser_engine}
        browser.close()
    server.shutdown()
    host_server.shutdown()
    if "share" in only:
        results["share"] = share_sizes(chosen)
    if "winrates" in only:
        results["winrates"] = {}
        for game_id, pairings in WINRATE_PAIRINGS.items():
            if game_id not in args.winrate_games.split(",") or game_id not in chosen:
                continue
            print("win rates {}...".format(game_id), flush=True)
            results["winrates"][game_id] = winrates(game_id, pairings, args.games)
        for case, (options, pairings) in VARIANT_PAIRINGS.items():
            game_id = case.split("/")[0]
            if not {game_id, case} & set(args.winrate_games.split(",")) or game_id not in chosen:
                continue
            print("win rates {}...".format(case), flush=True)
            results["winrates"][case] = winrates(game_id, pairings, args.games, options=options)
    if "solo" in only:
        results["solo"] = {}
        for game_id, levels in SOLO_LEVELS.items():
            if game_id not in chosen:
                continue
            print("solo scores {}...".format(game_id), flush=True)
            results["solo"][game_id] = winrates(game_id, [[level] for level in levels], args.games)
        results["coop"] = {}
        for game_id, (options, teams) in COOP_TABLES.items():
            if game_id not in chosen:
                continue
            print("co-op scores {}...".format(game_id), flush=True)
            results["coop"][game_id] = winrates(game_id, teams, args.games, options=options)
    if "fuzz" in only:
        print("fuzz...", flush=True)
        results["fuzz"] = fuzz(args.fuzz)
    write_results(results, args.out)
    # Beside the report: a run written elsewhere (--out /tmp/...) leaves bench/results.json alone.
    default = os.path.abspath(args.out) == os.path.join(ROOT, "bench", "RESULTS.md")
    with open(os.path.join(ROOT, "bench", "results.json") if default else os.path.splitext(args.out)[0] + ".json", "w") as f:
        json.dump(results, f, indent=1)
    print(open(args.out).read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
