// Share link lengths: the plain `moves=` fragment against what the page
// writes (www/link.js: only the chosen game, compressed into `z=` when
// shorter), for a 50-game paste and for one lichess export.
//   node scripts/linkbench.mjs      (npm run bench runs it; needs www/pkg)
import fs from 'node:fs';
import path from 'node:path';
import { loadBuiltModule, root } from './lib.mjs';
import { chosenGame, shortFragment } from '../www/link.js';

/** The fragment fragment.js's buildFragment writes for a text at ply 1 (moves, ply; spaces as %20). */
const plain = (text, extra = {}) => '#' + new URLSearchParams({ moves: text, ply: '1', ...extra }).toString().replace(/\+/g, '%20');

export async function linkLengths() {
  const { listGames } = await loadBuiltModule(path.join(root, 'www', 'pkg'));

  // 22 + 24 games, and the first 4 again: 50 games.
  const read = (f) => fs.readFileSync(path.join(root, 'tests', 'data', 'pgn', f), 'utf8').trim();
  const all = `${read('python-chess.pgn')}\n\n${read('stockfish.pgn')}`;
  const first4 = listGames(read('python-chess.pgn')).slice(0, 4);
  const extra = first4.map((g) => read('python-chess.pgn').slice(g.start, g.end)).join('\n\n');
  const paste = `${all}\n\n${extra}\n`;
  const games = listGames(paste);

  console.log('\nshare link fragment lengths (characters after #)');
  console.log(`  50-game paste (${games.length} games, ${paste.length} characters):`);
  const whole = plain(paste, { index: '7' });
  console.log(`    the whole text, moves=                      ${String(whole.length).padStart(8)}`);
  console.log(`    the whole text, z=                          ${String((await shortFragment(whole)).length).padStart(8)}`);
  const perGame = [];
  const plainPerGame = [];
  for (const g of games) {
    const { text } = chosenGame(paste, g.index, { gamesInText: games.length, gameIndex: g.index, gameStart: g.start, gameEnd: g.end });
    plainPerGame.push(plain(text).length);
    perGame.push((await shortFragment(plain(text))).length);
  }
  const stats = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return `median ${s[Math.floor(s.length / 2)]}, max ${s.at(-1)}, min ${s[0]}`;
  };
  console.log(`    the chosen game alone, moves=               ${stats(plainPerGame)}`);
  console.log(`    the chosen game alone, z= (what the page writes) ${stats(perGame)}`);
  const lichess = fs.readFileSync(path.join(root, 'tests', 'data', 'pgn', 'nasty', '10-lichess-export.pgn'), 'utf8');
  const lp = plain(lichess);
  const lz = await shortFragment(lp);
  console.log(`  one lichess export (${listGames(lichess)[0].plies} plies, clocks and evals, ${lichess.length} characters): moves= ${lp.length}, z= ${lz.length}`);
  return { paste: perGame, lichess: lz.length };
}

if (import.meta.url === `file://${process.argv[1]}`) await linkLengths();
