#!/usr/bin/env node
// Page responsiveness while the bot thinks at full strength: headless Chromium plays a bot
// against a bot (level 10, the strongest) and records requestAnimationFrame timestamps and
// PerformanceObserver 'longtask' entries for a while. Prints frame interval p50/p95/max and
// the longest main-thread task, and how long the app's own frame callback (C++ frame + bot
// slice + GL command submission) runs, to tell the page's work from the browser's rendering.
// The app's own timing (window.stonegrid.frameTiming()) splits the callback into the bot's
// slice and the rest, and says how many frames were drawn (a frame the same as the last one is
// not drawn again). No assertion: the figures go to docs/benchmarks.md.
//   node scripts/measure-frames.mjs [seconds=15] [game=go] [size=9] [idle] [--flag ...]
// With `idle`, both players are human: the same page with no bot, for comparison. `--flag`s are
// added to the harness's Chromium flags.
// Needs the web build (scripts/build web) and tests/browser's node_modules.
import { openPage, chromiumFlags } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const extraFlags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const seconds = Number(args[0] || 15);
const game = args[1] || 'go';
const size = Number(args[2] || 9);
const idle = args[3] === 'idle';

const { page, close } = await openPage({ viewport: { width: 1000, height: 700 }, flags: [...chromiumFlags, ...extraFlags] });
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
    // (A build from before frameTiming() existed gives no app figures.)
    const timing = window.stonegrid.frameTiming ? window.stonegrid.frameTiming().frames.slice(-Math.max(1, callbacks.length)) : [];
    const sorted = (key) => timing.map((t) => t[key]).sort((a, b) => a - b);
    const bot = sorted('bot').filter((x) => x > 0);
    const own = timing.map((t) => t.frame - t.bot).sort((a, b) => a - b);
    const q = (list, p) => list.length ? list[Math.min(list.length - 1, Math.floor(p * list.length))] : 0;
    callbacks.sort((a, b) => a - b);
    const intervals = stamps.slice(2).map((t, i) => t - stamps[i + 1]).sort((a, b) => a - b);
    const pick = (q) => intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))];
    return {
      frames: intervals.length, thinkingFrames, moves: window.stonegrid.state().moves,
      p50: pick(0.5), p95: pick(0.95), max: intervals[intervals.length - 1],
      longTasks: tasks.length, longestTask: tasks.length ? Math.max(...tasks) : 0,
      callbackP50: callbacks[Math.floor(callbacks.length / 2)], callbackP95: callbacks[Math.floor(callbacks.length * 0.95)],
      callbackMax: callbacks[callbacks.length - 1],
      botP50: q(bot, 0.5), botP95: q(bot, 0.95), botMax: q(bot, 1), ownP50: q(own, 0.5), ownP95: q(own, 0.95),
      ownMax: q(own, 1), drawn: timing.filter((t) => t.drawn).length, timed: timing.length,
    };
  }, { seconds, game, size, idle });
  const f = (x) => x.toFixed(1);
  console.log(JSON.stringify(result));
  if (extraFlags.length) console.log(`extra Chromium flags: ${extraFlags.join(' ')}`);
  if (result.timed) console.log(`app: bot slice p50/p95/max ${f(result.botP50)} / ${f(result.botP95)} / ${f(result.botMax)} ms; ` +
    `the rest of the frame (UI, drawing) ${f(result.ownP50)} / ${f(result.ownP95)} / ${f(result.ownMax)} ms; ` +
    `drawn ${result.drawn} of ${result.timed} frames`);
  console.log(`| ${game} ${size}x${size}, ${idle ? 'no bot (idle)' : 'bot vs bot level 10'}, ${seconds} s | ${result.frames} | ${f(result.p50)} | ${f(result.p95)} | ${f(result.max)} | ${result.longTasks} | ${f(result.longestTask)} | ${f(result.callbackP50)} / ${f(result.callbackP95)} / ${f(result.callbackMax)} | ${result.moves} |`);
} finally {
  await close();
}
