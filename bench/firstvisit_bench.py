"""The `firstvisit` section of bench/run.py (issue 29): what a first visit downloads and how long
it takes, on a fast local link and on a phone's link (Chromium's network emulation: 10 Mbit/s
down, 40 ms of latency), and repeat visits with the service worker, for three pages served side
by side by servers that do not compress: the bare PyScript page on the same runtime, the app as
it was before the packed files (BEFORE_COMMIT) and the app now. The pages alternate visit by
visit, in an order that rotates round by round, so that all see the same load on the machine."""

import os
import shutil
import statistics
import subprocess
import tarfile
import tempfile
import urllib.parse

import headless

ROOT = headless.ROOT
BEFORE_COMMIT = "4e6408e"  # the last commit before issue 29: the runtime as npm ships it
PHONE_LINK = {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8}


def build_before(dest):
    """The site at BEFORE_COMMIT, with today's www/vendor/ (the same pinned runtime)."""
    archive = subprocess.run(["git", "-C", ROOT, "archive", BEFORE_COMMIT], capture_output=True, check=True).stdout
    os.makedirs(dest)
    archive_path = os.path.join(os.path.dirname(dest), "before.tar")
    with open(archive_path, "wb") as f:
        f.write(archive)
    with tarfile.open(archive_path) as tar:
        tar.extractall(dest)
    shutil.copytree(os.path.join(ROOT, "www", "vendor"), os.path.join(dest, "www", "vendor"))
    return dest


def _rotated(pages, round_):
    items = list(pages.items())
    shift = round_ % len(items)
    return items[shift:] + items[:shift]


def _first_visit(browser, url, probe, link):
    """(ms to data-ready, bytes received, requests) in a fresh profile with no service worker."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(probe)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if link:
        cdp.send("Network.emulateNetworkConditions", link)
    received = []
    cdp.on("Network.loadingFinished", lambda event: received.append(event["encodedDataLength"]))
    page.goto(url)
    page.wait_for_function("window.__readyAt !== null", timeout=300_000)
    ready = page.evaluate("window.__readyAt")
    context.close()
    return ready, sum(received), len(received)


def _repeat_visits(browser, pages, probe, rounds):
    """Each page in a profile that visited it once (service worker installed, snapshot stored
    where the page makes one), then reloaded `rounds` times."""
    contexts, times = {}, {name: [] for name in pages}
    for name, url in pages.items():
        context = browser.new_context()
        context.add_init_script(probe)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__readyAt !== null", timeout=300_000)
        if "bare" not in url:
            page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=300_000)
            page.wait_for_selector("html[data-snapshot='stored']", state="attached", timeout=300_000)
        contexts[name] = (context, page)
    for round_ in range(rounds):
        for name, url in _rotated(pages, round_):
            page = contexts[name][1]
            page.goto(urllib.parse.urljoin(url, "/www/icon.svg"))  # the same settling as the snapshot section
            page.wait_for_timeout(500)
            page.goto(url)
            page.wait_for_function("window.__readyAt !== null", timeout=120_000)
            times[name].append((page.evaluate("window.__readyAt"), page.get_attribute("html", "data-start")))
    for context, _ in contexts.values():
        context.close()
    return times


def first_visit(browser, base, probe, rounds):
    before_server, before_base = headless.start_server(root=build_before(os.path.join(tempfile.mkdtemp(), "site")))
    pages = {"bare": base + "bench/bare.html", "before": before_base, "after": base}
    out = {"rounds": rounds, "before_commit": BEFORE_COMMIT, "link": PHONE_LINK}
    try:
        for label, link in (("fast", None), ("phone", PHONE_LINK)):
            print("first visits, {} link...".format(label), flush=True)
            visits = {name: [] for name in pages}
            for round_ in range(rounds):
                for name, url in _rotated(pages, round_):
                    visits[name].append(_first_visit(browser, url, probe, link))
            out[label] = _summary(visits)
        print("repeat visits (service worker, snapshot)...", flush=True)
        repeat = _repeat_visits(browser, pages, probe, rounds)
        out["repeat"] = _summary({name: [(t, 0, 0) for t, _ in v] for name, v in repeat.items()})
        out["repeat"]["started"] = {name: sorted({s or "" for _, s in v}) for name, v in repeat.items()}
    finally:
        before_server.shutdown()
    return out


def _summary(visits):
    times = {name: [v[0] for v in vs] for name, vs in visits.items()}
    return {
        "times": times,
        "median": {name: statistics.median(t) for name, t in times.items()},
        "bytes": {name: statistics.median(v[1] for v in vs) for name, vs in visits.items()},
        "requests": {name: statistics.median(v[2] for v in vs) for name, vs in visits.items()},
        # visit by visit (one round's pages are visited one after another): the median of ratios
        "paired": {name: statistics.median(a / b for a, b in zip(t, times["bare"])) for name, t in times.items()},
    }


def write(results, out):
    if "firstvisit" not in results:
        return out
    r = results["firstvisit"]
    names = {"bare": "bare PyScript page", "before": "the app before ({})".format(r["before_commit"]), "after": "the app now (packed files)"}
    out += ["## A first visit: bytes and time to `data-ready` ({} visits each, pages alternating)".format(r["rounds"]), "",
            "Servers that do not compress; fresh profiles; the phone's link is Chromium's emulation of 10 Mbit/s down "
            "with 40 ms of latency. Ratios are medians of visit-by-visit ratios to the bare page.", "",
            "| page | bytes received | requests | fast link: median (ratio) | phone's link: median (ratio) | repeat visit: median (ratio) |",
            "|---|---|---|---|---|---|"]
    for name, label in names.items():
        fast, phone, repeat = r["fast"], r["phone"], r["repeat"]
        out.append("| {} | {:.2f} MB | {:.0f} | {:.0f} ms ({:.2f}) | {:.0f} ms (**{:.2f}**) | {:.0f} ms ({:.2f}) |".format(
            label, fast["bytes"][name] / 1e6, fast["requests"][name], fast["median"][name], fast["paired"][name],
            phone["median"][name], phone["paired"][name], repeat["median"][name], repeat["paired"][name]))
    out += ["", "Goals (issue 29): at most 5 MB; at most 0.45 x the bare page on the phone's link; within 1.05 x on a fast "
                "link; repeat visits no slower than before. Repeat visits start from: {}.".format(
                    ", ".join("{} {}".format(n, "/".join(s) or "-") for n, s in r["repeat"]["started"].items())), ""]
    return out
