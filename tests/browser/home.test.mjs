// The experience of issue #13 by real clicks: the home screen's four cards, the result card for
// each way each game ends (with Rematch, Review and Home), the pass warning, flips and captures
// marked after their animation, the Mute control, and Looper's Re-centre.
import test from 'node:test';
import assert from 'node:assert/strict';
import { clickControl, pageForFile, pixelAt, readPng, saveArtifact, settled } from './harness.mjs';

let page;
pageForFile({ viewport: { width: 1100, height: 760 } }, (session) => {
  page = session.page;
});

const api = (fn, ...args) => page.evaluate(fn, ...args);
const state = () => api(() => window.stonegrid.state());
const screen = () => api(() => window.stonegrid.screen());

const click = (name) => clickControl(page, name);

// Plays `moves` for whoever is to move, through the page's API.
async function playAll(moves) {
  for (const m of moves) assert.ok(await api((move) => window.stonegrid.play(move), m), `${m} refused`);
  await settled(page);
}

test('a first visit opens on the home screen; each card starts its game against the bot', async () => {
  assert.equal(await screen(), 'home');
  assert.equal((await api(() => window.stonegrid.ui())).layout, 'home');
  // Every game of the engine's table (stonegrid.games()), by the title its card shows.
  const games = Object.fromEntries((await api(() => window.stonegrid.games())).map((f) => [f.short_title, f]));
  for (const [title, facts] of Object.entries(games)) {
    const name = facts.name;
    await api(() => window.stonegrid.showHome());
    await settled(page);
    assert.equal(await screen(), 'home');
    for (const other of Object.keys(games)) assert.ok(await api((n) => window.stonegrid.controlRect(n), `Play ${other}`));
    await click(`Play ${title}`);
    if (facts.komi_cut_and_choose) await click('You take: Black');
    else await click('You play: first');
    await click('Start');
    assert.equal(await screen(), 'game');
    const s = await state();
    assert.equal(s.game, name);
    assert.deepEqual([s.players[1].bot, s.players[2].bot], [false, true], `${title}: you first, the bot second`);
  }
  // Home is one click away, and Resume goes back.
  await playAll(['C3']);
  await click('Home');
  assert.equal(await screen(), 'home');
  await click('Resume');
  assert.equal(await screen(), 'game');
});

// Each way a game ends, in each game: the card says who won and why, from your side against the bot.
const endings = [
  { game: 'loose', size: 5, moves: ['resign'], headline: /wins by resignation/, why: /Black resigned/ },
  { game: 'loose', size: 5, moves: ['C3', 'pass', 'pass'], headline: /Black wins by 1/, why: /Both players passed/ },
  { game: 'go', size: 5, moves: ['C3', 'resign'], headline: /Black wins by resignation/, why: /White resigned/ },
  { game: 'go', size: 5, moves: ['C3', 'pass', 'pass', 'pass', 'pass'], headline: /Black wins by/, why: /Two passes in a row ended the resolve phase/ },
  { game: 'squaresquared', size: 5, moves: ['resign'], headline: /White wins by resignation/, why: /Black resigned/ },
  { game: 'squaresquared', size: 5, moves: ['A1', 'pass', 'pass'], headline: /wins/, why: /Both players passed/ },
  { game: 'looper', size: 5, moves: ['A1+B1+C1', 'D1+E1', 'take'], headline: /Black wins/, why: /made a loop/ },
  { game: 'looper', size: 5, moves: ['take', 'A1', 'C2', 'A2', 'D4', 'A3', 'C4', 'A4', 'E2', 'A5', 'D2', 'B3', 'E4',
    'C3', 'B5', 'D3', 'B1', 'E3'], headline: /White wins/, why: /can no longer make a loop/ },
  { game: 'looper', size: 5, moves: ['resign'], headline: /Player 2 wins by resignation|White wins by resignation/, why: /resigned/ },
];

test('a result card for each way each game ends; Review and Home close it, Rematch swaps the sides', async () => {
  for (const e of endings) {
    await api((o) => window.stonegrid.newGame({ game: o.game, size: o.size, players: { 1: 'human', 2: 'human' } }), e);
    await playAll(e.moves);
    assert.equal((await state()).over, true, `${e.game} ${e.moves.join(' ')} ended`);
    assert.equal(await screen(), 'result');
    const card = await api(() => window.stonegrid.controlRect('Result card'));
    assert.ok(card, 'the card is drawn');
    const text = await api(() => window.stonegrid.resultText());
    assert.match(text.headline, e.headline, `${e.game}: ${text.headline}`);
    assert.match(text.reason, e.why, `${e.game}: ${text.reason}`);
  }
  saveArtifact('result-card.png', await page.screenshot());
  // Against the bot the card speaks to you, and Rematch gives you the other side.
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'bot' }, level: 1 }));
  await playAll(['resign']);
  assert.match((await api(() => window.stonegrid.resultText())).headline, /^You lost by resignation/);
  await click('Rematch');
  let s = await state();
  assert.deepEqual([s.players[1].bot, s.players[2].bot, s.moves], [true, false, 0]);
  await page.waitForFunction(() => window.stonegrid.state().moves >= 1, null, { timeout: 30000, polling: 100 });
  await playAll(['resign']);
  await click('Review');
  assert.equal(await screen(), 'game');
  assert.ok((await api(() => window.stonegrid.ui())).viewing >= 0, 'Review shows the record');
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5 }));
  await playAll(['resign']);
  await click('Home');
  assert.equal(await screen(), 'home');
});

