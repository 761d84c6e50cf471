// Makes the start-up snapshot for interpreter.mjs, off the page's thread: a fresh Pyodide
// imports the app's modules (written where PyScript writes them), then its memory is stored in
// Cache Storage with its SHA-256. Nothing here touches the page.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

onmessage = async ({ data }) => {
  try {
    const py = await loadPyodide({ indexURL: data.indexURL, _makeSnapshot: true });
    for (const [url, path] of data.modules) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      const file = "/home/pyodide/" + path.replace(/^\.\//, "");
      py.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
      py.FS.writeFile(file, new Uint8Array(await response.arrayBuffer()));
    }
    py.runPython(data.preload.map((name) => `import ${name}`).join("\n"));
    const bytes = py.makeMemorySnapshot();
    const cache = await caches.open(data.cacheName);
    await cache.put(data.key, new Response(bytes, {
      headers: { "content-type": "application/octet-stream", "x-sha256": await sha256(bytes) },
    }));
    postMessage({ ok: true, size: bytes.length });
  } catch (error) {
    postMessage({ ok: false, error: String(error) });
  }
};
