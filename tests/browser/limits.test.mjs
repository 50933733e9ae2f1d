// Input limits (shell.html's `limits`, assets/page.js's restore): text reaches C++ through a heap
// copy with a cap per entry point, so a huge string is refused with a clear error, in the API's
// result and in a notice on the page, and the page keeps working: a normal move after it is
// played and drawn. An autosave that cannot be restored is removed, and a fresh game starts with
// a notice; the next load is clean.
import test from 'node:test';
import assert from 'node:assert/strict';
import { openApp, browserForFile } from './host.mjs';
import { settled, readPng, pixelAt } from './harness.mjs';

let browser, server;
const errors = [];

browserForFile(errors, (opened) => ({ browser, server } = opened));

const notices = (page) => page.evaluate(() => [...document.querySelectorAll('#sg-notices .sg-notice')].map((n) => n.textContent));

// After a refused input: a new game, a move, and that move drawn on the canvas.
async function stillWorks(page, vertex = 'E5') {
  assert.ok(await page.evaluate(() => { window.stonegrid.newGame({ game: 'go', size: 9 }); return true; }));
  assert.equal(await page.evaluate((v) => window.stonegrid.play(v), vertex), true, 'a normal move after the refusal');
  assert.equal(await page.evaluate((v) => window.stonegrid.stoneAt(v), vertex), 'black');
  await settled(page);
  const { x, y } = await page.evaluate((v) => window.stonegrid.vertexToClient(v), vertex);
  const [r, g, b] = pixelAt(readPng(await page.screenshot()), x, y);
  assert.ok(r < 80 && g < 80 && b < 80, `no black stone drawn at ${vertex} (saw ${r},${g},${b})`);
}

test('huge strings through the API are refused with a reason, and the page keeps working', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    const page = await openApp(context, server.url, errors);
    // loadSgf of 1.4 M characters: an Error naming the size and the cap.
    const sgfError = await page.evaluate(() => {
      try { window.stonegrid.loadSgf('(;FF[4]GM[1]SZ[9]C[' + 'x'.repeat(1400000) + '])'); return null; } catch (e) { return e.message; }
    });
    assert.match(sgfError, /^sgf: The SGF text is 14000\d\d bytes long; at most 1048576 are accepted/);
    assert.ok((await notices(page)).some((t) => t.includes('at most 1048576')), (await notices(page)).join(' | '));
    await stillWorks(page);

    // play of 1.4 M characters: false, and lastMessage() says why.
    assert.equal(await page.evaluate(() => window.stonegrid.play('D'.repeat(1400000))), false);
    assert.match(await page.evaluate(() => window.stonegrid.lastMessage()), /move text is 1400000 bytes long; at most 256/);
    assert.equal((await page.evaluate(() => window.stonegrid.state())).moves, 1, 'the refused move changed nothing');
    // Multi-byte text is measured in UTF-8 bytes: 100 × 'é' is 200 bytes (passes to C++, which
    // explains it is no move), 200 × 'é' is 400 (refused here).
    assert.equal(await page.evaluate(() => window.stonegrid.play('é'.repeat(100))), false);
    assert.match(await page.evaluate(() => window.stonegrid.lastMessage()), /bad vertex/);
    assert.equal(await page.evaluate(() => window.stonegrid.play('é'.repeat(200))), false);
    assert.match(await page.evaluate(() => window.stonegrid.lastMessage()), /400 bytes long/);
    // The refusal is the last message until the next move replaces it.
    assert.ok(await page.evaluate(() => window.stonegrid.play('D4')));
    assert.equal(await page.evaluate(() => window.stonegrid.lastMessage()), '');
    await stillWorks(page, 'C3');

    // The other text entry points: a game name, a view setting, a control name.
    const thrown = await page.evaluate(() => {
      const big = 'q'.repeat(1400000);
      const out = [];
      for (const f of [() => window.stonegrid.newGame({ game: big }), () => window.stonegrid.setView({ theme: big }),
        () => window.stonegrid.setView({ [big]: true }), () => window.stonegrid.controlRect(big)]) {
        try { f(); out.push(null); } catch (e) { out.push(e.message); }
      }
      return out;
    });
    for (const message of thrown) assert.match(String(message), /is 1400000 bytes long; at most 256/);
    await stillWorks(page, 'G7');

    // A long but allowed record (a 1,000,000-byte comment, under 1 MiB) is read.
    const loaded = await page.evaluate(() => {
      const text = '(;FF[4]GM[1]SZ[9]KM[6.5]C[' + 'x'.repeat(1000000) + '];B[ee];W[dd])';
      return window.stonegrid.loadSgf(text).moves;
    });
    assert.equal(loaded, 2);
    await stillWorks(page);
    assert.deepEqual(await page.evaluate(() => window.stonegrid.limits),
      { sgf: 1048576, move: 256, name: 256, caption: 2000, link: 16384 });
    // A game link (and a text for a QR code) over its cap never reaches C++, and the game stays.
    const before = await page.evaluate(() => window.stonegrid.state());
    const opened = await page.evaluate(() => window.stonegrid.openLink('#friend=' + 'A'.repeat(1400000)));
    assert.deepEqual(opened, { changed: false,
      message: 'This link cannot be opened: The link is 1400000 bytes long; at most 16384 are accepted' });
    assert.match(await page.evaluate(() => window.stonegrid.linkInfo('A'.repeat(20000)).error), /at most 16384/);
    await assert.rejects(page.evaluate(() => window.stonegrid.qr('x'.repeat(20000))), /at most 16384/);
    assert.equal(await page.evaluate(() => window.stonegrid.qr('x'.repeat(3000))), null, 'too long for a QR code');
    assert.deepEqual(await page.evaluate(() => window.stonegrid.state()), before);
    // A caption over its cap never reaches C++; one under it does.
    await assert.rejects(page.evaluate(() => window.stonegrid.setView({ caption: 'x'.repeat(2001) })), /at most 2000/);
    await page.evaluate(() => window.stonegrid.setView({ caption: 'x'.repeat(300) }));
    assert.equal(await page.evaluate(() => window.stonegrid.ui().caption.length), 300);
    await stillWorks(page);
  } finally {
    await context.close();
  }
});

