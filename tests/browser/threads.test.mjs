// The threaded build (cmake/web.cmake's index-mt.*, shell.html's choice, assets/sw.js's headers):
// the first visit runs the single-thread build, where the bot searches in slices of the frames;
// once the service worker controls the page, a reload is cross-origin isolated and runs the
// threaded build, whose bot searches on threads of its own while the frames spend no time on it,
// and whose review of a finished game does too.
// ?threads=0 keeps the single-thread build; a board in a frame (an embed) is not isolated and
// runs the single-thread build.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer, openApp, waitReady, hostPage } from './host.mjs';
import { clickControl, until } from './harness.mjs';

// Go 5×5 (as review.test.mjs's): Black's corner stones walk into atari, White takes four.
const reviewRecord = '(;GM[1]FF[4]SZ[5]KM[6.5];B[ae];W[ac];B[ad];W[bc];B[be];W[ce];B[bd];W[cd];B[];W[];B[];W[])';

const loaded = (page) => page.evaluate(() => [...document.scripts].map((s) => s.src.replace(/^.*\//, ''))
  .filter((name) => /^index(-mt)?\.js$/.test(name)));

// The build's script and wasm as the page fetched them: [file, initiator], each fetched once, by
// the preload links shell.html adds at the top (a second, "script" or "fetch" entry would mean
// the loader or Emscripten did not take the preloaded copy and fetched its own).
const fetched = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((r) => [r.name.replace(/^.*\//, '').replace(/\?.*$/, ''), r.initiatorType])
  .filter(([name]) => /^index(-mt)?\.(js|wasm)$/.test(name)).sort());

test('isolated by the service worker, the page runs the threaded build and its bot leaves the frames alone', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const errors = [];
  try {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
    const page = await openApp(context, server.url, errors);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
    assert.deepEqual(await loaded(page), ['index.js']);
    assert.deepEqual(await fetched(page), [['index.js', 'link'], ['index.wasm', 'link']]);
    assert.equal((await page.evaluate(() => window.stonegrid.ui())).threads, 0);

    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 20000 });
    await page.reload();
    await waitReady(page);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
    assert.deepEqual(await loaded(page), ['index-mt.js']);
    assert.deepEqual(await fetched(page), [['index-mt.js', 'link'], ['index-mt.wasm', 'link']]);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    assert.equal((await page.evaluate(() => window.stonegrid.ui())).threads, cores >= 2 ? 2 : 1);

    // Level 10 moves first: 2 s of search on its own threads. The frames keep coming meanwhile
    // and none of them searches.
    await page.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'bot', 2: 'human' }, level: 10 }));
    await until(page, () => window.stonegrid.botThinking(), undefined, { timeout: 5000 });
    const begin = Date.now();
    await until(page, () => window.stonegrid.state().moves === 1, undefined, { timeout: 20000 });
    const took = (Date.now() - begin) / 1000;
    assert.ok(took > 0.5 && took < 10, `level 10 took ${took} s`);
    // The search behind that move: level 10's at most 2 s (less when the move is decided
    // early) on the threads, its simulations counted on all of them.
    const search = await page.evaluate(() => window.stonegrid.lastSearch());
    assert.equal(search.level, 10);
    assert.equal(search.threads, cores >= 2 ? 2 : 1);
    assert.ok(search.ms > 0 && search.ms < 10000, JSON.stringify(search));
    assert.ok(search.simulations > 1000, JSON.stringify(search));
    const timing = await page.evaluate(() => window.stonegrid.frameTiming());
    const recent = timing.frames.slice(-60);
    assert.ok(recent.length >= 20, `${recent.length} frames`);
    // (The frame that starts the search and the one that plays the move spend a few ms each on a
    // loaded machine: starting the threads; choosing the move, the page's events. A search on the
    // main thread would fill nearly every frame.)
    assert.ok(recent.filter((f) => f.bot >= 1).length <= 2, `the main thread searched: ${JSON.stringify(recent.map((f) => f.bot))}`);

    // A person's move by a click on the board, and the bot's reply.
    const before = await page.evaluate(() => window.stonegrid.state().moves);
    const target = (await page.evaluate(() => window.stonegrid.stoneAt('C3'))) === 'empty' ? 'C3' : 'G7';
    const point = await page.evaluate((v) => window.stonegrid.vertexToClient(v), target);
    await page.mouse.click(point.x, point.y);
    await until(page, (n) => window.stonegrid.state().moves === n + 2, before, { timeout: 20000 });
    assert.equal(await page.evaluate((v) => window.stonegrid.stoneAt(v), target), 'white');

    // Move now ends the search at once.
    await page.evaluate(() => window.stonegrid.undo());
    await page.evaluate(() => window.stonegrid.play('pass'));
    await until(page, () => window.stonegrid.botThinking(), undefined, { timeout: 5000 });
    const asked = Date.now();
    await page.evaluate(() => window.stonegrid.moveNow());
    await until(page, (n) => window.stonegrid.state().moves === n + 2, before, { timeout: 5000 });
    assert.ok(Date.now() - asked < 2000, `Move now took ${Date.now() - asked} ms`);

    // The review of a finished game searches on threads of its own too (the frames take its
    // results in); the bot's analysis of the position shown waits until it has finished.
    await page.evaluate((text) => window.stonegrid.loadSgf(text), reviewRecord);
    await clickControl(page, 'Review');
    const review = (await page.evaluate(() => window.stonegrid.ui())).review;
    assert.ok(review, 'the review has started');
    assert.equal(review.threads, Math.max(1, Math.min(4, cores - 1)), 'all cores but one, the page\'s');
    await until(page, () => window.stonegrid.ui().review.finished, undefined, { timeout: 120000 });
    const reviewed = (await page.evaluate(() => window.stonegrid.ui())).review;
    assert.equal(reviewed.searched, 13);
    assert.ok(reviewed.mistakes >= 1, 'the walk into atari is judged a mistake or worse');

    // ?threads=0: the single-thread build, isolated or not.
    const single = await openApp(context, `${server.url}?threads=0`, errors);
    assert.equal(await single.evaluate(() => self.crossOriginIsolated), true);
    assert.deepEqual(await loaded(single), ['index.js']);
    assert.equal((await single.evaluate(() => window.stonegrid.ui())).threads, 0);

    // A board embedded in another site's page is not isolated: the single-thread build.
    const host = await hostPage(`<!doctype html><iframe src="${server.url}index.html?embed=1&game=go&size=9" width="480" height="360"></iframe>`);
    try {
      const hostPageTab = await context.newPage();
      hostPageTab.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await hostPageTab.goto(host.url);
      const frame = hostPageTab.frames().find((f) => f.url().startsWith(server.url));
      await waitReady(frame);
      assert.equal(await frame.evaluate(() => self.crossOriginIsolated), false);
      assert.deepEqual(await loaded(frame), ['index.js']);
      assert.equal((await frame.evaluate(() => window.stonegrid.ui())).threads, 0);
    } finally {
      await host.stop();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
