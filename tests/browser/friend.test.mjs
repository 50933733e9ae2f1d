// Games by link between two devices (issue 42): two Chromium contexts, each with a storage of its
// own, pass links as two friends on two phones would. A game is started and sent by clicks in the
// new-game dialog and the panel; a whole Go 9×9 game goes back and forth by links; a Looper game
// goes through the ballot and the take; a damaged link, an edited link whose move is illegal, an
// old link and the same link twice each say why and change nothing; the games stay in each
// device's list, "your turn" first, and come back after a reload.
import test from 'node:test';
import assert from 'node:assert/strict';
import { openApp, browserForFile, waitReady } from './host.mjs';
import { settled, until, saveArtifact } from './harness.mjs';
import { scriptedGames } from './scripted_games.mjs';

let browser, server, ann, bob;
const errors = [];

browserForFile(errors, async (opened) => {
  ({ browser, server } = opened);
  const options = { viewport: { width: 1100, height: 760 }, permissions: ['clipboard-read', 'clipboard-write'] };
  ann = await browser.newContext(options);
  bob = await browser.newContext(options);
});

const state = (page) => page.evaluate(() => window.stonegrid.state());
const message = (page) => page.evaluate(() => window.stonegrid.lastMessage());

// A link edited by someone who knows its format (core/formats/game_link.h): turn `to`'s point
// replaced by turn `from`'s, and the FNV-1a check recomputed so that it matches. Only for games
// whose turns up to `to` are one-stone placements with no set-up stones.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function copyTurn(code, from, to) {
  const bytes = [];
  let buffer = 0, bits = 0;
  for (const c of code) {
    buffer = (buffer << 6) | ALPHABET.indexOf(c);
    bits += 6;
    if (bits >= 8) { bytes.push((buffer >> (bits - 8)) & 255); bits -= 8; }
    buffer &= (1 << bits) - 1;
  }
  let at = 0;
  const get = (n) => {
    let v = 0;
    for (let i = 0; i < n; ++i, ++at) v |= ((bytes[at >> 3] >> (at & 7)) & 1) << i;
    return v;
  };
  const setBit = (pos, bit) => {
    bytes[pos >> 3] = bit ? bytes[pos >> 3] | (1 << (pos & 7)) : bytes[pos >> 3] & ~(1 << (pos & 7));
  };
  get(4);
  const gameName = get(5);
  at += 8 * gameName;
  const size = get(5);
  get(12); get(2); get(2); get(1);  // komi, variant, komi named by, sender
  const name = get(6);
  at += 8 * name + 48;  // the sender's name, the id
  assert.equal(get(10), 0, 'no set-up stones');
  let codeBits = 1;
  while ((1 << codeBits) < size * size + 5) ++codeBits;
  get(16);  // the number of turns
  const first = at;
  for (let i = 0; i < codeBits; ++i) {
    const bit = (bytes[(first + from * codeBits + i) >> 3] >> ((first + from * codeBits + i) & 7)) & 1;
    setBit(first + to * codeBits + i, bit);
  }
  const payload = bytes.slice(0, bytes.length - 4);
  let h = 2166136261;
  for (const b of payload) h = Math.imul(h ^ b, 16777619) >>> 0;
  const out = [...payload, h & 255, (h >>> 8) & 255, (h >>> 16) & 255, (h >>> 24) & 255];
  let text = '';
  buffer = 0; bits = 0;
  for (const b of out) {
    buffer = (buffer << 8) | b;
    bits += 8;
    while (bits >= 6) { text += ALPHABET[(buffer >> (bits - 6)) & 63]; bits -= 6; }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) text += ALPHABET[(buffer << (6 - bits)) & 63];
  return text;
}

async function click(page, name) {
  await settled(page);
  const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
  assert.ok(r, `control "${name}" is drawn`);
  await page.mouse.click(r.x + Math.min(r.width / 2, 12), r.y + r.height / 2);
  await settled(page);
}

async function clickPoint(page, vertex) {
  await settled(page);
  const p = await page.evaluate((v) => window.stonegrid.vertexToClient(v), vertex);
  await page.mouse.click(p.x, p.y);
}

// Plays `move` on `page` (the API: as the panel's buttons and the board's clicks do) and sends
// the game: the address the friend opens.
async function playAndSend(page, move) {
  assert.ok(await page.evaluate((m) => window.stonegrid.play(m), move), `${move} is legal`);
  return page.evaluate(() => window.stonegrid.friendLink());
}

