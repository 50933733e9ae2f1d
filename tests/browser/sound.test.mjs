// Sound (web/sound.h): every sound the app plays fires stonegrid.on('sound') with its name —
// turns played through the page API and by real clicks; a real click starts Web Audio (browsers
// allow it only after a gesture) and the sound is heard (oscillators and noise sources start);
// muted, the event still fires with muted: true and nothing starts; the mute survives a reload.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pageForFile, settled } from './harness.mjs';

let page;
pageForFile({ query: '#game=go&size=9', viewport: { width: 1000, height: 700 } }, (session) => {
  page = session.page;
});

// Listens for sounds and counts the Web Audio sources started (what makes a sound audible).
async function listen() {
  await page.evaluate(() => {
    window.sounds = [];
    if (window.sourcesStarted === undefined) {
      window.stonegrid.on('sound', (e) => window.sounds.push(e));
      window.sourcesStarted = 0;
      const start = AudioScheduledSourceNode.prototype.start;
      AudioScheduledSourceNode.prototype.start = function (...args) {
        window.sourcesStarted += 1;
        return start.apply(this, args);
      };
    }
  });
}
const sounds = () => page.evaluate(() => window.sounds.splice(0));
const started = () => page.evaluate(() => window.sourcesStarted);

async function click(vertex) {
  await settled(page);
  const { x, y } = await page.evaluate((v) => window.stonegrid.vertexToClient(v), vertex);
  await page.mouse.click(x, y);
  await settled(page);
}

test('turns played through the page API fire on("sound") with the sound\'s name', async () => {
  await listen();
  await page.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 5 }));
  assert.deepEqual(await sounds(), [], 'a new game is silent');
  await page.evaluate(() => window.stonegrid.play('A2'));
  assert.deepEqual(await sounds(), [{ name: 'place', muted: false }]);
  await page.evaluate(() => { window.stonegrid.play('A1'); window.stonegrid.play('B1'); });  // B1 takes A1
  assert.deepEqual((await sounds()).map((e) => e.name), ['place', 'place', 'capture']);
  await page.evaluate(() => window.stonegrid.play('resign'));
  assert.deepEqual((await sounds()).map((e) => e.name), ['end']);

  await page.evaluate(() => {
    window.stonegrid.newGame({ game: 'loose', size: 5 });
    for (const m of ['B1', 'A1', 'A2']) window.stonegrid.play(m);  // A1 has no true liberty: it flips
  });
  assert.deepEqual((await sounds()).map((e) => e.name), ['place', 'place', 'place', 'flip']);
  assert.equal(await page.evaluate(() => {
    try { window.stonegrid.on('noise', () => {}); return 'accepted'; } catch (e) { return e.message; }
  }), 'unknown event: noise (move, over, sound, peer, solved, failed)');
});

test('a click is heard; muted, the event says so and nothing is heard; the mute survives a reload', async () => {
  await listen();
  await page.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9 }));
  assert.equal(await page.evaluate(() => window.stonegrid.muted()), false, 'sound is on by default');
  await click('E5');
  assert.deepEqual(await sounds(), [{ name: 'place', muted: false }]);
  // The click started the audio context (a gesture), and the "tock" started its sources.
  await page.waitForFunction(() => window.sourcesStarted > 0, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => Module.stonegridAudio.context.state), 'running');

  await page.evaluate(() => window.stonegrid.setMuted(true));
  assert.equal(await page.evaluate(() => window.stonegrid.muted()), true);
  assert.equal(await page.evaluate(() => localStorage.getItem('stonegrid.muted')), '1');
  const before = await started();
  await click('D4');
  assert.equal(await page.evaluate(() => window.stonegrid.stoneAt('D4')), 'white');
  assert.deepEqual(await sounds(), [{ name: 'place', muted: true }]);
  assert.equal(await started(), before, 'muted: no sound source started');

  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.stonegrid.muted()), true, 'the mute is remembered');
  await page.evaluate(() => window.stonegrid.setMuted(false));
  await page.reload();
  await page.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.stonegrid.muted()), false, 'unmuted is remembered too');
});
