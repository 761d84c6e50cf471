# make play   set up and serve the app at http://127.0.0.1:$(PORT)/
# make test   set up and run every test (CPython rules tests + Playwright in headless Chromium)
# make soak   the same with SOAK=1: the long runs (10,000 random games per title in the harness)
# make bench  benchmarks (not tests); results go to bench/RESULTS.md
# make dist   the folder to upload to a static host: dist/
# make relay  a Nostr relay for cross-device play on this machine's networks, on port 7447 or PORT
PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VENDOR := www/vendor
PACKED := www/packed
# Into .venv, one install at a time (`make -j2` runs the setup's steps side by side; pip is not
# made for two installs into one place at once).
INSTALL = flock $(VENV).lock sh -c '$(PYTHON) -m venv $(VENV) && $(VENV)/bin/pip install -q "$$@"' install
# Tests run in parallel (pytest-xdist), one pytest worker more than the cores: browser tests wait
# (for a relay, a reload, a timer) with a core idle, and the extra worker fills those waits.
# Measured on 2 cores, a clean clone's tests: 2 / 3 / 4 workers 16:45 / 15:39 / 17:12 (the machine shared).
# PYTEST_WORKERS=0 runs them in one process. Each worker serves the site and runs its own Chromium;
# tests share nothing on disk.
PYTEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
# A test whose Chromium renderer crashed runs once more (requirements-test.txt); the run says so ("rerun").
# The 15 slowest tests are listed at the end: where the run's minutes go (issue 37's time limit).
PYTEST := $(VENV)/bin/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal --reruns 1 --only-rerun "Target crashed|Page crashed" --durations=15

.PHONY: play test soak bench dist relay setup setup-web setup-test shell clean

play: setup-web shell
	$(PYTHON) tools/serve.py --port $(PORT)

dist: setup-web
	$(PYTHON) tools/dist.py dist

# The setup runs two jobs at once: the packing of www/packed/ (a core's work) beside the test
# tools' installs (mostly waiting). A fresh clone's setup took 65 s one after the other.
test:
	$(MAKE) -j2 setup-test
	$(PYTEST) $(PYTEST_ARGS)

# SOAK=1 selects the long runs of every test that has one (the team's convention).
soak:
	$(MAKE) -j2 setup-test
	SOAK=1 $(PYTEST) $(PYTEST_ARGS)

bench: setup-test
	$(VENV)/bin/python bench/run.py $(BENCH_ARGS)

setup: setup-web setup-test

# Players' browsers find each other through Nostr relays (www/net.mjs); this one (tools/relay.py,
# nostr-relay from requirements-relay.txt) serves a local network. `make play` uses port 8000 for
# the site: PORT given on the command line is the relay's here, else 7447.
RELAY_PORT := $(if $(filter command line,$(origin PORT)),$(PORT),7447)
relay: $(VENV)/.relay-stamp
	$(VENV)/bin/python tools/relay.py --port $(RELAY_PORT)

# The runtime: Pyodide and PyScript from npm (pinned by package-lock.json), copied into
# www/vendor/ so that the site serves everything from its own origin; then the files a first
# visit downloads, gzipped in www/packed/ (tools/pack.py; tools/shell.py packs them again too).
setup-web: $(VENDOR)/.stamp $(PACKED)/.stamp

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

$(VENDOR)/.stamp: node_modules/.package-lock.json tools/vendor.py
	$(PYTHON) tools/vendor.py
	touch $@

$(PACKED)/.stamp: $(VENDOR)/.stamp $(VENV)/.build-stamp tools/pack.py tools/stdlib.py tools/compile_stdlib.mjs www/app-modules.json $(shell find py -name '*.py') $(wildcard www/locale/*.mo)
	$(VENV)/bin/python tools/pack.py
	touch $@

$(VENV)/.build-stamp: requirements-build.txt
	$(INSTALL) -r requirements-build.txt
	touch $@

setup-test: setup-web $(VENV)/.stamp $(VENV)/.relay-stamp
	@tools/chromium.sh

$(VENV)/.stamp: requirements-test.txt requirements-cluster.txt
	$(INSTALL) -r requirements-test.txt
	touch $@

# The relay of `make relay` and of the cross-device tests (tests/netns.py).
$(VENV)/.relay-stamp: requirements-relay.txt
	$(INSTALL) -r requirements-relay.txt
	touch $@

# Regenerate index.html's static lobby, www/app-modules.json, interpreter.mjs's import list and sw.js
# from py/ and www/.
# With the build venv's Python: writing packs the app's modules again, and only that Python has
# zopfli (a system python3 packed them 11 KB bigger, past the first visit's budget in make test).
shell: $(VENV)/.build-stamp
	$(VENV)/bin/python tools/shell.py

clean:
	rm -rf $(VENV) $(VENV).lock node_modules $(VENDOR) $(PACKED) dist
