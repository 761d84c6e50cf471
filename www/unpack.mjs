// The biggest files of a first visit travel gzipped in the files themselves (www/packed/, written
// by tools/pack.py): Pyodide's WebAssembly, its module script, its lock file, the standard
// library (only the modules the app uses: tools/stdlib.py) and the app's modules. No host has to
// compress anything or send any header: the browser unpacks them as they stream in
// (DecompressionStream), and the WebAssembly still compiles while it downloads.
//
// Once the service worker is installed it holds them unpacked, under their names without ".gz"
// (sw.js), so a repeat visit unpacks nothing (bench: repeat visits as fast as before): a page (or
// the snapshot worker) that the service worker controls asks for those names. Pyodide is pointed at www/packed/ (indexURL) and fetches the wasm, the standard library
// and the lock file itself; on a page the worker does not control yet, `whileLoading` answers
// those three requests with the unpacked .gz files, for as long as the runtime is loading.

export const PACKED = new URL("./packed/", import.meta.url).href;

const TYPES = { wasm: "application/wasm", mjs: "text/javascript", json: "application/json", zip: "application/zip" };

// The worker holds the unpacked files when it controls this context. A dedicated worker cannot
// tell (no navigator.serviceWorker in every browser): the page that starts it says (servedUnpacked).
let served = Boolean(globalThis.navigator?.serviceWorker?.controller);

export function servedUnpacked(value) {
  if (value !== undefined) served = Boolean(value);
  return served;
}

// `response`'s body, gunzipped as it streams, as a response of `name`'s type. A host may have
// unpacked it already (some send a .gz file with "Content-Encoding: gzip", which the browser
// undoes): a body that does not start as gzip does is taken as it is.
export async function unpacked(response, name) {
  const type = TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
  const reader = response.body.getReader();
  const head = [];
  let length = 0;
  let done = false;
  while (length < 2 && !done) { // gzip's two magic bytes
    const chunk = await reader.read();
    done = chunk.done;
    if (!done) {
      head.push(chunk.value);
      length += chunk.value.length;
    }
  }
  const body = new ReadableStream({
    start(controller) {
      head.forEach((chunk) => controller.enqueue(chunk));
      if (done) controller.close();
    },
    async pull(controller) {
      const chunk = await reader.read();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const first = new Uint8Array(2);
  let at = 0;
  for (const chunk of head) for (const byte of chunk) if (at < 2) first[at++] = byte;
  const gzipped = at === 2 && first[0] === 0x1f && first[1] === 0x8b;
  return new Response(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body, { headers: { "content-type": type } });
}

// The file `name` of www/packed/, unpacked: from the service worker when it holds it, else its
// .gz file unpacked here. `fetchFile` is the platform's fetch (whileLoading replaces the global).
export async function fetchUnpacked(name, init, fetchFile = fetch) {
  if (served) {
    const response = await fetchFile(PACKED + name, init);
    if (response.ok) return response; // else the worker no longer has it: the .gz is on the host
  }
  const response = await fetchFile(PACKED + name + ".gz", init);
  if (!response.ok) throw new Error(`${PACKED}${name}.gz: ${response.status}`);
  return unpacked(response, name);
}

// Runs `load` (Pyodide's loadPyodide with indexURL = PACKED) with requests for files of
// www/packed/ answered unpacked. Nothing else is touched, and only while `load` runs: on a page
// the service worker controls, nothing at all.
export async function whileLoading(load) {
  if (served) return load();
  const platformFetch = globalThis.fetch;
  globalThis.fetch = (resource, init) => {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (!url.startsWith(PACKED) || url.endsWith(".gz")) return platformFetch(resource, init);
    return fetchUnpacked(url.slice(PACKED.length), init, platformFetch);
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = platformFetch;
  }
}

// Pyodide's module script (pyodide.asm.mjs): imported by its URL where the service worker serves
// it, else from its .gz file, unpacked into a blob. It finds its WebAssembly through Pyodide's
// locateFile, not through its own URL.
export async function importRuntimeScript() {
  if (served) {
    try {
      return await import(PACKED + "pyodide.asm.mjs");
    } catch (error) {
      // the worker no longer has it: from the .gz below
    }
  }
  const source = await (await fetchUnpacked("pyodide.asm.mjs", undefined)).blob();
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
