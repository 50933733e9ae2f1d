// Shared set-up for the browser tests: serve build/web, start Debian's Chromium headless through
// playwright-core, open the page and wait for its first frame. Also a small PNG reader, so a test
// can look at a screenshot's pixels without any image library.
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';
import { chromiumFlags } from '../../scripts/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const webRoot = process.env.STONEGRID_WEB || path.resolve(here, '../../build/web');
export const artifacts = path.resolve(here, 'artifacts');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

// The Chromium flags every test and measurement launches with (scripts/chromium.mjs).
export { chromiumFlags };

// Opens the page; returns {browser, page, url, errors, close}. `errors` collects page errors and
// console errors, so a test can assert there were none. `flags` replaces `chromiumFlags` (the
// measuring scripts try others).
export async function openPage({ query = '', viewport = { width: 1000, height: 760 }, deviceScaleFactor = 1,
  flags = chromiumFlags, initScript = null, ...context } = {}) {
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error(`${webRoot}/index.html missing: build the web version first`);
  const server = await serve(webRoot, 0);
  const url = `http://127.0.0.1:${server.address().port}/${query}`;
  let browser = null;
  const close = async () => {
    if (browser) await browser.close();
    server.close();
  };
  try {
    // Playwright gives each launch a new, empty profile folder of its own.
    browser = await chromium.launch({
      executablePath,
      timeout: 60000,
      args: flags,
    });
    const page = await browser.newPage({ viewport, deviceScaleFactor, ...context });
    const errors = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    if (initScript) await page.addInitScript(initScript);  // runs before the page's own scripts
    await page.goto(url);
    await page.evaluate(() => Promise.race([window.stonegrid.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no first frame within 30 s')), 30000))]));
    // The page layer starts after the first frame and may change the game and the view.
    await page.waitForFunction(() => window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
    await settled(page);
    return { browser, page, url, errors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// One page for a whole test file: opened (with `openPage`'s options) before the file's first
// test and handed to `opened(session)` (awaited); after the last test, the page must have logged no
// error, and it is closed.
export function pageForFile(options, opened) {
  let session;
  before(async () => {
    session = await openPage(options);
    await opened(session);
  });
  after(async () => {
    if (session) {
      assert.deepEqual(session.errors, []);
      await session.close();
    }
  });
}

// Clicks a named control (stonegrid.controlRect) once every change so far is on screen (a dialog
// or popup has sized itself), and waits for the click's effect to be drawn. Clicks near the left
// end of a wide control (a radio button's circle).
export async function clickControl(page, name) {
  await settled(page);
  const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
  if (!r) throw new Error(`no control "${name}" on screen (${(await page.evaluate(() => window.stonegrid.controls())).join(', ')})`);
  await page.mouse.click(r.x + Math.min(r.width / 2, 12), r.y + r.height / 2);
  await settled(page);
}

// Taps a named control's middle (a touch page), as clickControl clicks.
export async function tapControl(page, name) {
  await settled(page);
  const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
  if (!r) throw new Error(`no control "${name}" on screen (${(await page.evaluate(() => window.stonegrid.controls())).join(', ')})`);
  await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
  await settled(page);
}

// Taps where a point is drawn once every change so far is on screen, and waits for the tap's
// effect to be drawn.
export async function tapVertex(page, vertex) {
  await settled(page);
  const { x, y } = await page.evaluate((v) => window.stonegrid.vertexToClient(v), vertex);
  await page.touchscreen.tap(x, y);
  await settled(page);
}

// Waits until the app has drawn `count` more frames (for measuring frames; to wait for the
// effect of a change, use `settled`).
export async function frames(page, count = 2) {
  await page.evaluate((n) => new Promise((resolve) => {
    const start = window.stonegrid.frames;
    (function poll() { if (window.stonegrid.frames >= start + n) resolve(); else requestAnimationFrame(poll); })();
  }), count);
}

// Waits until the app has shown every change made so far and its picture has then stayed the
// same for a few frames (stonegrid.settled() in shell.html): the layout is fitted to the game,
// no animation runs, and positions read now (vertexToClient, controlRect) are where things are
// drawn. `target` is a page or a frame.
export async function settled(target, options = {}) {
  // A loaded machine may draw a frame a second: the ceiling is wide, the wait is for frames.
  await target.evaluate((o) => window.stonegrid.settled(o), { timeout: 30000, ...options });
}

// Resizes the viewport and waits until the canvas has the new size and the app has drawn it.
export async function resize(page, width, height) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(([w, h]) => {
    const r = document.getElementById('canvas').getBoundingClientRect();
    return r.width === w && r.height === h;
  }, [width, height], { timeout: 5000 });
  await settled(page);
}

// Evaluates `fn(arg)` in `target` (a page or frame) until it gives a truthy value, which it
// returns; fails after `timeout` ms with `message`. Unlike Playwright's waitForFunction this
// awaits a predicate that returns a Promise (waitForFunction takes the Promise itself for a
// truthy answer at once).
export async function until(target, fn, arg, { timeout = 10000, interval = 50, message = 'condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await target.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > end) throw new Error(`${message}: not true after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

// Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are) into {width, height, channels, pixels}.
export function readPng(buffer) {
  if (buffer.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8, width = 0, height = 0, colourType = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0); height = body.readUInt32BE(4);
      if (body[8] !== 8) throw new Error('only 8-bit PNGs');
      colourType = body[9];
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (!channels) throw new Error(`unsupported PNG colour type ${colourType}`);
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; ++x) {
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels] : 0;
      let value = line[x];
      if (filter === 1) value += left;
      else if (filter === 2) value += up;
      else if (filter === 3) value += (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft, pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
        value += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = value & 255;
    }
  }
  return { width, height, channels, pixels };
}

// The colour at (x, y) of a decoded PNG as [r, g, b].
export function pixelAt(png, x, y) {
  const i = (Math.round(y) * png.width + Math.round(x)) * png.channels;
  return [png.pixels[i], png.pixels[i + 1], png.pixels[i + 2]];
}

// How many distinct colours (quantised to 4 bits a channel) a picture has: a blank frame has 1.
export function colourCount(png) {
  const seen = new Set();
  for (let i = 0; i < png.pixels.length; i += png.channels * 7)
    seen.add(((png.pixels[i] >> 4) << 8) | ((png.pixels[i + 1] >> 4) << 4) | (png.pixels[i + 2] >> 4));
  return seen.size;
}

export function saveArtifact(name, buffer) {
  fs.mkdirSync(artifacts, { recursive: true });
  fs.writeFileSync(path.join(artifacts, name), buffer);
}
