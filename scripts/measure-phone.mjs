#!/usr/bin/env node
// A phone's start-up and frames, as a benchmark (docs/benchmarks.md, "A phone's CPU"): headless
// Chromium at 390×844 (DPR 3, touch) with its CPU slowed RATE times (the DevTools protocol's
// Emulation.setCPUThrottlingRate), on localhost.
//   - the first frame: navigation start to `stonegrid.ready`, in three fresh loads, split into
//     the page's script and the wasm's download, compile and start (to `onRuntimeInitialized`)
//     and the app's own start to its first drawn frame (SDL, WebGL, the font atlas, the layout);
//   - while the bot thinks, at the default level (3) and at level 10: the p95 frame interval and
//     the bot's simulations in its time (stonegrid.lastSearch()).
//   node scripts/measure-phone.mjs [RATE ...]      (default: 4 1; needs the web build)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = process.env.STONEGRID_WEB || path.join(here, '../build/web');
const rates = process.argv.slice(2).map(Number).filter((r) => r >= 1);
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

// The times the page marks as it starts, in ms from navigation start.
const marks = () => window.stonegrid.ready.then(() => new Promise((resolve) => requestAnimationFrame(resolve))).then(() => ({
  ready: window.stonegrid.firstFrameTime,
  shown: window.stonegrid.shownTime,
  threads: window.stonegrid.ui().threads,
  runtime: window.stonegrid.runtimeTime,
  script: performance.getEntriesByType('resource').find((r) => /index(-mt)?\.js$/.test(r.name))?.responseEnd,
}));

async function throttled(browser, rate, query = '') {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.goto(`http://127.0.0.1:${server.address().port}/${query}`);
  return { context, page };
}

// Three first visits (each in a fresh context), and three returning visits (a reload: the
// service worker then serves the threaded build where it isolates the page).
async function firstFrame(browser, rate) {
  const first = [], returning = [];
  for (let i = 0; i < 3; ++i) {
    const { context, page } = await throttled(browser, rate);
    first.push(await page.evaluate(marks));
    await page.evaluate(() => navigator.serviceWorker && navigator.serviceWorker.ready);
    await page.reload();
    returning.push(await page.evaluate(marks));
    await context.close();
  }
  return { first, returning };
}

// Frames while the bot thinks at `level`: two bots play 9×9 Go for 5 seconds (the frames of
// the first second, the new game's, are left out); the search behind the last move.
async function botFrames(browser, rate, level) {
  const { context, page } = await throttled(browser, rate, '#game=go&size=9');
  await page.evaluate(() => window.stonegrid.ready);
  const result = await page.evaluate(async (level) => {
    const api = window.stonegrid;
    api.newGame({ game: 'go', size: 9, players: { 1: 'bot', 2: 'bot' }, level });
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    await wait(1000);
    const start = api.frames;
    await wait(4000);
    const frames = api.frameTiming().frames.slice(-(api.frames - start));
    const intervals = frames.map((f) => f.interval).sort((a, b) => a - b);
    return { p95: intervals[Math.floor(intervals.length * 0.95)], frames: frames.length, search: api.lastSearch() };
  }, level);
  await context.close();
  return result;
}

const server = await serve(root, 0);
const browser = await launchChromium('measure-phone');
try {
  const fmt = (xs) => xs.map((x) => (x === undefined ? '?' : Math.round(x))).join(', ');
  console.log('| CPU | visit | first frame drawn | shown (next frame) | wasm ready | app start to first frame | threads |');
  console.log('|---|---|---|---|---|---|---|');
  const bots = [];
  for (const rate of rates.length ? rates : [4, 1]) {
    const loads = await firstFrame(browser, rate);
    for (const [visit, l] of [['first', loads.first], ['returning', loads.returning]])
      console.log(`| ${rate}× | ${visit} | ${fmt(l.map((x) => x.ready))} ms | ${fmt(l.map((x) => x.shown))} ms | ` +
        `${fmt(l.map((x) => x.runtime))} ms | ${fmt(l.map((x) => x.ready - x.runtime))} ms | ${l[0].threads} |`);
    bots.push([rate, await botFrames(browser, rate, 3), await botFrames(browser, rate, 10)]);
  }
  console.log('\n| CPU | frames p95, level 3 | simulations, level 3 | frames p95, level 10 | simulations, level 10 |');
  console.log('|---|---|---|---|---|');
  for (const [rate, l3, l10] of bots)
    console.log(`| ${rate}× | ${l3.p95.toFixed(1)} ms | ${l3.search?.simulations} in ${Math.round(l3.search?.ms)} ms | ` +
      `${l10.p95.toFixed(1)} ms | ${l10.search?.simulations} in ${Math.round(l10.search?.ms)} ms |`);
} finally {
  await browser.close();
  server.close();
}
