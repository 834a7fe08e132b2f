// Piece drawings: our own SVG set (MIT OR Apache-2.0, like the project).
// Each piece is drawn in a 100 x 100 box as a list of [tag, attributes]
// parts; `body` parts take the piece colour, `detail` parts the contrast.

const BASE = ['path', { d: 'M25 74 H75 Q79 74 79 78 V86 H21 V78 Q21 74 25 74 Z', part: 'body' }];

const CHESS = {
  p: [
    ['path', { d: 'M40 47 H60 L58 53 C58 62 63 68 69 74 H31 C37 68 42 62 42 53 Z', part: 'body' }],
    ['circle', { cx: 50, cy: 34, r: 13, part: 'body' }],
    BASE,
  ],
  r: [
    ['path', { d: 'M26 17 H37 V25 H45 V17 H55 V25 H63 V17 H74 V35 L66 41 V66 L72 74 H28 L34 66 V41 L26 35 Z', part: 'body' }],
    ['path', { d: 'M34 41 H66 M34 66 H66', part: 'detail' }],
    BASE,
  ],
  n: [
    ['path', {
      d: 'M30 76 C31 68 38 60 45 50 C40 52 36 55 31 56 C25 57 21 53 23 46 C26 36 31 28 40 21 L40 12 L46 18 L51 10 L55 20 C67 25 73 38 72 54 C71 62 71 68 72 74 L72 76 Z',
      part: 'body',
    }],
    ['circle', { cx: 41, cy: 31, r: 3.2, part: 'detail-fill' }],
    ['path', { d: 'M27 50 L31 49', part: 'detail' }],
    BASE,
  ],
  b: [
    ['circle', { cx: 50, cy: 13, r: 5.5, part: 'body' }],
    ['path', { d: 'M50 19 C63 28 68 40 62 51 Q56 57 50 57 Q44 57 38 51 C32 40 37 28 50 19 Z', part: 'body' }],
    ['path', { d: 'M55 29 L46 41', part: 'detail' }],
    ['path', { d: 'M37 57 H63 L61 63 H39 Z', part: 'body' }],
    ['path', { d: 'M41 63 C41 68 36 72 31 74 H69 C64 72 59 68 59 63 Z', part: 'body' }],
    BASE,
  ],
  q: [
    ['path', { d: 'M21 31 L33 61 H67 L79 31 L63 49 L64 22 L55 47 L50 17 L45 47 L36 22 L37 49 Z', part: 'body' }],
    ['circle', { cx: 21, cy: 30, r: 4.5, part: 'body' }],
    ['circle', { cx: 36, cy: 21, r: 4.5, part: 'body' }],
    ['circle', { cx: 50, cy: 15, r: 4.5, part: 'body' }],
    ['circle', { cx: 64, cy: 21, r: 4.5, part: 'body' }],
    ['circle', { cx: 79, cy: 30, r: 4.5, part: 'body' }],
    ['path', { d: 'M33 61 H67 L65 69 H35 Z', part: 'body' }],
    ['path', { d: 'M31 69 H69 Q72 70 73 74 H27 Q28 70 31 69 Z', part: 'body' }],
    BASE,
  ],
  k: [
    ['path', { d: 'M46.5 7 H53.5 V13 H59.5 V19.5 H53.5 V27 H46.5 V19.5 H40.5 V13 H46.5 Z', part: 'body' }],
    ['path', { d: 'M50 31 C57 25 67 24 74 30 C81 37 77 49 67 61 H33 C23 49 19 37 26 30 C33 24 43 25 50 31 Z', part: 'body' }],
    ['path', { d: 'M50 31 V60', part: 'detail' }],
    ['path', { d: 'M33 61 H67 L65 69 H35 Z', part: 'body' }],
    ['path', { d: 'M31 69 H69 Q72 70 73 74 H27 Q28 70 31 69 Z', part: 'body' }],
    BASE,
  ],
};

// Congo: animal tokens, each with its name's letter and a simple mark.
const CONGO_NAMES = {
  l: 'Lion', z: 'Zebra', g: 'Giraffe', e: 'Elephant', c: 'Crocodile', m: 'Monkey', p: 'Pawn', s: 'Superpawn',
};

const CONGO_MARKS = {
  // A mane of short strokes around the letter.
  l: ['path', { d: 'M50 10 V18 M50 82 V90 M10 50 H18 M82 50 H90 M22 22 L28 28 M72 72 L78 78 M78 22 L72 28 M22 78 L28 72', part: 'detail' }],
  // Stripes.
  z: ['path', { d: 'M18 34 L28 38 M16 50 H27 M18 66 L28 62 M82 34 L72 38 M84 50 H73 M82 66 L72 62', part: 'detail' }],
  // Spots.
  g: ['path', { d: 'M24 30 h0.1 M76 30 h0.1 M18 50 h0.1 M82 50 h0.1', part: 'spots' }],
  // Tusks.
  e: ['path', { d: 'M24 36 Q16 46 22 56 M76 36 Q84 46 78 56', part: 'detail' }],
  // Teeth along the top.
  c: ['path', { d: 'M30 22 L34 16 L38 22 L42 16 L46 22 L50 16 L54 22 L58 16 L62 22 L66 16 L70 22', part: 'detail' }],
  // A curled tail.
  m: ['path', { d: 'M78 30 C90 26 90 12 80 14 C74 15 75 22 80 21', part: 'detail' }],
  p: null,
  // A star above the letter.
  s: ['path', { d: 'M50 12 L53 20 L61 20 L55 25 L57 33 L50 28 L43 33 L45 25 L39 20 L47 20 Z', part: 'detail-fill' }],
};

function congoPiece(letter) {
  const parts = [['circle', { cx: 50, cy: 50, r: 40, part: 'body' }]];
  const mark = CONGO_MARKS[letter];
  if (mark) parts.push(mark);
  parts.push(['text', { x: 50, y: 43, part: 'letter', text: letter.toUpperCase() }]);
  parts.push(['text', { x: 50, y: 71, part: 'name', text: (CONGO_NAMES[letter] ?? '').toLowerCase() }]);
  return parts;
}

function checkersPiece(king) {
  const parts = [
    ['circle', { cx: 50, cy: 54, r: 36, part: 'body' }],
    ['circle', { cx: 50, cy: 47, r: 36, part: 'body' }],
    ['circle', { cx: 50, cy: 47, r: 26, part: 'detail' }],
  ];
  if (king) {
    parts.push(['path', { d: 'M33 56 L30 36 L41 45 L50 31 L59 45 L70 36 L67 56 Z', part: 'detail-fill' }]);
  }
  return parts;
}

/** Colours of a piece letter in a game: body fill, stroke, detail colour. */
export function pieceColors(game, letter) {
  if (game === 'checkers') {
    const red = letter.toLowerCase() === 'r';
    return red
      ? { fill: '#c8312c', stroke: '#5e100d', detail: '#f2b0a8' }
      : { fill: '#2b2b2b', stroke: '#000', detail: '#8a8a8a' };
  }
  const white = letter === letter.toUpperCase();
  return white
    ? { fill: '#fbfaf5', stroke: '#1d1d1d', detail: '#1d1d1d' }
    : { fill: '#2d2a27', stroke: '#0b0b0b', detail: '#e9e4d8' };
}

/** The drawing of a piece letter in a game, as [tag, attributes] parts. */
export function pieceParts(game, letter) {
  const lower = letter.toLowerCase();
  if (game === 'checkers') return checkersPiece(letter === letter.toUpperCase());
  if (game === 'congo') return congoPiece(lower);
  return CHESS[lower] ?? null;
}
