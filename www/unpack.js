// Builds the Outcome object from the compact form the wasm module hands
// over: one JSON text for everything but the plies, and the plies as lines
// of tab-separated fields (JSON.parse and one object literal per ply are much
// faster than creating every field from WebAssembly).
export function unpackOutcome(head, packed) {
  const outcome = JSON.parse(head);
  if (!packed.length) return outcome;
  const plies = [];
  {
    const lines = packed.split('\n');
    const width = outcome.initial.width;
    const height = outcome.initial.height;
    for (let i = 0; i < lines.length; i++) {
      const f = lines[i].split('\t');
      plies.push({
        notation: f[0],
        from: f[1],
        to: f[2],
        piece: f[3],
        captured: f[4] === '' ? null : f[4],
        promotion: f[5] === '' ? null : f[5],
        start: +f[6],
        end: +f[7],
        snapshot: {
          width,
          height,
          cells: f[8],
          sideToMove: f[9] === '' ? null : f[9],
          check: f[10] === '' ? null : f[10],
          fen: f[11],
          marks: [],
        },
      });
    }
  }
  outcome.plies = plies;
  return outcome;
}
