// Calls back once the app is ready (Python sets <html data-ready> when the lobby is usable).
export function whenReady(callback) {
  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) return callback();
  new MutationObserver((_, observer) => {
    if (root.hasAttribute("data-ready")) {
      observer.disconnect();
      callback();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}
