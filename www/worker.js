// The heavy work runs here, off the page's thread: the suggestion for a
// position, and the report on a game a ply at a time (a newer report or a
// cancel stops the one running; between plies the worker takes its other
// messages, so a suggestion is not kept waiting).
import { loadEngine } from './engine.js';

/** The id of the report running, or 0. */
let reporting = 0;

self.onmessage = async (event) => {
  const message = event.data;
  if (message.kind === 'report') return report(message);
  if (message.kind === 'cancel') {
    if (reporting === message.id) reporting = 0;
    return;
  }
  const { id, fen, game } = message;
  try {
    const engine = await loadEngine();
    const started = performance.now();
    const suggestion = engine.suggest(fen, { game });
    self.postMessage({ id, suggestion, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};

async function report({ id, text, options }) {
  reporting = id;
  let reporter;
  try {
    const engine = await loadEngine();
    reporter = new engine.Reporter(text, options);
    self.postMessage({ id, kind: 'report-start', start: reporter.start(), method: reporter.method(), total: reporter.length });
    while (reporting === id) {
      const ply = reporter.next();
      if (!ply) {
        self.postMessage({ id, kind: 'report-done' });
        break;
      }
      self.postMessage({ id, kind: 'report-ply', ply });
      // Let a cancel, a newer report or a suggestion in.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch (error) {
    self.postMessage({ id, kind: 'report-error', error: String(error?.message ?? error).replace(/^\[[a-z_]+\]\s*/, '') });
  } finally {
    reporter?.free();
    if (reporting === id) reporting = 0;
  }
}