// Opens `link` in the page (a new tab of that device when `page` is a context).
async function open(target, link) {
  if (target.newPage) return openApp(target, link, errors);
  const result = await target.evaluate((l) => window.stonegrid.openLink(l), link);
  return result;
}

test('a Go 9×9 game by links: started and sent by clicks, played to the end, kept on both devices', async () => {
  const a = await openApp(ann, server.url, errors);
  await a.evaluate(() => localStorage.setItem('stonegrid.name', 'Ann'));
  await click(a, 'Play Go');  // the home card's Play the bot
  await click(a, 'Opponent: Friend elsewhere');
  await click(a, 'You play: first');
  await click(a, 'Start');
  let s = await state(a);
  assert.equal(s.game, 'go');
  assert.equal(s.friend.you, 1);
  assert.equal(s.players[2].remote, true);
  await clickPoint(a, 'E5');
  await until(a, () => window.stonegrid.state().moves === 1);
  // The friend's turn: the panel says so and offers Send link, which copies the address here.
  const controls = await a.evaluate(() => window.stonegrid.controls());
  assert.ok(controls.includes('Send link'), controls.join(', '));
  saveArtifact('friend-sent-desktop.png', await a.screenshot());
  await click(a, 'Send link');
  const first = await until(a, async () => {
    const text = await navigator.clipboard.readText();
    return text.includes('#friend=') ? text : null;
  });
  assert.ok(first.startsWith(server.url + '#friend='), first);
  assert.ok(!(await a.evaluate(() => window.stonegrid.undo())), 'a sent move is not taken back');

  // Bob opens it: the game from his side, Ann's move marked and named.
  const b = await openApp(bob, first, errors);
  s = await state(b);
  assert.equal(s.moves, 1);
  assert.equal(s.friend.you, 2);
  assert.equal(s.friend.name, 'Ann');
  assert.equal(await b.evaluate(() => window.stonegrid.stoneAt('E5')), 'black');
  assert.equal(await message(b), 'Ann played E5. Your move: you are White');
  assert.equal(await b.evaluate(() => location.hash), '', 'the address keeps no game');

  // The rest of the game, link by link (each device opening the other's latest link in its tab).
  const moves = [...scriptedGames.go.mid.slice(1), ...scriptedGames.go.end];
  let link = null;
  for (let i = 0; i < moves.length; ++i) {
    const [mover, other] = i % 2 === 0 ? [b, a] : [a, b];
    link = await playAndSend(mover, moves[i]);
    const opened = await open(other, link);
    assert.equal(opened.changed, true, `move ${i + 2}: ${opened.message}`);
  }
  const end = await state(a);
  assert.equal(end.over, true);
  assert.deepEqual((await state(b)).board, end.board);
  assert.equal((await state(b)).winner, end.winner);

  // Each device lists the game, finished, and puts it back after a reload.
  const listed = await a.evaluate(() => window.stonegrid.linkGames());
  assert.equal(listed.length, 1);
  assert.equal(listed[0].over, true);
  assert.equal(listed[0].moves, end.moves);
  // Recent games says it as the home screen does (the panel's section, opened by a click).
  await click(a, 'Recent games');
  const recent = await a.evaluate(() => window.stonegrid.controls().filter((c) => /^Recent \d/.test(c)));
  assert.ok(recent.length >= 1, 'the recent games are listed');
  assert.match(await a.evaluate(() => window.stonegrid.layout().items.filter((i) => i.kind === 'button' || i.kind === 'text')
    .map((i) => i.label).join('\n')), /(You won|You lost|A draw) · Go 9×9 · \d+ moves/);
  await a.reload();
  await waitReady(a);
  s = await state(a);
  assert.equal(s.moves, end.moves);
  assert.equal(s.friend.you, 1);
  await a.close();
  await b.close();
});

