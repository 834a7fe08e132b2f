// The viewer's state as a plain object, and the pure functions over it
// (no DOM here, so they can be tested under node).

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
  return { game: o.game, snapshot, flipped: state.flipped, lastMove, arrows };
}

/** Whether the game goes on from the position on screen (so a suggestion makes sense). */
export function canSuggest(state) {
  const o = state.outcome;
  if (!o || state.showError) return false;
  // A problem's answer comes with the outcome.
  if (o.problem) return o.problem.mate !== null;
  return !snapshotOf(state).over;
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
  const first = o.initial.sideToMove === o.players[1] ? 1 : 0;
  const startNumber = o.initial.moveNumber;
  const rows = [];
  entries.forEach((entry, i) => {
    const slot = i + first;
    const r = Math.floor(slot / 2);
    if (!rows[r]) rows[r] = { number: startNumber + r, cells: [null, null] };
    rows[r].cells[slot % 2] = entry;
  });
  return rows.filter(Boolean);
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
  const chess = outcome?.chess;
  if (!chess) return '';
  const tag = (name) => {
    const v = chess.tags.find((t) => t.name === name)?.value;
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
  const stated = chess.statedResult;
  if (stated && stated !== '*') {
    const shown = outcome.status === 'checkmate' || outcome.status === 'stalemate';
    parts.push(!shown || chess.result === stated
      ? (outcome.status === 'incomplete' ? `the text says ${stated} (ended before checkmate: a resignation, time or agreement)` : `result ${stated}`)
      : `the text says ${stated}`);
  }
  if (chess.gamesInText > 1) parts.push(`game ${chess.gameIndex + 1} of ${chess.gamesInText}`);
  parts.push({ pgn: 'read as PGN', fen: 'read as a FEN and moves', course: 'read as course notation' }[chess.notation]);
  return parts.join(' · ');
}
