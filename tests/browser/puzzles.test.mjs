// Puzzles as a new player met them on a phone (390×844, touch) and a desktop (1280×800), issue #41's
// fresh-eyes test, by real taps and clicks on the canvas: the zoom a puzzle opens on shows the
// stone its task names and every point of its lines; a wrong turn no branch answers is played
// with the engine's refutation and explained; the answer ends the puzzle (one stone asked, one
// taken: no second step); an illegal tap's reason goes when the next point is previewed.
// Screenshots in artifacts/.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pageForFile, pixelAt, readPng, resize, saveArtifact, settled, until, tapControl as harnessTapControl, tapVertex as harnessTapVertex } from './harness.mjs';

let page;
pageForFile({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const task = () => api(() => window.stonegrid.task());
const stoneAt = (v) => api((x) => window.stonegrid.stoneAt(x), v);

const tapVertex = (vertex) => harnessTapVertex(page, vertex);
const tapControl = (name) => harnessTapControl(page, name);

// Opens puzzle `id` of `game` (fetching the game's puzzles), and returns its task.
async function openPuzzle(game, id) {
  for (let index = 0; ; ++index) {
    const t = await api(async (o) => (await window.stonegrid.openTask(o)) && window.stonegrid.task(),
      { mode: 'puzzle', game, index });
    assert.ok(t, `${id} is among ${game}'s puzzles`);
    if (t.id === id) {
      await settled(page);
      return t;
    }
  }
}

// The vertices not drawn inside the board's visible part with a whole stone's room (a stone's
// radius, 0.47 of a line) from its edges.
async function inView(vertices) {
  const board = await api(() => window.stonegrid.controlRect('Board'));
  const a = await api(() => window.stonegrid.vertexToClient('A1'));
  const b = await api(() => window.stonegrid.vertexToClient('B1'));
  const half = 0.47 * (b.x - a.x);  // a stone's radius
  const out = [];
  for (const v of vertices) {
    const p = await api((x) => window.stonegrid.vertexToClient(x), v);
    if (p.x < board.x + half || p.x > board.x + board.width - half ||
        p.y < board.y + half || p.y > board.y + board.height - half) out.push(`${v} at ${Math.round(p.x)},${Math.round(p.y)} (board ${Math.round(board.x)},${Math.round(board.y)} ${Math.round(board.width)}×${Math.round(board.height)}, a stone's radius ${Math.round(half)})`);
  }
  return out;
}

test('the board a puzzle opens on shows the stone it names and its answer, on a phone and a desktop', async () => {
  for (const [width, height] of [[390, 844], [1280, 800]]) {
    await resize(page, width, height);
    // Go puzzle 2, "Catch one": White's G6 was the mistake, C9 the answer.
    let t = await openPuzzle('go', 'go-puzzle-49');
    assert.deepEqual(await inView(['G6', 'C9']), [], `${width}×${height}: G6 and C9 in view`);
    saveArtifact(`puzzle-go-catch-one-${width}.png`, await page.screenshot());
    // Square Squared puzzle 1, "Take one": Black's H1 was the blunder, F5 the answer.
    t = await openPuzzle('squaresquared', 'squaresquared-puzzle-51');
    assert.deepEqual(await inView(['H1', 'F5']), [], `${width}×${height}: H1 and F5 in view`);
    // The puzzles that open zoomed: every answer and wrong answer in view.
    let zoomed = 0;
    for (const game of (await api(() => window.stonegrid.games())).map((g) => g.name))
      for (let index = 0; ; ++index) {
        t = await api(async (o) => (await window.stonegrid.openTask(o)) && window.stonegrid.task(),
          { mode: 'puzzle', game, index });
        if (!t) break;
        if (t.zoom <= 1) continue;
        ++zoomed;
        await settled(page);
        assert.deepEqual(await inView([...t.showMe, ...t.wrong].filter((v) => /^[A-Z]\d+$/.test(v))), [], `${width}×${height}: ${t.id}'s lines in view`);
        // Its whole part (VW[]): all four corners, each with a whole stone's room.
        if (t.view) {
          const [[c0, r0], [c1, r1]] = t.view.map((v) => [v[0], v.slice(1)]);
          assert.deepEqual(await inView([c0 + r0, c1 + r0, c0 + r1, c1 + r1]), [],
            `${width}×${height}: ${t.id}'s part ${t.view.join(':')} in view (zoom ${t.zoom})`);
        }
        if (zoomed === 1) saveArtifact(`puzzle-zoomed-${width}.png`, await page.screenshot());
      }
    assert.ok(zoomed >= 5, `${zoomed} puzzles open zoomed`);
    assert.deepEqual(await api(() => window.stonegrid.layoutAudit()), []);
  }
  await resize(page, 390, 844);
});

test('phone: a wrong tap is played with its refutation and explained; the answer ends the puzzle', async () => {
  const t = await openPuzzle('squaresquared', 'squaresquared-puzzle-51');
  const start = await api(() => window.stonegrid.state());
  const moves = start.moves;
  const whites = (board) => board.join('').split('').filter((c) => c === 'O' || c === 'o' || c === 'W' || c === 'w').length;
  await tapVertex('J1');
  assert.equal((await api(() => window.stonegrid.ui())).preview, 'J1');
  await tapControl('Confirm');
  let now = await task();
  assert.equal(now.refuted, true, 'the wrong turn is on the board');
  assert.equal(await stoneAt('J1'), 'white');
  assert.equal(await stoneAt('F5'), 'black', 'the refutation: Black takes the answer\'s point');
  assert.match(now.feedback, /^J1 captures nothing\. Black answers F5: nothing is left to capture\. /);
  saveArtifact('puzzle-wrong-phone.png', await page.screenshot());
  // The answer: the wrong turn and its refutation go, one stone is taken, and that is the end.
  await tapVertex('F5');
  if ((await api(() => window.stonegrid.ui())).preview === 'F5') await tapControl('Confirm');
  now = await task();
  assert.equal(now.solved, true, now.feedback);
  assert.equal(now.feedback, 'One stone captured.');
  assert.equal((await api(() => window.stonegrid.state())).moves, moves + 1, 'no reply, no second step');
  const end = await api(() => window.stonegrid.state());
  const blacks = (board) => board.join('').split('').filter((c) => c === 'X' || c === 'x' || c === 'B' || c === 'b').length;
  assert.equal(whites(end.board), whites(start.board) + 1, 'White\'s F5 and no more');
  assert.equal(blacks(end.board), blacks(start.board) - 1, 'one black stone taken, and no reply');
  saveArtifact('puzzle-solved-phone.png', await page.screenshot());
  assert.equal(t.id, now.id);
});

test('phone: an illegal tap\'s reason goes when the next point is previewed', async () => {
  await openPuzzle('go', 'go-puzzle-49');
  await tapVertex('G6');  // White's stone
  assert.match((await task()).feedback, /^That point is taken/);
  await tapVertex('C9');
  assert.equal((await api(() => window.stonegrid.ui())).preview, 'C9');
  assert.equal((await task()).feedback, '', 'no refusal beside Confirm C9');
  saveArtifact('puzzle-preview-after-illegal-phone.png', await page.screenshot());
});

// Issue #41: the faint stone under the mouse goes when the mouse leaves the board's canvas.
test('desktop: the hover stone goes when the mouse leaves the canvas', async () => {
  await resize(page, 1280, 800);
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'human' } }));
  await page.mouse.move(1270, 790);  // over the panel, not the board
  await settled(page);
  const at = await api(() => window.stonegrid.vertexToClient('D6'));  // no star point
  const pixel = async () => {
    await settled(page);
    return pixelAt(readPng(await page.screenshot()), Math.round(at.x * 2), Math.round(at.y * 2)).join(',');
  };
  const bare = await pixel();
  await page.mouse.move(at.x, at.y);
  assert.notEqual(await pixel(), bare, 'the hover stone is drawn');
  await api(() => document.getElementById('canvas').dispatchEvent(new MouseEvent('mouseleave')));
  assert.equal(await pixel(), bare, 'and gone once the mouse has left');
  await resize(page, 390, 844);
});

