// The page's state in a link's fragment (#moves=...&ply=N&flip=1...):
// written and read. Pure (no DOM), tested under node; www/link.js
// compresses the text (z=).
import { inMainLine, NOTATIONS, placeOf, plyNumber } from './state.js';

/** The themes a link (theme=) or the element (theme="...") may ask for: auto follows the system, or the host page. */
export const THEMES = ['auto', 'light', 'dark'];

/** Parses the URL fragment. Bad values are reported, not thrown. */
export function parseFragment(hash) {
  const params = new URLSearchParams((hash ?? '').replace(/^#/, ''));
  const result = {
    text: null, ply: null, path: null, game: null, notation: null, gameIndex: null, flipped: false, embed: false, report: null,
    suggest: true, verdict: true, mode: 'analysis', theme: 'auto', problems: [],
  };
  if (params.has('moves')) result.text = params.get('moves');
  if (params.has('ply')) {
    const raw = params.get('ply');
    if (/^\d{1,6}$/.test(raw)) result.ply = Number(raw);
    else result.problems.push(`the link's ply "${raw}" is not a move number; showing the last position`);
  }
  if (params.has('path')) {
    const raw = params.get('path');
    if (/^\d{1,6}(\.\d{1,6}){0,200}$/.test(raw)) result.path = raw.split('.').map(Number);
    else result.problems.push(`the link's path "${raw}" is not a list of numbers; showing the last position`);
  }
  if (params.has('game')) {
    // Which games exist is the module's to say (`games()`); here only the form.
    const g = params.get('game');
    if (/^[a-z]{1,20}$/.test(g)) result.game = g;
    else result.problems.push(`the link names an unknown game "${g}"; reading the text as any game`);
  }
  if (params.has('notation')) {
    const n = params.get('notation');
    if (NOTATIONS.includes(n)) result.notation = n;
    else result.problems.push(`the link names an unknown notation "${n}"; using auto`);
  }
  if (params.has('index')) {
    const raw = params.get('index');
    if (/^\d{1,6}$/.test(raw)) result.gameIndex = Number(raw);
    else result.problems.push(`the link's game index "${raw}" is not a number; showing the first game`);
  }
  const flag = (name) => {
    if (!params.has(name)) return false;
    const v = params.get(name);
    if (v === '1' || v === 'true' || v === '') return true;
    if (v === '0' || v === 'false') return false;
    result.problems.push(`the link's ${name}=${v} should be 1 or 0`);
    return false;
  };
  result.flipped = flag('flip');
  result.embed = flag('embed');
  // The report: on the page unless report=0; in an embed only with report=1.
  result.report = params.has('report') ? flag('report') : null;
  // Quizzes: suggest=0 hides the suggestion, verdict=0 the verdict until the end; mode=puzzle.
  result.suggest = params.has('suggest') ? flag('suggest') : true;
  result.verdict = params.has('verdict') ? flag('verdict') : true;
  if (params.has('theme')) {
    const theme = params.get('theme');
    if (THEMES.includes(theme)) result.theme = theme;
    else result.problems.push(`the link's theme "${theme}" is not light, dark or auto; following the system`);
  }
  if (params.has('mode')) {
    const mode = params.get('mode');
    if (mode === 'puzzle' || mode === 'analysis') result.mode = mode;
    else result.problems.push(`the link's mode "${mode}" is not puzzle or analysis; showing the analysis`);
  }
  return result;
}

/**
 * The URL fragment for what `state` shows. `quiz` keeps a link's quiz,
 * report and theme options: { report, suggest, verdict, mode, theme } as parseFragment reads them.
 */
export function buildFragment(state, { embed = false, quiz = null } = {}) {
  const params = new URLSearchParams();
  params.set('moves', state.text);
  // At the main line's failed move, no place: a link opens at the end of
  // the game, which is that move (ply= would name the position before it).
  // At a variation's, the path one past its last ply (placeOf): the
  // path on screen names that ply, the position before the failed move.
  if (state.errorLine?.length) {
    params.set('path', placeOf(state).join('.'));
  } else if (!state.errorLine) {
    if (inMainLine(state)) params.set('ply', String(plyNumber(state)));
    else params.set('path', state.path.join('.'));
  }
  if (state.game !== 'auto') params.set('game', state.game);
  if (state.notation !== 'auto') params.set('notation', state.notation);
  if (state.gameIndex) params.set('index', String(state.gameIndex));
  if (state.flipped) params.set('flip', '1');
  if (embed) params.set('embed', '1');
  if (quiz?.report !== null && quiz?.report !== undefined) params.set('report', quiz.report ? '1' : '0');
  if (quiz?.suggest === false) params.set('suggest', '0');
  if (quiz?.verdict === false) params.set('verdict', '0');
  if (quiz?.mode === 'puzzle') params.set('mode', 'puzzle');
  if (quiz?.theme && quiz.theme !== 'auto') params.set('theme', quiz.theme);
  // Spaces as %20 rather than +, so the link reads the same everywhere.
  return '#' + params.toString().replace(/\+/g, '%20');
}
