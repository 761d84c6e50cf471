// The app's Python modules in the interpreter's file system, where Python imports them from
// (/home/pyodide/, as PyScript's [files] would put them). interpreter.mjs writes them, and
// not PyScript: after a snapshot restore every module is imported already, so their files are
// written only after the page is ready (for tracebacks' source lines), not on the way there.
// snapshot-worker.mjs writes them into the interpreter it snapshots.
// They come in one file, app-modules.json ({path: source}, written by tools/shell.py from py/):
// 55 requests at once held up a first visit's start by about a tenth (each one is work for the
// page's thread and the network stack, while the runtime itself is loading). It travels gzipped
// (www/packed/app-modules.json.gz, unpack.mjs).

import { fetchUnpacked } from "./unpack.mjs";

const HOME = "/home/pyodide/";

// [[path, source]] of every module.
export async function fetchModules() {
  return Object.entries(await (await fetchUnpacked("app-modules.json")).json());
}

// Written as bytes: Emscripten's own conversion of a string is a JavaScript loop, 20 ms here
// for the 700 KB of a first visit's start; TextEncoder is native.
export function writeModules(FS, files) {
  const encoder = new TextEncoder();
  for (const [path, source] of files) {
    const file = HOME + path.replace(/^\.\//, "");
    FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    FS.writeFile(file, encoder.encode(source));
  }
}
