#!/usr/bin/env node
// The bot's search speed in the page itself, in headless Chromium: level 10 playing both sides of
// Go 9×9 (2 s a move), first in the single-thread build (a first visit: the search runs in the
// frames' slices), then in the threaded build (the reload after the service worker took the page:
// cross-origin isolated, the search on threads of its own). For each move it reads the page API's
// lastSearch() (simulations on all threads, the search's wall time) and prints the simulations a
// second, move by move and their median, with the ratio of the two builds.
//   node scripts/bench-page.mjs [--moves N] [BUILD_DIR]    (default 8 moves; build/web)
// Needs playwright-core (tests/browser/node_modules) and /usr/bin/chromium ($CHROMIUM overrides).
// Compare with `node scripts/bench.mjs` (the same search under node and natively, no page).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let moves = 8;
let root = process.env.STONEGRID_WEB || path.join(here, '../build/web');
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--moves') moves = Number(args[++i]);
  else root = args[i];
}
if (!Number.isInteger(moves) || moves < 1 || moves > 100) {
  console.error('bench-page: --moves takes a whole number from 1 to 100');
  process.exit(1);
}
root = path.resolve(root);
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`bench-page: ${root}/index.html not found: build the web version first`);
  process.exit(1);
}
// Level 10 against itself for `moves` moves; each move's lastSearch().
async function searches(page) {
  await page.evaluate(() => {
    window.benchSearches = [];
    window.stonegrid.on('move', () => window.benchSearches.push(window.stonegrid.lastSearch()));
    window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'bot', 2: 'bot' }, level: 10 });
  });
  await page.waitForFunction((n) => window.benchSearches.length >= n, moves, { timeout: moves * 10000 + 20000, polling: 200 });
  const found = await page.evaluate((n) => window.benchSearches.slice(0, n), moves);
  await page.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9 }));  // stops the bot
  return found;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await serve(root, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium('bench-page');
const rows = [];
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => window.stonegrid.ready);
  for (const build of ['single-thread', 'threaded']) {
    if (build === 'threaded') {
      await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 30000 });
      await page.reload();
      await page.evaluate(() => window.stonegrid.ready);
      if (!(await page.evaluate(() => self.crossOriginIsolated))) throw new Error('the reload was not cross-origin isolated');
    }
    const found = await searches(page);
    const rates = found.map((s) => s.simulations / (s.ms / 1000));
    rows.push({ build, threads: found[0].threads, rates, median: median(rates),
      ms: median(found.map((s) => s.ms)), cores: await page.evaluate(() => navigator.hardwareConcurrency) });
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`Build: ${root}; level 10, Go 9×9, ${moves} moves each (both sides the bot)\n`);
console.log('| page build | threads | simulations/s, move by move | median /s | median search ms |');
console.log('|---|---:|---|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.build} | ${r.threads} | ${r.rates.map((x) => Math.round(x)).join(', ')} | ${Math.round(r.median)} | ` +
    `${Math.round(r.ms)} |`);
}
console.log(`\nthreaded ÷ single-thread: ${(rows[1].median / rows[0].median).toFixed(2)} ` +
  `(${rows[1].threads} threads, navigator.hardwareConcurrency ${rows[1].cores})`);
