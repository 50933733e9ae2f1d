// Problems in a page (mode=problem: an SGF task or a built-in puzzle the reader solves) and
// Sensei's Library diagrams by link (sl=). Real clicks on the canvas, inside an iframe made by
// embed.js on a host page of another origin: a wrong move is played with its refutation and the
// reason, Try again starts over, Show me plays the answer, a right move solves it, and the host
// hears `failed` and `solved` as DOM events. Then a built-in puzzle by name in the full page at a
// desktop and a phone size, and sl= with a good and a bad diagram.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { hostPage, openApp, waitReady, browserForFile } from './host.mjs';
import { clickControl, settled, until, saveArtifact } from './harness.mjs';

let browser, server, host;
const errors = [];

browserForFile(errors, (opened) => ({ browser, server } = opened));
after(async () => {
  if (host) await host.stop();
});

// White C3 has one liberty, C4. D4 lets it out: the author's refutation is White C4.
const problemSgf = '(;GM[1]FF[4]CA[UTF-8]SG[go]SZ[5]KM[0.5]ASK[Black to play: capture the white stone.]' +
  'GOAL[capture 1]SHOWME[C4]AB[bc][cd][dc]AW[cc](;B[cb]TE[1])(;B[db]BM[1]C[White connects at C4 and gets away.];W[cb]))';

const notices = (target) => target.evaluate(() => [...document.querySelectorAll('#sg-notices .sg-notice')].map((n) => n.textContent));

// Serves the problem at the board's origin, readable from it.
async function serveProblem(context) {
  await context.route(`${server.url}problem.sgf`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/x-go-sgf', body: problemSgf }));
}

test('mode=problem in an embed: a wrong click is refuted and explained, Try again, Show me, a right click solves; the host hears failed and solved', async () => {
  host = await hostPage(`<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head>
<body style="margin:0;background:#fff;font:16px sans-serif">
<p>A problem on a light page.</p>
<div id="p" data-stonegrid="mode=problem&sgf=${server.url}problem.sgf" style="width:390px;height:480px"></div>
<script>
  window.events = [];
  ['stonegrid:solved', 'stonegrid:failed', 'stonegrid:move'].forEach(function (name) {
    document.addEventListener(name, function (e) { window.events.push(e.detail.event + ':' + (e.detail.id || e.detail.move)); });
  });
</script>
<script src="${server.url}embed.js"></script>
</body></html>`);
  const context = await browser.newContext({ viewport: { width: 480, height: 600 } });
  try {
    await serveProblem(context);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`host pageerror: ${e.message}`));
    await page.goto(host.url);
    const iframe = await page.$('#p iframe');
    assert.equal(await iframe.getAttribute('src'), `${server.url}index.html?embed=1&mode=problem&sgf=${encodeURIComponent(`${server.url}problem.sgf`)}`);
    const frame = await iframe.contentFrame();
    frame.page().on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    await waitReady(frame);
    const task = () => frame.evaluate(() => window.stonegrid.task());
    await until(frame, () => window.stonegrid.task() && window.stonegrid.task().mode === 'problem', null, { message: 'the problem opens' });
    await settled(frame);
    const box = await iframe.boundingBox();
    const clickVertex = async (v) => {
      const p = await frame.evaluate((x) => window.stonegrid.vertexToClient(x), v);
      await page.mouse.click(box.x + p.x, box.y + p.y);
      await settled(frame);
    };
    const clickControl = async (name) => {
      await settled(frame);
      const r = await frame.evaluate((n) => window.stonegrid.controlRect(n), name);
      assert.ok(r, `no control "${name}" (${await frame.evaluate(() => window.stonegrid.controls())})`);
      await page.mouse.click(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
      await settled(frame);
    };
    const ui = await frame.evaluate(() => window.stonegrid.ui());
    assert.equal(ui.layout, 'embed');
    assert.equal(ui.frame, 'light', 'a light frame on a light page by default');
    assert.deepEqual(await frame.evaluate(() => window.stonegrid.layoutAudit()), []);
    assert.equal((await task()).feedback, '');
    const controls = await frame.evaluate(() => window.stonegrid.controls());
    assert.ok(controls.includes('Show me') && controls.includes('Try again'), controls.join(', '));
    assert.ok(!controls.includes('Pass'), 'no Pass where the answer is never a pass');

    // Wrong: D4 is played, White answers C4, the reason is said; the host hears `failed`.
    await clickVertex('D4');
    await until(frame, () => window.stonegrid.task().failed, null, { message: 'the problem fails' });
    await settled(frame);
    assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('D4')), 'black');
    assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('C4')), 'white');
    assert.equal((await task()).feedback, 'White connects at C4 and gets away.');
    await until(page, () => window.events.includes('failed:problem'), null, { message: 'the host hears failed' });
    assert.deepEqual(await frame.evaluate(() => window.stonegrid.layoutAudit()), []);
    saveArtifact('problem-embed-failed.png', await page.screenshot());
    // Another click plays nothing until Try again.
    await clickVertex('E5');
    assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('E5')), 'empty');

    // Try again: the start; Show me: the answer, with no `solved` for the host.
    await clickControl('Try again');
    assert.equal((await task()).failed, false);
    assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('D4')), 'empty');
    await clickControl('Show me');
    const shown = await task();
    assert.equal(shown.solved, true, 'the end is on the board');
    assert.equal(shown.shown, true, 'shown, not solved');
    assert.match(shown.feedback, /^Shown: .* Try again to solve it yourself\.$/);
    assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('C3')), 'empty', 'captured');
    saveArtifact('problem-embed-shown.png', await page.screenshot());

    // Try again, and the reader's own right answer: solved, and the host hears it.
    await clickControl('Try again');
    assert.equal(await frame.evaluate(() => window.stonegrid.stoneAt('C3')), 'white');
    await clickVertex('C4');
    await until(frame, () => window.stonegrid.task().solved, null, { message: 'the problem is solved' });
    await until(page, () => window.events.includes('solved:problem'), null, { message: 'the host hears solved' });
    const events = await page.evaluate(() => window.events);
    assert.equal(events.filter((e) => e.startsWith('solved')).length, 1, events.join(' '));
    assert.equal((await task()).feedback, 'Solved.');
    assert.equal((await task()).shown, false, 'Try again starts over: this one is the reader\'s');
    saveArtifact('problem-embed-solved.png', await page.screenshot());
    assert.deepEqual(await notices(frame), []);
  } finally {
    await context.close();
  }
});

