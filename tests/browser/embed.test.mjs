// Embedding (assets/embed.js, assets/page.js): the script mode on a host page of another origin
// turns each div[data-stonegrid] into an iframe board and relays its `move` events to the host
// as DOM events and through window.onStonegridEvent; hostile attribute text creates no elements
// and runs nothing; messages that do not come from a board are ignored. In the board, embed=1
// is the app's own mode (no side panel, a small toolbar with a menu); readonly=1 refuses input
// on the board and steps through the moves with the app's navigation toolbar and keys. The loader
// names no game: any well-formed name reaches the board, which says when it does not know it and
// tells the iframe's title.
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { hostPage, openApp, waitReady, browserForFile } from './host.mjs';
import { settled, webRoot, until } from './harness.mjs';

let browser, server, host;
const errors = [];

browserForFile(errors, (opened) => ({ browser, server } = opened));
after(async () => {
  if (host) await host.stop();
});

test('script mode: boards in iframes, move events relayed to the host, hostile input inert', async () => {
  host = await hostPage(`<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<div id="a" data-stonegrid="game=loose&size=7&moves=D4.C3" style="width:480px;height:360px"></div>
<div id="b" data-stonegrid="game=looper&size=7&bot=none" style="width:480px;height:360px"></div>
<div id="evil" data-stonegrid='game=loose&size=7"><img src=x onerror=alert(1)>&moves=D4<script>alert(2)</script>&onload=alert(3)' style="width:480px;height:360px"></div>
<div id="c" data-stonegrid="game=Hex-7&size=7&moves=D4" style="width:480px;height:360px"></div>
<script>
  window.domEvents = [];
  window.callbackEvents = [];
  window.alerts = 0;
  window.alert = function () { window.alerts++; };
  document.addEventListener('stonegrid:move', function (e) { window.domEvents.push({ id: e.target.id, move: e.detail.move, moves: e.detail.state.moves }); });
  window.onStonegridEvent = function (detail, div) { window.callbackEvents.push({ id: div.id, event: detail.event, move: detail.move }); };
</script>
<script src="${server.url}embed.js"></script>
</body></html>`);
  const context = await browser.newContext({ viewport: { width: 1000, height: 1200 } });
  try {
    const page = await context.newPage();
    const dialogs = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    page.on('pageerror', (e) => errors.push(`host pageerror: ${e.message}`));
    await page.goto(host.url);
    assert.equal(await page.locator('iframe').count(), 4);
    const iframes = await page.evaluate(() => [...document.querySelectorAll('iframe')].map((f) => ({
      src: f.getAttribute('src'), sandbox: f.getAttribute('sandbox'), title: f.title, parent: f.parentElement.id,
      width: f.getBoundingClientRect().width, height: f.getBoundingClientRect().height })));
    assert.equal(iframes[0].src, `${server.url}index.html?embed=1&game=loose&size=7&moves=D4.C3`);
    assert.equal(iframes[0].sandbox, 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    // A game name the loader does not list is passed on for the board to judge.
    assert.equal(iframes[3].src, `${server.url}index.html?embed=1&game=hex-7&size=7&moves=D4`);
    assert.deepEqual([iframes[0].width, iframes[0].height], [480, 360]);
    // The hostile attribute: size and moves do not have their shape and are dropped.
    assert.equal(iframes[2].parent, 'evil');
    assert.equal(iframes[2].src, `${server.url}index.html?embed=1&game=loose`);
    assert.equal(await page.evaluate(() => document.querySelectorAll('img, script:not([src])').length), 1,
      'no element made from the attribute (the one inline script is the host\'s own)');

    // The boards start; a move played inside the first one reaches the host.
    const frameOf = async (id) => (await page.$(`#${id} iframe`)).contentFrame();
    const a = await frameOf('a');
    const b = await frameOf('b');
    const evil = await frameOf('evil');
    const c = await frameOf('c');
    await Promise.all([waitReady(a), waitReady(b), waitReady(evil), waitReady(c)]);
    // Each board tells its title once its game has started.
    const titles = () => page.evaluate(() => [...document.querySelectorAll('iframe')].map((f) => f.title).join(' | '));
    await until(page, () => [...document.querySelectorAll('iframe')].every((f) => f.title.startsWith('Stonegrid board: ')),
      null, { message: 'the boards\' titles' });
    assert.equal(await titles(), 'Stonegrid board: Loose 7×7 | Stonegrid board: Looper 7×7 | Stonegrid board: Loose 9×9 | ' +
      'Stonegrid board: Go 7×7');
    // The unknown game: the board says so in the engine's words, and plays the default game.
    const notes = await c.evaluate(() => [...document.querySelectorAll('#sg-notices .sg-notice')].map((n) => n.textContent));
    assert.ok(notes.some((t) => /^Unknown game 'hex-7' \(.*\)\. Playing Go instead\./.test(t)), notes.join(' | '));
    assert.deepEqual(await c.evaluate(() => window.stonegrid.record().turns), ['D4']);
    assert.equal(await a.evaluate(() => window.stonegrid.state().moves), 2);
    // The app's embed mode: the board over a toolbar, no side panel.
    assert.equal(await a.evaluate(() => window.stonegrid.ui().layout), 'embed');
    assert.equal(await a.evaluate(() => window.stonegrid.controlRect('New game')), null, 'no side panel');
    assert.ok(await a.evaluate(() => window.stonegrid.controlRect('Undo')));
    assert.equal(await evil.evaluate(() => window.stonegrid.state().size), 9);
    assert.equal(await evil.evaluate(() => document.querySelectorAll('img').length), 0);
    // Replayed moves are not events; nothing was relayed yet.
    assert.deepEqual(await page.evaluate(() => window.domEvents), []);

    assert.ok(await a.evaluate(() => window.stonegrid.play('E5')));
    assert.ok(await b.evaluate(() => window.stonegrid.play('A1+C3')));
    await page.waitForFunction(() => window.domEvents.length >= 2, null, { timeout: 5000 });
    const events = await page.evaluate(() => window.domEvents);
    assert.deepEqual(events.find((e) => e.id === 'a'), { id: 'a', move: 'E5', moves: 3 });
    assert.deepEqual(events.find((e) => e.id === 'b'), { id: 'b', move: 'A1+C3', moves: 1 });
    const callbacks = await page.evaluate(() => window.callbackEvents);
    assert.deepEqual(callbacks.find((e) => e.id === 'a'), { id: 'a', event: 'move', move: 'E5' });

    // A message that does not come from a board is not relayed: once a second message posted
    // after it has arrived, the first has been handled (messages from one window arrive in order).
    await page.evaluate(() => new Promise((resolve) => {
      window.addEventListener('message', function seen(e) {
        if (e.data !== 'after') return;
        window.removeEventListener('message', seen);
        setTimeout(resolve, 0);
      });
      window.postMessage({ type: 'stonegrid', event: 'move', move: 'X', state: {} }, '*');
      window.postMessage('after', '*');
    }));
    assert.equal((await page.evaluate(() => window.domEvents)).length, 2);
    assert.deepEqual(dialogs, []);
    assert.equal(await page.evaluate(() => window.alerts), 0);
  } finally {
    await context.close();
  }
});

test('embed=1: the board fills the frame over a small toolbar whose menu starts a new game', async () => {
  const context = await browser.newContext({ viewport: { width: 640, height: 480 } });
  try {
    const page = await openApp(context, `${server.url}?embed=1&game=go&size=9`, errors);
    const rect = (name) => page.evaluate((n) => window.stonegrid.controlRect(n), name);
    const click = async (name) => {
      await settled(page);  // a menu or dialog has sized itself
      const r = await rect(name);
      assert.ok(r, `no control "${name}"`);
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
      await settled(page);
    };
    assert.equal(await page.evaluate(() => document.querySelectorAll('button').length), 0, 'no HTML buttons over the board');
    const [a1, j9] = await page.evaluate(() => ['A1', 'J9'].map((v) => window.stonegrid.vertexToClient(v)));
    const undo = await rect('Undo');
    assert.ok(undo.y > a1.y, 'the toolbar is under the board');
    const boardHeight = ((a1.y - j9.y) / 8) * 10.4;  // 8 gaps plus the coordinate margins
    assert.ok(boardHeight > 0.9 * undo.y && undo.y + undo.height <= 480, `the board (${boardHeight} px) fills the frame above the toolbar`);
    // Play, pass and undo from the toolbar.
    await page.mouse.click(j9.x, j9.y);
    await settled(page);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('J9')), 'black');
    await click('Pass');
    assert.equal((await page.evaluate(() => window.stonegrid.state())).moves, 2);
    await click('Undo');
    assert.equal((await page.evaluate(() => window.stonegrid.state())).moves, 1);
    // The menu: New game opens the dialog.
    await click('Menu');
    assert.ok(await rect('Copy link'));
    assert.ok(await rect('Open the full app'));
    await click('New game');
    await click('Start');
    assert.equal((await page.evaluate(() => window.stonegrid.state())).moves, 0);
    // Help needs room the frame has not got: it opens the full app, help at Go's page, in a tab.
    await click('Menu');
    const opened = context.waitForEvent('page');
    await click('Help');
    const tab = await opened;
    await tab.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
    await tab.waitForFunction(() => window.stonegrid.controlRect('Help page') !== null, null, { timeout: 10000 });
    assert.equal(await page.evaluate(() => window.stonegrid.controlRect('Help page')), null, 'nothing over the embedded board');
    await tab.close();
  } finally {
    await context.close();
  }
});

