#!/usr/bin/env node
// What drawing a busy board costs the page: Go 19x19 with ~250 stones (two humans, no bot), the
// mouse moved over the board so that every frame changes (the ghost stone follows it) and is
// drawn. Prints, from window.stonegrid.frameTiming(), the app's frame callback on drawn frames
// (input, ImGui, the GL calls) and ImGui's vertex count, and the rAF interval.
//   node scripts/measure-draw.mjs [moves=250] [--flag ...]
// Needs the web build (scripts/build web) and tests/browser's node_modules.
import { openPage, chromiumFlags } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const extraFlags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const moves = Number(args[0] || 250);

const { page, close } = await openPage({ viewport: { width: 1000, height: 700 }, flags: [...chromiumFlags, ...extraFlags] });
try {
  const played = await page.evaluate((moves) => {
    window.stonegrid.newGame({ game: 'go', size: 19, players: {} });
    const letters = 'ABCDEFGHJKLMNOPQRST';
    let seed = 12345, played = 0;
    for (let tries = 0; played < moves && tries < moves * 20; ++tries) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const v = letters[seed % 19] + (1 + ((seed >> 8) % 19));
      if (window.stonegrid.play(v)) ++played;
    }
    return played;
  }, moves);
  const start = await page.evaluate(() => window.stonegrid.frames);
  const a = await page.evaluate(() => window.stonegrid.vertexToClient('A1'));
  const t = await page.evaluate(() => window.stonegrid.vertexToClient('T19'));
  const end = Date.now() + 6000;
  for (let i = 0; Date.now() < end; ++i) {
    const k = i % 19;
    await page.mouse.move(a.x + (t.x - a.x) * k / 18, a.y + (t.y - a.y) * ((i * 7) % 19) / 18);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  const result = await page.evaluate((start) => {
    const timing = window.stonegrid.frameTiming().frames.slice(-(window.stonegrid.frames - start));
    const drawn = timing.filter((f) => f.drawn);
    const q = (list, p) => list[Math.min(list.length - 1, Math.floor(p * list.length))];
    const frame = drawn.map((f) => f.frame).sort((x, y) => x - y);
    const interval = timing.map((f) => f.interval).sort((x, y) => x - y);
    return { frames: timing.length, drawn: drawn.length, vertices: drawn.length ? drawn[drawn.length - 1].vertices : 0,
      frameP50: q(frame, 0.5), frameP95: q(frame, 0.95), intervalP50: q(interval, 0.5), intervalP95: q(interval, 0.95) };
  }, start);
  const f = (x) => x.toFixed(1);
  if (extraFlags.length) console.log(`extra Chromium flags: ${extraFlags.join(' ')}`);
  console.log(`Go 19x19, ${played} moves played; ${result.drawn} of ${result.frames} frames drawn, ${result.vertices} vertices; ` +
    `drawn frame callback p50 ${f(result.frameP50)} p95 ${f(result.frameP95)} ms; interval p50 ${f(result.intervalP50)} p95 ${f(result.intervalP95)} ms`);
} finally {
  await close();
}
