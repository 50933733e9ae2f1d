// Offline (assets/sw.js, assets/manifest.webmanifest): after the first visit the service worker
// controls the page and has the build cached; with the server stopped, a reload and a shared
// link still reach `ready`. The manifest and its icons are served and well-formed; the worker's
// BUILD_ID was stamped by the build. The cache holds only the app's own files, one entry each
// whatever the query, and a new build's worker drops the old build's cache.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, startServer, openApp, waitReady } from './host.mjs';
import { webRoot, until } from './harness.mjs';

test('after the first visit the page works with the server stopped', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  const errors = [];
  try {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await openApp(context, server.url, errors);

    // The manifest is linked, served and names real icons.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      const response = await fetch(link.href);
      const json = await response.json();
      const icons = await Promise.all(json.icons.map(async (i) => {
        const r = await fetch(new URL(i.src, link.href));
        const bytes = new Uint8Array(await r.arrayBuffer());
        return { src: i.src, sizes: i.sizes, ok: r.ok, png: bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 };
      }));
      return { name: json.name, display: json.display, start: json.start_url, icons };
    });
    assert.equal(manifest.name, 'Stonegrid');
    assert.equal(manifest.display, 'standalone');
    for (const size of ['192x192', '512x512'])
      assert.ok(manifest.icons.some((i) => i.sizes === size && i.ok && i.png), `PNG icon ${size}`);

    // The worker installs, precaches and takes control of this page.
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 20000 });
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('stonegrid-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const file of ['/index.html', '/index.js', '/index.wasm', '/page.js', '/manifest.webmanifest', '/puzzles/go.sgf',
      '/puzzles/looper.sgf'])
      assert.ok(cached.includes(file), `${file} not precached (${cached.join(', ')})`);
    // The build stamped the worker's BUILD_ID (a hash of the build's files), and the cache is
    // named after it.
    const stamp = await page.evaluate(async () => {
      const text = await (await fetch('sw.js')).text();
      return { id: (/var BUILD_ID = '([^']*)'/.exec(text) || [])[1], caches: await caches.keys() };
    });
    assert.match(stamp.id, /^[0-9a-f]{12}$/);
    assert.ok(stamp.caches.includes(`stonegrid-${stamp.id}`), stamp.caches.join(', '));

    await server.stop();
    // Nothing answers on the server's port any more.
    await assert.rejects(fetch(server.url));

    await page.reload();
    await waitReady(page);
    assert.equal((await page.evaluate(() => window.stonegrid.state())).game, 'go');
    assert.ok(await page.evaluate(() => window.stonegrid.play('E5')));
    // The puzzles, which the page fetches when first asked for, come from the cache.
    assert.equal(await page.evaluate(() => window.stonegrid.openTask({ mode: 'puzzle', game: 'looper', index: 2 })), true);
    const puzzle = await page.evaluate(() => window.stonegrid.task());
    assert.deepEqual([puzzle.mode, puzzle.game, puzzle.index], ['puzzle', 'looper', 2]);

    // A shared link with a query, never visited before, opens offline too.
    const shared = await openApp(context, `${server.url}?game=loose&size=7&moves=D4`, errors);
    const s = await shared.evaluate(() => window.stonegrid.state());
    assert.deepEqual([s.game, s.size, s.moves], ['loose', 7, 1]);
    // The only errors allowed are the browser's own reports of requests that failed offline.
    assert.deepEqual(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to (load|fetch)/.test(e)), []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

// The cache's keys (paths with any query) of the stonegrid- caches, by cache name.
function cacheContents(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith('stonegrid-')) continue;
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => { const u = new URL(r.url); return u.pathname + u.search; });
    }
    return out;
  });
}

