// The interpreter module PyScript loads (pyscript.toml: interpreter = "./www/interpreter.mjs").
// It wraps Pyodide's loadPyodide so that every visit after the first boots from a memory
// snapshot of an interpreter that already imported the app's modules (about 4x faster).
//
// - The snapshot lives in Cache Storage under a key made of everything the restore depends on:
//   this module's snapshot format, the Pyodide version and the app version (a hash of every app
//   file, written below by tools/shell.py). A snapshot of another version is never looked at,
//   and is deleted.
// - It is checked (SHA-256) before use; a missing, corrupt or unloadable snapshot is discarded
//   and the page starts the normal way. Where storage is denied, it simply starts the normal way.
// - It is made after the page is ready, by a second Pyodide in a worker (snapshot-worker.mjs),
//   so the visit that makes it is not slowed down.
// - <html data-start> says which path started the page: "snapshot" or "normal"; data-start-note
//   says why a snapshot was not used. ?snapshot=off starts the normal way (for comparisons).
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { whenReady } from "./ready.mjs";

// version:start (tools/shell.py)
const APP_VERSION = "62c098cbb969122e";
const APP_MODULES = [["./py/games/__init__.py", "./games/__init__.py"], ["./py/games/coffeerush/__init__.py", "./games/coffeerush/__init__.py"], ["./py/games/coffeerush/bots.py", "./games/coffeerush/bots.py"], ["./py/games/coffeerush/data.py", "./games/coffeerush/data.py"], ["./py/games/coffeerush/rules.py", "./games/coffeerush/rules.py"], ["./py/games/flowers/__init__.py", "./games/flowers/__init__.py"], ["./py/games/flowers/bots.py", "./games/flowers/bots.py"], ["./py/games/flowers/data.py", "./games/flowers/data.py"], ["./py/games/flowers/rules.py", "./games/flowers/rules.py"], ["./py/games/hoipho/__init__.py", "./games/hoipho/__init__.py"], ["./py/games/hoipho/bots.py", "./games/hoipho/bots.py"], ["./py/games/hoipho/data.py", "./games/hoipho/data.py"], ["./py/games/hoipho/rules.py", "./games/hoipho/rules.py"], ["./py/games/mojo/__init__.py", "./games/mojo/__init__.py"], ["./py/games/mojo/bots.py", "./games/mojo/bots.py"], ["./py/games/mojo/data.py", "./games/mojo/data.py"], ["./py/games/mojo/rules.py", "./games/mojo/rules.py"], ["./py/games/phopho/__init__.py", "./games/phopho/__init__.py"], ["./py/games/phopho/bots.py", "./games/phopho/bots.py"], ["./py/games/phopho/data.py", "./games/phopho/data.py"], ["./py/games/phopho/rules.py", "./games/phopho/rules.py"], ["./py/games/thenumber/__init__.py", "./games/thenumber/__init__.py"], ["./py/games/thenumber/bots.py", "./games/thenumber/bots.py"], ["./py/games/thenumber/data.py", "./games/thenumber/data.py"], ["./py/games/thenumber/rules.py", "./games/thenumber/rules.py"], ["./py/tabletop/__init__.py", "./tabletop/__init__.py"], ["./py/tabletop/bots.py", "./tabletop/bots.py"], ["./py/tabletop/game.py", "./tabletop/game.py"], ["./py/tabletop/match.py", "./tabletop/match.py"], ["./py/tabletop/rng.py", "./tabletop/rng.py"], ["./py/tabletop/saves.py", "./tabletop/saves.py"], ["./py/tabletop/search.py", "./tabletop/search.py"], ["./py/tabletop/share.py", "./tabletop/share.py"], ["./py/tabletop/simulate.py", "./tabletop/simulate.py"], ["./py/webui/app.py", "./webui/app.py"], ["./py/webui/browser.py", "./webui/browser.py"], ["./py/webui/html.py", "./webui/html.py"], ["./py/webui/lobby.py", "./webui/lobby.py"], ["./py/webui/replay.py", "./webui/replay.py"], ["./py/webui/table.py", "./webui/table.py"], ["./py/webui/renderers/__init__.py", "./webui/renderers/__init__.py"], ["./py/webui/renderers/coffeerush.py", "./webui/renderers/coffeerush.py"], ["./py/webui/renderers/flowers.py", "./webui/renderers/flowers.py"], ["./py/webui/renderers/hoipho.py", "./webui/renderers/hoipho.py"], ["./py/webui/renderers/mojo.py", "./webui/renderers/mojo.py"], ["./py/webui/renderers/phopho.py", "./webui/renderers/phopho.py"], ["./py/webui/renderers/thenumber.py", "./webui/renderers/thenumber.py"]];
const APP_IMPORTS = ["webui.browser", "games", "games.coffeerush", "games.coffeerush.bots", "games.coffeerush.data", "games.coffeerush.rules", "games.flowers", "games.flowers.bots", "games.flowers.data", "games.flowers.rules", "games.hoipho", "games.hoipho.bots", "games.hoipho.data", "games.hoipho.rules", "games.mojo", "games.mojo.bots", "games.mojo.data", "games.mojo.rules", "games.phopho", "games.phopho.bots", "games.phopho.data", "games.phopho.rules", "games.thenumber", "games.thenumber.bots", "games.thenumber.data", "games.thenumber.rules", "tabletop", "tabletop.bots", "tabletop.game", "tabletop.match", "tabletop.rng", "tabletop.saves", "tabletop.search", "tabletop.share", "tabletop.simulate", "webui.app", "webui.browser", "webui.html", "webui.lobby", "webui.replay", "webui.table", "webui.renderers", "webui.renderers.coffeerush", "webui.renderers.flowers", "webui.renderers.hoipho", "webui.renderers.mojo", "webui.renderers.phopho", "webui.renderers.thenumber", "pickle"];
// version:end

