// Share links and autosave (assets/page.js): a link with game parameters reproduces the game;
// the location hash follows every move and reopens the exact game; bad parameters fall back to
// their defaults with a visible notice; an illegal move stops the replay there; a reload
// restores the game from localStorage, also while the bot is thinking; a move made in a frame
// (a click) is in the hash at once and saved right after the frame; a new game started inside
// the app (its panel's dialog) puts the app's players in the hash and the autosave.
import test from 'node:test';
import assert from 'node:assert/strict';
import { openApp, browserForFile } from './host.mjs';
import { settled, until } from './harness.mjs';

let browser, server, context;
const errors = [];

browserForFile(errors, async (opened) => {
  ({ browser, server } = opened);
  context = await browser.newContext({ viewport: { width: 900, height: 640 }, permissions: ['clipboard-read', 'clipboard-write'] });
});

const state = (page) => page.evaluate(() => window.stonegrid.state());
const notices = (page) => page.evaluate(() => [...document.querySelectorAll('#sg-notices .sg-notice')]
  .filter((n) => n.offsetParent !== null && n.getBoundingClientRect().height > 0).map((n) => n.textContent));

test('a shared link reproduces the game, and the hash reopens it after a move', async () => {
  const page = await openApp(context, `${server.url}?game=go&size=9&komi=0.5&moves=E5.D4.pass.C3`, errors);
  const s = await state(page);
  assert.equal(s.game, 'go');
  assert.equal(s.size, 9);
  assert.equal(s.komi, 0.5);
  assert.equal(s.moves, 4);
  assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'black');
  assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D4')), 'white');
  assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C3')), 'white');
  assert.deepEqual(await notices(page), []);
  assert.match(await page.evaluate(() => location.hash), /moves=E5\.D4\.pass\.C3(&|$)/);

  // A move: the hash follows at once.
  assert.ok(await page.evaluate(() => window.stonegrid.play('G7')));
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /^#game=go&size=9&komi=0\.5&bot=none&level=3&moves=E5\.D4\.pass\.C3\.G7$/);
  const after = await state(page);

  // The copied address, in a new page of a new context (nothing in its localStorage).
  const other = await browser.newContext();
  try {
    const copy = await openApp(other, page.url(), errors);
    const s2 = await state(copy);
    assert.deepEqual(s2.board, after.board);
    assert.equal(s2.moves, after.moves);
    assert.equal(s2.komi, 0.5);
    assert.deepEqual(await copy.evaluate(() => window.stonegrid.pageMoves()), ['E5', 'D4', 'pass', 'C3', 'G7']);
    // shareLink() is the same game without the query.
    const link = await page.evaluate(() => window.stonegrid.shareLink());
    assert.ok(link.startsWith(server.url + '#game=go'), link);
    // Copy link / Copy SGF: the API and the panel's ImGui buttons put the text on the clipboard
    // (no HTML buttons over the board any more).
    assert.equal(await page.evaluate(() => document.querySelectorAll('button').length), 0);
    assert.equal(await page.evaluate(() => window.stonegrid.copyLink()), link);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await settled(page);
    const fold = await page.evaluate(() => window.stonegrid.controlRect('Save and share'));
    await page.mouse.click(fold.x + fold.width / 2, fold.y + fold.height / 2);
    await settled(page);
    const copySgf = await page.evaluate(() => window.stonegrid.controlRect('Copy SGF'));
    await page.mouse.click(copySgf.x + copySgf.width / 2, copySgf.y + copySgf.height / 2);
    // The clipboard is written asynchronously after the click's frame: wait for the text.
    await until(page, () => navigator.clipboard.readText().then((t) => t.startsWith('(;FF[4]')), null,
      { timeout: 5000, message: 'the SGF on the clipboard' });
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.evaluate(() => window.stonegrid.sgf()));
    await settled(page);
    const copyLink = await page.evaluate(() => window.stonegrid.controlRect('Copy link'));
    await page.mouse.click(copyLink.x + copyLink.width / 2, copyLink.y + copyLink.height / 2);
    await until(page, (l) => navigator.clipboard.readText().then((t) => t === l), link,
      { timeout: 5000, message: 'the link on the clipboard' });
  } finally {
    await other.close();
  }
  await page.close();
});

test('Looper ballot turns travel as A1+C3, and undo is followed in the hash', async () => {
  const page = await openApp(context, `${server.url}?game=looper&size=7&moves=A1+C3.E5`, errors);
  let s = await state(page);
  assert.equal(s.game, 'looper');
  assert.equal(s.moves, 2);
  assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C3')), 'black');
  assert.ok(await page.evaluate(() => window.stonegrid.play('B6+F2')));
  assert.match(await page.evaluate(() => location.hash), /moves=A1\+C3\.E5\.B6\+F2$/);
  assert.ok(await page.evaluate(() => window.stonegrid.undo()));
  await page.waitForFunction(() => /moves=A1\+C3\.E5$/.test(location.hash), null, { timeout: 5000 });
  const other = await browser.newContext();
  try {
    const copy = await openApp(other, page.url(), errors);
    s = await state(page);
    assert.deepEqual((await state(copy)).board, s.board);
  } finally {
    await other.close();
  }
  await page.close();
});

