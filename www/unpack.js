// Builds the Outcome object from the compact form the wasm module hands
// over (src/wasm.rs, `packed`): one JSON text for everything but the main
// line, and the main line's plies as lines of tab-separated fields. A
// JSON.parse and one object literal per ply are much faster than creating
// every field from WebAssembly. What every position of a game shares (its
// landmarks and piece names) is one object, taken from the initial position.

export function unpackOutcome(head, packed) {
  const outcome = JSON.parse(head);
  if (!packed.length) return outcome;
  const { width, height, landmarks, darkParity, pieces } = outcome.initial;
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
  const lines = packed.split('\n');
  const plies = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const f = lines[i].split('\t');
    const path = f[1].split(' ');
    const extra = f[13] === '' ? null : JSON.parse(f[13]);
    plies[i] = {
      notation: f[0],
      from: path[0],
      to: path[path.length - 1],
      path,
      piece: f[2],
      captured: f[3] === '' ? [] : [...f[3]],
      promotion: f[4] === '' ? null : f[4],
      start: +f[5],
      end: +f[6],
      snapshot: {
        width,
        height,
        cells: f[7],
        sideToMove: f[8] === '' ? null : f[8],
        check: f[9] === '' ? null : f[9],
        fen: f[10],
        moveNumber: +f[11],
        over: f[12] === '' ? null : JSON.parse(f[12]),
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
    };
  }
  outcome.plies = plies;
  return outcome;
}
