// The engine's module asked for by a preload, as early as the page can:
// from dist/index.html's www/engine-early.js and from engine.js's
// fetchEngineEarly, whichever runs first (one request: the second finds it).

/** Adds a preload of the .wasm at `href` unless one is there: the same request as engine.js's fetch (mode cors, same-origin credentials), so that fetch takes its response. */
export function preloadEngine(href) {
  if ([...document.querySelectorAll('link[rel="preload"]')].some((link) => link.href === href)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', type: 'application/wasm', crossOrigin: 'anonymous', href }));
}
