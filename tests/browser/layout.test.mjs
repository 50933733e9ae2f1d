// The layout audit: every screen on every viewport, checked against the rules a drawn screen
// keeps (web/layout.h: no clipped or cut text, no overlapping controls, nothing outside its card
// or off a screen that does not scroll, no text under 11 px, no overlay over the board that
// cannot be moved). The app records what each frame lays out (`stonegrid.layout()`); this walks
// the screens through the page API, asks `stonegrid.layoutAudit()` on each, and saves a picture
// of each under artifacts/screens/<viewport>/ with a contact sheet, artifacts/screens/index.html,
// to look at.
//
// Screens: home (first visit, returning), the new-game dialog per game, the pass and resign
// questions, each game at its start,
// middle and end (the result card) and in Review, the help pages, every lesson and four puzzles a game (with
// its hint shown), and embedded boards (embed=1; readonly=1 with one position and with moves;
// a problem, embedded and in the full page (mode=problem); a Sensei's Library diagram (sl=);
// each frame theme; a caption). Viewports: phones at 360×640 and 390×844 (touch, DPR 3), a
// tablet at 768×1024 (touch), desktops at 1280×800, 1440×900 and 1920×1080, and embedded frames
// of 320×320 and 640×420 (embeds only).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { chromiumFlags, webRoot, artifacts, settled } from './harness.mjs';
import { scriptedGames } from './scripted_games.mjs';

const viewports = [
  { name: '360x640', width: 360, height: 640, deviceScaleFactor: 3, touch: true },
  { name: '390x844', width: 390, height: 844, deviceScaleFactor: 3, touch: true },
  { name: '768x1024', width: 768, height: 1024, deviceScaleFactor: 2, touch: true },
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1440x900', width: 1440, height: 900 },
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: 'frame-320x320', width: 320, height: 320, embedOnly: true },
  { name: 'frame-640x420', width: 640, height: 420, embedOnly: true },
];

const embeds = [
  ['embed-go', '?embed=1&game=go&size=9&moves=E5.C4.G4.D6'],
  ['diagram-position', '?embed=1&readonly=1&sgf=' + encodeURIComponent('(;GM[1]FF[4]SZ[9]AB[ee][dc][cd]AW[cc][dd]TR[ee])')],
  ['diagram-moves', '?embed=1&readonly=1&game=loose&size=7&moves=D4.C4.D3.C3.E4'],
  ['diagram-looper', '?embed=1&readonly=1&game=looper&size=9&moves=E5%2BE6.D4%2BF4%2BC2.take.A1.E7'],
  ['problem-embed', '?embed=1&mode=problem&puzzle=go-puzzle-9'],
  ['problem-page', '?mode=problem&puzzle=loose-puzzle-11'],
  ['sl-diagram', '?embed=1&readonly=1&sl=' + encodeURIComponent('$$B Black to live in the corner\n$$ ---------------\n' +
    '$$ | . . . . . . .\n$$ | . X X O . . .\n$$ | X X O O . . .\n$$ | O O O . . . .')],
  ...['light', 'dark', 'wood', 'transparent'].map((theme) => [`diagram-${theme}-caption`,
    `?embed=1&readonly=1&theme=${theme}&game=go&size=9&moves=E5.C4.G4&caption=` +
    encodeURIComponent('Black takes the corner: the three stones of White are short of liberties.')]),
];

const screensDir = path.join(artifacts, 'screens');
const found = new Map();  // viewport name -> [{screen, file, problems}]
let browser, server;

before(async () => {
  fs.rmSync(screensDir, { recursive: true, force: true });
  server = await serve(webRoot, 0);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: chromiumFlags });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
  writeContactSheet();
});

