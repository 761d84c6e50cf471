"""Browsers that talk to each other over WebRTC, for the cross-device tests: a network namespace
of their own per test worker, with the site, a Nostr relay and Chromium inside it.

WebRTC between two browser contexts works here only inside a network namespace that has `lo` up
and an `ifb` device with a private address and a default route through it: with loopback alone
Chromium gathers no ICE candidate. The namespace has no link to any other network, so nothing a
test sends leaves it. It is held by `unshare -n sleep infinity` (root) and configured with
`nsenter -t PID -n ip ...`; the site (tools/serve.py), the relay (tools/relay.py, from .venv) and
Chromium (a wrapper script `exec nsenter -t PID -n chromium "$@"` given to Playwright as its
executable: Playwright talks to it over a pipe) run inside it, the test process outside.

Fixtures (import both into a test module: `from netns import devices, devices_session  # noqa: F401`):
- `devices_session` (one per test worker) and `devices` (the same, per test): a Devices with
  .browser, .site (the site's URL inside the namespace), .relay (the relay's ws:// URL),
  .unreachable_relay (a ws:// URL where nothing listens), .address (the namespace's own address: the site and relay listen there too),
  .new_context(**options) (a fresh context with its own storage, service workers blocked; with
  snapshot=True its Cache Storage gets the start-up snapshot first, so that the app starts as a
  repeat visit does), .new_page(context) (a page that records its errors and console lines, see
  .check_page) and .blank(context) (a page of the site's origin without the app: for modules).
  Contexts made by new_context are closed when the test ends.

Run alone, `python3 tests/netns.py serve PORT FOLDER` is the site server of the namespace (the
site, and FOLDER's files under /__test__/ for the snapshot)."""

import base64
import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV_PYTHON = os.path.join(ROOT, ".venv", "bin", "python")
# Inside each worker's namespace, so the same everywhere: nothing else listens there.
ADDRESS, GATEWAY, PREFIX = "10.77.0.1", "10.77.0.2", 24
SITE_PORT, RELAY_PORT = 8000, 7447
CLOSED_PORT = 9  # nothing listens on it inside the namespace: a relay that cannot be reached
TEST_FILES = "/__test__/"
BLANK = TEST_FILES + "blank.html"  # a page of the site's origin that does not start the app
START_TIMEOUT = 30  # s, for the relay and the site to listen
PR_SET_PDEATHSIG = 1


def _die_with_parent():
    """In the child before exec: killed if the test process dies, so no namespace outlives it."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class Namespace:
    """A network namespace with lo up and ifb0 at ADDRESS/PREFIX, default route through it."""

    def __init__(self, device="ifb0"):
        self.processes = []
        self.holder = subprocess.Popen(["unshare", "-n", "sleep", "infinity"], preexec_fn=_die_with_parent)
        self.pid = self.holder.pid
        try:
            self._wait_entered()
            for command in (["ip", "link", "set", "lo", "up"],
                            ["ip", "link", "add", device, "type", "ifb"],
                            ["ip", "addr", "add", "{}/{}".format(ADDRESS, PREFIX), "dev", device],
                            ["ip", "link", "set", device, "up"],
                            ["ip", "route", "add", "default", "via", GATEWAY, "dev", device]):
                self.check(command)
        except Exception:
            self.close()
            raise

    def _wait_entered(self):
        """unshare has made the namespace once /proc/PID/ns/net differs from ours."""
        ours = os.readlink("/proc/self/ns/net")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if os.readlink("/proc/{}/ns/net".format(self.pid)) != ours:
                    return
            except OSError:
                pass
            if self.holder.poll() is not None:
                break
            time.sleep(0.02)
        raise RuntimeError("unshare -n did not make a network namespace (it needs root)")

    def command(self, argv):
        return ["nsenter", "-t", str(self.pid), "-n"] + list(argv)

    def check(self, argv):
        subprocess.run(self.command(argv), check=True, capture_output=True, timeout=30)

    def start(self, argv, log):
        """A long-running process inside the namespace (stopped by close); output to `log`."""
        process = subprocess.Popen(self.command(argv), stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        self.processes.append(process)
        return process

    def wait_port(self, port, process, log_path):
        """Wait until something listens on `port` inside the namespace."""
        probe = ("import socket, sys, time\n"
                 "deadline = time.monotonic() + {}\n"
                 "while time.monotonic() < deadline:\n"
                 "    try:\n"
                 "        socket.create_connection(('127.0.0.1', {}), 1).close(); sys.exit(0)\n"
                 "    except OSError: time.sleep(0.05)\n"
                 "sys.exit(1)\n").format(START_TIMEOUT, port)
        done = subprocess.run(self.command([sys.executable, "-c", probe]), timeout=START_TIMEOUT + 10)
        if done.returncode != 0 or process.poll() is not None:
            with open(log_path, errors="replace") as f:
                raise RuntimeError("nothing listens on port {} in the namespace:\n{}".format(port, f.read()[-3000:]))

    def chromium_wrapper(self, folder, chromium):
        path = os.path.join(folder, "chromium-in-namespace")
        with open(path, "w") as f:
            f.write('#!/bin/sh\nexec nsenter -t {} -n {} "$@"\n'.format(self.pid, chromium))
        os.chmod(path, 0o755)
        return path

    def close(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in reversed(self.processes):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.holder.kill()
        self.holder.wait()


class Devices:
    """What the `devices` fixture gives: see the module's docstring."""

    def __init__(self, browser, namespace, folder):
        self.browser = browser
        self.namespace = namespace
        self.folder = folder
        self.site = "http://127.0.0.1:{}/".format(SITE_PORT)
        self.relay = "ws://127.0.0.1:{}".format(RELAY_PORT)
        self.unreachable_relay = "ws://127.0.0.1:{}".format(CLOSED_PORT)
        self.address = ADDRESS
        self.contexts = []
        self._snapshot = None

    def new_context(self, snapshot=False, **options):
        context = self.browser.new_context(service_workers="block", **options)
        self.contexts.append(context)
        if snapshot:
            self._seed(context)
        return context

    def new_page(self, context=None):
        page = (context or self.new_context()).new_page()
        page.errors = []
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        page.console_lines = []
        page.on("console", lambda msg: page.console_lines.append("{}: {}".format(msg.type, msg.text)))
        return page

    def blank(self, context=None):
        """A page of the site's origin without the app, for tests of the site's own modules."""
        page = self.new_page(context)
        page.goto(self.site + BLANK.lstrip("/"))
        return page

    @staticmethod
    def check_page(page):
        assert not page.errors, "errors on the page: {}\nconsole:\n{}".format(page.errors, "\n".join(page.console_lines[-40:]))

    def close_contexts(self):
        for context in self.contexts:
            with contextlib.suppress(Exception):
                context.close()
        self.contexts = []

    def _seed(self, context):
        """The start-up snapshot of a first visit inside the namespace, made once per worker."""
        from conftest import WRITE_SNAPSHOT, first_visit_snapshot  # tests/conftest.py

        if self._snapshot is None:
            stored = first_visit_snapshot(self.browser, self.site)
            with open(os.path.join(self.folder, "snapshot.bin"), "wb") as f:
                f.write(base64.b64decode(stored["body"]))
            self._snapshot = [stored["key"], stored["headers"], self.site + TEST_FILES.lstrip("/") + "snapshot.bin"]
        page = context.new_page()
        try:
            page.goto(self.site + BLANK.lstrip("/"))
            page.evaluate(WRITE_SNAPSHOT, self._snapshot)
        finally:
            page.close()


