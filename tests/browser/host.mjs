// Helpers for the share, embed and offline tests, beside harness.mjs: a Chromium of the test's
// own, a server for the build it can stop (to go offline), and a second server for a host page
// from a temporary folder (a different origin from the board's).
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { webRoot, settled, chromiumFlags } from './harness.mjs';

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

export async function launchBrowser() {
  return chromium.launch({
    executablePath,
    timeout: 60000,
    args: chromiumFlags,
  });
}

// Serves `root` (default: the web build); `stop()` closes the server and every open connection,
// so the next request from the browser fails as it would offline.
export async function startServer(root = webRoot, port = 0) {
  if (!fs.existsSync(path.join(root, 'index.html')) && root === webRoot)
    throw new Error(`${webRoot}/index.html missing: build the web version first`);
  const server = await serve(root, port);
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return {
    server,
    port: server.address().port,
    url: `http://127.0.0.1:${server.address().port}/`,
    stop: () => new Promise((resolve) => {
      server.close(() => resolve());
      if (server.closeAllConnections) server.closeAllConnections();
      for (const s of sockets) s.destroy();
    }),
  };
}

// A browser and a server of the build for a whole test file: started before its first test and
// handed to `opened({ browser, server })` (awaited); after the last test both are stopped, and
// `errors` — what the file's pages logged through `openApp` — must be empty.
export function browserForFile(errors, opened) {
  let browser, server;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await opened({ browser, server });
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
    assert.deepEqual(errors, []);
  });
}

// A host page in a new temporary folder, served at http://localhost:<port>/<name>.
export async function hostPage(html, name = 'host.html') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stonegrid-host-'));
  fs.writeFileSync(path.join(dir, name), html);
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>host</title>');
  const server = await startServer(dir, 0);
  return {
    url: `http://localhost:${server.port}/${name}`,
    stop: async () => { await server.stop(); fs.rmSync(dir, { recursive: true, force: true }); },
  };
}

// Opens `url` in a page of `context` and waits for the app's first frame; page errors and console
// errors are collected in `errors`.
export async function openApp(context, url, errors = []) {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(url);
  await waitReady(page);
  return page;
}

// Waits for window.stonegrid.ready in a page or frame, then for the page layer to have started
// and the app to have drawn what it set up.
export async function waitReady(target, timeout = 30000) {
  await target.waitForFunction(() => window.stonegrid && window.stonegrid.readyTime !== undefined &&
    window.stonegrid.pageMoves, null, { timeout, polling: 50 });
  await settled(target);
}
