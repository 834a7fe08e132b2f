// The page in headless Chromium, on a 300-ply game with 50 variations: a
// move played on the board (pointer events on its squares) until the board
// is redrawn with the text updated, and Copy PGN of that tree. Then a
// 1,000-game PGN pasted: the time until the chooser lists every game (the
// listing runs in the worker) and the page thread's longest task meanwhile.
//   node scripts/bench-page.mjs        (npm run bench runs it too)
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadBuiltModule, root } from './lib.mjs';
import { serve } from './serve.mjs';

/** A 300-ply game with 50 variations of 1 to 4 moves, made with the module (seeded, the same every run). */
export function bigGame(api) {
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let text = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    const plies = [];
    let fen = api.analyze('', { suggest: false }).initial.fen;
    while (plies.length < 300) {
      const moves = api.moves(fen);
      if (!moves.length) break;
      const m = moves[rnd(moves.length)];
      plies.push({ fen, notation: m.notation });
      fen = api.play(fen, m.notation).snapshot.fen;
    }
    if (plies.length < 300) continue;
    text = plies.map((p) => p.notation).join(' ');
    const at = new Set();
    while (at.size < 50) at.add(1 + rnd(298));
    for (const i of [...at].sort((a, b) => a - b)) {
      // A variation replacing ply i, from the position before it.
      const o = api.analyze(text, { suggest: false, notation: 'pgn' });
      let f = o.plies[i - 1].snapshot.fen;
      const first = api.moves(f).filter((m) => m.notation !== o.plies[i].notation);
      if (!first.length) continue;
      let m = first[rnd(first.length)];
      const path = [i - 1];
      const edited = api.editGame(text, { kind: 'add', at: path, move: m.notation });
      text = edited.text;
      let node = edited.path;
      for (let k = 2 + rnd(3); k > 1; k--) {
        f = api.play(f, m.notation).snapshot.fen;
        const next = api.moves(f);
        if (!next.length) break;
        m = next[rnd(next.length)];
        const e = api.editGame(text, { kind: 'add', at: node, move: m.notation });
        text = e.text;
        node = e.path;
      }
    }
    return text;
  }
  throw new Error('no 300-ply game found');
}