// A page of its own context (empty storage: a first visit) at `query`, once it has drawn.
async function open(context, query = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/${query}`);
  await page.evaluate(() => window.stonegrid.ready);
  await page.waitForFunction(() => window.stonegrid.readyTime !== undefined, null, { timeout: 30000 });
  await settled(page);
  return { page, errors };
}

// Audits the screen as it is now, saves its picture, and keeps what was wrong.
async function check(page, viewport, screen) {
  await settled(page);
  const { layout, problems } = await page.evaluate(() =>
    ({ layout: window.stonegrid.layout(), problems: window.stonegrid.layoutAudit() }));
  assert.ok(layout.items.length > 0, `${screen}: nothing recorded`);
  const file = path.join(viewport.name, `${screen}.png`);
  fs.mkdirSync(path.join(screensDir, viewport.name), { recursive: true });
  if (!process.env.LAYOUT_NO_PICTURES) fs.writeFileSync(path.join(screensDir, file), await page.screenshot({ scale: 'css' }));
  found.get(viewport.name).push({ screen, file, problems: problems.map((p) => p.rule + ': ' + p.text) });
}

async function click(page, name) {
  await settled(page);
  const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
  if (!r) throw new Error(`no control "${name}" on screen "${await page.evaluate(() => window.stonegrid.screen())}" ` +
    `(${(await page.evaluate(() => window.stonegrid.controls())).join(', ')})`);
  await page.mouse.click(r.x + Math.min(r.width / 2, 12), r.y + r.height / 2);
  await settled(page);
}

// The game screens: the new-game dialog per game, a game's start, middle, end and review; home
// when returning; the help pages.
async function gameScreens(page, viewport) {
  await check(page, viewport, 'home-first');
  const games = await page.evaluate(() => window.stonegrid.games().filter((g) => g.sample !== ''));
  for (const g of games) {
    await page.evaluate((name) => window.stonegrid.setView({ newGame: name }), g.name);
    await check(page, viewport, `new-game-${g.name}`);
    await click(page, 'New game: Cancel');
  }
  // The two questions: a pass that ends the game, and resigning.
  await page.evaluate(() => {
    window.stonegrid.newGame({ game: 'go', size: 9, players: { 1: 'human', 2: 'human' } });
    for (const m of ['E5', 'C4', 'pass', 'pass', 'pass']) window.stonegrid.play(m);
  });
  await click(page, 'Pass');
  await check(page, viewport, 'pass-question');
  await click(page, 'Keep playing');
  await click(page, 'Resign');
  await check(page, viewport, 'resign-question');
  await click(page, 'Resign: keep playing');
  for (const [name, scripted] of Object.entries(scriptedGames)) {
    // The bot plays the side not to move in the middle, so nothing moves while the screen is looked at.
    const mover = scripted.mid.length % 2 === 0 ? 1 : 2;
    const players = { [mover]: 'human', [3 - mover]: 'bot' };
    await page.evaluate(([s, p]) => window.stonegrid.newGame({ ...s, players: p, level: 1 }), [scripted.settings, players]);
    if (mover === 1) await check(page, viewport, `${name}-start`);
    await page.evaluate(([s, p, moves]) => {
      window.stonegrid.newGame({ ...s, players: p, level: 1 });
      for (const m of moves) if (!window.stonegrid.play(m)) throw new Error(`${m}: ${window.stonegrid.lastMessage()}`);
    }, [scripted.settings, players, scripted.mid]);
    await check(page, viewport, `${name}-mid`);
    if (name === 'go') {
      await page.evaluate(() => window.stonegrid.showHome());
      await check(page, viewport, 'home-returning');
      await page.evaluate(() => window.stonegrid.setView({ screen: 'game' }));
      for (let help = 1; help <= 5; ++help) {
        await page.evaluate((h) => window.stonegrid.setView({ help: h }), help);
        await check(page, viewport, `help-${help}`);
      }
      await page.evaluate(() => window.stonegrid.setView({ help: 0 }));
    }
    await page.evaluate((moves) => {
      for (const m of moves) if (!window.stonegrid.play(m)) throw new Error(`${m}: ${window.stonegrid.lastMessage()}`);
    }, scripted.end);
    await check(page, viewport, `${name}-end`);
    await click(page, 'Review');
    await check(page, viewport, `${name}-review`);
  }
}

// Every lesson of every game, with its hint shown; of the puzzles (30 and more a game, all alike
// in layout), the first, the last (the list scrolled to its end) and those with the longest
// title and the longest hint.
async function taskScreens(page, viewport) {
  const games = await page.evaluate(() => window.stonegrid.games().map((g) => g.name));
  for (const game of games)
    for (const mode of ['lesson', 'puzzle']) {
      const opened = [];
      for (let index = 0; ; ++index) {
        const t = await page.evaluate(async (o) => (await window.stonegrid.openTask(o)) && window.stonegrid.task(),
          { mode, game, index, hint: true });
        if (!t) break;
        opened.push({ index, title: t.title.length, hint: t.feedback.length });
        if (mode === 'lesson') await check(page, viewport, `${mode}-${game}-${index + 1}`);
      }
      if (mode === 'lesson' || opened.length === 0) continue;
      const longest = (key) => opened.reduce((a, b) => (b[key] > a[key] ? b : a)).index;
      for (const index of new Set([0, opened.length - 1, longest('title'), longest('hint')])) {
        await page.evaluate((o) => window.stonegrid.openTask(o), { mode, game, index, hint: true });
        await check(page, viewport, `${mode}-${game}-${index + 1}`);
      }
    }
}

// LAYOUT_VIEWPORTS=390x844,1440x900 audits those viewports only (when working on a screen).
const only = process.env.LAYOUT_VIEWPORTS ? process.env.LAYOUT_VIEWPORTS.split(',') : null;
// The viewports are audited LAYOUT_LANES (default 3) at a time: a page mostly waits for its
// frames, so the lanes share the two cores well.
const lanes = Math.max(1, Number(process.env.LAYOUT_LANES) || 3);
describe('the layout audit', { concurrency: lanes }, () => {
for (const viewport of viewports.filter((v) => !only || only.includes(v.name))) {
  it(`every screen at ${viewport.name} is laid out to the rules`, { timeout: 600000 }, async () => {
    found.set(viewport.name, []);
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor || 1, isMobile: !!viewport.touch, hasTouch: !!viewport.touch });
    try {
      if (!viewport.embedOnly) {
        const { page, errors } = await open(context);
        await gameScreens(page, viewport);
        await taskScreens(page, viewport);
        assert.deepEqual(errors, []);
        await page.close();
      }
      for (const [screen, query] of embeds) {
        const { page, errors } = await open(context, query);
        // A built-in puzzle opens once its game's puzzle file is fetched.
        if (query.includes('mode=problem')) await page.waitForFunction(() => window.stonegrid.task());
        await check(page, viewport, screen);
        if (screen === 'problem-embed') {  // a wrong move: refuted, and the reason said under the board
          // (A mouse over a touch screen's page turns its touch row off: the board moves once.)
          await page.mouse.move(1, 1);
          await settled(page);
          const p = await page.evaluate(() => window.stonegrid.vertexToClient('E1'));
          await page.mouse.click(p.x, p.y);
          await page.waitForFunction(() => window.stonegrid.task().failed, null, { timeout: 10000 });
          await check(page, viewport, 'problem-embed-failed');
        }
        assert.deepEqual(errors, []);
        await page.close();
      }
    } finally {
      await context.close();
    }
    const wrong = found.get(viewport.name).filter((s) => s.problems.length);
    assert.equal(wrong.length, 0, `${wrong.length} screens at ${viewport.name} break the layout rules ` +
      `(pictures: tests/browser/artifacts/screens/index.html):\n` +
      wrong.map((s) => `  ${s.screen}:\n${s.problems.slice(0, 6).map((p) => '    ' + p).join('\n')}`).join('\n'));
  });
}
});

// artifacts/screens/index.html: a thumbnail per screen and viewport, problems in red below it.
function writeContactSheet() {
  const escape = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  const names = [...found.keys()];
  const screens = [...new Set([...found.values()].flat().map((s) => s.screen))];
  const cell = (v, screen) => {
    const s = found.get(v).find((x) => x.screen === screen);
    if (!s) return '<td></td>';
    const bad = s.problems.length > 0;
    return `<td class="${bad ? 'bad' : ''}"><a href="${escape(s.file)}"><img loading="lazy" src="${escape(s.file)}"></a>` +
      (bad ? `<ul>${s.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul>` : '') + '</td>';
  };
  const rows = screens.map((screen) => `<tr><th>${escape(screen)}</th>${names.map((v) => cell(v, screen)).join('')}</tr>`);
  const total = [...found.values()].flat();
  const html = `<!doctype html><meta charset="utf-8"><title>Stonegrid screens</title>
<style>body{font:13px system-ui,sans-serif;margin:12px}td,th{vertical-align:top;padding:4px;border:1px solid #ccc}
img{width:180px;display:block}td.bad{background:#fdd}ul{margin:4px 0;padding-left:16px;max-width:260px;color:#900}
th{text-align:left;white-space:nowrap}</style>
<h1>Stonegrid: every screen on every viewport</h1>
<p>${total.length} pictures; ${total.filter((s) => s.problems.length).length} with problems (web/layout.h's rules).</p>
<table><tr><th></th>${names.map((v) => `<th>${escape(v)}</th>`).join('')}</tr>
${rows.join('\n')}</table>`;
  fs.mkdirSync(screensDir, { recursive: true });
  fs.writeFileSync(path.join(screensDir, 'index.html'), html);
}