test('links that change nothing: damaged, edited to an illegal move, old, the same twice', async () => {
  const a = await openApp(ann, server.url, errors);
  await a.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'friend' } }));
  const first = await playAndSend(a, 'D4');
  const b = await openApp(bob, first, errors);
  const second = await playAndSend(b, 'F6');
  assert.equal((await open(a, second)).changed, true);
  const third = await playAndSend(a, 'C3');
  assert.equal((await open(b, third)).changed, true);
  const before = await state(b);

  // The same link twice, and an old one.
  let r = await open(b, third);
  assert.deepEqual(r, { changed: false, message: 'Nothing new in this link' });
  r = await open(b, first);
  assert.deepEqual(r, { changed: false, message: 'This link is older than your game: nothing changed' });
  // One character changed: the check does not match.
  const code = third.split('#friend=')[1];
  const damaged = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
  r = await open(b, server.url + '#friend=' + damaged);
  assert.equal(r.changed, false);
  assert.match(r.message, /^This link cannot be opened: the link is damaged/);
  // Edited with its check made to match: the third turn (C3) moved onto the first's point (D4).
  r = await open(b, server.url + '#friend=' + copyTurn(code, 0, 2));
  assert.equal(r.changed, false);
  assert.match(r.message, /^This link cannot be opened: .*move 3 is illegal: .*occupied/);
  assert.deepEqual(await state(b), before, 'nothing changed');
  // A link pasted into this tab's address bar (only the hash changes) opens the same way.
  await b.evaluate((l) => { location.hash = l.split('#')[1]; }, third);
  await until(b, () => window.stonegrid.lastMessage() === 'Nothing new in this link');
  await a.close();
  await b.close();
});

test('a Looper game by links through the ballot and the take; the list puts your turn first', async () => {
  const a = await openApp(ann, server.url, errors);
  await a.evaluate(() => window.stonegrid.newGame({ game: 'looper', size: 7, players: { 1: 'human', 2: 'friend' } }));
  const ballot = await playAndSend(a, 'A1+C3');
  const b = await openApp(bob, ballot, errors);
  assert.equal(await message(b), 'Ann played A1+C3. Your move: you are player 2');  // her name, kept on her device
  const taken = await playAndSend(b, 'take');
  assert.equal((await open(a, taken)).changed, true);
  // Player 2 took Black: Ann is White and moves first after the take.
  assert.equal(await message(a), 'Your friend played take. Your move: you are White');
  const list = await a.evaluate(() => window.stonegrid.linkGames());
  assert.ok(list.length >= 2);
  assert.equal(list[0].game, 'looper');
  assert.equal(list[0].yourTurn, true);
  assert.ok(list.slice(1).every((g) => !g.yourTurn || g.game === 'looper'));
  // Opening the other game from the list and back.
  const other = list.findIndex((g) => g.game === 'go');
  if (other >= 0) {
    assert.ok(await a.evaluate((i) => window.stonegrid.openLinkGame(i), other));
    assert.equal((await state(a)).game, 'go');
  }
  assert.ok(await a.evaluate((id) => window.stonegrid.openLinkGame(id), list[0].id));
  assert.equal((await state(a)).game, 'looper');
  assert.equal((await state(a)).moves, 2);
  await a.close();
  await b.close();
});

test('Loose by link: Ann names the komi, Bob picks White by a click, Ann moves first', async () => {
  const a = await openApp(ann, server.url, errors);
  await a.evaluate(() => window.stonegrid.newGame({ game: 'loose', size: 7, komi: 4, players: { 1: 'friend', 2: 'friend' } }));
  assert.ok(!(await a.evaluate(() => window.stonegrid.play('D4'))), 'nobody plays before the colours are picked');
  const named = await a.evaluate(() => window.stonegrid.friendLink());
  const b = await openApp(bob, named, errors);
  assert.equal(await message(b), 'Ann named komi 4 (points for White): pick a colour, Black or White');
  // Both lists say who acts: Bob picks.
  assert.match((await b.evaluate(() => window.stonegrid.linkGames()))[0].label, /^Your turn: pick a colour · Loose 7×7 with Ann/);
  assert.ok((await a.evaluate(() => window.stonegrid.linkGames())).some((g) => /^Your friend picks a colour · Loose/.test(g.label)));
  await click(b, 'Take White');
  assert.equal((await state(b)).friend.you, 2);
  const picked = await b.evaluate(() => window.stonegrid.friendLink());
  assert.equal((await open(a, picked)).message, 'Your friend took White. Your move: you are Black');
  assert.ok(await a.evaluate(() => window.stonegrid.play('D4')));
  await a.close();
  await b.close();
});

test('from the home screen: a link brings the game into view; a damaged one says why there', async () => {
  const a = await openApp(ann, server.url, errors);
  await a.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'friend' } }));
  const first = await playAndSend(a, 'E5');
  const b = await openApp(bob, first, errors);
  const second = await playAndSend(b, 'C3');
  await a.evaluate(() => window.stonegrid.showHome());
  await until(a, () => window.stonegrid.screen() === 'home');
  // Pasted into the address bar of the tab on the home screen: only the hash changes.
  await a.evaluate((l) => { location.hash = l.split('#')[1]; }, second);
  await until(a, () => window.stonegrid.screen() === 'game' && window.stonegrid.state().moves === 2);
  // A new device with a damaged link: the home screen shows why (there is no board to say it over).
  const carl = await browser.newContext();
  const code = second.split('#friend=')[1];
  const c = await openApp(carl, server.url + '#friend=' + code.slice(0, code.length - 3), errors);
  const notices = await c.evaluate(() => [...document.querySelectorAll('#sg-notices .sg-notice')].map((n) => n.textContent));
  assert.ok(notices.some((t) => /^This link cannot be opened: the link is damaged/.test(t)), notices.join(' | '));
  await carl.close();
  await a.close();
  await b.close();
});

