// Diagram mode (issue #14; docs/embedding.md "Diagrams"): an embedded board's frame takes the
// theme= colour (transparent: the host page shows through), SGF marks, labels and move numbers
// are drawn on the live board (checked by pixels against the same position without them), the
// caption and each SGF comment show under the board, the diagram toolbar has one control size
// at every frame width, a Looper diagram is readable at 320 px, and the position comes out as
// SVG (stonegrid.svg(), the menu's "Download image").
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostPage, openApp, waitReady, browserForFile } from './host.mjs';
import { settled, readPng, pixelAt, saveArtifact } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const flipSgf = fs.readFileSync(path.resolve(here, '../../docs/diagrams/loose-flip.sgf'), 'utf8');

let browser, server;
const errors = [];

browserForFile(errors, (opened) => ({ browser, server } = opened));

// A diagram in a page of its own, `width` × `height` CSS px.
async function diagram(query, width = 400, height = 460) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await openApp(context, `${server.url}?embed=1&readonly=1&${query}`, errors);
  return { context, page };
}

async function screenshot(page, name) {
  await settled(page);
  const buffer = await page.screenshot();
  if (name) saveArtifact(name, buffer);
  return readPng(buffer);
}

const vertex = (page, v) => page.evaluate((name) => window.stonegrid.vertexToClient(name), v);
const near = (a, b, tolerance = 6) => a.every((x, i) => Math.abs(x - b[i]) <= tolerance);

// Pixels within `radius` of (x, y) whose colour differs by more than 40 in some channel.
function changedPixels(a, b, { x, y }, radius) {
  let count = 0;
  for (let dy = -radius; dy <= radius; ++dy)
    for (let dx = -radius; dx <= radius; ++dx) {
      const p = pixelAt(a, x + dx, y + dy), q = pixelAt(b, x + dx, y + dy);
      if (p.some((v, i) => Math.abs(v - q[i]) > 40)) ++count;
    }
  return count;
}

test('SGF marks and labels are drawn on the live board', async () => {
  const { context, page } = await diagram('game=go&size=9');
  try {
    const plain = '(;GM[1]FF[4]SZ[9]SG[go];B[ee];W[gc])';
    const marked = '(;GM[1]FF[4]SZ[9]SG[go];B[ee];W[gc]TR[ee]LB[cc:a])';
    await page.evaluate((s) => window.stonegrid.loadSgf(s), plain);
    const before = await screenshot(page, 'diagram-plain.png');
    await page.evaluate((s) => window.stonegrid.loadSgf(s), marked);
    const after = await screenshot(page, 'diagram-marked.png');
    assert.equal(await page.evaluate(() => window.stonegrid.ui().marks), 1);
    const e5 = await vertex(page, 'E5'), c7 = await vertex(page, 'C7'), g7 = await vertex(page, 'G7');
    const r = Math.round((c7.x - (await vertex(page, 'B7')).x) * 0.3);
    assert.ok(changedPixels(before, after, e5, r) > 10, 'the triangle on the black stone E5 shows');
    assert.ok(changedPixels(before, after, c7, r) > 10, 'the label a on the empty point C7 shows');
    assert.equal(changedPixels(before, after, g7, r), 0, 'the unmarked stone G7 looks the same');
    // The triangle is white on the black stone: its top vertex's pixels are light.
    const top = pixelAt(after, e5.x, e5.y - Math.round(r * 0.9));
    assert.ok(top.every((v) => v > 150), `the triangle's top at E5 is ${top}`);
  } finally {
    await context.close();
  }
});

