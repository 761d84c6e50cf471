// The interpreter module PyScript loads (pyscript.toml: interpreter = "./www/interpreter.mjs").
// It wraps Pyodide's loadPyodide so that every visit after the first boots from a memory
// snapshot of an interpreter that already imported the app's modules, and so that the
// interpreter starts loading as soon as the page does (index.html's head calls startEarly()
// before @pyscript/core has even loaded; PyScript's own call then gets the interpreter in flight).
//
// - The snapshot lives in Cache Storage under a key made of everything the restore depends on:
//   this module's snapshot format, the Pyodide version and the app version (a hash of every app
//   file, written below by tools/shell.py). A snapshot of another version is never looked at,
//   and is deleted. It is stored without its zero pages (snapshot-format.mjs).
// - Nothing waits in line: index.html's head starts reading the snapshot before any module has
//   loaded; Pyodide fetches, compiles and instantiates its WebAssembly meanwhile (it is handed a
//   zero stand-in of the snapshot's size, which only sizes its memory), and the module factory
//   below holds the restore back until the bytes are read and checked, then writes them straight
//   into the interpreter's memory (restoreFrom).
// - The check: the stored size (x-size) and a 64-bit checksum of the stored bytes (x-checksum,
//   snapshot-format.mjs), one pass over the 18 MB that were read. Every byte must count: a
//   restored heap that is wrong anywhere can run Python into an endless loop on the page's only
//   thread, past any time limit, so a size or a sample of bytes would not do. It need not be
//   cryptographic: it guards against damage (a disk, a browser bug, a store cut short), not
//   against an attacker, since whoever can write this origin's Cache Storage can already run
//   code in it and rewrite the app's own files there. Damage within one 32-bit word is always
//   seen, any other with a chance of missing it of about 2^-64; SHA-256 would take 20 ms of
//   this thread where this takes 8. Only a checked snapshot is restored.
//   A missing, short, corrupt or unloadable snapshot is discarded and the page starts the
//   normal way; so does a read that takes longer than READ_LIMIT_MS. Where storage is denied
//   (or the page is not a secure context: no Cache Storage, no crypto.subtle), it simply
//   starts the normal way.
// - It is made after the page is ready and idle, by a second Pyodide in a worker
//   (snapshot-worker.mjs), so neither the visit that makes it nor a game in progress slows down.
// - <html data-start> says which path started the page: "snapshot" or "normal"; data-start-note
//   says why a snapshot was not used. ?snapshot=off starts the normal way (for comparisons).
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { whenReady } from "./ready.mjs";
import { fetchModules, writeModules } from "./app-files.mjs";
import { PACKED, importRuntimeScript, whileLoading } from "./unpack.mjs";
import { checksum, decodeRange, memorySize, runsOf } from "./snapshot-format.mjs";

// version:start (tools/shell.py)
const APP_VERSION = "e967843add9daa28";
const APP_IMPORTS = ["webui.browser", "games", "games.coffeerush", "games.coffeerush.bots", "games.coffeerush.data", "games.coffeerush.rules", "games.flowers", "games.flowers.bots", "games.flowers.data", "games.flowers.rules", "games.hoipho", "games.hoipho.bots", "games.hoipho.data", "games.hoipho.rules", "games.mojo", "games.mojo.bots", "games.mojo.data", "games.mojo.rules", "games.phopho", "games.phopho.bots", "games.phopho.data", "games.phopho.rules", "games.stemandbranch", "games.stemandbranch.bots", "games.stemandbranch.data", "games.stemandbranch.rules", "games.thenumber", "games.thenumber.bots", "games.thenumber.data", "games.thenumber.rules", "tabletop", "tabletop.bots", "tabletop.deal", "tabletop.game", "tabletop.hints", "tabletop.match", "tabletop.msg", "tabletop.protocol", "tabletop.remote", "tabletop.rng", "tabletop.saves", "tabletop.search", "tabletop.secure", "tabletop.share", "tabletop.simulate", "tabletop.tables", "webui.app", "webui.art", "webui.browser", "webui.codecache", "webui.html", "webui.i18n", "webui.keeper", "webui.lobby", "webui.newgame", "webui.replay", "webui.room", "webui.rules", "webui.screen", "webui.share_dialog", "webui.table", "webui.renderers", "webui.renderers.coffeerush", "webui.renderers.flowers", "webui.renderers.hoipho", "webui.renderers.mojo", "webui.renderers.phopho", "webui.renderers.stemandbranch", "webui.renderers.thenumber", "pickle", "gettext", "asyncio", "base64", "collections", "functools", "html", "inspect", "io", "json", "os", "pathlib"];
// version:end

