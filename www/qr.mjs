// QR codes for cross-device play (a room's address, for a phone's camera), drawn as SVG from the
// QR code generator bundled in www/vendor/net/qrcode.mjs (tools/vendor.py). Loaded with a
// dynamic import when a room is shown, like www/net.mjs.
//
//   qrSvg(text) -> "<svg ...>": black modules on white with the standard quiet zone (4 modules),
//   a viewBox and no width or height, so CSS sizes it. Text is encoded as UTF-8 bytes; error
//   correction level M. Throws when the text is too long for a QR code (about 2,300 bytes).

import { qrcode } from "./vendor/net/qrcode.mjs";

const QUIET_ZONE = 4;
const encoder = new TextEncoder();
// The generator reads a string's bytes with this function; its own keeps only the low byte of
// each character.
qrcode.stringToBytes = (text) => Array.from(encoder.encode(text));

export function qrSvg(text) {
  const code = qrcode(0, "M"); // 0: the smallest version that holds the text
  code.addData(String(text), "Byte");
  code.make();
  const count = code.getModuleCount();
  const size = count + 2 * QUIET_ZONE;
  let path = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; ) {
      if (!code.isDark(row, col)) {
        col += 1;
        continue;
      }
      let run = 1;
      while (col + run < count && code.isDark(row, col + run)) run += 1;
      path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`;
      col += run;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