test('mode=problem on a phone: an illegal tap is said once with no Cancel; after a failure a tap offers no move', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await serveProblem(context);
    const page = await openApp(context, `${server.url}?embed=1&mode=problem&sgf=${encodeURIComponent(`${server.url}problem.sgf`)}`, errors);
    await until(page, () => window.stonegrid.task() && window.stonegrid.task().mode === 'problem', null, { message: 'the problem opens' });
    const api = (fn, ...args) => page.evaluate(fn, ...args);
    const tap = async (x, y) => { await settled(page); await page.touchscreen.tap(x, y); await settled(page); };
    const tapVertex = async (v) => { const p = await api((x) => window.stonegrid.vertexToClient(x), v); await tap(p.x, p.y); };
    const tapControl = async (name) => {
      await settled(page);
      const r = await api((n) => window.stonegrid.controlRect(n), name);
      assert.ok(r, `no control "${name}" (${await api(() => window.stonegrid.controls())})`);
      await tap(r.x + r.width / 2, r.y + r.height / 2);
    };
    const controls = () => api(() => window.stonegrid.controls());
    assert.equal((await api(() => window.stonegrid.ui())).touch, true);

    // C3 holds a white stone: one sentence, the coach's, and nothing to confirm or cancel.
    await tapVertex('C3');
    assert.equal((await api(() => window.stonegrid.task())).feedback, 'That point is taken: play on an empty point.');
    assert.equal((await api(() => window.stonegrid.ui())).preview, null, 'no preview of a refused point');
    assert.ok(!(await controls()).some((c) => c.startsWith('Cancel') || c.startsWith('Confirm')), (await controls()).join(', '));
    assert.doesNotMatch(await api(() => window.stonegrid.lastMessage()), /Illegal|occupied/, 'nothing said over the board as well');
    assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
    saveArtifact('problem-phone-illegal.png', await page.screenshot());
    // A tap off the board (the frame's blank area at the bottom) takes the refusal away too.
    await tap(195, 834);
    assert.equal((await api(() => window.stonegrid.task())).feedback, '', 'a tap off the board clears the refusal');
    assert.equal((await api(() => window.stonegrid.ui())).preview, null);

    // A wrong answer, previewed and confirmed: refuted, failed.
    await tapVertex('D4');
    assert.equal((await api(() => window.stonegrid.ui())).preview, 'D4');
    await tapControl('Confirm');
    await until(page, () => window.stonegrid.task().failed, null, { message: 'the problem fails' });
    const failedWhy = (await api(() => window.stonegrid.task())).feedback;
    // Failed: a tap offers no move, and says what to do after the reason.
    await tapVertex('E5');
    assert.equal((await api(() => window.stonegrid.ui())).preview, null, 'no Confirm after a failure');
    assert.ok(!(await controls()).some((c) => c.startsWith('Confirm')), (await controls()).join(', '));
    assert.equal(await api(() => window.stonegrid.stoneAt('E5')), 'empty');
    const afterTap = (await api(() => window.stonegrid.task())).feedback;
    assert.match(afterTap, /Try again starts over/);
    assert.ok(afterTap.startsWith(failedWhy), `the reason stays: ${afterTap}`);
    saveArtifact('problem-phone-failed-tap.png', await page.screenshot());
    await tapControl('Try again');
    assert.equal((await api(() => window.stonegrid.task())).failed, false);
    await tapVertex('C4');
    assert.equal((await api(() => window.stonegrid.ui())).preview, 'C4', 'after Try again a tap previews again');
    await tapControl('Confirm');
    await until(page, () => window.stonegrid.task().solved, null, { message: 'solved' });
  } finally {
    await context.close();
  }
});