export { version };

const SNAPSHOT_FORMAT = 4; // snapshot-format.mjs
const CACHE_NAME = "banchoi-snapshots";
const KEY = new URL(`./__snapshot__/format-${SNAPSHOT_FORMAT}/pyodide-${version}/app-${APP_VERSION}`, import.meta.url).href;
const indexURL = PACKED; // Pyodide's own files come from there, unpacked (unpack.mjs)
const READ_LIMIT_MS = 4000; // a snapshot read slower than this is abandoned for the normal start
const IDLE_BEFORE_SNAPSHOT_MS = 2000; // no click or key for this long before the worker starts
const PLAY_PAUSE_MS = 1500; // and it pauses until the player has been still this long
const root = document.documentElement;

// Resolves to `promise`'s value, or rejects with `message` after `ms`.
export function withTimeLimit(promise, ms, message) {
  let timer;
  const limit = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

async function openCache() {
  if (new URLSearchParams(location.search).get("snapshot") === "off") return [null, "snapshots are off (?snapshot=off)"];
  if (!globalThis.caches || !globalThis.crypto?.subtle) return [null, "this page has no Cache Storage"];
  try {
    return [await withTimeLimit(caches.open(CACHE_NAME), READ_LIMIT_MS, "timed out"), ""];
  } catch (error) {
    return [null, error.message === "timed out" ? "Cache Storage did not answer in time" : "storage is denied here"];
  }
}

class Discard extends Error {} // a snapshot not to use; its message is the note

// The stored snapshot, once its headers are in: memory of the snapshot's size to hand Pyodide
// (zero and never written: it only sizes the interpreter's memory), and `filled`, which resolves
// to the checked stored bytes and their runs, or rejects with a Discard. The read is the one
// index.html's head started, when it read this key.
async function openSnapshot(cache, deadline) {
  const early = globalThis.__earlyStart?.snapshot;
  const fromHead = early?.key === KEY;
  const response = await (fromHead ? early.response : cache.match(KEY));
  if (!response) {
    const stale = (await cache.keys()).filter((request) => request.url !== KEY);
    stale.forEach((request) => cache.delete(request).catch(() => {})); // nothing waits for it
    throw new Discard(stale.length ? "another version's snapshot was removed" : "no snapshot yet");
  }
  whenReady(() => removeOtherVersions(cache));
  const size = Number(response.headers.get("x-size"));
  const memory = new Uint8Array(Number(response.headers.get("x-memory-size")) || 0);
  const expected = response.headers.get("x-checksum");
  if (!size || !memory.length || !expected) throw new Discard("a damaged snapshot was discarded");
  const body = fromHead ? early.body : response.arrayBuffer();
  const filled = withTimeLimit(body, deadline - performance.now(), "the snapshot read did not finish in time").then(async (buffer) => {
    const stored = new Uint8Array(buffer);
    performance.mark("snapshot-read");
    if (stored.length !== size) throw new Discard("a damaged snapshot was discarded"); // truncated
    if (checksum(stored) !== expected) throw new Discard("a damaged snapshot was discarded");
    performance.mark("snapshot-checked");
    const runs = runsOf(stored);
    if (!runs || memorySize(stored) !== memory.length) throw new Discard("a damaged snapshot was discarded");
    return { stored, runs };
  }, (error) => {
    throw new Discard(error.message === "the snapshot read did not finish in time" ? error.message : "a snapshot that did not load was discarded");
  });
  filled.catch(() => {}); // awaited by the module factory; a failure meanwhile is not "unhandled"
  return { memory, filled };
}

// Restores the interpreter's memory straight from the stored bytes: Pyodide's own restore would
// copy a decoded 31 MB array, and writing fresh memory is what costs (every page written the
// first time is a page fault): this writes the stored 18 MB, and zeros only where the fresh
// interpreter may have written. Above its heap's break (sbrk) it has written nothing: its static
// data and stack lie below the heap, and malloc hands out nothing above the break, so that
// memory is still as WebAssembly made it, zero.
// Pyodide's snapshot (pinned version) is a header, its length at byte 4, then the memory; its
// own restoreSnapshot, given the header alone, reads the header and copies nothing.
function restoreFrom(module, restore, { stored, runs }) {
  const start = new Uint8Array(8);
  decodeRange(stored, runs, 0, start);
  const headerLength = new DataView(start.buffer).getUint32(4, true);
  const heapLength = memorySize(stored) - headerLength;
  if (headerLength % 16 || heapLength <= 0 || heapLength > module.HEAPU8.length) throw new Error("not a Pyodide snapshot");
  const header = new Uint8Array(headerLength);
  decodeRange(stored, runs, 0, header);
  decodeRange(stored, runs, headerLength, module.HEAPU8.subarray(0, heapLength), module._sbrk(0));
  return restore(header);
}

function removeOtherVersions(cache) {
  cache.keys().then((keys) => keys.filter((request) => request.url !== KEY).forEach((request) => cache.delete(request)))
    .catch(() => {});
}

// Stream targets PyScript gives loadPyodide; until it does (the interpreter may be up first),
// output goes to the console.
const streams = { stdout: null, stderr: null };
const streamOptions = {
  stdout: (line) => (streams.stdout ?? console.log)(line),
  stderr: (line) => (streams.stderr ?? console.warn)(line),
};

// The modules @pyscript/core writes into the file system and imports on every start, after the
// interpreter is up (its `pyscript` package): [path, source] of each, as this page wrote them.
// The snapshot compiles them beforehand (py/webui/codecache.py).
const PYSCRIPT_PACKAGE = "/home/pyodide/pyscript/";

function pyscriptSources(FS) {
  try {
    return FS.readdir(PYSCRIPT_PACKAGE).filter((name) => name.endsWith(".py"))
      .map((name) => [PYSCRIPT_PACKAGE + name, FS.readFile(PYSCRIPT_PACKAGE + name, { encoding: "utf8" })]);
  } catch (error) {
    return []; // not there: nothing to compile beforehand
  }
}

// When a player lets a new version take over (boot.js), every tab first stops its snapshot
// worker: Chromium activates the new version only after stopping the old service worker, and a
// fetch through the old one at that moment (a snapshot worker loading the runtime) starts it
// again, after which the new version waits for it to idle out (half a minute or more).
const UPDATE_CHANNEL = "banchoi-update";
const STOP_GRACE_MS = 300; // for the other tabs to hear it and stop
let versionChanging = false;
let stopSnapshotWorker = () => {}; // this page's, once it runs (makeSnapshotLater)

function versionChanges() {
  versionChanging = true;
  stopSnapshotWorker();
}

if (globalThis.BroadcastChannel) new BroadcastChannel(UPDATE_CHANNEL).onmessage = versionChanges;

// Stops the snapshot workers of every tab (this one too), then resolves: the moment to let the
// new version take over.
export async function stopFetchingEverywhere() {
  versionChanges();
  if (!globalThis.BroadcastChannel) return;
  const channel = new BroadcastChannel(UPDATE_CHANNEL);
  channel.postMessage("stop");
  channel.close();
  await new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS));
}

