// The controller's part for the text: what is typed or pasted, what the
// board writes, and what the text box holds (the whole text, or only the
// game on screen of a long text of several games). The box's state is
// `state.box` (www/state.js viewerState); panels/text.js draws it.
import { placeOf } from '../state.js';

/** How long after the last key a problem in the move being typed is shown (ms). */
export const TYPING_PAUSE = 1200;
/** A pasted text this long (in characters) has its games listed at once, in the worker. */
const LONG_PASTE = 20_000;
/**
 * A text of several games this long has only the game on screen in the text
 * box: Chromium takes about a second to lay out a 1 MB database in a text
 * box, at the paste and at every key typed in it.
 */
export const WINDOWED_TEXT = 20_000;
/**
 * The most the box holds of a text or of the game on screen (characters):
 * of a longer one, its first part, the rest kept as it is. Chromium lays a
 * text box out again at every key typed in it, about a millisecond for each
 * 1,000 characters: an 8 MB link's text took seconds a key.
 */
export const BOX_LIMIT = 100_000;

/**
 * A text as the text box holds it: the box turns each CR LF, and each CR
 * alone, into LF, and the marks and the selection index what it holds.
 */
export function asInBox(text) {
  return text.replace(/\r\n?/g, '\n');
}

/** The text the box holds: all of it, or the game on screen's part. */
export function boxText(state) {
  const view = state.box.view;
  return view ? state.text.slice(view.start, view.end) : state.text;
}

/** Whether the text's only problem is in the move being typed at its end, typed a moment before `now`. */
export function stillTyping(state, now) {
  const o = state.outcome;
  if (now - state.box.lastInput > TYPING_PAUSE || o?.status !== 'parse_error' || !o.error) return false;
  // (The end of the box: of the game on screen, when it holds only that.)
  const text = boxText(state);
  if (/\s$/.test(text)) return false;
  const view = state.box.view;
  const lastToken = lastWordStart(text) + (view?.start ?? 0);
  return o.error.start >= lastToken && o.error.start <= (view?.end ?? Infinity);
}

/**
 * Where the text's last word begins (its length when it ends in white
 * space). Found from the end: /\S+$/ retried its match from every
 * character of a long word that white space follows (seconds for 40 KB).
 */
export function lastWordStart(text) {
  let at = text.length;
  while (at > 0 && !/\s/.test(text[at - 1])) at--;
  return at;
}

/**
 * Where the box's part of a long text ends: at the first white space from
 * `at` on (within 1,000 characters), else at `at` (never inside a
 * character written as two UTF-16 units).
 */
export function cutAt(text, at) {
  if (at >= text.length) return text.length;
  for (let i = at; i < Math.min(text.length, at + 1000); i++) if (/\s/.test(text[i])) return i;
  const high = text.charCodeAt(at - 1);
  return high >= 0xd800 && high <= 0xdbff ? at - 1 : at;
}