test('mode=problem&puzzle=<name> in the full page, at a desktop and a phone size; a bad name says so', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width, height } });
    try {
      const page = await openApp(context, `${server.url}?mode=problem&puzzle=go-puzzle-9`, errors);
      await until(page, () => window.stonegrid.task(), null, { message: 'the puzzle opens' });
      await settled(page);
      const task = await page.evaluate(() => window.stonegrid.task());
      assert.equal(task.mode, 'problem');
      assert.equal(task.id, 'go-puzzle-9');
      const controls = await page.evaluate(() => window.stonegrid.controls());
      assert.ok(controls.includes('Show me') && controls.includes('Try again'), controls.join(', '));
      assert.ok(!controls.includes('Next') && !controls.includes('Task 1'), 'one problem: no list');
      assert.deepEqual(await page.evaluate(() => window.stonegrid.layoutAudit()), []);
      saveArtifact(`problem-page-${width}x${height}.png`, await page.screenshot());
    } finally {
      await context.close();
    }
  }
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  try {
    const page = await openApp(context, `${server.url}?mode=problem&puzzle=go-puzzle-99`, errors);
    await until(page, () => document.querySelectorAll('#sg-notices .sg-notice').length > 0, null, { message: 'a notice' });
    assert.match((await notices(page))[0], /The problem could not be opened: no puzzle is called 'go-puzzle-99'/);
    assert.equal(await page.evaluate(() => window.stonegrid.task()), null);
    // A problem written as SGF variations, opened by script: the RIGHT line is the answer.
    const tree = '(;GM[1]FF[4]SG[go]SZ[5]C[Capture it.]AB[bc][cd][dc]AW[cc](;B[cb]C[RIGHT])(;B[db];W[cb]C[It escapes.]))';
    const opened = await page.evaluate((t) => window.stonegrid.openProblem({ sgf: t }), tree);
    assert.deepEqual([opened.mode, opened.showMe], ['problem', ['C4']]);
    await settled(page);
    const d4 = await page.evaluate(() => window.stonegrid.vertexToClient('D4'));
    await page.mouse.click(d4.x, d4.y);
    await until(page, () => window.stonegrid.task().failed, null, { message: 'the wrong line is refuted' });
    assert.equal((await page.evaluate(() => window.stonegrid.task())).feedback, 'It escapes.');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C4')), 'white');
  } finally {
    await context.close();
  }
});

const slKo = ['$$Bc7 Black 1 takes the ko', '$$ +---------------+', '$$ | . . . . . . . |', '$$ | . . X O . . . |',
  '$$ | . X O 1 O . . |', '$$ | . . X O . . . |', '$$ | . . , . C . . |', '$$ | . . . . . a . |',
  '$$ | . . . . . . . |', '$$ +---------------+'].join('\n');

