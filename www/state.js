// The viewer's state as a plain object, and the pure functions over it
// (no DOM here, so they can be tested under node).

export const GAMES = ['auto', 'chess', 'grid', 'congo', 'checkers'];
export const NOTATIONS = ['auto', 'course', 'pgn'];

export function initialState(overrides = {}) {
  return {
    text: '',
    game: 'auto',
    notation: 'auto',
    outcome: null,
    /** 0 = the initial position; n = after the n-th ply. */
    ply: 0,
    /** Showing the attempted (bad) move on the position before it. */
    showError: false,
    flipped: false,
    ...overrides,
  };
}

export function plyCount(state) {
  return state.outcome ? state.outcome.plies.length : 0;
}

/** The last position the viewer can show (past the last ply when there is an error to show). */
export function lastIndex(state) {
  return plyCount(state) + (state.outcome?.error ? 1 : 0);
}

/** Moves to a position index: 0..plies, plus plies+1 for the error view. */
export function goTo(state, index) {
  const n = plyCount(state);
  const i = Math.max(0, Math.min(lastIndex(state), Number.isFinite(index) ? Math.trunc(index) : 0));
  return { ...state, ply: Math.min(i, n), showError: i > n };
}

export function currentIndex(state) {
  return state.ply + (state.showError ? 1 : 0);
}

export function step(state, delta) {
  return goTo(state, currentIndex(state) + delta);
}

export function setOutcome(state, text, outcome) {
  // Keep the place when editing, unless it no longer exists.
  const next = { ...state, text, outcome };
  const wasAtEnd = !state.outcome || currentIndex(state) >= lastIndex(state);
  return goTo(next, wasAtEnd ? lastIndex(next) : currentIndex(state));
}

/** The snapshot on screen. */
export function snapshotOf(state) {
  const o = state.outcome;
  if (!o) return null;
  return state.ply === 0 ? o.initial : o.plies[state.ply - 1].snapshot;
}

/** Everything the board needs to draw the current position. */
export function boardView(state) {
  const o = state.outcome;
  const snapshot = snapshotOf(state);
  if (!o || !snapshot) return null;
  const arrows = [];
  let lastMove = null;
  if (state.ply > 0) {
    const p = o.plies[state.ply - 1];
    lastMove = { from: p.from, to: p.to };
  }
  if (state.showError && o.error?.from && o.error?.to) {
    arrows.push({ from: o.error.from, to: o.error.to, kind: 'error' });
  }
  // Checkers boards may be flipped: then a8 is a dark square.
  const darkParity = o.game === 'checkers' && / flipped$/.test(snapshot.fen) ? 0 : 1;
  return { game: o.game, snapshot, flipped: state.flipped, lastMove, arrows, darkParity };
}

/** Whether the game goes on from the position on screen (so a suggestion makes sense). */
export function canSuggest(state) {
  const o = state.outcome;
  if (!o || state.showError) return false;
  // A problem's answer comes with the outcome.
  if (o.game === 'grid') return o.suggestion !== null;
  const atEnd = state.ply === plyCount(state);
  if (atEnd && ['checkmate', 'stalemate', 'win', 'draw'].includes(o.status)) return false;
  // Earlier positions of a finished game still had moves to play.
  return true;
}

/** Side names for the move list (who moves first in this game). */
export function sideNames(game) {
  return game === 'checkers' ? ['red', 'black'] : ['white', 'black'];
}

/**
 * The move list as rows: { number, cells: [{index, text, kind}] } where
 * index is the position index the move leads to and kind is 'ply',
 * 'error' or 'unplayed'.
 */
export function moveRows(state) {
  const o = state.outcome;
  if (!o) return [];
  const entries = o.plies.map((p, i) => ({ index: i + 1, text: p.notation, kind: 'ply', start: p.start, end: p.end }));
  if (o.error && o.status !== 'parse_error') {
    const text = state.text ? sliceUtf16(state.text, o.error.start, o.error.end) : '?';
    entries.push({ index: o.plies.length + 1, text, kind: 'error', start: o.error.start, end: o.error.end });
  } else if (o.error) {
    entries.push({ index: o.plies.length + 1, text: tokenAround(state.text, o.error.start), kind: 'error', start: o.error.start, end: o.error.end });
  }
  for (const u of o.unplayed) entries.push({ index: null, text: u.notation, kind: 'unplayed', start: u.start, end: u.end });
  const first = o.initial.sideToMove === 'black' ? 1 : 0;
  const startNumber = moveNumberOf(o.initial.fen, o.game);
  const rows = [];
  entries.forEach((entry, i) => {
    const slot = i + first;
    const r = Math.floor(slot / 2);
    if (!rows[r]) rows[r] = { number: startNumber + r, cells: [null, null] };
    rows[r].cells[slot % 2] = entry;
  });
  return rows.filter(Boolean);
}

