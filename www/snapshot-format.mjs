// How a start-up snapshot is stored (format 3): the interpreter's memory without its zero pages.
// Two thirds of a fresh interpreter's memory is zero, and whole 4 KiB pages of zeros make up
// 13 of its 31 MB: storing only the other pages makes the read at every start 40% shorter.
//
//   u32 memory size, u32 run count, then per run u32 offset and u32 length (little endian),
//   then the runs' bytes one after another. A run is a stretch of pages that are not all zero;
//   everything outside the runs is zero.
//
// snapshot-worker.mjs encodes; interpreter.mjs decodes into memory it has already handed to
// Pyodide (a Uint8Array of the memory's size, zero when allocated).

const PAGE = 4096;
const HEADER = 8;

export function encode(memory) {
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >>> 2);
  const pageWords = PAGE >>> 2;
  const runs = [];
  for (let page = 0; page * PAGE < memory.byteLength; page++) {
    const from = page * pageWords, to = Math.min(from + pageWords, words.length);
    let zero = true;
    for (let i = from; i < to; i++) if (words[i] !== 0) { zero = false; break; }
    if ((memory.byteLength & 3) && to === words.length) zero = false; // a tail not in whole words: kept
    if (zero) continue;
    const offset = page * PAGE, length = Math.min(PAGE, memory.byteLength - offset);
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === offset) last[1] += length;
    else runs.push([offset, length]);
  }
  const data = runs.reduce((sum, [, length]) => sum + length, 0);
  const out = new Uint8Array(HEADER + runs.length * 8 + data);
  const head = new DataView(out.buffer);
  head.setUint32(0, memory.byteLength, true);
  head.setUint32(4, runs.length, true);
  let at = HEADER + runs.length * 8;
  runs.forEach(([offset, length], i) => {
    head.setUint32(HEADER + i * 8, offset, true);
    head.setUint32(HEADER + i * 8 + 4, length, true);
    out.set(memory.subarray(offset, offset + length), at);
    at += length;
  });
  return out;
}

// The memory size a stored snapshot restores to, or 0 when the bytes cannot be a snapshot.
export function memorySize(stored) {
  return stored.byteLength >= HEADER ? new DataView(stored.buffer, stored.byteOffset).getUint32(0, true) : 0;
}

// Writes the runs into `memory` (zero everywhere else); false when the bytes do not describe
// memory of that size (then `memory` is not to be used).
export function decodeInto(stored, memory) {
  if (memorySize(stored) !== memory.byteLength) return false;
  const head = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const count = head.getUint32(4, true);
  let at = HEADER + count * 8;
  if (at > stored.byteLength) return false;
  for (let i = 0; i < count; i++) {
    const offset = head.getUint32(HEADER + i * 8, true), length = head.getUint32(HEADER + i * 8 + 4, true);
    if (offset + length > memory.byteLength || at + length > stored.byteLength) return false;
    memory.set(stored.subarray(at, at + length), offset);
    at += length;
  }
  return at === stored.byteLength;
}
