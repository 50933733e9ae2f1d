// The MediaWiki extension (integrations/mediawiki/Stonegrid) in a real MediaWiki: Debian's
// `mediawiki` package, a wiki installed into a temporary folder by `scripts/mediawiki setup`
// (SQLite), pages saved with `scripts/mediawiki edit`, served by `php -S` on a free port with the
// web build at /stonegrid/ on the same host. Chromium loads the pages: each picture is there with
// the right stones (read from the SVG the <img> shows), "Play from here" loads nothing before the
// click and then a live board that plays a move, bad tags give MediaWiki's error box and the rest
// of the page still renders, and injection attempts do nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, waitReady } from './host.mjs';
import { webRoot } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'scripts/mediawiki');
const binary = path.join(root, 'build/native/stonegrid');

const sgfSquareSquared = '(;GM[1]FF[4]CA[UTF-8]SG[squaresquared]SZ[7]KM[0];B[dd];W[cc];B[ee]TR[dd]SQ[cc]LB[ff:a])';
const slKo = `$$Bc7 Black 1 takes the ko
$$ +---------------+
$$ | . . . . . . . |
$$ | . . X O . . . |
$$ | . X O 1 O . . |
$$ | . . X O . . . |
$$ | . . , . C . . |
$$ | . . . . . a . |
$$ | . . . . . . . |
$$ +---------------+`;

// A corner: the picture is that part of the board.
const slCorner = `$$B Black to live
$$ ---------------
$$ | . . . . . . .
$$ | . X X O . . .
$$ | X X O O . . .
$$ | O O O . . . .`;
// A problem: White C3 has one liberty, C4; D4 lets it out (White C4 refutes it).
const problemSgf = '(;GM[1]FF[4]CA[UTF-8]SG[go]SZ[5]KM[0.5]ASK[Black to play: capture the white stone.]' +
  'GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc](;B[cb]TE[1])(;B[db]BM[1]C[White connects at C4 and gets away.];W[cb]))';

// Title => [wikitext, [[black, white] per picture in order]].
const pages = {
  'Square Squared': [
    `A Square Squared position.\n\n<stonegrid caption="Black's edge chain: 3 − 2 = 1">${sgfSquareSquared}</stonegrid>\n\nAfter it.`,
    [[2, 1]],
  ],
  Looper: [
    '<stonegrid game="looper" size="7" numbers="1" caption="Black\'s turn 9 closes a loop across both seams">A1+B1+B2 C2+C3+D3 D4+E4+E5 F5+F6+G6 take D6 G7 C5 A7</stonegrid>',
    [[14, 2]],
  ],
  'Sensei diagram': [`<stonegrid>\n${slKo}\n</stonegrid>`, [[4, 3]]],
  'Sensei corner': [`<stonegrid>\n${slCorner}\n</stonegrid>`, [[4, 6]]],
  Problem: [
    [
      `<stonegrid mode="problem">${problemSgf}</stonegrid>`,
      '<stonegrid mode="problem" puzzle="go-puzzle-9"/>',
      '<stonegrid mode="problem">(;GM[1]FF[4]SG[go]SZ[5]C[Capture it.]AB[bc][cd][dc]AW[cc](;B[cb]C[RIGHT])(;B[db];W[cb]C[It escapes.]))</stonegrid>',
      '<stonegrid mode="problem">E5 D4</stonegrid>',
      '<stonegrid mode="problem">(;GM[1]SG[go]SZ[5]GOAL[capture 1]SHOWME[A1]AB[bc][cd][dc]AW[cc])</stonegrid>',
      'After the problems.',
    ].join('\n\n'),
    [[3, 1], [6, 6], [3, 1]],
  ],
  Loose: ['<stonegrid game="loose" size="7" moves="D4.C3.E5" coords="1"/>\n\n<stonegrid game="go" size="9">E5 D4 C3</stonegrid>', [[2, 1], [2, 1]]],
  'Bad tags': [
    [
      'Before.',
      '<stonegrid>(;GM[1]SZ[9];B[ee</stonegrid>',
      '<stonegrid game="chess">D4</stonegrid>',
      '<stonegrid game="go" size="9">E5 E5</stonegrid>',
      `<stonegrid game="go">${'D4 '.repeat(30000)}</stonegrid>`,
      '<stonegrid game="go" size="9">E5</stonegrid>',
      'After.',
    ].join('\n\n'),
    [[1, 0]],
  ],
  Injection: [
    [
      '<stonegrid caption="<script>window.pwned=1</script>">D4</stonegrid>',
      '<stonegrid game="go" size="9" onload="window.pwned=2" onerror="window.pwned=2">E5</stonegrid>',
      '<stonegrid moves="javascript:window.pwned=3"/>',
      '<stonegrid game="go" size="9" caption="&quot; onerror=&quot;window.pwned=4">C3</stonegrid>',
      '<stonegrid game="go" size="9" theme="javascript:window.pwned=5">C3</stonegrid>',
      'End.',
    ].join('\n\n'),
    null,
  ],
};

