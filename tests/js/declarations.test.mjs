// The TypeScript declarations (src/api.d.ts, shipped in
// www/pkg-all/analysis_board.d.ts) are checked against what the module really
// returns: real results of every game and every status are walked field by
// field against the declared interfaces (every declared field present with
// its declared type, no undeclared field).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { loadBuiltModule, root } from '../../scripts/lib.mjs';

const api = await loadBuiltModule(path.join(root, 'www', 'pkg-all'));
const source = fs.readFileSync(path.join(root, 'src', 'api.d.ts'), 'utf8');

/** The declared types: { aliases: name -> type text, interfaces: name -> {field: {type, optional}} }. */
export function parseDeclarations(text) {
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const aliases = new Map();
  const interfaces = new Map();
  for (const m of clean.matchAll(/export type (\w+)\s*=\s*([^;]+);/g)) aliases.set(m[1], m[2].trim());
  for (const m of clean.matchAll(/export interface (\w+)\s*\{([^}]*)\}/g)) {
    const fields = new Map();
    for (const f of m[2].split(';').map((s) => s.trim()).filter(Boolean)) {
      const fm = /^(\w+)(\??):\s*(.+)$/s.exec(f);
      assert.ok(fm, `cannot read the field "${f}" of ${m[1]}`);
      fields.set(fm[1], { type: fm[3].trim(), optional: fm[2] === '?' });
    }
    interfaces.set(m[1], fields);
  }
  return { aliases, interfaces };
}

/** Splits a type at its top-level `|`. */
function union(type) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if ('<{(['.includes(c)) depth++;
    else if ('>})]'.includes(c)) depth--;
    else if (c === '|' && depth === 0) {
      parts.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(type.slice(start).trim());
  return parts.filter(Boolean);
}

/** Checks `value` against the type text; returns the problems found (empty: it fits). */
export function check(decls, type, value, where) {
  const options = union(type);
  if (options.length > 1) {
    const failures = options.map((t) => check(decls, t, value, where));
    if (failures.some((f) => f.length === 0)) return [];
    return [`${where}: ${JSON.stringify(value)?.slice(0, 80)} is none of ${type}`];
  }
  type = type.trim();
  if (type.startsWith('(') && type.endsWith(')')) return check(decls, type.slice(1, -1), value, where);
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) return [`${where}: not an array`];
    return value.flatMap((v, i) => check(decls, type.slice(0, -2), v, `${where}[${i}]`));
  }
  if (/^".*"$/.test(type)) return value === JSON.parse(type) ? [] : [`${where}: ${JSON.stringify(value)} is not ${type}`];
  if (type === 'string' || type === 'number' || type === 'boolean') {
    return typeof value === type ? [] : [`${where}: ${typeof value} is not ${type}`];
  }
  if (type === 'null') return value === null ? [] : [`${where}: not null`];
  const record = /^Record<string,\s*(.+)>$/.exec(type);
  if (record) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${where}: not an object`];
    return Object.entries(value).flatMap(([k, v]) => check(decls, record[1], v, `${where}.${k}`));
  }
  if (decls.aliases.has(type)) return check(decls, decls.aliases.get(type), value, where);
  const fields = decls.interfaces.get(type);
  if (!fields) return [`${where}: the declarations have no type ${type}`];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${where}: not an object (${type})`];
  const problems = [];
  for (const [name, field] of fields) {
    if (!(name in value)) {
      if (!field.optional) problems.push(`${where}.${name}: missing (${type})`);
      continue;
    }
    problems.push(...check(decls, field.type, value[name], `${where}.${name}`));
  }
  for (const name of Object.keys(value)) {
    if (!fields.has(name)) problems.push(`${where}.${name}: not declared in ${type}`);
  }
  return problems;
}

const decls = parseDeclarations(source);

// Texts that between them reach every game, every status and every field.
const CASES = [
  ['', 'incomplete'],
  ['f3 e5 g4 Qh4', 'checkmate'],
  ['e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7 Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6', 'stalemate'],
  ['e4 e5 Nf3 Nс6', 'parse_error'],
  ['e4 e5 exd5', 'completion_error'],
  ['e4 e5 Nxf3 Nc6', 'illegal_move'],
  ['[White "A"]\n[Result "1-0"]\n{start} 1. e4 {x [%clk 0:01:00] [%eval -0.3] [%cal Ge2e4] [%csl Rd5]} e5 $1 (1... c5 2. Nf3 (2. Kxe8) {y}) 2. Nf3 1-0', 'incomplete'],
  ['[Event "1"]\n1. e4 *\n\n[Event "2"]\n1. d4 *', 'incomplete'],
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n1. e4 e5', 'incomplete'],
  ['[FEN "8/8/8"]\n1. e4', 'parse_error'],
  ['3l3/7/7/7/7/7/E2L3 w 0\nd1d7', 'win'],
  // The zebra in the river drowns.
  ['3l3/7/7/Z6/7/7/3L3 w 0\nd1d2', 'incomplete'],
  ['2l4/7/7/7/7/7/3L3 w 0', 'draw'],
  ['gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\nd2d3 d7d4 d6d5', 'illegal_move'],
  ['3l3/7/7/7/7/7/3Lé3 w 0\nd1d2', 'parse_error'],
  ['c3->d4 f6->e5 d4->f6 g7->e5', 'incomplete'],
  ['c3->d4 f6->e5 d4->e6', 'illegal_move'],
  ['RULES: capture single jumps TURN: red BOARD:\n' + '" . " . " . " .\n. " . " . " . "\n'.repeat(4) + 'MOVES:', 'win'],
  ['RULES: nonsense', 'parse_error'],
  ['1\nQd7\n8 8\n..n.N...\n...QN...\n..b.R...\n.....pk.\n........\n...p....\nn.......\n......K.\n', 'answer'],
  ['4\nb\n8 8\n........\n........\n........\n........\n......Q.\n........\n.....K.k\n........\n', 'answer'],
  ['0\n\n4 4\nk...\n..#.\n....\n...K\n', 'parse_error'],
];