def start_devices(playwright_chromium, folder):
    """A Namespace with the site, the relay and Chromium inside: (Devices, namespace, browser).
    `playwright_chromium` is Playwright's chromium browser type (browser.browser_type)."""
    from headless import CHROMIUM_ARGS, chromium_path  # tools/headless.py

    if os.geteuid() != 0:
        pytest.fail("the cross-device tests need root (a network namespace of their own)")
    if not os.path.exists(VENV_PYTHON):
        pytest.fail(".venv is missing: run `make test`")
    with open(os.path.join(folder, "blank.html"), "w") as f:
        f.write("<!doctype html><meta charset=utf-8><title>test page</title>\n")
    namespace = Namespace()
    try:
        site_log, relay_log = os.path.join(folder, "site.log"), os.path.join(folder, "relay.log")
        site = namespace.start([sys.executable, os.path.abspath(__file__), "serve", str(SITE_PORT), folder], open(site_log, "w"))
        relay = namespace.start([VENV_PYTHON, os.path.join(ROOT, "tools", "relay.py"), "--host", "0.0.0.0",
                                 "--port", str(RELAY_PORT), "--data", os.path.join(folder, "relay")], open(relay_log, "w"))
        namespace.wait_port(SITE_PORT, site, site_log)
        namespace.wait_port(RELAY_PORT, relay, relay_log)
        chromium = chromium_path(playwright_chromium) or playwright_chromium.executable_path
        wrapper = namespace.chromium_wrapper(folder, chromium)
        browser = playwright_chromium.launch(executable_path=wrapper, args=CHROMIUM_ARGS, headless=True)
    except Exception:
        namespace.close()
        raise
    return Devices(browser, namespace, folder), namespace, browser


@pytest.fixture(scope="session")
def devices_session(browser):
    """One namespace, site, relay and Chromium per test worker (a session per worker). Its
    Chromium is launched by the Playwright of conftest's `browser`."""
    with tempfile.TemporaryDirectory(prefix="netns-") as folder:
        found, namespace, inside = start_devices(browser.browser_type, folder)
        try:
            yield found
        finally:
            with contextlib.suppress(Exception):
                inside.close()
            namespace.close()


@pytest.fixture
def devices(devices_session):
    """The worker's Devices; the contexts a test made are closed after it."""
    yield devices_session
    devices_session.close_contexts()


def serve(port, folder):
    """The site server inside the namespace: tools/serve.py's, with `folder` under /__test__/."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import functools
    import serve as static  # tools/serve.py

    class Handler(static.Handler):
        def translate_path(self, path):
            if path.startswith(TEST_FILES):
                name = os.path.basename(urllib.parse.urlsplit(path).path)
                return os.path.join(folder, name)
            return super().translate_path(path)

    server = static.Server(("0.0.0.0", port), functools.partial(Handler, directory=ROOT))
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        serve(int(sys.argv[2]), sys.argv[3])