let wiki, server, browser, base;
const errors = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

before(async () => {
  if (!fs.existsSync('/usr/share/mediawiki/maintenance/install.php') || !fs.existsSync('/usr/bin/php'))
    throw new Error('MediaWiki is not installed (Debian packages mediawiki, php-sqlite3, php-cli): run scripts/setup or, as root, scripts/mediawiki setup');
  if (!fs.existsSync(binary)) throw new Error(`${binary} missing: build the native version first`);
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error(`${webRoot}/index.html missing: build the web version first`);
  wiki = fs.mkdtempSync(path.join(os.tmpdir(), 'stonegrid-wiki-'));
  execFileSync(script, ['setup', wiki], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (const [title, [text]] of Object.entries(pages))
    execFileSync(script, ['edit', title, wiki], { input: text, stdio: ['pipe', 'ignore', 'inherit'] });
  const port = await freePort();
  server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', wiki], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; ++i) {
    try {
      if ((await fetch(`${base}/index.php?title=Main_Page`)).ok) break;
    } catch { /* not yet listening */ }
    if (i > 300) throw new Error('php -S did not answer within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (wiki) fs.rmSync(wiki, { recursive: true, force: true });
});

async function openArticle(title) {
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(`${title}: pageerror: ${e.message}`));
  page.on('dialog', (d) => { errors.push(`${title}: a dialog opened: ${d.message()}`); d.dismiss(); });
  await page.goto(`${base}/index.php?title=${encodeURIComponent(title.replaceAll(' ', '_'))}`);
  return page;
}

// The stones of each picture in the article: [black, white] read from the SVG its <img> shows.
async function stonesOf(page) {
  const sources = await page.$$eval('#mw-content-text img.stonegrid-diagram', (images) =>
    images.map((img) => ({ src: img.src, loaded: img.complete && img.naturalWidth > 0 })));
  const out = [];
  for (const { src, loaded } of sources) {
    assert.ok(loaded, `${src} did not load`);
    const svg = await (await fetch(src)).text();
    out.push([(svg.match(/class="stone black"/g) || []).length, (svg.match(/class="stone white"/g) || []).length]);
  }
  return out;
}

test('each game\'s tag shows its picture with the right stones, without script', async () => {
  for (const [title, [, stones]] of Object.entries(pages)) {
    if (!stones) continue;
    const page = await openArticle(title);
    assert.deepEqual(await stonesOf(page), stones, title);
    await page.close();
  }
  // Without script the pictures are there too (an <img>, nothing to run).
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}/index.php?title=Square_Squared`);
  assert.deepEqual(await stonesOf(page), [[2, 1]]);
  const svg = await (await fetch(await page.$eval('img.stonegrid-diagram', (i) => i.src))).text();
  assert.match(svg, /class="mark triangle"/);
  assert.match(svg, /class="mark square"/);
  assert.match(svg, /<tspan[^>]*>Black&apos;s edge chain: 3 − 2 = 1<\/tspan>/);
  assert.equal(await page.$$eval('#mw-content-text iframe', (f) => f.length), 0);
  await context.close();
});

test('"Play from here" loads the live board only when clicked, and it plays', async () => {
  const page = await openArticle('Sensei diagram');
  await page.waitForFunction(() => window.mw && mw.loader.getState('ext.stonegrid') === 'ready', null, { timeout: 20000 });
  assert.equal(await page.$$eval('iframe', (f) => f.length), 0, 'no frame before the click');
  await page.click('.stonegrid-play');
  const handle = await page.waitForSelector('.stonegrid iframe', { timeout: 10000 });
  assert.equal(await page.$$eval('.stonegrid iframe', (f) => f.length), 1);
  const button = () => page.$eval('.stonegrid-play', (b) => [b.textContent, b.getAttribute('aria-expanded')]);
  assert.deepEqual(await button(), ['Close the board', 'true']);
  let frame = await handle.contentFrame();
  await waitReady(frame);
  // The SGF the tag's diagram made: the set-up stones and Black's move 1 (the ko capture).
  await frame.waitForFunction(() => window.stonegrid.state().moves === 1, null, { timeout: 10000 });
  const state = await frame.evaluate(() => window.stonegrid.state());
  assert.equal(state.game, 'go');
  assert.equal(state.size, 7);
  assert.ok(await frame.evaluate(() => window.stonegrid.play('F2')), 'the live board plays a move');
  assert.equal(await frame.evaluate(() => window.stonegrid.state().moves), 2);
  // The second click closes the board; the next opens a fresh one at the diagram's position.
  await page.click('.stonegrid-play');
  assert.equal(await page.$$eval('.stonegrid iframe', (f) => f.length), 0, 'the second click closes the board');
  assert.deepEqual(await button(), ['Play from here', 'false']);
  await page.click('.stonegrid-play');
  frame = await (await page.waitForSelector('.stonegrid iframe', { timeout: 10000 })).contentFrame();
  assert.equal(await page.$$eval('.stonegrid iframe', (f) => f.length), 1);
  await waitReady(frame);
  await frame.waitForFunction(() => window.stonegrid.state().moves === 1, null, { timeout: 10000 });
  assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('F2')), 'empty', 'a fresh board: the move played before is gone');
  await page.close();
});

test('the pictures\' alt text describes the position: game, size or part, stones, marks, caption', async () => {
  const altOf = async (title) => {
    const page = await openArticle(title);
    const alts = await page.$$eval('#mw-content-text img.stonegrid-diagram', (i) => i.map((x) => x.alt));
    await page.close();
    return alts;
  };
  assert.deepEqual(await altOf('Sensei diagram'), ['Black 1 takes the ko — Go 7×7, after 1 move: 4 black stones and 3 white stones; ' +
    'marked: a circle on E3, the letter a on F2']);
  assert.deepEqual(await altOf('Sensei corner'), ['Black to live — Go 19×19, the upper left corner (A16 to G19): 4 black stones and 6 white stones']);
  assert.deepEqual(await altOf('Loose'), ['Loose 7×7, after 3 moves: 2 black stones and 1 white stone', 'Go 9×9, after 3 moves: 2 black stones and 1 white stone']);
  assert.deepEqual(await altOf('Square Squared'), ["Black's edge chain: 3 − 2 = 1 — Square Squared 7×7, after 3 moves: 2 black stones and 1 white stone; " +
    'marked: a triangle on D4, a square on C5, the letter a on F2']);
  // A problem's and a built-in puzzle's: the task, then the position.
  assert.deepEqual(await altOf('Problem'), [
    'Black to play: capture the white stone. — Go 5×5: 3 black stones and 1 white stone',
    'Black to play: find the only move after which White cannot capture any of your stones. — Go 5×5: 6 black stones and 6 white stones',
    'Capture it. — Go 5×5: 3 black stones and 1 white stone',
  ]);
});

// What a picture draws, besides the board: its marks and letters, move numbers and caption.
function drawn(svg) {
  const numbers = svg.match(/<g class="numbers".*?<\/g>/s);
  return {
    marks: [...svg.matchAll(/class="mark ([a-z]+)"/g)].map((m) => m[1]).sort(),
    labels: [...svg.matchAll(/<text class="label"[^>]*>([^<]*)</g)].map((m) => m[1]).sort(),
    numbers: numbers ? [...numbers[0].matchAll(/>(\d+)</g)].map((m) => m[1]).sort() : [],
    caption: [...svg.matchAll(/<text class="caption".*?<\/text>/gs)].map((c) =>
      [...c[0].matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' ')).join(' '),
    stones: [(svg.match(/class="stone black"/g) || []).length, (svg.match(/class="stone white"/g) || []).length],
  };
}

test('"Play from here" opens a board that shows what the picture shows: marks, letters, numbers, caption (every game); the frame\'s title says what it shows', async () => {
  for (const title of ['Square Squared', 'Looper', 'Sensei diagram', 'Sensei corner']) {
    const page = await openArticle(title);
    await page.waitForFunction(() => window.mw && mw.loader.getState('ext.stonegrid') === 'ready', null, { timeout: 20000 });
    const [src, alt] = await page.$eval('img.stonegrid-diagram', (i) => [i.src, i.alt]);
    const picture = drawn(await (await fetch(src)).text());
    assert.ok(picture.marks.length + picture.labels.length + picture.numbers.length > 0 || title === 'Sensei corner', title);
    assert.notEqual(picture.caption, '', `${title}: the picture has a caption`);
    // The frame is named by what the picture shows from the start (read in the click's own task,
    // before any message from the board can arrive)...
    assert.equal(await page.evaluate(() => {
      document.querySelector('.stonegrid-play').click();
      return document.querySelector('.stonegrid iframe').title;
    }), `Live board: ${alt}`, title);
    const handle = await page.waitForSelector('.stonegrid iframe', { timeout: 10000 });
    const frame = await handle.contentFrame();
    await waitReady(frame);
    // ... then by the board's own title, once it has loaded the position, with that description.
    const board = alt.match(/[A-Z][a-z]+(?: [A-Z][a-z]+)* \d+×\d+/)[0];  // the game and its size, e.g. "Square Squared 9×9"
    await page.waitForFunction((t) => document.querySelector('.stonegrid iframe').title === t,
      `Stonegrid board: ${board} — ${alt}`, { timeout: 10000 });
    const moves = { 'Square Squared': 3, Looper: 9, 'Sensei diagram': 1, 'Sensei corner': 0 }[title];
    await frame.waitForFunction((n) => window.stonegrid.state().moves === n && window.stonegrid.ui().caption !== '', moves, { timeout: 10000 });
    const live = drawn(await frame.evaluate(() => window.stonegrid.svg({})));
    assert.deepEqual(live, picture, `${title}: the live board draws what the picture draws`);
    const text = (xml) => xml.replace(/&(apos|quot|lt|gt|amp);/g, (_, e) => ({ apos: "'", quot: '"', lt: '<', gt: '>', amp: '&' })[e]);
    assert.equal((await frame.evaluate(() => window.stonegrid.ui())).caption, text(picture.caption), title);
    // The same board alone at a phone's frame size (a mobile skin's full width) and the desktop
    // frame's: its layout audit is clean; the corner shows the corner.
    const address = new URL(await handle.getAttribute('src'), base).href;
    await page.close();
    for (const [width, height] of [[358, 420], [480, 420]]) {
      const alone = await browser.newPage({ viewport: { width, height } });
      alone.on('pageerror', (e) => errors.push(`${title} alone: pageerror: ${e.message}`));
      await alone.goto(address);
      await waitReady(alone);
      await alone.waitForFunction((n) => window.stonegrid.state().moves === n && window.stonegrid.ui().caption !== '', moves, { timeout: 10000 });
      await alone.evaluate(() => window.stonegrid.settled());
      assert.deepEqual(await alone.evaluate(() => window.stonegrid.layoutAudit()), [], `${title} at ${width}×${height}`);
      if (title === 'Sensei corner') await cornerInView(alone, `${width}×${height}`);
      fs.mkdirSync(path.join(root, 'tests/browser/artifacts'), { recursive: true });
      await alone.screenshot({ path: path.join(root, `tests/browser/artifacts/mediawiki-live-${title.replaceAll(' ', '-').toLowerCase()}-${width}x${height}.png`) });
      await alone.close();
    }
  }
});

// The live board of the corner (A16 to G19) shows that part, as the picture does: all of it in
// view and clear of the label bands a zoomed board has at its left and top, and not the rest of
// the top side (M19 is out of view).
async function cornerInView(frame, where) {
  const [a19, b19, a18, g19, a16, m19] = await frame.evaluate(() =>
    ['A19', 'B19', 'A18', 'G19', 'A16', 'M19'].map((v) => window.stonegrid.vertexToClient(v)));
  const [width, height] = await frame.evaluate(() => [window.innerWidth, window.innerHeight]);
  const spacing = b19.x - a19.x, font = Math.min(Math.max(spacing * 0.3, 11), 20);
  const facts = `${where}: spacing ${spacing}, A19 ${JSON.stringify(a19)}, G19 ${JSON.stringify(g19)}, A16 ${JSON.stringify(a16)}`;
  assert.ok(Math.abs(a18.y - a19.y - spacing) < 0.5, facts);
  assert.ok(a19.x - spacing / 2 >= font * 1.4 + 6 - 0.5, `column A clears the row numbers' band (${facts})`);
  assert.ok(a19.y - spacing / 2 >= font + 6 - 0.5, `row 19 clears the letters' band (${facts})`);
  assert.ok(g19.x + spacing / 2 <= width && a16.y + spacing / 2 <= height, `the whole corner is in view (${facts})`);
  assert.ok(m19 === null || m19.x - spacing / 2 > width, `the view is the corner, not the whole side (${facts}, M19 ${JSON.stringify(m19)})`);
}

test('a partial Sensei\'s Library diagram draws only its corner, and its live board opens magnified on it', async () => {
  const page = await openArticle('Sensei corner');
  const svg = await (await fetch(await page.$eval('img.stonegrid-diagram', (i) => i.src))).text();
  assert.match(svg, /clip-path="url\(#part\)"/);
  const [width, height] = svg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/).slice(1).map(Number);
  assert.ok(height < 1.5 * width, `a corner, not a 19×19 board with a caption (${width}×${height})`);
  await page.waitForFunction(() => window.mw && mw.loader.getState('ext.stonegrid') === 'ready', null, { timeout: 20000 });
  await page.click('.stonegrid-play');
  const handle = await page.waitForSelector('.stonegrid iframe', { timeout: 10000 });
  const frame = await handle.contentFrame();
  await waitReady(frame);
  await frame.waitForFunction(() => window.stonegrid.state().size === 19 && window.stonegrid.stoneAt('B18') === 'black', null, { timeout: 10000 });
  await frame.waitForFunction(() => window.stonegrid.ui().zoom > 1, null, { timeout: 10000 });
  await frame.evaluate(() => window.stonegrid.settled());
  await cornerInView(frame, 'the article\'s frame');
  await handle.scrollIntoViewIfNeeded();
  fs.mkdirSync(path.join(root, 'tests/browser/artifacts'), { recursive: true });
  await page.screenshot({ path: path.join(root, 'tests/browser/artifacts/mediawiki-corner.png') });
  await page.close();
});

