// The review on the page (web/review_panel.cpp), by real clicks and keys: a finished game
// loaded from SGF is reviewed from its result card's Review (in the bot's slices beside the
// frames, with its progress), its mistakes found with the N and P keys, the bot's better line
// stepped through on the board, the graph clicked to go to a move, and the saved SGF keeps the
// review. At a desktop's size and a phone's; screenshots in artifacts/. The finished review is
// kept with the saved game: a reload and Recent games bring it back without searching again.
import test from 'node:test';
import assert from 'node:assert/strict';
import { clickControl, pageForFile, resize, saveArtifact, settled, until } from './harness.mjs';

let page;
pageForFile({ query: '#game=go&size=5', viewport: { width: 1280, height: 800 } }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const ui = () => api(() => window.stonegrid.ui());
const click = (name) => clickControl(page, name);

// Go 5×5: Black's corner stones walk into atari (B2 leaves them one liberty), White takes four,
// both pass twice (the resolve phase, then the end).
const record = '(;GM[1]FF[4]SZ[5]KM[6.5];B[ae];W[ac];B[ad];W[bc];B[be];W[ce];B[bd];W[cd];B[];W[];B[];W[])';

test('a loaded game is reviewed from the panel; N and P go to its mistakes; the better line steps on the board', async () => {
  assert.ok(await api((text) => window.stonegrid.loadSgf(text), record), 'the record loads');
  await settled(page);
  assert.equal((await ui()).review, null);
  assert.equal(await api(() => window.stonegrid.screen()), 'result', 'a finished game opens on its result card');
  await click('Review');  // the card's: it starts the review
  const started = await ui();
  assert.ok(started.review, 'the review has started');
  assert.equal(started.review.positions, 13);
  assert.equal(started.review.threads, 0, 'the single-thread build reviews in the frames\' slices');
  await until(page, () => window.stonegrid.ui().review.finished, null,
    { timeout: 120000, message: 'the review to finish' });
  const done = (await ui()).review;
  assert.equal(done.searched, 13);
  assert.ok(done.mistakes >= 1, 'the walk into atari is judged a mistake or worse');
  await settled(page);
  saveArtifact('review-desktop.png', await page.screenshot());
  // The graph's caption says how to use it with a mouse (a touch screen says "Tap").
  assert.match(await api(() => window.stonegrid.layout().items.filter((i) => i.kind === 'text').map((i) => i.label).join('\n')),
    /Click to go to a move/);

  // N from the start goes to the first mistake, P from the end to the last one.
  await page.keyboard.press('Home');
  await settled(page);
  assert.equal(await api(() => window.stonegrid.viewing()), 0);
  await page.keyboard.press('n');
  await settled(page);
  const first = await api(() => window.stonegrid.viewing());
  assert.ok(first >= 1 && first <= 12, `N went to move ${first}`);
  await page.keyboard.press('End');
  await page.keyboard.press('p');
  await settled(page);
  const last = await api(() => window.stonegrid.viewing());
  assert.ok(last >= first && last <= 12, `P went to move ${last}`);

  // The better line: the position before the mistake, the line's moves numbered one by one.
  await click('Show the better line');
  let shown = await ui();
  assert.deepEqual(shown.line, [last, 1]);
  assert.equal(shown.viewing, last - 1);
  await click('Line on');
  assert.deepEqual((await ui()).line, [last, 2]);
  await click('Line back');
  assert.deepEqual((await ui()).line, [last, 1]);
  saveArtifact('review-line.png', await page.screenshot());
  await click('Hide the line');
  shown = await ui();
  assert.deepEqual(shown.line, [0, 0]);
  assert.equal(shown.viewing, last);

  // The graph: a click on its left end goes to the start, on its right end to the end.
  const graph = await api(() => window.stonegrid.controlRect('review graph'));
  assert.ok(graph, 'the graph is on screen');
  await page.mouse.click(graph.x + 1, graph.y + graph.height / 2);
  await settled(page);
  assert.equal(await api(() => window.stonegrid.viewing()), 0);
  await page.mouse.click(graph.x + graph.width - 1, graph.y + graph.height / 2);
  await settled(page);
  assert.equal(await api(() => window.stonegrid.viewing()), -1, 'the last position is the game itself');

  // Saved, the record keeps the review: a comment and a move annotation on the judged turns.
  const sgf = await api(() => window.stonegrid.sgf());
  assert.match(sgf, /(BM\[[12]\]|DO\[\])C\[/);
  assert.match(sgf, /SBKV\[/);

  // A phone: the same review in the panel under the board, nothing cut off.
  await resize(page, 390, 844);
  await settled(page);
  const audit = await api(() => window.stonegrid.layoutAudit());
  assert.deepEqual(audit, []);
  saveArtifact('review-phone.png', await page.screenshot({ fullPage: true }));
});

test('the review is kept with the saved game: a reload and Recent games show it at once, with no search', async () => {
  await resize(page, 1280, 800);
  const reviewed = (await ui()).review;  // the test above's, finished
  assert.ok(reviewed && reviewed.finished);
  assert.equal(reviewed.restored, 0, 'searched here');
  // page.js saves the game again once the review has finished (its signature has the progress).
  await until(page, () => {
    const saved = JSON.parse(localStorage.getItem('stonegrid.current') || 'null');
    return saved && typeof saved.review === 'string' && saved.review.startsWith('stonegrid-review 1 12 ');
  }, null, { message: 'the review in the autosave' });

  // A reload starts from the game in the address; its review comes back from the autosave.
  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  let r = (await ui()).review;
  assert.ok(r, 'the reloaded game has its review');
  assert.deepEqual([r.finished, r.searched, r.restored, r.mistakes], [true, 13, 13, reviewed.mistakes]);

  // Another game, then the reviewed one opened from Recent games: the review at once.
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'human' } }));
  await settled(page);
  assert.equal((await ui()).review, null);
  const index = await api(() => window.stonegrid.recentGames().findIndex((e) => typeof e.review === 'string'));
  assert.ok(index >= 0, 'a recent game keeps its review');
  await click('Recent games');
  await click(`Recent ${index + 1}`);
  await until(page, () => window.stonegrid.ui().review !== null, null, { message: 'the game and its review' });
  r = (await ui()).review;
  assert.deepEqual([r.finished, r.searched, r.positions, r.restored], [true, 13, 13, 13], 'nothing searched again');
  assert.equal(await api(() => window.stonegrid.state().moves), 12);
  // The page shows it: on the result card's Review, the graph and the verdicts, no progress.
  if ((await api(() => window.stonegrid.screen())) === 'result') await click('Review');
  await settled(page);
  assert.ok(await api(() => window.stonegrid.controlRect('review graph')), 'the graph is on screen');
  assert.equal(await api(() => window.stonegrid.controlRect('Stop the review')), null);

  // A saved review that does not fit the game is refused with the reason; the game stays.
  const refused = await api(() => {
    try { window.stonegrid.restoreReview('stonegrid-review 1 3 0000000000000000'); return ''; } catch (e) { return e.message; }
  });
  assert.equal(refused, 'the review is of another game');
  assert.equal((await ui()).review.restored, 13);
});

