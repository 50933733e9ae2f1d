// Lessons and puzzles by real clicks (issue #14): from the home screen's "How to play", every
// lesson of every game completed by clicking its solving turns on the board (ballot points and
// Confirm, Take, Pass as buttons), a wrong answer refused with its hint, progress remembered in
// local storage across a reload, and a puzzle solved from "Puzzles"; a wrong puzzle answer
// refuted on the board.
import test from 'node:test';
import assert from 'node:assert/strict';
import { clickControl, pageForFile, settled } from './harness.mjs';

let page;
pageForFile({ viewport: { width: 1100, height: 760 } }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const task = () => api(() => window.stonegrid.task());

const click = (name) => clickControl(page, name);

async function clickVertex(vertex) {
  await settled(page);
  const { x, y } = await api((v) => window.stonegrid.vertexToClient(v), vertex);
  await page.mouse.click(x, y);
  await settled(page);
}

// One turn in text notation, made the way a visitor makes it.
async function makeTurn(turn) {
  if (turn === 'pass') return click('Pass');
  if (turn === 'take') return click('Take');
  if (turn.includes('+')) {
    for (const v of turn.split('+')) await clickVertex(v);
    return click('Confirm ballot');
  }
  return clickVertex(turn);
}


test('a wrong answer is refused with its hint, and nothing is played', async () => {
  await click('How to play Loose');
  assert.equal(await api(() => window.stonegrid.screen()), 'lesson');
  await click('Task 2');  // "Flip a chain": only the last liberty flips the white chain
  const t = await task();
  assert.equal(t.index, 1);
  const moves = (await api(() => window.stonegrid.state())).moves;
  await clickVertex('A5');
  const after = await task();
  assert.equal(after.solved, false);
  assert.ok(after.feedback.length > 10, `the hint is shown (${after.feedback})`);
  assert.equal((await api(() => window.stonegrid.state())).moves, moves);
  assert.equal(await api(() => window.stonegrid.stoneAt('A5')), 'empty');
  await click('Home');
});

test('every lesson of every game is completed by clicks, and progress is remembered', async () => {
  // Every game of the engine's table, by the title its home card shows.
  const games = Object.fromEntries((await api(() => window.stonegrid.games())).map((f) => [f.short_title, f.name]));
  for (const [title, name] of Object.entries(games)) {
    await api(() => window.stonegrid.showHome());
    await click(`How to play ${title}`);
    await click('Task 1');
    for (;;) {
      const t = await task();
      assert.equal(t.mode, 'lesson');
      assert.equal(t.game, name);
      for (const turn of t.showMe) await makeTurn(turn);
      const done = await task();
      assert.equal(done.solved, true, `${done.id} solved by ${t.showMe.join(', ')} (${done.feedback})`);
      if (done.index + 1 >= done.count) break;
      await click('Next');
    }
  }
  const solved = await api(() => JSON.parse(localStorage.getItem('stonegrid.solved')));
  for (const name of Object.values(games)) assert.ok(solved.includes(`${name}-lesson-1`), `${name} remembered`);
  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  await api(() => window.stonegrid.showHome());
  await click('How to play Go');
  const r = await api(() => window.stonegrid.controlRect('Task 1'));
  assert.ok(r, 'the list is drawn after the reload');
  assert.deepEqual(await api(() => JSON.parse(localStorage.getItem('stonegrid.solved'))), solved);
});

test('a puzzle from the home card is solved by its answer', async () => {
  await api(() => window.stonegrid.showHome());
  await click('Puzzles Square Squared');
  // The page fetches a game's puzzles the first time (puzzles/<game>.sgf), then opens the first.
  await page.waitForFunction(() => window.stonegrid.screen() === 'puzzle');
  const t = await task();
  assert.equal(await api(() => window.stonegrid.screen()), 'puzzle');
  assert.equal(t.game, 'squaresquared');
  for (const turn of t.showMe) await makeTurn(turn);
  assert.equal((await task()).solved, true);
});

// Issue #41: a wrong answer the puzzle knows is played with the bot's refutation and one
// sentence on why it fails; the next click starts over from the puzzle. A puzzle with a view opens
// zoomed on it.
test('a wrong puzzle answer shows its refutation, then the next click starts over', async () => {
  let t = null;
  let zoomed = 0;
  const games = (await api(() => window.stonegrid.games())).map((g) => g.name);
  for (const game of games)
    for (let index = 0; ; ++index) {
      const opened = await api(async (o) => (await window.stonegrid.openTask(o)) && window.stonegrid.task(),
        { mode: 'puzzle', game, index });
      if (!opened) break;
      if (opened.zoom > 1) ++zoomed;
      if (!t && opened.wrong.length > 0 && !opened.wrong[0].includes('+') && opened.zoom === 1 &&
          opened.showMe.length === 1) t = opened;
    }
  assert.ok(zoomed > 0, 'some puzzle opens zoomed on its view');
  assert.ok(t, 'a puzzle answers a wrong turn');
  await api(() => window.stonegrid.showHome());  // then open it as a visitor does: the board drawn afresh
  await click(`Puzzles ${(await api(() => window.stonegrid.games())).find((g) => g.name === t.game).short_title}`);
  await page.waitForFunction(() => window.stonegrid.screen() === 'puzzle');
  await click(`Task ${t.index + 1}`);
  assert.equal((await task()).id, t.id);
  const moves = (await api(() => window.stonegrid.state())).moves;
  await clickVertex(t.wrong[0]);
  const refuted = await task();
  assert.equal(refuted.refuted, true);
  assert.equal(refuted.solved, false);
  assert.ok(refuted.feedback.includes(t.wrong[0]), `the sentence names the turn (${refuted.feedback})`);
  assert.equal((await api(() => window.stonegrid.state())).moves, moves + 2);  // the turn and the reply
  await clickVertex(t.showMe[0]);
  const solved = await task();
  assert.equal(solved.refuted, false);
  assert.equal(solved.solved, true);
  assert.equal(await api(() => window.stonegrid.screen()), 'puzzle');
  assert.equal((await api(() => window.stonegrid.state())).moves, moves + 1);
});

test('lessons are practice: the game under way comes back after them, unsaved by them', async () => {
  await api(() => {
    window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'bot' }, level: 1 });
    window.stonegrid.play('E5');
  });
  await page.waitForFunction(() => window.stonegrid.state().moves >= 2, null, { timeout: 30000 });  // the bot's reply
  // (and the page has saved it: its saves may wait a moment)
  await page.waitForFunction(() => {
    const saved = JSON.parse(localStorage.getItem('stonegrid.current') || '{}');
    return Array.isArray(saved.moves) && saved.moves.length >= 2;
  }, null, { timeout: 30000 });
  await settled(page);
  const before = await api(() => ({ sgf: window.stonegrid.sgf(), hash: location.hash,
    saved: localStorage.getItem('stonegrid.current') }));
  await api(() => window.stonegrid.showHome());
  await click('How to play Loose');
  assert.equal(await api(() => window.stonegrid.screen()), 'lesson');
  const t = await task();
  for (const turn of t.showMe) await makeTurn(turn);
  assert.equal((await task()).solved, true);
  // Nothing of the lesson reached the address bar or the saved game.
  assert.equal(await api(() => location.hash), before.hash);
  assert.equal(await api(() => localStorage.getItem('stonegrid.current')), before.saved);
  await click('Home');
  assert.equal(await api(() => window.stonegrid.screen()), 'home');
  const r = await api(() => window.stonegrid.controlRect('Resume'));
  assert.ok(r, 'Resume is offered');
  await click('Resume');
  const after = await api(() => ({ sgf: window.stonegrid.sgf(), state: window.stonegrid.state() }));
  assert.equal(after.sgf, before.sgf, 'the same game, move for move');
  assert.equal(after.state.players[2].bot, true, 'against the bot again');
});
