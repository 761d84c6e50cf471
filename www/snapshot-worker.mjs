// Makes the start-up snapshot for interpreter.mjs, off the page's thread: a fresh Pyodide
// imports the app's modules (written where the page writes them: app-files.mjs) and compiles
// PyScript's own modules beforehand (py/webui/codecache.py), then its memory is stored in Cache
// Storage without its zero pages (snapshot-format.mjs), with the stored size, the memory's size
// and the checksum of the stored bytes. Nothing here touches the page. It imports one module at
// a time and, between two, waits while the page says the player is busy (a 2-core phone has no
// core to spare for both).
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { checksum, encode } from "./snapshot-format.mjs";
import { fetchModules, writeModules } from "./app-files.mjs";
import { PACKED, importRuntimeScript, servedUnpacked, whileLoading } from "./unpack.mjs";

// The page says "pause" while the player clicks or types and "resume" once they stop: between
// two steps the worker waits for that, so a move never shares the machine with an import.
let resumed = null;
let resume = () => {};

function between() {
  return resumed ?? new Promise((resolve) => setTimeout(resolve, 0));
}

onmessage = async ({ data }) => {
  if (data === "pause") {
    resumed ??= new Promise((resolve) => { resume = resolve; });
    return;
  }
  if (data === "resume") {
    resumed = null;
    resume();
    return;
  }
  try {
    servedUnpacked(data.served);
    const createPyodideModule = (await importRuntimeScript()).default;
    const py = await whileLoading(() => loadPyodide({ indexURL: PACKED, _makeSnapshot: true, createPyodideModule }));
    writeModules(py.FS, await fetchModules());
    await between();
    for (const name of data.preload) {
      py.runPython(`import ${name}`);
      await between();
    }
    const codecache = py.pyimport("webui.codecache");
    for (const [path, source] of data.compile) codecache.remember(path, source);
    codecache.destroy();
    const memory = py.makeMemorySnapshot();
    const bytes = encode(memory);
    const cache = await caches.open(data.cacheName);
    await cache.put(data.key, new Response(bytes, {
      headers: {
        "content-type": "application/octet-stream", "x-size": String(bytes.length),
        "x-memory-size": String(memory.length), "x-checksum": checksum(bytes),
      },
    }));
    postMessage({ ok: true, size: bytes.length, memory: memory.length });
  } catch (error) {
    postMessage({ ok: false, error: String(error) });
  }
};