export function createText(ctrl) {
  /** The timer that reads the text after a pause in the typing. */
  let typing = 0;
  /** The timer that shows a problem of the last move after a pause. */
  let pauseTimer = 0;

  const box = (patch) => ctrl.set({ box: { ...ctrl.state.box, ...patch } });

  /** The whole text, with the box's content (`value`) in its place (the box's part grows or shrinks with it). */
  function textFromBox(value) {
    const { text, box: { view } } = ctrl.state;
    if (!view) return value;
    box({ view: { ...view, end: view.start + value.length } });
    return text.slice(0, view.start) + value + text.slice(view.end);
  }

  /**
   * The box after a reading (`o`: the outcome read, or null): a long text of
   * several games shows the game on screen only (kept while it is typed in,
   * as long as the game read is inside it), any other all of it.
   */
  function fitBox(o) {
    const s = ctrl.state;
    ctrl.touch('text');
    // A long text that came before the rules waits for them, the box empty
    // and read-only meanwhile: laid out whole (a second or more for a
    // database) it would be cut to its game a moment later.
    if (!o && !ctrl.engine && s.engine !== 'failed' && ctrl.editor && !s.box.wholeAsked && s.text.length > WINDOWED_TEXT) {
      box({ stale: false, waiting: true, view: { start: 0, end: 0 } });
      return;
    }
    const stale = s.box.stale || s.box.waiting;
    const chess = o?.chess;
    const whole = !ctrl.editor || s.box.wholeAsked;
    const windowed = !whole && s.text.length > WINDOWED_TEXT && (chess?.gamesInText ?? 1) > 1;
    // What the box is to hold: the game on screen, or all of the text; of a long one, its first part (`cut`).
    const span = windowed ? { start: chess.gameStart, end: chess.gameEnd } : { start: 0, end: s.text.length };
    const long = !whole && span.end - span.start > BOX_LIMIT;
    // While it is typed in, the box keeps what it holds: the game read is inside it, or it is still that long text's first part.
    const old = s.box.view;
    const kept = old && !stale && (old.cut ? long && old.start === span.start : span.start >= old.start && span.end <= old.end);
    let view = windowed ? span : null;
    if (kept) view = old;
    else if (long) view = { start: span.start, end: cutAt(s.text, span.start + BOX_LIMIT), cut: true };
    // (The line under the box names the game it holds.)
    const game = windowed ? { index: chess.gameIndex, count: chess.gamesInText } : null;
    box({ stale: false, waiting: false, view, game });
  }

  /** Puts a text the board (or the page) wrote in place of the text, and reads it (`path`: the node to show). */
  function writeText(given, path = null) {
    ctrl.set({ text: asInBox(given) });
    box({ fromBoard: true, stale: true });
    ctrl.analyze(path);
    // (Not read: the text box holds the text as it is.)
    if (ctrl.state.box.stale) fitBox(null);
  }

  /** A text typed or pasted in the box (`text`: the whole text it gives). */
  function readTyped(text, pasted) {
    // Typed text ends the board's history: Ctrl+Z would bring back an older
    // text over what was typed, with no way back. (The box has its own undo.)
    box({ fromBoard: false, lastInput: performance.now() });
    ctrl.set({ undo: [], text });
    ctrl.say('');
    clearTimeout(pauseTimer);
    pauseTimer = setTimeout(() => ctrl.run(() => ctrl.touch()), TYPING_PAUSE + 50);
    // A long text pasted is most likely many games (a database): their listing starts now.
    if (pasted && text.length > LONG_PASTE) ctrl.listEarly(text);
    clearTimeout(typing);
    // A pause in the typing (a paste is read at once); a long paste in this
    // very task, so that the box holds only its game before the browser lays it out.
    if (pasted && text.length > WINDOWED_TEXT) ctrl.analyze();
    else typing = setTimeout(() => ctrl.analyze(), pasted ? 0 : 150);
    ctrl.touch('text');
  }

  /** A paste over the whole text is a new text: at its end and its first game (as a link opens), not at the old place. */
  const fresh = (whole) => (whole ? { outcome: null, gameIndex: 0 } : {});

  return {
    fitBox,
    /** The box is to be written again at the next reading (another game or reading of the text). */
    markStale: () => box({ stale: true }),
    /** The typing pause's reading, not needed: the text is read now. */
    cancelTyping: () => clearTimeout(typing),
    stop() {
      clearTimeout(typing);
      clearTimeout(pauseTimer);
    },
    queries: {},
    transitions: {
      writeText,
      /** A new text (from the page or the element: from its first game, when it holds several). */
      setText(given) {
        ctrl.set({ gameIndex: 0 });
        box({ wholeAsked: false, pasteTaken: null });
        writeText(given);
      },
      /** What the box holds now (`value`), typed or (`pasted`) pasted or dropped. */
      typed(value, pasted) {
        if (pasted && ctrl.state.box.pasteOverAll) box({ view: null });
        box({ pasteOverAll: false, pasteTaken: null });
        readTyped(textFromBox(value), pasted);
      },
      /**
       * A paste begins: `given` the text pasted, `value` what the box holds,
       * [start, end) the selection it replaces. A long text (a database) is
       * put in the box by the page, as the game on screen only (the
       * browser's own paste lays all of it out first): then true, and the
       * browser's paste is to be prevented.
       */
      paste({ given, value, start, end }) {
        const whole = start === 0 && end === value.length;
        // Over all the box holds of a text it shows part of: the whole text goes, and the box's own undo knows only its part.
        if (whole && ctrl.state.box.view && !ctrl.state.box.waiting) {
          const s = ctrl.state;
          const said = `The paste replaced the whole text (${s.text.length.toLocaleString('en')} characters), not only the part the box showed.`;
          ctrl.set({ dropped: { said, text: s.text, gameIndex: s.gameIndex, path: placeOf(s) } }, 'dropped');
        }
        if (whole) box({ wholeAsked: false, stale: true });
        box({ pasteOverAll: whole });
        clearTimeout(typing);
        if (given.length <= WINDOWED_TEXT) return false;
        const s = ctrl.state;
        const before = { text: s.text, gameIndex: s.gameIndex, path: placeOf(s) };
        if (whole) box({ view: null });
        box({ pasteOverAll: false, stale: true });
        ctrl.set(fresh(whole));
        readTyped(textFromBox(`${value.slice(0, start)}${asInBox(given)}${value.slice(end)}`), true);
        box({ pasteTaken: before });
        // (Not read, the rules still loading: the box holds all of it.)
        if (ctrl.state.box.stale) fitBox(null);
        return true;
      },
      /** The paste is in the box (`value`; `whole`: it replaced all the box held): read at once, a problem in its last move shown at once. */
      pasted(value, whole) {
        clearTimeout(typing);
        clearTimeout(pauseTimer);
        box({ lastInput: -Infinity });
        ctrl.set({ text: textFromBox(value), ...fresh(whole) });
        ctrl.analyze();
      },
      /**
       * Ctrl+Z in the box: after a board move, takes the move back, as it
       * does outside the box; once the moves played since a long paste are
       * taken back, the paste itself, as the browser does a short one (it
       * knows nothing of a long one). True when the key was taken.
       */
      undoInBox() {
        const { fromBoard, pasteTaken } = ctrl.state.box;
        if (!fromBoard && !pasteTaken) return false;
        if (ctrl.state.undo.length || !pasteTaken) ctrl.undo();
        else {
          box({ pasteTaken: null });
          ctrl.restore(pasteTaken, 'Paste undone.');
        }
        return true;
      },
      /** "Restore": the text dropped put back (what it replaces kept for Undo and Ctrl+Z). */
      restoreDropped() {
        const { dropped } = ctrl.state;
        if (!dropped) return;
        ctrl.set({ dropped: null }, 'dropped');
        box({ wholeAsked: false, pasteTaken: null });
        ctrl.remember();
        ctrl.restore(dropped, 'Restored (Undo brings back the text it replaced).');
      },
      /** The notice of a text dropped, closed: that text is let go. */
      dismissDropped() {
        ctrl.set({ dropped: null }, 'dropped');
      },
      /** "Show the whole text": the box holds all of it, until another text is pasted. */
      showWholeText() {
        box({ wholeAsked: true, stale: true });
        fitBox(ctrl.state.outcome);
      },
    },
  };
}
