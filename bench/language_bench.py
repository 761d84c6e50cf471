"""Issue 28's figures (not a test): python3 bench/language_bench.py [--rounds N] [--clicks N]

Side by side in one run, the pages alternating visit by visit:
  start   time to <html data-ready> on a repeat visit (start-up snapshot) and a first visit:
          the site before issue 28 (BEFORE), today's in English and today's in Vietnamese
          (a page with &lang=vi: its catalogue comes with the page, gettext reads it), against
          the bare PyScript page. English and Vietnamese are served from two origins, so that
          each keeps its own snapshot and service-worker-free cache, as two visitors would.
  clicks  click to updated board (DOM) and to the next frame, for every game's typical click
          (run.py's TYPICAL_CLICK) in English and in Vietnamese, 1 human + Easy bots.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for folder in ("py", "tools", "bench"):
    sys.path.insert(0, os.path.join(ROOT, folder))

import headless  # noqa: E402
import startup_bench  # noqa: E402
from games import GAMES  # noqa: E402
from run import CLICK_PROBE, READY_PROBE, TYPICAL_CLICK, percentile  # noqa: E402

BEFORE = "64ac75b"  # the last commit before issue 28


def build_before(dest):
    """The whole site at BEFORE, with today's runtime (the same Pyodide) packed as it packed it."""
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", dest, BEFORE], check=True, capture_output=True)
    os.symlink(os.path.join(ROOT, "node_modules"), os.path.join(dest, "node_modules"))
    subprocess.run([sys.executable, "tools/vendor.py"], cwd=dest, check=True, capture_output=True)
    subprocess.run([os.path.join(ROOT, ".venv", "bin", "python"), "tools/pack.py"], cwd=dest, check=True, capture_output=True)
    return dest


def start_figures(browser, rounds):
    before_dir = build_before(os.path.join(tempfile.mkdtemp(), "before"))
    servers = []
    try:
        bases = {}
        for name, root in (("before", before_dir), ("en", ROOT), ("vi", ROOT)):
            server, base = headless.start_server(root=root)
            servers.append(server)
            bases[name] = base
        pages = {"bare": bases["en"] + "bench/bare.html", "before": bases["before"],
                 "en": bases["en"], "vi": bases["vi"] + "?lang=vi"}  # English: a plain visit, as before
        repeat, _phases, _started, first = startup_bench._visits(browser, READY_PROBE, pages, pages, rounds)
    finally:
        for server in servers:
            server.shutdown()
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", before_dir], capture_output=True)
        shutil.rmtree(os.path.dirname(before_dir), ignore_errors=True)
    out = {}
    for kind, times in (("repeat", repeat), ("first", first)):
        out[kind] = {name: {"median": statistics.median(t),
                            "paired": statistics.median(a / b for a, b in zip(t, times["bare"]))} for name, t in times.items()}
    return out


def click_figures(browser, base, per_game):
    """Every game's typical click, English and Vietnamese one game after the other."""
    out = {}
    for game_id in sorted(GAMES):
        for lang in ("en", "vi"):
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            context.add_init_script(CLICK_PROBE)
            page = context.new_page()
            seats = ",".join(["human"] + ["easy"] * (max(2, GAMES[game_id].info.min_players) - 1))
            url = base + "?game={}&seats={}&seed={{}}&lang={}".format(game_id, seats, lang)
            seed, acts, samples = 1, 0, []
            page.goto(url.format(seed))
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            while acts < per_game:
                # The viewer's turn, in any language: a move on offer and no bot thinking.
                page.wait_for_function("(sel) => document.querySelector('html[data-over]') || "
                                       "(document.querySelector(sel) && !document.querySelector('.thinking'))",
                                       arg=TYPICAL_CLICK, timeout=60_000)
                if page.locator("html[data-over]").count():
                    samples += page.evaluate("window.__clicks")
                    seed += 1
                    page.goto(url.format(seed))
                    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                    continue
                if page.locator("#confirm-move").count():
                    page.click("#confirm-move [data-act=confirm-move]")
                    continue
                page.locator(TYPICAL_CLICK).first.click()
                acts += 1
                page.wait_for_function("() => window.__pending === null")
            samples = [s for s in samples + page.evaluate("window.__clicks") if s["act"] != "confirm-move"]
            context.close()
            dom, frame = [s["dom"] for s in samples], [s["frame"] for s in samples]
            out.setdefault(game_id, {})[lang] = {"n": len(dom), "dom_median": statistics.median(dom), "dom_p95": percentile(dom, 0.95),
                                                 "frame_median": statistics.median(frame), "frame_p95": percentile(frame, 0.95)}
    return out


def report(start, clicks, rounds, per_game):
    lines = ["", "## Issue 28: English and Vietnamese side by side ({})".format(
        datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")), ""]
    if start:
        lines += ["Time to ready, median of {} visits per page (ms), and the median of the visit-by-visit ratio to the bare page "
                  "(before = {}).".format(rounds, BEFORE), "",
                  "| visit | bare | before | English | Vietnamese |", "|---|---|---|---|---|"]
        for kind in ("repeat", "first"):
            row = start[kind]
            lines.append("| {} | {:.0f} | {:.0f} ({:.2f}x) | {:.0f} ({:.2f}x) | {:.0f} ({:.2f}x) |".format(
                kind, row["bare"]["median"], *[v for n in ("before", "en", "vi") for v in (row[n]["median"], row[n]["paired"])]))
        lines.append("")
    if clicks:
        lines += ["Click to updated board, {} clicks per game and language (ms: DOM median / p95, next frame median / p95).".format(per_game), "",
                  "| game | English | Vietnamese |", "|---|---|---|"]
        for game_id, row in clicks.items():
            lines.append("| {} | {} | {} |".format(GAMES[game_id].info.title, *[
                "{dom_median:.1f} / {dom_p95:.1f}, {frame_median:.1f} / {frame_p95:.1f}".format(**row[lang]) for lang in ("en", "vi")]))
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--only", default="start,clicks")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    start = clicks = None
    server, base = headless.start_server()
    try:
        with sync_playwright() as playwright:
            browser = headless.launch(playwright)
            if "start" in args.only:
                print("start-up...", flush=True)
                start = start_figures(browser, args.rounds)
            if "clicks" in args.only:
                print("clicks...", flush=True)
                clicks = click_figures(browser, base, args.clicks)
            browser.close()
    finally:
        server.shutdown()
    text = report(start, clicks, args.rounds, args.clicks)
    print(text)
    with open(args.out, "a", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