test('every outcome fits the declared Outcome', () => {
  const seen = new Set();
  for (const [text, status] of CASES) {
    const outcome = api.analyze(text, { suggest: true });
    assert.equal(outcome.status, status, text);
    seen.add(status);
    assert.deepEqual(check(decls, 'Outcome', outcome, 'outcome'), [], text);
  }
  assert.equal(seen.size, union(decls.aliases.get('Status')).length, 'every status is reached');
});

test('suggestions, games and the other functions fit their declarations', () => {
  for (const [fen, game] of [
    ['6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'chess'],
    ['gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0', 'congo'],
  ]) {
    assert.deepEqual(check(decls, 'Suggestion | null', api.suggest(fen, { game }), game), []);
  }
  const checkers = api.analyze('c3->d4', { suggest: false }).plies[0].snapshot.fen;
  assert.deepEqual(check(decls, 'Suggestion | null', api.suggest(checkers, { game: 'checkers' }), 'checkers'), []);
  assert.equal(api.suggest('7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'), null);
  assert.deepEqual(check(decls, 'GameInfo[]', api.games(), 'games'), []);
  assert.ok(api.games().some((g) => g.rules?.setup), 'a board editor is reached');
  assert.equal(typeof api.exportPgn('e4 e5'), 'string');
  const twoGames = '[White "Zoë"]\n1. e4 e5 1-0\n\n[Event "?"]\n1. d4 *';
  const listed = api.listGames(twoGames);
  assert.deepEqual(check(decls, 'GameSummary[]', listed, 'listGames'), []);
  assert.deepEqual(listed.map((g) => twoGames.slice(g.start, g.end)), ['[White "Zoë"]\n1. e4 e5 1-0', '[Event "?"]\n1. d4 *']);
  const searched = api.congoAlphabeta('gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0', 2);
  assert.deepEqual(Object.keys(searched).sort(), ['nodes', 'value']);
});

test('reports fit their declarations, for every game that has one', () => {
  for (const text of ['f3 e5 g4 d6 Nc3 Qh4', '3l3/7/7/3p3/3M3/7/3L3 w 0\nd3d5 d7d6', 'c3->d4 f6->e5 d4->f6']) {
    const whole = api.report(text);
    assert.deepEqual(check(decls, 'ReportStart', whole.start, 'start'), [], text);
    assert.deepEqual(check(decls, 'ReportMethod', whole.method, 'method'), [], text);
    assert.deepEqual(check(decls, 'ReportPly[]', whole.plies, 'plies'), [], text);
    assert.ok(whole.plies.length > 0, text);
    const reporter = new api.Reporter(text);
    assert.equal(reporter.length, whole.plies.length);
    assert.deepEqual(reporter.next(), whole.plies[0], 'a ply at a time gives the same');
    reporter.free();
  }
  assert.ok(api.report('f3 e5 g4 d6').plies.some((p) => p.facts.length), 'a fact is reached');
  assert.throws(() => api.report('0\n\n4 4\nk...\n....\n....\n...K\n'), /^Error: \[no_report\] /);
});

test('the checker itself finds what does not fit', () => {
  const good = api.analyze('e4', { suggest: false });
  assert.deepEqual(check(decls, 'Outcome', good, 'o'), []);
  const extra = { ...good, surprise: 1 };
  assert.match(check(decls, 'Outcome', extra, 'o').join(), /surprise: not declared/);
  const missing = { ...good };
  delete missing.chess;
  assert.match(check(decls, 'Outcome', missing, 'o').join(), /chess: missing/);
  const wrong = { ...good, status: 'resigned' };
  assert.match(check(decls, 'Outcome', wrong, 'o').join(), /status/);
  const undefinedField = { ...good, winner: undefined };
  assert.match(check(decls, 'Outcome', undefinedField, 'o').join(), /winner/);
});
