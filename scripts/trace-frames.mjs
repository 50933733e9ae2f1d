#!/usr/bin/env node
// Where a frame's time goes: records a Chrome trace (CDP Tracing, browser-wide: renderer, GPU
// process, compositor) while the page runs, with requestAnimationFrame intervals and 'longtask'
// entries as scripts/measure-frames.mjs takes them, and sums the trace per thread: busy time of
// its top-level tasks, the longest of them, and the events inside them that take the time.
//   node scripts/trace-frames.mjs MODE [seconds=8] [--flag ...] [--keep-trace FILE]
// MODE: bot (bot vs bot, level 10, Go 9x9), idle (the page, no bot), clear (a bare page that
// only clears a WebGL2 canvas of the same size each frame: the browser's own cost).
// Extra `--flag`s are added to the harness's Chromium flags (tests/browser/harness.mjs);
// `--no-default-gpu-flags` drops --disable-gpu and --enable-unsafe-swiftshader from them;
// `--verbose` lists the busiest events of each thread.
// Needs the web build (scripts/build web) and tests/browser's node_modules.
import fs from 'node:fs';
import { openPage, chromiumFlags } from '../tests/browser/harness.mjs';

const argv = process.argv.slice(2);
const mode = argv[0] || 'bot';
const seconds = Number(argv[1] && !argv[1].startsWith('--') ? argv[1] : 8);
let keep = null;
let verbose = false;
let flags = [...chromiumFlags];
const extra = [];
for (let i = 1; i < argv.length; ++i) {
  if (argv[i] === '--keep-trace') keep = argv[++i];
  else if (argv[i] === '--no-default-gpu-flags') flags = flags.filter((f) => f !== '--disable-gpu' && f !== '--enable-unsafe-swiftshader');
  else if (argv[i] === '--verbose') verbose = true;
  else if (argv[i].startsWith('--')) extra.push(argv[i]);
}
flags = [...flags, ...extra];
const viewport = { width: 1000, height: 700 };

