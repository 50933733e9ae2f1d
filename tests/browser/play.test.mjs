// Complete play in the browser, one page for the whole file (newGame between cases): a game of
// each of the four games hotseat (real clicks at vertexToClient positions) and against the
// bot (small boards, level 1), then undo, pass, resign, take, the illegal-move message, SGF
// download and upload, move-list keys, keyboard play and the screen-reader text.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { frames, pageForFile, settled } from './harness.mjs';

let page;
pageForFile({ viewport: { width: 1000, height: 700 } }, async (session) => {
  page = session.page;
  await page.evaluate(() => {
    window.moveEvents = [];
    window.overEvents = [];
    window.stonegrid.on('move', (e) => window.moveEvents.push(e.move));
    window.stonegrid.on('over', (e) => window.overEvents.push(e.state.winner));
  });
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const state = () => api(() => window.stonegrid.state());
const newGame = (options) => api((o) => window.stonegrid.newGame(o), options);

// Clicks where a point is drawn once every change so far is on screen (after a new game, the
// new board), and waits for the click's effect to be drawn.
async function click(vertex) {
  await settled(page);
  const { x, y } = await api((v) => window.stonegrid.vertexToClient(v), vertex);
  await page.mouse.click(x, y);
  await settled(page);
}

async function press(key) {
  await page.keyboard.press(key);
  await settled(page);
}

// Clicks each vertex in turn; every click must be accepted as a move.
async function clicks(...vertices) {
  for (const v of vertices) {
    const before = (await state()).moves;
    await click(v);
    const s = await state();
    assert.equal(s.moves, before + 1, `click on ${v} was not played: ${await api(() => window.stonegrid.lastMessage())}`);
  }
}

async function waitForBot() {
  await page.waitForFunction(() => !window.stonegrid.botThinking(), null, { timeout: 30000, polling: 50 });
  await settled(page);
}

// The first empty vertex of the board (board rows are top row first).
function firstEmpty(s, skip = 0) {
  const n = s.size;
  const found = [];
  for (let r = n - 1; r >= 0; --r)
    for (let c = 0; c < n; ++c)
      if (s.board[r][c] === '.') found.push(String.fromCharCode(65 + c + (c >= 8 ? 1 : 0)) + (n - r));
  return found[skip % Math.max(1, found.length)];
}

test('Go hotseat: capture, both phases, count', async () => {
  await newGame({ game: 'go', size: 5, komi: 0.5 });
  await clicks('B1', 'A1', 'A2');
  let s = await state();
  assert.equal(s.prisoners.white, 1, 'A1 was captured');
  assert.equal(s.board[4][0], '.');
  assert.ok(await api(() => window.stonegrid.play('pass')));
  assert.ok(await api(() => window.stonegrid.play('pass')));
  s = await state();
  assert.equal(s.phase, 'resolve');
  assert.ok(s.prisoners.black >= 1 && s.prisoners.white >= 1, 'phase 2 has a prisoner supply');
  await api(() => window.stonegrid.play('pass'));
  await api(() => window.stonegrid.play('pass'));
  s = await state();
  assert.equal(s.over, true);
  assert.equal(s.winner, 'black');
  assert.equal(await api(() => window.overEvents.at(-1)), 'black');
});

test('Go against the bot: it replies, undo takes back both moves, resign ends the game', async () => {
  await newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'bot' }, level: 1 });
  await click('C3');
  await waitForBot();
  let s = await state();
  assert.equal(s.moves, 2, 'the bot answered');
  assert.equal(s.to_move, 1);
  assert.ok(await api(() => window.stonegrid.undo()));
  s = await state();
  assert.equal(s.moves, 0, 'undo took back the bot reply and the human move');
  await click('C3');
  await waitForBot();
  await click(firstEmpty(await state()));
  await waitForBot();
  assert.ok(await api(() => window.stonegrid.play('resign')));
  s = await state();
  assert.equal(s.over, true);
  assert.equal(s.winner, 'white');
});

