// Stonegrid's service worker: after the first visit the page works offline.
// - install: precache the build (the page, its JS and wasm, this layer, the loader, manifest,
//   icons) in a cache whose name carries BUILD_ID ('dev' here; the build writes a hash of the
//   build's files in its place, cmake/stamp_sw.cmake: a new value makes a fresh cache, and
//   `activate` removes the old ones);
// - fetch (same-origin GETs only): network first, so a rebuilt index.js and index.wasm are never
//   mixed with stale copies; each good answer refreshes the cache; when the network fails or
//   takes longer than NETWORK_TIMEOUT_MS, the cached copy answers (navigations with any query,
//   e.g. a shared link, are answered with the cached index.html).
'use strict';
var BUILD_ID = 'dev';
var CACHE = 'stonegrid-' + BUILD_ID;
var NETWORK_TIMEOUT_MS = 4000;
var PRECACHE = ['./', 'index.html', 'index.js', 'index.wasm', 'page.js', 'embed.js', 'manifest.webmanifest',
  'icon.svg', 'icon-192.png', 'icon-512.png'];

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // One by one, so a file missing from a build does not stop the rest being cached.
    return Promise.all(PRECACHE.map(function (url) {
      return fetch(new Request(url, { cache: 'reload' })).then(function (response) {
        if (response.ok) return cache.put(url, response);
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

function fromCache(request) {
  return caches.open(CACHE).then(function (cache) {
    if (request.mode === 'navigate') {
      return cache.match(request, { ignoreSearch: true }).then(function (hit) {
        if (hit) return hit;
        return cache.match('index.html').then(function (page) { return page || cache.match('./'); });
      });
    }
    return cache.match(request);
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(new Promise(function (resolve, reject) {
    var settled = false;
    function fallback(error) {
      fromCache(request).then(function (hit) {
        if (settled) return;
        if (hit) { settled = true; resolve(hit); } else if (error) { settled = true; reject(error); }
      });
    }
    var timer = setTimeout(function () { fallback(null); }, NETWORK_TIMEOUT_MS);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      if (response.ok && response.type === 'basic') {
        var copy = response.clone();
        var key = request.mode === 'navigate' ? new Request(url.origin + url.pathname) : request;
        caches.open(CACHE).then(function (cache) { return cache.put(key, copy); }).catch(function () {});
      }
      if (!settled) { settled = true; resolve(response); }
    }, function (error) {
      clearTimeout(timer);
      fallback(error || new Error('offline'));
    });
  }));
});
