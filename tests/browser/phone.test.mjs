// Phones (issue #6): a 390×844 touch screen at device pixel ratio 3. Taps (page.touchscreen.tap
// at vertexToClient positions) show a preview stone that Confirm plays and Cancel drops; the
// One-tap setting plays at once; on a 13×13 board the first tap zooms in and the next one
// previews at the intended point; the layout is portrait (board on top at full width, controls
// below) and turns landscape with the phone; every control is at least 44 CSS px high and the
// text at least 14 CSS px, also 360 px wide.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pageForFile, resize, saveArtifact, settled, tapControl as harnessTapControl, tapVertex as harnessTapVertex } from './harness.mjs';

let page;
pageForFile({ query: '#game=go&size=9', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const state = () => api(() => window.stonegrid.state());
const ui = () => api(() => window.stonegrid.ui());
const rect = (name) => api((n) => window.stonegrid.controlRect(n), name);

const tapVertex = (vertex) => harnessTapVertex(page, vertex);
const tapControl = (name) => harnessTapControl(page, name);

test('a phone starts in touch mode: the first tap hits what it was aimed at', async () => {
  assert.equal((await ui()).touch, true, 'a coarse pointer starts touch mode');
  // The first tap of the visit, on the panel's New game: the layout must not move under it.
  await tapControl('New game');
  const start = await rect('Start');
  assert.ok(start, 'the new-game dialog opened');
  assert.ok(start.y + start.height <= 844 && start.x + start.width <= 390, 'Start is on screen');
  assert.ok(start.height >= 44);
  await tapControl('New game: Cancel');
  assert.equal(await rect('Start'), null);
});

test('a tap shows a preview; Confirm plays it, Cancel drops it', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9 }));
  await tapVertex('E5');
  let u = await ui();
  assert.equal(u.touch, true);
  assert.equal(u.preview, 'E5');
  assert.equal((await state()).moves, 0, 'a tap alone plays nothing');
  assert.equal(await api(() => window.stonegrid.stoneAt('E5')), 'empty');
  saveArtifact('phone-preview.png', await page.screenshot());

  await tapControl('Confirm');
  let s = await state();
  assert.equal(s.moves, 1);
  assert.equal(await api(() => window.stonegrid.stoneAt('E5')), 'black');
  assert.equal((await ui()).preview, null);

  // Another tap moves the preview; Cancel drops it and nothing is played.
  await tapVertex('C3');
  await tapVertex('D4');
  assert.equal((await ui()).preview, 'D4');
  await tapControl('Cancel');
  u = await ui();
  assert.equal(u.preview, null);
  s = await state();
  assert.equal(s.moves, 1);
  assert.equal(await api(() => window.stonegrid.stoneAt('D4')), 'empty');
  assert.equal(await api(() => window.stonegrid.stoneAt('C3')), 'empty');
  // A tap on an occupied point: the preview is refused (crossed out, no Confirm), with the reason.
  await tapVertex('E5');
  assert.equal((await ui()).preview, 'E5');
  assert.equal(await rect('Confirm'), null, 'no Confirm on a point the engine refuses');
  assert.match(await api(() => window.stonegrid.lastMessage()), /occupied/);
  await tapControl('Cancel');
  assert.equal((await state()).moves, 1);
});

test('One-tap moves: a tap plays at once', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9 }));
  await api(() => window.stonegrid.setView({ oneTap: true }));
  try {
    await tapVertex('C7');
    assert.equal((await state()).moves, 1);
    assert.equal(await api(() => window.stonegrid.stoneAt('C7')), 'black');
    assert.equal((await ui()).preview, null);
    assert.equal(await rect('Confirm'), null, 'no Confirm button in one-tap mode');
  } finally {
    await api(() => window.stonegrid.setView({ oneTap: false }));
  }
});

