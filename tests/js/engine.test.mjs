// What www/engine.js knows of the two modules without loading them.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';
import { OTHER_MODULE_GAMES } from '../../www/engine.js';

test('the games only the module with every game has are the ones engine.js names', async () => {
  const all = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
  const ids = all.games().map((g) => g.id);
  assert.ok(ids.includes('chess'), 'the module with every game has chess too');
  assert.deepEqual([...OTHER_MODULE_GAMES].sort(), ids.filter((id) => id !== 'chess').sort());
  assert.ok(all.games().every((g) => g.rules !== null), 'the module with every game has every game\'s rules');
  // The chess module says which games it has not the rules of.
  const chess = await loadBuiltModule(path.join(root, 'www', 'pkg'));
  assert.deepEqual(chess.games().filter((g) => g.rules === null).map((g) => g.id).sort(), [...OTHER_MODULE_GAMES].sort());
});
