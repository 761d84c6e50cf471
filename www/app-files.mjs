// The app's Python modules in the interpreter's file system, where Python imports them from
// (/home/pyodide/, as PyScript's [files] would put them). interpreter.mjs writes them, and
// not PyScript: after a snapshot restore every module is imported already, so their files are
// written only after the page is ready (for tracebacks' source lines), not on the way there.
// snapshot-worker.mjs writes them into the interpreter it snapshots.

const HOME = "/home/pyodide/";

// [[path, bytes]] for each [url, path] of `modules` (urls absolute).
export function fetchModules(modules) {
  return Promise.all(modules.map(async ([url, path]) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return [path, new Uint8Array(await response.arrayBuffer())];
  }));
}

export function writeModules(FS, files) {
  for (const [path, bytes] of files) {
    const file = HOME + path.replace(/^\.\//, "");
    FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    FS.writeFile(file, bytes);
  }
}