test('13×13: the first tap zooms in, the next previews the intended point', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 13 }));
  // Positions are read from the drawn layout: the 13×13 board's once it has been drawn (read at
  // once they were the last game's 9×9 ones, the cause of a failure seen once: 37.5 -> 54.17).
  await settled(page);
  const before = await api(() => [window.stonegrid.vertexToClient('K10'), window.stonegrid.vertexToClient('L10')]);
  const spacing = before[1].x - before[0].x;
  await tapVertex('K10');
  let u = await ui();
  assert.equal(u.zoom, 2);
  assert.equal(u.preview, null, 'the zooming tap previews nothing');
  assert.equal((await state()).moves, 0);
  const after = await api(() => [window.stonegrid.vertexToClient('K10'), window.stonegrid.vertexToClient('L10')]);
  assert.ok(Math.abs((after[1].x - after[0].x) - 2 * spacing) < 0.5, `spacing ${spacing} -> ${after[1].x - after[0].x}`);
  assert.ok(after[0].x > 0 && after[0].x < 390, `K10 is on screen after zooming (${after[0].x})`);
  // The corner far from the tap is now off the board area.
  const a1 = await api(() => window.stonegrid.vertexToClient('A1'));
  assert.ok(a1.x < 0 || a1.y > 390, `A1 still shown at ${a1.x},${a1.y}`);
  saveArtifact('phone-zoom.png', await page.screenshot());

  await tapVertex('K10');
  assert.equal((await ui()).preview, 'K10');
  await tapControl('Confirm');
  assert.equal(await api(() => window.stonegrid.stoneAt('K10')), 'black');
  assert.equal((await ui()).zoom, 1, 'the board zooms out after the move');

  // Zoom out without playing.
  await tapVertex('D4');
  assert.equal((await ui()).zoom, 2);
  await tapControl('Zoom out');
  u = await ui();
  assert.equal(u.zoom, 1);
  assert.equal((await state()).moves, 1);
});

test('portrait: board on top at full width, large controls and text; landscape puts the panel beside', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9 }));
  await tapVertex('E5');
  let u = await ui();
  assert.equal(u.layout, 'portrait');
  assert.ok(u.fontSize >= 14, `text ${u.fontSize} CSS px`);
  const [a1, j1, a9] = await api(() => ['A1', 'J1', 'A9'].map((v) => window.stonegrid.vertexToClient(v)));
  const confirm = await rect('Confirm');
  assert.ok(a1.y < confirm.y, `the bottom row (y ${a1.y}) is above Confirm (y ${confirm.y})`);
  const spacing = (j1.x - a1.x) / 8;
  const boardWidth = (j1.x - a1.x) + 2.4 * spacing;  // lines plus the coordinate margins
  assert.ok(boardWidth > 0.95 * 390 && boardWidth <= 391, `board ${boardWidth} px wide`);
  assert.ok(a9.y > 0);
  const names = await api(() => window.stonegrid.controls());
  for (const name of ['Confirm', 'Cancel', 'Home', 'New game', 'Undo', 'Pass', 'Resign', 'Save and share'])
    assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  for (const name of names) {
    const r = await rect(name);
    assert.ok(r.height >= 44, `${name} is ${r.height} CSS px high`);
    assert.ok(r.x >= 0 && r.x + r.width <= 390, `${name} fits the width (${r.x}, ${r.width})`);
  }
  // The canvas takes the gestures; the page itself keeps its default touch handling.
  const touchAction = await api(() => [getComputedStyle(document.getElementById('canvas')).touchAction,
    getComputedStyle(document.body).touchAction]);
  assert.deepEqual(touchAction, ['none', 'auto']);

  // Turned to landscape: the panel moves right of the board; taps still land on their points.
  await resize(page, 844, 390);
  u = await ui();
  assert.equal(u.layout, 'landscape');
  const j1Wide = await api(() => window.stonegrid.vertexToClient('J1'));
  const confirmWide = await rect('Confirm');
  assert.ok(confirmWide.x > j1Wide.x, 'Confirm is right of the board');
  await tapVertex('G3');
  assert.equal((await ui()).preview, 'G3');
  await tapControl('Confirm');
  assert.equal(await api(() => window.stonegrid.stoneAt('G3')), 'black');

  // The narrowest common phone, 360 CSS px: still portrait, readable text, every control on
  // screen and large enough to tap.
  await resize(page, 360, 740);
  u = await ui();
  assert.equal(u.layout, 'portrait');
  assert.ok(u.fontSize >= 14, `text ${u.fontSize} CSS px at 360 px`);
  for (const name of await api(() => window.stonegrid.controls())) {
    const r = await rect(name);
    assert.ok(r.height >= 44, `${name} is ${r.height} CSS px high at 360 px`);
    assert.ok(r.x >= 0 && r.x + r.width <= 360, `${name} fits 360 px (${r.x}, ${r.width})`);
  }
  await resize(page, 390, 844);
});

test('Looper on a phone: the main board takes at least 80 % of the width, coordinates on the margin', async () => {
  await api(() => window.stonegrid.newGame({ game: 'looper', size: 9 }));
  await settled(page);
  const [a1, j1] = await api(() => ['A1', 'J1'].map((v) => window.stonegrid.vertexToClient(v)));
  const spacing = (j1.x - a1.x) / 8;
  assert.ok(9 * spacing >= 0.8 * 390, `the main board is ${9 * spacing} of 390 CSS px`);
  // After the ballot (a take), a tap still lands on its point of the main board.
  assert.ok(await api(() => window.stonegrid.play('take')));
  await tapVertex('E5');
  assert.equal((await ui()).preview, 'E5');
  await tapControl('Cancel');
});
