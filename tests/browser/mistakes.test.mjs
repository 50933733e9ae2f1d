// Learn from your mistakes on the page (web/mistakes_panel.cpp, session/mistakes.h), by real
// clicks: a finished game with a planted blunder, played by two people here, is reviewed; the
// review offers its mistakes as tasks; the move of the game clicked on the board is refused with
// a sentence, the bot's best is accepted; the progress is kept across a reload, where the task
// comes back from Recent games' review. At a desktop's size and a phone's; screenshots in
// artifacts/.
import test from 'node:test';
import assert from 'node:assert/strict';
import { clickControl, pageForFile, resize, saveArtifact, settled, until } from './harness.mjs';

let page;
pageForFile({ query: '#game=go&size=5', viewport: { width: 1280, height: 800 } }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const mistakes = () => api(() => window.stonegrid.mistakes());

// Go 5×5: Black's corner stones walk into atari (B2 leaves them one liberty), White takes four,
// both pass twice. Both sides are people here: both sides' mistakes are tasks.
const record = '(;GM[1]FF[4]SZ[5]KM[6.5];B[ae];W[ac];B[ad];W[bc];B[be];W[ce];B[bd];W[cd];B[];W[];B[];W[])';

// Clicks vertex `v` of the board on the canvas.
async function clickVertex(v) {
  await settled(page);
  const at = await api((vertex) => window.stonegrid.vertexToClient(vertex), v);
  assert.ok(at, `vertex ${v} is on the board`);
  await page.mouse.click(at.x, at.y);
}

// A move the board takes as a click: a point, not a pass.
const isPoint = (move) => /^[A-Z]\d+$/.test(move);

test('the review offers the mistakes as tasks: the game\'s move is refused, the bot\'s best accepted', async () => {
  assert.ok(await api((text) => window.stonegrid.loadSgf(text), record));
  await settled(page);
  await clickControl(page, 'Review');
  await until(page, () => window.stonegrid.ui().review.finished, null,
    { timeout: 180000, message: 'the review to finish' });
  await settled(page);
  assert.ok(await api(() => window.stonegrid.controlRect('Learn from your mistakes')),
    'the review offers the people\'s mistakes');
  saveArtifact('mistakes-review-desktop.png', await page.screenshot());
  await resize(page, 390, 844);
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  saveArtifact('mistakes-review-phone.png', await page.screenshot({ fullPage: true }));
  await resize(page, 1280, 800);
  await clickControl(page, 'Learn from your mistakes');
  assert.equal(await api(() => window.stonegrid.screen()), 'mistakes');
  let m = await mistakes();
  assert.ok(m.tasks >= 1, 'the walk into atari is a task');
  assert.equal(m.solved, 0);
  // A task whose move and answer are points on the board (the first one so, in the order played).
  const index = m.list.findIndex((t) => isPoint(t.played) && isPoint(t.best));
  assert.ok(index >= 0, `a task on the board: ${JSON.stringify(m.list)}`);
  if (m.open.index !== index) assert.ok(await api((i) => window.stonegrid.openMistakes(i), index));
  await settled(page);
  const task = (await mistakes()).open;
  assert.equal(await api(() => window.stonegrid.state().moves), task.turn - 1, 'the position before the mistake');
  assert.match(task.sentence, new RegExp(`^Move ${task.turn}, (Black|White) to play: find a better move than ${task.played} \\(a (mistake|blunder), `));
  saveArtifact('mistakes-desktop.png', await page.screenshot());

  // The move of the game, clicked: refused with the reason, the position as it was.
  await clickVertex(task.played);
  m = await until(page, () => { const o = window.stonegrid.mistakes().open; return o.feedback && !o.checking && o; }, null,
    { message: 'the game\'s move judged' });
  assert.equal(m.good, false);
  assert.match(m.feedback, new RegExp(`^${task.played} is the move of the game: it dropped (Black|White)'s chances from \\d+ % to \\d+ %\\. Try another\\.$`));
  assert.equal(m.answered, false);
  assert.equal(await api(() => window.stonegrid.state().moves), task.turn - 1, 'taken back');

  // The hint says something and marks nothing off the board.
  await clickControl(page, 'Hint');
  m = (await mistakes()).open;
  assert.equal(m.hint, true);
  assert.ok(m.feedback.length > 10, m.feedback);

  // The bot's best, clicked: accepted, kept on the board, counted.
  await clickVertex(task.best);
  m = await until(page, () => { const o = window.stonegrid.mistakes().open; return o.answered && o; }, null,
    { message: 'the best move accepted' });
  assert.equal(m.good, true);
  assert.match(m.feedback, /^Right: /);
  assert.equal(m.solved, true);
  assert.equal(await api(() => window.stonegrid.state().moves), task.turn);
  const all = await mistakes();
  assert.equal(all.solved, 1);
  assert.ok(await api((id) => (localStorage.getItem('stonegrid.mistakes') || '').split(' ').includes(id), task.id),
    'the progress is in local storage');
  await settled(page);
  saveArtifact('mistakes-solved-desktop.png', await page.screenshot());

  // Issue #41: answered, Show me has nothing to show (it is off).
  await clickControl(page, 'Show me');
  assert.equal((await mistakes()).open.line, 0, 'Show me is off once answered');
  assert.equal(await api(() => window.stonegrid.state().moves), task.turn);

  // A phone: the same task under the board, nothing cut off.
  await resize(page, 390, 844);
  await settled(page);
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  saveArtifact('mistakes-phone.png', await page.screenshot({ fullPage: true }));
  await resize(page, 1280, 800);
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);

  // Back: the reviewed game again, with its review.
  await clickControl(page, 'Back to the game');
  assert.equal(await api(() => window.stonegrid.state().moves), 12);
  assert.ok((await api(() => window.stonegrid.ui())).review.finished);
});

