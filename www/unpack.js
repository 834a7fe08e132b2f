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
  const { game, players, status, winner, message, error, comments, shapes, unplayed, unplayedOmitted, suggestion, chess, problem } = JSON.parse(head);
  const { over, marks } = lastInitial;
  // In the order of the keys of an Outcome handed over whole.
  const outcome = {
    game, players, status, winner, message, error,
    initial: { ...lastInitial, over: over && { ...over }, marks: marks.map((mark) => ({ ...mark })) },
    comments, shapes, plies: [], unplayed, unplayedOmitted, suggestion, chess, problem,
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

// The module reads a caller's values only through the helpers below,
// which catch what a getter or a proxy throws (src/wasm/args.rs): an exception
// thrown through the module's frames leaves its stack pointer lowered,
// and about a thousand of them broke it for good.

/**
 * Runs `read`; what it throws comes back as a plain Error of ours with the
 * words of the original (a thrown proxy or a throwing toString included),
 * which the module can read without running the caller's code again.
 */
function reading(read) {
  try {
    return read();
  } catch (e) {
    let why;
    try {
      why = e instanceof Error ? String(e.message) : String(e);
    } catch {
      why = 'an exception that cannot be read';
    }
    throw new Error(why);
  }
}

/** The most values (keys, items, nested) an argument object may hold, and characters in its strings. */
const MAX_VALUES = 10000;
const MAX_CHARACTERS = 1 << 20;

/**
 * A copy of an argument object, for src/wasm/args.rs (`plain_copy`): its own
 * string-keyed properties, each read once (what a getter throws is
 * thrown), then through JSON. Only a plain object is read, and at most
 * MAX_VALUES values and MAX_CHARACTERS characters: an array of length
 * 2^32 - 1 is refused at once, not after JSON has written it.
 */
export function plainJsonCopy(value) {
  return reading(() => plainJsonCopyOf(value));
}

function plainJsonCopyOf(value) {
  const tag = Object.prototype.toString.call(value);
  if (tag !== '[object Object]') throw new Error(`it is ${tag.slice(8, -1)}, not a plain object`);
  const keys = Reflect.ownKeys(value);
  if (keys.length > MAX_VALUES) throw new Error(`it has more than ${MAX_VALUES} keys`);
  // No prototype: a key "__proto__" is a key like any other (and refused as unknown).
  const copy = Object.create(null);
  // Strings, booleans, null and finite numbers (not -0) read back the same.
  let same = true;
  let characters = 0;
  for (const key of keys) {
    if (typeof key !== 'string') continue;
    const v = value[key];
    copy[key] = v;
    const type = typeof v;
    if (type === 'string') characters += v.length;
    same &&= type === 'string' || type === 'boolean' || v === null || (type === 'number' && Number.isFinite(v) && !Object.is(v, -0));
  }
  if (characters > MAX_CHARACTERS) throw new Error(`its strings are longer than ${MAX_CHARACTERS} characters in all`);
  if (same) return copy;
  let values = 0;
  const json = JSON.stringify(copy, (key, v) => {
    values += 1;
    if (typeof v === 'string') characters += v.length;
    if (values > MAX_VALUES) throw new Error(`it holds more than ${MAX_VALUES} values`);
    if (characters > MAX_CHARACTERS) throw new Error(`its strings are longer than ${MAX_CHARACTERS} characters in all`);
    return v;
  });
  return JSON.parse(json);
}

/** What a value is, in the words of typeof (null and arrays told apart); never throws. */
export function kindOf(value) {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'an array';
  } catch {
    // Array.isArray throws for a revoked proxy.
    return 'a revoked proxy';
  }
  return typeof value;
}

/**
 * A move given as squares: a copy of the array, each item read once,
 * refused (thrown) unless it has at most `most` items, each a square name.
 */
export function squaresOf(value, most) {
  return reading(() => squaresIn(value, most));
}

function squaresIn(value, most) {
  const length = value.length;
  if (!(length <= most)) throw new Error(`it has ${length} items; a move passes at most ${most} squares`);
  const squares = [];
  for (let i = 0; i < length; i++) {
    const square = value[i];
    if (typeof square !== 'string' || square.length > 8) throw new Error(`item ${i} is not a square name`);
    squares.push(square);
  }
  return squares;
}

/**
 * The report on a game, a ply at a time (src/wasm.rs, `reporter`): its
 * methods are the module's, but once freed it answers [freed] itself (the
 * module's own object would pass the module a null pointer, thrown from
 * inside it).
 */
class Reporter {
  #state;
  constructor(state) {
    this.#state = state;
  }
  #live() {
    if (!this.#state) throw new Error('[freed] this Reporter was freed');
    return this.#state;
  }
  /** How many plies the report will have. */
  get length() {
    return this.#live().length;
  }
  start() {
    return this.#live().start();
  }
  method() {
    return this.#live().method();
  }
  /** The next ply's report, or null after the last. */
  next() {
    return this.#live().next();
  }
  free() {
    this.#state?.free();
    this.#state = null;
  }
}
if (Symbol.dispose) Reporter.prototype[Symbol.dispose] = Reporter.prototype.free;

export function wrapReporter(state) {
  return new Reporter(state);
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