// Serves a copy of the build (which a test may change as a new build would) to a new browser;
// opens the app and waits until its worker controls the page with the build precached. Returns
// {root, server, browser, context, page, id (the BUILD_ID), errors, close}.
async function controlledCopy() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stonegrid-offline-'));
  fs.cpSync(webRoot, root, { recursive: true });
  const server = await startServer(root);
  const browser = await launchBrowser();
  const close = async () => {
    await browser.close();
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const errors = [];
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    const page = await openApp(context, server.url, errors);
    await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 20000 });
    const id = (/var BUILD_ID = '([^']*)'/.exec(fs.readFileSync(path.join(root, 'sw.js'), 'utf8')) || [])[1];
    await until(page, ([n, count]) => caches.open(n).then((c) => c.keys()).then((k) => k.length === count),
      [`stonegrid-${id}`, appFiles.length], { timeout: 20000, message: 'the app files precached' });
    return { root, server, browser, context, page, id, errors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const appFiles = ['/', '/index.html', '/index.js', '/index.wasm', '/index-mt.js', '/index-mt.wasm', '/index-mt.worker.js',
  '/page.js', '/embed.js', '/manifest.webmanifest', '/icon.svg', '/icon-192.png', '/icon-512.png', '/puzzles/go.sgf',
  '/puzzles/loose.sgf', '/puzzles/looper.sgf', '/puzzles/squaresquared.sgf', '/go-shapes.txt'].sort();

test('the cache holds one entry per app file, whatever the queries asked for', async () => {
  const { root, server, context, page, id, errors, close } = await controlledCopy();
  try {
    // Requests with queries, for app files and for another file of the site; shared links
    // (navigations with queries). Then page.js changes on the server and is fetched with a query:
    // once the cached page.js has the new text, the worker has stored that answer.
    const marker = `\n// changed ${Date.now()}\n`;
    await page.evaluate(async () => {
      for (const url of ['demo.html?x=1', 'demo.html', 'page.js?v=1', 'index.js?cachebust=2', 'icon.svg?v=3', 'nothing.txt?x=4'])
        await fetch(url).then((r) => r.arrayBuffer());
    });
    for (const query of ['?game=loose&size=7', 'index.html?embed=1&game=go&size=9']) {
      const shared = await openApp(context, `${server.url}${query}`, errors);
      await shared.close();
    }
    fs.appendFileSync(path.join(root, 'page.js'), marker);
    await page.evaluate(() => fetch('page.js?v=2').then((r) => r.text()));
    await until(page, (m) => caches.match(new URL('page.js', location.href).href).then((hit) => hit && hit.text())
      .then((text) => text && text.endsWith(m)), marker, { message: 'the cached page.js refreshed by a request with a query' });
    const contents = await cacheContents(page);
    assert.deepEqual(Object.keys(contents), [`stonegrid-${id}`]);
    assert.deepEqual([...contents[`stonegrid-${id}`]].sort(), appFiles, 'one entry per app file, none with a query');

    // Offline, an app file asked for with a query it was never fetched with comes from the cache.
    await server.stop();
    assert.ok((await page.evaluate(() => fetch('page.js?v=99').then((r) => r.text()))).endsWith(marker));
    assert.deepEqual(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to (load|fetch)/.test(e)), []);
  } finally {
    await close();
  }
});

test('a new build\'s worker drops the old build\'s cache', async () => {
  const { root, page, id, errors, close } = await controlledCopy();
  try {
    // A new build: sw.js with another BUILD_ID. Its worker installs, takes over and deletes the
    // old build's cache; the new cache has every app file.
    const newId = 'feedfacecafe';
    const sw = fs.readFileSync(path.join(root, 'sw.js'), 'utf8');
    fs.writeFileSync(path.join(root, 'sw.js'), sw.replace(`var BUILD_ID = '${id}';`, `var BUILD_ID = '${newId}';`));
    await page.evaluate(() => new Promise((resolve, reject) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
      navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(reject);
    }));
    await until(page, (n) => caches.keys().then((k) => k.filter((c) => c.startsWith('stonegrid-')).join() === n),
      `stonegrid-${newId}`, { timeout: 20000, message: 'only the new build\'s cache' });
    const contents = await cacheContents(page);
    assert.deepEqual([...contents[`stonegrid-${newId}`]].sort(), appFiles);
    assert.deepEqual(errors, []);
  } finally {
    await close();
  }
});
