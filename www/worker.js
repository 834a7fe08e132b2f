// The heavy work runs here, off the page's thread: the suggestion for a
// position, and the report on a game a ply at a time.
// Messages in: first {type: 'init', module, kind: 'chess' or 'all'} (the
// WebAssembly.Module the page compiled: this worker never fetches a .wasm;
// or {type: 'init', error}); later {type: 'init', module, kind: 'all'} when
// the page has loaded the module with every game, which replaces the chess
// module here;
// then suggestions {id, fen, game} -> {id, suggestion, ms} or {id, error};
// the games of a long PGN {kind: 'games', id, text} -> {id, games};
// and reports {kind: 'report', id, text, options, startOnly} -> {id, kind:
// 'report-start' | 'report-ply' | 'report-done' | 'report-error', ...}
// (`startOnly`: report-start alone).
// Reports run one at a time, in the order asked (the page's boards share
// this worker: a second board's report once stopped the first's, which
// then never finished); {kind: 'cancel', id} stops the one running or takes
// a waiting one out. Between plies the worker takes its other messages, so
// a suggestion is not kept waiting. Jobs that come before the init message
// wait for it.
import { hasAllGames, loadModule, prefetchGlue, reason } from './engine.js';

prefetchGlue('chess');

let received;
/** The API, once the page's first init message has come (each job waits for it). */
let engine = new Promise((resolve, reject) => {
  received = (data) => {
    received = null;
    if (data.module) resolve(loadModule(data.kind, data.module));
    else reject(new Error(data.error ?? 'the page sent no module'));
  };
});
engine.catch(() => {}); // reported to each job below

/** The page's init messages: the first module, then perhaps the one with every game. */
function init(message) {
  if (received) {
    received(message);
  } else if (message.module && message.kind === 'all' && !hasAllGames()) {
    // Jobs from now on wait for it; if it fails, they keep the chess module.
    const before = engine;
    engine = loadModule('all', message.module).catch(() => before);
  }
}

/** The reports asked for and not cancelled, in order: the first is the one running. */
const reports = [];
/** The id of the report running, or 0 (cancelled: it stops at its next ply). */
let reporting = 0;

self.onmessage = async (event) => {
  const message = event.data;
  if (message?.type === 'init') {
    init(message);
    return;
  }
  if (message.kind === 'report') {
    reports.push(message);
    if (reports.length === 1) runReports();
    return;
  }
  if (message.kind === 'games') {
    try {
      const api = await engine;
      self.postMessage({ id: message.id, games: api.listGames(message.text) });
    } catch (error) {
      self.postMessage({ id: message.id, error: String(error?.message ?? error) });
    }
    return;
  }
  if (message.kind === 'cancel') {
    // The first is the one running: it stops at its next ply (and leaves
    // the list then); a waiting one is taken out. (Told by its place, not by
    // `reporting`: a second cancel of the running report took it out of the
    // list too, and the report after it was dropped unrun in its stead.)
    const at = reports.findIndex((r) => r.id === message.id);
    if (at === 0) reporting = 0;
    else if (at > 0) reports.splice(at, 1);
    return;
  }
  const { id, fen, game } = message;
  try {
    const api = await engine;
    const started = performance.now();
    const suggestion = api.suggest(fen, { game });
    self.postMessage({ id, suggestion, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ?? error) });
  }
};

/** Runs the reports asked for, one after the other, until none is left. */
async function runReports() {
  while (reports.length) {
    await report(reports[0]);
    reports.shift();
  }
}

async function report({ id, text, options, startOnly }) {
  reporting = id;
  let reporter;
  try {
    const api = await engine;
    if (reporting !== id) return;
    reporter = new api.Reporter(text, options);
    self.postMessage({ id, kind: 'report-start', start: reporter.start(), method: reporter.method(), total: reporter.length });
    // (A board not yet on screen asks for the start alone.)
    if (startOnly) return;
    while (reporting === id) {
      const ply = reporter.next();
      if (!ply) {
        self.postMessage({ id, kind: 'report-done' });
        break;
      }
      self.postMessage({ id, kind: 'report-ply', ply });
      // Let a cancel, another report asked for or a suggestion in.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch (error) {
    self.postMessage({ id, kind: 'report-error', error: reason(error) });
  } finally {
    reporter?.free();
    if (reporting === id) reporting = 0;
  }
}
