// The heavy work, sent to the page's one worker (www/worker.js), shared by
// every viewer on the page: the suggestion for a position, the report on a
// game a ply at a time, the games of a long PGN. Where the page cannot
// start workers, the suggestion and the listing run here and the report
// does not run (it would block the page).
import { fetchEngineEarly, loadAnalysis, loadEngine, startWorker as startEngineWorker } from './engine.js';

let worker = null;
let workerFailed = false;
let nextId = 0;
/** Jobs waiting for their one answer: id -> resolve. */
const waiting = new Map();
/** Reports being computed in the worker: id -> listener of its messages. */
const reporting = new Map();

function startWorker() {
  if (worker || workerFailed) return worker;
  // engine.js starts it and hands it the module compiled on the page.
  worker = startEngineWorker();
  if (!worker) {
    workerFailed = true;
    return null;
  }
  worker.onmessage = (event) => {
    const listener = reporting.get(event.data.id);
    if (listener) {
      listener(event.data);
      if (event.data.kind !== 'report-ply' && event.data.kind !== 'report-start') reporting.delete(event.data.id);
      return;
    }
    const done = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    done?.(event.data);
  };
  worker.onerror = () => {
    workerFailed = true;
    worker = null;
    for (const done of waiting.values()) done({ error: 'the suggestion worker stopped' });
    waiting.clear();
    for (const listener of reporting.values()) listener({ kind: 'report-error', error: 'the worker stopped' });
    reporting.clear();
  };
  return worker;
}

/**
 * Asks for the engine's module now where the page preloads the reader
 * (engine.js's fetchEngineEarly) and then starts the worker too, so that it
 * has its script when that module arrives. Called once the viewer has
 * started: the worker asks for the rules, and the first ask decides which.
 */
export function startEarly() {
  if (fetchEngineEarly()) startWorker();
}

/**
 * Starts the report on a game in the worker; `listener` receives its
 * messages (report-start, report-ply, report-done, report-error; with
 * `startOnly`, report-start alone). Reports run one at a time, in the order
 * asked. Returns a function that cancels it. Without a worker, no report
 * (it would block the page).
 */
export function requestReport(text, options, listener, { startOnly = false } = {}) {
  const w = startWorker();
  if (!w) {
    listener({ kind: 'report-error', error: 'this browser cannot run the report off the page' });
    return () => {};
  }
  const id = ++nextId;
  reporting.set(id, listener);
  w.postMessage({ kind: 'report', id, text, options, startOnly });
  return () => {
    reporting.delete(id);
    w.postMessage({ kind: 'cancel', id });
  };
}

/** Lists the games of a PGN text in the worker (a long text takes a while); here when there is no worker. */
export function requestGames(text) {
  const w = startWorker();
  if (!w) return loadEngine().then((engine) => ({ games: engine.listGames(text) }));
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ kind: 'games', id, text });
  });
}

/** Asks for a suggestion: in the worker, or (if workers are unavailable) here, after a paint. */
export function requestSuggestion(fen, game) {
  const w = startWorker();
  if (!w) {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(async () => {
      try {
        const engine = await loadAnalysis();
        resolve({ suggestion: engine.suggest(fen, { game }) });
      } catch (e) {
        resolve({ error: String(e?.message ?? e) });
      }
    })));
  }
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ id, fen, game });
  });
}
