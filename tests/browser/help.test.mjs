// Help (issue #14): one page per game in plain words that never covers the board it talks about.
// Opened from the panel's Help button, in landscape (beside the board) and in portrait on a phone
// (below it): the page's rectangle ("Help page") and the board's ("Board") do not overlap, and the
// board's pixels are the same with the page open as without. Each game's page shows its own
// pictures (the arrows change the picture and leave the board alone) and ends with "Try the
// lesson"; Close closes it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { openPage, settled, readPng, saveArtifact } from './harness.mjs';

const rectOf = (page, name) => page.evaluate((n) => window.stonegrid.controlRect(n), name);

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function clickControl(page, name, { touch = false } = {}) {
  await settled(page);
  const r = await rectOf(page, name);
  assert.ok(r, `no control "${name}" on screen`);
  if (touch) await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
  else await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await settled(page);
}

// The board's pixels (a screenshot clipped to the "Board" rectangle), decoded.
async function boardPixels(page) {
  const r = await rectOf(page, 'Board');
  assert.ok(r, 'the board records its rectangle');
  const clip = { x: Math.ceil(r.x), y: Math.ceil(r.y), width: Math.floor(r.width) - 1, height: Math.floor(r.height) - 1 };
  return readPng(await page.screenshot({ clip }));
}

// Opens help with the panel's button and checks it leaves the board whole.
async function openedBesideTheBoard(page, { touch = false, name }) {
  // A position with stones, so the board is not just wood.
  await page.evaluate(() => {
    window.stonegrid.newGame({ game: 'go', size: 9 });
    for (const m of ['E5', 'C3', 'G7', 'D4']) window.stonegrid.play(m);
  });
  // The pointer away from the board, so no faint stone follows it.
  if (!touch) await page.mouse.move(1, 1);
  await settled(page);
  const before = await boardPixels(page);
  const boardBefore = await rectOf(page, 'Board');
  await clickControl(page, 'Help', { touch });
  const help = await rectOf(page, 'Help page');
  assert.ok(help, 'help is open');
  const board = await rectOf(page, 'Board');
  assert.deepEqual(board, boardBefore, 'opening help does not move the board');
  assert.ok(!overlap(help, board), `help ${JSON.stringify(help)} overlaps the board ${JSON.stringify(board)}`);
  const after = await boardPixels(page);
  assert.ok(before.pixels.equals(after.pixels), 'the board looks the same with help open');
  saveArtifact(`help-${name}.png`, await page.screenshot());
  return help;
}

test('landscape: help opens beside the board, never over it', async () => {
  const { page, errors, close } = await openPage({ query: '#game=go&size=9', viewport: { width: 1000, height: 760 } });
  try {
    const help = await openedBesideTheBoard(page, { name: 'landscape' });
    assert.equal((await page.evaluate(() => window.stonegrid.ui())).layout, 'landscape');
    assert.ok(help.x >= (await rectOf(page, 'Board')).x + (await rectOf(page, 'Board')).width, 'help is right of the board');

    // The game on the board's page: Go; "Try the lesson" at its end; a picture that changes.
    assert.ok(await rectOf(page, 'Try the lesson'), 'the page ends with Try the lesson');
    const board = await boardPixels(page);
    const helpClip = { x: help.x, y: help.y, width: help.width, height: help.height };
    const first = await page.screenshot({ clip: helpClip });
    await clickControl(page, 'Help: next picture');
    const second = await page.screenshot({ clip: helpClip });
    assert.ok(!first.equals(second), 'the next picture is another picture');
    assert.ok(board.pixels.equals((await boardPixels(page)).pixels), 'turning pictures leaves the board alone');

    // Every game's page (help=1..4) has pictures and the lesson button; the keys page (5) has neither.
    for (const n of [1, 2, 3, 4]) {
      await page.evaluate((v) => window.stonegrid.setView({ help: v }), n);
      await settled(page);
      assert.ok(await rectOf(page, 'Help: next picture'), `page ${n} has pictures`);
      assert.ok(await rectOf(page, 'Try the lesson'), `page ${n} ends with Try the lesson`);
      saveArtifact(`help-landscape-page-${n}.png`, await page.screenshot());
    }
    await page.evaluate(() => window.stonegrid.setView({ help: 5 }));
    await settled(page);
    assert.equal(await rectOf(page, 'Try the lesson'), null);

    await clickControl(page, 'Help: Close');
    assert.equal(await rectOf(page, 'Help page'), null, 'Close closes help');
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('portrait on a phone: help opens below the board, never over it', async () => {
  const { page, errors, close } = await openPage({ query: '#game=go&size=9', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
    isMobile: true, hasTouch: true });
  try {
    const help = await openedBesideTheBoard(page, { touch: true, name: 'portrait' });
    assert.equal((await page.evaluate(() => window.stonegrid.ui())).layout, 'portrait');
    const board = await rectOf(page, 'Board');
    assert.ok(help.y >= board.y + board.height, 'help is below the board');
    assert.ok(help.y + help.height <= 844 + 0.5 && help.x >= 0 && help.x + help.width <= 390 + 0.5, 'help is on screen');
    const closeButton = await rectOf(page, 'Help: Close');
    assert.ok(closeButton.height >= 44, 'Close is a finger-sized target');
    await clickControl(page, 'Help: Close', { touch: true });
    assert.equal(await rectOf(page, 'Help page'), null);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