test('mode="problem": the picture of the problem, Solve opens it live; a wrong move is refuted, a right one solves it, the page hears both', async () => {
  const page = await openArticle('Problem');
  await page.waitForFunction(() => window.mw && mw.loader.getState('ext.stonegrid') === 'ready', null, { timeout: 20000 });
  const boxes = await page.$$eval('#mw-content-text .error.stonegrid-error', (e) => e.map((x) => x.textContent));
  assert.equal(boxes.length, 2, boxes.join('\n'));
  assert.match(boxes[0], /mode="problem" needs an SGF problem/);
  assert.match(boxes[1], /problem: step 1: show me A1 is refused/);
  assert.ok((await page.$eval('#mw-content-text', (e) => e.textContent)).includes('After the problems.'));
  const svg = await (await fetch(await page.$eval('img.stonegrid-diagram', (i) => i.src))).text();
  const caption = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]).join(' ');
  assert.equal(caption, 'Black to play: capture the white stone.', 'the task is the caption');
  const buttons = await page.$$eval('.stonegrid-play', (b) => b.map((x) => ({ text: x.textContent, frame: x.getAttribute('data-stonegrid-frame') })));
  assert.deepEqual(buttons.map((b) => b.text), ['Solve', 'Solve', 'Solve']);
  assert.match(buttons[0].frame, /^\/stonegrid\/index\.html\?mode=problem&sgf=.*\.sgf&embed=1$/);
  assert.equal(buttons[1].frame, '/stonegrid/index.html?mode=problem&puzzle=go-puzzle-9&embed=1');
  await page.evaluate(() => {
    window.heard = [];
    window.titles = [];
    window.addEventListener('message', (e) => {
      if (!e.data || e.data.type !== 'stonegrid') return;
      window.heard.push(e.data.event);
      if (e.data.event === 'title') window.titles.push(e.data.title);
    });
  });
  await page.click('.stonegrid-play');
  const handle = await page.waitForSelector('.stonegrid iframe', { timeout: 10000 });
  const frame = await handle.contentFrame();
  await waitReady(frame);
  await frame.waitForFunction(() => window.stonegrid.task() && window.stonegrid.task().mode === 'problem', null, { timeout: 10000 });
  // The frame is titled by the problem's own size (5×5), never by the 9×9 board it starts from.
  await page.waitForFunction(() => /^Stonegrid board: Go 5×5 — /.test(document.querySelector('.stonegrid iframe').title), null, { timeout: 10000 });
  assert.deepEqual(await page.evaluate(() => window.titles), ['Stonegrid board: Go 5×5']);
  await handle.scrollIntoViewIfNeeded();
  await frame.evaluate(() => window.stonegrid.settled());
  const box = await handle.boundingBox();
  const clickVertex = async (v) => {
    const p = await frame.evaluate((x) => window.stonegrid.vertexToClient(x), v);
    await page.mouse.click(box.x + p.x, box.y + p.y);
    await frame.evaluate(() => window.stonegrid.settled());
  };
  await clickVertex('D4');
  await frame.waitForFunction(() => window.stonegrid.task().failed, null, { timeout: 10000 });
  assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('C4')), 'white', 'the refutation is played');
  assert.equal((await frame.evaluate(() => window.stonegrid.task())).feedback, 'White connects at C4 and gets away.');
  const again = await frame.evaluate(() => window.stonegrid.controlRect('Try again'));
  await page.mouse.click(box.x + again.x + again.width / 2, box.y + again.y + again.height / 2);
  await frame.waitForFunction(() => !window.stonegrid.task().failed, null, { timeout: 10000 });
  await frame.evaluate(() => window.stonegrid.settled());
  await clickVertex('C4');
  await frame.waitForFunction(() => window.stonegrid.task().solved, null, { timeout: 10000 });
  await page.waitForFunction(() => window.heard.includes('failed') && window.heard.includes('solved'), null, { timeout: 10000 });
  // The problem written as variations: its Solve opens it live, answer and wrong line intact.
  const tree = (await page.$$('.stonegrid'))[2];
  await (await tree.$('.stonegrid-play')).click();
  const treeFrame = await (await tree.waitForSelector('iframe', { timeout: 10000 })).contentFrame();
  await waitReady(treeFrame);
  await treeFrame.waitForFunction(() => {
    const t = window.stonegrid.task();
    return t && t.mode === 'problem' && t.showMe.join() === 'C4' && t.wrong.join() === 'D4';
  }, null, { timeout: 10000 });
  fs.mkdirSync(path.join(root, 'tests/browser/artifacts'), { recursive: true });
  await page.screenshot({ path: path.join(root, 'tests/browser/artifacts/mediawiki-problem.png') });
  await page.close();
});