test('numbers=1 numbers the stones, numbers=0 does not', async () => {
  const moves = 'game=go&size=9&moves=E5.D4.C7';
  const on = await diagram(`${moves}&numbers=1`);
  const off = await diagram(`${moves}&numbers=0`);
  try {
    assert.equal(await on.page.evaluate(() => window.stonegrid.ui().numbers), true);
    const a = await screenshot(on.page, 'diagram-numbers-on.png');
    const b = await screenshot(off.page, 'diagram-numbers-off.png');
    const e5 = await vertex(on.page, 'E5'), g3 = await vertex(on.page, 'G3');
    const r = Math.round(((await vertex(on.page, 'F5')).x - e5.x) * 0.3);
    assert.ok(changedPixels(a, b, e5, r) > 10, 'the number 1 on the black stone E5');
    assert.equal(changedPixels(a, b, g3, r), 0, 'an empty point is the same');
  } finally {
    await on.context.close();
    await off.context.close();
  }
});

test('an embed with no theme is light, also in a dark browser and while it loads; theme=auto follows the reader', async () => {
  for (const [scheme, theme, frame] of [['dark', '', 'light'], ['light', '', 'light'], ['dark', '&theme=auto', 'dark'],
    ['light', '&theme=auto', 'light']]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 420 }, colorScheme: scheme });
    try {
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await page.goto(`${server.url}index.html?embed=1&game=go&size=9&moves=E5${theme}`, { waitUntil: 'domcontentloaded' });
      // Before the app has drawn anything: the page's own background is the frame's.
      const early = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(early, frame === 'light' ? 'rgb(246, 243, 238)' : 'rgb(34, 39, 46)', `${scheme}${theme}: while loading`);
      await waitReady(page);
      assert.equal((await page.evaluate(() => window.stonegrid.ui())).frame, frame, scheme + theme);
    } finally {
      await context.close();
    }
  }
});

test('theme=light and theme=transparent frames, checked by pixel on a coloured host page', async () => {
  const hostColor = [200, 30, 160];
  const host = await hostPage(`<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head>
<body style="margin:0;background:rgb(${hostColor.join(',')})">
<iframe id="light" src="${server.url}index.html?embed=1&readonly=1&theme=light&game=go&size=9&moves=E5"
  style="position:absolute;left:20px;top:20px;width:360px;height:420px;border:0"></iframe>
<iframe id="clear" src="${server.url}index.html?embed=1&readonly=1&theme=transparent&game=go&size=9&moves=E5"
  style="position:absolute;left:420px;top:20px;width:360px;height:420px;border:0"></iframe>
<iframe id="plain" src="${server.url}index.html?embed=1&readonly=1&game=go&size=9&moves=E5"
  style="position:absolute;left:820px;top:20px;width:360px;height:420px;border:0"></iframe>
</body></html>`);
  const context = await browser.newContext({ viewport: { width: 1200, height: 460 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`host pageerror: ${e.message}`));
    await page.goto(host.url);
    const frames = {};
    for (const id of ['light', 'clear', 'plain']) {
      frames[id] = await (await page.$(`#${id}`)).contentFrame();
      await waitReady(frames[id]);
    }
    assert.equal(await frames.clear.evaluate(() => window.stonegrid.ui().frame), 'transparent');
    for (const frame of Object.values(frames)) await settled(frame);
    const shot = await page.screenshot();
    saveArtifact('diagram-frames.png', shot);
    const png = readPng(shot);
    // Above the board (it is centred in a frame taller than wide) and right of the toolbar.
    const corner = (left) => pixelAt(png, left + 4, 24);
    const toolbarEnd = (left) => pixelAt(png, left + 352, 20 + 420 - 8);
    assert.ok(near(corner(20), [246, 243, 238]), `light frame: ${corner(20)}`);
    assert.ok(near(corner(420), hostColor), `transparent frame shows the host: ${corner(420)}`);
    assert.ok(near(toolbarEnd(420), hostColor), `and beside the toolbar: ${toolbarEnd(420)}`);
    // No theme: the reader's colour scheme, light here (a dark one: the next test).
    assert.ok(near(corner(820), [246, 243, 238]), `no theme: a light frame: ${corner(820)}`);
    // The board itself stays opaque wood in every frame.
    for (const [id, left] of [['light', 20], ['clear', 420], ['plain', 820]]) {
      const g3 = await frames[id].evaluate(() => window.stonegrid.vertexToClient('G3'));
      const wood = pixelAt(png, left + g3.x + 6, 20 + g3.y + 6);
      assert.ok(near(wood, [220, 179, 92], 12), `${id}: the board at G3 is wood: ${wood}`);
    }
  } finally {
    await context.close();
    await host.stop();
  }
});

