"""Issue 37's figures for Hard in the page (not a test): python3 bench/thinking_bench.py [--moves N] [--game ids] [--players N]

For each title, a game of Hard bots only (speed instant) is watched in headless Chromium, twice
in one run, the two pages alternating: with the search in slices (today: tabletop.bots' breather
hands the browser a turn every 10 ms, webui/browser.py `think`) and in one go (`&slices=off`, as
before). Meanwhile a real mouse click (CDP input, as a player's) lands on the Rules button 50 ms
after the last one was handled; each opens or closes the rules panel. The browser's long tasks
(over 50 ms, PerformanceObserver) are counted too: a click that arrives during one waits for it.
Each title seats four Hards (Flowers two) unless --players says otherwise (kept within the
title's counts; heads-up Phở Phở: `--game phopho --players 2`).

  decision  ms between two moves shown (#game[data-moves] changed): a bot's whole step, its search,
            its move and the redraw (a step decided by rules of thumb is quick; the searched ones
            make the p95)
  click     ms from the click's input event (event.timeStamp: when the browser got it) to the
            page changed by it (a MutationObserver), and to the next frame

Prints a table and appends a dated section to bench/RESULTS.md.
"""

import argparse
import datetime
import os
import statistics
import time

from bench_start import ROOT, use_venv  # noqa: E402

use_venv()

import headless  # noqa: E402
from games import GAMES  # noqa: E402
from run import percentile  # noqa: E402

CLICK_EVERY = 0.05  # seconds between a click handled and the next one on Rules
MODES = (("slices", ""), ("one go", "&slices=off"))

PROBE = """
(() => {
  const b = window.__think = {moves: [], clicks: [], longtasks: []};
  new PerformanceObserver(list => { for (const t of list.getEntries()) b.longtasks.push([t.startTime, t.duration]); })
    .observe({type: 'longtask', buffered: true});
  let pending = null, lastMoves = null;
  addEventListener('click', e => {
    if (e.target.closest && e.target.closest('[data-act=rules]')) pending = {input: e.timeStamp};
  }, true);
  new MutationObserver(() => {
    const game = document.querySelector('#game');
    const moves = game ? game.dataset.moves : null;
    if (moves !== null && moves !== lastMoves) { lastMoves = moves; b.moves.push(performance.now()); }
    if (!pending) return;
    const p = pending; pending = null;
    p.dom = performance.now() - p.input;
    requestAnimationFrame(() => { p.frame = performance.now() - p.input; b.clicks.push(p); });
  }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-moves']});
})();
"""


def watch(browser, base, game_id, extra, moves, seed, players=None):
    """Hard bots play `moves` moves (or the game) while Rules is clicked: (decisions, clicks)."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script(PROBE)
    page = context.new_page()
    page.set_default_timeout(120_000)
    info = GAMES[game_id].info
    if not players:
        players = 2 if game_id == "flowers" else 4
    players = max(info.min_players, min(players, info.max_players))
    page.goto(base + "?game={}&seats={}&seed={}&speed=instant{}".format(game_id, ",".join(["hard"] * players), seed, extra))
    page.wait_for_selector("html[data-ready] #game", state="attached", timeout=120_000)
    box = None
    while box is None:  # the bar is redrawn with every move: the button's box once it is there
        box = page.evaluate("() => { const r = document.querySelector('button[data-act=rules]').getBoundingClientRect(); "
                            "return r.width ? {x: r.x, y: r.y, width: r.width, height: r.height} : null; }")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    while True:
        page.mouse.click(x, y)
        time.sleep(CLICK_EVERY)
        done = page.evaluate("() => +document.querySelector('#game').dataset.moves")
        if done >= moves or page.locator("html[data-over]").count():
            break
    page.wait_for_timeout(300)
    data = page.evaluate("window.__think")
    context.close()
    times = data["moves"]
    # the long tasks once the game is on (the page's start is bench/startup_bench.py's business)
    longtasks = [d for start, d in data["longtasks"] if times and start > times[0]]
    return [b - a for a, b in zip(times, times[1:])], data["clicks"], longtasks


def summary(values):
    if not values:
        return "—"
    return "{:.0f} / {:.0f}".format(statistics.median(values), percentile(values, 0.95))


def tasks(durations):
    if not durations:
        return "0"
    return "{}, {:.0f}, {:.0f}".format(len(durations), percentile(durations, 0.95), max(durations))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=40, help="moves watched per title and mode")
    parser.add_argument("--game", default="", help="only these game ids (comma-separated)")
    parser.add_argument("--players", type=int, default=0, help="Hard bots at each table (default: 4, Flowers 2)")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    args = parser.parse_args(argv)
    chosen = [g for g in args.game.split(",") if g] or sorted(GAMES)

    from playwright.sync_api import sync_playwright

    server, base = headless.start_server()
    rows = []
    with sync_playwright() as playwright:
        browser = headless.launch(playwright)
        for game_id in chosen:
            found = {}
            for name, extra in MODES:
                print("{} ({})...".format(game_id, name), flush=True)
                found[name] = watch(browser, base, game_id, extra, args.moves, seed=1, players=args.players)
            rows.append((GAMES[game_id].info.title, found))
        chromium = browser.version
    server.shutdown()
    head = ("| title | decision ms, slices (median / p95) | one go | click to page ms, slices (median / p95) | one go "
            "| click to frame ms, slices | one go | clicks, slices / one go | tasks over 50 ms, slices: count, p95, longest "
            "| one go |")
    lines = [head, "|" + "---|" * 10]
    for title, found in rows:
        (dec_s, clk_s, long_s), (dec_o, clk_o, long_o) = found["slices"], found["one go"]
        lines.append("| {} | {} | {} | {} | {} | {} | {} | {} / {} | {} | {} |".format(
            title, summary(dec_s), summary(dec_o), summary([c["dom"] for c in clk_s]), summary([c["dom"] for c in clk_o]),
            summary([c["frame"] for c in clk_s if "frame" in c]), summary([c["frame"] for c in clk_o if "frame" in c]),
            len(clk_s), len(clk_o), tasks(long_s), tasks(long_o)))
    table = "\n".join(lines)
    print(table)
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    with open(args.out, "a") as f:
        f.write("\n## Hard in the page: decision time, and clicks while it thinks ({}, Chromium {}, {} moves a title)\n\n"
                "`python3 bench/thinking_bench.py{}`: Hard bots only, speed instant; a mouse click on Rules every {} ms. "
                "Slices: the search hands the browser a turn every 10 ms (today); one go: `&slices=off`.\n\n{}\n"
                .format(when, chromium, args.moves, " --players {}".format(args.players) if args.players else "", int(CLICK_EVERY * 1000), table))


if __name__ == "__main__":
    main()