test('bad parameters give a visible notice and a working default game', async () => {
  let page = await openApp(context, `${server.url}?game=chess&size=4&komi=abc&moves=E5.D4.E5.C3`, errors);
  let s = await state(page);
  assert.equal(s.game, 'go');
  assert.equal(s.size, 9);
  assert.equal(s.komi, 6.5);
  assert.equal(s.moves, 2, 'the replay stops before the illegal third move');
  const texts = await notices(page);
  // The engine's own sentences (stonegrid.checkSettings), and what the page does instead.
  assert.ok(texts.some((t) => /^Unknown game 'chess' \(.*\bgo\b.*\)\. Playing Go instead\./.test(t)), texts.join(' | '));
  assert.ok(texts.some((t) => /^Size 4 is not allowed in Go \(sizes 5 to 25\)\. Using 9\./.test(t)), texts.join(' | '));
  assert.ok(texts.some((t) => /^Komi 'abc' is not a number\. Using the default, 6\.5\./.test(t)), texts.join(' | '));
  assert.ok(texts.some((t) => /move 3 'E5' is not legal here/i.test(t)), texts.join(' | '));
  const box = await page.evaluate(() => document.getElementById('sg-notices').getAttribute('role'));
  assert.equal(box, 'status');
  // The game still plays, and a notice can be dismissed.
  assert.ok(await page.evaluate(() => window.stonegrid.play('C3')));
  await page.click('#sg-notices .sg-notice button');
  assert.equal((await notices(page)).length, texts.length - 1);
  await page.close();

  page = await openApp(context, `${server.url}#game=loose&size=8&komi=1&bot=3&level=11&theme=neon`, errors);
  s = await state(page);
  assert.equal(s.game, 'loose');
  assert.equal(s.size, 9);
  assert.equal(s.komi, 0);
  const more = await notices(page);
  for (const re of [/^Size 8 is not allowed in Loose \(odd sizes 5 to 25\)\. Using 9\./,
    /^Komi 1 is not allowed in Loose: komi is an even integer\. Using the default, 0\./, /Bot '3'/, /Level '11'/, /Theme 'neon'/])
    assert.ok(more.some((t) => re.test(t)), `${re} in ${more.join(' | ')}`);
  // Host input is data: markup in a parameter is shown as text, never parsed.
  await page.close();
  page = await openApp(context, `${server.url}?game=${encodeURIComponent('<img src=x onerror=alert(1)>')}`, errors);
  assert.equal(await page.evaluate(() => document.querySelectorAll('img').length), 0);
  assert.ok((await notices(page)).some((t) => t.includes("'<img src=x onerror=alert(1)>'")));
  await page.close();
});

test('a reload restores the game from localStorage, also while the bot is thinking', async () => {
  const ctx = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    let page = await openApp(ctx, server.url, errors);
    await page.evaluate(() => {
      window.stonegrid.newGame({ game: 'squaresquared', size: 7, players: { 1: 'human', 2: 'human' } });
      for (const m of ['D4', 'C3', 'E5']) window.stonegrid.play(m);
    });
    const before = await state(page);
    await page.close();
    page = await openApp(ctx, server.url, errors);
    let s = await state(page);
    assert.equal(s.game, 'squaresquared');
    assert.deepEqual(s.board, before.board);
    assert.equal(s.moves, 3);

    // Against the bot (it plays 2, at the strongest level so it is still thinking): the reload
    // restores the position and who the bot plays; the bot thinks again and replies.
    await page.evaluate(() => {
      window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'bot' }, level: 10 });
      window.stonegrid.play('E5');
    });
    assert.ok(await page.evaluate(() => window.stonegrid.botThinking()));
    await page.reload();
    await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
    s = await state(page);
    assert.equal(s.game, 'go');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'black');
    assert.equal(s.to_move, 2);
    assert.ok(await page.evaluate(() => window.stonegrid.botThinking()), 'the bot thinks again after the reload');
    // That reload kept the hash; the plain address (no hash, no query) restores from localStorage.
    await page.close();
    page = await openApp(ctx, server.url, errors);
    assert.equal(await page.evaluate(() => location.search), '');
    s = await state(page);
    assert.equal(s.moves, 1);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'black');
    assert.ok(await page.evaluate(() => window.stonegrid.botThinking()), 'the bot thinks again after restoring');
    await page.evaluate(() => window.stonegrid.moveNow());
    await page.waitForFunction(() => window.stonegrid.state().moves === 2, null, { timeout: 20000 });

    const recent = await page.evaluate(() => window.stonegrid.recentGames());
    assert.ok(recent.length >= 2, `recent games: ${recent.length}`);
    assert.equal(recent[0].settings.game, 'go');
    assert.equal(recent[0].settings.bot, '2');
    assert.ok(recent.some((r) => r.settings.game === 'squaresquared' && r.moves.join('.') === 'D4.C3.E5'));
    await page.close();
  } finally {
    await ctx.close();
  }
});