export { version };

const SNAPSHOT_FORMAT = 1;
const CACHE_NAME = "banchoi-snapshots";
const KEY = new URL(`./__snapshot__/format-${SNAPSHOT_FORMAT}/pyodide-${version}/app-${APP_VERSION}`, import.meta.url).href;
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function openCache() {
  if (new URLSearchParams(location.search).get("snapshot") === "off") return [null, "snapshots are off (?snapshot=off)"];
  if (!globalThis.caches || !globalThis.crypto?.subtle) return [null, "this page has no Cache Storage"];
  try {
    return [await caches.open(CACHE_NAME), ""];
  } catch (error) {
    return [null, "storage is denied here"];
  }
}

// The stored snapshot's bytes, checked, or null with the reason.
async function readSnapshot(cache) {
  const stale = (await cache.keys()).filter((request) => request.url !== KEY);
  for (const request of stale) await cache.delete(request);
  const response = await cache.match(KEY);
  if (!response) return [null, stale.length ? "another version's snapshot was removed" : "no snapshot yet"];
  const bytes = new Uint8Array(await response.arrayBuffer());
  performance.mark("snapshot-read");
  const intact = bytes.length > 0 && (await sha256(bytes)) === response.headers.get("x-sha256");
  performance.mark("snapshot-checked");
  if (!intact) {
    await cache.delete(KEY);
    return [null, "a damaged snapshot was discarded"];
  }
  return [bytes, ""];
}


function makeSnapshotLater() {
  whenReady(() => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = ({ data }) => {
      root.dataset.snapshot = data.ok ? "stored" : "failed";
      if (!data.ok) console.warn("No start-up snapshot:", data.error);
      worker.terminate();
    };
    worker.onerror = (event) => {
      root.dataset.snapshot = "failed";
      console.warn("No start-up snapshot:", event.message);
      worker.terminate();
    };
    const modules = APP_MODULES.map(([url, path]) => [new URL(url, location.href).href, path]);
    worker.postMessage({ key: KEY, cacheName: CACHE_NAME, indexURL, modules, preload: APP_IMPORTS });
  });
}

export async function loadPyodide(options) {
  performance.mark("interpreter-module");
  const [cache, unavailable] = await openCache();
  let note = unavailable;
  if (cache) {
    const [bytes, reason] = await readSnapshot(cache);
    note = reason;
    if (bytes) {
      try {
        const interpreter = await loadRuntime({ ...options, indexURL, _loadSnapshot: bytes });
        performance.mark("snapshot-restored");
        if (interpreter.runPython(`__import__("sys").modules.get("${APP_IMPORTS[0]}") is not None`)) {
          root.dataset.start = "snapshot";
          return interpreter;
        }
        note = "a snapshot without the app was discarded";
      } catch (error) {
        console.warn("The start-up snapshot did not load:", error);
        note = "a snapshot that did not load was discarded";
      }
      await cache.delete(KEY);
    }
  }
  const interpreter = await loadRuntime({ ...options, indexURL });
  root.dataset.start = "normal";
  root.dataset.startNote = note;
  if (cache) makeSnapshotLater();
  return interpreter;
}
