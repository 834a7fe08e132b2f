// The suggestion search runs here, off the page's thread.
// Messages in: first {type: 'init', module} (the WebAssembly.Module the page
// compiled: this worker never fetches the .wasm; or {type: 'init', error}),
// then any number of {id, fen, game}; jobs that come before the init message
// wait for it. Out: {id, suggestion, ms} or {id, error}.
import { loadEngine } from './engine.js';

let received;
const engine = new Promise((resolve, reject) => {
  received = (data) => (data.module ? resolve(loadEngine(data.module)) : reject(new Error(data.error ?? 'the page sent no module')));
});
engine.catch(() => {}); // reported to each job below

self.onmessage = async (event) => {
  if (event.data?.type === 'init') {
    received(event.data);
    return;
  }
  const { id, fen, game } = event.data;
  try {
    const api = await engine;
    const started = performance.now();
    const suggestion = api.suggest(fen, { game });
    self.postMessage({ id, suggestion, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