test('caption= under the board, and each SGF comment as the caption of its move', async () => {
  const { context, page } = await diagram('game=go&size=9&theme=light&caption=' + encodeURIComponent('A diagram: Black to play'));
  try {
    const ui = () => page.evaluate(() => window.stonegrid.ui());
    assert.equal((await ui()).caption, 'A diagram: Black to play');
    const strip = await page.evaluate(() => window.stonegrid.controlRect('Caption'));
    assert.ok(strip && strip.height >= 16, 'a caption strip under the board');
    const a1 = await vertex(page, 'A1');
    assert.ok(strip.y > a1.y, 'below the board');
    // Text pixels: dark ink on the light frame.
    const png = await screenshot(page, 'diagram-caption.png');
    let ink = 0;
    for (let y = strip.y; y < strip.y + strip.height; ++y)
      for (let x = strip.x; x < strip.x + strip.width; ++x) if (pixelAt(png, x, y).every((v) => v < 120)) ++ink;
    assert.ok(ink > 40, `${ink} dark pixels of caption text`);
    // A record's comments replace it while stepping through; a node without one shows it again.
    await page.evaluate((s) => window.stonegrid.loadSgf(s), flipSgf);
    await settled(page);
    assert.match((await ui()).caption, /^White 12 takes B4/);
    const click = async (name) => {
      const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
      await settled(page);
    };
    await click('Previous move');
    assert.match((await ui()).caption, /^Black 11 is elsewhere/);
    await click('Previous move');
    assert.equal((await ui()).caption, 'A diagram: Black to play');
  } finally {
    await context.close();
  }
});

test('the diagram toolbar has one control size in every frame size', async () => {
  const small = await diagram('game=go&size=9&moves=E5.D4', 320, 380);
  const large = await diagram('game=go&size=9&moves=E5.D4', 800, 600);
  try {
    for (const name of ['First position', 'Previous move', 'Next move', 'Last position', 'Menu']) {
      const a = await small.page.evaluate((n) => window.stonegrid.controlRect(n), name);
      const b = await large.page.evaluate((n) => window.stonegrid.controlRect(n), name);
      assert.ok(a && b, `${name} drawn in both`);
      assert.equal(a.height, b.height, `${name}: ${a.height} px at 320, ${b.height} px at 800`);
      assert.ok(a.x + a.width <= 320, `${name} fits in 320 px`);
    }
  } finally {
    await small.context.close();
    await large.context.close();
  }
});

test('a Looper diagram is readable at 320 px wide: one line of wrap margin', async () => {
  const { context, page } = await diagram('game=looper&size=7&moves=A1%2BB1%2BB2.C2%2BC3%2BD3.take.D4', 320, 400);
  try {
    const a1 = await vertex(page, 'A1'), b1 = await vertex(page, 'B1');
    assert.ok(b1.x - a1.x >= 28, `${b1.x - a1.x} px between lines (3 lines of margin gave 22)`);
    await screenshot(page, 'diagram-looper-320.png');
  } finally {
    await context.close();
  }
});