function moveNumberOf(fen, game) {
  if (game !== 'chess') return 1;
  const n = Number((fen ?? '').split(' ')[5]);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** JavaScript strings are UTF-16, as the spans are. */
export function sliceUtf16(text, start, end) {
  return text.slice(start, end);
}

/** The whitespace-separated token of `text` containing position `at`. */
export function tokenAround(text, at) {
  if (!text) return '?';
  let s = Math.min(at, text.length);
  let e = s;
  while (s > 0 && !/\s/.test(text[s - 1])) s--;
  while (e < text.length && !/\s/.test(text[e])) e++;
  return text.slice(s, e) || '(end of line)';
}

/** Parses the URL fragment: moves, ply, game, notation, flip, embed. Bad values are reported, not thrown. */
export function parseFragment(hash) {
  const params = new URLSearchParams((hash ?? '').replace(/^#/, ''));
  const result = { text: null, ply: null, game: null, notation: null, flipped: false, embed: false, problems: [] };
  if (params.has('moves')) result.text = params.get('moves');
  if (params.has('ply')) {
    const raw = params.get('ply');
    if (/^\d{1,6}$/.test(raw)) result.ply = Number(raw);
    else result.problems.push(`the link's ply "${raw}" is not a move number; showing the last position`);
  }
  if (params.has('game')) {
    const g = params.get('game');
    if (GAMES.includes(g)) result.game = g;
    else result.problems.push(`the link names an unknown game "${g}"; reading the text as any game`);
  }
  if (params.has('notation')) {
    const n = params.get('notation');
    if (NOTATIONS.includes(n)) result.notation = n;
    else result.problems.push(`the link names an unknown notation "${n}"; using auto`);
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
  return result;
}

export function buildFragment(state, { embed = false } = {}) {
  const params = new URLSearchParams();
  params.set('moves', state.text);
  params.set('ply', String(currentIndex(state) > plyCount(state) ? plyCount(state) : state.ply));
  if (state.game !== 'auto') params.set('game', state.game);
  if (state.notation !== 'auto') params.set('notation', state.notation);
  if (state.flipped) params.set('flip', '1');
  if (embed) params.set('embed', '1');
  // Spaces as %20 rather than +, so the link reads the same everywhere.
  return '#' + params.toString().replace(/\+/g, '%20');
}

/** A sentence for people, beside the course program's exact line. */
export function friendlyVerdict(state) {
  const o = state.outcome;
  if (!o) return '';
  const who = (side) => (side ? side[0].toUpperCase() + side.slice(1) : '');
  const moveLabel = () => {
    for (const row of moveRows(state)) {
      const i = row.cells.findIndex((c) => c?.kind === 'error');
      if (i >= 0) return `${row.number}${i === 0 ? '.' : '...'} ${row.cells[i].text}`;
    }
    return 'A move';
  };
  switch (o.status) {
    case 'checkmate': return `Checkmate: ${who(o.winner)} wins.`;
    case 'stalemate': return 'Stalemate: the game is drawn.';
    case 'win': return `${who(o.winner)} wins.`;
    case 'draw': return 'The game is drawn.';
    case 'answer': return '';
    case 'incomplete': {
      const side = snapshotOf({ ...state, ply: plyCount(state), showError: false })?.sideToMove;
      return `The game is not over${side ? `: ${side} to move` : ''}.`;
    }
    case 'parse_error': return `The text cannot be read: ${o.error.reason}.`;
    case 'completion_error': return `${moveLabel()} cannot be matched to one piece: ${o.error.reason}.`;
    case 'illegal_move': return `${moveLabel()} is illegal: ${o.error.reason}.`;
    default: return '';
  }
}

/** Words for a suggestion. */
export function describeSuggestion(s, game = 'chess') {
  if (!s) return '';
  const why = {
    mate: s.mateIn === 1 ? 'mates at once' : `forces mate in ${s.mateIn}`,
    'avoids mate': s.mateIn ? `stops the opponent's mate in ${s.mateIn}` : 'does not allow a quick mate',
    'only moves': `every move allows mate; this one holds out longest${s.mateIn ? ` (mate in ${s.mateIn})` : ''}`,
    strategy: game === 'chess' ? 'best by material, then position' : "best by the course's search",
  }[s.reason] ?? s.reason;
  // Notations that already name both squares need no gloss.
  const gloss = s.notation.includes(s.from) && s.notation.includes(s.to) ? '' : ` (${s.from}-${s.to}${s.promotion ? `=${s.promotion.toUpperCase()}` : ''})`;
  return `${s.notation}${gloss}: ${why}`;
}

/** A line about where the game comes from: players, event, date, the stated result, the notation read. */
export function gameInfo(outcome) {
  if (!outcome || outcome.game !== 'chess') return '';
  const tag = (name) => {
    const v = outcome.tags.find((t) => t.name === name)?.value;
    return v && v !== '?' && !/^[?.]+$/.test(v) ? v : null;
  };
  const parts = [];
  const white = tag('White');
  const black = tag('Black');
  if (white || black) parts.push(`${white ?? '?'} – ${black ?? '?'}`);
  for (const name of ['Event', 'Site', 'Date']) {
    const v = tag(name);
    if (v) parts.push(v);
  }
  const stated = outcome.statedResult;
  if (stated && stated !== '*') {
    const board = outcome.status === 'checkmate' ? (outcome.winner === 'white' ? '1-0' : '0-1') : outcome.status === 'stalemate' ? '1/2-1/2' : null;
    parts.push(board === stated || board === null && outcome.status !== 'incomplete' ? `result ${stated}` : `the text says ${stated}${outcome.status === 'incomplete' ? ' (ended before checkmate: a resignation, time or agreement)' : ''}`);
  }
  if (outcome.gamesInText > 1) parts.push(`the first of ${outcome.gamesInText} games`);
  parts.push(outcome.notation === 'pgn' ? 'read as PGN' : 'read as course notation');
  return parts.join(' · ');
}
