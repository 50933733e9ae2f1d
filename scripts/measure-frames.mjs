#!/usr/bin/env node
// Page responsiveness while the bot thinks at full strength: headless Chromium plays a bot
// against a bot (level 10, the strongest) and records requestAnimationFrame timestamps and
// PerformanceObserver 'longtask' entries for a while. Prints frame interval p50/p95/max and
// the longest main-thread task, and how long the app's own frame callback (C++ frame + bot
// slice + GL command submission) runs, to tell the page's work from the browser's rendering.
// No assertion: the figures go to docs/benchmarks.md.
//   node scripts/measure-frames.mjs [seconds=15] [game=go] [size=9] [idle]
// With `idle`, both players are human: the same page with no bot, for comparison.
// Needs the web build (scripts/build web) and tests/browser's node_modules.
import { openPage } from '../tests/browser/harness.mjs';

const seconds = Number(process.argv[2] || 15);
const game = process.argv[3] || 'go';
const size = Number(process.argv[4] || 9);
const idle = process.argv[5] === 'idle';

const { page, close } = await openPage({ viewport: { width: 1000, height: 700 } });
try {
  const result = await page.evaluate(async ({ seconds, game, size, idle }) => {
    const tasks = [];
    const callbacks = [];
    const original = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => original((t) => {
      const start = performance.now();
      cb(t);
      if (!cb.measuring) callbacks.push(performance.now() - start);  // the app's, not ours
    });
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
    observer.observe({ type: 'longtask', buffered: false });
    window.stonegrid.newGame({ game, size, players: idle ? {} : { 1: 'bot', 2: 'bot' }, level: 10 });
    const stamps = [];
    let thinkingFrames = 0;
    await new Promise((resolve) => {
      const end = performance.now() + seconds * 1000;
      const frame = (t) => {
        stamps.push(t);
        if (window.stonegrid.botThinking()) ++thinkingFrames;
        if (t < end) requestAnimationFrame(frame); else resolve();
      };
      frame.measuring = true;
      frame(performance.now());
    });
    observer.disconnect();
    window.requestAnimationFrame = original;
    callbacks.sort((a, b) => a - b);
    const intervals = stamps.slice(2).map((t, i) => t - stamps[i + 1]).sort((a, b) => a - b);
    const pick = (q) => intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))];
    return {
      frames: intervals.length, thinkingFrames, moves: window.stonegrid.state().moves,
      p50: pick(0.5), p95: pick(0.95), max: intervals[intervals.length - 1],
      longTasks: tasks.length, longestTask: tasks.length ? Math.max(...tasks) : 0,
      callbackP50: callbacks[Math.floor(callbacks.length / 2)], callbackP95: callbacks[Math.floor(callbacks.length * 0.95)],
      callbackMax: callbacks[callbacks.length - 1],
    };
  }, { seconds, game, size, idle });
  const f = (x) => x.toFixed(1);
  console.log(JSON.stringify(result));
  console.log(`| ${game} ${size}x${size}, ${idle ? 'no bot (idle)' : 'bot vs bot level 10'}, ${seconds} s | ${result.frames} | ${f(result.p50)} | ${f(result.p95)} | ${f(result.max)} | ${result.longTasks} | ${f(result.longestTask)} | ${f(result.callbackP50)} / ${f(result.callbackP95)} / ${f(result.callbackMax)} | ${result.moves} |`);
} finally {
  await close();
}
