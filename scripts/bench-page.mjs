#!/usr/bin/env node
// The bot's search speed in the page itself, in headless Chromium: level 10 playing both sides of
// Go 9×9 (2 s a move), first in the single-thread build (a first visit: the search runs in the
// frames' slices), then in the threaded build (the reload after the service worker took the page:
// cross-origin isolated, the search on threads of its own). For each move it reads the page API's
// lastSearch() (simulations on all threads, the search's wall time) and prints the simulations a
// second, move by move and their median, with the ratio of the two builds.
//   node scripts/bench-page.mjs [--moves N] [BUILD_DIR]    (default 8 moves; build/web)
// With --review, the review instead (issue 41's targets: ≤ 60 s natively, ≤ 90 s in the threaded
// page, frames p95 ≤ 17 ms while it runs): the 60-turn Go 9×9 game scripts/bench-review-go9.sgf
// reviewed at the default effort, natively (`stonegrid review FILE --json`, wall time) and in
// each page build (loaded, the result card's Review clicked, until ui().review is finished): the
// wall time and the frame intervals while it runs (p50, p95, max), as measure-frames.mjs takes
// them, and the app's own search slice per frame (frameTiming()).
//   node scripts/bench-page.mjs --review [BUILD_DIR]
// Needs playwright-core (tests/browser/node_modules) and /usr/bin/chromium ($CHROMIUM overrides).
// Compare with `node scripts/bench.mjs` (the same search under node and natively, no page).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let moves = 8;
let review = false;
let root = process.env.STONEGRID_WEB || path.join(here, '../build/web');
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--moves') moves = Number(args[++i]);
  else if (args[i] === '--review') review = true;
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
const reviewGame = path.join(here, 'bench-review-go9.sgf');

// The native review of the game: wall and processor seconds of `stonegrid review FILE --json`
// (processor time through GNU time, when there is one: on a shared machine the wall time is
// mostly the load's).
function nativeReview() {
  const binary = path.join(here, '../build/native/stonegrid');
  if (!fs.existsSync(binary)) return null;
  const time = '/usr/bin/time';
  const begin = process.hrtime.bigint();
  const timed = fs.existsSync(time);
  const run = spawnSync(timed ? time : binary, [...(timed ? ['-f', 'cpu %U', binary] : []), 'review', reviewGame, '--json'],
    { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`stonegrid review failed: ${run.stderr}`);
  const cpu = timed ? Number((run.stderr.match(/cpu ([\d.]+)/) || [])[1]) : NaN;
  return { wall: Number(process.hrtime.bigint() - begin) / 1e9, cpu };
}

// The page's review of the game: loaded, Review clicked on the result card, then every frame's
// timestamp until the review has finished.
async function pageReview(page) {
  await page.evaluate((text) => window.stonegrid.loadSgf(text), fs.readFileSync(reviewGame, 'utf8'));
  await page.evaluate(() => window.stonegrid.settled());
  const r = await page.evaluate(() => window.stonegrid.controlRect('Review'));
  if (!r) throw new Error('no Review on the result card');
  // For comparison, the same page for 10 s before the review: the machine's frames, nothing searching.
  const idle = await page.evaluate(() => new Promise((resolve) => {
    const stamps = [];
    const frame = (t) => {
      stamps.push(t);
      if (t - stamps[0] < 10000) requestAnimationFrame(frame);
      else resolve(stamps.slice(1).map((x, i) => x - stamps[i]));
    };
    requestAnimationFrame(frame);
  }));
  const measuring = page.evaluate(() => new Promise((resolve, reject) => {
    const stamps = [];
    let started = null;
    const frame = (t) => {
      stamps.push(t);
      const review = stamps.length % 10 === 0 || !started ? window.stonegrid.ui().review : null;
      if (review && !started) started = { t: performance.now(), frames: stamps.length };
      if (review && review.finished) {
        const intervals = stamps.slice(started.frames + 1).map((x, i) => x - stamps[started.frames + i]);
        const timing = window.stonegrid.frameTiming().frames.slice(-Math.min(600, intervals.length));
        resolve({ seconds: (performance.now() - started.t) / 1000, intervals, positions: review.positions, threads: review.threads,
          slices: timing.map((f) => f.bot) });
        return;
      }
      if (performance.now() - (started ? started.t : 0) > 900000) reject(new Error('the review took over 15 minutes'));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }));
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  const found = await measuring;
  const sorted = [...found.intervals].sort((a, b) => a - b);
  const q = (list, p) => list[Math.min(list.length - 1, Math.floor(p * list.length))];
  const slices = found.slices.filter((x) => x > 0).sort((a, b) => a - b);
  const idleSorted = idle.sort((a, b) => a - b);
  return { seconds: found.seconds, positions: found.positions, threads: found.threads, frames: sorted.length, p50: q(sorted, 0.5),
    p95: q(sorted, 0.95), max: sorted[sorted.length - 1], sliceP50: slices.length ? q(slices, 0.5) : 0,
    idleP95: q(idleSorted, 0.95) };
}

const loadBefore = os.loadavg().map((x) => x.toFixed(1)).join(' ');
const native = review ? nativeReview() : null;
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
    if (review) {
      rows.push({ build, ...(await pageReview(page)) });
      continue;
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

if (review) {
  const f = (x) => x.toFixed(1);
  console.log(`Build: ${root}; the review of ${path.relative(process.cwd(), reviewGame)} (60 turns, Go 9×9), default effort\n`);
  console.log(`Load average before: ${loadBefore}; after: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
  console.log('| where | wall s | frames | frame interval p50 / p95 / max ms | p95 ms, 10 s before (idle) | search on the main thread, p50 ms a frame |');
  console.log('|---|---:|---:|---|---:|---:|');
  if (native !== null)
    console.log(`| native \`stonegrid review --json\` | ${f(native.wall)} (processor ${f(native.cpu)}) | – | – | – | – |`);
  for (const r of rows)
    console.log(`| page, ${r.build} (review threads: ${r.threads}) | ${f(r.seconds)} | ${r.frames} | ` +
      `${f(r.p50)} / ${f(r.p95)} / ${f(r.max)} | ${f(r.idleP95)} | ${f(r.sliceP50)} |`);
  process.exit(0);
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
