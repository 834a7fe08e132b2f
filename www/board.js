// The board: draws a Snapshot of any width and height as SVG and reports
// clicks. It knows no rules.
import { pieceColors, pieceParts } from './pieces.js';

const SVG = 'http://www.w3.org/2000/svg';
const UNIT = 100;
let boards = 0;

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

/** `e4` -> {col, row} with row 0 at the top of a board `height` rows high. */
export function parseSquare(name, height) {
  const m = /^([a-z])(\d{1,2})$/.exec(name ?? '');
  if (!m) return null;
  const col = m[1].charCodeAt(0) - 97;
  const rank = Number(m[2]);
  return { col, row: height - rank };
}

/** Squares that touch each other (side by side), as groups. */
function groups(squares) {
  const left = new Set(squares.map((sq) => `${sq.col},${sq.row}`));
  const found = [];
  for (const start of squares) {
    if (!left.delete(`${start.col},${start.row}`)) continue;
    const group = [start];
    for (let i = 0; i < group.length; i++) {
      const { col, row } = group[i];
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const key = `${col + dc},${row + dr}`;
        if (left.delete(key)) group.push({ col: col + dc, row: row + dr });
      }
    }
    found.push(group);
  }
  return found;
}

export function squareName(col, row, height) {
  return `${String.fromCharCode(97 + col)}${height - row}`;
}

/**
 * Creates a board inside `container`. `draw(view)` schedules a redraw at
 * the next animation frame, where view = { game, snapshot, flipped,
 * lastMove: {from,to}|null, arrows: [{from,to,kind}], label }.
 * `onSquare(name)` is called on clicks and taps.
 */
