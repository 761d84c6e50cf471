// Starts the app: makes sure PyScript can start wherever the page is (see memory-idb.js), loads
// PyScript (which runs py/main.py), then registers the service worker for offline play.
// Kept small: everything else is Python.
import { indexedDBWorks, installMemoryIndexedDB } from "./memory-idb.js";
import { whenReady } from "./ready.mjs";

const root = document.documentElement;

if (!(await indexedDBWorks())) {
  installMemoryIndexedDB();
  root.dataset.storage = "denied"; // Python also finds localStorage denied and plays in memory
}

await import("./vendor/pyscript/core.js");


function offerUpdate(registration) {
  if (document.querySelector(".update-banner")) return;
  const banner = document.createElement("div");
  banner.className = "update-banner";
  banner.setAttribute("role", "status");
  banner.textContent = "A new version of the app is ready. ";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "primary";
  reload.textContent = "Reload";
  reload.addEventListener("click", () => {
    reloading = true;
    if (registration.waiting) registration.waiting.postMessage("skip-waiting");
  });
  banner.append(reload);
  document.body.append(banner);
  root.dataset.update = "ready";
}

let reloading = false;

async function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading) location.reload(); // the player asked for the new version
    });
    const registration = await navigator.serviceWorker.register("./sw.js");
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(registration);
      });
    });
    await navigator.serviceWorker.ready;
    root.dataset.offline = "ready"; // everything is cached: the next visit needs no network
  } catch (error) {
    // Denied (a cross-origin iframe, a private window): the app works, only not offline.
    root.dataset.offline = "unavailable";
  }
}

whenReady(registerWorker);
