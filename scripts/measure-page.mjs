#!/usr/bin/env node
// Page size and start-up: the gzip size (level 9) of every file of the web build and of the page
// as a first visit loads it (HTML, JS, wasm, page.js, manifest, icon; fonts are inside the wasm),
// and the time to first frame in headless Chromium on localhost: navigation start to
// `stonegrid.ready` (the first frame drawn), the median of 5 loads, each in a fresh context.
//   node scripts/measure-page.mjs [BUILD_DIR]      (default: $STONEGRID_WEB or build/web)
// Needs playwright-core (tests/browser/node_modules) and /usr/bin/chromium ($CHROMIUM overrides).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';
import { launchChromium } from './chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] || process.env.STONEGRID_WEB || path.join(here, '../build/web'));
const LOADS = 5;
const SIZE_BUDGET = 500 * 1024;
const FRAME_BUDGET_MS = 400;
// What the page itself loads on a first visit (sw.js, embed.js, demo.html, the PNG icons are
// fetched later or only by other pages).
const PAGE_FILES = ['index.html', 'index.js', 'index.wasm', 'page.js', 'manifest.webmanifest', 'icon.svg'];

if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error(`measure-page: ${root}/index.html not found: build the web version first`);
  process.exit(1);
}

const kb = (n) => (n / 1024).toFixed(1);
const rows = fs.readdirSync(root).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort().map((file) => {
  const data = fs.readFileSync(path.join(root, file));
  return { file, bytes: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length, page: PAGE_FILES.includes(file) };
});
const pageRows = rows.filter((r) => r.page);
const total = { bytes: pageRows.reduce((a, r) => a + r.bytes, 0), gzip: pageRows.reduce((a, r) => a + r.gzip, 0) };
const all = { bytes: rows.reduce((a, r) => a + r.bytes, 0), gzip: rows.reduce((a, r) => a + r.gzip, 0) };

console.log(`Build: ${root}\n`);
console.log('| file | bytes | gzip | loaded by the page |');
console.log('|---|---:|---:|---|');
for (const r of rows) console.log(`| ${r.file} | ${r.bytes} | ${r.gzip} | ${r.page ? 'yes' : ''} |`);
console.log(`| **page total** | ${total.bytes} | **${total.gzip}** (${kb(total.gzip)} KB) | budget ${SIZE_BUDGET / 1024} KB: ${total.gzip <= SIZE_BUDGET ? 'within' : 'OVER'} |`);
console.log(`| all files | ${all.bytes} | ${all.gzip} (${kb(all.gzip)} KB) | |`);

// Time to first frame.
const server = await serve(root, 0);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium('measure-page');
const times = [];
try {
  for (let i = 0; i < LOADS; ++i) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    // performance.now() counts from the navigation start (the time origin).
    const ms = await page.evaluate(() => window.stonegrid.ready.then(() =>
      window.stonegrid.readyTime !== undefined ? window.stonegrid.readyTime : performance.now()));
    times.push(ms);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(`\nFirst frame (navigation start -> stonegrid.ready), ${LOADS} loads, fresh context each:`);
console.log(`  ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms ` +
  `(budget ${FRAME_BUDGET_MS} ms: ${median <= FRAME_BUDGET_MS ? 'within' : 'OVER'})`);
process.exitCode = total.gzip <= SIZE_BUDGET && median <= FRAME_BUDGET_MS ? 0 : 2;
