// The first screen in real headless Chromium: a first visit opens on the home screen; "Play a
// friend" on the Go card and Start give Go 9×9 for two people. A real mouse click on a point
// places a stone there (read back from C++), and the frame is not blank — also at a device pixel
// ratio of 2, where the canvas must be backed by twice as many pixels.
import test from 'node:test';
import assert from 'node:assert/strict';
import { clickControl, openPage, settled, resize, readPng, pixelAt, colourCount, saveArtifact } from './harness.mjs';


test('a click on a point places a stone there', { timeout: 120000 }, async () => {
  const { page, errors, close } = await openPage();
  try {
    assert.equal(await page.evaluate(() => window.stonegrid.screen()), 'home');
    await clickControl(page, 'Play Go with a friend');
    await clickControl(page, 'Start');
    assert.equal(await page.evaluate(() => window.stonegrid.screen()), 'game');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D5')), 'empty');
    const { x, y } = await page.evaluate(() => window.stonegrid.vertexToClient('D5'));
    await page.mouse.click(x, y);
    await settled(page);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D5')), 'black');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'empty');

    // A second click elsewhere places the other colour; a click on the stone changes nothing.
    const e5 = await page.evaluate(() => window.stonegrid.vertexToClient('E5'));
    await page.mouse.click(e5.x, e5.y);
    // Frames between the clicks: ImGui sees one press a frame, at the mouse position then.
    await settled(page);
    await page.mouse.click(x, y);
    await settled(page);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('E5')), 'white');
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D5')), 'black');
    // The default game: Go 9×9, two human players; Black to move again after the two stones.
    const state = await page.evaluate(() => window.stonegrid.state());
    assert.equal(state.game, 'go');
    assert.equal(state.size, 9);
    assert.equal(state.moves, 2);
    assert.equal(state.color, 'black');

    const shot = await page.screenshot();
    saveArtifact('first-screen.png', shot);
    const png = readPng(shot);
    assert.ok(colourCount(png) > 8, `the screenshot looks blank (${colourCount(png)} colours)`);
    const [r, g, b] = pixelAt(png, x, y);
    assert.ok(r < 80 && g < 80 && b < 80, `no black stone drawn at D5 (saw ${r},${g},${b})`);
    const [wr, wg, wb] = pixelAt(png, e5.x + 4, e5.y + 4);
    assert.ok(wr > 180 && wg > 180 && wb > 170, `no white stone drawn at E5 (saw ${wr},${wg},${wb})`);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});

test('the canvas fills the window and is crisp at device pixel ratio 2', { timeout: 120000 }, async () => {
  const { page, close } = await openPage({ query: '#game=go&size=9', viewport: { width: 640, height: 480 }, deviceScaleFactor: 2 });
  try {
    const size = await page.evaluate(() => {
      const c = document.getElementById('canvas');
      const r = c.getBoundingClientRect();
      return { cssWidth: r.width, cssHeight: r.height, width: c.width, height: c.height };
    });
    assert.deepEqual(size, { cssWidth: 640, cssHeight: 480, width: 1280, height: 960 });
    await resize(page, 500, 700);
    const resized = await page.evaluate(() => ({ width: document.getElementById('canvas').width, height: document.getElementById('canvas').height }));
    assert.deepEqual(resized, { width: 1000, height: 1400 });
    // The board follows the resize: a click still lands on its point.
    const { x, y } = await page.evaluate(() => window.stonegrid.vertexToClient('J9'));
    assert.ok(x > 0 && x < 500 && y > 0 && y < 700, `J9 drawn off screen at ${x},${y}`);
    await page.mouse.click(x, y);
    await settled(page);
    assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('J9')), 'black');
  } finally {
    await close();
  }
});
