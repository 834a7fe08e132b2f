// Builds the Outcome object from the compact form the wasm module hands
// over (src/wasm/wire.rs describes it): one JSON text for everything but
// the main line, and the main line's plies as lines of tab-separated fields. A
// JSON.parse and one object literal per ply are much faster than creating
// every field from WebAssembly. What every position of a game shares (its
// landmarks and piece names) is one object, taken from the initial position.
//
// `analyze` hands a chess game over without its main line, which the module
// keeps (`unpackLater`): `outcome.plies` has it handed over when first read.

const decoder = new TextDecoder();

let lastInitialText = '';
let lastInitial = null;

/**
 * An Outcome whose main line the module kept as `number`: `read(number,
 * text, options)` hands it over (src/wasm/kept.rs, `main_line`), or reads `text`
 * again with `options` if the module no longer has it. Its initial
 * position is apart (`initial`): most games start from the same one,
 * parsed once (each Outcome has its own copy, its tables shared).
 */
export function unpackLater(head, initial, read, number, text, options) {
  if (initial !== lastInitialText) {
    lastInitial = JSON.parse(initial);
    lastInitialText = initial;
  }
  const { game, players, status, winner, message, error, comments, shapes, unplayed, suggestion, chess, problem } = JSON.parse(head);
  const { over, marks } = lastInitial;
  // In the order of the keys of an Outcome handed over whole.
  const outcome = {
    game, players, status, winner, message, error,
    initial: { ...lastInitial, over: over && { ...over }, marks: marks.map((mark) => ({ ...mark })) },
    comments, shapes, plies: [], unplayed, suggestion, chess, problem,
  };
  const shared = outcome.initial;
  let plies = null;
  // Own and enumerable, as a plain field: spreading, JSON and structured
  // cloning read it.
  Object.defineProperty(outcome, 'plies', {
    get() {
      if (plies === null) {
        const lines = read(number, text, options);
        plies = typeof lines === 'string' ? unpackPlies(shared, lines) : lines;
        text = options = null;
      }
      return plies;
    },
    set(value) {
      plies = value;
    },
    enumerable: true,
    configurable: true,
  });
  return outcome;
}

/** `head`: the JSON text; `bytes`: the packed plies as UTF-8 (a view of the module's memory). */
export function unpackOutcome(head, bytes) {
  const outcome = JSON.parse(head);
  if (bytes.length) outcome.plies = unpackPlies(outcome.initial, decoder.decode(bytes));
  return outcome;
}

/** The main line's plies from their lines of fields (src/wasm/wire.rs, `packed_lines`). */
function unpackPlies(initial, packed) {
  const { width, height, landmarks, darkParity, pieces } = initial;
  // Variations cross without what every position shares: put it back.
  const complete = (lines) => {
    for (const line of lines) {
      for (const ply of line.plies) {
        Object.assign(ply.snapshot, { width, height, landmarks, darkParity, pieces });
        complete(ply.variations);
      }
    }
    return lines;
  };
  // Fields are read with indexOf and slice: String.prototype.split made
  // twice as many strings' worth of work here (measured in node).
  let at = 0;
  const field = (end) => {
    let stop = packed.indexOf(end, at);
    if (stop < 0) stop = packed.length;
    const value = packed.slice(at, stop);
    at = stop + 1;
    return value;
  };
  const plies = [];
  while (at < packed.length) {
    // The fields of a ply, in the order src/wasm/wire.rs writes them.
    const notation = field('\t');
    const pathText = field('\t');
    const piece = field('\t');
    const captured = field('\t');
    const promotion = field('\t');
    const start = +field('\t');
    const end = +field('\t');
    const cells = field('\t');
    const sideToMove = field('\t');
    const check = field('\t');
    const fen = field('\t');
    const moveNumber = +field('\t');
    const over = field('\t');
    const extraText = field('\n');
    const space = pathText.indexOf(' ');
    const path = space < 0 ? [pathText]
      : pathText.indexOf(' ', space + 1) < 0 ? [pathText.slice(0, space), pathText.slice(space + 1)] : pathText.split(' ');
    const extra = extraText === '' ? null : JSON.parse(extraText);
    plies.push({
      notation,
      from: path[0],
      to: path[path.length - 1],
      path,
      piece,
      captured: captured === '' ? [] : captured.length === 1 ? [captured] : Array.from(captured),
      promotion: promotion === '' ? null : promotion,
      drowned: extra ? extra.drowned : [],
      start,
      end,
      snapshot: {
        width,
        height,
        cells,
        sideToMove: sideToMove === '' ? null : sideToMove,
        check: check === '' ? null : check,
        fen,
        moveNumber,
        over: over === '' ? null : JSON.parse(over),
        landmarks,
        darkParity,
        pieces,
        marks: [],
      },
      comments: extra ? extra.comments : [],
      nags: extra ? extra.nags : [],
      shapes: extra ? extra.shapes : [],
      clock: extra ? extra.clock : null,
      eval: extra ? extra.eval : null,
      variations: extra ? complete(extra.variations) : [],
    });
  }
  return plies;
}

/**
 * A copy of an argument object, for src/wasm/args.rs (`plain_copy`): its own
 * string-keyed properties, each read once (what a getter throws is
 * thrown), then through JSON.
 */
export function plainJsonCopy(value) {
  const copy = {};
  // Strings, booleans, null and finite numbers (not -0) read back the same.
  let same = true;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string') continue;
    const v = value[key];
    copy[key] = v;
    const type = typeof v;
    same &&= type === 'string' || type === 'boolean' || v === null || (type === 'number' && Number.isFinite(v) && !Object.is(v, -0));
  }
  return same ? copy : JSON.parse(JSON.stringify(copy));
}

const encoder = new TextEncoder();
let lastText = '';
let lastBytes = new Uint8Array();

/**
 * A string as UTF-8, for the wasm module's string arguments. The last long
 * one is kept: the page hands the same long text over again and again
 * (another game of a 1,000-game PGN, its report, its suggestion), and
 * encoding it was a fifth of reading one of its games. (A short argument,
 * a FEN or a move, does not push it out.)
 */
export function utf8(text) {
  if (text === lastText) return lastBytes;
  const bytes = encoder.encode(text);
  if (text.length >= 32 * 1024) {
    lastText = text;
    lastBytes = bytes;
  }
  return bytes;
}
