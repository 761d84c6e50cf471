// Compiles the trimmed standard library (tools/stdlib.py) to bytecode with Pyodide's own Python,
// the one the page runs: node tools/compile_stdlib.mjs SOURCE.zip DEST.zip (run by tools/pack.py).
// A first visit otherwise compiles every module it imports from source while Python starts:
// 1.6 s of a 2.4 s start here. The archive holds .pyc files only (unchecked hash-based pycs: no
// time stamps, the same bytes every build); a traceback through the standard library then shows
// no source line, the app's own modules keep theirs.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const [source, dest] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: new URL("../node_modules/pyodide/", import.meta.url).pathname });
py.FS.writeFile("/tmp/source.zip", fs.readFileSync(source));
py.runPython(`
import importlib.util, py_compile, zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
with zipfile.ZipFile("/tmp/source.zip") as src, zipfile.ZipFile("/tmp/dest.zip", "w") as out:
    for info in sorted(src.infolist(), key=lambda i: i.filename):
        data = src.read(info.filename)
        if not info.filename.endswith(".py"):
            out.writestr(info, data)  # a folder's entry
            continue
        code = compile(data, info.filename, "exec", dont_inherit=True)
        pyc = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        entry = zipfile.ZipInfo(info.filename + "c", date_time=FIXED_TIME)
        entry.create_system, entry.external_attr = 3, 0o100644 << 16
        out.writestr(entry, bytes(pyc))
`);
fs.writeFileSync(dest, py.FS.readFile("/tmp/dest.zip"));
