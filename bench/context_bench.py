"""What a browser test's page costs Chromium (the test suite's fixed price per test): CPU seconds
of every Chromium process, for a fresh context with the start-up snapshot put in (as
tests/conftest.py's `context`) against the worker's context washed after each test (its
WorkerContexts, which a test's page or device borrows), each followed by a page of The Number
that starts and plays a few moves. Rounds alternate the two. Prints a markdown table.

    python3 bench/context_bench.py [ROUNDS] [PAGES_PER_ROUND]

CPU is read from /proc (user + system of the processes under this one, and the children they
reaped): a renderer that exits is counted by its parent. On a shared machine the wall time moves
with the others' load; the CPU moves less."""

import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tools"), os.path.join(ROOT, "tests"), os.path.join(ROOT, "py")]
from playwright.sync_api import sync_playwright  # noqa: E402

import conftest  # noqa: E402  (tests/conftest.py: the fixtures' own code)
from headless import launch, start_server  # noqa: E402
from test_browser_thenumber import wait_bots_done, write_number  # noqa: E402

MOVES = 4


def tree_cpu():
    """CPU seconds of every process under this one, with the children they reaped."""
    children, spent = {}, {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/{}/stat".format(pid)) as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(pid))
        spent[int(pid)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    total, todo = 0, [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            total += spent.get(child, 0)
            todo.append(child)
    return total / os.sysconf("SC_CLK_TCK")


def play(page, site):
    conftest.open_page(page, site + "?game=thenumber&seats=human,easy&seed=3&speed=instant")
    for _ in range(MOVES):
        wait_bots_done(page)
        before = page.get_attribute("#game", "data-moves")
        write_number(page)
        page.wait_for_function("n => document.querySelector('#game').dataset.moves != n", arg=before)


def fresh(browser, site, snapshot):
    context = browser.new_context(service_workers="block", **conftest.CONTEXT_OPTIONS)
    conftest.seed_snapshot(context, site, snapshot)
    play(context.new_page(), site)
    context.close()


def washed(lender, site):
    context = lender.borrow()
    play(context.new_page(), site)
    lender.give_back(context)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    server, site = start_server()
    results = {"fresh context": [], "washed worker context": []}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        bytes_server, snapshot = conftest.serve_snapshot(browser, site, tempfile.mkdtemp())
        lender = conftest.WorkerContexts(browser, site, snapshot, **conftest.CONTEXT_OPTIONS)
        washed(lender, site)  # its context made and seeded once, as a worker's first test does
        for n in range(rounds):
            cases = [("fresh context", lambda: fresh(browser, site, snapshot)), ("washed worker context", lambda: washed(lender, site))]
            for name, run in cases if n % 2 == 0 else cases[::-1]:
                cpu, wall = tree_cpu(), time.perf_counter()
                for _ in range(pages):
                    run()
                results[name].append(((tree_cpu() - cpu) / pages, (time.perf_counter() - wall) / pages))
        lender.close()
        browser.close()
        bytes_server.shutdown()
    server.shutdown()
    print("| a test's page ({} rounds of {} pages; The Number, {} moves) | Chromium CPU a page, median (min-max) | wall a page, median |".format(rounds, pages, MOVES))
    print("|---|---|---|")
    for name, figures in results.items():
        cpu = [c for c, _ in figures]
        print("| {} | {:.2f} s ({:.2f}-{:.2f}) | {:.2f} s |".format(name, statistics.median(cpu), min(cpu), max(cpu), statistics.median(w for _, w in figures)))


if __name__ == "__main__":
    main()
