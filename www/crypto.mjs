// The browser's cryptography (WebCrypto) for tabletop.secure's sessions between a guest and its
// proved host. Loaded with the network, only for a table with friends on other devices.
// Everything that crosses to Python is a string (or true/false/null): keys and signatures as
// base64url, key handles as ids of the CryptoKeys kept here (forget(id) lets one go).
//
//   signingKey()                          -> JSON {"private": JWK text, "public": raw P-256 point}
//   sign(privateJwk, text)                -> ECDSA P-256 / SHA-256 signature (r||s, 64 bytes)
//   verify(publicKey, text, signature)    -> true / false (false for anything malformed)
//   exchangeKey()                         -> JSON {"id": handle, "public": raw P-256 point}
//   sessionKey(id, peerPublic, salt, info) -> JSON {"id": handle of an AES-256-CTR key, "mac": an
//                                           HMAC-SHA256 key} (ECDH, then HKDF-SHA256), or null
//   keystream(id, counterHex, length)     -> `length` bytes of the key's AES-CTR keystream from the
//                                           counter block (16 bytes; its low 64 bits count blocks)
//   forget(id)

const subtle = globalThis.crypto.subtle;
const SIGNING = { name: "ECDSA", namedCurve: "P-256" };
const SIGNATURE = { name: "ECDSA", hash: "SHA-256" };
const EXCHANGE = { name: "ECDH", namedCurve: "P-256" };
const encoder = new TextEncoder();

const keys = new Map(); // id -> CryptoKey
const signers = new Map(); // private JWK text -> Promise of its CryptoKey
let made = 0;

function keep(key) {
  made += 1;
  const id = `k${made}`;
  keys.set(id, key);
  return id;
}

function b64(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64(text) {
  const plain = atob(String(text).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

function hex(text) {
  return Uint8Array.from(String(text).match(/../g) ?? [], (h) => parseInt(h, 16));
}

export async function signingKey() {
  const pair = await subtle.generateKey(SIGNING, true, ["sign", "verify"]);
  const jwk = await subtle.exportKey("jwk", pair.privateKey);
  const raw = await subtle.exportKey("raw", pair.publicKey);
  return JSON.stringify({ private: JSON.stringify(jwk), public: b64(raw) });
}

export async function sign(privateJwk, text) {
  if (!signers.has(privateJwk)) {
    signers.set(privateJwk, subtle.importKey("jwk", JSON.parse(privateJwk), SIGNING, false, ["sign"]));
  }
  return b64(await subtle.sign(SIGNATURE, await signers.get(privateJwk), encoder.encode(text)));
}

export async function verify(publicKey, text, signature) {
  try {
    const key = await subtle.importKey("raw", unb64(publicKey), SIGNING, false, ["verify"]);
    return await subtle.verify(SIGNATURE, key, unb64(signature), encoder.encode(text));
  } catch {
    return false; // not a key, not a signature: no proof
  }
}

export async function exchangeKey() {
  const pair = await subtle.generateKey(EXCHANGE, false, ["deriveBits"]);
  const raw = await subtle.exportKey("raw", pair.publicKey);
  return JSON.stringify({ id: keep(pair.privateKey), public: b64(raw) });
}

export async function sessionKey(id, peerPublic, salt, info) {
  const own = keys.get(id);
  if (!own) return null;
  try {
    const peer = await subtle.importKey("raw", unb64(peerPublic), EXCHANGE, false, []);
    const shared = await subtle.deriveBits({ name: "ECDH", public: peer }, own, 256);
    const base = await subtle.importKey("raw", shared, "HKDF", false, ["deriveBits"]);
    const both = new Uint8Array(await subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: encoder.encode(salt), info: encoder.encode(info) },
      base,
      512,
    ));
    const key = await subtle.importKey("raw", both.slice(0, 32), { name: "AES-CTR" }, false, ["encrypt"]);
    return JSON.stringify({ id: keep(key), mac: b64(both.slice(32)) });
  } catch {
    return null; // the peer's half is not a key of the curve
  }
}

export async function keystream(id, counterHex, length) {
  const key = keys.get(id);
  if (!key) return null;
  const zeros = new Uint8Array(length);
  return b64(await subtle.encrypt({ name: "AES-CTR", counter: hex(counterHex), length: 64 }, key, zeros));
}

export function forget(id) {
  keys.delete(id);
}

const CALLS = { signingKey, sign, verify, exchangeKey, sessionKey, keystream };

// What Python calls: the function `name` of this module, as a promise that never rejects (null
// for a failure, said on the console): one callback each, none left waiting forever.
export function call(name, ...args) {
  return Promise.resolve()
    .then(() => CALLS[name](...args))
    .catch((error) => {
      console.warn(`crypto.mjs: ${name} failed`, error);
      return null;
    });
}