/** A PGN of `n` seeded random games with tags, half with clock comments, made with the module. */
export function manyGames(api, n) {
  let seed = 11;
  const rnd = (k) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const start = api.analyze('', { suggest: false }).initial.fen;
  const games = [];
  for (let g = 0; g < n; g++) {
    const result = ['1-0', '0-1', '1/2-1/2', '*'][rnd(4)];
    const tags = [['Event', `Bench ${g + 1}`], ['Site', 'https://example.org'], ['Date', '2024.05.01'], ['Round', String(g + 1)],
      ['White', `White player ${rnd(500)}`], ['Black', `Black player ${rnd(500)}`], ['Result', result], ['TimeControl', '180+2']];
    const words = [];
    let fen = start;
    const plies = 40 + rnd(81);
    for (let i = 0; i < plies; i++) {
      const moves = api.moves(fen);
      if (!moves.length) break;
      const m = moves[rnd(moves.length)];
      if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
      words.push(m.notation);
      if (g % 2 === 0) words.push(`{ [%clk 0:0${rnd(3)}:${String(rnd(60)).padStart(2, '0')}] }`);
      fen = api.play(fen, m.notation).snapshot.fen;
    }
    words.push(result);
    let line = '';
    const lines = [];
    for (const w of words) {
      if (line && line.length + w.length + 1 > 80) {
        lines.push(line);
        line = '';
      }
      line = line ? `${line} ${w}` : w;
    }
    lines.push(line);
    games.push(`${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n\n${lines.join('\n')}\n`);
  }
  return games.join('\n');
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

export async function benchPage(dist) {
  const api = await loadBuiltModule(path.join(dist, 'www', 'pkg'));
  const text = bigGame(api);
  const o = api.analyze(text, { suggest: false });
  const count = (plies) => plies.reduce((n, p) => n + 1 + p.variations.reduce((m, v) => m + count(v.plies), 0), 0);
  const variations = (plies) => plies.reduce((n, p) => n + p.variations.length + p.variations.reduce((m, v) => m + variations(v.plies), 0), 0);

  const server = await serve(dist, 0);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForSelector('.ab-line:not(:empty)');
    await page.fill('.ab-text', text);
    await page.waitForFunction((n) => document.querySelectorAll('.ab-move').length >= n, count(o.plies));
    // Play a move at the end of the main line, then undo it, 40 times; time
    // from the first pointer event to the frame that shows the new board.
    const times = await page.evaluate(async () => {
      const grid = document.querySelector('.ab-squares');
      const centre = (square) => {
        const r = grid.querySelector(`[data-square="${square}"]`).getBoundingClientRect();
        return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
      };
      const click = (square) => {
        const at = centre(square);
        for (const type of ['pointerdown', 'pointerup']) {
          grid.dispatchEvent(new PointerEvent(type, { ...at, bubbles: true, pointerId: 1, isPrimary: true, button: 0 }));
        }
      };
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      // The next frame: when its animation frame callbacks begin (the board's
      // redraw, scheduled during the click, runs first), and when the frame is
      // rendered (style, layout, paint): a message posted from a callback.
      const painted = () => new Promise((resolve) => requestAnimationFrame(() => {
        const begins = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ begins, painted: performance.now() });
        channel.port2.postMessage(0);
      }));
      const { loadEngine } = await import('./www/engine.js');
      const engine = await loadEngine();
      const out = [];
      for (let i = 0; i < 40; i++) {
        const textarea = document.querySelector('.ab-text');
        const before = textarea.value;
        document.querySelector('button[data-action="last"]').click();
        await frame();
        const fen = document.querySelector('.ab-fen').value;
        const move = engine.moves(fen)[i % 3];
        const t = performance.now();
        click(move.from);
        click(move.to);
        const handled = performance.now();
        // The board's redraw was scheduled during the click, at the next frame: measured once that frame is painted.
        const frameTimes = await painted();
        if (textarea.value === before) throw new Error(`the move ${move.notation} did not reach the text`);
        // The work: the click's handlers, then the frame's rendering; and the
        // whole time, with the wait for the display's next frame.
        out.push({ work: handled - t + (frameTimes.painted - frameTimes.begins), total: frameTimes.painted - t });
        document.querySelector('button[data-action="undo"]').click();
        await frame();
      }
      return out;
    });
    const exportTimes = await page.evaluate(async (pgn) => {
      const { loadEngine } = await import('./www/engine.js');
      const engine = await loadEngine();
      const out = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        engine.exportPgn(pgn);
        out.push(performance.now() - t);
      }
      return out;
    }, text);
    console.log(`\nthe page in Chromium: a game of ${o.plies.length} plies with ${variations(o.plies)} variations (${count(o.plies)} moves in all)`);
    const work = times.map((x) => x.work);
    const total = times.map((x) => x.total);
    console.log(`  move played on the board -> board redrawn and text updated: work (handlers, then the frame's rendering) median ${median(work).toFixed(1)} ms, max ${Math.max(...work).toFixed(1)} ms (one frame: 16.7 ms)`);
    console.log(`    with the wait for the display's next frame: median ${median(total).toFixed(1)} ms, max ${Math.max(...total).toFixed(1)} ms`);
    console.log(`  Copy PGN (exportPgn) of the tree: median ${median(exportTimes).toFixed(2)} ms, max ${Math.max(...exportTimes).toFixed(2)} ms`);

    // A 1,000-game PGN pasted (one input event with the whole text, as a
    // paste gives): until the chooser lists every game; the page thread's
    // longest task meanwhile (PerformanceObserver 'longtask', tasks of 50 ms
    // or more); then game 500 chosen, until its moves are listed.
    const many = manyGames(api, 1000);
    const listing = [];
    const choosing = [];
    let longest = 0;
    for (let run = 0; run < 3; run++) {
      await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
      await page.waitForSelector('.ab-line:not(:empty)');
      // The rules loaded (the first view is drawn before): the paste, not the page's load, is timed.
      await page.waitForFunction(() => !document.querySelector('.ab-viewer[aria-busy]'));
      const r = await page.evaluate(async (pgn) => {
        const long = [];
        const observer = new PerformanceObserver((list) => long.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: 'longtask' });
        const textarea = document.querySelector('.ab-text');
        const select = document.querySelector('.ab-games');
        const t = performance.now();
        textarea.value = pgn;
        textarea.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
        while (!(select.options.length === 1000 && !select.hasAttribute('aria-busy'))) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        const listed = performance.now() - t;
        const title = select.options[499].textContent;
        const c = performance.now();
        select.value = '499';
        select.dispatchEvent(new Event('change', { bubbles: true }));
        while (!document.querySelector('.ab-info').textContent.includes('Bench 500')) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        const chosen = performance.now() - c;
        await new Promise((resolve) => setTimeout(resolve, 0));
        observer.disconnect();
        return { listed, chosen, title, longest: Math.max(0, ...long) };
      }, many);
      if (!r.title.includes('500')) throw new Error(`game 500 is listed as ${r.title}`);
      listing.push(r.listed);
      choosing.push(r.chosen);
      longest = Math.max(longest, r.longest);
    }
    // What Chromium itself spends laying out a text box holding that text
    // (the same for any page with a textarea): part of the figures above.
    const layout = await page.evaluate((pgn) => {
      const box = document.createElement('textarea');
      box.className = 'ab-text';
      document.querySelector('.ab-text').after(box);
      const t = performance.now();
      box.value = pgn;
      void box.scrollHeight;
      const ms = performance.now() - t;
      box.remove();
      return ms;
    }, many);
    console.log(`\nthe page in Chromium: a PGN of 1,000 games (${(many.length / 1024).toFixed(0)} KiB) pasted`);
    console.log(`  until the chooser lists every game (target < 1 s): median ${median(listing).toFixed(0)} ms (runs: ${listing.map((x) => x.toFixed(0)).join(', ')} ms)`);
    console.log(`  the page thread's longest task meanwhile: ${longest ? `${longest.toFixed(0)} ms` : 'none of 50 ms or more'}`);
    console.log(`  for comparison, Chromium laying out a bare text box holding that text: ${layout.toFixed(0)} ms`);
    console.log(`  game 500 chosen, until its moves are listed: median ${median(choosing).toFixed(0)} ms`);
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchPage(path.join(root, 'dist'));
}