export function createBoard(container, { onSquare } = {}) {
  const id = `ab${++boards}`;
  const svg = el('svg', { class: 'board-svg', role: 'img', 'aria-label': 'board' });
  container.appendChild(svg);
  let view = null;
  let frame = 0;

  const click = (event) => {
    if (!view || !onSquare) return;
    const { width, height } = view.snapshot;
    const point = svg.getBoundingClientRect();
    const x = ((event.clientX - point.left) / point.width) * width;
    const y = ((event.clientY - point.top) / point.height) * height;
    let col = Math.floor(x);
    let row = Math.floor(y);
    if (view.flipped) {
      col = width - 1 - col;
      row = height - 1 - row;
    }
    if (col >= 0 && col < width && row >= 0 && row < height) onSquare(squareName(col, row, height));
  };
  svg.addEventListener('click', click);

  function render() {
    frame = 0;
    const { game, snapshot, flipped } = view;
    const { width, height, cells } = snapshot;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${width * UNIT} ${height * UNIT}`);
    svg.setAttribute('aria-label', view.label ?? `${game} board, ${width} by ${height}`);
    const at = (col, row) => (flipped ? { x: (width - 1 - col) * UNIT, y: (height - 1 - row) * UNIT } : { x: col * UNIT, y: row * UNIT });
    const center = (name) => {
      const sq = parseSquare(name, height);
      if (!sq) return null;
      const p = at(sq.col, sq.row);
      return { x: p.x + UNIT / 2, y: p.y + UNIT / 2 };
    };

    const defs = el('defs', {}, svg);
    for (const kind of ['suggest', 'error', 'answer']) {
      const marker = el('marker', {
        id: `${id}-${kind}`, viewBox: '0 0 10 10', refX: 5, refY: 5,
        markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse', class: `arrowhead arrow-${kind}`,
      }, defs);
      el('path', { d: 'M0 0 L10 5 L0 10 Z' }, marker);
    }

    // Squares, with the landmarks the snapshot names.
    const landmark = new Map((snapshot.landmarks ?? []).map((l) => [l.square, l.kind]));
    const parity = snapshot.darkParity ?? 1;
    const squares = el('g', { class: 'squares' }, svg);
    for (let row = 0; row < height; row++) {
      for (let col = 0; col < width; col++) {
        const p = at(col, row);
        const kind = landmark.get(squareName(col, row, height));
        const dark = (col + height - row) % 2 === parity;
        el('rect', { x: p.x, y: p.y, width: UNIT, height: UNIT, class: `sq ${dark ? 'dark' : 'light'}${kind ? ` ${kind}` : ''}` }, squares);
      }
    }
    // Each group of castle squares gets one outline.
    for (const zone of groups([...landmark].filter(([, kind]) => kind === 'castle').map(([sq]) => parseSquare(sq, height)))) {
      const cols = zone.map((sq) => sq.col);
      const rows = zone.map((sq) => sq.row);
      const a = at(Math.min(...cols), Math.min(...rows));
      const b = at(Math.max(...cols), Math.max(...rows));
      const x = Math.min(a.x, b.x);
      const y = Math.min(a.y, b.y);
      const w = (Math.max(...cols) - Math.min(...cols) + 1) * UNIT;
      const h = (Math.max(...rows) - Math.min(...rows) + 1) * UNIT;
      el('rect', { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 10, class: 'castle-zone' }, squares);
    }

    // Highlights: last move, check, marks.
    const marks = el('g', { class: 'marks' }, svg);
    const highlight = (name, cls) => {
      const sq = parseSquare(name, height);
      if (!sq) return;
      const p = at(sq.col, sq.row);
      el('rect', { x: p.x, y: p.y, width: UNIT, height: UNIT, class: cls }, marks);
    };
    if (view.lastMove) {
      highlight(view.lastMove.from, 'last-move');
      highlight(view.lastMove.to, 'last-move');
    }
    if (snapshot.check) {
      const c = center(snapshot.check);
      if (c) el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.48, class: 'check' }, marks);
    }
    for (const mark of snapshot.marks ?? []) {
      const c = center(mark.square);
      if (!c) continue;
      if (mark.kind === 'move') el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.16, class: 'mark-move' }, marks);
      else if (mark.kind === 'capture') el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.44, class: 'mark-capture' }, marks);
      else if (mark.kind === 'check') el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.48, class: 'check' }, marks);
      else highlight(mark.square, 'mark-selected');
    }

    // Coordinates along the left and bottom edges, as seen.
    const coords = el('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
    const font = width > 12 || height > 12 ? 30 : 20;
    for (let row = 0; row < height; row++) {
      const p = at(0, row);
      const edgeCol = flipped ? width - 1 : 0;
      const q = at(edgeCol, row);
      const t = el('text', { x: q.x + 4, y: p.y + font, 'font-size': font, class: (edgeCol + height - row) % 2 === parity ? 'coord on-dark' : 'coord on-light' }, coords);
      t.textContent = String(height - row);
    }
    for (let col = 0; col < width; col++) {
      const edgeRow = flipped ? 0 : height - 1;
      const p = at(col, edgeRow);
      const t = el('text', {
        x: p.x + UNIT - 4, y: p.y + UNIT - 5, 'font-size': font, 'text-anchor': 'end',
        class: (col + height - edgeRow) % 2 === parity ? 'coord on-dark' : 'coord on-light',
      }, coords);
      t.textContent = String.fromCharCode(97 + col);
    }

    // Pieces.
    const pieces = el('g', { class: 'pieces' }, svg);
    let i = 0;
    for (const ch of cells) {
      const col = i % width;
      const row = Math.floor(i / width);
      i++;
      if (ch === '.') continue;
      const parts = pieceParts(game, ch);
      const p = at(col, row);
      const g = el('g', { transform: `translate(${p.x} ${p.y})`, class: 'piece', 'data-square': squareName(col, row, height), 'data-piece': ch }, pieces);
      const title = el('title', {}, g);
      title.textContent = snapshot.pieces?.[ch] ?? ch;
      if (!parts) {
        const t = el('text', { x: 50, y: 52, class: 'piece-letter' }, g);
        t.textContent = ch;
        continue;
      }
      const colors = pieceColors(game, ch);
      for (const [tag, attrs] of parts) {
        const { part, text, ...rest } = attrs;
        const node = el(tag, rest, g);
        if (part === 'body') {
          node.setAttribute('fill', colors.fill);
          node.setAttribute('stroke', colors.stroke);
          node.setAttribute('stroke-width', '3');
          node.setAttribute('stroke-linejoin', 'round');
        } else if (part === 'detail') {
          node.setAttribute('fill', 'none');
          node.setAttribute('stroke', colors.detail);
          node.setAttribute('stroke-width', '3');
          node.setAttribute('stroke-linecap', 'round');
        } else if (part === 'spots') {
          node.setAttribute('stroke', colors.detail);
          node.setAttribute('stroke-width', '9');
          node.setAttribute('stroke-linecap', 'round');
        } else if (part === 'detail-fill') {
          node.setAttribute('fill', colors.detail);
        } else if (part === 'letter' || part === 'name') {
          node.setAttribute('class', part === 'letter' ? 'token-letter' : 'token-name');
          node.setAttribute('fill', colors.detail);
          node.textContent = text;
          // Long animal names are squeezed to fit the token.
          if (part === 'name' && text.length > 6) {
            node.setAttribute('textLength', '62');
            node.setAttribute('lengthAdjust', 'spacingAndGlyphs');
          }
        }
      }
    }

    // Arrows on top.
    const arrows = el('g', { class: 'arrows' }, svg);
    for (const arrow of view.arrows ?? []) {
      const a = center(arrow.from);
      const b = center(arrow.to);
      if (!a || !b) continue;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy) || 1;
      const shorten = UNIT * 0.3;
      el('line', {
        x1: a.x, y1: a.y, x2: b.x - (dx / len) * shorten, y2: b.y - (dy / len) * shorten,
        class: `arrow arrow-${arrow.kind}`, 'marker-end': `url(#${id}-${arrow.kind})`,
        'data-from': arrow.from, 'data-to': arrow.to,
      }, arrows);
    }
  }

  return {
    element: svg,
    draw(next) {
      view = next;
      if (!frame) frame = requestAnimationFrame(render);
    },
    /** Draws now (for tests and first paint). */
    flush() {
      if (frame) cancelAnimationFrame(frame);
      if (view) render();
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      svg.removeEventListener('click', click);
      svg.remove();
    },
  };
}
