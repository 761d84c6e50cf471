// Cross-device play's network: the players of one room, browser to browser over WebRTC data
// channels, who find each other through Nostr relays (Trystero's nostr strategy, bundled in
// www/vendor/net/trystero-nostr.mjs by tools/vendor.py). Nothing on the way to the lobby loads
// this module: the app imports it (a dynamic import) when a player opens a room.
//
//   const room = await openRoom({appId, room, secret, relays, iceServers, relayTimeoutMs}, onEvent);
//   room.send(text, peer)   // peer: a peer id from "join", or null for everyone; text: a string
//   room.close()            // leave the room (a promise)
//   room.selfId             // this page's peer id, as other pages see it
//
// onEvent(kind, peer, data):
//   "join"     peer joined the room (its secret matched ours)
//   "leave"    peer left
//   "message"  data = the string that peer sent
//   "relays"   data = how many of `relays` are connected now (peer is undefined): once when
//              relayTimeoutMs (default 8000) has passed, whatever the count (0 = none reachable),
//              and whenever the count changes, before that time as well as after.
// Absent arguments are undefined (None in Python).
//
// Only a secure page can open a room (https://, or http://localhost): see openRoom.
// There is no default relay or ICE server list: the caller always names them (Trystero's own
// lists name public servers). `iceServers: []` connects on a local network only.

const LIBRARY = new URL("./vendor/net/trystero-nostr.mjs", import.meta.url).href;
const ACTION = "msg";
const DEFAULT_RELAY_TIMEOUT_MS = 8000;
const RELAY_POLL_MS = 500; // Trystero's relay sockets have no event of their own for us

// Trystero connects to its relays and makes its WebRTC offers once per instance of its module,
// with the configuration of the first room: a room with other relays or ICE servers gets an
// instance of its own (the same file under another query string).
const libraries = new Map(); // JSON of [relays, iceServers] -> Promise of the module
const openRooms = new Set();
// Rooms being left (id -> the promise of Trystero's leave): Trystero hands back the room it still
// holds when the same room is joined again before its leave is done (a Try again at once), a
// room whose peers are being closed. A new join waits for the leave.
const leaving = new Map();

// Trystero says console.error("Trystero peer error:", err) for every closed data channel, a
// friend's reload or closed tab included ("OperationError: User-Initiated Abort, reason=Close
// called"): an ordinary leave, which the room reports as "leave". Said as information instead, so
// that the console's errors stay for what is wrong; any other peer error is still an error.
const consoleError = console.error.bind(console);
console.error = (...args) => {
  const [what, err] = args;
  if (what === "Trystero peer error:" && /User-Initiated Abort/.test(String(err?.message ?? err))) {
    console.info("net.mjs: a peer closed its connection (a reload, a closed tab)");
    return;
  }
  consoleError(...args);
};

function library(relays, iceServers) {
  const key = JSON.stringify([relays, iceServers]);
  if (!libraries.has(key)) {
    const url = libraries.size === 0 ? LIBRARY : `${LIBRARY}?instance=${libraries.size}`;
    libraries.set(key, import(url));
  }
  return [key, libraries.get(key)];
}

function check(options) {
  const { appId, room } = options ?? {};
  if (typeof appId !== "string" || !appId || typeof room !== "string" || !room) {
    throw new TypeError("openRoom: appId and room must be non-empty strings");
  }
  const relays = Array.from(options.relays ?? [], String);
  if (!relays.length || !relays.every((url) => /^wss?:\/\//.test(url))) {
    throw new TypeError("openRoom: relays must be a list of ws:// or wss:// addresses");
  }
  if (options.iceServers == null) throw new TypeError("openRoom: iceServers must be a list ([] for none)");
  // A copy: the key of the library instance must not change under us.
  const iceServers = JSON.parse(JSON.stringify(Array.from(options.iceServers)));
  return [relays, iceServers];
}

export async function openRoom(options, onEvent) {
  // Trystero signs and encrypts with crypto.subtle, which a browser gives only to a secure page:
  // https://, or http:// on localhost / 127.0.0.1 (not http:// on a local network address).
  if (!globalThis.isSecureContext || !globalThis.crypto?.subtle) {
    throw new Error("openRoom: this page is not a secure context (https:// or http://localhost): no WebRTC room can be opened here");
  }
  const [relays, iceServers] = check(options);
  const { appId, room, secret = "", relayTimeoutMs = DEFAULT_RELAY_TIMEOUT_MS } = options;
  const [key, loading] = library(relays, iceServers);
  const trystero = await loading;
  const id = JSON.stringify([key, appId, room]);
  if (openRooms.has(id)) throw new Error(`openRoom: room ${room} is open already in this page`);
  openRooms.add(id);
  await leaving.get(id);

  let closed = false;
  const emit = (kind, peer, data) => {
    if (closed) return;
    try {
      onEvent(kind, peer, data);
    } catch (err) {
      console.error("net.mjs: onEvent failed", err);
    }
  };

  const joined = trystero.joinRoom(
    { appId, password: String(secret), relayConfig: { urls: relays }, rtcConfig: { iceServers } },
    room,
    { onJoinError: (details) => console.info(`net.mjs: peer ${details.peerId} not admitted: ${details.error}`) },
  );
  const action = joined.makeAction(ACTION);
  joined.onPeerJoin = (peer) => emit("join", peer);
  joined.onPeerLeave = (peer) => emit("leave", peer);
  action.onMessage = (data, context) => {
    if (typeof data === "string") emit("message", context.peerId, data);
  };

  let reported = 0;
  const connected = () => {
    const sockets = trystero.getRelaySockets();
    return relays.filter((url) => sockets[url]?.readyState === WebSocket.OPEN).length;
  };
  const poll = setInterval(() => {
    const count = connected();
    if (count !== reported) {
      reported = count;
      emit("relays", undefined, count);
    }
  }, RELAY_POLL_MS);
  const timeout = setTimeout(() => {
    reported = connected();
    emit("relays", undefined, reported);
  }, relayTimeoutMs);

  return {
    selfId: trystero.selfId,
    // A promise of true once sent, false if it could not be (said on the console).
    send(text, peer = null) {
      if (typeof text !== "string") throw new TypeError("send: text must be a string");
      return action.send(text, { target: peer ?? null }).then(
        () => true,
        (err) => {
          console.warn("net.mjs: send failed", err);
          return false;
        },
      );
    },
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      clearInterval(poll);
      clearTimeout(timeout);
      openRooms.delete(id);
      const left = Promise.resolve(joined.leave()).catch(() => {}).finally(() => {
        if (leaving.get(id) === left) leaving.delete(id);
      });
      leaving.set(id, left);
      return left;
    },
  };
}