test('a game with set-up stones keeps its review too: Recent games puts it back from its SGF', async () => {
  // Go 5×5 with a stone of each colour set up (AB, AW), two turns, then four passes.
  const setup = '(;GM[1]FF[4]SZ[5]KM[6.5]AB[cc]AW[dd];B[bb];W[dc];B[];W[];B[];W[])';
  assert.ok(await api((text) => window.stonegrid.loadSgf(text), setup));
  assert.equal((await api(() => window.stonegrid.record())).setup, true);
  await settled(page);
  await click('Review');
  await until(page, () => window.stonegrid.ui().review.finished, null, { timeout: 120000, message: 'the review' });
  const index = await until(page, () => {
    // (finished: a position each, 7, after the head)
    const i = window.stonegrid.recentGames().findIndex((e) => e.setup === true && typeof e.review === 'string' &&
      e.review.split(';').length === 8);
    return i >= 0 ? i + 1 : 0;
  }, null, { message: 'the set-up game and its review in Recent games' }) - 1;
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'human' } }));
  await settled(page);
  assert.ok(await api((i) => window.stonegrid.openRecent(i), index));
  await settled(page);
  assert.deepEqual(await api(() => window.stonegrid.record()), { turns: ['B4', 'D3', 'pass', 'pass', 'pass', 'pass'], setup: true });
  const r = (await ui()).review;
  assert.ok(r, 'the review came back with the game');
  assert.deepEqual([r.finished, r.restored, r.positions], [true, 7, 7]);
});