test('Loose hotseat: a flip, an illegal move explained, passes end it', async () => {
  await newGame({ game: 'loose', size: 5, komi: 0 });
  await clicks('B3', 'A4', 'E1', 'C4', 'E2', 'C3', 'E4', 'A2', 'D1', 'B2', 'D2', 'B4');
  let s = await state();
  assert.equal(s.board[2][1], 'O', 'B3 flipped to white');
  await settled(page);  // the flip animation has ended
  // Black A3 would have no true liberty.
  const before = s.moves;
  await click('A3');
  s = await state();
  assert.equal(s.moves, before, 'the illegal move changed nothing');
  assert.match(await api(() => window.stonegrid.lastMessage()), /Illegal move A3: .*true liberty/);
  assert.equal(await api(() => window.stonegrid.play('D3')), true);
  await click('D3');  // occupied
  assert.match(await api(() => window.stonegrid.lastMessage()), /occupied/);
  await api(() => window.stonegrid.play('pass'));
  await api(() => window.stonegrid.play('pass'));
  s = await state();
  assert.equal(s.over, true);
  assert.equal(s.winner, 'white');
});

test('Loose against the bot: the human passes until the game ends', async () => {
  await newGame({ game: 'loose', size: 5, komi: 2, players: { 1: 'bot', 2: 'human' }, level: 1 });
  for (let i = 0; i < 40 && !(await state()).over; ++i) {
    await waitForBot();
    if ((await state()).over) break;
    assert.ok(await api(() => window.stonegrid.play('pass')));
  }
  const s = await state();
  assert.equal(s.over, true);
  assert.ok(s.winner === 'black' || s.winner === 'white');
});

test('Square Squared hotseat and against the bot', async () => {
  await newGame({ game: 'squaresquared', size: 5 });
  await clicks('A1', 'E5', 'B1', 'E4', 'C1', 'C3');
  await api(() => window.stonegrid.play('pass'));
  await api(() => window.stonegrid.play('pass'));
  let s = await state();
  assert.equal(s.over, true);
  // Black A1-C1: 3 edge stones - 2 = 1; White E5-E4: 2 - 2 = 0, C3 no edge.
  assert.deepEqual(s.score, { black: 1, white: 0 });
  assert.equal(s.winner, 'black');

  await newGame({ game: 'squaresquared', size: 5, players: { 1: 'human', 2: 'bot' }, level: 1 });
  for (let i = 0; i < 3; ++i) {
    await click(firstEmpty(await state(), 3));
    await waitForBot();
  }
  assert.ok(await api(() => window.stonegrid.play('resign')));
  s = await state();
  assert.equal(s.over, true);
  assert.equal(s.winner, 'white');
});

test('Looper hotseat: ballots by clicks and Enter, take wins with a loop', async () => {
  await newGame({ game: 'looper', size: 5 });
  await click('A1');
  await click('A2');
  await click('A3');
  assert.equal((await state()).moves, 0, 'ballot picks are not moves until confirmed');
  await press('Enter');
  let s = await state();
  assert.equal(s.moves, 1);
  assert.equal(s.phase, 'ballot');
  await click('A4');
  await click('A5');
  await press('Enter');
  assert.equal(await api(() => window.stonegrid.play('pass')), false, 'no passing in Looper');
  assert.ok(await api(() => window.stonegrid.play('take')));
  s = await state();
  assert.equal(s.over, true, 'column A wraps the torus: the taker wins at once');
  assert.equal(s.winner, 'black');
  assert.equal(s.winner_player, 1);
});

test('Looper against the bot: the human takes Black and plays until the game ends', async () => {
  await newGame({ game: 'looper', size: 5, players: { 1: 'human', 2: 'bot' }, level: 1 });
  assert.ok(await api(() => window.stonegrid.play('take')));
  let s = await state();
  assert.equal(s.black_player, 1);
  for (let i = 0; i < 30 && !s.over; ++i) {
    await waitForBot();
    s = await state();
    if (s.over) break;
    // Build column C from the bottom, else anything empty.
    const column = [1, 2, 3, 4, 5].map((r) => `C${r}`).find((v) => s.board[s.size - Number(v.slice(1))][2] === '.');
    await click(column || firstEmpty(s));
    s = await state();
  }
  assert.equal(s.over, true);
  assert.ok(['black', 'white'].includes(s.winner));
});

