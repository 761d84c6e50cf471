// Starts the app once the page is parsed: makes sure PyScript can start wherever the page is
// (see memory-idb.js), loads PyScript (which runs py/main.py), then registers the service worker
// for offline play and updates. The interpreter is already loading: index.html's head started it
// (interpreter.mjs, startEarly), and PyScript's request for it gets it in flight.
// Every step that waits on the browser has a time limit and a fallback; when the app cannot
// start at all, the page's own inline watchdog (index.html, startupFailed) says so.
// Kept small: everything else is Python.
import { stopFetchingEverywhere, withTimeLimit } from "./interpreter.mjs";
import { installMemoryIndexedDB } from "./memory-idb.js";
import { whenReady } from "./ready.mjs";

const STORAGE_PROBE_LIMIT_MS = 1500; // some frames (an about:blank parent) never answer the probe
const WORKER_REGISTER_LIMIT_MS = 10_000;
const WORKER_READY_LIMIT_MS = 180_000; // the first install downloads the whole runtime
const root = document.documentElement;
// The page's words in the reader's language (index.html's head defines it, tools/shell.py fills it).
const say = (text) => (window.__say ? window.__say(text) : text);

performance.mark("boot");
// The probe began in index.html's head; it says whether this page may use IndexedDB.
const probe = globalThis.__earlyStart?.storage ?? Promise.resolve(false);
const storage = await withTimeLimit(probe, STORAGE_PROBE_LIMIT_MS, "no answer").catch(() => false);
performance.mark("storage-probed");
if (!storage) {
  installMemoryIndexedDB();
  root.dataset.storage = "denied"; // Python also finds localStorage denied and plays in memory
}

try {
  await import("./vendor/pyscript/core.js");
  performance.mark("pyscript-loaded");
} catch (error) {
  globalThis.startupFailed?.(say("its scripts could not be loaded") + " (" + error.message + ")");
}

// --- updates -------------------------------------------------------------------------------
// A new version installs beside the running one and waits. Each open tab offers "Reload"; the
// first click lets the new version take over, and that tab reloads. Every other tab then runs
// old code under the new service worker: it says so and reloads itself on its own click, so no
// tab ever mixes old code with new files for longer than it takes to press the button (nothing
// is fetched meanwhile: the app's modules are all loaded, and the snapshot worker is stopped).
// The new version takes over only once the old worker has nothing to do: Chromium stops the old
// worker first, and a fetch from any tab at that moment (a snapshot worker loading the runtime)
// starts it again, after which the new version waits for it to idle out (half a minute, and
// minutes while DevTools is attached). So the click first stops every tab's snapshot worker
// (interpreter.mjs, stopFetchingEverywhere), and if the new version has still not taken over soon
// after, this tab reloads anyway: a navigation makes the browser stop the old worker and activate
// the new one, and the navigation is served by the new version. Were it served by the old one,
// the page is the old version, whole, and offers the update again.

const TAKEOVER_LIMIT_MS = 4000; // it normally takes over within a second, even on a busy machine
let reloading = false;

function banner(text, onReload) {
  let box = document.querySelector(".update-banner");
  if (!box) {
    box = document.createElement("div");
    box.className = "update-banner";
    box.setAttribute("role", "status");
    box.append(document.createElement("span"));
    const button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.textContent = say("Reload");
    box.append(button);
    document.body.append(box);
  }
  box.firstChild.textContent = say(text) + " ";
  box.lastChild.onclick = onReload;
}

function offerUpdate(registration) {
  banner("A new version of the app is ready.", () => {
    if (registration.waiting) {
      if (reloading) return;
      reloading = true; // reload once the new version has taken over (controllerchange)
      stopFetchingEverywhere().then(() => {
        registration.waiting?.postMessage("skip-waiting");
        setTimeout(() => location.reload(), TAKEOVER_LIMIT_MS); // or if it has not by then (above)
      });
    } else {
      location.reload(); // another tab already let it take over
    }
  });
  root.dataset.update = "ready";
}

async function registerWorker() {
  if (!("serviceWorker" in navigator)) {
    root.dataset.offline = "unavailable"; // not a secure context, or the browser has none
    return;
  }
  try {
    const hadController = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading) return location.reload(); // the player asked for the new version
      if (!hadController) return; // the first visit's worker took over: same version
      banner("A new version of the app is running in another tab. Reload this one to use it.", () => location.reload());
      root.dataset.update = "taken";
    });
    const registration = await withTimeLimit(navigator.serviceWorker.register("./sw.js"), WORKER_REGISTER_LIMIT_MS, "no answer");
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(registration);
      });
    });
    await withTimeLimit(navigator.serviceWorker.ready, WORKER_READY_LIMIT_MS, "no answer");
    root.dataset.offline = "ready"; // everything is cached: the next visit needs no network
  } catch (error) {
    // Refused (a cross-origin iframe, a private window, a policy) or no answer: the app works,
    // only not offline.
    root.dataset.offline = "unavailable";
  }
}

whenReady(registerWorker);