test('sl=: a Sensei\'s Library diagram by link, kept in the link; bad text says where and loses nothing', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  try {
    const page = await openApp(context, `${server.url}?embed=1&readonly=1&sl=${encodeURIComponent(slKo)}`, errors);
    await settled(page);
    const state = await page.evaluate(() => window.stonegrid.state());
    assert.equal(state.size, 7);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D5')), 'black');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'white');
    assert.equal((await page.evaluate(() => window.stonegrid.ui())).caption, 'Black 1 takes the ko');
    assert.deepEqual(await notices(page), []);
    await until(page, () => location.hash.includes('sl='), null, { message: 'the link keeps the diagram' });
    const hash = await page.evaluate(() => location.hash);
    assert.ok(decodeURIComponent(hash).includes('$$ | . X O 1 O . . |'), hash);
    saveArtifact('sl-embed.png', await page.screenshot());

    assert.equal((await page.evaluate(() => window.stonegrid.ui())).zoom, 1, 'a whole board is not magnified');

    // A corner: the live board shows that part magnified, as its picture crops it, until a move.
    const corner = await openApp(context, `${server.url}?embed=1&sl=${encodeURIComponent(['$$B Black to live',
      '$$ ---------------', '$$ | . . . . . . .', '$$ | . X X O . . .', '$$ | X X O O . . .', '$$ | O O O . . . .'].join('\n'))}`, errors);
    await settled(corner);
    assert.equal((await corner.evaluate(() => window.stonegrid.state())).size, 19);
    const zoom = (await corner.evaluate(() => window.stonegrid.ui())).zoom;
    assert.ok(zoom > 1, `zoom ${zoom}`);
    const [a19, b19, g19, a1, m19] = await corner.evaluate(() => ['A19', 'B19', 'G19', 'A1', 'M19'].map((v) => window.stonegrid.vertexToClient(v)));
    const width = await corner.evaluate(() => window.innerWidth);
    assert.ok(g19.x <= width, 'the corner is in view');
    // The view is the corner (its 7 lines and one of room across), not the whole top side.
    assert.ok(m19 === null || m19.x > width, `M19 at ${JSON.stringify(m19)} is out of view`);
    // Column A's stones clear the band of row numbers a zoomed board has at its left (board_view.h).
    const spacing = b19.x - a19.x, band = Math.min(Math.max(spacing * 0.3, 11), 20) * 1.4 + 6;
    assert.ok(a19.x - spacing / 2 >= band, `A19 at ${a19.x}, spacing ${spacing}, band ${band}`);
    assert.ok(a1 === null || a1.y > (await corner.evaluate(() => window.innerHeight)), 'the far edge is not');
    saveArtifact('sl-corner-embed.png', await corner.screenshot());
    assert.equal(await corner.evaluate(() => window.stonegrid.play('F16')), true);
    await until(corner, () => window.stonegrid.ui().zoom === 1, null, { message: 'played on: the whole board' });

    // The lines run together (no line breaks in the address) read the same.
    const oneLine = await openApp(context, `${server.url}?sl=${encodeURIComponent(slKo.replace(/\n/g, ''))}`, errors);
    await settled(oneLine);
    assert.equal(await oneLine.evaluate(() => window.stonegrid.stoneAt('D5')), 'black');

    // Bad text: the place and the reason; the other parameters' game; the text stays in the address.
    const bad = await openApp(context, `${server.url}?game=go&size=9&sl=${encodeURIComponent('$$B5\n$$ | . Q . |')}`, errors);
    await until(bad, () => document.querySelectorAll('#sg-notices .sg-notice').length > 0, null, { message: 'a notice' });
    assert.match((await notices(bad))[0], /sl: line 2, column 8: 'Q' is not a diagram point/);
    assert.equal((await bad.evaluate(() => window.stonegrid.state())).size, 9);
    saveArtifact('sl-bad.png', await bad.screenshot());
    await until(bad, () => location.hash.includes('sl='), null, { message: 'the bad diagram stays in the link' });
  } finally {
    await context.close();
  }
  assert.deepEqual(errors, []);
});

// The page carries the lessons only; a game's puzzles are fetched when first opened. A failed
// fetch says so and changes nothing; the next try fetches again and opens them.
test('puzzles fetched on demand: a failed fetch says why and stays home, the next try opens them', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    let fail = true;
    await context.route('**/puzzles/go.sgf', (route) => (fail ? route.abort() : route.continue()));
    const seen = [];
    const page = await openApp(context, server.url, seen);
    await settled(page);
    await clickControl(page, 'Puzzles Go');
    await until(page, () => document.querySelectorAll('#sg-notices .sg-notice').length > 0, null, { message: 'a notice' });
    assert.match((await notices(page))[0], /The puzzles could not be loaded: no connection/);
    assert.equal(await page.evaluate(() => window.stonegrid.screen()), 'home');
    fail = false;
    await clickControl(page, 'Puzzles Go');
    await until(page, () => window.stonegrid.screen() === 'puzzle', null, { message: 'the puzzles open' });
    const task = await page.evaluate(() => window.stonegrid.task());
    assert.deepEqual([task.mode, task.game, task.index], ['puzzle', 'go', 0]);
    // The only error allowed is the browser's report of the request that failed.
    assert.deepEqual(seen.filter((e) => !/ERR_FAILED|Failed to (load|fetch)/.test(e)), []);
  } finally {
    await context.close();
  }
});
