// Moving pieces: what a click or a drop on the board means, given the
// position's legal moves (the module's). Pure (no DOM), tested under node.
/**
 * A click on `square` with `selection` (null, or { from, landed: [squares],
 * candidates: moves }) and the position's legal `moves`. Returns
 * { selection } to show, { play: move } to play one, { choose: [moves] }
 * when a promotion must be chosen, or { illegal: { from, to } } for a
 * square no move reaches. `own(square)`: whether a piece of the side to
 * move stands there; one with no legal move is still selected (with no
 * candidates), so that the square chosen next gets the rules' reason why
 * not (checkers' capture rule, a pinned piece) instead of nothing at all.
 * `order`: the letters a piece may become, in the order to offer them (the
 * game's rules: games.js promotionOrder).
 */
export function clickSquare(moves, selection, square, own = () => false, order = '') {
  const from = (sq) => moves.filter((m) => m.path[0] === sq);
  if (!selection) {
    const candidates = from(square);
    return { selection: candidates.length || own(square) ? { from: square, landed: [square], candidates } : null };
  }
  const landed = selection.landed;
  const here = landed.at(-1);
  if (square === here) {
    // Clicking where a multi-jump stands ends the move there; on the piece itself, drops it.
    const done = selection.candidates.filter((m) => m.path.length === landed.length);
    if (landed.length > 1 && done.length) return finish(done, order);
    return { selection: landed.length > 1 ? selection : null };
  }
  const onward = selection.candidates.filter((m) => m.path[landed.length] === square);
  if (!onward.length) {
    if (landed.length === 1 && (from(square).length || own(square))) return clickSquare(moves, null, square, own, order);
    return { illegal: { from: selection.from, to: square }, selection: landed.length > 1 ? selection : null };
  }
  const reached = [...landed, square];
  const ending = onward.filter((m) => m.path.length === reached.length);
  if (ending.length === onward.length) return finish(ending, order);
  return { selection: { from: selection.from, landed: reached, candidates: onward } };
}

/** A piece dragged from `from` and dropped on `to` (`own`, `order`: clickSquare's). */
export function dropPiece(moves, from, to, own = () => false, order = '') {
  const picked = clickSquare(moves, null, from, own, order);
  if (!picked.selection) return { selection: null };
  if (from === to) return picked;
  return clickSquare(moves, picked.selection, to, own, order);
}

function finish(moves, order) {
  if (moves.length === 1) return { play: moves[0], selection: null };
  const ordered = [...moves].sort((a, b) => order.indexOf(a.promotion ?? '') - order.indexOf(b.promotion ?? ''));
  return { choose: ordered, selection: null };
}

/** The dots and rings for a selection: each square a candidate can land on next. */
export function targets(selection) {
  if (!selection) return [];
  const step = selection.landed.length;
  const seen = new Map();
  for (const m of selection.candidates) {
    const square = m.path[step];
    if (square && !seen.has(square)) seen.set(square, { square, capture: m.captured.length > 0 && m.path.length === step + 1 });
  }
  return [...seen.values()];
}