test('the live problem in the article at a phone and a desktop size: the frame fits and its layout audit is clean', async () => {
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    const page = await openArticle('Problem');
    await page.setViewportSize({ width, height });
    await page.waitForFunction(() => window.mw && mw.loader.getState('ext.stonegrid') === 'ready', null, { timeout: 20000 });
    await page.click('.stonegrid-play');
    const handle = await page.waitForSelector('.stonegrid iframe', { timeout: 10000 });
    const frame = await handle.contentFrame();
    await waitReady(frame);
    await frame.waitForFunction(() => window.stonegrid.task() && window.stonegrid.task().mode === 'problem', null, { timeout: 10000 });
    await handle.scrollIntoViewIfNeeded();
    await frame.evaluate(() => window.stonegrid.settled());
    const box = await handle.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width, `the frame ${JSON.stringify(box)} fits the page's width ${width}`);
    assert.deepEqual(await frame.evaluate(() => window.stonegrid.layoutAudit()), []);
    const controls = await frame.evaluate(() => window.stonegrid.controls());
    assert.ok(controls.includes('Show me') && controls.includes('Try again'), controls.join(', '));
    fs.mkdirSync(path.join(root, 'tests/browser/artifacts'), { recursive: true });
    await page.screenshot({ path: path.join(root, `tests/browser/artifacts/mediawiki-problem-${width}x${height}.png`) });
    await page.close();
  }
});