// Issue #41: a phone's first screen says the home screen goes on below (the last game cards).
test('phone: the home screen says there is more below, on its first screen', async () => {
  await resize(page, 390, 844);
  await api(() => window.stonegrid.showHome());
  await settled(page);
  await settled(page);  // the line comes with the frame after the one that measured the screen
  const r = await api(() => window.stonegrid.controlRect('More below'));
  assert.ok(r, 'the line is there');
  assert.ok(r.y + r.height <= 844, 'on the first screen');
  saveArtifact('home-more-below-phone.png', await page.screenshot());
  await resize(page, 1280, 800);
  const wide = await api(() => window.stonegrid.controlRect('More below'));
  saveArtifact('home-desktop.png', await page.screenshot());
  await resize(page, 390, 844);
  assert.ok(wide === null || wide.y < 800);
});

// The fresh-eyes test: going back to the home screen kept its old scroll position.
test('phone: the home screen opens at the top each time it is shown', async () => {
  await resize(page, 390, 844);
  await api(() => window.stonegrid.showHome());
  await settled(page);
  await settled(page);
  assert.ok(await api(() => window.stonegrid.controlRect('More below')), 'at the top: more below');
  await page.mouse.move(195, 500);
  for (let i = 0; i < 20 && await api(() => window.stonegrid.controlRect('More below')); ++i) {
    await page.mouse.wheel(0, 600);
    await settled(page);
  }
  assert.equal(await api(() => window.stonegrid.controlRect('More below')), null, 'scrolled to the bottom');
  await api(() => window.stonegrid.setView({ screen: 'game' }));
  await settled(page);
  await api(() => window.stonegrid.showHome());
  await settled(page);
  await settled(page);
  assert.ok(await api(() => window.stonegrid.controlRect('More below')), 'back at the top');
});