test('readonly=1: a diagram that refuses input and steps through its moves', async () => {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  try {
    const page = await openApp(context, `${server.url}?embed=1&readonly=1&game=go&size=9&moves=E5.D4.C3`, errors);
    const viewing = () => page.evaluate(() => window.stonegrid.viewing());
    const click = async (name) => {
      await settled(page);
      const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
      assert.ok(r, `no control "${name}"`);
      await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
      await settled(page);
    };
    assert.equal(await page.evaluate(() => window.stonegrid.state().moves), 3);
    const ui = await page.evaluate(() => window.stonegrid.ui());
    assert.equal(ui.readonly, true);
    assert.equal(ui.layout, 'embed');
    // The app refuses the input itself: no HTML layer over the canvas.
    assert.equal(await page.evaluate(() => document.elementFromPoint(400, 300).id), 'canvas');
    const { x, y } = await page.evaluate(() => window.stonegrid.vertexToClient('G7'));
    await page.mouse.click(x, y);
    await settled(page);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('G7')), 'empty', 'a click placed a stone');
    assert.match(await page.evaluate(() => window.stonegrid.lastMessage()), /diagram/);
    // Nor does the keyboard: Enter shows the cursor and Enter or Space would place a stone.
    await page.locator('canvas').focus();
    for (const key of ['Enter', 'Enter', 'Space', 'p']) { await page.keyboard.press(key); await settled(page); }
    assert.equal(await page.evaluate(() => window.stonegrid.state().moves), 3, 'a key played a move');
    assert.equal(await viewing(), -1);
    // No play buttons, the navigation instead.
    assert.equal(await page.evaluate(() => window.stonegrid.controlRect('Undo')), null);
    await click('Previous move');
    assert.equal(await viewing(), 2);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C3')), 'empty');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D4')), 'white');
    await click('First position');
    assert.equal(await viewing(), 0);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'empty');
    await click('Next move');
    assert.equal(await viewing(), 1);
    const press = async (key) => { await page.keyboard.press(key); await settled(page); };
    await press('ArrowRight');
    assert.equal(await viewing(), 2);
    await press('Home');
    assert.equal(await viewing(), 0);
    await press('End');
    assert.equal(await viewing(), -1);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('C3')), 'black');
    assert.equal(await page.evaluate(() => window.stonegrid.state().moves), 3, 'stepping never edits the game');
    // An embedded board (here even on the app's own origin) never overwrites the visitor's
    // autosaved game.
    const plain = await openApp(context, `${server.url}?embed=1&game=go&size=9`, errors);
    assert.ok(await plain.evaluate(() => window.stonegrid.play('E5')));
    assert.equal(await plain.evaluate(() => localStorage.getItem('stonegrid.current')), null);
  } finally {
    await context.close();
  }
});

test('the loader names no game: none of the engine\'s game names is in embed.js', async () => {
  const context = await browser.newContext();
  try {
    const page = await openApp(context, `${server.url}?game=go`, errors);
    const games = await page.evaluate(() => window.stonegrid.games());
    const loader = fs.readFileSync(path.join(webRoot, 'embed.js'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const g of games)
      for (const word of [g.name, g.title, g.short_title])
        assert.ok(!new RegExp(`\\b${word.replace(/[()]/g, '\\$&')}\\b`, 'i').test(loader), `embed.js names ${word}`);
  } finally {
    await context.close();
  }
});
