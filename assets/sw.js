// Stonegrid's service worker: after the first visit the page works offline.
// - install: precache the app's files (APP_FILES: the page, its JS and wasm, this layer, the
//   loader, manifest, icons, the puzzles the page fetches when first asked for) in a cache whose name carries BUILD_ID ('dev' here; the build writes
//   a hash of the build's files in its place, cmake/stamp_sw.cmake: a new value makes a fresh
//   cache, and `activate` removes every other stonegrid- cache, i.e. older builds');
// - fetch: only GETs of the app's own files are handled, whatever their query; anything else
//   (other files of the site, other origins) goes to the network untouched and is never cached.
//   Network first, so a rebuilt index.js and index.wasm are never mixed with stale copies; each
//   good answer refreshes the cached copy, which is stored under the file's path without the
//   query, so the cache holds at most one entry per app file. When the network fails or takes
//   longer than NETWORK_TIMEOUT_MS, the cached copy answers (a navigation with any query, e.g. a
//   shared link, gets the cached index.html);
// - the app's page at the top level and its workers are answered with the headers of
//   cross-origin isolation (`isolated`), so from the second visit on the page runs its threaded
//   build.
'use strict';
var BUILD_ID = 'dev';
var CACHE = 'stonegrid-' + BUILD_ID;
var NETWORK_TIMEOUT_MS = 4000;
var APP_FILES = ['./', 'index.html', 'index.js', 'index.wasm', 'index-mt.js', 'index-mt.wasm',
  'index-mt.worker.js', 'page.js', 'embed.js', 'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png',
  'puzzles/go.sgf', 'puzzles/loose.sgf', 'puzzles/looper.sgf', 'puzzles/squaresquared.sgf', 'go-shapes.txt'];
// The same as absolute URLs without query or hash: the cache's keys.
var APP_URLS = APP_FILES.map(function (file) { return new URL(file, self.location.href).href; });
var INDEX_URL = new URL('index.html', self.location.href).href;

// The cache key of an app file's URL (any query dropped), or null for anything else.
function appKey(url) {
  var key = url.origin + url.pathname;
  return APP_URLS.indexOf(key) >= 0 ? key : null;
}

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // One by one, so a file missing from a build does not stop the rest being cached.
    return Promise.all(APP_URLS.map(function (url) {
      return fetch(new Request(url, { cache: 'reload' })).then(function (response) {
        if (response.ok && !response.redirected) return cache.put(url, response);
      }).catch(function () {});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('stonegrid-') === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// Cross-origin isolation: a page opened at the top level, and its workers, get the two headers
// that let it share memory with workers (COOP same-origin, COEP require-corp), so shell.html
// loads the threaded build. Only the app's own files pass here, all of this origin, so
// require-corp blocks nothing the page loads. A page in a frame (an embed) is left as it is: it
// cannot be isolated unless the page around it is, and that page decides.
function isolated(response, destination) {
  if (!response || (destination !== 'document' && destination !== 'worker')) return response;
  if (response.status < 200 || response.status > 599) return response;  // opaque: as it is
  var headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: headers });
}

function fromCache(key, navigation) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(key).then(function (hit) {
      if (hit || !navigation) return hit;
      return cache.match(INDEX_URL).then(function (page) { return page || cache.match(APP_URLS[0]); });
    });
  });
}

// Stores a good answer under `key`. Only into this build's cache while it still exists: a worker
// that a newer build has replaced must not bring back the cache `activate` just deleted.
function store(key, response) {
  caches.has(CACHE).then(function (exists) {
    if (!exists) return;
    return caches.open(CACHE).then(function (cache) { return cache.put(key, response); });
  }).catch(function () {});
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var key = appKey(new URL(request.url));
  if (!key) return;
  var navigation = request.mode === 'navigate';
  event.respondWith(new Promise(function (resolve, reject) {
    var settled = false;
    function fallback(error) {
      fromCache(key, navigation).then(function (hit) {
        if (settled) return;
        if (hit) { settled = true; resolve(isolated(hit, request.destination)); } else if (error) { settled = true; reject(error); }
      });
    }
    var timer = setTimeout(function () { fallback(null); }, NETWORK_TIMEOUT_MS);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      if (response.ok && response.type === 'basic' && !response.redirected) store(key, response.clone());
      if (!settled) { settled = true; resolve(isolated(response, request.destination)); }
    }, function (error) {
      clearTimeout(timer);
      fallback(error || new Error('offline'));
    });
  }));
});