test('stonegrid.svg() and "Download image": the position as an SVG file', async () => {
  const { context, page } = await diagram('game=loose&size=7&theme=light&caption=Flip');
  try {
    await page.evaluate((s) => window.stonegrid.loadSgf(s), flipSgf);
    await settled(page);
    const svg = await page.evaluate(() => window.stonegrid.svg());
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const stones = await page.evaluate(() => window.stonegrid.state().board.join('').replace(/[.\s]/g, '').length);
    assert.equal((svg.match(/class="stone /g) || []).length, stones, 'one circle per stone');
    assert.match(svg, /class="mark triangle"/);
    assert.match(svg, /class="page"[^>]*fill="#f6f3ee"/);
    assert.match(svg, /White 12 takes B4/, "the node's comment is the caption");
    const clear = await page.evaluate(() => window.stonegrid.svg({ theme: 'transparent', width: 200, caption: '' }));
    assert.doesNotMatch(clear, /class="page"/);
    assert.doesNotMatch(clear, /class="caption"/);
    assert.match(clear, /width="200"/);
    await assert.rejects(page.evaluate(() => window.stonegrid.svg({ theme: 'neon' })), /unknown theme/);
    // The menu's Download image offers the same picture as a file.
    const click = async (name) => {
      await settled(page);
      const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
      assert.ok(r, `no control "${name}"`);
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    };
    await click('Menu');
    const [download] = await Promise.all([page.waitForEvent('download'), click('Download image')]);
    assert.equal(download.suggestedFilename(), 'stonegrid.svg');
    const file = fs.readFileSync(await download.path(), 'utf8');
    assert.equal(file, svg);
  } finally {
    await context.close();
  }
});

test('sgf= loads a record with its markup; embed.js passes the diagram parameters on', async () => {
  const context = await browser.newContext({ viewport: { width: 400, height: 460 } });
  try {
    await context.route('**/flip.sgf', (route) => route.fulfill({ body: flipSgf, contentType: 'application/x-go-sgf' }));
    const page = await openApp(context, `${server.url}?embed=1&readonly=1&sgf=flip.sgf`, errors);
    await page.waitForFunction(() => window.stonegrid.state().moves === 12, null, { timeout: 10000 });
    await settled(page);
    assert.equal(await page.evaluate(() => window.stonegrid.state().game), 'loose');
    assert.equal(await page.evaluate(() => window.stonegrid.ui().marks), 1);
    // A file that is not a record is said once, by the app over the board (no notice as well);
    // one that cannot be fetched gets the page's notice naming it.
    await context.route('**/bad.sgf', (route) => route.fulfill({ body: '(;GM[1]SZ[9', contentType: 'application/x-go-sgf' }));
    const bad = await openApp(context, `${server.url}?embed=1&sgf=bad.sgf`, errors);
    await bad.waitForFunction(() => /^Cannot load the SGF file/.test(window.stonegrid.lastMessage()), null, { timeout: 10000 });
    await settled(bad);
    assert.equal(await bad.evaluate(() => document.querySelectorAll('#sg-notices .sg-notice').length), 0);
    await context.route('**/gone.sgf', (route) => route.fulfill({ status: 404, body: 'no' }));
    const goneErrors = [];  // the browser logs the 404 itself
    const gone = await openApp(context, `${server.url}?embed=1&sgf=gone.sgf`, goneErrors);
    await gone.waitForFunction(() => document.querySelectorAll('#sg-notices .sg-notice').length === 1, null, { timeout: 10000 });
    assert.match(await gone.evaluate(() => document.querySelector('#sg-notices .sg-notice').textContent),
      /The SGF file .*gone\.sgf.* could not be loaded: the server answered 404/);
    assert.ok(goneErrors.every((e) => /404/.test(e)), goneErrors.join('\n'));
  } finally {
    await context.close();
  }
  const host = await hostPage(`<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<div id="d" data-stonegrid="game=go&theme=Transparent&numbers=1&caption=Black to play&sgf=lesson.sgf" style="width:320px;height:380px"></div>
<script src="${server.url}embed.js"></script></body></html>`);
  const hostContext = await browser.newContext();
  try {
    const page = await hostContext.newPage();
    await page.goto(host.url);
    const src = await page.evaluate(() => document.querySelector('#d iframe').getAttribute('src'));
    const lesson = encodeURIComponent(new URL('lesson.sgf', host.url).href);
    assert.equal(src, `${server.url}index.html?embed=1&game=go&theme=transparent&numbers=1&caption=Black%20to%20play&sgf=${lesson}`);
  } finally {
    await hostContext.close();
    await host.stop();
  }
});