function makeSnapshotLater(interpreter) {
  whenReady(async () => {
    await whenIdle(IDLE_BEFORE_SNAPSHOT_MS);
    if (versionChanging) return;
    root.dataset.snapshot = "making";
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const done = (ok, error) => {
      if (root.dataset.snapshot !== "making") return;
      root.dataset.snapshot = ok ? "stored" : "failed";
      if (!ok) console.warn("No start-up snapshot:", error);
      worker.terminate();
    };
    stopSnapshotWorker = () => done(false, "a new version is taking over");
    worker.onmessage = ({ data }) => done(data.ok, data.error);
    worker.onerror = (event) => done(false, event.message);
    // A tab whose service worker changed under it runs old code: its snapshot would mix versions.
    navigator.serviceWorker?.addEventListener("controllerchange", () => done(false, "a new version took over"));
    worker.postMessage({
      key: KEY, cacheName: CACHE_NAME, preload: APP_IMPORTS, compile: pyscriptSources(interpreter.FS),
      served: Boolean(navigator.serviceWorker?.controller), // the worker is controlled as this page is
    });
    pauseWhilePlaying(worker);
  });
}

// While the worker runs, each click or key pauses it until the player has been still for
// PLAY_PAUSE_MS (the worker stops between two imports).
function pauseWhilePlaying(worker) {
  let timer = null;
  const busy = () => {
    if (root.dataset.snapshot !== "making") {
      for (const kind of ["pointerdown", "keydown"]) removeEventListener(kind, busy, true);
      return;
    }
    if (timer === null) worker.postMessage("pause");
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; worker.postMessage("resume"); }, PLAY_PAUSE_MS);
  };
  addEventListener("pointerdown", busy, true);
  addEventListener("keydown", busy, true);
}

