// How a start-up snapshot is stored (format 4): the interpreter's memory without its zero pages.
// Two thirds of a fresh interpreter's memory is zero, and whole 4 KiB pages of zeros make up
// 13 of its 31 MB: storing only the other pages makes the read at every start 40% shorter.
//
//   u32 memory size, u32 run count, then per run u32 offset and u32 length (little endian),
//   then the runs' bytes one after another. A run is a stretch of pages that are not all zero;
//   everything outside the runs is zero.
//
// snapshot-worker.mjs encodes and stores it with the checksum of the stored bytes (checksum
// below); interpreter.mjs checks it and decodes it straight into the restored interpreter's memory.

const PAGE = 4096;
const HEADER = 8;

// A 64-bit checksum of `bytes` (16 hex digits): two 32-bit lanes, each folding in one word at a
// time by a step that is a bijection of the lane for a given word (xor, multiply by an odd
// number, xor-shift). So damage confined to one word (a flipped bit, a changed byte) always
// changes both lanes; other damage goes unseen by chance, about once in 2^64. It guards
// against damage, not against an attacker (see interpreter.mjs), at 8 ms for 18 MB where
// SHA-256 takes 20 ms of the same thread.
export function checksum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  const tail = [...bytes.subarray(words.length * 4)].map((byte) => byte | 0x100); // not a whole word
  let a = 0x811c9dc5 | 0, b = 0x27d4eb2f | 0;
  for (let i = 0; i < words.length + tail.length + 1; i++) {
    const word = i < words.length ? words[i] : i - words.length < tail.length ? tail[i - words.length] : bytes.byteLength;
    a = Math.imul(a ^ word, 0x01000193);
    b = Math.imul(b ^ word, 0x5bd1e995);
    b ^= b >>> 13;
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

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

// The runs of a stored snapshot, each [offset, length, at] (`at`: where its bytes are in
// `stored`), or null when the bytes do not describe runs in order within the memory's size.
export function runsOf(stored) {
  const size = memorySize(stored);
  if (!size) return null;
  const head = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const count = head.getUint32(4, true);
  let at = HEADER + count * 8, end = 0;
  if (at > stored.byteLength) return null;
  const runs = [];
  for (let i = 0; i < count; i++) {
    const offset = head.getUint32(HEADER + i * 8, true), length = head.getUint32(HEADER + i * 8 + 4, true);
    if (offset < end || offset + length > size || at + length > stored.byteLength) return null;
    runs.push([offset, length, at]);
    at += length;
    end = offset + length;
  }
  return at === stored.byteLength ? runs : null;
}

// Writes the memory's bytes from `from` on into `target` (as many as it holds): the runs' bytes,
// and zeros between them, though only below `dirty`, where `target` may hold something else
// (above it, `target` is known to be zero already: writing zeros there would only cost time).
export function decodeRange(stored, runs, from, target, dirty = target.length) {
  const zero = (lo, hi) => { if (lo < Math.min(hi, dirty)) target.fill(0, lo, Math.min(hi, dirty)); };
  let done = 0; // target[0, done) holds the memory's bytes
  for (const [offset, length, at] of runs) {
    const lo = Math.max(offset - from, 0), hi = Math.min(offset + length - from, target.length);
    if (hi <= 0) continue;
    if (lo >= target.length) break;
    zero(done, lo);
    target.set(stored.subarray(at + lo + from - offset, at + hi + from - offset), lo);
    done = hi;
  }
  zero(done, target.length);
}
