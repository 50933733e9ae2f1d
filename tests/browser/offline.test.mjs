// Offline (assets/sw.js, assets/manifest.webmanifest): after the first visit the service worker
// controls the page and has the build cached; with the server stopped, a reload and a shared
// link still reach `ready`. The manifest and its icons are served and well-formed; the worker's
// BUILD_ID was stamped by the build.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startServer, openApp, waitReady } from './host.mjs';

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
    for (const file of ['/index.html', '/index.js', '/index.wasm', '/page.js', '/manifest.webmanifest'])
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