test('"Open SGF" with a 1.5 MB file is refused with a notice; the page keeps working', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    const page = await openApp(context, server.url, errors);
    assert.ok(await page.evaluate(() => window.stonegrid.play('E5')));
    const buffer = Buffer.from('(;FF[4]GM[1]SZ[9]C[' + 'y'.repeat(1500000) + '])');
    await page.setInputFiles('#sgf-file', { name: 'huge.sgf', mimeType: 'application/x-go-sgf', buffer });
    await page.waitForFunction(() => [...document.querySelectorAll('#sg-notices .sg-notice')]
      .some((n) => /huge\.sgf is 1500021 bytes long/.test(n.textContent)), null, { timeout: 5000 });
    assert.match(await page.evaluate(() => window.stonegrid.lastMessage()), /at most 1048576 bytes/);
    assert.equal((await page.evaluate(() => window.stonegrid.state())).moves, 1, 'the game is unchanged');
    assert.equal(await page.evaluate(() => document.getElementById('sgf-file').value), '', 'the input is cleared');
    await stillWorks(page);
  } finally {
    await context.close();
  }
});

test('an autosave that cannot be restored is removed; a fresh game starts with a notice', async () => {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    let page = await openApp(context, server.url, errors);
    await page.evaluate(() => localStorage.setItem('stonegrid.current', JSON.stringify({
      settings: { game: 'go', size: 9, bot: 'none', level: 3 }, moves: ['D'.repeat(1400000)] })));
    // A new page at the plain address (a reload would keep the hash, which wins over the autosave).
    await page.close();
    page = await openApp(context, server.url, errors);
    let texts = await notices(page);
    assert.ok(texts.some((t) => /saved game could not be restored.*new game/i.test(t)), texts.join(' | '));
    assert.ok(!texts.some((t) => /could not apply its settings|memory access/.test(t)), texts.join(' | '));
    let s = await page.evaluate(() => window.stonegrid.state());
    assert.deepEqual([s.game, s.size, s.moves], ['go', 9, 0]);
    const saved = await page.evaluate(() => localStorage.getItem('stonegrid.current'));
    assert.ok(saved === null || saved.length < 10000, 'the bad entry is gone');
    await stillWorks(page);

    // The next load is clean: the game just played comes back, no notice.
    await page.close();
    page = await openApp(context, server.url, errors);
    assert.deepEqual(await notices(page), []);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'black');

    // A saved move over the move cap (300 bytes) makes the entry unreadable too: removed.
    await page.evaluate(() => localStorage.setItem('stonegrid.current', JSON.stringify({
      settings: { game: 'loose', size: 9, komi: 0, bot: 'none', level: 3 }, moves: ['E5', 'x'.repeat(300), 'D4'] })));
    await page.close();
    page = await openApp(context, server.url, errors);
    texts = await notices(page);
    assert.ok(texts.some((t) => /saved game could not be restored/i.test(t)), texts.join(' | '));
    s = await page.evaluate(() => window.stonegrid.state());
    assert.equal(s.moves, 0);
    await stillWorks(page);
  } finally {
    await context.close();
  }
});
