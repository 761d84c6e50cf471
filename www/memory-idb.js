// An in-memory IndexedDB, for pages where the browser denies the real one (a cross-origin
// iframe in Chromium). PyScript opens IndexedDB while it starts (its package cache and its
// file-system helper, through @webreflection/idb-map) and stalls when that fails. This
// provides exactly what idb-map uses: open (with upgradeneeded), one object store per
// database, and count / clear / delete / get / getKey / getAllKeys / put requests that
// succeed asynchronously, as real ones do. Nothing outlives the page.

const later = (fn) => setTimeout(fn, 0);

class Request {
  constructor() {
    this.result = undefined;
    this.error = null;
    this.readyState = "pending";
    this.onsuccess = null;
    this.onerror = null;
  }
}

function succeed(value) {
  const request = new Request();
  later(() => {
    request.result = value;
    request.readyState = "done";
    if (request.onsuccess) request.onsuccess({ type: "success", target: request });
  });
  return request;
}

class ObjectStore {
  constructor(map) { this.map = map; }
  count() { return succeed(this.map.size); }
  clear() { this.map.clear(); return succeed(undefined); }
  delete(key) { this.map.delete(key); return succeed(undefined); }
  get(key) { return succeed(this.map.get(key)); }
  getKey(key) { return succeed(this.map.has(key) ? key : undefined); }
  getAllKeys() { return succeed([...this.map.keys()]); }
  put(value, key) { this.map.set(key, value); return succeed(key); }
}

class Database {
  constructor(name) {
    this.name = name;
    this.stores = new Map();
  }
  get objectStoreNames() {
    const names = [...this.stores.keys()];
    return { length: names.length, contains: (name) => this.stores.has(name), item: (i) => names[i] };
  }
  createObjectStore(name) {
    this.stores.set(name, new Map());
    return new ObjectStore(this.stores.get(name));
  }
  transaction(name) {
    const stores = this.stores;
    return { objectStore: (n) => new ObjectStore(stores.get(n)) };
  }
  close() {}
}

const databases = new Map();

export const memoryIndexedDB = {
  open(name) {
    const request = new Request();
    later(() => {
      let db = databases.get(name);
      const fresh = !db;
      if (fresh) databases.set(name, (db = new Database(name)));
      request.result = db;
      request.readyState = "done";
      if (fresh && request.onupgradeneeded) {
        const transaction = { oncomplete: null };
        request.transaction = transaction;
        request.onupgradeneeded({ type: "upgradeneeded", target: request });
        later(() => { if (transaction.oncomplete) transaction.oncomplete({ type: "complete" }); });
      }
      later(() => { if (request.onsuccess) request.onsuccess({ type: "success", target: request }); });
    });
    return request;
  },
  deleteDatabase(name) {
    databases.delete(name);
    return succeed(undefined);
  },
};

export function installMemoryIndexedDB() {
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB, configurable: true, writable: true });
}