test('SGF download then upload restores the same game', async () => {
  await newGame({ game: 'go', size: 7, komi: 6.5 });
  await clicks('D4', 'C3', 'E5');
  const original = await state();
  const [download] = await Promise.all([page.waitForEvent('download'), api(() => window.stonegrid.downloadSgf())]);
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^\(;FF\[4\]/);
  assert.equal(text, await api(() => window.stonegrid.sgf()));
  await newGame({ game: 'loose', size: 5 });
  await page.setInputFiles('#sgf-file', file);
  await page.waitForFunction(() => window.stonegrid.state().moves === 3, null, { timeout: 10000 });
  assert.deepEqual(await state(), original);
  // A bad file is refused with a clear message.
  const error = await api(() => {
    try { window.stonegrid.loadSgf('(;FF[4]SZ[9'); return null; } catch (e) { return e.message; }
  });
  assert.match(error, /^sgf: /);
  assert.deepEqual(await state(), original, 'a bad file changes nothing');
});

test('move list keys, keyboard play, events and the screen-reader text', async () => {
  await newGame({ game: 'go', size: 5 });
  const events = await api(() => window.moveEvents.length);
  // Keyboard play: Down shows the cursor at the centre, Enter plays there.
  await settled(page);
  await page.keyboard.press('ArrowDown');
  await press('Enter');
  assert.equal(await api(() => window.stonegrid.stoneAt('C3')), 'black');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await press('Space');
  assert.equal(await api(() => window.stonegrid.stoneAt('D4')), 'white');
  await press('Escape');
  await click('B2');
  assert.equal(await api(() => window.moveEvents.length), events + 3);
  assert.match(await api(() => document.getElementById('announce').textContent), /Move 3: Black B2\. White to play\./);

  const keys = async (key) => { await press(key); return api(() => window.stonegrid.viewing()); };
  assert.equal(await keys('ArrowLeft'), 2);
  assert.equal(await keys('ArrowLeft'), 1);
  assert.equal(await keys('Home'), 0);
  assert.equal(await keys('ArrowRight'), 1);
  assert.equal(await keys('End'), -1);
  assert.equal((await state()).moves, 3, 'viewing never edits the game');
});

test('Go: a ko recapture is refused as a repeated position; undo in hotseat takes one move', async () => {
  await newGame({ game: 'go', size: 5 });
  await clicks('A3', 'C4', 'B4', 'D3', 'B2', 'C2', 'E5', 'B3', 'C3');
  assert.equal(await api(() => window.stonegrid.stoneAt('B3')), 'empty', 'C3 captured B3');
  await click('B3');
  assert.equal(await api(() => window.stonegrid.stoneAt('B3')), 'empty');
  assert.match(await api(() => window.stonegrid.lastMessage()), /Illegal move B3: repeats an earlier position/);
  assert.ok(await api(() => window.stonegrid.undo()));
  const s = await state();
  assert.equal(s.moves, 8, 'hotseat undo takes back one move');
  assert.equal(await api(() => window.stonegrid.stoneAt('B3')), 'white');
});

test('Looper: drag and Shift+arrows pan the torus; clicks follow the view', async () => {
  await newGame({ game: 'looper', size: 7 });
  await settled(page);
  const before = await api(() => window.stonegrid.vertexToClient('A1'));
  await press('Shift+ArrowRight');
  const shifted = await api(() => window.stonegrid.vertexToClient('A1'));
  assert.notDeepEqual(shifted, before, 'Shift+Right moved the view');
  // Drag by two lines to the left: the points move with the mouse.
  const b = await api(() => window.stonegrid.vertexToClient('D4'));
  const c = await api(() => window.stonegrid.vertexToClient('C4'));
  const spacing = b.x - c.x > 0 ? b.x - c.x : null;
  if (spacing) {
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    for (let i = 1; i <= 4; ++i) { await page.mouse.move(b.x - (spacing * i) / 2, b.y); await frames(page, 1); }
    await page.mouse.up();
    await settled(page);
    assert.equal((await state()).moves, 0, 'a drag is not a click');
  }
  await click('G7');
  await press('Enter');
  const s = await state();
  assert.equal(s.moves, 1);
  assert.equal(s.board[0][6], 'X', 'the click after panning played G7');
});

test('Move now makes a full-strength bot play at once', async () => {
  await newGame({ game: 'go', size: 9, players: { 1: 'bot', 2: 'human' }, level: 10 });
  await frames(page, 3);
  assert.equal(await api(() => window.stonegrid.botThinking()), true);
  await api(() => window.stonegrid.moveNow());
  await page.waitForFunction(() => window.stonegrid.state().moves === 1, null, { timeout: 5000 });
  assert.equal(await api(() => window.stonegrid.botThinking()), false);
});