const { browser, page, close } = await openPage({ viewport, flags });
try {
  if (mode === 'clear') {
    await page.setContent(`<canvas id=c style="position:fixed;left:0;top:0;width:100vw;height:100vh"></canvas>
<script>
const c = document.getElementById('c'); c.width = innerWidth; c.height = innerHeight;
const gl = c.getContext('webgl2');
window.clearFrames = 0;
(function f() { gl.clearColor(0.15, 0.17, 0.2, 1); gl.clear(gl.COLOR_BUFFER_BIT); ++window.clearFrames; requestAnimationFrame(f); })();
</script>`);
  }
  const gpu = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
    return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'no webgl2';
  });
  const cdp = await browser.newBrowserCDPSession();
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'gpu', 'v8',
        'toplevel', 'cc', 'viz', 'benchmark', 'gpu.angle', 'gpu.service', 'disabled-by-default-gpu.service', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing'],
    },
  });
  const result = await page.evaluate(async ({ seconds, mode }) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        tasks.push({ duration: e.duration, attribution: e.attribution.map((a) => `${a.containerType}:${a.name}`).join(',') });
    });
    observer.observe({ type: 'longtask', buffered: false });
    if (mode === 'bot') window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'bot', 2: 'bot' }, level: 10 });
    if (mode === 'idle') window.stonegrid.newGame({ game: 'go', size: 9, players: {} });
    const stamps = [];
    await new Promise((resolve) => {
      const end = performance.now() + seconds * 1000;
      const frame = (t) => { stamps.push(t); if (t < end) requestAnimationFrame(frame); else resolve(); };
      frame(performance.now());
    });
    observer.disconnect();
    const intervals = stamps.slice(2).map((t, i) => t - stamps[i + 1]).sort((a, b) => a - b);
    const pick = (q) => intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))];
    return { frames: intervals.length, p50: pick(0.5), p95: pick(0.95), max: intervals[intervals.length - 1],
      longTasks: tasks.length, longest: tasks.sort((a, b) => b.duration - a.duration).slice(0, 3) };
  }, { seconds, mode });
  await cdp.send('Tracing.end');
  await complete;
  if (keep) fs.writeFileSync(keep, JSON.stringify({ traceEvents: events }));

  // --- the trace, per thread ---
  const names = new Map();  // "pid:tid" -> thread name
  const processes = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.ph === 'M' && e.name === 'process_name') processes.set(e.pid, e.args.name);
  }
  const complete_ = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const start = complete_.reduce((a, e) => Math.min(a, e.ts), Infinity);
  const end = complete_.reduce((a, e) => Math.max(a, e.ts + e.dur), -Infinity);
  const span = (end - start) / 1000;
  const threads = new Map();
  const toplevel = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'ThreadPool_RunTask']);
  for (const e of complete_) {
    const key = `${e.pid}:${e.tid}`;
    if (!threads.has(key)) threads.set(key, { tasks: [], inner: new Map() });
    const t = threads.get(key);
    if (toplevel.has(e.name)) t.tasks.push(e);
  }
  // Only the outermost tasks count (RunTask nests in ThreadControllerImpl::RunTask).
  for (const t of threads.values()) {
    t.tasks.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let until = -Infinity;
    t.tasks = t.tasks.filter((e) => { if (e.ts < until) return false; until = e.ts + e.dur; return true; });
  }
  // Events inside tasks: total duration by name (nested names overlap; a guide, not a sum).
  for (const e of complete_) {
    if (toplevel.has(e.name)) continue;
    const t = threads.get(`${e.pid}:${e.tid}`);
    t.inner.set(e.name, (t.inner.get(e.name) || { ms: 0, count: 0, max: 0 }));
    const s = t.inner.get(e.name);
    s.ms += e.dur / 1000; s.count += 1; s.max = Math.max(s.max, e.dur / 1000);
  }
  const f = (x) => x.toFixed(1);
  console.log(`mode ${mode}, ${seconds} s, flags: ${flags.join(' ')}`);
  console.log(`renderer: ${gpu}`);
  console.log(`rAF: ${result.frames} frames, interval p50 ${f(result.p50)} p95 ${f(result.p95)} max ${f(result.max)} ms; ` +
    `${result.longTasks} long tasks, longest ${result.longest.map((t) => `${f(t.duration)} (${t.attribution})`).join(', ')}`);
  // Per frame: the page's rAF callbacks, the renderer's wait for the canvas read-back (software
  // compositing copies the WebGL frame to a bitmap), and inside it the GPU process waiting
  // for SwiftShader to execute the frame's commands (ContextVk::finishImpl).
  const stats = (name) => {
    const d = complete_.filter((e) => e.name === name).map((e) => e.dur / 1000).sort((a, b) => a - b);
    const total = d.reduce((a, x) => a + x, 0);
    return d.length ? `${d.length}× mean ${f(total / d.length)} p50 ${f(d[Math.floor(d.length / 2)])} p95 ${f(d[Math.floor(d.length * 0.95)])} max ${f(d[d.length - 1])} ms` : 'none';
  };
  console.log(`main-frame tasks (ProxyMain::BeginMainFrame): ${stats('ProxyMain::BeginMainFrame')}`);
  console.log(`  rAF callbacks (FrameRequestCallbackCollection::ExecuteFrameCallbacks): ${stats('FrameRequestCallbackCollection::ExecuteFrameCallbacks')}`);
  console.log(`  canvas read-back wait (GLES2::ReadPixels): ${stats('GLES2::ReadPixels')}`);
  // State queries that wait on the GPU process (ImGui's backend backed GL state up with them).
  console.log(`  blocking GL queries (GLES2Implementation::GetIntegerv): ${stats('GLES2Implementation::GetIntegerv')}`);
  console.log(`  GPU process: SwiftShader executing the frame (ContextVk::finishImpl): ${stats('ContextVk::finishImpl')}`);
  console.log(`  GPU process: WebGL command decoding (CommandBufferService:PutChanged): ${stats('CommandBufferService:PutChanged')}`);
  console.log(`  GC: ${stats('V8.GC_SCAVENGER')} / major ${stats('MajorGC')} / minor ${stats('MinorGC')}`);
  // The renderer's tasks over 50 ms, and what is inside them.
  const mainThread = [...names.entries()].filter(([key, name]) => name === 'CrRendererMain'
    && complete_.some((e) => `${e.pid}:${e.tid}` === key && e.name === 'ProxyMain::BeginMainFrame')).map(([key]) => key);
  for (const key of mainThread) {
    const own = complete_.filter((e) => `${e.pid}:${e.tid}` === key).sort((a, b) => a.ts - b.ts);
    for (const task of threads.get(key).tasks.filter((e) => e.dur > 50000)) {
      const inside = own.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
      const sum = (name) => inside.filter((e) => e.name === name).reduce((a, e) => a + e.dur / 1000, 0);
      console.log(`  long task ${f(task.dur / 1000)} ms: rAF callbacks ${f(sum('FrameRequestCallbackCollection::ExecuteFrameCallbacks'))}, ` +
        `read-back ${f(sum('GLES2::ReadPixels'))}, GL queries in the callback ${f(sum('GLES2Implementation::GetIntegerv'))}, ` +
        `GC ${f(sum('V8.GC_SCAVENGER') + sum('MajorGC'))}, style+layout ${f(sum('LocalFrameView::UpdateStyleAndLayout'))}, ` +
        `other tasks: ${[...new Set(inside.filter((e) => e.dur > 5000 && e.name.startsWith('V8.') === false).map((e) => e.name))].slice(0, 6).join(', ')}`);
    }
  }
  const rows = [...threads.entries()].map(([key, t]) => {
    const busy = t.tasks.reduce((a, e) => a + e.dur, 0) / 1000;
    const longest = t.tasks.reduce((a, e) => Math.max(a, e.dur), 0) / 1000;
    const over50 = t.tasks.filter((e) => e.dur > 50000).length;
    return { key, name: `${processes.get(Number(key.split(':')[0])) || '?'}/${names.get(key) || key}`, busy, longest, over50, t };
  }).filter((r) => r.busy > 0.02 * span).sort((a, b) => b.busy - a.busy);
  for (const r of rows) console.log(`${r.name}: busy ${f(100 * r.busy / span)} %, longest task ${f(r.longest)} ms, ${r.over50} tasks > 50 ms`);
  for (const r of verbose ? rows : []) {
    console.log(`\n${r.name}: busy ${f(r.busy)} ms of ${f(span)} (${f(100 * r.busy / span)} %), longest task ${f(r.longest)} ms, ${r.over50} tasks > 50 ms`);
    const top = [...r.t.inner.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
    for (const [name, s] of top) console.log(`   ${f(s.ms).padStart(8)} ms  ${String(s.count).padStart(6)}×  max ${f(s.max).padStart(6)}  ${name}`);
  }
} finally {
  await close();
}