test('on a phone with a responsive skin (Timeless) the picture and the live board take the content\'s width', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`Timeless: pageerror: ${e.message}`));
  await page.goto(`${base}/index.php?title=Sensei_diagram&useskin=timeless`);
  await page.waitForFunction(() => window.mw && mw.loader.getState('ext.stonegrid') === 'ready', null, { timeout: 20000 });
  const content = await page.$eval('#mw-content-text', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, width: r.width }; });
  assert.ok(content.width <= 390 && content.width >= 300, `the skin lays the content out for the phone (${content.width} px)`);
  await page.click('.stonegrid-play');
  const handle = await page.waitForSelector('.stonegrid iframe', { timeout: 10000 });
  const frame = await handle.contentFrame();
  await waitReady(frame);
  await handle.scrollIntoViewIfNeeded();
  await frame.evaluate(() => window.stonegrid.settled());
  const box = await handle.boundingBox();
  const picture = await (await page.$('img.stonegrid-diagram')).boundingBox();
  assert.ok(box.width >= content.width - 2 && box.x + box.width <= 390, `the frame ${JSON.stringify(box)} is the content's width ${content.width}`);
  assert.ok(picture.x + picture.width <= 390, `the picture ${JSON.stringify(picture)} fits`);
  assert.deepEqual(await frame.evaluate(() => window.stonegrid.layoutAudit()), []);
  fs.mkdirSync(path.join(root, 'tests/browser/artifacts'), { recursive: true });
  await page.screenshot({ path: path.join(root, 'tests/browser/artifacts/mediawiki-timeless-390x844.png') });
  await context.close();
});

