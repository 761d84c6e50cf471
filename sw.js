// The service worker: after one visit the app starts and plays with no network.
// It precaches the app (the list and the version below are written by tools/shell.py) and the
// runtime (www/vendor/precache.json, written when www/vendor/ is made), in a cache named by the
// version. A new version installs beside the old one and waits: the page offers "reload", and
// only then does it take over, so one page never mixes files of two versions.

// version:start (tools/shell.py)
const VERSION = "6f9eabbb954c03ff";
const APP_FILES = [
  "./",
  "./index.html",
  "./pyscript.toml",
  "./manifest.webmanifest",
  "./www/app.css",
  "./www/boot.js",
  "./www/memory-idb.js",
  "./www/interpreter.mjs",
  "./www/app-files.mjs",
  "./www/app-modules.json",
  "./www/snapshot-format.mjs",
  "./www/snapshot-worker.mjs",
  "./www/ready.mjs",
  "./www/icon.svg",
  "./www/icon-192.png",
  "./www/icon-512.png",
  "./py/main.py"
];
// version:end

const CACHE = "banchoi-app-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const runtime = await (await fetch("./www/vendor/precache.json", { cache: "no-cache" })).json();
    await cache.addAll([...APP_FILES, ...runtime].map((url) => new Request(url, { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("banchoi-app-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the app is index.html with another query or fragment.
    const key = request.mode === "navigate" ? new URL("./index.html", self.registration.scope).href : request;
    const hit = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(request, response.clone());
    return response;
  })());
});
