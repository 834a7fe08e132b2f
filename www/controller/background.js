// The controller's part for the work done in the worker (www/jobs.js) for
// what is on screen: the suggestion for the position, the report on the
// game a ply at a time, and the list of the games of a text of several.
// Each answer comes back as a transition: an answer for something no
// longer on screen is dropped.
import { canSuggest, snapshotOf } from '../state.js';

/** The report's marks are put in the move list at most this often while it runs (ms). */
const MARKS_EVERY = 200;

export function createBackground(ctrl) {
  /** What the report running is on (game, notation, game index, text), and the function that cancels it. */
  let reportKey = null;
  let cancelReport = () => {};
  /** When the report's marks were last shown, and the timer that shows the last ones. */
  let marksShown = 0;
  let marksTimer = 0;
  /** A long pasted text's games, asked of the worker at the paste: { text, reply }. */
  let pastedListing = null;
  /**
   * Whether the viewer has been on screen (in a frame: in the host page's
   * viewport). The report waits for it (the viewer says so when it can
   * tell, `options.waitForView`): a course page of ten boards does not run
   * ten engine reports at load, and a board never seen runs none.
   */
  let seen = !ctrl.options.waitForView;

  /** The report's marks and facts put in the move list and on the board. */
  function showMarks() {
    marksShown = performance.now();
    ctrl.touch('marks');
  }

  /** Starts (or keeps) the report on the game on screen, in the worker. */
  function startReport() {
    const s = ctrl.state;
    const o = s.outcome;
    const key = o && !o.problem && o.plies.length ? `${o.game}|${s.notation}|${s.gameIndex}|${s.text}` : null;
    if (!ctrl.reportWanted || ctrl.options.mode === 'puzzle' || key === reportKey) return;
    cancelReport();
    reportKey = key;
    // The method of the report before (the same for a game of the same kind) stays until the new one says its own.
    const method = s.report?.method ?? null;
    ctrl.set({ report: null });
    if (!key) return;
    // Not yet seen, only its start is asked for (one position): the panel
    // holds its place, the line that says what judged the moves (several
    // lines on a phone) there already, and a frame's height does not jump
    // when it comes into view.
    ctrl.set({ report: { start: null, method, plies: [], total: 0, done: false, error: null, waiting: !seen } });
    const options = { game: o.game, notation: s.notation, gameIndex: s.gameIndex };
    cancelReport = ctrl.services.requestReport(s.text, options, (message) => ctrl.run(() => {
      if (reportKey !== key) return;
      const r = { ...ctrl.state.report };
      if (message.kind === 'report-start') Object.assign(r, { start: message.start, method: message.method, total: message.total });
      else if (message.kind === 'report-ply') r.plies = [...r.plies, message.ply];
      else if (message.kind === 'report-done') r.done = true;
      else if (message.kind === 'report-error') Object.assign(r, { done: true, error: message.error });
      ctrl.set({ report: r }, 'report');
      // The marks in the move list: at most every 200 ms while the report runs
      // (the last ones 200 ms after the one before, if no other message comes), and at its end.
      clearTimeout(marksTimer);
      const wait = r.done ? 0 : marksShown + MARKS_EVERY - performance.now();
      if (wait <= 0) showMarks();
      else marksTimer = setTimeout(() => ctrl.run(showMarks), wait);
    }), { startOnly: !seen });
  }

  /** Asks the worker for the suggestion for the position on screen, when it is another position. */
  function settleSuggestion() {
    const s = ctrl.state;
    const o = s.outcome;
    const snapshot = snapshotOf(s);
    if (!snapshot || !canSuggest(s) || s.setup || s.puzzle || ctrl.options.suggest === false) {
      if (s.suggestion) ctrl.set({ suggestion: null }, 'suggestion');
      return;
    }
    const key = `${o.game}|${snapshot.fen}|${o.problem ? s.text : ''}`;
    if (key === s.suggestion?.key) return;
    // A problem's answer comes with the outcome.
    if (o.problem) {
      ctrl.set({ suggestion: { key, game: o.game, move: o.problem.mate, problem: true } }, 'suggestion');
      return;
    }
    ctrl.set({ suggestion: { key, game: o.game, move: null, thinking: true } }, 'suggestion');
    ctrl.services.requestSuggestion(snapshot.fen, o.game).then((reply) => ctrl.run(() => {
      if (ctrl.state.suggestion?.key !== key) return;
      if (reply.error) ctrl.set({ suggestion: { key, game: o.game, move: null, error: reply.error, replied: true } }, 'suggestion');
      else ctrl.set({ suggestion: { key, game: o.game, move: reply.suggestion, replied: true } }, 'suggestion', 'board');
    }));
  }

  /** The games of `text`: the paste's listing when it is of this text. */
  function gamesOf(text) {
    const early = pastedListing?.text === text ? pastedListing.reply : null;
    pastedListing = null;
    return early ?? ctrl.services.requestGames(text);
  }

  /** Asks the worker for the games of a text of several, once per text (the old list stays until the new one comes). */
  function settleListing() {
    const s = ctrl.state;
    const count = s.outcome.chess?.gamesInText ?? 1;
    if (count < 2) {
      pastedListing = null;
      return;
    }
    if (s.listing?.text === s.text) return;
    const text = s.text;
    // A move played in one game keeps the others' titles (no "Listing…" flash on every move).
    const games = s.listing?.games?.length === count ? s.listing.games : null;
    ctrl.set({ listing: { text, count, games, busy: true } }, 'listing');
    gamesOf(text).then((reply) => ctrl.run(() => {
      if (ctrl.state.listing?.text !== text) return;
      ctrl.set({ listing: { text, count, games: reply.games ?? [], busy: false } }, 'listing');
    }));
  }

  return {
    startReport,
    /** Before the panels show a change of the game or the place: the work it needs asked for. */
    settle() {
      settleListing();
      settleSuggestion();
    },
    stop() {
      cancelReport();
      clearTimeout(marksTimer);
    },
    queries: {},
    transitions: {
      /** The viewer is on screen for the first time: its report starts. */
      onScreen() {
        if (seen) return;
        seen = true;
        if (!ctrl.state.report?.waiting) return;
        reportKey = null;
        startReport();
        ctrl.touch('report', 'marks');
      },
      /** A long text pasted: its games are listed in the worker at once, while the page reads its first game. */
      listEarly(text) {
        pastedListing = { text, reply: ctrl.services.requestGames(text) };
      },
    },
  };
}