test('a pass that ends a phase or the game asks first, with the count', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'human' } }));
  await playAll(['C3']);
  await click('Pass');  // White's first pass ends nothing
  assert.equal((await state()).moves, 2);
  await click('Pass');  // Black's would end the first phase: asked first
  assert.equal((await state()).moves, 2, 'not played before the answer');
  assert.ok(await api(() => window.stonegrid.controlRect('Keep playing')));
  await click('Keep playing');
  assert.equal((await state()).phase, 'play');
  await click('Pass');
  await click('Pass: confirm');
  const s = await state();
  assert.equal(s.moves, 3);
  assert.equal(s.phase, 'resolve');
});

test('flips and captures stay marked after their animation, and the move list counts them', async () => {
  const markAt = async (vertex) => {
    await new Promise((r) => setTimeout(r, 500));  // after the 0.35 s animation
    await settled(page);
    const { x, y } = await api((v) => window.stonegrid.vertexToClient(v), vertex);
    return pixelAt(readPng(await page.screenshot()), Math.round(x), Math.round(y));
  };
  // Go: Black's A2 captures White's A1: a red cross on the empty point.
  await api(() => window.stonegrid.newGame({ game: 'go', size: 5, players: { 1: 'human', 2: 'human' } }));
  await playAll(['B1', 'A1', 'E5']);
  const empty = await markAt('A1');
  await playAll(['E4', 'A2']);
  assert.equal(await api(() => window.stonegrid.stoneAt('A1')), 'empty');
  const [r, g, b] = await markAt('A1');
  assert.ok(r > 150 && g < 120 && b < 120, `a red cross where A1 was captured (saw ${r},${g},${b}; empty ${empty})`);
  assert.deepEqual(await api(() => window.stonegrid.moveList().slice(-1)), ['5. B A2 ×1']);
  // Loose: Black's A2 flips White's A1 to black: a small white square on it.
  await api(() => window.stonegrid.newGame({ game: 'loose', size: 5, players: { 1: 'human', 2: 'human' } }));
  await playAll(['B1', 'A1', 'A2']);
  assert.equal(await api(() => window.stonegrid.stoneAt('A1')), 'black');
  const [fr, fg, fb] = await markAt('A1');
  assert.ok(fr > 200 && fg > 200 && fb > 200, `a light mark on the flipped stone (saw ${fr},${fg},${fb})`);
  await playAll(['D4']);
  const [nr, ng, nb] = await markAt('A1');
  assert.ok(nr < 90 && ng < 90 && nb < 90, `the mark goes with the next turn (saw ${nr},${ng},${nb})`);
});

test('Mute is a control that is remembered; sounds fire with their name', async () => {
  await api(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'human' } }));
  await settled(page);
  await api(() => { window.heard = []; window.stonegrid.on('sound', (e) => window.heard.push(e)); });
  if (await api(() => window.stonegrid.muted())) await click('Mute');
  const { x, y } = await api(() => window.stonegrid.vertexToClient('E5'));
  await page.mouse.click(x, y);
  await settled(page);
  let heard = await api(() => window.heard);
  assert.ok(heard.some((e) => e.name === 'place' && !e.muted), JSON.stringify(heard));
  await page.mouse.click(x, y);  // the same point again: refused
  await settled(page);
  heard = await api(() => window.heard);
  assert.equal(heard.at(-1).name, 'illegal', JSON.stringify(heard));
  await click('Mute');
  assert.equal(await api(() => window.stonegrid.muted()), true);
  assert.equal(await api(() => localStorage.getItem('stonegrid.muted')), '1');
  const d4 = await api(() => window.stonegrid.vertexToClient('D4'));
  await page.mouse.click(d4.x, d4.y);
  await settled(page);
  heard = await api(() => window.heard);
  assert.ok(heard.at(-1).muted, 'muted: nothing heard');
  await click('Mute');
  assert.equal(await api(() => window.stonegrid.muted()), false);
});

test('Looper: a drag pans the torus, the main board stays framed, Re-centre brings it back', async () => {
  await api(() => window.stonegrid.newGame({ game: 'looper', size: 9, players: { 1: 'human', 2: 'human' } }));
  await settled(page);
  const a1 = await api(() => window.stonegrid.vertexToClient('A1'));
  const e5 = await api(() => window.stonegrid.vertexToClient('E5'));
  const spacing = (await api(() => window.stonegrid.vertexToClient('B1'))).x - a1.x;
  await page.mouse.move(e5.x, e5.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; ++i) await page.mouse.move(e5.x + i * spacing * 0.5, e5.y - i * spacing * 0.5);
  await page.mouse.up();
  await settled(page);
  assert.notDeepEqual((await api(() => window.stonegrid.ui())).pan, [0, 0]);
  assert.equal((await state()).moves, 0, 'a drag plays nothing');
  await click('Re-centre');
  assert.deepEqual((await api(() => window.stonegrid.ui())).pan, [0, 0]);
  assert.deepEqual(await api(() => window.stonegrid.vertexToClient('A1')), a1);
});