test('the phone: a game by link, Send, and the layout audit', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true,
    deviceScaleFactor: 2, permissions: ['clipboard-read', 'clipboard-write'] });
  const p = await openApp(phone, server.url, errors);
  await p.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'friend' } }));
  assert.ok(await p.evaluate(() => window.stonegrid.play('E5')));
  await settled(p);
  assert.ok((await p.evaluate(() => window.stonegrid.controls())).includes('Send link'));
  assert.deepEqual(await p.evaluate(() => window.stonegrid.layoutAudit()), []);
  saveArtifact('friend-sent-phone.png', await p.screenshot());
  await phone.close();
});

test('live: two browsers connect with an offer and an answer, play eleven moves, and go on by link after one closes', async () => {
  const a = await openApp(ann, server.url, errors);
  await a.evaluate(() => window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'friend' } }));
  const b = await openApp(bob, server.url, errors);
  await a.evaluate(() => {
    window.peerEvents = [];
    window.stonegrid.on('peer', (e) => window.peerEvents.push(e.connected));
  });
  await b.evaluate(() => {
    window.peerEvents = [];
    window.stonegrid.on('peer', (e) => window.peerEvents.push(e.connected));
  });
  const offer = await a.evaluate(() => window.stonegrid.live.offer());
  assert.match(offer, /^offer\.[A-Za-z0-9_-]+$/);
  const answer = await b.evaluate((o) => window.stonegrid.live.answer(o), offer);
  assert.match(answer, /^answer\.[A-Za-z0-9_-]+$/);
  assert.equal(await a.evaluate((t) => window.stonegrid.live.accept(t), answer), 'connected');
  await until(b, () => window.stonegrid.live.connected());
  // The offer brought the game: Bob plays White in Ann's game.
  assert.equal((await state(b)).friend.you, 2);
  assert.equal((await state(b)).friend.id, (await state(a)).friend.id);

  // Eleven moves, each played on one side and seen on the other with no link passed by hand.
  const moves = scriptedGames.go.mid.slice(0, 11);
  for (let i = 0; i < moves.length; ++i) {
    const [mover, other] = i % 2 === 0 ? [a, b] : [b, a];
    assert.ok(await mover.evaluate((m) => window.stonegrid.play(m), moves[i]), moves[i]);
    await until(other, (n) => window.stonegrid.state().moves === n, i + 1, { message: `move ${i + 1} arrives` });
  }
  assert.deepEqual((await state(a)).board, (await state(b)).board);
  assert.ok((await a.evaluate(() => window.stonegrid.controls())).includes('Play live'));
  saveArtifact('friend-live-desktop.png', await a.screenshot());

  // Ann closes her tab: Bob keeps the game, hears of it, and goes on by link.
  await a.close();
  await until(b, () => window.peerEvents.includes(false), null, { timeout: 30000, message: 'the peer leaves' });
  assert.equal(await b.evaluate(() => window.stonegrid.live.connected()), false);
  assert.equal((await state(b)).moves, 11);
  assert.ok(await b.evaluate((m) => window.stonegrid.play(m), scriptedGames.go.mid[11]));
  const link = await b.evaluate(() => window.stonegrid.friendLink());
  // Ann's new tab puts back the game her device kept (11 moves) and takes Bob's 12th.
  const a2 = await openApp(ann, link, errors);
  assert.equal(await message(a2), `Your friend played ${scriptedGames.go.mid[11]}. Your move: you are Black`);
  assert.equal((await state(a2)).moves, 12);
  assert.equal((await state(a2)).friend.you, 1);
  await a2.close();
  await b.close();
});

test('live: a damaged offer and an answer without an offer are refused with a reason', async () => {
  const b = await openApp(bob, server.url, errors);
  await assert.rejects(b.evaluate(() => window.stonegrid.live.answer('offer.nonsense')), /not a Stonegrid live offer/);
  await assert.rejects(b.evaluate(() => window.stonegrid.live.accept('answer.e30')), /not a Stonegrid live answer|make an offer first/);
  await b.close();
});