test('bad content gives an error box naming the problem; the rest of the page renders', async () => {
  const page = await openArticle('Bad tags');
  const boxes = await page.$$eval('#mw-content-text .error.stonegrid-error', (e) => e.map((x) => x.textContent));
  assert.equal(boxes.length, 4, boxes.join('\n'));
  assert.match(boxes[0], /^Stonegrid: sgf: line 1, column \d+: /);
  assert.match(boxes[1], /unknown game 'chess'/);
  assert.match(boxes[2], /move 2 'E5' is not legal/);
  assert.match(boxes[3], /more than the 65536 allowed/);
  assert.deepEqual(await stonesOf(page), [[1, 0]]);
  const text = await page.$eval('#mw-content-text', (e) => e.textContent);
  assert.ok(text.includes('Before.') && text.includes('After.'));
  await page.close();
});

test('injection attempts do nothing', async () => {
  const page = await openArticle('Injection');
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  const found = await page.$eval('#mw-content-text', (content) => ({
    scripts: content.querySelectorAll('script').length,
    handlers: [...content.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
    javascript: [...content.querySelectorAll('[href],[src],[data-stonegrid-frame]')].filter((e) =>
      /^\s*javascript:/i.test(e.getAttribute('href') || e.getAttribute('src') || e.getAttribute('data-stonegrid-frame') || '')).length,
    alts: [...content.querySelectorAll('img.stonegrid-diagram')].map((i) => i.getAttribute('alt')),
    errors: content.querySelectorAll('.error.stonegrid-error').length,
    text: content.textContent,
  }));
  assert.equal(found.scripts, 0);
  assert.deepEqual(found.handlers, []);
  assert.equal(found.javascript, 0);
  assert.ok(found.text.includes('End.'));
  // The quote-breaking caption stays text: the alt holds it literally.
  assert.ok(found.alts.includes('" onerror="window.pwned=4 — Go 9×9, after 1 move: 1 black stone and 0 white stones'), JSON.stringify(found.alts));
  assert.ok(found.errors >= 2, 'the javascript: moves and theme are refused');
  // Clicking every button opens frames of the configured board only.
  for (const button of await page.$$('.stonegrid-play')) await button.click();
  const sources = await page.$$eval('.stonegrid iframe', (f) => f.map((x) => x.src));
  for (const src of sources) assert.ok(src.startsWith(`${base}/stonegrid/index.html?`), src);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.close();
  assert.deepEqual(errors, []);
});