// The fresh-eyes test: a reload in the middle of a puzzle or a lesson opens the same one again
// (it showed the last game's result card); back on the home screen, a reload does not.
test('a reload during a puzzle or a lesson reopens it', async () => {
  const reload = async () => {
    await page.reload();
    await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null,
      { timeout: 30000 });
  };
  for (const o of [{ mode: 'puzzle', game: 'squaresquared', index: 3 }, { mode: 'lesson', game: 'looper', index: 1 }]) {
    assert.ok(await api((x) => window.stonegrid.openTask(x), o), `${o.mode} ${o.index} opens`);
    await settled(page);
    const before = await task();
    await reload();
    await until(page, () => { const t = window.stonegrid.task(); return t && t.id; }, null,
      { timeout: 20000, message: `the ${o.mode} again` });
    const after = await task();
    assert.deepEqual([after.mode, after.game, after.index, after.id], [before.mode, before.game, before.index, before.id]);
  }
  await api(() => window.stonegrid.showHome());
  await settled(page);
  await reload();
  await settled(page);
  assert.equal(await task(), null, 'the home screen: no task after a reload');
});

// The fresh-eyes test: on a phone, Next was half off the screen once a lesson was solved (a
// greyed Pass row above it). Solved, the panel shows Next whole, and no turn buttons.
test('phone: a solved lesson shows Next whole on the screen', async () => {
  await resize(page, 390, 844);
  for (const o of [{ mode: 'lesson', game: 'squaresquared', index: 2 }, { mode: 'lesson', game: 'looper', index: 0 }]) {
    assert.ok(await api((x) => window.stonegrid.openTask(x), o));
    await settled(page);
    const t = await task();
    for (const turn of t.showMe) {
      await tapVertex(turn);
      if ((await api(() => window.stonegrid.ui())).preview === turn) await tapControl('Confirm');
    }
    const done = await task();
    assert.equal(done.solved, true, `${done.id}: ${done.feedback}`);
    await settled(page);
    const r = await api(() => window.stonegrid.controlRect('Next'));
    assert.ok(r, 'Next is drawn');
    assert.ok(r.y >= 0 && r.y + r.height <= 844, `${done.id}: Next whole on the screen (${Math.round(r.y)}+${Math.round(r.height)})`);
    assert.ok(!(await api(() => window.stonegrid.controls())).includes('Pass'), 'no greyed Pass');
    saveArtifact(`lesson-solved-${o.game}-phone.png`, await page.screenshot());
  }
});
