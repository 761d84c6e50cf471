"""A search left behind (issue 37's page): Hội Phố, a person and three Hard bots, speed instant;
the person picks at once (and asks Hint first, in the second case), so the bots' searches (and
the hint's) are overtaken by the pick. The wait from each pick to the person's next choice, on two
builds of the site served side by side: python3 bench/abandon_bench.py [ROUNDS] OLD_SITE_DIR
(a clone of an earlier commit after `make setup-web`). Prints a markdown table."""

import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from headless import launch, start_server  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHOICES = ".hoipho-card.legal, .hoipho-buttons .legal, html[data-over]"


def run(browser, url, hint):
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    page.goto(url + "?game=hoipho&seats=human,hard,hard,hard&seed=4&speed=instant&hints=on")
    page.wait_for_selector("html[data-ready]", state="attached")
    waits = []
    start = time.perf_counter()
    while page.wait_for_selector(CHOICES, state="attached").get_attribute("data-over") is None:
        before = int(page.get_attribute("#game", "data-moves"))
        if hint:
            page.click("button[data-act='hint']")
        t0 = time.perf_counter()
        page.locator(".hoipho-card.legal, .hoipho-buttons .legal").first.click()
        page.wait_for_function("n => +document.querySelector('#game').dataset.moves > n", arg=before)
        page.wait_for_selector(CHOICES, state="attached")
        waits.append((time.perf_counter() - t0) * 1000)
    total = time.perf_counter() - start
    ctx.close()
    return waits, total


sites = {"before": sys.argv[2], "now": ROOT}
servers = {name: start_server(root=root) for name, root in sites.items()}
res = {(n, h): [] for n in sites for h in (False, True)}
with sync_playwright() as p:
    browser = launch(p)
    for rep in range(int(sys.argv[1]) if len(sys.argv) > 1 else 2):
        for h in (False, True):
            for name in sites:
                waits, total = run(browser, servers[name][1], h)
                res[(name, h)].append(waits)
                print(name, "hint" if h else "pick", len(waits), "decisions", "median %.0f" % statistics.median(waits), "total %.1f s" % total, flush=True)
    browser.close()
for (name, h), runs in res.items():
    allw = sorted(w for r in runs for w in r)
    p95 = allw[int(0.95 * (len(allw) - 1))]
    print("| %s | %s | %d | %.0f | %.0f | %.1f |" % (name, "Hint, then a pick at once" if h else "a pick at once", len(allw), statistics.median(allw), p95, sum(allw) / 1000 / len(runs)))
