// The report on every move (the module's Reporter, run in the worker) as
// the page shows it for the position on screen: its evaluation, its proven
// facts and better moves, the graph, the summary. Pure (no DOM), tested
// under node.

/**
 * The report on the main-line move played from the position on screen:
 * that move's path, its proven facts, and the better moves to draw (each
 * fact's, and the engine's better move when the report marks the move).
 */
export function reportFactsHere(state) {
  const r = state.report;
  if (!r || state.errorLine || state.path.length > 1) return { move: null, facts: [], better: [] };
  const next = state.path.length ? state.path[0] + 1 : 0;
  const ply = r.plies[next];
  const facts = ply?.facts ?? [];
  const better = [...facts.map((f) => f.better), ...(ply?.mark && ply.betterLine?.length ? [ply.betterLine[0]] : [])];
  const seen = new Set();
  return { move: [next], facts, better: better.filter((m) => !seen.has(m.notation) && seen.add(m.notation)) };
}

/** How many moves of the better line are drawn after the better move itself. */
const LINE_ARROWS = 2;

/**
 * The report's better moves to draw on the position on screen (those of
 * the main-line move played from it), then the next moves of the engine's
 * better line, fainter.
 */
export function reportArrows(state) {
  const { move, better } = reportFactsHere(state);
  const arrows = better.map((m) => ({ from: m.from, to: m.to, kind: 'better' }));
  const line = move ? state.report.plies[move[0]]?.betterLine ?? [] : [];
  if (state.report?.plies[move?.[0]]?.mark) {
    arrows.push(...line.slice(1, 1 + LINE_ARROWS).map((m) => ({ from: m.from, to: m.to, kind: 'line' })));
  }
  return arrows;
}

/**
 * Why the report marks a move, for the position on screen (main line
 * only): the move just played when it is marked, else the move played
 * from here. { path, mark, why, line (SAN), before (whether the position
 * on screen is the one before the move, where its better move is drawn) }
 * or null.
 */
export function reportWhy(state) {
  const r = state.report;
  if (!r || state.errorLine || state.path.length > 1) return null;
  const here = state.path.length ? state.path[0] : null;
  const pick = (i, before) => {
    const ply = i === null ? null : r.plies[i];
    return ply?.mark && ply.why ? { path: [i], mark: ply.mark, why: ply.why, line: (ply.betterLine ?? []).map((m) => m.notation), before } : null;
  };
  return pick(here, false) ?? pick(here === null ? 0 : here + 1, true);
}

/** The report's evaluation of the position on screen (main line only): { eval, pv } or null. */
export function reportEval(state) {
  const r = state.report;
  if (!r || state.path.length > 1) return null;
  const at = state.path.length ? r.plies[state.path[0]] : r.start;
  return at ? { eval: at.eval, pv: at.pv } : null;
}

/** How many of each mark each player got: [{ side, '??': n, '?': n, '?!': n }] in the order of the players. */
export function reportSummary(state) {
  const o = state.outcome;
  const r = state.report;
  if (!o || !r) return [];
  const counts = o.players.map((side) => ({ side, '??': 0, '?': 0, '?!': 0 }));
  r.plies.forEach((p, i) => {
    if (!p.mark) return;
    const before = i ? o.plies[i - 1].snapshot : o.initial;
    counts[before.sideToMove === o.players[1] ? 1 : 0][p.mark] += 1;
  });
  return counts;
}

/**
 * The evaluation graph in a width x height box: the first player's chances
 * per ply (the start first), as points; and where the position on screen is.
 */
export function graphPoints(state, width, height) {
  const r = state.report;
  if (!r) return { points: [], current: null };
  const n = Math.max(r.total, 1);
  const x = (i) => (i / n) * width;
  const y = (v) => ((1 - v) / 2) * height;
  const points = [{ x: x(0), y: y(r.start?.value ?? 0), ply: 0, mark: null }];
  r.plies.forEach((p, i) => points.push({ x: x(i + 1), y: y(p.value), ply: i + 1, mark: p.mark }));
  const current = state.path.length <= 1 ? x(state.path.length ? state.path[0] + 1 : 0) : null;
  return { points, current };
}

/**
 * The ply of the evaluation graph for the position on screen (0: the
 * start): on the main line its own, in a variation the one it branches
 * from; and whether it is a variation's.
 */
export function graphPly(state) {
  const path = state.path;
  return { ply: path.length > 1 ? path[0] : path.length ? path[0] + 1 : 0, inVariation: path.length > 1 };
}
