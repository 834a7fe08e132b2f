// The report panel, under the board: the report on every move as it comes
// from the worker (its progress, the engine's evaluation of the position on
// screen with its best line, beside the PGN's own [%eval]; why a marked
// move is marked, with its better line; a summary per player, what judged
// the moves) and the evaluation graph, a slider over the moves (click it,
// or Left/Right and Home/End on it, to go along the game).
import { h, listen, stopAll, svg } from '../dom.js';
import { graphPly, graphPoints, reportEval, reportSummary, reportWhy } from '../report.js';
import { parentPath, plyAt } from '../state.js';
import { plyLabel } from '../words.js';

const W = 600;
const H = 120;
const MARK_KIND = { '??': 'blunder', '?': 'mistake', '?!': 'inaccuracy' };

export function reportPanel(ctrl) {
  const progress = h('p', { class: 'ab-report-progress', role: 'status' });
  const evalLine = h('p', { class: 'ab-report-eval' });
  // Why the move on screen (or the one played from here) is marked; from the move, a button to the position before it, where its better move is drawn.
  const whyText = h('span', { class: 'ab-report-why-text' });
  const whyButton = h('button', { type: 'button', class: 'ab-report-why-show', hidden: true });
  // (Always there, empty when no move is marked: the graph below does not jump from one move to the next.)
  const whyLine = h('p', { class: 'ab-report-why' }, whyText, ' ', whyButton);
  // A slider over the plies: one tab stop; the arrows, Home and End go along the game.
  const graph = svg('svg', { class: 'ab-graph', viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'slider', tabindex: '0', 'aria-valuemin': '0' });
  const summary = h('p', { class: 'ab-report-summary' });
  const method = h('p', { class: 'ab-report-method' });
  const element = h('section', { class: 'ab-report', 'aria-label': 'Report on every move', hidden: true }, progress, evalLine, whyLine, graph, summary, method);

  /** The last ply of the graph: the game's (its line is drawn as far as the report has come). */
  const lastGraphPly = () => ctrl.state.outcome?.plies.length ?? 0;
  /** Goes to ply `ply` of the main line (0: the start). */
  const goToPly = (ply) => ctrl.goTo(ply > 0 ? [ply - 1] : []);

  const off = [
    listen(whyButton, 'click', () => {
      const why = reportWhy(ctrl.state);
      if (why && !why.before) ctrl.goTo(parentPath(why.path));
    }),
    listen(graph, 'click', (event) => {
      const r = ctrl.state.report;
      if (!r?.total) return;
      const box = graph.getBoundingClientRect();
      const ply = Math.round(((event.clientX - box.left) / box.width) * Math.max(r.total, 1));
      goToPly(Math.min(ply, lastGraphPly()));
    }),
    listen(graph, 'keydown', (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !ctrl.state.report) return;
      const { ply, inVariation } = graphPly(ctrl.state);
      // (From a variation, Left goes to the ply it branches from.)
      const to = { ArrowLeft: inVariation ? ply : ply - 1, ArrowDown: inVariation ? ply : ply - 1, ArrowRight: ply + 1, ArrowUp: ply + 1, Home: 0, End: Infinity }[event.key];
      if (to === undefined) return;
      // The graph's keys are its own, not the game's steps along the line on screen.
      event.preventDefault();
      event.stopPropagation();
      goToPly(Math.max(0, Math.min(to, lastGraphPly())));
    }),
  ];

  function drawGraph() {
    const state = ctrl.state;
    const { points, current } = graphPoints(state, W, H);
    // The first player's share below the line, the second's above it.
    const parts = [svg('rect', { x: 0, y: 0, width: W, height: H, class: 'ab-graph-second' })];
    if (points.length > 1) {
      const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
      parts.push(svg('polygon', { points: `0,${H} ${line} ${points.at(-1).x.toFixed(1)},${H}`, class: 'ab-graph-first' }));
      parts.push(svg('polyline', { points: line, class: 'ab-graph-line' }));
    }
    parts.push(svg('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'ab-graph-mid' }));
    if (current !== null) parts.push(svg('line', { x1: current, y1: 0, x2: current, y2: H, class: 'ab-graph-here' }));
    for (const p of points) {
      if (!p.mark) continue;
      const dot = svg('circle', { cx: p.x, cy: p.y, r: 4.5, class: `ab-graph-${MARK_KIND[p.mark]}`, 'data-ply': p.ply });
      const title = svg('title');
      title.textContent = `${state.report.plies[p.ply - 1].notation} ${p.mark}`;
      dot.append(title);
      parts.push(dot);
    }
    graph.replaceChildren(...parts);
    const r = state.report;
    const marks = (r?.plies ?? []).filter((p) => p.mark).length;
    graph.setAttribute('aria-label', `Evaluation graph over ${Math.max(points.length - 1, 0)} moves, ${marks} marked`);
    // The slider's value: the ply on screen (in a variation, the one it branches from), said with its mark and evaluation.
    const { ply, inVariation } = graphPly(state);
    const shown = ply ? r?.plies[ply - 1] : r?.start;
    const what = ply ? `${plyLabel(state.outcome, [ply - 1])}${shown?.mark ? ` ${shown.mark}` : ''}` : 'Start position';
    graph.setAttribute('aria-valuemax', String(lastGraphPly()));
    graph.setAttribute('aria-valuenow', String(ply));
    graph.setAttribute('aria-valuetext', `${inVariation ? 'In a variation from ' : ''}${what}${shown?.eval ? `, evaluation ${shown.eval}` : ''}`);
  }

  return {
    elements: [element],
    topics: ['report'],
    render() {
      const state = ctrl.state;
      if (!state.outcome) return;
      const r = state.report;
      element.hidden = !r || !!state.puzzle;
      if (!r) return;
      const shown = r.plies.length;
      progress.textContent = r.error
        ? `No report: ${r.error}.`
        : r.waiting ? 'Report: starts when the board is in view.'
        : r.done ? `Report on ${shown} move${shown === 1 ? '' : 's'}.` : `Report: ${shown} of ${r.total || '…'} moves…`;
      element.setAttribute('aria-busy', String(!r.done));
      const here = reportEval(state);
      // The engine's value, and the PGN's own beside it, each named: they may disagree.
      const pgnEval = state.path.length ? plyAt(state.outcome, state.path)?.eval : null;
      evalLine.textContent = [
        here?.eval ? `This board's engine: ${here.eval}${here.pv?.length ? `; best line: ${here.pv.join(' ')}` : ''}` : '',
        pgnEval ? `The PGN's [%eval]: ${pgnEval}` : '',
      ].filter(Boolean).join(' · ');
      const why = reportWhy(state);
      whyText.textContent = '';
      whyButton.hidden = true;
      if (why) {
        const better = why.line.length ? ` Better: ${why.line[0]}${why.line.length > 1 ? ` (then ${why.line.slice(1).join(' ')})` : ''}${why.before ? ', the arrows on the board' : ''}.` : '';
        whyText.textContent = `${plyLabel(state.outcome, why.path)} ${why.mark}: ${why.why[0].toUpperCase()}${why.why.slice(1)}${better}`;
        whyButton.hidden = why.before || !why.line.length;
        whyButton.textContent = `Show ${why.line[0] ?? ''} on the board`;
      }
      summary.textContent = reportSummary(state)
        .map((c) => `${c.side[0].toUpperCase()}${c.side.slice(1)}: ${c['??']} ??, ${c['?']} ?, ${c['?!']} ?!`)
        .join(' · ');
      method.textContent = r.method ? `Judged by ${r.method.text}.${r.method.proven ? ' The facts under the moves are proven.' : ''}` : '';
      drawGraph();
    },
    destroy: stopAll(off),
  };
}
