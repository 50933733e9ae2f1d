// The new-game dialog driven like a visitor: real mouse clicks on the ImGui controls, found with
// stonegrid.controlRect. Open the dialog, choose Square Squared and 9×9 against the bot with you
// as Black, start; the app then reports that game and those players, the page's hash and
// autosave follow, and the bot answers a move clicked on the board. Then: you as White against
// the bot gets the bot as Black, and nothing of the last game's roles carries over.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pageForFile, settled } from './harness.mjs';

let page;
pageForFile({ viewport: { width: 1000, height: 700 } }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);

// Clicks a control where it is drawn once every change so far is on screen (a dialog or popup
// has sized itself), and waits for the click's effect to be drawn.
async function click(name) {
  await settled(page);
  const r = await api((n) => window.stonegrid.controlRect(n), name);
  assert.ok(r, `no control "${name}" on screen (${(await api(() => window.stonegrid.controls())).join(', ')})`);
  await page.mouse.click(r.x + Math.min(r.width / 2, 12), r.y + r.height / 2);
  await settled(page);
}

test('the dialog starts Square Squared 9×9 against the bot, by clicks', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5 }));
  await click('New game');
  await click('Game: Square Squared');
  await click('Board size');
  await click('Size: 9x9');
  await click('Opponent: Bot');
  await click('You play: first');
  assert.ok(await api(() => window.stonegrid.controlRect('Bot level')), 'a level slider for the bot');
  // Nothing has changed until Start.
  assert.equal((await api(() => window.stonegrid.state())).game, 'go');
  await click('Start');
  assert.equal(await api(() => window.stonegrid.controlRect('Start')), null, 'the dialog closed');

  const s = await api(() => window.stonegrid.state());
  assert.equal(s.game, 'squaresquared');
  assert.equal(s.size, 9);
  assert.equal(s.moves, 0);
  assert.deepEqual(s.players, { 1: { bot: false, level: 3 }, 2: { bot: true, level: 3 } });
  // The page layer follows: the hash names the game and the bot, the autosave too.
  await page.waitForFunction(() => /^#game=squaresquared&size=9&komi=0&bot=2&level=3&/.test(location.hash), null, { timeout: 5000 });
  const saved = await api(() => JSON.parse(localStorage.getItem('stonegrid.current')));
  assert.equal(saved.settings.game, 'squaresquared');
  assert.equal(saved.settings.bot, '2');

  // A move clicked on the board, and the bot's reply.
  await settled(page);
  const { x, y } = await api(() => window.stonegrid.vertexToClient('E5'));
  await page.mouse.click(x, y);
  await settled(page);
  assert.equal(await api(() => window.stonegrid.stoneAt('E5')), 'black');
  await page.waitForFunction(() => window.stonegrid.state().moves === 2, null, { timeout: 30000, polling: 100 });
  const after = await api(() => window.stonegrid.state());
  assert.equal(after.to_move, 1);
  assert.equal(after.board.flat().join('').replace(/[^O]/g, '').length, 1, 'one white stone: the bot replied');
});

test('you as White against the bot: the bot plays Black and moves first; Loose names the komi in steps', async () => {
  await click('New game');
  await click('Game: Go');
  await click('Opponent: Bot');
  await click('You play: second');
  await click('Start');
  let s = await api(() => window.stonegrid.state());
  assert.equal(s.game, 'go');
  assert.deepEqual(s.players, { 1: { bot: true, level: 3 }, 2: { bot: false, level: 3 } });
  await page.waitForFunction(() => window.stonegrid.state().moves >= 1, null, { timeout: 30000, polling: 100 });

  // Loose against the bot: the bot names the komi, you take White; then a friend game keeps no bot.
  await click('New game');
  await click('Game: Loose');
  await click('Komi: the bot names');
  await click('You take: White');
  await click('Start');
  s = await api(() => window.stonegrid.state());
  assert.equal(s.game, 'loose');
  assert.deepEqual(s.players, { 1: { bot: true, level: 3 }, 2: { bot: false, level: 3 } });
  await click('New game');
  await click('Game: Square Squared');
  await click('Opponent: Friend');
  await click('Start');
  s = await api(() => window.stonegrid.state());
  assert.deepEqual([s.players[1].bot, s.players[2].bot], [false, false]);
});
