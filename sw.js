// The service worker: after one visit the app starts and plays with no network.
// It precaches the app (the list and the version below are written by tools/shell.py), the
// runtime (www/vendor/precache.json, written when www/vendor/ is made) and the packed files
// (www/packed/precache.json, tools/pack.py), in a cache named by the version, and every game's
// pictures (ART_FILES: the page asks for them only when a game opens, tools/art.py). A packed file
// (NAME.gz) is stored unpacked, under NAME: a page this worker controls asks for NAME
// (www/unpack.mjs), so a repeat visit unpacks nothing. A new version installs beside the old one
// and waits: the page offers "reload", and only then does it take over, so one page never mixes
// files of two versions.

// version:start (tools/shell.py)
const VERSION = "e967843add9daa28";
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
  "./www/unpack.mjs",
  "./www/snapshot-format.mjs",
  "./www/snapshot-worker.mjs",
  "./www/ready.mjs",
  "./www/icon.svg",
  "./www/icon-192.png",
  "./www/icon-512.png",
  "./py/main.py"
];
const ART_FILES = [
  "./www/art/phopho.svg",
  "./www/art/hoipho.svg",
  "./www/art/thenumber.svg",
  "./www/art/mojo.svg",
  "./www/art/flowers.svg",
  "./www/art/coffeerush.svg",
  "./www/art/stemandbranch.svg",
  "./www/art/LICENSE-fluent-emoji.txt"
];
// version:end

const CACHE = "banchoi-app-" + VERSION;

const TYPES = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json", zip: "application/zip" };

async function listed(url) {
  return (await fetch(url, { cache: "no-cache" })).json();
}

// NAME.gz, fetched and stored unpacked under NAME.
async function storeUnpacked(cache, url) {
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const name = url.slice(0, -".gz".length);
  const type = TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
  // Whole bytes, not a stream: the cache then knows the size and stores it in one piece. A host
  // may have unpacked it already ("Content-Encoding: gzip"): then it is not gzip (www/unpack.mjs).
  let body = await response.arrayBuffer();
  const head = new Uint8Array(body, 0, Math.min(2, body.byteLength));
  if (head[0] === 0x1f && head[1] === 0x8b) {
    body = await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }
  await cache.put(new URL(name, self.registration.scope).href, new Response(body, { headers: { "content-type": type } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const [runtime, packed] = await Promise.all([listed("./www/vendor/precache.json"), listed("./www/packed/precache.json")]);
    await Promise.all([
      cache.addAll([...APP_FILES, ...ART_FILES, ...runtime].map((url) => new Request(url, { cache: "no-cache" }))),
      ...packed.map((url) => storeUnpacked(cache, url)),
    ]);
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
    // (a packed file is stored unpacked at install: its .gz is not kept)
    if (response.ok && response.type === "basic" && !request.url.endsWith(".gz")) cache.put(request, response.clone());
    return response;
  })());
});
