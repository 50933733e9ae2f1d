// The page asks the engine (web/page_api.cpp) instead of keeping rules of its own: checkSettings
// judges a game's name, size and komi with the engine's sentences and fills in its defaults;
// record() gives the game's turns in text notation (after clicks, undo, a Looper ballot turn, a
// resignation, a loaded SGF with setup stones), which the page's link and autosave follow;
// stoneAt and vertexToClient read vertices in C++.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pageForFile, settled, until } from './harness.mjs';

let page;
pageForFile({ viewport: { width: 1000, height: 700 } }, (session) => { page = session.page; });

const api = (fn, ...args) => page.evaluate(fn, ...args);
const check = (...args) => api((a) => window.stonegrid.checkSettings(...a), args);
const record = () => api(() => window.stonegrid.record());

async function click(vertex) {
  await settled(page);
  const { x, y } = await api((v) => window.stonegrid.vertexToClient(v), vertex);
  await page.mouse.click(x, y);
  await settled(page);
}

test('checkSettings: the engine judges a game, its size and komi, and fills in the defaults', async () => {
  const before = await api(() => window.stonegrid.state());
  assert.deepEqual(await check('loose', 8), { error: 'size 8 is not allowed in Loose (odd sizes 5 to 25)' });
  assert.deepEqual(await check('loose', 9, 1), { error: 'komi 1 is not allowed in Loose: komi is an even integer' });
  assert.deepEqual(await check('loose', 7, -4), { game: 'loose', size: 7, komi: -4 });
  assert.deepEqual(await check('go', 0), { error: 'size 0 is not a board size' });
  assert.deepEqual(await check('go', 9.5), { error: 'size 9.5 is not a board size' });
  // Names are the engine's, any case; a game without komi has none; "" is the default game.
  assert.deepEqual(await check('LOOPER', 7, 3), { game: 'looper', size: 7, komi: null });
  assert.deepEqual(await check(''), { game: 'go', size: 9, komi: 6.5 });
  assert.deepEqual(await check('go', null, null), { game: 'go', size: 9, komi: 6.5 });
  const names = (await api(() => window.stonegrid.games())).map((g) => g.name).join(', ');
  assert.deepEqual(await check('chess'), { error: `unknown game 'chess' (${names})` });
  assert.match((await check('x'.repeat(300))).error, /300 bytes long; at most 256/);
  // Nothing was started.
  assert.deepEqual(await api(() => window.stonegrid.state()), before);
});

test('record(): the turns as text after clicks, undo, a ballot turn and a resignation; the link follows', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9 }));
  assert.deepEqual(await record(), { turns: [], setup: false });
  await click('E5');
  await click('D4');
  await click('C3');
  assert.deepEqual(await record(), { turns: ['E5', 'D4', 'C3'], setup: false });
  assert.ok(await api(() => window.stonegrid.undo()));
  assert.ok(await api(() => window.stonegrid.play('pass')));
  assert.deepEqual(await record(), { turns: ['E5', 'D4', 'pass'], setup: false });
  assert.deepEqual(await api(() => window.stonegrid.pageMoves()), ['E5', 'D4', 'pass']);
  assert.match(await api(() => location.hash), /&moves=E5\.D4\.pass$/);
  assert.ok(await api(() => window.stonegrid.play('resign')));
  assert.deepEqual((await record()).turns, ['E5', 'D4', 'pass', 'resign']);
  assert.match(await api(() => location.hash), /&moves=E5\.D4\.pass\.resign$/);

  await api(() => window.stonegrid.newGame({ game: 'looper', size: 7 }));
  assert.ok(await api(() => window.stonegrid.play('a1+c3')));
  assert.deepEqual(await record(), { turns: ['A1+C3'], setup: false });
  assert.match(await api(() => location.hash), /^#game=looper&size=7&bot=none&level=3&moves=A1\+C3$/);
});

test('record(): a loaded SGF with stones set up says so; set-up stones taken away again do not count', async () => {
  await api(() => window.stonegrid.loadSgf('(;GM[1]FF[4]SZ[9]AB[ee];B[dd];W[cc])'));
  assert.deepEqual(await record(), { turns: ['D6', 'C7'], setup: true });
  await api(() => window.stonegrid.loadSgf('(;GM[1]FF[4]SZ[9]AB[ee]AE[ee];B[dd])'));
  assert.deepEqual(await record(), { turns: ['D6'], setup: false });
  await api(() => window.stonegrid.loadSgf('(;GM[1]FF[4]SZ[9];B[dd];W[])'));
  assert.deepEqual(await record(), { turns: ['D6', 'pass'], setup: false });
  // The page follows a load within a second (no move event).
  await until(page, () => window.stonegrid.pageMoves().join('.') === 'D6.pass', null, { message: 'the page\'s moves after a load' });
});

test('stoneAt and vertexToClient read the vertex in C++: any case, spaces around, nothing else', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9 }));
  assert.ok(await api(() => window.stonegrid.play('E5')));
  assert.equal(await api(() => window.stonegrid.stoneAt(' e5 ')), 'black');
  assert.equal(await api(() => window.stonegrid.stoneAt('D4')), 'empty');
  for (const bad of ['K10', 'I5', 'E0', 'E10', 'pass', '', 'E5'.repeat(200), 'ÄÄÄÄÄÄÄÄÄ'])
    assert.equal(await api((v) => window.stonegrid.stoneAt(v), bad), null, bad);
  const a1 = await api(() => window.stonegrid.vertexToClient('a1'));
  const j9 = await api(() => window.stonegrid.vertexToClient('J9'));
  assert.ok(a1.x < j9.x && a1.y > j9.y, `A1 ${JSON.stringify(a1)} is below and left of J9 ${JSON.stringify(j9)}`);
  await assert.rejects(api(() => window.stonegrid.vertexToClient('K9')), /not a vertex of this board: K9/);
});
