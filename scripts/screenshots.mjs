#!/usr/bin/env node
// Screenshots for the README and docs/ui.md: the home screen, a lesson, each game mid-play and
// at the end (with the result card): docs/screenshots/home.png, lesson-loose.png,
// <game>-mid.png and <game>-end.png at 1000x700. Games are scripted through
// window.stonegrid (fixed moves, no randomness), so the pictures are the same every run.
//   node scripts/screenshots.mjs      (needs the web build)
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPage, frames } from '../tests/browser/harness.mjs';
import { scriptedGames } from '../tests/browser/scripted_games.mjs';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
fs.mkdirSync(out, { recursive: true });

const games = scriptedGames;

// Clicks a named control (stonegrid.controlRect) and lets the picture settle.
async function clickControl(page, name) {
  const r = await page.evaluate((n) => window.stonegrid.controlRect(n), name);
  if (!r) throw new Error(`no control ${name}`);
  await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
  await frames(page, 10);
}

const { page, close } = await openPage({ viewport: { width: 1000, height: 700 } });
try {
  // A first visit: the home screen; then a lesson.
  await frames(page, 10);
  fs.writeFileSync(path.join(out, 'home.png'), await page.screenshot());
  await clickControl(page, 'How to play Loose');
  await clickControl(page, 'Task 2');
  fs.writeFileSync(path.join(out, 'lesson-loose.png'), await page.screenshot());
  for (const [name, g] of Object.entries(games)) {
    await page.evaluate((s) => window.stonegrid.newGame(s), g.settings);
    for (const [phase, moves] of [['mid', g.mid], ['end', g.end]]) {
      for (const m of moves) {
        const ok = await page.evaluate((m) => window.stonegrid.play(m), m);
        if (!ok) console.warn(`${name}: ${m} refused: ${await page.evaluate(() => window.stonegrid.lastMessage())}`);
      }
      await frames(page, 40);  // animations finish
      const file = path.join(out, `${name}-${phase}.png`);
      fs.writeFileSync(file, await page.screenshot());
      console.log(file, JSON.stringify(await page.evaluate(() => {
        const s = window.stonegrid.state(); return { phase: s.phase, winner: s.winner, score: s.score };
      })));
    }
  }
  // The flat theme in light mode, and the analysis view, on the Go position.
  await page.evaluate(() => {
    window.stonegrid.newGame({ game: 'go', size: 9 });
    for (const m of ['E5', 'C4', 'G4', 'D6', 'F7', 'C7']) window.stonegrid.play(m);
    window.stonegrid.setView({ theme: 'flat', dark: false, analysis: true });
  });
  await page.waitForTimeout(2500);
  fs.writeFileSync(path.join(out, 'go-analysis-flat.png'), await page.screenshot());
  await page.evaluate(() => window.stonegrid.setView({ theme: 'wood', dark: true, analysis: false }));
  // The help window on Loose and on Looper.
  for (const [tab, name] of [[1, 'help-loose'], [3, 'help-looper']]) {
    await page.evaluate((tab) => window.stonegrid.setView({ help: tab }), tab);
    await frames(page, 3);
    fs.writeFileSync(path.join(out, `${name}.png`), await page.screenshot());
  }
  await page.evaluate(() => window.stonegrid.setView({ help: 0 }));
} finally {
  await close();
}

// A phone (390×844, touch): a tapped point waiting for Confirm, and an embedded diagram.
{
  const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  let s = await openPage(phone);
  try {
    await s.page.evaluate(() => {
      window.stonegrid.newGame({ game: 'go', size: 9 });
      for (const m of ['E5', 'C4', 'G4', 'D6']) window.stonegrid.play(m);
    });
    await frames(s.page, 40);
    const p = await s.page.evaluate(() => window.stonegrid.vertexToClient('F6'));
    await s.page.touchscreen.tap(p.x, p.y);
    await frames(s.page, 5);
    fs.writeFileSync(path.join(out, 'phone-preview.png'), await s.page.screenshot());
  } finally {
    await s.close();
  }
  s = await openPage({ ...phone, query: '?embed=1&readonly=1&game=loose&size=7&moves=D4.C4.D3.C3.E4' });
  try {
    await frames(s.page, 40);
    fs.writeFileSync(path.join(out, 'phone-diagram.png'), await s.page.screenshot());
  } finally {
    await s.close();
  }
}