// Resolves once the player has not clicked or typed for `quiet` ms and the page is idle: the
// snapshot worker then takes a core without taking it from a move being played.
function whenIdle(quiet) {
  return new Promise((resolve) => {
    let timer;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const kind of ["pointerdown", "keydown"]) removeEventListener(kind, arm, true);
        (globalThis.requestIdleCallback ?? setTimeout)(() => resolve(), { timeout: quiet });
      }, quiet);
    };
    for (const kind of ["pointerdown", "keydown"]) addEventListener(kind, arm, true);
    arm();
  });
}

// Pyodide's module script: 1.2 MB of JavaScript to compile and run before the WebAssembly can
// start, so it is imported first thing (start), while the snapshot is looked up.
let runtimeScript = null;

function pyodideFactory() {
  runtimeScript ??= importRuntimeScript().then((module) => module.default);
  return runtimeScript;
}

async function startNormally(note, cache) {
  const files = fetchModules(); // while the runtime loads
  files.catch(() => {}); // awaited below, once the runtime is up
  const createPyodideModule = await pyodideFactory();
  const interpreter = await whileLoading(() => loadRuntime({ ...streamOptions, indexURL, createPyodideModule }));
  writeModules(interpreter.FS, await files);
  root.dataset.start = "normal";
  root.dataset.startNote = note;
  if (cache) makeSnapshotLater(interpreter);
  return interpreter;
}

// Pyodide's module factory, wrapped: the WebAssembly compiles and instantiates while the
// snapshot is still being read and checked; the restore, which comes right after, waits for it
// and restores from the stored bytes (restoreFrom).
function factoryAfter(filled) {
  return async (settings) => {
    const [module, snapshot] = await Promise.all([pyodideFactory().then((make) => make(settings)), filled]);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = () => restoreFrom(module, restore, snapshot);
    return module;
  };
}

async function start() {
  performance.mark("interpreter-module");
  pyodideFactory().catch(() => {}); // a failure is reported where it is awaited
  const [cache, unavailable] = await openCache();
  if (!cache) return startNormally(unavailable, null);
  let snapshot;
  try {
    // One time limit for the whole read, headers and body.
    const deadline = performance.now() + READ_LIMIT_MS;
    snapshot = await withTimeLimit(openSnapshot(cache, deadline), READ_LIMIT_MS, "the snapshot read did not finish in time");
  } catch (error) {
    // Not awaited: a cache that stalled a read may stall this too.
    if (!(error instanceof Discard)) cache.delete(KEY).catch(() => {});
    return startNormally(error.message, cache);
  }
  try {
    const interpreter = await whileLoading(() => loadRuntime({
      ...streamOptions, indexURL, _loadSnapshot: snapshot.memory, createPyodideModule: factoryAfter(snapshot.filled),
    }));
    performance.mark("snapshot-restored");
    if (interpreter.runPython(`__import__("sys").modules.get("${APP_IMPORTS[0]}") is not None`)) {
      root.dataset.start = "snapshot";
      // Every module is imported already: their files are for later (tracebacks' source lines).
      whenReady(() => fetchModules().then((files) => writeModules(interpreter.FS, files)).catch(() => {}));
      return interpreter;
    }
    cache.delete(KEY).catch(() => {});
    return startNormally("a snapshot without the app was discarded", cache);
  } catch (error) {
    if (!(error instanceof Discard)) console.warn("The start-up snapshot did not load:", error);
    cache.delete(KEY).catch(() => {});
    return startNormally(error instanceof Discard ? error.message : "a snapshot that did not load was discarded", cache);
  }
}

let early = null;

// Starts loading the interpreter now (index.html's head calls this); PyScript's call below
// then picks it up.
export function startEarly() {
  early ??= start().catch((error) => {
    globalThis.startupFailed?.("the Python runtime did not load (" + error.message + ")");
    throw error;
  });
  return early;
}

export async function loadPyodide(options = {}) {
  performance.mark("pyscript-asked");
  streams.stdout = options.stdout ?? null;
  streams.stderr = options.stderr ?? null;
  return startEarly();
}