test('the panel lists recent games; clicking one reopens it', async () => {
  const ctx = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    const page = await openApp(ctx, server.url, errors);
    await page.evaluate(() => {
      window.stonegrid.newGame({ game: 'loose', size: 7, players: { 1: 'human', 2: 'human' } });
      for (const m of ['D4', 'C3']) window.stonegrid.play(m);
      window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'human' } });
      window.stonegrid.play('E5');
    });
    const click = async (name) => {
      await settled(page);  // the popup has sized itself
      const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
      assert.ok(r, `no control "${name}"`);
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    };
    await click('Recent games');
    await click('Recent 2');  // newest first: the Go game, then the Loose one
    await page.waitForFunction(() => window.stonegrid.state().game === 'loose', null, { timeout: 10000 });
    const s = await state(page);
    assert.equal(s.size, 7);
    assert.equal(s.moves, 2);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C3')), 'white');
    await page.close();
  } finally {
    await ctx.close();
  }
});

test('a move made in a frame (a click) is in the hash at once and saved right after its frame', async () => {
  const ctx = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    let page = await openApp(ctx, server.url, errors);
    await page.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'human' } }));
    await settled(page);  // the board is laid out (a first visit showed the home screen)
    const at = await page.evaluate(() => window.stonegrid.vertexToClient('C7'));
    // Watch from the frame the move is played in: the hash already has it; the autosave follows
    // in a task of its own (page.js saves after the frame).
    const watched = page.evaluate(() => new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('the click played no move within 10 s')), 10000);
      (function poll() {
        if (window.stonegrid.state().moves < 1) { requestAnimationFrame(poll); return; }
        const hash = location.hash;
        setTimeout(() => resolve({ hash, saved: JSON.parse(localStorage.getItem('stonegrid.current')).moves }), 0);
      })();
    }));
    await page.mouse.click(at.x, at.y);
    const seen = await watched;
    assert.match(seen.hash, /moves=C7$/);
    assert.deepEqual(seen.saved, ['C7']);
    await page.close();
    page = await openApp(ctx, server.url, errors);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C7')), 'black');
    await page.close();
  } finally {
    await ctx.close();
  }
});

test('a new game started inside the app puts its players in the hash and the autosave', async () => {
  const ctx = await browser.newContext({ viewport: { width: 900, height: 640 } });
  try {
    const page = await openApp(ctx, `${server.url}#game=go&size=9&bot=none&level=3&moves=E5`, errors);
    // What the panel's dialog does: a new game on the C++ side, past page.js's newGame wrapper
    // (Square Squared 7×7, player 1 human, player 2 the bot at level 5).
    const error = await page.evaluate(() => window.Module.ccall('stonegrid_new_game', 'string',
      ['string', 'number', 'number', 'number', 'number', 'number'], ['squaresquared', 7, NaN, 0, 1, 5]));
    assert.equal(error, '');
    const s = await state(page);
    assert.deepEqual(s.players, { 1: { bot: false, level: 5 }, 2: { bot: true, level: 5 } });
    await page.waitForFunction(() => /^#game=squaresquared&size=7&komi=0&bot=2&level=5&moves=$/.test(location.hash), null, { timeout: 5000 });
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('stonegrid.current')));
    assert.deepEqual(saved.settings, { game: 'squaresquared', size: 7, komi: 0, bot: '2', level: 5 });
    // The bot plays White: a move, its reply, and the hash keeps the players.
    assert.ok(await page.evaluate(() => window.stonegrid.play('D4')));
    await page.evaluate(() => window.stonegrid.moveNow());
    await page.waitForFunction(() => window.stonegrid.state().moves === 2, null, { timeout: 20000 });
    await page.waitForFunction(() => /bot=2&level=5&moves=D4\.[A-HJ-Z]\d+$/.test(location.hash), null, { timeout: 5000 });
    // Back to two humans: the hash says so.
    await page.evaluate(() => window.Module.ccall('stonegrid_new_game', 'string',
      ['string', 'number', 'number', 'number', 'number', 'number'], ['go', 9, NaN, 0, 0, 3]));
    await page.waitForFunction(() => /^#game=go&size=9&komi=6\.5&bot=none&/.test(location.hash), null, { timeout: 5000 });
    await page.close();
  } finally {
    await ctx.close();
  }
});
