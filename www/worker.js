// The suggestion search runs here, off the page's thread.
import { loadEngine } from './engine.js';

self.onmessage = async (event) => {
  const { id, fen, game } = event.data;
  try {
    const engine = await loadEngine();
    const started = performance.now();
    const suggestion = engine.suggest(fen, { game });
    self.postMessage({ id, suggestion, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};
