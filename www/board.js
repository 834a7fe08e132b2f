// The board: draws a Snapshot of any width and height as SVG, and reports
// what the person does on it (a click or tap on a square, a piece dragged
// to another, a square chosen with the keyboard). It knows no rules: which
// pieces may move and where is the controller's to say.
//
// Over the picture lies a grid of squares (role="grid"): it takes pointer
// and keyboard input and tells screen readers what stands on each square
// ("e4, white pawn"). One square at a time is in the tab order; the arrow
// keys move between squares, Enter or Space chooses one.
import { pieceColors, pieceParts } from './pieces.js';

const SVG = 'http://www.w3.org/2000/svg';
const UNIT = 100;
/** Pointer travel (px) that makes a press a drag. */
const DRAG_START = 5;
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

export function squareName(col, row, height) {
  return `${String.fromCharCode(97 + col)}${height - row}`;
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

/**
 * Creates a board inside `container` (and sets its --ab-aspect, the board's
 * width over its height, for the stylesheet). `draw(view)` schedules a redraw at
 * the next animation frame, where view = { game, snapshot, flipped,
 * lastMove: {from,to}|null, arrows: [{from,to,kind}], circles:
 * [{square,kind}], selected: square|null, landed: [square], targets:
 * [{square,capture}], label }. Callbacks: onSquare(name) for a click, a tap
 * or Enter; onDrop(from, to) when a piece is dragged from one square to
 * another (to is null off the board); canDrag(name) says whether the piece
 * there may be picked up; onLift(name) when it is (to show where it can go);
 * onRefuse(name) when a piece that may not be picked up was dragged.
 */
export function createBoard(container, { onSquare, onDrop, onLift, onRefuse, canDrag = () => false, label = 'Board' } = {}) {
  const id = `ab${++boards}`;
  const frame = document.createElement('div');
  frame.className = 'ab-frame';
  const svg = el('svg', { class: 'board-svg', 'aria-hidden': 'true', focusable: 'false' });
  const grid = document.createElement('div');
  grid.className = 'ab-squares';
  grid.setAttribute('role', 'grid');
  grid.setAttribute('aria-label', label);
  // Focusable by a click (not in the tab order: its squares are).
  grid.tabIndex = -1;
  frame.append(svg, grid);
  container.appendChild(frame);

  let view = null;
  let pending = 0;
  let cells = new Map();
  let layout = '';
  let cursor = null;
  const listeners = [];
  const listen = (target, type, fn, opts) => {
    target.addEventListener(type, fn, opts);
    listeners.push(() => target.removeEventListener(type, fn, opts));
  };

  /** The square under a point of the screen, or null off the board. */
  function squareAt(x, y) {
    if (!view) return null;
    const { width, height } = view.snapshot;
    const box = grid.getBoundingClientRect();
    let col = Math.floor(((x - box.left) / box.width) * width);
    let row = Math.floor(((y - box.top) / box.height) * height);
    if (col < 0 || col >= width || row < 0 || row >= height) return null;
    if (view.flipped) {
      col = width - 1 - col;
      row = height - 1 - row;
    }
    return squareName(col, row, height);
  }

  // ---- pointer: click, tap or drag ----
  let press = null;
  // A click or a tap gives the board itself the keyboard (in a frame or an
  // element too, without scrolling the page), not a square: the arrow keys,
  // Home and End step through the game; the square cursor is for those who
  // Tab to the board (a square that has the focus keeps it, on the square
  // clicked). The browser's own focus on mousedown is prevented: it would
  // scroll, and select text while dragging.
  listen(grid, 'mousedown', (event) => event.preventDefault());
  listen(grid, 'pointerdown', (event) => {
    if (!view || event.button > 0) return;
    const square = squareAt(event.clientX, event.clientY);
    if (!square) return;
    press = { square, x: event.clientX, y: event.clientY, dragging: false, ghost: null, id: event.pointerId };
    grid.setPointerCapture?.(event.pointerId);
    const onSquare = grid.contains(grid.getRootNode().activeElement) && grid.getRootNode().activeElement !== grid;
    moveCursor(square, onSquare);
    if (!onSquare) grid.focus({ preventScroll: true });
  });
  listen(grid, 'pointermove', (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      // A piece that cannot move now: the release says why (it said nothing).
      press.refused = !canDrag(press.square);
      if (press.refused) return;
      press.dragging = true;
      press.ghost = pickUp(press.square);
      onLift?.(press.square);
    }
    press.at = svgPoint(event.clientX, event.clientY);
    press.ghost?.setAttribute('transform', `translate(${press.at.x - UNIT / 2} ${press.at.y - UNIT / 2})`);
    event.preventDefault();
  });
  const release = (event) => {
    if (!press || event.pointerId !== press.id) return;
    const done = press;
    press = null;
    done.ghost?.remove();
    svg.querySelector('.piece.lifted')?.classList.remove('lifted');
    if (event.type === 'pointercancel') return;
    const square = squareAt(event.clientX, event.clientY);
    if (done.dragging) onDrop?.(done.square, square);
    else if (square === done.square) onSquare?.(square);
    else if (done.refused) onRefuse?.(done.square);
  };
  listen(grid, 'pointerup', release);
  listen(grid, 'pointercancel', release);

  function svgPoint(x, y) {
    const box = svg.getBoundingClientRect();
    const { width, height } = view.snapshot;
    return { x: ((x - box.left) / box.width) * width * UNIT, y: ((y - box.top) / box.height) * height * UNIT };
  }

  /** The piece on `square` follows the pointer: a copy on top, the original faded. */
  function pickUp(square) {
    const piece = svg.querySelector(`.pieces [data-square="${square}"]`);
    if (!piece) return null;
    piece.classList.add('lifted');
    const ghost = piece.cloneNode(true);
    ghost.classList.add('ghost');
    ghost.classList.remove('lifted');
    svg.appendChild(ghost);
    return ghost;
  }

  // ---- keyboard: a square cursor ----
  function moveCursor(square, focus = true) {
    cursor = square;
    for (const [name, cell] of cells) cell.tabIndex = name === cursor ? 0 : -1;
    if (focus) cells.get(cursor)?.focus({ preventScroll: true });
  }

  // A square focused any way (Tab, a click, a screen reader) is the cursor.
  listen(grid, 'focusin', (event) => {
    const square = event.target?.dataset?.square;
    if (square && square !== cursor) moveCursor(square, false);
  });

  // The cursor's keys act on a square that has the focus; the board itself
  // (focused by a click) leaves them to the viewer's keys.
  listen(grid, 'keydown', (event) => {
    if (!view || !cursor || event.target === grid || event.altKey || event.ctrlKey || event.metaKey) return;
    const { width, height } = view.snapshot;
    const at = parseSquare(cursor, height);
    const flip = view.flipped ? -1 : 1;
    const step = { ArrowLeft: [-flip, 0], ArrowRight: [flip, 0], ArrowUp: [0, -flip], ArrowDown: [0, flip] }[event.key];
    if (step) {
      const col = Math.min(width - 1, Math.max(0, at.col + step[0]));
      const row = Math.min(height - 1, Math.max(0, at.row + step[1]));
      moveCursor(squareName(col, row, height));
    } else if (event.key === 'Home' || event.key === 'End') {
      const col = (event.key === 'Home') !== view.flipped ? 0 : width - 1;
      moveCursor(squareName(col, at.row, height));
    } else if (event.key === 'Enter' || event.key === ' ') {
      onSquare?.(cursor);
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  });

  /** The squares' grid for this size and orientation, built once per layout. */
  function buildGrid() {
    const { width, height } = view.snapshot;
    const key = `${width}x${height}${view.flipped ? 'f' : ''}`;
    if (key === layout) return;
    layout = key;
    // A square with the focus (the board flipped with f) hands it to the same square in the new grid.
    const active = grid.getRootNode().activeElement;
    const hadFocus = active !== grid && grid.contains(active);
    cells = new Map();
    grid.replaceChildren();
    grid.style.gridTemplateColumns = `repeat(${width}, 1fr)`;
    for (let r = 0; r < height; r++) {
      const rowEl = document.createElement('div');
      rowEl.setAttribute('role', 'row');
      rowEl.className = 'ab-rank';
      for (let c = 0; c < width; c++) {
        const col = view.flipped ? width - 1 - c : c;
        const row = view.flipped ? height - 1 - r : r;
        const name = squareName(col, row, height);
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'ab-square';
        cell.dataset.square = name;
        cell.tabIndex = -1;
        cells.set(name, cell);
        rowEl.append(cell);
      }
      grid.append(rowEl);
    }
    if (!cursor || !cells.has(cursor)) cursor = squareName(0, height - 1, height);
    moveCursor(cursor, hadFocus);
  }

  /** What each square says to a screen reader, and which squares are marked. */
  function labelSquares() {
    const { width, cells: letters, pieces } = view.snapshot;
    const targets = new Map((view.targets ?? []).map((t) => [t.square, t]));
    for (const [name, cell] of cells) {
      const sq = parseSquare(name, view.snapshot.height);
      const letter = letters[sq.row * width + sq.col];
      const piece = letter && letter !== '.' ? pieces?.[letter] ?? letter : 'empty';
      const notes = [];
      if (view.selected === name) notes.push('selected');
      const target = targets.get(name);
      if (target) notes.push(target.capture ? 'can capture here' : 'can move here');
      if (view.snapshot.check === name) notes.push('in check');
      cell.setAttribute('aria-label', `${name}, ${piece}${notes.length ? `, ${notes.join(', ')}` : ''}`);
      cell.setAttribute('aria-selected', view.selected === name ? 'true' : 'false');
    }
  }

  function render() {
    pending = 0;
    buildGrid();
    labelSquares();
    const { game, snapshot, flipped } = view;
    const { width, height, cells: letters } = snapshot;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${width * UNIT} ${height * UNIT}`);
    grid.setAttribute('aria-label', view.label ?? label);
    const at = (col, row) => (flipped ? { x: (width - 1 - col) * UNIT, y: (height - 1 - row) * UNIT } : { x: col * UNIT, y: row * UNIT });
    const center = (name) => {
      const sq = parseSquare(name, height);
      if (!sq) return null;
      const p = at(sq.col, sq.row);
      return { x: p.x + UNIT / 2, y: p.y + UNIT / 2 };
    };

    const defs = el('defs', {}, svg);
    const kinds = new Set((view.arrows ?? []).map((a) => a.kind));
    for (const kind of kinds) {
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
      const w = (Math.max(...cols) - Math.min(...cols) + 1) * UNIT;
      const h = (Math.max(...rows) - Math.min(...rows) + 1) * UNIT;
      el('rect', { x: Math.min(a.x, b.x) + 4, y: Math.min(a.y, b.y) + 4, width: w - 8, height: h - 8, rx: 10, class: 'castle-zone' }, squares);
    }

    // Highlights: last move, selection, check, marks.
    const marks = el('g', { class: 'marks' }, svg);
    const highlight = (name, cls) => {
      const sq = parseSquare(name, height);
      if (!sq) return;
      const p = at(sq.col, sq.row);
      el('rect', { x: p.x, y: p.y, width: UNIT, height: UNIT, class: cls, 'data-square': name }, marks);
    };
    if (view.lastMove) {
      for (const sq of view.lastMove.path ?? [view.lastMove.from, view.lastMove.to]) {
        highlight(sq, 'last-move');
        // A dark and a light edge: one of them stands out on either square colour.
        const at = parseSquare(sq, height);
        if (!at) continue;
        const p = at && (flipped ? { x: (width - 1 - at.col) * UNIT, y: (height - 1 - at.row) * UNIT } : { x: at.col * UNIT, y: at.row * UNIT });
        el('rect', { x: p.x + 3, y: p.y + 3, width: UNIT - 6, height: UNIT - 6, class: 'last-move-edge' }, marks);
        el('rect', { x: p.x + 7, y: p.y + 7, width: UNIT - 14, height: UNIT - 14, class: 'last-move-edge-light' }, marks);
      }
    }
    for (const sq of view.landed ?? []) highlight(sq, 'mark-landed');
    if (view.selected) highlight(view.selected, 'mark-selected');
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
    for (const circle of view.circles ?? []) {
      const c = center(circle.square);
      if (c) el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.45, class: `shape ${circle.kind}`, 'data-square': circle.square }, marks);
    }

    // Coordinates along the left and bottom edges, as seen.
    const coords = el('g', { class: 'coords' }, svg);
    const font = width > 12 || height > 12 ? 30 : 20;
    const edgeCol = flipped ? width - 1 : 0;
    for (let row = 0; row < height; row++) {
      const q = at(edgeCol, row);
      const t = el('text', { x: q.x + 4, y: q.y + font, 'font-size': font, class: (edgeCol + height - row) % 2 === parity ? 'coord on-dark' : 'coord on-light' }, coords);
      t.textContent = String(height - row);
    }
    const edgeRow = flipped ? 0 : height - 1;
    for (let col = 0; col < width; col++) {
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
    for (const ch of letters) {
      const col = i % width;
      const row = Math.floor(i / width);
      i++;
      if (ch === '.') continue;
      const p = at(col, row);
      drawPiece(pieces, game, ch, p, squareName(col, row, height));
    }

    // Where the selected piece can go: dots on empty squares, rings on captures.
    const targets = el('g', { class: 'targets' }, svg);
    for (const t of view.targets ?? []) {
      const c = center(t.square);
      if (!c) continue;
      if (t.capture) el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.44, class: 'target-capture', 'data-square': t.square }, targets);
      else el('circle', { cx: c.x, cy: c.y, r: UNIT * 0.15, class: 'target-move', 'data-square': t.square }, targets);
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
      const x2 = b.x - (dx / len) * shorten;
      const y2 = b.y - (dy / len) * shorten;
      // A light halo under the arrow, so that it stands out on dark squares too.
      el('line', { x1: a.x, y1: a.y, x2, y2, class: 'arrow-halo' }, arrows);
      el('line', {
        x1: a.x, y1: a.y, x2, y2,
        class: `arrow arrow-${arrow.kind}`, 'marker-end': `url(#${id}-${arrow.kind})`,
        'data-from': arrow.from, 'data-to': arrow.to,
      }, arrows);
    }

    // A piece being dragged stays in the hand, on top, through a redraw
    // (its targets shown, the report's marks or the suggestion arriving).
    if (press?.dragging) {
      press.ghost = pickUp(press.square);
      press.ghost?.setAttribute('transform', `translate(${press.at.x - UNIT / 2} ${press.at.y - UNIT / 2})`);
    }
  }

  return {
    element: frame,
    draw(next) {
      const first = !view;
      view = next;
      // The board's size at once, also when its picture waits for the next
      // frame (a frame out of view gets none, and reports its height):
      // its proportions for the stylesheet (--ab-aspect), and the picture's.
      const { width, height } = next.snapshot;
      const box = `0 0 ${width * UNIT} ${height * UNIT}`;
      if (svg.getAttribute('viewBox') !== box) {
        svg.setAttribute('viewBox', box);
        container.style.setProperty('--ab-aspect', String(width / height));
      }
      // The first picture at once (a frame out of view gets no animation
      // frames, and its size must be right before anyone sees it); later
      // ones at the next frame, at most one per frame.
      if (first) render();
      else if (!pending) pending = requestAnimationFrame(render);
    },
    /** Draws now (for tests and first paint). */
    flush() {
      if (pending) cancelAnimationFrame(pending);
      if (view) render();
    },
    /** Puts the keyboard cursor on a square (and the focus, unless told not to). */
    focusSquare(square, focus = true) {
      if (cells.has(square)) moveCursor(square, focus);
    },
    get cursor() {
      return cursor;
    },
    destroy() {
      if (pending) cancelAnimationFrame(pending);
      listeners.forEach((off) => off());
      frame.remove();
    },
  };
}

/** One piece, drawn from its parts in a UNIT box at `p`. */
export function drawPiece(parent, game, ch, p, square) {
  const parts = pieceParts(game, ch);
  const g = el('g', { transform: `translate(${p.x} ${p.y})`, class: 'piece', 'data-square': square ?? '', 'data-piece': ch }, parent);
  if (!parts) {
    const t = el('text', { x: 50, y: 52, class: 'piece-letter' }, g);
    t.textContent = ch;
    return g;
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
  return g;
}

/** A small picture of one piece (for the promotion chooser and the editor's palette). */
export function pieceIcon(game, ch, name) {
  const svg = el('svg', { viewBox: `0 0 ${UNIT} ${UNIT}`, class: 'ab-piece-icon', role: 'img', 'aria-label': name ?? ch });
  drawPiece(svg, game, ch, { x: 0, y: 0 });
  return svg;
}