test('the progress is kept across a reload; the task comes back from the recent game\'s review', async () => {
  await until(page, () => (window.stonegrid.recentGames()[0] || {}).review, null,
    { message: 'the review kept with the recent game' });
  const before = await mistakes();
  const solvedId = before.list.find((t) => t.solved).id;
  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  // A new game on the board: the tasks come from Recent games alone.
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'human' } }));
  await api(() => window.stonegrid.showHome());
  await settled(page);
  assert.ok(await api(() => window.stonegrid.openMistakes()), 'the recent game\'s tasks');
  const after = await mistakes();
  assert.equal(after.tasks, before.tasks);
  assert.equal(after.solved, 1, 'solved before the reload');
  assert.equal(after.list.find((t) => t.id === solvedId).solved, true);
  if (after.tasks > 1) assert.notEqual(after.open.id, solvedId, 'the first task not solved opens');
  await settled(page);
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  // The home screen offers the tasks not solved yet.
  await clickControl(page, 'Home');
  await until(page, () => window.stonegrid.screen() === 'home', null, { message: 'the home screen' });
  await settled(page);
  const offered = await api(() => window.stonegrid.controlRect('Learn from your mistakes'));
  assert.equal(Boolean(offered), after.tasks > 1, 'offered while some are not solved');
  saveArtifact('mistakes-home.png', await page.screenshot());
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  await resize(page, 390, 844);
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  saveArtifact('mistakes-home-phone.png', await page.screenshot());
  await resize(page, 1280, 800);
});

// Issue #41: the last task solved is the end: "All N tasks solved", the game and Home offered, no
// Next task going round to the first again.
test('every task solved: the panel says so and offers the way out, not Next task', async () => {
  await api(() => window.stonegrid.showHome());
  assert.ok(await api(() => window.stonegrid.openMistakes()));
  for (let guard = 0; guard < 20; ++guard) {
    const all = await mistakes();
    const left = all.list.findIndex((t) => !t.solved);
    if (left < 0) break;
    assert.ok(await api((i) => window.stonegrid.openMistakes(i), left));
    await settled(page);
    const t = (await mistakes()).open;
    if (isPoint(t.best)) await clickVertex(t.best);
    else await clickControl(page, t.best === 'pass' ? 'Pass' : t.best);
    await until(page, () => window.stonegrid.mistakes().open.answered, null, { message: `${t.best} accepted` });
  }
  const all = await mistakes();
  assert.equal(all.solved, all.tasks);
  await settled(page);
  assert.ok(await api(() => window.stonegrid.controlRect('Mistakes all done')), 'the all-done line');
  assert.equal(await api(() => window.stonegrid.controlRect('Next task')), null, 'no Next task');
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  saveArtifact('mistakes-all-done-desktop.png', await page.screenshot());
  await resize(page, 390, 844);
  assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  saveArtifact('mistakes-all-done-phone.png', await page.screenshot({ fullPage: true }));
  await resize(page, 1280, 800);
  await clickControl(page, 'All done: back to the game');
  assert.equal(await api(() => window.stonegrid.screen()), 'game');
});

// Issue #41: a reload during a task opens the same task again (not the game-over screen).
test('a reload during a task reopens it', async () => {
  await api(() => window.stonegrid.showHome());
  assert.ok(await api(() => window.stonegrid.openMistakes(0)));
  await settled(page);
  const open = (await mistakes()).open;
  assert.equal(await api(() => window.stonegrid.screen()), 'mistakes');
  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  await until(page, () => window.stonegrid.screen() === 'mistakes', null, { message: 'the task screen again' });
  assert.equal((await mistakes()).open.id, open.id);
  assert.equal(await api(() => window.stonegrid.state().moves), open.turn - 1, 'the position before the mistake');
  await settled(page);
  saveArtifact('mistakes-after-reload.png', await page.screenshot());
  // Back to the game, then a reload: the game, not the task.
  await clickControl(page, 'Back to the game');
  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  await settled(page);
  assert.notEqual(await api(() => window.stonegrid.screen()), 'mistakes');
});
